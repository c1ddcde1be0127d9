//! SQLite's writes share commits: a group commit.
//!
//! SQLite has one writer at a time, and every commit is synced to disk before it returns (a
//! move is answered only once it would survive a power cut). A sync takes milliseconds, far
//! longer than the write itself, so one commit per write would cap a party at a few hundred
//! moves a second however fast the rest is. Here the writes of this process take turns (first
//! come, first served) inside one open transaction: each runs in a savepoint of its own (a
//! write that fails is undone alone, as if it had been a transaction of its own), and the
//! write that finds nobody waiting behind it commits the group, once, for all of them: at once
//! when it came alone, or, when writes come in together, after waiting a moment ([`GATHER`])
//! for the writes on their way to join. Every write of the group is answered only after that
//! commit: nobody is told of a move before it is on disk. While one group syncs, the writes
//! that arrive queue and form the next.
//!
//! What a write sees is what it would see alone: the writes before it in the group, in order.
//! Readers see a group's writes only once it has committed.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use parking_lot::{Condvar, FairMutex, FairMutexGuard, Mutex};

use super::deals::{Deals, Pending, Tx};
use super::{AppError, AppResult};
use crate::db::{Pool, PooledConn};

/// The most writes one commit carries: a group closes at this size even with writes waiting,
/// so that the first write's answer never waits behind an endless train.
const MOST_IN_A_GROUP: usize = 64;

/// How long the write that would commit a group waits first for the writes on their way to
/// join it, when writes come in together (the last group held more than one): a sync costs the
/// same whatever it carries. At 2,000 moves a second a group waited for carries about four
/// moves instead of one or two: 2.5 times fewer syncs, half the pages written and 7% less CPU
/// a move, for about 2 ms more before each answer (docs/benchmarks.md). A lone write (the last
/// group held only one) commits at once.
pub const GATHER: Duration = Duration::from_millis(2);

/// The writes of one process on a SQLite database.
pub struct GroupCommit {
    /// Holding it is a write's turn; it holds the group's open transaction, if one is open.
    turn: FairMutex<Group>,
    /// How many writes wait for their turn: the write that sees none commits.
    waiting: AtomicUsize,
    /// The groups committed (or failed) so far.
    done: Mutex<Done>,
    /// How many writes have run (for [`GroupCommit::figures`]).
    writes: AtomicUsize,
    finished: Condvar,
    /// How long a commit waits for company when writes come in together ([`GATHER`]).
    gather: Duration,
}

impl Default for GroupCommit {
    fn default() -> GroupCommit {
        GroupCommit::gathering_for(GATHER)
    }
}

#[derive(Default)]
struct Group {
    /// The connection whose transaction is open, between a group's first write and its commit.
    open: Option<PooledConn>,
    /// The number of the group open (or last open).
    number: u64,
    /// How many writes it holds.
    writes: usize,
    /// The deals its writes played, kept in memory once it has committed.
    pending: Vec<Pending>,
    /// A write of the group will commit it after waiting for company (see [`GATHER`]).
    committer: bool,
    /// How many writes the last group ended held.
    last_size: usize,
}

#[derive(Default)]
struct Done {
    /// Every group up to this number has ended.
    last: u64,
    /// The groups that failed to commit, with why (the few most recent).
    failed: Vec<(u64, String)>,
}

/// How the writes have shared commits so far (see [`super::App::write_groups`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteGroups {
    /// Groups ended (committed, or failed and rolled back).
    pub groups: u64,
    /// Writes run in them (or in the group open now).
    pub writes: usize,
    /// Writes waiting for their turn now.
    pub waiting: usize,
}

impl GroupCommit {
    /// Writes whose commits wait `gather` for company when writes come in together.
    pub fn gathering_for(gather: Duration) -> GroupCommit {
        GroupCommit {
            turn: FairMutex::default(),
            waiting: AtomicUsize::default(),
            done: Mutex::default(),
            writes: AtomicUsize::default(),
            finished: Condvar::default(),
            gather,
        }
    }

