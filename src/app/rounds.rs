//! Rounds: the seating, the signal and the clock, the close with its movement, corrections and
//! paper score cards. The decisions are the tournament module's; this module stores them.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};

use super::events::{self, EventRecord};
use super::play::{self, DIGITAL, PAPER};
use super::{AppError, AppResult, utc};
use crate::db::models::{self, NewCorrection, NewPaperScore, NewRound, NewRoundTable, NewScore};
use crate::db::{Conn, queries};
use crate::engine::ScoreUnit;
use crate::tournament::{
    self, ClockReading, ClockState, Closing, EntryId, FirstSeating, PaperCard, Remainder,
    RoundClock, RoundKind, RoundPhase, Seating, SeatingPlan, Table,
};

/// A round is seated: tables are set, the signal has not been given.
pub const SEATED: &str = "seated";
/// The signal was given (the clock says whether it is running, paused or over).
pub const STARTED: &str = "started";
/// Scores are recorded and the movement done.
pub const CLOSED: &str = "closed";

/// A round with what its clock needs.
#[derive(Debug, Clone)]
pub struct RoundRecord {
    pub row: models::Round,
    pub pauses: Vec<models::Pause>,
}

impl RoundRecord {
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
        self.row.state == CLOSED
    }

    pub fn is_seated(&self) -> bool {
        self.row.state == SEATED
    }
}

/// Loads round `number` of an event.
pub fn load(conn: &mut Conn, event: &EventRecord, number: i32) -> AppResult<RoundRecord> {
    let row = queries::round(conn, event.id(), number)?
        .ok_or_else(|| AppError::not_found(format!("this event has no round {number} yet")))?;
    let pauses = queries::pauses_of_round(conn, row.id)?;
    Ok(RoundRecord { row, pauses })
}

/// The latest round of an event, if any.
pub fn latest(conn: &mut Conn, event: &EventRecord) -> AppResult<Option<RoundRecord>> {
    match queries::latest_round(conn, event.id())? {
        Some(row) => {
            let pauses = queries::pauses_of_round(conn, row.id)?;
            Ok(Some(RoundRecord { row, pauses }))
        }
        None => Ok(None),
    }
}

/// The instant the evening's time limit passes (None for a fixed number of rounds, or before
/// round 1 has started).
pub fn deadline(conn: &mut Conn, event: &EventRecord) -> AppResult<Option<DateTime<Utc>>> {
    let first = queries::round(conn, event.id(), 1)?.and_then(|r| r.started_at);
    Ok(tournament::event_deadline(&event.settings, first.map(utc)))
}

/// Reads a round's clock at `now`. A round by games is over once every table is done.
pub fn reading(
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundRecord,
    now: DateTime<Utc>,
) -> AppResult<ClockReading> {
    let mut reading = round.clock().read(now, deadline(conn, event)?);
    if reading.state == ClockState::Running
        && matches!(event.settings.round, RoundKind::Games { .. })
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

/// Where a started round's clock ends, for the server to announce the stop signal to every
/// open page when it passes, without anyone asking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockEnd {
    pub event: i64,
    pub round: i64,
    /// When the round ends if nothing changes (or ended).
    pub at: DateTime<Utc>,
    /// Whether that time has come.
    pub over: bool,
}

/// The ends of every round that is running or ran out by the clock and is not yet closed.
/// Paused rounds and rounds with no end (by games, without a time limit) have none.
pub fn clock_ends(conn: &mut Conn, now: DateTime<Utc>) -> AppResult<Vec<ClockEnd>> {
    let mut ends = Vec::new();
    for row in queries::started_open_rounds(conn)? {
        let event = events::load(conn, row.event_id)?;
        let pauses = queries::pauses_of_round(conn, row.id)?;
        let record = RoundRecord { row, pauses };
        let reading = reading(conn, &event, &record, now)?;
        if let (Some(at), ClockState::Running | ClockState::Over) =
            (reading.planned_end, reading.state)
        {
            ends.push(ClockEnd {
                event: event.id(),
                round: record.row.id,
                at,
                over: reading.state == ClockState::Over,
            });
        }
    }
    Ok(ends)
}

