//! The turn clock and stand-ins: a seat that lets its turn run out at a digital table (the
//! event's `turn_seconds`), or that the host handed to a bot, has its turn played by the
//! table's steady bot, from that seat's view only, and the move is stored as played for the
//! seat ("clock" or "bot") so that every board and the replay say so.
//!
//! This module reads the clock (whose turn, until when) and hands seats to a bot; the
//! stand-in's move is played by [`super::bot_moves`] (`play_stand_in`), which sits above the
//! seat's move use case. Nothing here runs per request: the bots' task (`web::bots`) asks
//! [`super::bot_moves::waiting`] what the server must play, and that also answers the turns
//! whose time ran out. A decision
//! with its own window (Mille Bornes' coup fourré and the wait after a hazard, the Extension)
//! is not on the turn clock: the table's own wait answers it, and the turn clock starts again
//! once the table goes on.

use chrono::NaiveDateTime;
use serde::Serialize;

use super::events::EventRecord;
use super::play::LoadedDeal;
use super::rounds::RoundRecord;
use super::{App, AppError, AppResult, HostKey};
use crate::db::{Conn, queries};
use crate::engine::Seat;
use crate::i18n::Said;

pub use super::deals::{StandIn, StandInNote};

/// The turn clock as a seat's page shows it: whose turn, and how long it still has. The same
/// for every seat at the table (whose turn it is and when the last move was made are public).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TurnInfo {
    /// The seat whose turn it is.
    pub seat: Seat,
    /// Milliseconds until the turn clock plays the turn (0 when it is due).
    pub left_ms: i64,
    /// The event's seconds a turn.
    pub seconds: u32,
}

/// When the turn of the seat to move began: its deal's last move (or deal), or the round's
/// start or last resume if later (a turn never runs while the round's clock is stopped).
fn turn_began(deal: &LoadedDeal, round: &RoundRecord) -> NaiveDateTime {
    let mut began = deal.last_at;
    if let Some(started) = round.row.started_at {
        began = began.max(started);
    }
    for pause in &round.pauses {
        if let Some(resumed) = pause.resumed_at {
            began = began.max(resumed);
        }
    }
    began
}

/// When the turn of the seat to move runs out, if the turn clock is on and a seat is on turn:
/// not when the deal is over, nor while the table waits for a decision with its own window.
pub fn turn_due(
    deal: &LoadedDeal,
    round: &RoundRecord,
    turn_seconds: Option<u32>,
) -> Option<NaiveDateTime> {
    let seconds = turn_seconds?;
    if deal.is_over() || deal.timed_decision().is_some() {
        return None;
    }
    Some(turn_began(deal, round) + chrono::TimeDelta::seconds(i64::from(seconds)))
}

/// The turn clock of a deal as the seats' pages show it.
pub fn turn_info(
    deal: &LoadedDeal,
    round: &RoundRecord,
    turn_seconds: Option<u32>,
    now: NaiveDateTime,
) -> Option<TurnInfo> {
    let due = turn_due(deal, round, turn_seconds)?;
    Some(TurnInfo {
        seat: deal.game.to_move(),
        left_ms: (due - now).num_milliseconds().max(0),
        seconds: turn_seconds?,
    })
}

/// The moves of the deal's latest actions that were played for their seats.
pub fn recent_notes(deal: &LoadedDeal, count: u32) -> Vec<StandInNote> {
    let from = deal.actions.saturating_sub(count);
    deal.stand_ins
        .iter()
        .filter(|note| note.action >= from)
        .copied()
        .collect()
}

/// The players of an event the host handed to a bot.
pub fn handed_players(conn: &mut Conn, event: i64) -> AppResult<std::collections::HashSet<i64>> {
    Ok(queries::stand_in_players_of_event(conn, event)?
        .into_iter()
        .collect())
}

/// Hands a seat to a bot (`to_bot`) or gives it back to its player. Answers the player's name.
pub fn hand_seat_in(
    conn: &mut Conn,
    event: &EventRecord,
    player: i64,
    to_bot: bool,
) -> AppResult<String> {
    let row = queries::players_of_event(conn, event.id())?
        .into_iter()
        .find(|p| p.id == player)
        .ok_or_else(|| {
            AppError::not_found(Said::new("refused-no-player").text("player", player.to_string()))
        })?;
    if event.is_finished() {
        return Err(AppError::conflict(Said::new("refused-hand-to-bot-over")));
    }
    queries::set_player_stand_in(conn, row.id, to_bot)?;
    Ok(row.name)
}

// ---------------------------------------------------------------- use cases

/// The host hands a seat to a bot, or takes it back for its player. Answers the player's name.
pub fn hand_seat(app: &App, host: &HostKey, player: i64, to_bot: bool) -> AppResult<String> {
    app.write_as_host(host, |conn, event| {
        hand_seat_in(conn, event, player, to_bot)
    })
}
