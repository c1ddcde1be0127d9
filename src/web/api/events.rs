//! The `events` tag: create and configure an evening, its keys, the end and the exports.

use actix_web::{HttpRequest, HttpResponse, get, patch, post, web};
use serde_json::Value;

use super::dto::*;
use super::{Answer, Host, Json, Reader, change, created, host, ok, ok_written, run};
use crate::app::events::{self, EventRecord};
use crate::app::{App, report, rounds};
use crate::web::error::ErrorBody;

/// An event as the host sees it: everything, the seed included.
fn event_json(event: &EventRecord) -> EventOut {
    EventOut {
        id: event.id(),
        name: event.settings.name.clone(),
        status: event.row.status.clone(),
        closed: event.is_closed(),
        settings: serde_json::to_value(&event.settings).unwrap_or(Value::Null),
        created_at: crate::app::utc(event.row.created_at),
        series: event.row.series_id,
    }
}

/// The public face of an event: the settings without the seed. Every deal is drawn from the
/// seed by published code, so whoever knows it can work out every hand and the order of every
/// draw pile; only the host (and the exports, which are the host's) may see it.
fn public_event_json(event: &EventRecord) -> EventOut {
    let mut value = event_json(event);
    if let Some(settings) = value.settings.as_object_mut() {
        settings.remove("seed");
    }
    value
}

#[utoipa::path(tag = "events",
    request_body = EventInput,
    responses(
        (status = 201, description = "The event, its host token (shown only now) and links", body = EventCreated),
        (status = 403, description = "With \"series\": the Bearer token is not that series' host token; nothing was made", body = ErrorBody),
        (status = 422, description = "Settings that don't fit", body = ErrorBody),
    ))]
#[post("/events")]
pub(super) async fn create_event(
    app: web::Data<App>,
    req: HttpRequest,
    input: Json<EventBody>,
) -> Answer {
    let input = input.into_inner().0;
    // A new event reads in its creator's language unless the input names one.
    let mut base = default_settings(&input.name, events::new_seed(input.seed));
    base.language = crate::web::session::lang_of(&req);
    let settings = input.apply_to(base)?;
    let (event, token) = match input.series {
        Some(series) => {
            let bearer =
                crate::app::series::SeriesProof::Token(super::bearer(&req).unwrap_or_default());
            run(&app, move |app| {
                crate::app::series::create_event_in_series(app, settings, series, &bearer)
            })
            .await?
        }
        None => run(&app, move |app| events::create_event(app, settings)).await?,
    };
    created(EventCreated {
        ok: true,
        event: event_json(&event),
        host_link: format!("/events/{}/host?token={token}", event.id()),
        host_token: token,
    })
}

#[utoipa::path(tag = "events",
    params(("event" = i64, Path, description = "The event's id"), ("key" = Option<String>, Query, description = "The viewer key, when the host keeps the event private")),
    responses(
        (status = 200, description = "The event and its current round", body = EventView),
        (status = 403, description = "The event is private and the viewer key is missing or wrong", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ))]
#[get("/events/{event}")]
pub(super) async fn get_event(app: web::Data<App>, Reader(key): Reader) -> Answer {
    let overview = run(&app, move |app| rounds::event_overview(app, &key)).await?;
    let round = overview.round.map(|now| RoundNowOut {
        number: now.round.number(),
        state: now.round.stage.to_string(),
        clock: now.clock,
    });
    ok(EventView {
        ok: true,
        event: public_event_json(&overview.event),
        entries: overview.active_entries,
        round,
    })
}

#[utoipa::path(tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    request_body = EventInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "The updated event", body = EventUpdated),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Too late for that change, or a move to another series", body = ErrorBody),
        (status = 422, description = "Settings that don't fit", body = ErrorBody),
    ))]
#[patch("/events/{event}")]
pub(super) async fn update_event(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
    input: Json<EventBody>,
) -> Answer {
    let input = input.into_inner().0;
    if input.series.is_some() {
        return Err(
            crate::app::AppError::conflict(crate::i18n::Said::new("refused-series-stays")).into(),
        );
    }
    let event = change(&app, &req, path.into_inner(), move |app, host| {
        events::update_event(app, host, |settings| input.apply_to(settings))
    })
    .await?;
    ok(EventUpdated {
        ok: true,
        event: event_json(&event),
    })
}

#[utoipa::path(tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "New join keys (the old QR codes stop working; the viewer key stays)", body = JoinKeys),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ))]
#[post("/events/{event}/join-keys")]
pub(super) async fn rotate_join_keys(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Answer {
    let id = path.into_inner();
    let event = change(&app, &req, id, events::rotate_join_keys).await?;
    ok(JoinKeys {
        ok: true,
        join_link: format!("/events/{id}/join?key={}", event.join_key()),
        join_key: event.join_key(),
    })
}

#[utoipa::path(tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "A new viewer key for the private views (the old one stops working; the join keys stay)", body = ViewerKeyOut),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ))]
#[post("/events/{event}/viewer-key")]
pub(super) async fn rotate_viewer_key(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Answer {
    let id = path.into_inner();
    let event = change(&app, &req, id, events::rotate_viewer_key).await?;
    ok(ViewerKeyOut {
        ok: true,
        viewer_link: format!("/events/{id}/screen?key={}", event.viewer_key()),
        viewer_key: event.viewer_key(),
    })
}

#[utoipa::path(tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "A new host token (shown only now): the old one stops working and every host session ends", body = HostToken),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ))]
#[post("/events/{event}/host-token")]
pub(super) async fn rotate_host_token(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Answer {
    let id = path.into_inner();
    let (token, _) = change(&app, &req, id, events::rotate_host_token).await?;
    ok(HostToken {
        ok: true,
        host_link: format!("/events/{id}/host?token={token}"),
        host_token: token,
    })
}

#[utoipa::path(tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "The evening is over (a round seated but not started is dropped); the standings are provisional, and scores can still be corrected, until the host closes the evening", body = Done),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "A round is being played", body = ErrorBody),
    ))]
#[post("/events/{event}/finish")]
pub(super) async fn finish(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    change(&app, &req, path.into_inner(), rounds::finish_event).await?;
    ok(Done::YES)
}

#[utoipa::path(tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "The evening is closed, the host's explicit act: its results and prizes are final and every correction afterwards is refused (409, saying the host closed the evening). An evening not over yet is ended first, as `finish` does", body = Done),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "A round is being played, or the evening is already closed", body = ErrorBody),
    ))]
#[post("/events/{event}/close")]
pub(super) async fn close(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    change(&app, &req, path.into_inner(), rounds::close_event).await?;
    ok(Done::YES)
}

#[utoipa::path(tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "The whole evening: settings, every round and table, standings, corrections", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
    ))]
#[get("/events/{event}/export.json")]
pub(super) async fn export_json(app: web::Data<App>, Host(host): Host) -> Answer {
    ok_written(&app, move |app| report::export(app, &host)).await
}

#[utoipa::path(tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "The standings as CSV", content_type = "text/csv", body = String),
        (status = 403, description = "Not the host", body = ErrorBody),
    ))]
#[get("/events/{event}/export.csv")]
pub(super) async fn export_csv(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Answer {
    let id = path.into_inner();
    let host = host(&req, id);
    let csv = run(&app, move |app| report::export_csv(app, &host)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"touring-event-{id}.csv\""),
        ))
        .body(csv))
}
