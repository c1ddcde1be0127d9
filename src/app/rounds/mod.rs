//! Rounds: the seating, the signal and the clock, the close with its movement, corrections and
//! paper score cards. The decisions are the tournament module's; this module stores them.
//!
//! This file holds what every room shares: a round's stage and state, the stored round and its
//! clock. One file per room: seating (its checks and pieces), reseat (round 1 seated in short
//! writes, the way in to seating), signal (and the clock's ends), close, corrections, paper
//! (score cards), overview (a round as the API, the pages and the printouts show it), report
//! (a round as the record of an evening gives it). Their items are re-exported here, so
//! `rounds::close` and `rounds::RoundPicture` name them.

mod close;
mod corrections;
mod overview;
mod paper;
mod report;
mod reseat;
mod seating;
mod signal;

pub use close::*;
pub use corrections::*;
pub use overview::*;
pub use paper::*;
pub use report::*;
pub use reseat::{seat_first_round, seat_round};
pub use seating::*;
pub use signal::*;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::events::EventRecord;
use super::play::PAPER;
use super::{AppError, AppResult, utc};
use crate::db::models;
use crate::db::{Conn, queries};
use crate::i18n::Said;
use crate::tournament::{
    self, ClockReading, ClockState, EntryId, RoundClock, RoundKind, Seating, Table,
};

/// A round is seated: tables are set, the signal has not been given.
pub const SEATED: &str = "seated";
/// The signal was given (the clock says whether it is running, paused or over).
pub const STARTED: &str = "started";
/// Scores are recorded and the movement done.
pub const CLOSED: &str = "closed";

/// Where a round stands, as stored: seated (tables set, no signal yet), started (the signal
/// was given; the clock says running, paused or over) or closed (scores recorded). The
/// database keeps the word; an unknown word is refused when read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RoundStage {
    Seated,
    Started,
    Closed,
}

impl RoundStage {
    /// The word stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            RoundStage::Seated => SEATED,
            RoundStage::Started => STARTED,
            RoundStage::Closed => CLOSED,
        }
    }

    /// Reads a stored word, refusing one this version does not know.
    pub fn parse(word: &str) -> AppResult<RoundStage> {
        match word {
            SEATED => Ok(RoundStage::Seated),
            STARTED => Ok(RoundStage::Started),
            CLOSED => Ok(RoundStage::Closed),
            other => Err(AppError::Internal(format!(
                "the database holds a round in the state \"{}\", which this version does not know (seated, started or closed)",
                crate::engine::json::truncate(other, 20)
            ))),
        }
    }
}

impl std::fmt::Display for RoundStage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a round is doing now, as the pages and the API say it: its stage read with its clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RoundState {
    Seated,
    Running,
    Paused,
    Over,
    Closed,
}

impl RoundState {
    /// The state of a round whose clock reads `clock`.
    pub fn of(round: &RoundRecord, clock: ClockState) -> RoundState {
        if round.is_closed() {
            return RoundState::Closed;
        }
        match clock {
            ClockState::NotStarted => RoundState::Seated,
            ClockState::Running => RoundState::Running,
            ClockState::Paused => RoundState::Paused,
            ClockState::Over => RoundState::Over,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            RoundState::Seated => "seated",
            RoundState::Running => "running",
            RoundState::Paused => "paused",
            RoundState::Over => "over",
            RoundState::Closed => "closed",
        }
    }
}

impl std::fmt::Display for RoundState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A round with what its clock needs.
#[derive(Debug, Clone)]
pub struct RoundRecord {
    pub row: models::Round,
    pub pauses: Vec<models::Pause>,
    /// The stored state, read (and checked) from `row.state`.
    pub stage: RoundStage,
}

impl RoundRecord {
    /// The close of a closed round: who moved on, and how ties were decided.
    pub fn closing(&self) -> AppResult<crate::tournament::Closing> {
        self.row
            .closing
            .as_deref()
            .map(serde_json::from_str)
            .transpose()?
            .ok_or_else(|| AppError::Internal("a closed round without its closing".into()))
    }

    /// A stored round and its pauses; refuses a state this version does not know.
    pub fn new(row: models::Round, pauses: Vec<models::Pause>) -> AppResult<RoundRecord> {
        let stage = RoundStage::parse(&row.state)?;
        Ok(RoundRecord { row, pauses, stage })
    }

    /// Moves the round to another stage (the row is written by the caller).
    pub fn set_stage(&mut self, stage: RoundStage) {
        self.stage = stage;
        self.row.state = stage.as_str().into();
    }

    pub fn number(&self) -> u32 {
        u32::try_from(self.row.number).unwrap_or(0)
    }