/// In a round by games: has every table played its games (or handed in its scores)?
fn all_tables_done(conn: &mut Conn, event: &EventRecord, round: &RoundRecord) -> AppResult<bool> {
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
    let finished = queries::games_of_table(conn, table.id)?
        .iter()
        .filter(|g| g.finished_at.is_some())
        .count() as u32;
    Ok(tournament::table_done(&event.settings, finished))
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

// ---------------------------------------------------------------- seating

/// How the host wants round 1 seated.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SeatRequest {
    /// Mixed tables, byes or bots for numbers that don't divide (default: the proposal).
    pub remainder: Option<Remainder>,
    /// The host's order of entries; none means a draw from the event's seed.
    pub order: Option<Vec<EntryId>>,
    /// Tables played with real cards, by number (the others are digital).
    #[serde(default)]
    pub paper_tables: Vec<u32>,
    /// Play every table with real cards.
    #[serde(default)]
    pub all_paper: bool,
}

/// The ways round 1 could be seated with the entries in now, the proposal first.
pub fn seating_options(conn: &mut Conn, event: &EventRecord) -> AppResult<Vec<SeatingPlan>> {
    let active = events::entries(conn, event.id())?
        .iter()
        .filter(|e| e.entry.is_active())
        .count();
    tournament::seating_options(&event.settings, active)
        .map_err(|e| AppError::invalid(e.to_string()))
}

/// Seats round 1 (again, if it has not started yet).
pub fn seat_first(
    conn: &mut Conn,
    event: &EventRecord,
    request: &SeatRequest,
    now: NaiveDateTime,
) -> AppResult<RoundRecord> {
    if let Some(existing) = latest(conn, event)? {
        if existing.number() > 1 || !existing.is_seated() {
            return Err(AppError::conflict(
                "round 1 has already started; later rounds are seated by the movement when a round is closed",
            ));
        }
        queries::delete_round(conn, existing.row.id)?;
    }
    let active = events::entries(conn, event.id())?
        .into_iter()
        .filter(|e| e.entry.is_active())
        .count();
    let remainder = request.remainder.unwrap_or(event.settings.remainder);
    let plan = tournament::plan_for(&event.settings, active, remainder)
        .map_err(|e| AppError::invalid(e.to_string()))?;
    let plan_bots = if plan.bots > 0 {
        events::add_bots(conn, event, plan.bots, "steady", now)?
    } else {
        Vec::new()
    };
    let entries: Vec<tournament::Entry> = events::entries(conn, event.id())?
        .into_iter()
        .map(|e| e.entry)
        .collect();
    let how = match &request.order {
        Some(order) => FirstSeating::HostOrder {
            order: order.clone(),
        },
        None => FirstSeating::Draw,
    };
    let seating = tournament::seat_first_round(&event.settings, &entries, &plan, &how, &plan_bots)
        .map_err(|e| AppError::invalid(e.to_string()))?;
    if remainder != event.settings.remainder {
        let mut settings = event.settings.clone();
        settings.remainder = remainder;
        events::update_settings(conn, event, settings, now)?;
    }
    let numbers: Vec<u32> = seating.tables.iter().map(|t| t.number).collect();
    if let Some(unknown) = request.paper_tables.iter().find(|n| !numbers.contains(n)) {
        return Err(AppError::invalid(format!(
            "there is no table {unknown} to play with real cards: round 1 has tables 1 to {}",
            numbers.len()
        )));
    }
    let paper: Vec<u32> = if request.all_paper {
        numbers
    } else {
        request.paper_tables.clone()
    };
    create_round(conn, event, 1, &seating, &paper, now)
}

