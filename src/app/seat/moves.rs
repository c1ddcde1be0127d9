//! A seat's move, checked and played in the move's one transaction; its answer is the state the
//! move left.

use super::*;

/// A move as it came in: how many actions the player had seen, and the action.
#[derive(Debug, Clone, Copy)]
pub struct MoveRequest {
    pub seen: u32,
    pub action: Action,
    /// The player confirmed a move that throws away its own side's miles
    /// ([`Game::warning`](crate::engine::Game::warning)). The seat page asks first; bots and
    /// programs playing through the API have read the legal moves and need not.
    pub confirmed: bool,
    /// What the mover wants back besides the move's events.
    pub answer: Answering,
}

/// What a move is answered with besides its events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answering {
    /// The seat's whole state after the move: the page draws its board from it, and an API
    /// client gets it unless it asks for less.
    State,
    /// Only where the deal stands after the move: for a bot, and for an API client that follows
    /// the seat's live stream (it asked for a minimal answer). The seat's state is then not
    /// read, in the writes' turn or after.
    Position,
}

/// What a move answers: its events (as the player may see them), where the deal stands, and
/// the new state if it was asked for ([`Answering::State`]).
#[derive(Debug, Clone, Serialize)]
pub struct MoveAnswer {
    pub events: Vec<Event>,
    pub deal: DealPosition,
    pub state: Option<SeatState>,
}

/// Where the seat's deal stands after a move: its number, and how many actions it has (the
/// `seen` of the seat's next move), as the seat's state says them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DealPosition {
    pub number: i32,
    pub actions: u32,
}

/// Plays a move sent as JSON (`{"play":"go"}`), read under the rules the event plays.
pub fn play_json_move(
    tx: &mut Tx,
    holder: &SeatHolder,
    (seen, confirmed, answer): (u32, bool, Answering),
    action: &serde_json::Value,
    now: DateTime<Utc>,
) -> AppResult<(MoveAnswer, TableRef)> {
    let action = Action::from_json(holder.event.settings.rules, action)
        .map_err(|detail| AppError::invalid(crate::engine::unreadable(&detail)))?;
    let request = MoveRequest {
        seen,
        action,
        confirmed,
        answer,
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
) -> AppResult<(MoveAnswer, TableRef)> {
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
    let events = outcome.events;
    let changed = outcome.changed;
    let at = DealAt::of(&outcome.deal);
    let position = DealPosition {
        number: outcome.deal.row.number,
        actions: outcome.deal.actions,
    };
    let table_ref = TableRef {
        event: event.id(),
        round: round.row.id,
        table: table.id,
        changed,
        deal: Some(at),
    };
    let state = match request.answer {
        Answering::Position => None,
        Answering::State => {
            // A round by games is over once its last table's last deal is won: read the clock
            // again.
            let reading = if outcome.finished {
                rounds::reading(tx, event, &round, now)?
            } else {
                reading
            };
            let seated = Seated {
                round: round.clone(),
                reading,
                table,
                deal: outcome.deal,
            };
            Some(state_with(tx, holder, now, Some(seated))?.0)
        }
    };
    Ok((
        MoveAnswer {
            events,
            deal: position,
            state,
        },
        table_ref,
    ))
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

/// Plays a move sent as JSON (`{"play":"go"}`) from a seat.
///
/// `confirmed`: the player confirmed a move that throws away its own side's miles (see
/// [`MoveRequest::confirmed`]); `answer`: what the move answers besides its events.
pub fn play_move(
    app: &App,
    key: &SeatKey,
    (seen, confirmed, answer): (u32, bool, Answering),
    action: &serde_json::Value,
) -> AppResult<(MoveAnswer, TableRef)> {
    let played = app.write(|conn| {
        let holder = key.holder(conn)?;
        play_json_move(conn, &holder, (seen, confirmed, answer), action, app.now())
    })?;
    // Counted once committed (a write may run more than once).
    crate::metrics::get().moves.inc();
    Ok(played)
}
