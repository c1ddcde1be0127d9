//! Seating plans: how many tables of which size, how many byes and how many bot seats, for a
//! number of entries that may not fill whole tables.
//!
//! The program proposes one plan and shows the host every other plan that works, so the host
//! can pick. The pick becomes the event's [`Remainder`], which late entries follow too.

use serde::{Deserialize, Serialize};

use super::scores::entry_names;
use super::settings::{Remainder, RoundKind, Settings};
use super::{EntryId, list_ids};
use touring_i18n::Said;

/// How a number of entries is seated: the tables in ring order, the byes and the bot seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatingPlan {
    /// The way the numbers were made to fit.
    pub remainder: Remainder,
    /// Entries at each table (2 or 3), table 1 first. Odd-sized tables come last.
    pub tables: Vec<usize>,
    /// Entries that sit out each round, in turn.
    pub byes: usize,
    /// Bot seats: one at each of the last `bots` tables. The app creates this many bot
    /// entries before seating the round.
    pub bots: usize,
    /// Why the plan is unfair, when it is: tables of another size in an event whose rounds
    /// are by games or whose tables wait for the signal (a table of three races 30 miles
    /// where the others race 50). The host may still choose it, warned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

impl SeatingPlan {
    /// The entries (people and bots already entered) that the plan seats, not counting the
    /// bots it asks for.
    pub fn entries(&self) -> usize {
        self.tables.iter().sum::<usize>() + self.byes - self.bots
    }

    /// The plan in words for the host: "3 tables of 2 players and 1 table of 3 players (the
    /// 3-player race of 30 miles)", "...; 1 entry sits out each round (a bye), in turn".
    pub fn describe(&self, settings: &Settings) -> String {
        let mut groups: Vec<(usize, usize)> = Vec::new();
        for &size in &self.tables {
            match groups.last_mut() {
                Some((s, count)) if *s == size => *count += 1,
                _ => groups.push((size, 1)),
            }
        }
        let tables: Vec<String> = groups
            .iter()
            .map(|&(size, count)| {
                let noun = if count == 1 { "table" } else { "tables" };
                format!("{count} {noun} of {}", settings.describe_table(size))
            })
            .collect();
        let mut text = tables.join(" and ");
        if self.byes > 0 {
            let who = if self.byes == 1 {
                "1 entry sits".to_string()
            } else {
                format!("{} entries sit", self.byes)
            };
            text.push_str(&format!("; {who} out each round (a bye), in turn"));
        }
        if self.bots > 0 {
            let seats = if self.bots == 1 {
                "1 seat is".to_string()
            } else {
                format!("{} seats are", self.bots)
            };
            text.push_str(&format!(
                "; {seats} taken by a labelled bot, one at a table"
            ));
        }
        text
    }
}

/// The plan for `entries` entries with a given way of handling the remainder, or why there is
/// none.
pub fn plan_for(
    settings: &Settings,
    entries: usize,
    remainder: Remainder,
) -> Result<SeatingPlan, SeatingError> {
    if entries < 2 {
        return Err(SeatingError::TooFew { entries });
    }
    let per = settings.entries_per_table();
    let full = entries / per;
    let left = entries % per;
    let plan = |tables: Vec<usize>, byes: usize, bots: usize| SeatingPlan {
        warning: uneven_tables(settings, &tables),
        remainder,
        tables,
        byes,
        bots,
    };
    if left == 0 {
        return Ok(plan(vec![per; full], 0, 0));
    }
    match remainder {
        Remainder::MixedTables => {
            // Every count from 2 up can be written as 2s and 3s; the odd-sized tables go last.
            let mut tables = Vec::new();
            if per == 2 {
                // An odd count: one table of three.
                tables.resize((entries - 3) / 2, 2);
                tables.push(3);
            } else if left == 1 {
                // 3k + 1 = 3(k - 1) + 2 + 2.
                tables.resize((entries - 4) / 3, 3);
                tables.extend([2, 2]);
            } else {
                tables.resize(full, 3);
                tables.push(2);
            }
            Ok(plan(tables, 0, 0))
        }
        Remainder::Byes => {
            if full == 0 {
                return Err(SeatingError::NoTableForByes {
                    entries,
                    per_table: per,
                });
            }
            Ok(plan(vec![per; full], left, 0))
        }
        Remainder::Bots => {
            let bots = per - left;
            Ok(plan(vec![per; full + 1], 0, bots))
        }
    }
}