/// Stores a seated round: its tables, who sits where, and the first deal at digital tables.
fn create_round(
    conn: &mut Conn,
    event: &EventRecord,
    number: i32,
    seating: &Seating,
    paper_tables: &[u32],
    now: NaiveDateTime,
) -> AppResult<RoundRecord> {
    let length = match event.settings.round {
        RoundKind::Timed { seconds } => Some(i32::try_from(seconds).unwrap_or(i32::MAX)),
        RoundKind::Games { .. } => None,
    };
    let row = queries::insert_round(
        conn,
        &NewRound {
            event_id: event.id(),
            number,
            state: SEATED,
            length_seconds: length,
            extended_seconds: 0,
            byes: &serde_json::to_string(&seating.byes)?,
        },
    )?;
    for table in &seating.tables {
        let mode = if paper_tables.contains(&table.number) {
            PAPER
        } else {
            DIGITAL
        };
        let stored = queries::insert_table(
            conn,
            &NewRoundTable {
                round_id: row.id,
                number: i32::try_from(table.number).unwrap_or(i32::MAX),
                mode,
            },
        )?;
        for (side, &entry) in table.entries.iter().enumerate() {
            queries::insert_table_entry(
                conn,
                &models::NewTableEntry {
                    table_id: stored.id,
                    entry_id: entry,
                    side: side as i32,
                },
            )?;
        }
        if mode == DIGITAL {
            play::start_deal(conn, event, &row, &stored, 1, now)?;
        }
    }
    Ok(RoundRecord {
        row,
        pauses: Vec::new(),
    })
}

/// Switches a table of a round that has not started between digital play and real cards.
pub fn set_table_mode(
    conn: &mut Conn,
    event: &EventRecord,
    number: i32,
    table_number: i32,
    paper: bool,
    now: NaiveDateTime,
) -> AppResult<()> {
    let round = load(conn, event, number)?;
    if !round.is_seated() {
        return Err(AppError::conflict(
            "the round has started: a table can only change between cards and phones before the signal",
        ));
    }
    let table = table_of(conn, &round, table_number)?;
    let mode = if paper { PAPER } else { DIGITAL };
    if table.mode == mode {
        return Ok(());
    }
    queries::set_table_mode(conn, table.id, mode)?;
    if !paper && queries::games_of_table(conn, table.id)?.is_empty() {
        play::start_deal(conn, event, &round.row, &table, 1, now)?;
    }
    Ok(())
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
            AppError::not_found(format!("round {} has no table {number}", round.row.number))
        })
}

// ---------------------------------------------------------------- the signal and the clock

/// What the host can do to a round's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Signal {
    Start,
    Pause,
    Resume,
    Extend { seconds: u32 },
    Stop,
}

/// Gives a signal to round `number`.
pub fn signal(
    conn: &mut Conn,
    event: &EventRecord,
    number: i32,
    signal: Signal,
    now: DateTime<Utc>,
) -> AppResult<RoundRecord> {
    let mut round = load(conn, event, number)?;
    if round.is_closed() {
        return Err(AppError::conflict(format!(
            "round {number} is closed; its clock can no longer change"
        )));
    }
    let deadline = deadline(conn, event)?;
    let mut clock = round.clock();
    // A number out of range is the host's input to fix (422); everything else is the round's
    // state not allowing it now (409).
    let clock_error = |e: tournament::ClockError| match e {
        tournament::ClockError::Extension { .. } => AppError::invalid(e.to_string()),
        other => AppError::conflict(other.to_string()),
    };
    match signal {
        Signal::Start => {
            let started = queries::rounds_of_event(conn, event.id())?
                .iter()
                .filter(|r| r.started_at.is_some())
                .count() as u32;
            let first_start = queries::round(conn, event.id(), 1)?.and_then(|r| r.started_at);
            tournament::may_start_round(&event.settings, started, first_start.map(utc), now)
                .map_err(|e| AppError::conflict(e.to_string()))?;
            clock.start(now).map_err(clock_error)?;
            round.row.state = STARTED.into();
            round.row.started_at = clock.started_at.map(|t| t.naive_utc());
            queries::set_event_status(conn, event.id(), events::RUNNING, now.naive_utc())?;
        }
        Signal::Pause => {
            clock.pause(now, deadline).map_err(clock_error)?;
            queries::insert_pause(conn, round.row.id, now.naive_utc())?;
        }
        Signal::Resume => {
            clock.resume(now, deadline).map_err(clock_error)?;
            if let Some(open) = round.pauses.iter().rev().find(|p| p.resumed_at.is_none()) {
                queries::end_pause(conn, open.id, now.naive_utc())?;
            }
        }
        Signal::Extend { seconds } => {
            clock.extend(seconds, now, deadline).map_err(clock_error)?;
            round.row.extended_seconds = round
                .row
                .extended_seconds
                .saturating_add(i32::try_from(seconds).unwrap_or(i32::MAX));
        }
        Signal::Stop => {
            if round.is_seated() {
                return Err(AppError::conflict(
                    "the round has not started: give the start signal first",
                ));
            }
            clock.stop(now, deadline).map_err(clock_error)?;
            if let Some(open) = round.pauses.iter().rev().find(|p| p.resumed_at.is_none()) {
                queries::end_pause(conn, open.id, now.naive_utc())?;
            }
            round.row.stopped_at = Some(now.naive_utc());
        }
    }
    queries::update_round(conn, &round.row)?;
    load(conn, event, number)
}

