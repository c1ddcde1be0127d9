//! The close of a round: at each table the entry with the most miles progresses to the next
//! table, the last table's to the first; everyone else stays and plays the newcomers.
//!
//! Exactly one entry leaves and one arrives at each table, so table sizes never change. The
//! bye queue, when there is one, is a stop in the ring after the last table: the last table's
//! mover sits out, and the entry that has waited longest rejoins at the first table.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::scores::{ScoreError, bye_miles, check_miles};
use super::scores::{entry_names, numbers_said};
use super::seating::{Seating, SeatingError};
use super::settings::Settings;
use super::{EntryId, list_ids, seeds};
use touring_engine::shuffle::{below, derive_seed, rng_from_seed};
use touring_i18n::Said;

/// How a table's mover was decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum MoverDecision {
    /// One entry had the most miles.
    MostMiles,
    /// Several had the most miles and they "cut for it": `drawn` was drawn from the seed.
    Cut { tied: Vec<EntryId>, drawn: EntryId },
    /// Several had the most miles and the host chose the mover (overturning the draw, or
    /// recording a cut of real cards); `drawn` is what the draw had given.
    Host { tied: Vec<EntryId>, drawn: EntryId },
}

/// Where a mover goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "snake_case")]
pub enum Destination {
    /// To a table (the next in the ring; the first for the last table).
    Table { table: u32 },
    /// To the bye queue: the last table's mover when entries are sitting out.
    Bye,
}

/// One table's result at the close of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableOutcome {
    pub table: u32,
    /// The most miles scored at the table.
    pub most: u32,
    /// The entry that progresses.
    pub mover: EntryId,
    pub decision: MoverDecision,
    pub to: Destination,
}

/// An entry that sat out the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeResult {
    pub entry: EntryId,
    /// Its score for the round, by the event's bye rule.
    pub miles: u32,
    /// The table it rejoins next round, if it is the one whose turn it is.
    pub rejoins: Option<u32>,
}

/// The close of a round: who moves, what the byes score, and the moved seating (before late
/// entries and withdrawals are taken in by [`crate::prepare_next_round`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Closing {
    pub round: u32,
    /// One outcome per table, in ring order.
    pub tables: Vec<TableOutcome>,
    pub byes: Vec<ByeResult>,
    /// Every entry's miles for the round: the tables' as given, the byes' by the rule.
    pub miles: BTreeMap<EntryId, u32>,
    /// The seating after the movement.
    pub next: Seating,
}

impl Closing {
    /// The movers, in ring order: the entries that progress from their table.
    pub fn movers(&self) -> Vec<EntryId> {
        self.tables.iter().map(|t| t.mover).collect()
    }

    /// The entries that won the round at their table: those that had strictly the most miles
    /// there. A mover decided by a cut (or by the host among the tied) moves on but has not
    /// won the round.
    pub fn winners(&self) -> Vec<EntryId> {
        self.tables
            .iter()
            .filter(|t| t.decision == MoverDecision::MostMiles)
            .map(|t| t.mover)
            .collect()
    }

    /// The outcome of a table.
    pub fn table(&self, number: u32) -> Option<&TableOutcome> {
        self.tables.iter().find(|t| t.table == number)
    }
}

/// The draw that settles a tie for the most miles at a table: one of `tied`, drawn from the
/// event's seed, the round and the table. The ids are sorted first, so the result does not
/// depend on the order they are listed in, and each table's cut has its own stream. `None`
/// when nobody is tied.
pub fn cut_for(seed: u64, round: u32, table: u32, tied: &[EntryId]) -> Option<EntryId> {
    let mut tied = tied.to_vec();
    tied.sort_unstable();
    tied.dedup();
    if tied.is_empty() {
        return None;
    }
    let label = (u64::from(round) << 32) | u64::from(table);
    let mut rng = rng_from_seed(derive_seed(derive_seed(seed, seeds::CUT), label));
    let count = u32::try_from(tied.len()).unwrap_or(u32::MAX);
    tied.get(below(&mut rng, count) as usize).copied()
}

