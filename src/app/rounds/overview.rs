//! A round as the API, the pages and the printouts show it: its clock, its tables and who sits
//! where, the miles so far.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use super::{
    MissingScores, RoundRecord, RoundReport, RoundState, RoundTables, entry_names, latest, load,
    miles_in, reading, round_miles, round_report, table_done,
};
use crate::app::events::{self, EventRecord};
use crate::app::play::{DIGITAL, PAPER};
use crate::app::{App, AppResult, HostKey, Tx, ViewerKey};
use crate::db::queries;
use crate::tournament::{ClockReading, EntryId, MoverDecision};

/// A table of a round as the console, the projector and the printouts draw it.
#[derive(Debug, Clone)]
pub struct TablePicture {
    pub number: i32,
    pub paper: bool,
    /// Deals dealt at a digital table this round, and whether the last one is over.
    pub deals: usize,
    pub last_over: bool,
    /// Every score card of a paper table is in and confirmed.
    pub cards_in: bool,
    /// How the mover was decided when entries were tied (once the round is closed).
    pub tie: Option<MoverDecision>,
    /// The entries in side order, each with its side.
    pub entries: Vec<(EntryId, usize)>,
    /// The entry that moves on (once the round is closed).
    pub mover: Option<EntryId>,
    /// The host's choice among tied entries, kept for the close.
    pub host_choice: Option<EntryId>,
}

/// A round as the pages draw it: its clock, its tables and the miles so far.
#[derive(Debug, Clone)]
pub struct RoundPicture {
    pub number: u32,
    /// Where the round stands: seated, started or closed.
    pub stage: super::RoundStage,
    pub state: RoundState,
    pub left_ms: Option<i64>,
    pub timed: bool,
    pub tables: Vec<TablePicture>,
    pub byes: Vec<EntryId>,
    /// Every seated entry's miles as they stand (see [`round_miles`]).
    pub miles: BTreeMap<EntryId, u32>,
    /// Tables whose scores are missing, with why.
    pub missing: Vec<MissingScores>,
    /// What the scores count: miles, or points (Mille Bornes).
    pub unit: crate::engine::ScoreUnit,
}

/// Reads a round as the pages draw it.
pub fn picture_in(
    tx: &mut Tx,
    event: &EventRecord,
    round: &RoundRecord,
    now: DateTime<Utc>,
) -> AppResult<RoundPicture> {
    let clock = reading(tx, event, round, now)?;
    let read = RoundTables::read(tx, round)?;
    let (miles, missing) = if round.is_closed() {
        round_miles(tx, event, round)?
    } else {
        miles_in(tx, event, &read)?
    };
    let mut tables = Vec::new();
    for table in &read.tables {
        let (deals, last_over) = if table.mode == DIGITAL {
            let games = read.games_of(table.id);
            (
                games.len(),
                games.last().is_some_and(|g| g.finished_at.is_some()),
            )
        } else {
            (0, false)
        };
        let paper = table.mode == PAPER;
        let cards_in = paper && table_done(tx, event, table)?;
        let entries = read
            .entries_of(table.id)
            .iter()
            .map(|te| (te.entry_id, usize::try_from(te.side).unwrap_or(0)))
            .collect();
        tables.push(TablePicture {
            number: table.number,
            paper,
            deals,
            last_over,
            cards_in,
            // A decision that does not read is shown as none, as before the close.
            tie: table
                .tie
                .as_deref()
                .and_then(|t| serde_json::from_str(t).ok()),
            entries,
            mover: table.progresses,
            host_choice: table.host_choice,
        });
    }
    Ok(RoundPicture {
        unit: event.settings.rules.unit(),
        number: round.number(),
        stage: round.stage,
        state: RoundState::of(round, clock.state),
        left_ms: clock.left_ms,
        timed: round.row.length_seconds.is_some(),
        tables,
        byes: serde_json::from_str(&round.row.byes)?,
        miles,
        missing,
    })
}

/// A round as a page draws it, with its event and the event's entries (for their names).
#[derive(Debug, Clone)]
pub struct RoundBoard {
    pub event: EventRecord,
    pub entries: Vec<events::EntryRecord>,
    /// The round asked for (the latest when none was named), if there is one.
    pub round: Option<RoundPicture>,
}

