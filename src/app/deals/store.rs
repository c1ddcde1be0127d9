//! The deals kept for one database, shared by its transactions (see [`super::Tx`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::LoadedDeal;
use crate::cache::Cache;
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

/// How many deals are kept: every running table of a few big parties. Beyond it, the deal
/// used least recently is forgotten.
const CAPACITY: usize = 4096;

/// The deals kept for one database, by game.
#[derive(Debug)]
pub struct Deals {
    deals: Cache<i64, Arc<LoadedDeal>>,
    /// Each table's latest deal kept, as its game's id and number: when the next is dealt, the
    /// one before is forgotten (a page shows a won deal only until the next is dealt), so a
    /// long evening keeps about a deal a table rather than every deal it won. Its lock is held
    /// while a deal is kept, so that two keep one after the other.
    latest: Mutex<HashMap<i64, (i64, i32)>>,
}

impl Default for Deals {
    fn default() -> Deals {
        Deals {
            deals: Cache::new("deals", CAPACITY),
            latest: Mutex::default(),
        }
    }
}

impl Deals {
    /// The kept replay of this game, if it is the same game (an id is only reused after a
    /// game was deleted, with another seed, table or start).
    pub(super) fn get(&self, row: &GameRow) -> Option<Arc<LoadedDeal>> {
        self.deals.get_if(&row.id, |deal| same_game(&deal.row, row))
    }

    /// Keeps a replay, unless a longer one of the same game is kept already.
    pub(super) fn put(&self, deal: Arc<LoadedDeal>) {
        let mut latest = self.latest.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(old) = self.deals.peek(&deal.row.id)
            && same_game(&old.row, &deal.row)
            && old.actions > deal.actions
        {
            return;
        }
        let (game, table, number) = (deal.row.id, deal.row.table_id, deal.row.number);
        self.deals.insert(game, deal);
        match latest.get(&table).copied() {
            // A deal before the table's latest (a replay page's): kept as it comes.
            Some((_, latest)) if latest > number => {}
            Some((before, _)) if before != game => {
                self.deals.remove(&before);
                latest.insert(table, (game, number));
            }
            _ => {
                latest.insert(table, (game, number));
            }
        }
        if latest.len() > 2 * CAPACITY {
            // The tables whose latest deal the cache forgot.
            latest.retain(|_, (game, _)| self.deals.peek(game).is_some());
        }
    }

    /// The kept replay of a table's latest deal kept, if any (a move reads only the actions
    /// stored since).
    pub(super) fn latest_of_table(&self, table: i64) -> Option<Arc<LoadedDeal>> {
        let game = self
            .latest
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&table)
            .map(|(game, _)| *game)?;
        self.deals.peek(&game)
    }

    /// The kept replay of a game if it holds at least these actions: what a move's notice
    /// says was committed (or later). `None` when nothing that recent is kept here, as on an
    /// instance that did not play the move.
    pub fn at_least(&self, at: DealAt) -> Option<Arc<LoadedDeal>> {
        self.deals
            .get_if(&at.game, |deal| deal.actions >= at.actions)
    }

    /// How many deals are kept.
    pub fn len(&self) -> usize {
        self.deals.len()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::deals::DealSeats;
    use crate::engine::{Config, Game, RulesId};

    /// Deal `number` of table `table`, as dealt (game `id`).
    fn dealt(id: i64, table: i64, number: i32) -> Arc<LoadedDeal> {
        let config = Config::new(RulesId::Touring1926, 2, None).expect("a configuration");
        let started = chrono::DateTime::UNIX_EPOCH.naive_utc();
        Arc::new(LoadedDeal {
            row: GameRow {
                id,
                table_id: table,
                number,
                rules: RulesId::Touring1926.id().to_owned(),
                players: 2,
                partners: false,
                seed: id,
                seats: "{}".to_owned(),
                started_at: started,
                finished_at: None,
                winner_side: None,
                scores: None,
                options: None,
            },
            game: Game::new(config, id as u64, &[]).expect("a deal"),
            seats: DealSeats {
                players: vec![1, 2],
                sides: vec![1, 2],
            },
            actions: 0,
            events: Vec::new(),
            last_at: started,
            stand_ins: Vec::new(),
            hidden_window: chrono::TimeDelta::seconds(5),
        })
    }

    fn at(id: i64) -> DealAt {
        DealAt {
            game: id,
            actions: 0,
        }
    }

    #[test]
    fn a_tables_won_deal_is_forgotten_once_the_next_is_dealt() {
        let deals = Deals::default();
        deals.put(dealt(1, 10, 1));
        deals.put(dealt(2, 20, 1));
        assert_eq!(deals.len(), 2);
        // Table 10 deals again: its first deal is forgotten, table 20's kept.
        deals.put(dealt(3, 10, 2));
        assert!(deals.at_least(at(1)).is_none());
        assert!(deals.at_least(at(2)).is_some());
        assert!(deals.at_least(at(3)).is_some());
        assert_eq!(deals.len(), 2);
        // A replay page's older deal is kept beside the latest, which stays.
        deals.put(dealt(1, 10, 1));
        assert!(deals.at_least(at(1)).is_some());
        assert!(deals.at_least(at(3)).is_some());
        // The latest again (after a move): nothing else goes.
        deals.put(dealt(3, 10, 2));
        assert_eq!(deals.len(), 3);
    }
}