/// Moves the movers round the ring: `movers[i]` (an entry of `seating.tables[i]`) goes to the
/// next table and takes the seat of that table's mover; the last table's mover goes to the
/// first table, or, when entries are on a bye, to the end of the bye queue while the entry at
/// its front rejoins at the first table. Everyone else keeps their seat.
pub fn move_entries(seating: &Seating, movers: &[EntryId]) -> Result<Seating, CloseError> {
    if movers.len() != seating.tables.len() {
        return Err(CloseError::Movers {
            tables: seating.tables.len(),
            movers: movers.len(),
        });
    }
    let mut positions = Vec::with_capacity(movers.len());
    for (table, &mover) in seating.tables.iter().zip(movers) {
        match table.side_of(mover) {
            Some(position) => positions.push(position),
            None => {
                return Err(CloseError::MoverNotAtTable {
                    table: table.number,
                    entry: mover,
                });
            }
        }
    }
    let mut next = seating.clone();
    let Some(&last_mover) = movers.last() else {
        return Ok(next);
    };
    let into_first = match seating.byes.first() {
        Some(&rejoining) => {
            next.byes.remove(0);
            next.byes.push(last_mover);
            rejoining
        }
        None => last_mover,
    };
    for (index, table) in next.tables.iter_mut().enumerate() {
        let incoming = match index.checked_sub(1) {
            Some(previous) => movers[previous],
            None => into_first,
        };
        table.entries[positions[index]] = incoming;
    }
    Ok(next)
}

/// Closes a round: decides each table's mover, scores the byes and moves the movers.
///
/// `miles` holds every table entry's miles for the round (entries on a bye may be present
/// and are ignored: their score follows the bye rule). `host_choices` maps a table number to
/// the entry the host names as its mover; it is only accepted at a table where that entry is
/// tied for the most miles. Ties without a choice are cut for from the seed.
pub fn close_round(
    settings: &Settings,
    round: u32,
    seating: &Seating,
    miles: &BTreeMap<EntryId, u32>,
    host_choices: &BTreeMap<u32, EntryId>,
) -> Result<Closing, CloseError> {
    seating.check().map_err(CloseError::Seating)?;
    let seated: BTreeSet<EntryId> = seating.entries().into_iter().collect();
    let strangers: Vec<EntryId> = miles
        .keys()
        .copied()
        .filter(|e| !seated.contains(e))
        .collect();
    if !strangers.is_empty() {
        return Err(CloseError::NotInRound { entries: strangers });
    }
    if let Some(&table) = host_choices.keys().find(|&&t| seating.table(t).is_none()) {
        return Err(CloseError::NoSuchTable { table });
    }
    let mut missing_tables = Vec::new();
    let mut missing = Vec::new();
    for table in &seating.tables {
        let absent: Vec<EntryId> = table
            .entries
            .iter()
            .copied()
            .filter(|e| !miles.contains_key(e))
            .collect();
        if !absent.is_empty() {
            missing_tables.push(table.number);
            missing.extend(absent);
        }
    }
    if !missing.is_empty() {
        return Err(CloseError::MissingMiles {
            tables: missing_tables,
            entries: missing,
        });
    }

    let mut round_miles = BTreeMap::new();
    let mut outcomes = Vec::with_capacity(seating.tables.len());
    for (index, table) in seating.tables.iter().enumerate() {
        let scores: Vec<(EntryId, u32)> = table
            .entries
            .iter()
            .map(|e| (*e, miles.get(e).copied().unwrap_or(0)))
            .collect();
        for &(entry, m) in &scores {
            check_miles(settings, table.entries.len(), entry, m).map_err(CloseError::Score)?;
            round_miles.insert(entry, m);
        }
        let most = scores.iter().map(|&(_, m)| m).max().unwrap_or(0);
        let tied: Vec<EntryId> = scores
            .iter()
            .filter(|&&(_, m)| m == most)
            .map(|&(e, _)| e)
            .collect();
        let choice = host_choices.get(&table.number).copied();
        let (mover, decision) = decide(settings.seed, round, table.number, most, tied, choice)?;
        let to = if index + 1 < seating.tables.len() {
            Destination::Table {
                table: seating.tables[index + 1].number,
            }
        } else if seating.byes.is_empty() {
            Destination::Table {
                table: seating.tables[0].number,
            }
        } else {
            Destination::Bye
        };
        outcomes.push(TableOutcome {
            table: table.number,
            most,
            mover,
            decision,
            to,
        });
    }

    let played: Vec<u32> = round_miles.values().copied().collect();
    let bye_score = bye_miles(settings.bye_score, &played);
    let byes: Vec<ByeResult> = seating
        .byes
        .iter()
        .enumerate()
        .map(|(position, &entry)| ByeResult {
            entry,
            miles: bye_score,
            rejoins: (position == 0).then(|| seating.tables[0].number),
        })
        .collect();
    for bye in &byes {
        round_miles.insert(bye.entry, bye.miles);
    }
    let movers: Vec<EntryId> = outcomes.iter().map(|o| o.mover).collect();
    let next = move_entries(seating, &movers)?;
    Ok(Closing {
        round,
        tables: outcomes,
        byes,
        miles: round_miles,
        next,
    })
}

