//! Replayed deals kept in memory, so that reading a deal costs the actions stored since it was
//! last read rather than its whole log.
//!
//! The database stays the authority: a kept deal is a replay of actions that were committed
//! (or read in a snapshot of committed rows), keyed by its game's id and checked against the
//! game's row, and [`super::play::load_deal`] always asks the database for the actions after
//! the kept ones. A deal kept by a write is kept only once that write has committed, so a
//! transaction that rolls back leaves nothing behind. Stored actions are never changed, only
//! appended (a deleted round deletes its games, and a reused id is told apart by its row).
//!
//! The use cases reach the store of the [`super::App`] that runs them through a scope set
//! around each transaction ([`scoped`]): the helpers that load deals take a connection, not
//! the app, and deals must not be shared between two apps over different databases.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::play::LoadedDeal;
use crate::db::models::GameRow;

/// Where a table's deal stands: its game, and how many actions are stored (what a move's
/// notice carries, so that a page can tell whether the replay kept here is as recent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealAt {
    pub game: i64,
    pub actions: u32,
}

impl DealAt {
    pub fn of(deal: &LoadedDeal) -> DealAt {
        DealAt {
            game: deal.row.id,
            actions: deal.actions,
        }
    }
}

/// How many deals are kept: every running table of a few big parties. Beyond it, the deals
/// used least recently are forgotten.
const CAPACITY: usize = 4096;

/// The deals kept for one database.
#[derive(Debug, Default)]
pub struct Deals {
    inner: Mutex<Kept>,
}

#[derive(Debug, Default)]
struct Kept {
    deals: HashMap<i64, (Arc<LoadedDeal>, u64)>,
    /// Counts uses, to know which deals were used least recently.
    clock: u64,
}

impl Deals {
    /// The kept replay of this game, if it is the same game (an id is only reused after a
    /// game was deleted, with another seed, table or start).
    fn get(&self, row: &GameRow) -> Option<Arc<LoadedDeal>> {
        let mut kept = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        kept.clock += 1;
        let now = kept.clock;
        let (deal, used) = kept.deals.get_mut(&row.id)?;
        if !same_game(&deal.row, row) {
            return None;
        }
        *used = now;
        Some(deal.clone())
    }

    /// Keeps a replay, unless a longer one of the same game is kept already.
    fn put(&self, deal: Arc<LoadedDeal>) {
        let mut kept = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        kept.clock += 1;
        let now = kept.clock;
        if let Some((old, _)) = kept.deals.get(&deal.row.id)
            && same_game(&old.row, &deal.row)
            && old.actions > deal.actions
        {
            return;
        }
        kept.deals.insert(deal.row.id, (deal, now));
        if kept.deals.len() > CAPACITY {
            // Forget the half used least recently: rare, and then cheap per deal.
            let mut uses: Vec<u64> = kept.deals.values().map(|(_, used)| *used).collect();
            let middle = uses.len() / 2;
            let (_, &mut cut, _) = uses.select_nth_unstable(middle);
            kept.deals.retain(|_, (_, used)| *used > cut);
        }
    }

    /// The kept replay of a game if it holds at least these actions: what a move's notice
    /// says was committed (or later). `None` when nothing that recent is kept here, as on an
    /// instance that did not play the move.
    pub fn at_least(&self, at: DealAt) -> Option<Arc<LoadedDeal>> {
        let mut kept = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        kept.clock += 1;
        let now = kept.clock;
        let (deal, used) = kept.deals.get_mut(&at.game)?;
        if deal.actions < at.actions {
            return None;
        }
        *used = now;
        Some(deal.clone())
    }

    /// How many deals are kept.
    pub fn len(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .deals
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Whether two rows are the same game (its log may have grown, it may have finished since).
fn same_game(a: &GameRow, b: &GameRow) -> bool {
    a.id == b.id
        && a.table_id == b.table_id
        && a.number == b.number
        && a.seed == b.seed
        && a.started_at == b.started_at
        && a.rules == b.rules
        && a.seats == b.seats
        && a.options == b.options
}

/// The store of the transaction running on this thread, and what a write keeps once it commits.
struct Scope {
    deals: Arc<Deals>,
    /// `Some` in a write: the deals to keep after the commit.
    pending: Option<Vec<Arc<LoadedDeal>>>,
}

thread_local! {
    static SCOPE: RefCell<Option<Scope>> = const { RefCell::new(None) };
}

/// Runs one transaction `f` (its commit included) with `deals` as the store its deal loads use.
/// A write (`writes`) keeps what it loaded or played only if `f` succeeds, so only what was
/// committed.
pub fn scoped<T, E>(
    deals: &Arc<Deals>,
    writes: bool,
    f: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    let outer = SCOPE.with(|scope| {
        scope.borrow_mut().replace(Scope {
            deals: deals.clone(),
            pending: writes.then(Vec::new),
        })
    });
    let result = f();
    let ours = SCOPE.with(|scope| std::mem::replace(&mut *scope.borrow_mut(), outer));
    if result.is_ok()
        && let Some(Scope {
            deals,
            pending: Some(pending),
        }) = ours
    {
        for deal in pending {
            deals.put(deal);
        }
    }
    result
}

/// The kept replay of a game, in the current scope's store.
pub fn kept(row: &GameRow) -> Option<Arc<LoadedDeal>> {
    SCOPE.with(|scope| scope.borrow().as_ref()?.deals.get(row))
}

/// Keeps a replay: at once in a read (it was read from committed rows), after the commit in a
/// write. Outside a scope (a tool working on a connection of its own) nothing is kept.
pub fn keep(deal: &LoadedDeal) {
    SCOPE.with(|scope| {
        if let Some(scope) = scope.borrow_mut().as_mut() {
            let deal = Arc::new(deal.clone());
            match &mut scope.pending {
                Some(pending) => pending.push(deal),
                None => scope.deals.put(deal),
            }
        }
    });
}
