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

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use parking_lot::{Condvar, FairMutex, Mutex};

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
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let mut group = self.turn.lock();
        self.waiting.fetch_sub(1, Ordering::SeqCst);
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
        let answer = match outcome {
            Ok(Err(error)) if first => {
                // Alone in its transaction: no group, and nothing to wait for.
                group.open = Some(conn);
                self.end(group, Some(error.to_string()), deals);
                return Err(error);
            }
            Ok(answer) => {
                group.open = Some(conn);
                group.writes += 1;
                answer.map(|(value, pending)| {
                    group.pending.push(pending);
                    value
                })
            }
            Err(panic) => {
                group.open = Some(conn);
                let why = "a write of its group failed unexpectedly";
                self.end(group, Some(why.into()), deals);
                std::panic::resume_unwind(panic);
            }
        };
        if group.writes >= MOST_IN_A_GROUP {
            self.commit(group, deals);
        } else if self.waiting.load(Ordering::SeqCst) > 0 || group.committer {
            // A write waiting behind, or the one that will commit, takes the group on.
            drop(group);
        } else if group.last_size > 1 && !self.gather.is_zero() {
            // Nobody waits behind, but writes come in together: this write commits the group
            // once the writes on their way had a moment to join it (unless it filled up).
            group.committer = true;
            drop(group);
            std::thread::sleep(self.gather);
            let group = self.turn.lock();
            if group.number == number && group.open.is_some() {
                self.commit(group, deals);
            }
        } else {
            self.commit(group, deals);
        }
        match self.wait_for(number) {
            Ok(()) => answer,
            Err(why) => Err(AppError::Internal(format!(
                "the database could not store this ({why}); nothing was changed: try again"
            ))),
        }
    }

    /// Commits the group (the caller holds the turn until it has).
    fn commit(&self, mut group: parking_lot::FairMutexGuard<'_, Group>, deals: &Deals) {
        let failure = match group.open.as_mut().map(|conn| conn.commit()) {
            Some(Ok(())) | None => None,
            Some(Err(error)) => Some(error.to_string()),
        };
        self.end(group, failure, deals);
    }

    /// Ends the group: keeps its deals if it committed, rolls it back if not, and wakes its
    /// writes.
    fn end(
        &self,
        mut group: parking_lot::FairMutexGuard<'_, Group>,
        failure: Option<String>,
        deals: &Deals,
    ) {
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
        drop(group);
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
