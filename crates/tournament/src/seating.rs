//! Who sits where in a round, and the seating of round 1.
//!
//! Tables form a ring in the order of their numbers: the mover of each table goes to the next
//! one, the last table's to the first. Entries on a bye wait in a queue that stands in the
//! ring after the last table (see [`crate::move_entries`]).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::entry::Entry;
pub use super::plan::SeatingError;
use super::plan::SeatingPlan;
use super::settings::Settings;
use super::{EntryId, seeds};
use touring_engine::shuffle::{derive_seed, rng_from_seed, shuffle};

/// One table of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// The number on the table's tent (from 1). Numbers stay with the physical table, so a
    /// closed table may leave a gap.
    pub number: u32,
    /// The entries at the table (2 or 3). An entry's position is its side in the game: side
    /// 0 first. A newcomer takes the position of the entry that left.
    pub entries: Vec<EntryId>,
}

impl Table {
    /// The side (position) of an entry at this table.
    pub fn side_of(&self, entry: EntryId) -> Option<usize> {
        self.entries.iter().position(|&e| e == entry)
    }
}

/// Where an entry is in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum Place {
    /// At a table, playing side `side`.
    Table { table: u32, side: usize },
    /// Sitting out; `position` 0 is the next to rejoin.
    Bye { position: usize },
}

/// The seating of a round: the tables in ring order and the bye queue.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Seating {
    /// Tables in ring order: ascending numbers.
    pub tables: Vec<Table>,
    /// Entries sitting out, the one waiting longest first.
    pub byes: Vec<EntryId>,
}

impl Seating {
    /// Where an entry sits, if it is in this round.
    pub fn place_of(&self, entry: EntryId) -> Option<Place> {
        for table in &self.tables {
            if let Some(side) = table.side_of(entry) {
                return Some(Place::Table {
                    table: table.number,
                    side,
                });
            }
        }
        self.byes
            .iter()
            .position(|&e| e == entry)
            .map(|position| Place::Bye { position })
    }

    /// The number of the table an entry sits at.
    pub fn table_of(&self, entry: EntryId) -> Option<u32> {
        match self.place_of(entry) {
            Some(Place::Table { table, .. }) => Some(table),
            _ => None,
        }
    }

    /// The table with a number.
    pub fn table(&self, number: u32) -> Option<&Table> {
        self.tables.iter().find(|t| t.number == number)
    }

    /// Every entry in the round: the tables in ring order, then the byes.
    pub fn entries(&self) -> Vec<EntryId> {
        self.tables
            .iter()
            .flat_map(|t| t.entries.iter().copied())
            .chain(self.byes.iter().copied())
            .collect()
    }

    /// Checks the shape of a seating (for one that comes back from storage or a client):
    /// at least one table, 2 or 3 entries at each, table numbers from 1 ascending, nobody
    /// twice.
    pub fn check(&self) -> Result<(), SeatingError> {
        if self.tables.is_empty() {
            return Err(SeatingError::NothingToSeat);
        }
        let mut previous = 0;
        for table in &self.tables {
            if table.number <= previous {
                return Err(SeatingError::TableOrder {
                    table: table.number,
                });
            }
            previous = table.number;
            if !(2..=3).contains(&table.entries.len()) {
                return Err(SeatingError::TableSize {
                    table: table.number,
                    entries: table.entries.len(),
                });
            }
        }
        let mut seen = BTreeSet::new();
        let twice: Vec<EntryId> = self
            .entries()
            .into_iter()
            .filter(|&e| !seen.insert(e))
            .collect();
        if twice.is_empty() {
            Ok(())
        } else {
            Err(SeatingError::SeatedTwice { entries: twice })
        }
    }
}

/// How round 1 is seated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum FirstSeating {
    /// A random draw from the event's seed.
    Draw,
    /// The host's order: table 1 is filled first, then table 2, and so on; with byes, the
    /// last entries of the order sit out first.
    HostOrder { order: Vec<EntryId> },
}