/// Reads round `number` of an event (the latest when `None`) as a page draws it.
pub fn board_in(
    tx: &mut Tx,
    event: &EventRecord,
    number: Option<i32>,
    now: DateTime<Utc>,
) -> AppResult<RoundBoard> {
    let entries = events::entries(tx, event.id())?;
    let round = match number {
        Some(n) => Some(load(tx, event, n)?),
        None => latest(tx, event)?,
    };
    let round = match round {
        Some(round) => Some(picture_in(tx, event, &round, now)?),
        None => None,
    };
    Ok(RoundBoard {
        event: event.clone(),
        entries,
        round,
    })
}

/// A round as the API shows it: its clock, who sits where, and the score cards missing.
#[derive(Debug, Clone)]
pub struct RoundOverview {
    pub round: RoundRecord,
    pub clock: ClockReading,
    /// The round's tables and byes, as the report gives them.
    pub seating: Option<RoundReport>,
    pub missing: Vec<MissingScores>,
}

pub(super) fn overview(
    tx: &mut Tx,
    event: &EventRecord,
    round: RoundRecord,
    now: DateTime<Utc>,
) -> AppResult<RoundOverview> {
    let event = events::load(tx, event.id())?;
    let clock = reading(tx, &event, &round, now)?;
    let names = entry_names(&events::entries(tx, event.id())?);
    let seating = Some(round_report(tx, &event, &round, &names)?);
    let (_, missing) = round_miles(tx, &event, &round)?;
    Ok(RoundOverview {
        round,
        clock,
        seating,
        missing,
    })
}

/// Round `number` of an event, for a reader.
pub fn round_overview(app: &App, viewer: &ViewerKey, number: i32) -> AppResult<RoundOverview> {
    app.read_as_viewer(viewer, |conn, event| {
        let round = load(conn, event, number)?;
        overview(conn, event, round, app.now())
    })
}

/// Round `number` (the latest when `None`) as the host's printouts draw it.
pub fn round_board(app: &App, host: &HostKey, number: Option<i32>) -> AppResult<RoundBoard> {
    app.read_as_host(host, |conn, event| board_in(conn, event, number, app.now()))
}

/// The numbers of an event's rounds so far, for the host's printouts.
pub fn round_numbers(app: &App, host: &HostKey) -> AppResult<(EventRecord, Vec<u32>)> {
    app.read_as_host(host, |conn, event| {
        let numbers = queries::rounds_of_event(conn, event.id())?
            .iter()
            .map(|r| u32::try_from(r.number).unwrap_or(0))
            .collect();
        Ok((event.clone(), numbers))
    })
}

/// The table tents to print: every table number the event has used (or, before the first
/// seating, one per table its entries will fill), each with the join key of its QR code.
pub fn table_keys(app: &App, host: &HostKey) -> AppResult<(EventRecord, Vec<(i32, String)>)> {
    app.read_as_host(host, |conn, event| {
        let mut numbers: Vec<i32> = Vec::new();
        for round in queries::rounds_of_event(conn, event.id())? {
            for table in queries::tables_of_round(conn, round.id)? {
                if !numbers.contains(&table.number) {
                    numbers.push(table.number);
                }
            }
        }
        numbers.sort_unstable();
        if numbers.is_empty() {
            let active = events::entries(conn, event.id())?
                .iter()
                .filter(|e| e.entry.is_active())
                .count();
            let tables = active / event.settings.entries_per_table().max(1);
            numbers = (1..=tables.max(1) as i32).collect();
        }
        let keyed = numbers
            .into_iter()
            .map(|n| (n, event.table_key(n)))
            .collect();
        Ok((event.clone(), keyed))
    })
}

/// The round now being played (or the last one), with its clock.
#[derive(Debug, Clone)]
pub struct RoundNow {
    pub round: RoundRecord,
    pub clock: ClockReading,
}

/// An event as a reader sees it: the event, its current round and how many entries play.
#[derive(Debug, Clone)]
pub struct EventOverview {
    pub event: EventRecord,
    pub round: Option<RoundNow>,
    pub active_entries: usize,
}

/// An event, its current round and the number of entries still playing.
pub fn event_overview(app: &App, viewer: &ViewerKey) -> AppResult<EventOverview> {
    app.read_as_viewer(viewer, |conn, event| {
        let round = match latest(conn, event)? {
            Some(round) => {
                let clock = reading(conn, event, &round, app.now())?;
                Some(RoundNow { round, clock })
            }
            None => None,
        };
        let active_entries = events::entries(conn, event.id())?
            .iter()
            .filter(|e| e.entry.is_active())
            .count();
        Ok(EventOverview {
            event: event.clone(),
            round,
            active_entries,
        })
    })
}
