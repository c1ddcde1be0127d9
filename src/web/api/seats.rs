//! The `seats` tag: a player's seat link: the table's game, moves and paper score cards.

use actix_web::{HttpRequest, get, post, web};
use serde_json::Value;

use super::dto::*;
use super::{Answer, Json, ok, run};
use crate::app::rounds::TypedCard;
use crate::app::seat::{self, SeatCard, SeatKey};
use crate::app::{App, AppError};
use crate::i18n::Lang;
use crate::web::error::{ApiError, ErrorBody};
use crate::web::live::{Hub, Topic};

#[utoipa::path(tag = "seats",
    params(("token" = String, Path, description = "The seat link's token")),
    responses(
        (status = 200, description = "Where to sit, the time left, and the game as this seat sees it", body = SeatOut),
        (status = 403, description = "Not a valid seat link", body = ErrorBody),
    ))]
#[get("/seats/{token}")]
pub(super) async fn seat_state(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    req: HttpRequest,
    path: web::Path<String>,
) -> Answer {
    let token = path.into_inner();
    let (state, opened) = run(&app, move |app| seat::open_seat(app, &token)).await?;
    if opened.ended_pick {
        // A phone that had picked the seat holds it no longer: its open page is told.
        hub.publish(state.event, Topic::Event);
    }
    ok(SeatOut {
        ok: true,
        seat: said_in(state, &req),
    })
}

/// The seat's one sentence (`message`) in the language the client's `Accept-Language`
/// prefers (English when it names no language offered); the rest of the state (codes, field
/// names) stays as it is.
fn said_in(mut state: seat::SeatState, req: &HttpRequest) -> seat::SeatState {
    let lang = crate::web::error::lang_of_client(req);
    if lang != Lang::ENGLISH && !state.said.is_empty() {
        state.message = lang.say_all(&state.said);
    }
    state
}

#[utoipa::path(tag = "seats",
    params(
        ("token" = String, Path, description = "The seat link's token"),
        ("Prefer" = Option<String>, Header, description = "`return=minimal`: answer only the events and where the deal stands (`deal`), not the seat's whole state, for a client that follows the seat's live stream"),
    ),
    request_body = MoveInput,
    responses(
        (status = 200, description = "Played: the events and the new state (with `Prefer: return=minimal`, the events and where the deal stands)", body = MoveOut),
        (status = 403, description = "Not a valid seat link, or a bot's seat (the server plays its moves)", body = ErrorBody),
        (status = 409, description = "Time is up, not started, paused, the table moved on (the body carries the new state), or the host handed the seat to a bot until it gives it back", body = ErrorBody),
        (status = 422, description = "Not a legal move: the rule it breaks", body = ErrorBody),
    ))]
#[post("/seats/{token}/moves")]
pub(super) async fn play_move(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    req: HttpRequest,
    path: web::Path<String>,
    input: Json<MoveInput>,
) -> Answer {
    let key = SeatKey::Token(path.into_inner());
    let input = input.into_inner();
    let moved = key.clone();
    let answering = if prefers_minimal(&req) {
        seat::Answering::Position
    } else {
        seat::Answering::State
    };
    let result = seat::play_move(&app, moved, (input.seen, true, answering), input.action).await;
    match result {
        Ok((answer, table)) => {
            // The other seats' pages redraw their boards, as after a move from a page.
            hub.publish_move(&table);
            let mut response = actix_web::HttpResponse::Ok();
            let (seat, deal) = match answer.after {
                seat::After::State(state) => (Some(said_in(*state, &req)), None),
                seat::After::Position(deal) => {
                    response.insert_header(("Preference-Applied", "return=minimal"));
                    (None, Some(deal))
                }
            };
            let out = MoveOut {
                ok: true,
                events: answer.events,
                seat,
                deal,
            };
            Ok(response.json(out))
        }
        Err(error @ (AppError::Stale(_) | AppError::Invalid(_) | AppError::TimeUp)) => {
            let state = run(&app, move |app| seat::seat_state(app, &key)).await?;
            Err(ApiError::with_state(
                error,
                serde_json::to_value(said_in(state, &req)).unwrap_or(Value::Null),
            ))
        }
        Err(other) => Err(other.into()),
    }
}

/// Whether the request asks for a minimal answer: `return=minimal` among its `Prefer`
/// header's preferences (RFC 7240; the name and value in any case, the value quoted or not).
/// Any other preference, or a header that cannot be read, asks for the whole answer.
fn prefers_minimal(req: &HttpRequest) -> bool {
    req.headers()
        .get_all("prefer")
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|preference| preference.split(';').next())
        .filter_map(|preference| preference.split_once('='))
        .any(|(name, value)| {
            name.trim().eq_ignore_ascii_case("return")
                && value
                    .trim()
                    .trim_matches('"')
                    .eq_ignore_ascii_case("minimal")
        })
}

/// A seat's own score card at a paper table, or its confirmation of another side's.
async fn seat_card(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    token: String,
    what: SeatCard,
) -> Answer {
    let key = SeatKey::Token(token);
    let outcome = run(&app, move |app| {
        seat::submit_paper_card(app, &key, what)?.map_err(|(_, refusal)| refusal.into())
    })
    .await?;
    hub.publish(outcome.event, Topic::Event);
    ok(Done::YES)
}

#[utoipa::path(tag = "seats",
    params(("token" = String, Path, description = "The seat link's token")),
    request_body = PaperInput,
    responses(
        (status = 200, description = "Your side's card is in; another side confirms it", body = Done),
        (status = 403, description = "Not a valid seat link, or not your side", body = ErrorBody),
        (status = 409, description = "Not a paper table, or the round is closed", body = ErrorBody),
        (status = 422, description = "A card that does not hold up: counts above a pile's quota, rows that disagree, sides with different numbers of hands (every problem, naming its hand), or both counts and hands", body = ErrorBody),
    ))]
#[post("/seats/{token}/scores")]
pub(super) async fn seat_scores(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    path: web::Path<String>,
    input: Json<PaperInput>,
) -> Answer {
    let input = input.into_inner();
    let side = input.side;
    let hands = input.hands()?;
    let what = SeatCard::Enter {
        side: Some(side),
        card: TypedCard::counted(hands),
    };
    seat_card(app, hub, path.into_inner(), what).await
}

#[utoipa::path(tag = "seats",
    params(("token" = String, Path, description = "The seat link's token"), ("side" = usize, Path, description = "The side whose card to confirm")),
    request_body = ConfirmInput,
    responses(
        (status = 200, description = "Confirmed (or you had confirmed it already: nothing changes)", body = Done),
        (status = 403, description = "Not a valid seat link, or your own card", body = ErrorBody),
        (status = 409, description = "No card to confirm, the card changed since the version named, the round is closed, or another already confirmed the card", body = ErrorBody),
    ))]
#[post("/seats/{token}/scores/{side}/confirm")]
pub(super) async fn seat_confirm(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    path: web::Path<(String, usize)>,
    input: Json<ConfirmInput>,
) -> Answer {
    let (token, side) = path.into_inner();
    let seen = Some(input.into_inner().version);
    seat_card(app, hub, token, SeatCard::Confirm { side, seen }).await
}