/// Why tables of these sizes are unfair in this event, or `None` when they are not: only
/// when a table's score is bounded (rounds by games, or tables that wait for the signal) do
/// tables of another size matter. A table of three single players races a shorter trip (30
/// miles against 50); three partnerships share one race between three sides.
pub(super) fn uneven_tables(settings: &Settings, tables: &[usize]) -> Option<String> {
    let uneven = unevenness(settings, tables)?;
    let why = match uneven.round {
        RoundKind::Games { .. } => "rounds are by games",
        RoundKind::Points { .. } => "rounds are played to points",
        RoundKind::Timed { .. } => "tables wait for the signal",
    };
    let (theirs, usual, unit) = (uneven.theirs, uneven.usual, uneven.unit);
    let how = if theirs != usual {
        format!("races {theirs} {unit} where the others race {usual}")
    } else {
        let word = |n: usize| if n == 3 { "three" } else { "two" };
        format!(
            "shares one race of {theirs} {unit} between {} sides where the others have {}",
            word(uneven.size),
            word(uneven.usual_size)
        )
    };
    let table = settings.describe_table(uneven.size);
    Some(format!(
        "unfair while {why}: table {} ({table}) {how}; choose bots or byes to give every table the same race",
        uneven.table
    ))
}

/// What makes tables of other sizes unfair in an event, as facts for words in any language
/// ([`SeatingPlan::warning`] says them in English).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unevenness {
    /// How the event's rounds go: why a table's score is bounded.
    pub round: RoundKind,
    /// The first table of another size (from 1), and its entries.
    pub table: usize,
    pub size: usize,
    /// The entries at a table of the usual size.
    pub usual_size: usize,
    /// The race that table plays, and the others'.
    pub theirs: u32,
    pub usual: u32,
    /// "miles" or "points".
    pub unit: &'static str,
}

/// Why tables of these sizes are unfair in this event (see [`uneven_tables`]), or `None`.
pub fn unevenness(settings: &Settings, tables: &[usize]) -> Option<Unevenness> {
    let per = settings.entries_per_table();
    if settings.deals_again() || tables.iter().all(|&t| t == per) {
        return None;
    }
    let (odd, size) = tables
        .iter()
        .enumerate()
        .find(|&(_, &t)| t != per)
        .map(|(index, &t)| (index + 1, t))?;
    Some(Unevenness {
        round: settings.round,
        table: odd,
        size,
        usual_size: per,
        theirs: settings.race_miles(size),
        usual: settings.race_miles(per),
        unit: settings.rules.unit().word(),
    })
}

/// Every plan that can seat `entries` entries, the program's proposal first: the event's own
/// [`Remainder`] when it works, otherwise the first that does in the order mixed tables,
/// byes, bots. When the entries fill whole tables there is one plan. In an event where tables
/// of another size would be unfair (see [`SeatingPlan::warning`]), a bot seat, then a bye, is
/// proposed rather than mixed tables, which stay on offer last, with their warning.
pub fn seating_options(
    settings: &Settings,
    entries: usize,
) -> Result<Vec<SeatingPlan>, SeatingError> {
    let preference = if settings.deals_again() {
        [Remainder::MixedTables, Remainder::Byes, Remainder::Bots]
    } else {
        [Remainder::Bots, Remainder::Byes, Remainder::MixedTables]
    };
    let mut order = vec![settings.remainder];
    for remainder in preference {
        if !order.contains(&remainder) {
            order.push(remainder);
        }
    }
    let mut options: Vec<SeatingPlan> = Vec::new();
    let mut first_error = None;
    for remainder in order {
        match plan_for(settings, entries, remainder) {
            Ok(plan) => {
                let same_seats = options
                    .iter()
                    .any(|o| o.tables == plan.tables && o.byes == plan.byes && o.bots == plan.bots);
                if !same_seats {
                    options.push(plan);
                }
            }
            Err(error) => {
                first_error.get_or_insert(error);
            }
        }
    }
    // A fair plan before an unfair one, each group in the order above.
    options.sort_by_key(|plan| plan.warning.is_some());
    match (options.is_empty(), first_error) {
        (true, Some(error)) => Err(error),
        _ => Ok(options),
    }
}

/// The program's proposal: the first of [`seating_options`].
pub fn propose(settings: &Settings, entries: usize) -> Result<SeatingPlan, SeatingError> {
    seating_options(settings, entries)?
        .into_iter()
        .next()
        .ok_or(SeatingError::TooFew { entries })
}