/// Checks that a move at `now` in this round counts.
pub fn check_in_time(
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundRecord,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let reading = reading(conn, event, round, now)?;
    match reading.state {
        ClockState::NotStarted => Err(AppError::conflict(
            "the round has not started yet: wait for the signal",
        )),
        ClockState::Paused => Err(AppError::conflict(
            "the round is paused: wait until the host resumes it",
        )),
        ClockState::Over => Err(AppError::TimeUp),
        ClockState::Running if reading.in_time => Ok(()),
        ClockState::Running => Err(AppError::TimeUp),
    }
}

// ---------------------------------------------------------------- scores and the close

/// Why a table's round scores are not known yet.
#[derive(Debug, Clone, Serialize)]
pub struct MissingScores {
    pub table: u32,
    pub reason: String,
}

/// Every table entry's miles for the round as they stand, and the tables whose scores are
/// still missing (paper tables without a confirmed card).
pub fn round_miles(
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundRecord,
) -> AppResult<(BTreeMap<EntryId, u32>, Vec<MissingScores>)> {
    let mut miles = BTreeMap::new();
    let mut missing = Vec::new();
    if round.is_closed() {
        for score in queries::scores_of_round(conn, round.row.id)? {
            miles.insert(score.entry_id, u32::try_from(score.miles).unwrap_or(0));
        }
        return Ok((miles, missing));
    }
    for table in queries::tables_of_round(conn, round.row.id)? {
        let number = u32::try_from(table.number).unwrap_or(0);
        if table.mode == DIGITAL {
            miles.extend(play::table_miles(conn, &table, None)?);
            continue;
        }
        match paper_table_miles(conn, event, &table) {
            Ok(Some(per_entry)) => miles.extend(per_entry),
            Ok(None) => missing.push(MissingScores {
                table: number,
                reason: "the score cards are not all in and confirmed".into(),
            }),
            Err(AppError::Invalid(reason)) => missing.push(MissingScores {
                table: number,
                reason,
            }),
            Err(other) => return Err(other),
        }
    }
    Ok((miles, missing))
}

/// What closing the round would do now: movers, cuts for ties, the next seating.
pub fn preview_close(
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundRecord,
) -> AppResult<Closing> {
    let (miles, missing) = round_miles(conn, event, round)?;
    if let Some(first) = missing.first() {
        return Err(AppError::conflict(format!(
            "table {} has no scores yet: {}",
            first.table, first.reason
        )));
    }
    let seating = seating_of(conn, round)?;
    let choices = host_choices(conn, round)?;
    tournament::close_round(&event.settings, round.number(), &seating, &miles, &choices)
        .map_err(|e| AppError::conflict(e.to_string()))
}

fn host_choices(conn: &mut Conn, round: &RoundRecord) -> AppResult<BTreeMap<u32, EntryId>> {
    Ok(queries::tables_of_round(conn, round.row.id)?
        .into_iter()
        .filter_map(|t| Some((u32::try_from(t.number).ok()?, t.host_choice?)))
        .collect())
}

