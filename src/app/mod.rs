//! Use cases: create an event, start a round, play a card, close a round. Each runs in one
//! database transaction (one that behaves as if alone when it writes: see [`App::write`]) and
//! uses the pure engine and tournament logic for every decision.

pub mod backup;
pub mod bot_moves;
pub mod clock;
pub mod console;
pub mod deals;
pub mod demo;
pub mod error;
pub mod events;
mod group_commit;
pub mod guests;
pub mod handover;
pub mod leases;
pub mod passwords;
pub mod play;
pub mod relay;
pub mod replay;
pub mod report;
pub mod rounds;
pub mod seat;
pub mod secret;
pub mod series;
pub mod simulate;
pub mod slips;
pub mod spreadsheet;
pub mod standings;
#[cfg(test)]
pub mod testing;
pub mod tokens;
pub mod turn_clock;

use std::sync::{Arc, OnceLock};

use chrono::{DateTime, NaiveDateTime, Utc};

pub use clock::{Clock, ManualClock, SystemClock};
pub use error::AppError;
pub use group_commit::WriteGroups;

/// Where the database is: a SQLite file or a PostgreSQL URL (what the commands are told).
pub use crate::db::Database;
/// One server per SQLite file: the lock `touring serve` and `touring demo` hold on it.
pub use crate::db::instance::InstanceLock;
pub use deals::Tx;

use crate::db::{Access, Pool};

/// How often a write that collided on PostgreSQL is run again before the caller is told to.
const WRITE_ATTEMPTS: u32 = 5;
/// How many of its tries run beside other writers before the rest run alone.
const BESIDE_OTHERS: u32 = 3;

/// Result of a use case.
pub type AppResult<T> = Result<T, AppError>;

/// What [`App::pool_state`] tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolState {
    pub connections: u32,
    pub idle: u32,
    pub max: u32,
}

/// Everything a use case needs: the database and the clock.
#[derive(Clone)]
pub struct App {
    pool: Pool,
    clock: Arc<dyn Clock>,
    /// Replayed deals, so that a deal read again costs only its new actions.
    deals: Arc<deals::Deals>,
    /// SQLite's writers of this process take turns here, first come first served, and share
    /// commits (see [`group_commit`]). Left to SQLite, a writer that finds the database locked
    /// sleeps and tries again, longer each time (up to 100 ms): behind a train of short writes
    /// (a big seating stored in steps, a burst of moves) it could wait far longer than any of
    /// them held the lock.
    writers: Arc<group_commit::GroupCommit>,
    /// SQLite's writer thread, started by the first queued write (see [`App::write_queued`]);
    /// `None` if it could not be started.
    queue: Arc<OnceLock<Option<group_commit::Queue>>>,
    /// Whether the database is PostgreSQL, once a connection has said.
    postgres: Arc<OnceLock<bool>>,
    /// The events whose timed work this instance does (see [`leases`]).
    leases: Arc<leases::Leases>,
}

impl App {
    pub fn new(pool: Pool, clock: Arc<dyn Clock>) -> App {
        App {
            pool,
            clock,
            deals: Arc::default(),
            writers: Arc::default(),
            queue: Arc::default(),
            postgres: Arc::default(),
            leases: Arc::default(),
        }
    }

    /// The same app, whose SQLite writes wait `window` for company before they commit when
    /// writes come in together (2 ms unless told: see [`group_commit::GATHER`]; zero: never).
    pub fn gathering_writes_for(mut self, window: std::time::Duration) -> App {
        self.writers = Arc::new(group_commit::GroupCommit::gathering_for(window));
        self.queue = Arc::default();
        self
    }

    /// Opens the database (`connections`: the most the pool opens) and answers the app on it.
    pub fn open(
        database: &Database,
        connections: u32,
        clock: Arc<dyn Clock>,
    ) -> Result<App, crate::db::DbError> {
        Ok(App::new(crate::db::open(database, connections)?, clock))
    }

    /// The replayed deals kept in memory.
    pub fn deals(&self) -> &deals::Deals {
        &self.deals
    }

