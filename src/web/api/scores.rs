//! The `scores` tag: the host's paper score cards, corrections and the standings.

use actix_web::{HttpRequest, get, post, web};

use super::dto::*;
use super::{Answer, Host, Json, Reader, change, ok, ok_written, run};
use crate::app::rounds::{self, CorrectionRequest, TableAt, TypedCard};
use crate::app::{App, AppError, report};
use crate::web::error::ErrorBody;

#[utoipa::path(tag = "scores",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number"), ("table" = i32, Path, description = "The table's number")),
    request_body = PaperInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "The host's score card for a side (counts as confirmed)", body = Done),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Not a paper table, or the round is closed", body = ErrorBody),
        (status = 422, description = "A card that does not hold up: counts above a pile's quota, rows that disagree, sides with different numbers of hands (every problem, naming its hand), or both counts and hands", body = ErrorBody),
    ))]
#[post("/events/{event}/rounds/{round}/tables/{table}/scores")]
pub(super) async fn enter_scores(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32, i32)>,
    input: Json<PaperInput>,
) -> Answer {
    let (event, round, table) = path.into_inner();
    let input = input.into_inner();
    change(&app, &req, event, move |app, host| {
        let at = TableAt { round, table };
        let side = input.side;
        let card = TypedCard::counted(input.hands()?);
        rounds::enter_paper_as_host(app, host, at, side, card)?.map_err(AppError::from)
    })
    .await?;
    ok(Done::YES)
}

#[utoipa::path(tag = "scores",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number"), ("table" = i32, Path, description = "The table's number"), ("side" = usize, Path, description = "The side")),
    security(("host" = [])),
    responses(
        (status = 200, description = "Confirmed by the host (or already was: nothing changes)", body = Done),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "No card to confirm, the round is closed, or a side already confirmed the card", body = ErrorBody),
    ))]
#[post("/events/{event}/rounds/{round}/tables/{table}/scores/{side}/confirm")]
pub(super) async fn confirm_scores(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32, i32, usize)>,
) -> Answer {
    let (event, round, table, side) = path.into_inner();
    change(&app, &req, event, move |app, host| {
        rounds::confirm_paper_as_host(app, host, TableAt { round, table }, (side, None))
    })
    .await?;
    ok(Done::YES)
}

#[utoipa::path(tag = "scores",
    params(("event" = i64, Path, description = "The event's id")),
    request_body = CorrectionInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "Corrected, with the movement redone if it changed", body = CorrectionOut),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Too late to correct that round", body = ErrorBody),
    ))]
#[post("/events/{event}/corrections")]
pub(super) async fn correct(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
    input: Json<CorrectionInput>,
) -> Answer {
    let input = input.into_inner();
    let request = CorrectionRequest {
        round: input.round,
        entry: input.entry,
        miles: input.miles,
        reason: input.reason,
    };
    let outcome = change(&app, &req, path.into_inner(), move |app, host| {
        rounds::correct(app, host, &request)
    })
    .await?;
    ok(CorrectionOut {
        ok: true,
        correction: outcome,
    })
}

#[utoipa::path(tag = "scores",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "Every correction: round, entry, old and new miles, why, by whom, when", body = CorrectionsOut),
        (status = 403, description = "Not the host", body = ErrorBody),
    ))]
#[get("/events/{event}/corrections")]
pub(super) async fn list_corrections(app: web::Data<App>, Host(host): Host) -> Answer {
    let list = run(&app, move |app| report::corrections(app, &host)).await?;
    ok(CorrectionsOut {
        ok: true,
        corrections: list,
    })
}

#[utoipa::path(tag = "scores",
    params(("event" = i64, Path, description = "The event's id"), ("key" = Option<String>, Query, description = "The viewer key, when the host keeps the event private")),
    responses(
        (status = 200, description = "Places, miles per round and in total, rounds won, prizes", body = StandingsOut),
        (status = 403, description = "The event is private and the viewer key is missing or wrong", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ))]
#[get("/events/{event}/standings")]
pub(super) async fn standings(app: web::Data<App>, Reader(key): Reader) -> Answer {
    ok_written(&app, move |app| {
        let standings = report::public_standings(app, &key)?;
        Ok(StandingsOut {
            ok: true,
            is_final: standings.is_final,
            provisional: standings.provisional,
            live_round: standings.live_round,
            standings: standings.rows,
        })
    })
    .await
}