/// The host names the entry that progresses from a table where entries are tied (or takes
/// the choice back with `None`). Only before the round is closed.
pub fn choose_mover(
    conn: &mut Conn,
    event: &EventRecord,
    number: i32,
    table_number: i32,
    entry: Option<EntryId>,
) -> AppResult<()> {
    let round = load(conn, event, number)?;
    if round.is_closed() {
        return Err(AppError::conflict(
            "the round is closed; correct a score instead if the mover was wrong",
        ));
    }
    let table = table_of(conn, &round, table_number)?;
    if let Some(entry) = entry {
        let at_table = queries::entries_of_table(conn, table.id)?
            .iter()
            .any(|te| te.entry_id == entry);
        if !at_table {
            return Err(AppError::invalid(format!(
                "entry {entry} does not sit at table {table_number}"
            )));
        }
    }
    queries::set_table_host_choice(conn, table.id, entry)?;
    Ok(())
}

/// What closing a round did.
#[derive(Debug, Clone, Serialize)]
pub struct CloseSummary {
    pub closing: Closing,
    /// The next round, seated, if the evening goes on.
    pub next_round: Option<i32>,
    /// The evening is over and the standings are final.
    pub finished: bool,
    /// Why the evening ended, if it did.
    pub finished_because: Option<String>,
}

/// Closes a round: records every score, decides the movers, and seats the next round (or
/// ends the evening when the rounds or the time are over).
pub fn close(
    conn: &mut Conn,
    event: &EventRecord,
    number: i32,
    now: DateTime<Utc>,
) -> AppResult<CloseSummary> {
    let mut round = load(conn, event, number)?;
    if round.is_closed() {
        return Err(AppError::conflict(format!(
            "round {number} is already closed"
        )));
    }
    let state = reading(conn, event, &round, now)?.state;
    if state != ClockState::Over {
        return Err(AppError::conflict(match state {
            ClockState::NotStarted => {
                "the round has not started: start it, play, and stop it before closing it"
            }
            _ => {
                "the round is still being played: give the stop signal first (or wait for the time to run out)"
            }
        }));
    }
    let closing = preview_close(conn, event, &round)?;
    record_closing(conn, &round, &closing)?;
    round.row.state = CLOSED.into();
    round.row.closed_at = Some(now.naive_utc());
    if round.row.stopped_at.is_none() {
        round.row.stopped_at = round
            .clock()
            .read(now, deadline(conn, event)?)
            .planned_end
            .map(|t| t.naive_utc());
    }
    round.row.closing = Some(serde_json::to_string(&closing)?);
    queries::update_round(conn, &round.row)?;
    let (next_round, finished_because) = seat_next(conn, event, &round, &closing, now)?;
    Ok(CloseSummary {
        closing,
        next_round,
        finished: finished_because.is_some(),
        finished_because,
    })
}

/// Stores a closing's scores and movers.
fn record_closing(conn: &mut Conn, round: &RoundRecord, closing: &Closing) -> AppResult<()> {
    let tables = queries::tables_of_round(conn, round.row.id)?;
    let mut source: BTreeMap<EntryId, &'static str> = BTreeMap::new();
    for te in queries::entries_of_round(conn, round.row.id)? {
        let paper = tables
            .iter()
            .any(|t| t.id == te.table_id && t.mode == PAPER);
        source.insert(te.entry_id, if paper { PAPER } else { DIGITAL });
    }
    for (&entry, &miles) in &closing.miles {
        queries::upsert_score(
            conn,
            &NewScore {
                round_id: round.row.id,
                entry_id: entry,
                miles: i32::try_from(miles).unwrap_or(i32::MAX),
                source: source.get(&entry).copied().unwrap_or("bye"),
            },
        )?;
    }
    for outcome in &closing.tables {
        if let Some(table) = tables.iter().find(|t| t.number as u32 == outcome.table) {
            let tie = match &outcome.decision {
                tournament::MoverDecision::MostMiles => None,
                other => Some(serde_json::to_string(other)?),
            };
            queries::update_table_result(conn, table.id, Some(outcome.mover), tie.as_deref())?;
        }
    }
    Ok(())
}

