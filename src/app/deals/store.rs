//! The deals kept for one database, shared by its transactions (see [`super::Tx`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::LoadedDeal;
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
    pub(super) fn get(&self, row: &GameRow) -> Option<Arc<LoadedDeal>> {
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
    pub(super) fn put(&self, deal: Arc<LoadedDeal>) {
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
