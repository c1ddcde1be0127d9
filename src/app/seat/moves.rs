//! A seat's move, checked and played in the move's one transaction; its answer is the state the
//! move left.

use super::{SeatHolder, SeatKey, SeatState, Seated, handed_refusal, state_with};
use crate::app::deals::DealAt;
use crate::app::play::{DIGITAL, Move};
use crate::app::{App, AppError, AppResult, Tx, play, rounds};
use crate::db::queries;
use crate::engine::{Action, Event};
use crate::i18n::Said;
use chrono::{DateTime, Utc};
use serde::Serialize;

/// A move as it came in: how many actions the player had seen, and the action.
#[derive(Debug, Clone, Copy)]
pub struct MoveRequest {
    pub seen: u32,
    pub action: Action,
    /// The player confirmed a move that throws away its own side's miles
    /// ([`Game::warning`](crate::engine::Game::warning)). The seat page asks first; bots and
    /// programs playing through the API have read the legal moves and need not.
    pub confirmed: bool,
}

/// What an API move is answered with besides its events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answering {
    /// The seat's whole state after the move, unless the client asks for less.
    State,
    /// Only where the deal stands after the move: for an API client that follows the seat's
    /// live stream (it asked for a minimal answer). The seat's state is then not read, in the
    /// writes' turn or after.
    Position,
}

/// What an API move answers: its events (as the player may see them), and what it was asked
/// to answer besides ([`Answering`]).
#[derive(Debug, Clone)]
pub struct MoveAnswer {
    pub events: Vec<Event>,
    pub after: After,
}

/// The seat after a move, as much of it as was asked for.
#[derive(Debug, Clone)]
pub enum After {
    /// Its whole state ([`Answering::State`]).
    State(Box<SeatState>),
    /// Where its deal stands ([`Answering::Position`]).
    Position(DealPosition),
}

/// Where the seat's deal stands after a move: its number, and how many actions it has (the
/// `seen` of the seat's next move), as the seat's state says them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DealPosition {
    pub number: i32,
    pub actions: u32,
}

/// A move played, inside the move's transaction: its events, its table, and where the seat sits
/// as the move left it, from which its state is drawn only if somebody reads it
/// ([`Played::state`]).
pub struct Played {
    pub events: Vec<Event>,
    pub table: TableRef,
    seated: Seated,
    /// The move ended the deal that ended a round by games: the clock is read again.
    finished: bool,
}

impl Played {
    /// Where the seat's deal stands after the move.
    pub fn position(&self) -> DealPosition {
        DealPosition {
            number: self.seated.deal.row.number,
            actions: self.seated.deal.actions,
        }
    }

    /// The seat's whole state after the move, in the move's transaction (its table and deal
    /// as the move left them, not read again).
    pub fn state(
        self,
        tx: &mut Tx,
        holder: &SeatHolder,
        now: DateTime<Utc>,
    ) -> AppResult<SeatState> {
        let mut seated = self.seated;
        // A round by games is over once its last table's last deal is won: read the clock
        // again.
        if self.finished {
            seated.reading = rounds::reading(tx, &holder.event, &seated.round, now)?;
        }
        Ok(state_with(tx, holder, now, Some(seated))?.0)
    }
}

/// Plays a move a person sent as JSON (`{"play":"go"}`) through a seat's link or pick (the
/// page or the API), read under the rules the event plays. A seat a bot plays is refused
/// first ([`bot_plays`]), whatever the move; the server plays bots' moves through
/// [`play_move_as`].
pub fn play_json_move(
    tx: &mut Tx,
    holder: &SeatHolder,
    (seen, confirmed): (u32, bool),
    action: &serde_json::Value,
    now: DateTime<Utc>,
) -> AppResult<Played> {
    if let Some(refusal) = bot_plays(holder) {
        return Err(refusal);
    }
    let action = Action::from_json(holder.event.settings.rules, action).map_err(|detail| {
        AppError::invalid(crate::tournament::said(crate::engine::unreadable(&detail)))
    })?;
    let request = MoveRequest {
        seen,
        action,
        confirmed,
    };
    play_move_as(tx, holder, request, now)
}