/// After a close: seats the next round, or finishes the evening. Returns the next round's
/// number, or why the evening is over.
fn seat_next(
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundRecord,
    closing: &Closing,
    now: DateTime<Utc>,
) -> AppResult<(Option<i32>, Option<String>)> {
    let started = round.number();
    let first_start = queries::round(conn, event.id(), 1)?.and_then(|r| r.started_at);
    if let Err(reached) =
        tournament::may_start_round(&event.settings, started, first_start.map(utc), now)
    {
        queries::set_event_status(conn, event.id(), events::FINISHED, now.naive_utc())?;
        return Ok((None, Some(reached.to_string())));
    }
    let entries: Vec<tournament::Entry> = events::entries(conn, event.id())?
        .into_iter()
        .map(|e| e.entry)
        .collect();
    let next = match tournament::prepare_next_round(&event.settings, &closing.next, &entries) {
        Err(tournament::SeatingError::BotsNeeded { count }) => {
            events::add_bots(conn, event, count, "steady", now.naive_utc())?;
            let entries: Vec<tournament::Entry> = events::entries(conn, event.id())?
                .into_iter()
                .map(|e| e.entry)
                .collect();
            tournament::prepare_next_round(&event.settings, &closing.next, &entries)
        }
        other => other,
    }
    .map_err(|e| AppError::conflict(e.to_string()))?;
    for bot in &next.released_bots {
        queries::withdraw_entry(conn, *bot, round.row.number)?;
    }
    let paper: Vec<u32> = queries::tables_of_round(conn, round.row.id)?
        .iter()
        .filter(|t| t.mode == PAPER)
        .map(|t| t.number as u32)
        .collect();
    let created = create_round(
        conn,
        event,
        round.row.number + 1,
        &next.seating,
        &paper,
        now.naive_utc(),
    )?;
    Ok((Some(created.row.number), None))
}

/// Ends the evening now: a round seated but not started is dropped; the standings are final.
pub fn finish_event(conn: &mut Conn, event: &EventRecord, now: DateTime<Utc>) -> AppResult<()> {
    if event.is_finished() {
        return Err(AppError::conflict("the event is already finished"));
    }
    if let Some(round) = latest(conn, event)? {
        if round.is_seated() {
            queries::delete_round(conn, round.row.id)?;
        } else if !round.is_closed() {
            return Err(AppError::conflict(format!(
                "round {} is being played: stop and close it first",
                round.row.number
            )));
        }
    }
    queries::set_event_status(conn, event.id(), events::FINISHED, now.naive_utc())?;
    Ok(())
}

// ---------------------------------------------------------------- corrections

/// A change to a recorded score, as the host asks for it.
#[derive(Debug, Clone, Deserialize)]
pub struct CorrectionRequest {
    pub round: i32,
    pub entry: EntryId,
    pub miles: u32,
    #[serde(default)]
    pub reason: String,
}

/// What a correction changed.
#[derive(Debug, Clone, Serialize)]
pub struct CorrectionOutcome {
    pub old: Option<u32>,
    pub new: u32,
    /// Tables whose mover changed because of it.
    pub changed_tables: Vec<u32>,
    /// The next round was seated again.
    pub reseated: bool,
}

fn phases(conn: &mut Conn, event: &EventRecord) -> AppResult<Vec<RoundPhase>> {
    Ok(queries::rounds_of_event(conn, event.id())?
        .iter()
        .map(|r| match r.state.as_str() {
            CLOSED => RoundPhase::Closed,
            SEATED => RoundPhase::Seated,
            _ => RoundPhase::Playing,
        })
        .collect())
}