    /// How the writes have shared commits so far.
    pub fn figures(&self) -> WriteGroups {
        WriteGroups {
            groups: self.done.lock().last,
            writes: self.writes.load(Ordering::SeqCst),
            waiting: self.waiting.load(Ordering::SeqCst),
        }
    }

    /// Runs `f` as one write of a group: its answer once the group is on disk.
    pub fn write<T>(
        &self,
        pool: &Pool,
        deals: &Deals,
        f: impl FnOnce(&mut Tx) -> AppResult<T>,
    ) -> AppResult<T> {
        let mut group = self.take_turn();
        let (number, answer) = self.run_one(&mut group, pool, deals, f)?;
        self.end_turn(group, deals, number, |_| {});
        match self.wait_for(number) {
            Ok(()) => answer,
            Err(why) => Err(stored_nothing(&why)),
        }
    }

    /// Waits for the writes' turn (first come, first served), counted as waiting meanwhile so
    /// that the write holding it leaves its group open for this one.
    fn take_turn(&self) -> FairMutexGuard<'_, Group> {
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let group = self.turn.lock();
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        group
    }

    /// Runs `f` as the next write of the open group, opening one if none is (the caller holds
    /// the turn). `Ok((number, answer))`: the write is in group `number`, kept if it succeeded,
    /// undone alone if it failed. `Err`: it could not join a group, or it was its group's first
    /// write and failed, which ended the group with it: there is nothing to wait for.
    fn run_one<T>(
        &self,
        group: &mut Group,
        pool: &Pool,
        deals: &Deals,
        f: impl FnOnce(&mut Tx) -> AppResult<T>,
    ) -> AppResult<(u64, AppResult<T>)> {
        // The group's first write runs in the transaction itself; the others each in a
        // savepoint of their own.
        let (mut conn, first) = match group.open.take() {
            Some(conn) => (conn, false),
            None => {
                let mut conn = pool.get()?;
                conn.begin_group()?;
                group.number += 1;
                group.writes = 0;
                group.committer = false;
                (conn, true)
            }
        };
        let number = group.number;
        let run = |conn: &mut crate::db::Conn| {
            let mut tx = Tx::write(conn, deals);
            let value = f(&mut tx)?;
            Ok::<_, AppError>((value, tx.into_pending()))
        };
        // A write that fails is undone alone: the first by rolling the transaction back
        // (nothing else is in it yet), the others by rolling their savepoint back (were that
        // impossible, the transaction is broken and the group's commit fails for all its
        // writes). A panic leaves the transaction in an unknown state: the whole group is
        // rolled back.
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if first {
                run(&mut conn)
            } else {
                conn.in_savepoint(run)
            }
        }));
        self.writes.fetch_add(1, Ordering::SeqCst);
        group.open = Some(conn);
        match outcome {
            Ok(Err(error)) if first => {
                // Alone in its transaction: no group, and nothing to wait for.
                self.end(group, Some(error.to_string()), deals);
                Err(error)
            }
            Ok(answer) => {
                group.writes += 1;
                let answer = answer.map(|(value, pending)| {
                    group.pending.push(pending);
                    value
                });
                Ok((number, answer))
            }
            Err(panic) => {
                let why = "a write of its group failed unexpectedly";
                self.end(group, Some(why.into()), deals);
                std::panic::resume_unwind(panic);
            }
        }
    }

    /// Ends a turn whose last write ran, and is kept open, in group `number`: commits the group
    /// (when it is full, or nobody else comes), leaves it to the write waiting behind or to the
    /// one that will commit it, or, when writes come in together, commits it after a moment for
    /// the writes on their way ([`GATHER`]); `joining` runs first, back in the turn, for the
    /// writes the caller itself gathered meanwhile.
    fn end_turn(
        &self,
        mut group: FairMutexGuard<'_, Group>,
        deals: &Deals,
        number: u64,
        joining: impl FnOnce(&mut Group),
    ) {
        if group.writes >= MOST_IN_A_GROUP {
            self.commit(&mut group, deals);
        } else if self.waiting.load(Ordering::SeqCst) > 0 || group.committer {
            // A write waiting behind, or the one that will commit, takes the group on.
        } else if group.last_size > 1 && !self.gather.is_zero() {
            // Nobody waits behind, but writes come in together: this write commits the group
            // once the writes on their way had a moment to join it (unless it filled up).
            group.committer = true;
            drop(group);
            std::thread::sleep(self.gather);
            let mut group = self.turn.lock();
            if group.number == number && group.open.is_some() {
                joining(&mut group);
            }
            if group.number == number && group.open.is_some() {
                self.commit(&mut group, deals);
            }
        } else {
            self.commit(&mut group, deals);
        }
    }

    /// Commits the group (the caller holds the turn until it has).
    fn commit(&self, group: &mut Group, deals: &Deals) {
        let failure = match group.open.as_mut().map(|conn| conn.commit()) {
            Some(Ok(())) | None => None,
            Some(Err(error)) => Some(error.to_string()),
        };
        self.end(group, failure, deals);
    }

    /// Ends the group: keeps its deals if it committed, rolls it back if not, and wakes its
    /// writes.
    fn end(&self, group: &mut Group, failure: Option<String>, deals: &Deals) {
        let pending = std::mem::take(&mut group.pending);
        let conn = group.open.take();
        group.last_size = group.writes;
        match (&failure, conn) {
            (None, _) => pending.into_iter().for_each(|p| p.committed(deals)),
            (Some(_), Some(mut conn)) => {
                // A connection left in its transaction is not taken back by the pool (the
                // pool's `has_broken`), so a failed rollback harms nothing later.
                let _ = conn.rollback();
            }
            (Some(_), None) => {}
        }
        let number = group.number;
        let mut done = self.done.lock();
        done.last = number;
        if let Some(why) = failure {
            done.failed.push((number, why));
            let len = done.failed.len();
            if len > 16 {
                done.failed.drain(..len - 16);
            }
        }
        drop(done);
        self.finished.notify_all();
    }

    /// Waits until group `number` has ended: whether it committed.
    fn wait_for(&self, number: u64) -> Result<(), String> {
        let mut done = self.done.lock();
        while done.last < number {
            self.finished.wait(&mut done);
        }
        match done.failed.iter().find(|(n, _)| *n == number) {
            Some((_, why)) => Err(why.clone()),
            None => Ok(()),
        }
    }
}

