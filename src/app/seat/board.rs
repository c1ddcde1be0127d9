//! A seat's board: its state with its table's score sheet, as the seat page draws it, and what a
//! live stream redraws of it after a move.

use super::{
    DealFrame, Opened, SeatHolder, SeatKey, SeatState, TableRef, hold_by_link, play_json_move,
    state_with,
};
use crate::app::deals::DealAt;
use crate::app::play::LoadedDeal;
use crate::app::{App, AppError, AppResult, Tx, play, rounds};
use crate::db::queries;
use chrono::{DateTime, Utc};

/// Everything a seat's board shows: the seat's state (at a paper table with every side's
/// card), its table's score sheet, and the table it sits at (for live updates).
#[derive(Debug, Clone)]
pub struct SeatBoard {
    pub state: SeatState,
    pub sheet: crate::engine::ScoreSheet,
    /// The id of the seat's table this round, if it sits at one.
    pub table: Option<i64>,
    /// The series the evening belongs to, if any (the seat page links to the guest's season).
    pub series: Option<i64>,
}

/// A seat's board, read in one transaction.
pub fn seat_board(app: &App, key: &SeatKey) -> AppResult<SeatBoard> {
    app.read(|conn| {
        let holder = key.holder(conn)?;
        board_of(conn, &holder, app.now()).map(|(board, _)| board)
    })
}

/// A seat's board as a live stream keeps it: the board, and what a move at its table may change
/// of it ([`DealFrame`]), so that the stream draws the next move from the deal alone.
#[derive(Debug, Clone)]
pub struct KeptBoard {
    pub board: SeatBoard,
    frame: Option<DealFrame>,
}

/// A seat's board for its live stream, read in one transaction.
pub fn kept_board(app: &App, key: &SeatKey) -> AppResult<KeptBoard> {
    app.read(|conn| {
        let holder = key.holder(conn)?;
        let (board, frame) = board_of(conn, &holder, app.now())?;
        Ok(KeptBoard { board, frame })
    })
}

/// A kept board after moves at its table, drawn in place from the replay this instance keeps
/// when it is at least as recent as a move's notice said (`at`): reads nothing, so a live
/// stream may call it on its own thread. `false`, and the board left as it was, when no such
/// replay is kept or the deal is another one.
pub fn board_told(app: &App, kept: &mut KeptBoard, at: DealAt) -> bool {
    let Some(frame) = &kept.frame else {
        return false;
    };
    if at.game != frame.game {
        return false;
    }
    let Some(deal) = app.deals().at_least(at) else {
        return false;
    };
    redraw(kept, &deal, app.now());
    true
}

/// A kept board after moves at its table: the same board with the table's deal as it stands,
/// drawn in place from the deal alone. When the move's notice said where the deal stands
/// (`at`) and this instance keeps that replay (or a later one), nothing is read; otherwise the
/// table's latest deal is read (the kept replay and the actions stored since). `false`, and the
/// board left as it was, when that is not enough and the stream must read the whole board
/// again: the deal was won and another dealt, or the board shows no deal.
pub fn board_after_moves(app: &App, kept: &mut KeptBoard, at: Option<DealAt>) -> AppResult<bool> {
    let Some((table, game)) = kept.frame.as_ref().map(|f| (f.table, f.game)) else {
        return Ok(false);
    };
    if let Some(at) = at {
        if at.game != game {
            return Ok(false);
        }
        if board_told(app, kept, at) {
            return Ok(true);
        }
    }
    let read = app.read(|conn| match queries::latest_game_of_table(conn, table)? {
        Some(row) if row.id == game => play::load_deal(conn, row).map(Some),
        _ => Ok(None),
    })?;
    Ok(match read {
        Some(deal) => {
            redraw(kept, &deal, app.now());
            true
        }
        None => false,
    })
}