/// The order of the seeded draw for round 1: the ids sorted, then shuffled by the stream the
/// event's seed derives for the first draw. The same seed and entries give the same order,
/// whatever order the entries are listed in.
pub fn draw_order(seed: u64, ids: &[EntryId]) -> Vec<EntryId> {
    let mut order = ids.to_vec();
    order.sort_unstable();
    order.dedup();
    let mut rng = rng_from_seed(derive_seed(seed, seeds::FIRST_DRAW));
    shuffle(&mut rng, &mut order);
    order
}

/// Seats round 1 by a plan.
///
/// `entries` are the event's entries; `plan_bots` the ids of the bot entries created for the
/// plan's bot seats (exactly `plan.bots` of them, each an active bot in `entries`). Every
/// other active entry (bots entered on purpose included) is seated by the draw or the host's
/// order; the plan's bots take the last seat of the last tables, one to a table.
pub fn seat_first_round(
    settings: &Settings,
    entries: &[Entry],
    plan: &SeatingPlan,
    how: &FirstSeating,
    plan_bots: &[EntryId],
) -> Result<Seating, SeatingError> {
    if plan.bots > plan.tables.len() {
        return Err(SeatingError::TooManyBots {
            bots: plan.bots,
            tables: plan.tables.len(),
        });
    }
    if plan_bots.len() != plan.bots {
        return Err(SeatingError::BotsMissing {
            needed: plan.bots,
            given: plan_bots.len(),
        });
    }
    let mut bots = BTreeSet::new();
    for &bot in plan_bots {
        let is_active_bot = entries
            .iter()
            .any(|e| e.id == bot && e.bot && e.is_active());
        if !is_active_bot || !bots.insert(bot) {
            return Err(SeatingError::NotABot { entry: bot });
        }
    }
    let people: Vec<EntryId> = entries
        .iter()
        .filter(|e| e.is_active() && !bots.contains(&e.id))
        .map(|e| e.id)
        .collect();
    if people.len() != plan.entries() {
        return Err(SeatingError::PlanMismatch {
            planned: plan.entries(),
            entries: people.len(),
        });
    }
    let order = match how {
        FirstSeating::Draw => draw_order(settings.seed, &people),
        FirstSeating::HostOrder { order } => {
            check_order(order, &people)?;
            order.clone()
        }
    };
    let first_bot_table = plan.tables.len() - plan.bots;
    let mut next = order.into_iter();
    let mut bot_ids = plan_bots.iter().copied();
    let mut tables = Vec::with_capacity(plan.tables.len());
    for (index, &size) in plan.tables.iter().enumerate() {
        let gets_bot = index >= first_bot_table;
        let mut seated: Vec<EntryId> = next.by_ref().take(size - usize::from(gets_bot)).collect();
        if gets_bot {
            seated.extend(bot_ids.next());
        }
        tables.push(Table {
            number: index as u32 + 1,
            entries: seated,
        });
    }
    let seating = Seating {
        tables,
        byes: next.collect(),
    };
    seating.check()?;
    Ok(seating)
}

/// Checks that a host's order lists every entry to seat exactly once.
fn check_order(order: &[EntryId], people: &[EntryId]) -> Result<(), SeatingError> {
    let wanted: BTreeSet<EntryId> = people.iter().copied().collect();
    let mut seen = BTreeSet::new();
    let repeated: Vec<EntryId> = order.iter().copied().filter(|&e| !seen.insert(e)).collect();
    if !repeated.is_empty() {
        return Err(SeatingError::OrderRepeats { entries: repeated });
    }
    let unknown: Vec<EntryId> = seen.difference(&wanted).copied().collect();
    if !unknown.is_empty() {
        return Err(SeatingError::OrderUnknown { entries: unknown });
    }
    let missing: Vec<EntryId> = wanted.difference(&seen).copied().collect();
    if !missing.is_empty() {
        return Err(SeatingError::OrderMissing { entries: missing });
    }
    Ok(())
}