/// SQLite's writer thread: it runs the writes queued to it ([`Queue::send`]) in turn with the
/// other writes, every write waiting in the queue when its turn comes in one group, and answers
/// each once its group is on disk. A write sent here holds no thread while it waits for its
/// turn and for its group's commit: a write run on a thread of its own sleeps and wakes twice
/// on the way, two thread switches a write, which at 2,000 moves a second was a tenth of the
/// server's CPU (docs/benchmarks.md).
pub struct Queue {
    sender: mpsc::Sender<Box<dyn Queued>>,
}

impl Queue {
    /// Starts the writer thread of `writes`; it ends once the queue is dropped.
    pub fn start(
        writes: Arc<GroupCommit>,
        pool: Pool,
        deals: Arc<Deals>,
    ) -> std::io::Result<Queue> {
        let (sender, receiver) = mpsc::channel::<Box<dyn Queued>>();
        std::thread::Builder::new()
            .name("touring-writer".into())
            .spawn(move || writes.serve(&pool, &deals, &receiver))?;
        Ok(Queue { sender })
    }

    /// Queues `f` as a write: its answer comes once its group is on disk (or has failed). When
    /// the writer thread is gone the answer never comes: the receiver says so.
    pub fn send<T, F>(&self, f: F) -> tokio::sync::oneshot::Receiver<AppResult<T>>
    where
        T: Send + 'static,
        F: FnOnce(&mut Tx) -> AppResult<T> + Send + 'static,
    {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let job = Job {
            write: Some(f),
            answer: None,
            reply,
        };
        // A writer thread that is gone drops the job, and its reply with it.
        let _ = self.sender.send(Box::new(job));
        answer
    }
}

/// What the writer thread runs a queued write with.
#[derive(Clone, Copy)]
struct Writer<'a> {
    writes: &'a GroupCommit,
    pool: &'a Pool,
    deals: &'a Deals,
}