/// Corrects one entry's miles in a closed round, keeping a record of the change. If the next
/// round has not started, its seating follows the corrected movement.
pub fn correct(
    conn: &mut Conn,
    event: &EventRecord,
    request: &CorrectionRequest,
    by: &str,
    now: DateTime<Utc>,
) -> AppResult<CorrectionOutcome> {
    let mut round = load(conn, event, request.round)?;
    if !round.is_closed() {
        return Err(AppError::conflict(format!(
            "round {} is not closed yet: its scores are still being played or entered, so there is nothing to correct",
            request.round
        )));
    }
    let reason = request.reason.trim();
    if reason.chars().count() > 200 {
        return Err(AppError::invalid("say why in at most 200 characters"));
    }
    let seating = seating_of(conn, &round)?;
    let scores = queries::scores_of_round(conn, round.row.id)?;
    let old = scores
        .iter()
        .find(|s| s.entry_id == request.entry)
        .and_then(|s| u32::try_from(s.miles).ok());
    let phases = phases(conn, event)?;
    let (record, effect) = tournament::correct(
        &event.settings,
        &phases,
        event.is_finished(),
        &seating,
        tournament::Correction {
            round: round.number(),
            entry: request.entry,
            old,
            new: request.miles,
            by: by.to_owned(),
            at: now,
        },
    )
    .map_err(|e| {
        // Input to fix (an entry that did not play, miles that cannot be) is 422; the
        // evening's state not allowing the change is 409.
        match e {
            tournament::CorrectionError::NotInRound { .. }
            | tournament::CorrectionError::Score(_)
            | tournament::CorrectionError::Who(_) => AppError::invalid(e.to_string()),
            other => AppError::conflict(other.to_string()),
        }
    })?;
    queries::insert_correction(
        conn,
        &NewCorrection {
            event_id: event.id(),
            round_id: round.row.id,
            entry_id: request.entry,
            old_miles: record
                .old
                .map_or(-1, |m| i32::try_from(m).unwrap_or(i32::MAX)),
            new_miles: i32::try_from(record.new).unwrap_or(i32::MAX),
            reason,
            made_by: by,
            made_at: now.naive_utc(),
        },
    )?;
    let previous: Closing = round
        .row
        .closing
        .as_deref()
        .map(serde_json::from_str)
        .transpose()?
        .ok_or_else(|| AppError::Internal("a closed round without its closing".into()))?;
    let mut miles: BTreeMap<EntryId, u32> = scores
        .iter()
        .map(|s| (s.entry_id, u32::try_from(s.miles).unwrap_or(0)))
        .collect();
    miles.insert(request.entry, request.miles);
    let choices = host_choices(conn, &round)?;
    let reclosed = tournament::reclose(
        &event.settings,
        round.number(),
        &seating,
        &miles,
        &choices,
        &previous,
    )
    .map_err(|e| AppError::conflict(e.to_string()))?;
    record_closing(conn, &round, &reclosed.closing)?;
    round.row.closing = Some(serde_json::to_string(&reclosed.closing)?);
    queries::update_round(conn, &round.row)?;
    let mut reseated = false;
    if let tournament::CorrectionEffect::Reclose { reseat_next: true } = effect
        && !reclosed.changed_tables.is_empty()
        && let Some(next) = queries::round(conn, event.id(), round.row.number + 1)?
        && next.state == SEATED
    {
        queries::delete_round(conn, next.id)?;
        let refreshed = events::load(conn, event.id())?;
        seat_next(conn, &refreshed, &round, &reclosed.closing, now)?;
        reseated = true;
    }
    Ok(CorrectionOutcome {
        old,
        new: request.miles,
        changed_tables: reclosed.changed_tables,
        reseated,
    })
}

// ---------------------------------------------------------------- paper tables

/// Who hands in a score card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardAuthor {
    /// The host: the card counts as confirmed.
    Host,
    /// A player of the table, for their own side: another side must confirm it.
    Side(usize),
}

impl CardAuthor {
    fn label(self) -> String {
        match self {
            CardAuthor::Host => "host".into(),
            CardAuthor::Side(side) => format!("side {side}"),
        }
    }
}

/// A table of a round, by numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableAt {
    pub round: i32,
    pub table: i32,
}