/// Plays a move for a known player. Refusals: the clock ("time is up", "not started",
/// "paused"), a stale view ("the table moved on"), or the rules (the engine's sentence).
pub fn play_move_as(
    tx: &mut Tx,
    holder: &SeatHolder,
    request: MoveRequest,
    now: DateTime<Utc>,
) -> AppResult<Played> {
    let event = &holder.event;
    if let Some(to) = holder.player.handed_to {
        return Err(handed_refusal(tx, to)?);
    }
    let round = rounds::latest(tx, event)?
        .ok_or_else(|| AppError::conflict(Said::new("refused-no-round-seated")))?;
    let table = queries::table_of_entry(tx, round.row.id, holder.entry.id)?
        .ok_or_else(|| AppError::conflict(Said::new("refused-not-seated")))?;
    if table.mode != DIGITAL {
        return Err(AppError::conflict(Said::new("refused-table-on-paper")));
    }
    let reading = rounds::check_in_time(tx, event, &round, now)?;
    let deal = play::current_deal(tx, table.id)?
        .ok_or_else(|| AppError::Internal("a digital table without a deal".into()))?;
    let seat = deal.seats.seat_of(holder.player.id).ok_or_else(|| {
        AppError::Internal("a player at a table without a seat in its deal".into())
    })?;
    // A move that throws away the side's own miles is played only once confirmed (unless the
    // table moved on: then the player is shown the new state instead).
    if !request.confirmed
        && request.seen == deal.actions
        && deal.game.to_move() == seat
        && let Some(warning) = deal.game.warning(request.action)
    {
        return Err(AppError::invalid(unconfirmed(&warning)));
    }
    let outcome = play::apply_move(
        tx,
        (event, &round.row, &table),
        deal,
        Move {
            seat,
            seen: request.seen,
            action: request.action,
        },
        now.naive_utc(),
    )?;
    let table_ref = TableRef {
        event: event.id(),
        round: round.row.id,
        table: table.id,
        changed: outcome.changed,
        deal: Some(DealAt::of(&outcome.deal)),
    };
    Ok(Played {
        events: outcome.events,
        table: table_ref,
        seated: Seated {
            round,
            reading,
            table,
            deal: outcome.deal,
        },
        finished: outcome.finished,
    })
}

/// Why no person may move a seat now, if a bot plays it: the seat is a bot's (labelled as one
/// by the host), or the host handed it to a stand-in bot, which holds it until the host gives
/// it back. No link or pick plays such a seat, so a seat never has two players.
pub fn bot_plays(holder: &SeatHolder) -> Option<AppError> {
    if holder.entry.is_bot {
        Some(AppError::forbidden(Said::new("refused-seat-is-bot")))
    } else if holder.player.stand_in {
        Some(AppError::conflict(Said::new("refused-seat-stand-in")))
    } else {
        None
    }
}

/// The refusal of a dangerous move sent without its confirmation (the warning is the
/// engine's words).
pub fn unconfirmed(warning: &str) -> Said {
    let mut first = warning.chars();
    let warning = first
        .next()
        .map(|c| c.to_uppercase().chain(first).collect::<String>())
        .unwrap_or_default();
    Said::new("refused-unconfirmed").text("warning", warning)
}

/// Which table a move was played at, for live updates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableRef {
    pub event: i64,
    pub round: i64,
    pub table: i64,
    /// Whether the table changed. A coup fourré let go is only noted until the table's wait is
    /// over, and no page may be told of it (see `play::apply_move`).
    pub changed: bool,
    /// Where the table's deal stands after the move.
    pub deal: Option<DealAt>,
}

/// Plays a move sent as JSON (`{"play":"go"}`) from a seat, through the API: queued for the
/// writer thread, which answers once the move is on disk (see [`App::write_queued`]), holding
/// no thread meanwhile.
///
/// `confirmed`: the player confirmed a move that throws away its own side's miles (see
/// [`MoveRequest::confirmed`]); `answer`: what the move answers besides its events.
pub async fn play_move(
    app: &App,
    key: SeatKey,
    (seen, confirmed, answer): (u32, bool, Answering),
    action: serde_json::Value,
) -> AppResult<(MoveAnswer, TableRef)> {
    let clock = app.clone();
    let played = app
        .write_queued(move |tx| api_move(tx, &key, (seen, confirmed, answer), &action, clock.now()))
        .await?;
    // Counted once committed (a write may run more than once).
    crate::metrics::get().moves.inc();
    Ok(played)
}

/// An API move in its transaction: its events, and what it answers besides.
fn api_move(
    tx: &mut Tx,
    key: &SeatKey,
    (seen, confirmed, answer): (u32, bool, Answering),
    action: &serde_json::Value,
    now: DateTime<Utc>,
) -> AppResult<(MoveAnswer, TableRef)> {
    let holder = key.holder(tx)?;
    let mut played = play_json_move(tx, &holder, (seen, confirmed), action, now)?;
    let events = std::mem::take(&mut played.events);
    let table = played.table;
    let after = match answer {
        Answering::Position => After::Position(played.position()),
        Answering::State => After::State(Box::new(played.state(tx, &holder, now)?)),
    };
    Ok((MoveAnswer { events, after }, table))
}