/// Decides one table's mover from those tied for the most miles and the host's choice.
fn decide(
    seed: u64,
    round: u32,
    table: u32,
    most: u32,
    tied: Vec<EntryId>,
    choice: Option<EntryId>,
) -> Result<(EntryId, MoverDecision), CloseError> {
    let leader = tied
        .first()
        .copied()
        .ok_or(CloseError::EmptyTable { table })?;
    if tied.len() == 1 {
        return match choice {
            Some(chosen) if chosen != leader => Err(CloseError::NoTie {
                table,
                leader,
                miles: most,
            }),
            _ => Ok((leader, MoverDecision::MostMiles)),
        };
    }
    let drawn = cut_for(seed, round, table, &tied).unwrap_or(leader);
    match choice {
        None => Ok((drawn, MoverDecision::Cut { tied, drawn })),
        Some(chosen) if tied.contains(&chosen) => Ok((chosen, MoverDecision::Host { tied, drawn })),
        Some(chosen) => Err(CloseError::NotTied {
            table,
            chosen,
            tied,
            miles: most,
        }),
    }
}

/// Why a round cannot be closed as asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum CloseError {
    #[error("{0}")]
    Seating(SeatingError),
    #[error(
        "{} {} no score for {}: enter every score before closing the round",
        tables_word(.tables),
        if .tables.len() == 1 { "has" } else { "have" },
        list_ids(.entries)
    )]
    MissingMiles {
        tables: Vec<u32>,
        entries: Vec<EntryId>,
    },
    #[error("scores were given for {}, who did not play this round", list_ids(.entries))]
    NotInRound { entries: Vec<EntryId> },
    #[error("{0}")]
    Score(ScoreError),
    #[error("there is no table {table} in this round")]
    NoSuchTable { table: u32 },
    #[error("table {table} has nobody seated")]
    EmptyTable { table: u32 },
    #[error(
        "table {table} has no tie to settle: #{leader} has the best score ({miles}); correct the scores instead"
    )]
    NoTie {
        table: u32,
        leader: EntryId,
        miles: u32,
    },
    #[error(
        "#{chosen} cannot be chosen to move from table {table}: only {} tied for the best score ({miles})",
        list_ids(.tied)
    )]
    NotTied {
        table: u32,
        chosen: EntryId,
        tied: Vec<EntryId>,
        miles: u32,
    },
    #[error("{movers} movers were given for {tables} tables: give one mover per table")]
    Movers { tables: usize, movers: usize },
    #[error("#{entry} does not sit at table {table}, so it cannot move from there")]
    MoverNotAtTable { table: u32, entry: EntryId },
}

/// "table 3" or "tables 2 and 5", for messages.
fn tables_word(tables: &[u32]) -> String {
    let numbers: Vec<String> = tables.iter().map(u32::to_string).collect();
    match numbers.split_last() {
        Some((last, [])) => format!("table {last}"),
        Some((last, rest)) => format!("tables {} and {last}", rest.join(", ")),
        None => String::from("no table"),
    }
}

impl CloseError {
    /// The refusal, to say in the reader's language.
    pub fn said(&self) -> Said {
        match self {
            CloseError::Seating(e) => e.said(),
            CloseError::MissingMiles { tables, entries } => Said::new("refused-missing-miles")
                .said("tables", tables_said(tables))
                .number("count", tables.len())
                .said("entries", entry_names(entries)),
            CloseError::NotInRound { entries } => {
                Said::new("refused-miles-not-in-round").said("entries", entry_names(entries))
            }
            CloseError::Score(e) => e.said(),
            CloseError::NoSuchTable { table } => {
                Said::new("refused-no-such-table").number("table", *table)
            }
            CloseError::EmptyTable { table } => {
                Said::new("refused-empty-table").number("table", *table)
            }
            CloseError::NoTie {
                table,
                leader,
                miles,
            } => Said::new("refused-no-tie")
                .number("table", *table)
                .text("leader", leader.to_string())
                .number("miles", *miles),
            CloseError::NotTied {
                table,
                chosen,
                tied,
                miles,
            } => Said::new("refused-not-tied")
                .number("table", *table)
                .text("chosen", chosen.to_string())
                .said("tied", entry_names(tied))
                .number("miles", *miles),
            CloseError::Movers { tables, movers } => Said::new("refused-movers")
                .number("tables", *tables)
                .number("movers", *movers),
            CloseError::MoverNotAtTable { table, entry } => Said::new("refused-mover-not-at-table")
                .number("table", *table)
                .text("entry", entry.to_string()),
        }
    }
}

/// "table 3" or "tables 2 and 5", in the reader's language.
fn tables_said(tables: &[u32]) -> Said {
    Said::new("refused-tables")
        .number("count", tables.len())
        .said("tables", numbers_said(tables.iter().map(|&t| u64::from(t))))
}
