//! The `replays` tag: the finished deals of an event, and one of them replayed to a step, for
//! whoever may read the standings.

use actix_web::{HttpRequest, get, web};

use super::dto::*;
use super::{Answer, Reader, ok, ok_written, run, viewer};
use crate::app::App;
use crate::app::replay::{self, DealRef};
use crate::web::error::ErrorBody;

#[utoipa::path(tag = "replays",
    params(("event" = i64, Path, description = "The event's id"), ("key" = Option<String>, Query, description = "The viewer key, when the host keeps the event private")),
    responses(
        (status = 200, description = "Every finished deal of the digital tables: round, table, deal, and each side's names and score", body = ReplaysOut),
        (status = 403, description = "The event is private and the viewer key is missing or wrong", body = ErrorBody),
    ))]
#[get("/events/{event}/replays")]
pub(super) async fn list_replays(app: web::Data<App>, Reader(key): Reader) -> Answer {
    ok_written(&app, move |app| {
        let (_, deals) = replay::finished_deals(app, &key)?;
        Ok(ReplaysOut { ok: true, deals })
    })
    .await
}

#[utoipa::path(tag = "replays",
    params(
        ("event" = i64, Path, description = "The event's id"),
        ("round" = u32, Path, description = "The round's number"),
        ("table" = u32, Path, description = "The table's number in that round"),
        ("deal" = u32, Path, description = "The deal's number at that table"),
        ("step" = Option<u32>, Query, description = "How many actions to replay: 0 (the default) is the deal as dealt, `steps` the deal as it ended"),
        ("key" = Option<String>, Query, description = "The viewer key, when the host keeps the event private"),
    ),
    responses(
        (status = 200, description = "The deal at that step: every seat's view (every hand, since the deal is over), what the step did, and the result", body = ReplayOut),
        (status = 400, description = "The step is not a whole number", body = ErrorBody),
        (status = 403, description = "The event is private and the viewer key is missing or wrong", body = ErrorBody),
        (status = 404, description = "No such event, or no finished deal there (a deal still being played is not there either)", body = ErrorBody),
        (status = 422, description = "The deal has no such step", body = ErrorBody),
    ))]
#[get("/events/{event}/replays/{round}/{table}/{deal}")]
pub(super) async fn get_replay(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, u32, u32, u32)>,
    query: web::Query<StepQuery>,
) -> Answer {
    let (event, round, table, deal) = path.into_inner();
    let key = viewer(&req, event);
    let at = DealRef { round, table, deal };
    let step = query.into_inner().step.unwrap_or(0);
    let replay = run(&app, move |app| replay::replay(app, &key, at, step)).await?;
    ok(ReplayOut {
        ok: true,
        round,
        table,
        deal,
        step: replay.step,
        steps: replay.steps,
        mover: replay.mover,
        played_by: replay.played_by,
        events: replay.events,
        seats: replay.seats,
        sides: replay.sides,
        cut: replay.cut,
    })
}