    /// The round's clock, as the tournament module computes with it.
    pub fn clock(&self) -> RoundClock {
        RoundClock {
            length_secs: self.row.length_seconds.and_then(|s| u32::try_from(s).ok()),
            started_at: self.row.started_at.map(utc),
            extensions_secs: u32::try_from(self.row.extended_seconds)
                .ok()
                .filter(|&s| s > 0)
                .into_iter()
                .collect(),
            pauses: self
                .pauses
                .iter()
                .map(|p| tournament::Pause {
                    at: utc(p.paused_at),
                    resumed_at: p.resumed_at.map(utc),
                })
                .collect(),
            stopped_at: self.row.stopped_at.map(utc),
        }
    }

    pub fn is_closed(&self) -> bool {
        self.stage == RoundStage::Closed
    }

    pub fn is_seated(&self) -> bool {
        self.stage == RoundStage::Seated
    }
}

/// Loads round `number` of an event.
pub fn load(conn: &mut Conn, event: &EventRecord, number: i32) -> AppResult<RoundRecord> {
    let row = queries::round(conn, event.id(), number)?.ok_or_else(|| {
        AppError::not_found(Said::new("refused-no-round").number("round", number))
    })?;
    let pauses = queries::pauses_of_round(conn, row.id)?;
    RoundRecord::new(row, pauses)
}

/// The latest round of an event, if any.
pub fn latest(conn: &mut Conn, event: &EventRecord) -> AppResult<Option<RoundRecord>> {
    match queries::latest_round_and_pauses(conn, event.id())? {
        Some((row, pauses)) => Ok(Some(RoundRecord::new(row, pauses)?)),
        None => Ok(None),
    }
}

/// The instant the evening's time limit passes (None for a fixed number of rounds, or before
/// round 1 has started).
pub fn deadline(conn: &mut Conn, event: &EventRecord) -> AppResult<Option<DateTime<Utc>>> {
    deadline_knowing(conn, event, None)
}

/// The event's deadline, as [`deadline`], reading nothing when the event has none or when
/// `known`, a round at hand, is round 1 (every move of a party reads its clock).
fn deadline_knowing(
    conn: &mut Conn,
    event: &EventRecord,
    known: Option<&RoundRecord>,
) -> AppResult<Option<DateTime<Utc>>> {
    if !tournament::has_deadline(&event.settings) {
        return Ok(None);
    }
    let first = match known.filter(|round| round.row.number == 1) {
        Some(round) => round.row.started_at,
        None => queries::round(conn, event.id(), 1)?.and_then(|r| r.started_at),
    };
    Ok(tournament::event_deadline(&event.settings, first.map(utc)))
}

/// Reads a round's clock at `now`. A round by games is over once every table is done.
pub fn reading(
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundRecord,
    now: DateTime<Utc>,
) -> AppResult<ClockReading> {
    let mut reading = round
        .clock()
        .read(now, deadline_knowing(conn, event, Some(round))?);
    if reading.state == ClockState::Running
        && matches!(
            event.settings.round,
            RoundKind::Games { .. } | RoundKind::Points { .. }
        )
        && all_tables_done(conn, event, round)?
    {
        reading.state = ClockState::Over;
        reading.in_time = false;
    }
    if round.is_closed() {
        reading.state = ClockState::Over;
        reading.in_time = false;
    }
    Ok(reading)
}

/// In a round by games: has every table played its games (or handed in its scores)?
pub(super) fn all_tables_done(
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundRecord,
) -> AppResult<bool> {
    for table in queries::tables_of_round(conn, round.row.id)? {
        if !table_done(conn, event, &table)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Has a table finished what the round asks of it?
pub fn table_done(
    conn: &mut Conn,
    event: &EventRecord,
    table: &models::RoundTable,
) -> AppResult<bool> {
    if table.mode == PAPER {
        return paper_card_complete(conn, table);
    }
    let games = queries::games_of_table(conn, table.id)?;
    let (finished, totals) = super::play::finished_totals(conn, table, &games)?;
    Ok(tournament::table_done(&event.settings, finished, &totals))
}

/// The seating of a round as the tournament module describes it.
pub fn seating_of(conn: &mut Conn, round: &RoundRecord) -> AppResult<Seating> {
    let mut tables = Vec::new();
    for table in queries::tables_of_round(conn, round.row.id)? {
        let entries = queries::entries_of_table(conn, table.id)?
            .into_iter()
            .map(|te| te.entry_id)
            .collect();
        tables.push(Table {
            number: u32::try_from(table.number).unwrap_or(0),
            entries,
        });
    }
    let byes: Vec<EntryId> = serde_json::from_str(&round.row.byes)?;
    Ok(Seating { tables, byes })
}

/// A table of a round by number.
pub fn table_of(
    conn: &mut Conn,
    round: &RoundRecord,
    number: i32,
) -> AppResult<models::RoundTable> {
    queries::tables_of_round(conn, round.row.id)?
        .into_iter()
        .find(|t| t.number == number)
        .ok_or_else(|| {
            AppError::not_found(
                Said::new("refused-no-table")
                    .number("round", round.row.number)
                    .number("table", number),
            )
        })
}