/// Why entries cannot be seated as asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum SeatingError {
    #[error(
        "{} cannot be seated: a table needs at least 2 entries, so add entries (or a bot) first",
        super::counted(*.entries as u64, "entry", "entries")
    )]
    TooFew { entries: usize },
    #[error(
        "{entries} entries do not fill one table of {per_table} entries, so nobody can sit out: choose mixed tables or bots"
    )]
    NoTableForByes { entries: usize, per_table: usize },
    #[error(
        "the plan seats {planned} entries but {entries} are entered: make the plan again for the entries as they are now"
    )]
    PlanMismatch { planned: usize, entries: usize },
    #[error("the plan has {needed} bot seats but {given} bots were given: create the bots first")]
    BotsMissing { needed: usize, given: usize },
    #[error("the plan puts {bots} bots at {tables} tables; a table takes at most one bot seat")]
    TooManyBots { bots: usize, tables: usize },
    #[error("entry #{entry} is not an active bot of this event, so it cannot take a bot seat")]
    NotABot { entry: EntryId },
    #[error("the order lists {} more than once: list every entry once", list_ids(.entries))]
    OrderRepeats { entries: Vec<EntryId> },
    #[error(
        "the order lists {}, which are not active entries of this event: remove them",
        list_ids(.entries)
    )]
    OrderUnknown { entries: Vec<EntryId> },
    #[error("the order leaves out {}: list every entry once", list_ids(.entries))]
    OrderMissing { entries: Vec<EntryId> },
    #[error(
        "{} a bot: create {} and prepare the round again",
        super::counted(*.count as u64, "seat needs", "seats need"),
        super::counted(*.count as u64, "bot entry", "bot entries")
    )]
    BotsNeeded { count: usize },
    #[error("no table has a player left to seat: close the event")]
    NothingToSeat,
    #[error("table {table} is out of order: tables are listed by ascending number from 1")]
    TableOrder { table: u32 },
    #[error("table {table} has {entries} entries; a table seats 2 or 3")]
    TableSize { table: u32, entries: usize },
    #[error("{} seated more than once: an entry sits once per round", list_ids(.entries))]
    SeatedTwice { entries: Vec<EntryId> },
}

impl SeatingError {
    /// The refusal, to say in the reader's language.
    pub fn said(&self) -> Said {
        match self {
            SeatingError::TooFew { entries } => {
                Said::new("refused-seating-too-few").number("entries", *entries)
            }
            SeatingError::NoTableForByes { entries, per_table } => {
                Said::new("refused-seating-no-table-for-byes")
                    .number("entries", *entries)
                    .number("per_table", *per_table)
            }
            SeatingError::PlanMismatch { planned, entries } => {
                Said::new("refused-seating-plan-mismatch")
                    .number("planned", *planned)
                    .number("entries", *entries)
            }
            SeatingError::BotsMissing { needed, given } => {
                Said::new("refused-seating-bots-missing")
                    .number("needed", *needed)
                    .number("given", *given)
            }
            SeatingError::TooManyBots { bots, tables } => {
                Said::new("refused-seating-too-many-bots")
                    .number("bots", *bots)
                    .number("tables", *tables)
            }
            SeatingError::NotABot { entry } => {
                Said::new("refused-seating-not-a-bot").text("entry", entry.to_string())
            }
            SeatingError::OrderRepeats { entries } => {
                Said::new("refused-seating-order-repeats").said("entries", entry_names(entries))
            }
            SeatingError::OrderUnknown { entries } => Said::new("refused-seating-order-unknown")
                .number("count", entries.len())
                .said("entries", entry_names(entries)),
            SeatingError::OrderMissing { entries } => {
                Said::new("refused-seating-order-missing").said("entries", entry_names(entries))
            }
            SeatingError::BotsNeeded { count } => {
                Said::new("refused-seating-bots-needed").number("count", *count)
            }
            SeatingError::NothingToSeat => Said::new("refused-seating-nothing-to-seat"),
            SeatingError::TableOrder { table } => {
                Said::new("refused-seating-table-order").number("table", *table)
            }
            SeatingError::TableSize { table, entries } => Said::new("refused-seating-table-size")
                .number("table", *table)
                .number("entries", *entries),
            SeatingError::SeatedTwice { entries } => Said::new("refused-seating-seated-twice")
                .number("count", entries.len())
                .said("entries", entry_names(entries)),
        }
    }
}