/// The kept board with `deal` drawn in, in place (a stream redraws six boards a move: copying
/// each was a measurable share of the server's time).
fn redraw(kept: &mut KeptBoard, deal: &LoadedDeal, now: DateTime<Utc>) {
    let KeptBoard { board, frame } = kept;
    let Some(frame) = frame else {
        return;
    };
    frame.apply(&mut board.state, Some(deal), now);
    if let Some(round) = &mut board.state.round
        && round.state == rounds::RoundState::Running
        && let Some(end) = round.ends_at
    {
        round.left_ms = Some((end - now).num_milliseconds().max(0));
    }
}

/// Opens a seat link and reads its board, in one transaction: the first to open the link
/// holds the seat (it can no longer be picked from a QR code, and a browser that had picked
/// it holds it no longer: see [`hold_by_link`]).
pub fn open_seat_board(app: &App, token: &str) -> AppResult<(SeatBoard, Opened)> {
    app.write(|conn| {
        let (holder, opened) = hold_by_link(conn, token)?;
        Ok((board_of(conn, &holder, app.now())?.0, opened))
    })
}

pub(super) fn board_of(
    tx: &mut Tx,
    holder: &SeatHolder,
    now: DateTime<Utc>,
) -> AppResult<(SeatBoard, Option<DealFrame>)> {
    let (state, frame) = state_with(tx, holder, now, None)?;
    let table = match rounds::latest(tx, &holder.event)? {
        Some(round) => queries::table_of_entry(tx, round.row.id, holder.entry.id)?,
        None => None,
    };
    Ok((board_around(holder, state, table.map(|t| t.id))?, frame))
}

/// The board around a seat's state: its table's score sheet, its table (`table`, the id of the
/// one it sits at this round) and the evening's series.
fn board_around(holder: &SeatHolder, state: SeatState, table: Option<i64>) -> AppResult<SeatBoard> {
    let sheet = holder
        .event
        .settings
        .table_config(state.tablemates.len().max(2))
        .map(|config| config.rules.score_sheet(config))
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(SeatBoard {
        state,
        sheet,
        table,
        series: holder.event.row.series_id,
    })
}

/// Plays a move from the seat page (a form sent without script), in the move's one
/// transaction, which also holds the seat for its link as opening the page does (and says
/// whether that ended a browser's pick of it: [`Opened`]). The move is
/// queued for the writer thread, as the API's are ([`App::write_queued`]). Answers the board
/// the move left (as the API's answer does), so that the page load that follows the move's
/// redirect need not read the page and replay the deal again: the web keeps it for that load.
pub async fn play_page_move(
    app: &App,
    key: SeatKey,
    (seen, confirmed): (u32, bool),
    action: serde_json::Value,
) -> AppResult<(SeatBoard, TableRef, Opened)> {
    let clock = app.clone();
    let (board, table, opened) = app
        .write_queued(move |tx| {
            let (holder, opened) = match &key {
                SeatKey::Token(token) => hold_by_link(tx, token)?,
                SeatKey::Player(..) => (key.holder(tx)?, Opened::default()),
            };
            let now = clock.now();
            let played = play_json_move(tx, &holder, (seen, confirmed), &action, now)?;
            let table = played.table;
            let state = played.state(tx, &holder, now)?;
            Ok((
                board_around(&holder, state, Some(table.table))?,
                table,
                opened,
            ))
        })
        .await?;
    crate::metrics::get().moves.inc();
    Ok((board, table, opened))
}

/// The seat page's board, read in one transaction (a write by the seat's link, which holds the
/// seat: see [`open_seat_board`]).
pub fn page_board(app: &App, key: &SeatKey) -> AppResult<(SeatBoard, Opened)> {
    match key {
        SeatKey::Token(token) => open_seat_board(app, token),
        SeatKey::Player(..) => Ok((seat_board(app, key)?, Opened::default())),
    }
}

/// Whether a board a move left at `at` (at `when`) still shows its table: no later move at
/// its table is kept on this instance, and it is no older than `life`.
pub fn board_still_shows(
    app: &App,
    at: DealAt,
    when: DateTime<Utc>,
    life: chrono::TimeDelta,
) -> bool {
    let now = app.now();
    let later = DealAt {
        game: at.game,
        actions: at.actions + 1,
    };
    now >= when && now - when <= life && app.deals().at_least(later).is_none()
}
