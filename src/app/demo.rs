//! The demo evening behind `touring demo`: an event with six bots and two open seats, rounds of
//! 90 seconds, and a host on autopilot that closes each round when its time is up and gives the
//! start signal for the next after a short break. Everything goes through the ordinary use
//! cases, so a person at the host console can take over at any time.

use chrono::{DateTime, Utc};

use super::events::PlayerLink;
use super::events::{self, EventRecord};
use super::rounds::{self, SeatRequest, Signal};
use super::{App, AppError, AppResult, Tx};
use crate::db::queries;
use crate::tournament::{ClockState, EventLength, Members, RoundKind, Settings, TableSize};

/// The demo's round length.
pub const ROUND_SECONDS: u32 = 90;
/// The demo's number of rounds.
pub const ROUNDS: u32 = 4;
/// Bots in the demo.
pub const BOTS: usize = 6;
/// The names of the open seats.
pub const OPEN_SEATS: [&str; 2] = ["Guest A", "Guest B"];

/// The demo event as it was set up: what `touring demo` prints.
#[derive(Debug, Clone)]
pub struct DemoEvent {
    pub event: i64,
    /// The host's secret (the console link carries it).
    pub host_token: String,
    /// The two open seats' links.
    pub open_seats: Vec<PlayerLink>,
}

/// Creates the demo event: two open seats and six steady bots in tables of two, 90-second
/// rounds, four rounds. Round 1 is seated with the two open seats together at table 1 (so the
/// bots' tables play even when nobody joins) and started at once.
pub fn set_up(app: &App, seed: u64) -> AppResult<DemoEvent> {
    let mut settings = Settings::new("Demo evening", seed);
    settings.table_size = TableSize::Two;
    settings.round = RoundKind::Timed {
        seconds: ROUND_SECONDS,
    };
    settings.length = EventLength::Rounds { rounds: ROUNDS };
    app.write(|conn| {
        let now = app.now_naive();
        let (event, host_token) = events::create(conn, settings.clone(), now)?;
        let mut order = Vec::new();
        let mut open_seats = Vec::new();
        for name in OPEN_SEATS {
            let members = Members::player(name).map_err(|e| AppError::Internal(e.to_string()))?;
            let (entry, links) = events::add_entry_in(conn, &event, members, None, now)?;
            order.push(entry.id);
            open_seats.extend(links);
        }
        order.extend(events::add_bots(conn, &event, BOTS, "steady", now)?);
        let request = SeatRequest {
            order: Some(order),
            ..SeatRequest::default()
        };
        rounds::seat_first(conn, &event, &request, now)?;
        rounds::signal_in(conn, &event, 1, Signal::Start, app.now())?;
        Ok(DemoEvent {
            event: event.id(),
            host_token,
            open_seats,
        })
    })
}

/// What the autopilot did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Nothing to do yet.
    Wait,
    /// Closed round `n` (the movement seated the next one, or the evening ended).
    Closed(u32),
    /// Gave the start signal to round `n`.
    Started(u32),
    /// The evening is over.
    Finished,
}

/// One step of the host's autopilot at `now`: close the latest round when its time is up, and
/// start a seated round once it has been seated for `break_secs`. A refusal (someone at the
/// console acted first) is simply a wait.
pub fn autopilot(
    tx: &mut Tx,
    event: &EventRecord,
    now: DateTime<Utc>,
    break_secs: i64,
) -> AppResult<Step> {
    if event.is_finished() {
        return Ok(Step::Finished);
    }
    let Some(round) = rounds::latest(tx, event)? else {
        return Ok(Step::Wait);
    };
    let number = round.row.number;
    if round.is_closed() {
        return Ok(Step::Finished);
    }
    if round.is_seated() {
        // Seated by the close of the round before: its closing time is when the break began.
        let previous = queries::round(tx, event.id(), number - 1)?;
        let seated_at = previous.and_then(|r| r.closed_at).map(super::utc);
        let due = seated_at.is_none_or(|at| (now - at).num_seconds() >= break_secs);
        if !due {
            return Ok(Step::Wait);
        }
        return Ok(
            match rounds::signal_in(tx, event, number, Signal::Start, now) {
                Ok(_) => Step::Started(round.number()),
                Err(AppError::Conflict(_)) => Step::Wait,
                Err(other) => return Err(other),
            },
        );
    }
    if rounds::reading(tx, event, &round, now)?.state != ClockState::Over {
        return Ok(Step::Wait);
    }
    match rounds::close_in(tx, event, number, now) {
        Ok(summary) if summary.finished => Ok(Step::Finished),
        Ok(_) => Ok(Step::Closed(round.number())),
        Err(AppError::Conflict(_)) => Ok(Step::Wait),
        Err(other) => Err(other),
    }
}