    /// This instance's leases on the events' timed work.
    pub fn leases(&self) -> &leases::Leases {
        &self.leases
    }

    /// How SQLite's writes of this app have shared commits so far (nothing on PostgreSQL).
    pub fn write_groups(&self) -> WriteGroups {
        self.writers.figures()
    }

    /// The current time, from the app's clock.
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// The current time as stored in the database (UTC, no zone).
    pub fn now_naive(&self) -> NaiveDateTime {
        self.now().naive_utc()
    }

    /// Runs a read-only use case in one read transaction: it sees one consistent snapshot, and
    /// never waits for (nor blocks) the writers.
    pub fn read<T>(&self, f: impl FnOnce(&mut Tx) -> AppResult<T>) -> AppResult<T> {
        let mut conn = self.pool.get()?;
        conn.transaction_for(Access::Read, |conn| f(&mut Tx::read(conn, &self.deals)))
    }

    /// Runs a use case that writes, in one transaction that behaves as if it were alone: all
    /// of it or nothing. On SQLite writers queue (in turn within the process, then an immediate
    /// transaction against other processes) and share commits, each answered once its
    /// group is on disk (see [`group_commit`]); on PostgreSQL a
    /// use case that collided with another one at the same moment is run again, and then sees
    /// the other's change (so `f` may run more than once, and does nothing but database work).
    /// What it loaded or played is kept in the app's deals only once it has committed.
    pub fn write<T>(&self, mut f: impl FnMut(&mut Tx) -> AppResult<T>) -> AppResult<T> {
        let mut conn = self.pool.get()?;
        if !conn.is_postgres() {
            drop(conn);
            return self.writers.write(&self.pool, &self.deals, f);
        }
        let mut attempt = 0;
        loop {
            // The last tries run alone, so that a write among many others cannot starve.
            let access = if attempt < BESIDE_OTHERS {
                Access::Write
            } else {
                Access::WriteAlone
            };
            let result: AppResult<(T, deals::Pending)> = conn.transaction_for(access, |conn| {
                let mut tx = Tx::write(conn, &self.deals);
                let value = f(&mut tx)?;
                Ok((value, tx.into_pending()))
            });
            match result {
                Ok((value, pending)) => {
                    pending.committed(&self.deals);
                    return Ok(value);
                }
                Err(error)
                    if error.is_concurrent_change()
                        && conn.is_postgres()
                        && attempt < WRITE_ATTEMPTS =>
                {
                    attempt += 1;
                    crate::metrics::get().write_retries.inc();
                    // A short, varied pause, so that the colliders part.
                    let jitter = rand::random_range(0..=u64::from(attempt) * 2);
                    std::thread::sleep(std::time::Duration::from_millis(jitter));
                }
                Err(error) => return Err(error),
            }
        }
    }

