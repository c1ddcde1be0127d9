//! The signal and the clock: start, pause, resume, extend and stop, whether a move is in time,
//! and where the running rounds' clocks end.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{RoundOverview, RoundRecord, RoundStage, deadline, load, overview, reading};
use crate::app::events::{self, EventRecord};
use crate::app::leases::Held;
use crate::app::{App, AppError, AppResult, HostKey, utc};
use crate::db::{Conn, queries};
use crate::i18n::Said;
use crate::tournament::{self, ClockState};

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

/// The ends of every round that is running or ran out by the clock and is not yet closed, in
/// the events `held` (whose timed work this instance does). Paused rounds and rounds with no
/// end (by games, without a time limit) have none.
pub fn clock_ends(conn: &mut Conn, now: DateTime<Utc>, held: &Held) -> AppResult<Vec<ClockEnd>> {
    let mut ends = Vec::new();
    for row in queries::started_open_rounds(conn)? {
        if !held.keeps(row.event_id) {
            continue;
        }
        let event = events::load(conn, row.event_id)?;
        let pauses = queries::pauses_of_round(conn, row.id)?;
        let record = RoundRecord::new(row, pauses)?;
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

/// The ends of the running rounds at `now` in the events whose time this instance keeps, read
/// in one transaction (for the clock watcher).
pub fn clock_ends_at(app: &App, now: DateTime<Utc>) -> AppResult<Vec<ClockEnd>> {
    let held = app.leases().held();
    app.read(|conn| clock_ends(conn, now, &held))
}

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
pub fn signal_in(
    conn: &mut Conn,
    event: &EventRecord,
    number: i32,
    signal: Signal,
    now: DateTime<Utc>,
) -> AppResult<RoundRecord> {
    let mut round = load(conn, event, number)?;
    if round.is_closed() {
        return Err(AppError::conflict(
            Said::new("refused-clock-round-closed").number("round", number),
        ));
    }
    let deadline = deadline(conn, event)?;
    let mut clock = round.clock();
    // A number out of range is the host's input to fix (422); everything else is the round's
    // state not allowing it now (409).
    let clock_error = |e: tournament::ClockError| match e {
        tournament::ClockError::Extension { .. } => AppError::invalid(e.said()),
        other => AppError::conflict(other.said()),
    };
    match signal {
        Signal::Start => {
            let started = queries::rounds_of_event(conn, event.id())?
                .iter()
                .filter(|r| r.started_at.is_some())
                .count() as u32;
            let first_start = queries::round(conn, event.id(), 1)?.and_then(|r| r.started_at);
            tournament::may_start_round(&event.settings, started, first_start.map(utc), now)
                .map_err(|e| AppError::conflict(e.said()))?;
            clock.start(now).map_err(clock_error)?;
            round.set_stage(RoundStage::Started);
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
                return Err(AppError::conflict(Said::new("refused-stop-not-started")));
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
) -> AppResult<crate::tournament::ClockReading> {
    let reading = reading(conn, event, round, now)?;
    match reading.state {
        ClockState::NotStarted => Err(AppError::conflict(Said::new("refused-move-not-started"))),
        ClockState::Paused => Err(AppError::conflict(Said::new("refused-move-paused"))),
        ClockState::Over => Err(AppError::TimeUp),
        ClockState::Running if reading.in_time => Ok(reading),
        ClockState::Running => Err(AppError::TimeUp),
    }
}

/// Gives a signal (start, pause, resume, extend, stop) to round `number`; answers the round.
pub fn signal(app: &App, host: &HostKey, number: i32, signal: Signal) -> AppResult<RoundRecord> {
    app.write_as_host(host, |conn, event| {
        signal_in(conn, event, number, signal, app.now())
    })
}

/// Gives a signal (start, pause, resume, extend, stop) to round `number`; answers the round
/// as the API shows it.
pub fn give_signal(
    app: &App,
    host: &HostKey,
    number: i32,
    signal: Signal,
) -> AppResult<RoundOverview> {
    app.write_as_host(host, |conn, event| {
        let round = signal_in(conn, event, number, signal, app.now())?;
        overview(conn, event, round, app.now())
    })
}