/// A write queued for the writer thread.
trait Queued: Send {
    /// Runs the write as the next of the open group (the caller holds the turn): the group it
    /// is in, or `None` when it ended alone (it failed as its group's first write, or could
    /// not join one): its answer needs no commit.
    fn run(&mut self, writer: Writer<'_>, group: &mut Group) -> Option<u64>;

    /// Sends the write's answer, given how its group ended: its own once the group committed,
    /// the group's failure otherwise.
    fn answer(self: Box<Self>, group: Result<(), String>);
}

struct Job<T, F> {
    write: Option<F>,
    answer: Option<AppResult<T>>,
    reply: tokio::sync::oneshot::Sender<AppResult<T>>,
}

impl<T, F> Queued for Job<T, F>
where
    T: Send,
    F: FnOnce(&mut Tx) -> AppResult<T> + Send,
{
    fn run(&mut self, writer: Writer<'_>, group: &mut Group) -> Option<u64> {
        let write = self.write.take()?;
        match writer
            .writes
            .run_one(group, writer.pool, writer.deals, write)
        {
            Ok((number, answer)) => {
                self.answer = Some(answer);
                Some(number)
            }
            Err(error) => {
                self.answer = Some(Err(error));
                None
            }
        }
    }

    fn answer(self: Box<Self>, group: Result<(), String>) {
        let answer = match (group, self.answer) {
            (Ok(()), Some(answer)) => answer,
            (Err(why), Some(_)) => Err(stored_nothing(&why)),
            // It panicked: its group was rolled back.
            (_, None) => Err(stored_nothing("the write failed unexpectedly")),
        };
        let _ = self.reply.send(answer);
    }
}

impl GroupCommit {
    /// The writer thread's work: for each write queued, its turn, in which it runs with every
    /// write queued behind it (as many as a group holds), then the turn's end as for any write
    /// ([`GroupCommit::end_turn`]: when writes come in together, those queued while the group
    /// waited for company join it too), then their answers once the group has ended.
    fn serve(&self, pool: &Pool, deals: &Deals, queue: &mpsc::Receiver<Box<dyn Queued>>) {
        while let Ok(first) = queue.recv() {
            let mut ran: Vec<(Option<u64>, Box<dyn Queued>)> = Vec::new();
            let mut group = self.take_turn();
            let mut last = self.run_queued(&mut group, pool, deals, first, &mut ran);
            while has_room(&group)
                && let Ok(write) = queue.try_recv()
            {
                last = self.run_queued(&mut group, pool, deals, write, &mut ran);
            }
            match last {
                Some(number) => self.end_turn(group, deals, number, |group| {
                    while has_room(group)
                        && group.open.is_some()
                        && let Ok(write) = queue.try_recv()
                    {
                        self.run_queued(group, pool, deals, write, &mut ran);
                    }
                }),
                // Its last write ended its group (or never joined one): nothing is open.
                None => drop(group),
            }
            for (number, write) in ran {
                let group = number.map_or(Ok(()), |number| self.wait_for(number));
                write.answer(group);
            }
        }
    }

    /// Runs a queued write in the turn held, noting it among those `ran`: the group it is in.
    /// A write that panics ends its group (see [`GroupCommit::run_one`]) and is answered so.
    fn run_queued(
        &self,
        group: &mut Group,
        pool: &Pool,
        deals: &Deals,
        mut write: Box<dyn Queued>,
        ran: &mut Vec<(Option<u64>, Box<dyn Queued>)>,
    ) -> Option<u64> {
        let number = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            write.run(
                Writer {
                    writes: self,
                    pool,
                    deals,
                },
                group,
            )
        }))
        .unwrap_or(None);
        ran.push((number, write));
        number
    }
}

/// Whether the next write fits in the group open (or opens one).
fn has_room(group: &Group) -> bool {
    group.open.is_none() || group.writes < MOST_IN_A_GROUP
}

/// The answer of a write whose group could not be committed: nothing of it was stored.
fn stored_nothing(why: &str) -> AppError {
    AppError::Internal(format!(
        "the database could not store this ({why}); nothing was changed: try again"
    ))
}
