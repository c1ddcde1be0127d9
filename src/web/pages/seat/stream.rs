//! The seat page's live updates: its board redrawn over server-sent events after each move at
//! its table.

use super::{ThisSeat, board, key_urls};
use crate::app::{App, AppError, AppResult, seat};
use crate::web::live::{Audience, Hub};
use crate::web::pages::{PageError, fragment, run};
use crate::web::session::Visitor;
use crate::web::{boards, live};
use actix_web::web;
use askama::Template;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// What an open seat page shows once its seat was taken back (a new link, or released).
#[derive(Template)]
#[template(path = "fragments/seat_taken_back.html")]
struct TakenBack {
    lang: crate::i18n::Lang,
}

/// The seat's stream: a new board whenever the event itself changes or a move is played at
/// the seat's own table (it follows its table from round to round: `Listener::follow_table`);
/// moves at other tables do not wake it.
pub(super) async fn live(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    seat: ThisSeat,
) -> Result<impl actix_web::Responder, PageError> {
    let key = seat.key(&visitor)?;
    let csrf = visitor.csrf();
    let lang = visitor.lang();
    // A card this browser typed and the server refused stays on its form (a card form reloads
    // the page, so the stream always starts with the current one).
    let draft = visitor.card_draft();
    let (_, post_move, post_card, _) = key_urls(&key);
    let probe = key.clone();
    let event = run(&app, move |app| seat::event_of_seat(app, &probe)).await?;
    // The seat's table changes from round to round: each drawing says which table the stream
    // follows, and moves at other tables do not wake it.
    let kept: Arc<Mutex<Option<seat::KeptBoard>>> = Arc::default();
    // What the last drawing said of the recent moves, said again at the next.
    let memo: Arc<boards::RecentMemo> = Arc::default();
    // The parts of the board the last drawing sent, sent again only when they change.
    let sent: Arc<Mutex<crate::web::parts::SentParts>> = Arc::default();
    let draw = {
        let (csrf, urls, draft) = (
            csrf.clone(),
            (post_move.clone(), post_card.clone()),
            draft.clone(),
        );
        move |data: &seat::SeatBoard| -> AppResult<crate::web::pages::Redraw> {
            let table = data.table;
            // Held while drawing: what the last drawing sent decides what need not be drawn.
            let mut sent = sent.lock().unwrap_or_else(PoisonError::into_inner);
            let board = board(
                lang,
                data,
                &csrf,
                (&urls.0, &urls.1),
                draft.as_ref(),
                Some(&memo),
                Some(&sent),
            )?;
            let mut html = fragment(&board)?;
            crate::web::parts::seal_and_elide(&mut html, &mut sent);
            Ok(crate::web::pages::Redraw {
                regions: vec![("board", html)],
                table,
                last: false,
            })
        }
    };
    // A move at its table whose deal this instance keeps is drawn here, reading nothing.
    let quick = {
        let (kept, draw) = (kept.clone(), draw.clone());
        move |app: &App, change: &live::Change| {
            if change.everything {
                return None;
            }
            let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
            let board = kept.as_mut()?;
            let at = change.tables.get(&board.board.table?).copied().flatten()?;
            if !seat::board_told(app, board, at) {
                return None;
            }
            match draw(&board.board) {
                Ok(redraw) => Some(redraw),
                Err(_) => {
                    // Drawn again from the database by the slow path.
                    *kept = None;
                    None
                }
            }
        }
    };
    Ok(crate::web::pages::live_stream(
        app,
        hub.listen(Audience::Seat { event, table: None }),
        live::Gather::For(Duration::ZERO),
        quick,
        move |app, change| {
            // After moves at its table only, the board is drawn again from the deal alone.
            let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(board) = kept.as_mut().filter(|_| !change.everything) {
                let at = board
                    .board
                    .table
                    .and_then(|t| change.tables.get(&t).copied().flatten());
                if seat::board_after_moves(app, board, at)? {
                    return draw(&board.board);
                }
            }
            // Every drawing of more than moves checks the seat's key again: a seat the host
            // gave a new link or released is taken back from this page at once, and its
            // stream ends (the host's change wakes every seat of the event).
            let now = match seat::kept_board(app, &key) {
                Err(AppError::Forbidden(_)) => {
                    *kept = None;
                    return Ok(crate::web::pages::Redraw {
                        regions: vec![("board", fragment(&TakenBack { lang })?)],
                        table: None,
                        last: true,
                    });
                }
                other => other?,
            };
            draw(&kept.insert(now).board)
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn pseudo_language_every_word_of_a_seat_taken_back_comes_from_a_message() {
        let html = fragment(&TakenBack { lang: Lang::PSEUDO }).expect("drawn");
        assert_eq!(crate::i18n::untranslated(&html, &[]), Vec::<String>::new());
        let french = Lang::from_tag("fr").expect("French");
        let html = fragment(&TakenBack { lang: french }).expect("drawn");
        assert!(html.contains("Cette place a été reprise"), "{html}");
        let html = fragment(&TakenBack {
            lang: Lang::ENGLISH,
        })
        .expect("drawn");
        assert!(html.contains("This seat was taken back"), "{html}");
    }
}