    /// Runs a use case that writes, as [`App::write`] does, without holding a thread while it
    /// waits: on SQLite the write goes to the writer thread, which runs the writes queued at
    /// once in one group, in turn with the others, and answers each once its group is on disk
    /// (see [`group_commit::Queue`]); on PostgreSQL it runs on the blocking threads. For the
    /// writes that come many at a time: the moves.
    pub async fn write_queued<T, F>(&self, f: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnMut(&mut Tx) -> AppResult<T> + Send + 'static,
    {
        let gone =
            || AppError::Internal("the server is shutting down; try again in a moment".into());
        if let Some(queue) = self.writer_queue() {
            return queue.send(f).await.unwrap_or_else(|_| Err(gone()));
        }
        let app = self.clone();
        tokio::task::spawn_blocking(move || app.write(f))
            .await
            .unwrap_or_else(|_| Err(gone()))
    }

    /// The writer thread's queue, started on first use: none on PostgreSQL (nor while no
    /// connection could tell which database this is, nor if the thread could not start).
    fn writer_queue(&self) -> Option<&group_commit::Queue> {
        if self.is_postgres()? {
            return None;
        }
        self.queue
            .get_or_init(|| {
                let started = group_commit::Queue::start(
                    self.writers.clone(),
                    self.pool.clone(),
                    self.deals.clone(),
                );
                started
                    .map_err(|e| log::error!("cannot start the writer thread: {e}"))
                    .ok()
            })
            .as_ref()
    }

    /// Whether the database is PostgreSQL (`None` while no connection could tell).
    pub fn is_postgres(&self) -> Option<bool> {
        match self.postgres.get() {
            Some(postgres) => Some(*postgres),
            None => {
                let postgres = self.pool.try_get()?.is_postgres();
                Some(*self.postgres.get_or_init(|| postgres))
            }
        }
    }

    /// Runs a host's read in one read transaction, the event loaded and the token checked
    /// inside it: a missing event and a wrong token get the same refusal.
    pub fn read_as_host<T>(
        &self,
        host: &HostKey,
        f: impl FnOnce(&mut Tx, &events::EventRecord) -> AppResult<T>,
    ) -> AppResult<T> {
        self.read(|conn| {
            let event = events::load_as_host(conn, host)?;
            f(conn, &event)
        })
    }

    /// Runs a host's change in one write transaction, the token checked inside it.
    pub fn write_as_host<T>(
        &self,
        host: &HostKey,
        mut f: impl FnMut(&mut Tx, &events::EventRecord) -> AppResult<T>,
    ) -> AppResult<T> {
        self.write(|conn| {
            let event = events::load_as_host(conn, host)?;
            f(conn, &event)
        })
    }

    /// Runs a public read of an event in one read transaction: with private views on it
    /// needs the viewer key or the host's proof.
    pub fn read_as_viewer<T>(
        &self,
        viewer: &ViewerKey,
        f: impl FnOnce(&mut Tx, &events::EventRecord) -> AppResult<T>,
    ) -> AppResult<T> {
        self.read(|conn| {
            let event = events::load_as_viewer(conn, viewer)?;
            f(conn, &event)
        })
    }

    /// Whether the database answers (for `/healthz`): one read of a table in a read
    /// transaction, on a connection the pool hands over within `wait`.
    pub fn check_database(&self, wait: std::time::Duration) -> AppResult<()> {
        let mut conn = self.pool.get_timeout(wait)?;
        conn.transaction_for(Access::Read, |conn| {
            crate::db::queries::any_event(conn)?;
            Ok(())
        })
    }

    /// The database pool's state now: connections open, idle, and the most it opens (for
    /// `/metrics`).
    pub fn pool_state(&self) -> PoolState {
        let state = self.pool.state();
        PoolState {
            connections: state.connections,
            idle: state.idle_connections,
            max: self.pool.max_size(),
        }
    }

    /// The pool, for backups and tests.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }
}

/// How a host proves who they are: the host token (the API, the host link), or a browser
/// session opened in the event's current host epoch (the pages; a logout or a new host token
/// moves the epoch on, and every older session opens nothing).
#[derive(Debug, Clone)]
pub enum HostProof {
    Token(String),
    Session(i32),
}

/// The host's credential for one event, checked by the use case inside its transaction.
#[derive(Debug, Clone)]
pub struct HostKey {
    pub event: i64,
    pub proof: HostProof,
}

impl HostKey {
    /// A host who presents the host token.
    pub fn token(event: i64, token: impl Into<String>) -> HostKey {
        HostKey {
            event,
            proof: HostProof::Token(token.into()),
        }
    }

    /// A browser whose session was opened as the host in this host epoch.
    pub fn session(event: i64, epoch: i32) -> HostKey {
        HostKey {
            event,
            proof: HostProof::Session(epoch),
        }
    }
}

/// A reader's credential for one event: the host's proof or the viewer key, either may be
/// missing or empty (a public event needs neither).
#[derive(Debug, Clone)]
pub struct ViewerKey {
    pub event: i64,
    pub host: Option<HostProof>,
    pub key: String,
}

/// A stored UTC time as a zoned one.
pub fn utc(time: NaiveDateTime) -> DateTime<Utc> {
    DateTime::from_naive_utc_and_offset(time, Utc)
}