/// Enters a side's score card at a paper table: its count in each row of the rule set's score
/// sheet (for a race: how many cards lie on each mileage pile).
pub fn enter_paper(
    conn: &mut Conn,
    event: &EventRecord,
    TableAt {
        round: number,
        table: table_number,
    }: TableAt,
    (side, card): (usize, PaperCard),
    author: CardAuthor,
    now: NaiveDateTime,
) -> AppResult<(u32, ScoreUnit)> {
    let round = load(conn, event, number)?;
    if round.is_closed() {
        return Err(AppError::conflict(
            "the round is closed: ask the host to correct the score instead",
        ));
    }
    let table = table_of(conn, &round, table_number)?;
    if table.mode != PAPER {
        return Err(AppError::conflict(format!(
            "table {table_number} plays on phones: its scores come from the game"
        )));
    }
    let sides = queries::entries_of_table(conn, table.id)?.len();
    if side >= sides {
        return Err(AppError::invalid(format!(
            "table {table_number} has sides 0 to {}; there is no side {side}",
            sides.saturating_sub(1)
        )));
    }
    let config = play::table_config(event, sides)?;
    let sheet = config.rules.score_sheet(config);
    for key in card.0.keys() {
        if sheet.position(key).is_none() {
            return Err(AppError::invalid(format!(
                "this score card has no row \"{}\"; its rows are {}",
                crate::engine::json::truncate(key, 40),
                sheet
                    .rows
                    .iter()
                    .map(|r| r.id)
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
    }
    for row in &sheet.rows {
        let count = card.count(row.id);
        if let Some(quota) = row.quota.filter(|&q| count > q) {
            return Err(AppError::invalid(format!(
                "the {} pile holds at most {quota} cards in this race, not {count}: count it again",
                row.label
            )));
        }
    }
    let by = author.label();
    let counts = serde_json::to_string(&PaperCard::from_counts(&sheet, &card.counts(&sheet)))?;
    queries::upsert_paper_score(
        conn,
        &NewPaperScore {
            table_id: table.id,
            side: side as i32,
            counts: &counts,
            entered_by: &by,
            entered_at: now,
        },
    )?;
    if author == CardAuthor::Host {
        let stored = queries::paper_scores_of_table(conn, table.id)?
            .into_iter()
            .find(|c| c.side == side as i32)
            .ok_or_else(|| AppError::Internal("the card just stored is missing".into()))?;
        queries::confirm_paper_score(conn, stored.id, &by, now)?;
    }
    Ok((card.score(&sheet), sheet.unit))
}

/// Confirms a side's card, by the host or by a player of another side.
pub fn confirm_paper(
    conn: &mut Conn,
    event: &EventRecord,
    TableAt {
        round: number,
        table: table_number,
    }: TableAt,
    side: usize,
    author: CardAuthor,
    now: NaiveDateTime,
) -> AppResult<()> {
    let round = load(conn, event, number)?;
    let table = table_of(conn, &round, table_number)?;
    let sides = queries::entries_of_table(conn, table.id)?.len();
    if side >= sides {
        return Err(AppError::not_found(format!(
            "table {table_number} has sides 0 to {}; there is no side {side}",
            sides.saturating_sub(1)
        )));
    }
    if author == CardAuthor::Side(side) {
        return Err(AppError::Forbidden(
            "a side cannot confirm its own card: a player of another side (or the host) confirms it".into(),
        ));
    }
    let card = queries::paper_scores_of_table(conn, table.id)?
        .into_iter()
        .find(|c| c.side == side as i32)
        .ok_or_else(|| AppError::conflict(format!("side {side} has not entered its card yet")))?;
    queries::confirm_paper_score(conn, card.id, &author.label(), now)?;
    Ok(())
}

fn paper_card_complete(conn: &mut Conn, table: &models::RoundTable) -> AppResult<bool> {
    let sides = queries::entries_of_table(conn, table.id)?.len();
    let cards = queries::paper_scores_of_table(conn, table.id)?;
    Ok(cards.len() == sides && cards.iter().all(|c| c.confirmed_at.is_some()))
}

/// The miles per entry at a paper table once every card is in and confirmed.
fn paper_table_miles(
    conn: &mut Conn,
    event: &EventRecord,
    table: &models::RoundTable,
) -> AppResult<Option<BTreeMap<EntryId, u32>>> {
    if !paper_card_complete(conn, table)? {
        return Ok(None);
    }
    let entries = queries::entries_of_table(conn, table.id)?;
    let cards = queries::paper_scores_of_table(conn, table.id)?;
    let piles: Vec<PaperCard> = cards
        .iter()
        .map(|c| serde_json::from_str(&c.counts))
        .collect::<Result<_, _>>()?;
    let config = play::table_config(event, entries.len())?;
    let miles = tournament::paper_scores(config, &piles).map_err(|e| {
        AppError::invalid(
            e.0.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    Ok(Some(
        entries
            .iter()
            .zip(miles)
            .map(|(te, m)| (te.entry_id, m))
            .collect(),
    ))
}
