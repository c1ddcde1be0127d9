//! The JSON API under `/api/v1`: everything a host and a table do. docs/api.md describes it;
//! `/api/openapi.json` is its OpenAPI document.
//!
//! Host calls carry the host's token as `Authorization: Bearer <token>`; seat calls carry the
//! seat link's token in the path. Every refusal is a JSON body with `ok: false`, a `code` and
//! an `error` sentence (see [`crate::web::error::ErrorBody`]).

pub mod dto;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::OpenApi;

use super::error::{ApiError, ErrorBody};
use super::live::{Hub, Topic};
use crate::app::events::{self, EventRecord};
use crate::app::rounds::{self, CardAuthor, CorrectionRequest, SeatRequest, Signal, TableAt};
use crate::app::{App, AppError, AppResult, report, seat};
use crate::db::Conn;
use crate::tournament::{self, PaperCard};
use dto::*;

type Answer = Result<HttpResponse, ApiError>;

/// Registers the API routes.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/openapi.json", web::get().to(openapi))
        .service(
            web::scope("/api/v1")
                .route("/events", web::post().to(create_event))
                .route("/events/{event}", web::get().to(get_event))
                .route("/events/{event}", web::patch().to(update_event))
                .route("/events/{event}/entries", web::get().to(list_entries))
                .route("/events/{event}/entries", web::post().to(add_entry))
                .route(
                    "/events/{event}/entries/{entry}",
                    web::patch().to(rename_entry),
                )
                .route(
                    "/events/{event}/entries/{entry}",
                    web::delete().to(withdraw_entry),
                )
                .route(
                    "/events/{event}/players/{player}/link",
                    web::post().to(renew_link),
                )
                .route(
                    "/events/{event}/players/{player}/release",
                    web::post().to(release_seat),
                )
                .route(
                    "/events/{event}/join-keys",
                    web::post().to(rotate_join_keys),
                )
                .route(
                    "/events/{event}/host-token",
                    web::post().to(rotate_host_token),
                )
                .route("/events/{event}/seating", web::get().to(seating_options))
                .route("/events/{event}/rounds", web::post().to(seat_round))
                .route("/events/{event}/rounds/{round}", web::get().to(get_round))
                .route(
                    "/events/{event}/rounds/{round}/start",
                    web::post().to(start_round),
                )
                .route(
                    "/events/{event}/rounds/{round}/pause",
                    web::post().to(pause_round),
                )
                .route(
                    "/events/{event}/rounds/{round}/resume",
                    web::post().to(resume_round),
                )
                .route(
                    "/events/{event}/rounds/{round}/extend",
                    web::post().to(extend_round),
                )
                .route(
                    "/events/{event}/rounds/{round}/stop",
                    web::post().to(stop_round),
                )
                .route(
                    "/events/{event}/rounds/{round}/closing",
                    web::get().to(preview_close),
                )
                .route(
                    "/events/{event}/rounds/{round}/close",
                    web::post().to(close_round),
                )
                .route(
                    "/events/{event}/rounds/{round}/tables/{table}/mover",
                    web::put().to(choose_mover),
                )
                .route(
                    "/events/{event}/rounds/{round}/tables/{table}/mode",
                    web::put().to(set_mode),
                )
                .route(
                    "/events/{event}/rounds/{round}/tables/{table}/scores",
                    web::post().to(enter_scores),
                )
                .route(
                    "/events/{event}/rounds/{round}/tables/{table}/scores/{side}/confirm",
                    web::post().to(confirm_scores),
                )
                .route(
                    "/events/{event}/corrections",
                    web::get().to(list_corrections),
                )
                .route("/events/{event}/corrections", web::post().to(correct))
                .route("/events/{event}/standings", web::get().to(standings))
                .route("/events/{event}/finish", web::post().to(finish))
                .route("/events/{event}/export.json", web::get().to(export_json))
                .route("/events/{event}/export.csv", web::get().to(export_csv))
                .route("/seats/{token}", web::get().to(seat_state))
                .route("/seats/{token}/moves", web::post().to(play_move))
                .route("/seats/{token}/scores", web::post().to(seat_scores))
                .route(
                    "/seats/{token}/scores/{side}/confirm",
                    web::post().to(seat_confirm),
                )
                // Each route above is its own resource guarded by its method, so an address
                // asked with a method it does not take falls through to here: 405 naming the
                // methods it does take, or 404 when nothing is there at all.
                .default_service(web::to(super::method_not_allowed)),
        );
}

/// The methods the API accepts at an address (`/api/v1/events/3` gives GET and PATCH), read
/// from the OpenAPI document so that the two cannot disagree.
pub fn allowed_methods(path: &str) -> Vec<&'static str> {
    static ROUTES: std::sync::OnceLock<Vec<(String, Vec<&'static str>)>> =
        std::sync::OnceLock::new();
    let routes = ROUTES.get_or_init(|| {
        document()
            .paths
            .paths
            .iter()
            .map(|(template, item)| {
                let methods = [
                    ("GET", item.get.is_some()),
                    ("POST", item.post.is_some()),
                    ("PUT", item.put.is_some()),
                    ("PATCH", item.patch.is_some()),
                    ("DELETE", item.delete.is_some()),
                ]
                .into_iter()
                .filter_map(|(name, present)| present.then_some(name))
                .collect();
                (template.clone(), methods)
            })
            .collect()
    });
    let asked: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    routes
        .iter()
        .find(|(template, _)| {
            let parts: Vec<&str> = template.split('/').collect();
            parts.len() == asked.len()
                && parts
                    .iter()
                    .zip(&asked)
                    .all(|(t, a)| t == a || (t.starts_with('{') && !a.is_empty()))
        })
        .map(|(_, methods)| methods.clone())
        .unwrap_or_default()
}

/// The host's token from `Authorization: Bearer`.
pub fn bearer(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(actix_web::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(|t| t.trim().to_owned())
}

/// The viewer key of a private event, from `?key=`.
fn viewer_key(req: &HttpRequest) -> String {
    web::Query::<dto::KeyQuery>::from_query(req.query_string())
        .map(|q| q.into_inner().key)
        .unwrap_or_default()
}

/// Loads an event for a public read: with private views on it needs the viewer key or the
/// host's token.
fn viewer(
    req: &HttpRequest,
) -> impl FnOnce(&mut Conn, i64) -> AppResult<EventRecord> + Send + 'static {
    let (token, key) = (bearer(req).unwrap_or_default(), viewer_key(req));
    move |conn, id| events::load_as_viewer(conn, id, &token, &key)
}

/// Runs a read use case off the async threads.
async fn read<T: Send + 'static>(
    app: &web::Data<App>,
    f: impl FnOnce(&App, &mut Conn) -> AppResult<T> + Send + 'static,
) -> Result<T, ApiError> {
    let app = app.clone();
    Ok(web::block(move || app.read(|conn| f(&app, conn))).await??)
}

/// Runs a writing use case off the async threads, in one immediate transaction.
async fn write<T: Send + 'static>(
    app: &web::Data<App>,
    f: impl FnOnce(&App, &mut Conn) -> AppResult<T> + Send + 'static,
) -> Result<T, ApiError> {
    let app = app.clone();
    Ok(web::block(move || app.write(|conn| f(&app, conn))).await??)
}

/// Runs a host's use case: the event is loaded and the token checked inside the transaction
/// (a read transaction for GET, an immediate one otherwise).
async fn as_host<T: Send + 'static>(
    app: &web::Data<App>,
    req: &HttpRequest,
    event: i64,
    f: impl FnOnce(&App, &mut Conn, &EventRecord) -> AppResult<T> + Send + 'static,
) -> Result<T, ApiError> {
    let token = bearer(req).unwrap_or_default();
    let work = move |app: &App, conn: &mut Conn| {
        let record = events::load_as_host(conn, event, &token)?;
        f(app, conn, &record)
    };
    // A host's reads (exports, previews, corrections) take a read transaction: they never wait
    // for the write lock, nor hold it from the players' moves.
    let answer = if req.method() == actix_web::http::Method::GET {
        read(app, work).await?
    } else {
        write(app, work).await?
    };
    if req.method() != actix_web::http::Method::GET
        && let Some(hub) = req.app_data::<web::Data<Hub>>()
    {
        hub.publish(event, Topic::Event);
    }
    Ok(answer)
}

fn ok(value: impl Serialize) -> Answer {
    Ok(HttpResponse::Ok().json(value))
}

fn created(value: impl Serialize) -> Answer {
    Ok(HttpResponse::Created().json(value))
}

/// An event as the host sees it: everything, the seed included.
fn event_json(event: &EventRecord) -> Value {
    json!({
        "id": event.id(),
        "name": event.settings.name,
        "status": event.row.status,
        "settings": event.settings,
        "created_at": super::super::app::utc(event.row.created_at),
    })
}

/// The public face of an event: the settings without the seed. Every deal is drawn from the
/// seed by published code, so whoever knows it can work out every hand and the order of every
/// draw pile; only the host (and the exports, which are the host's) may see it.
fn public_event_json(event: &EventRecord) -> Value {
    let mut value = event_json(event);
    if let Some(settings) = value.get_mut("settings").and_then(Value::as_object_mut) {
        settings.remove("seed");
    }
    value
}

// ---------------------------------------------------------------- events

#[utoipa::path(post, path = "/api/v1/events", tag = "events",
    request_body = EventInput,
    responses(
        (status = 201, description = "The event, its host token (shown only now) and links", body = Object),
        (status = 422, description = "Settings that don't fit", body = ErrorBody),
    ))]
async fn create_event(app: web::Data<App>, input: web::Json<EventInput>) -> Answer {
    let input = input.into_inner();
    let (event, token) = write(&app, move |app, conn| {
        let seed = input.seed.unwrap_or_else(rand::random);
        let settings = input.apply_to(default_settings(&input.name, seed))?;
        events::create(conn, settings, app.now_naive())
    })
    .await?;
    created(json!({
        "ok": true,
        "event": event_json(&event),
        "host_token": token,
        "host_link": format!("/events/{}/host?token={token}", event.id()),
    }))
}

#[utoipa::path(get, path = "/api/v1/events/{event}", tag = "events",
    params(("event" = i64, Path, description = "The event's id"), ("key" = Option<String>, Query, description = "The viewer key, when the host keeps the event private")),
    responses(
        (status = 200, description = "The event and its current round", body = Object),
        (status = 403, description = "The event is private and the viewer key is missing or wrong", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ))]
async fn get_event(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    let id = path.into_inner();
    let load = viewer(&req);
    let value = read(&app, move |app, conn| {
        let event = load(conn, id)?;
        let round = match rounds::latest(conn, &event)? {
            Some(round) => {
                let reading = rounds::reading(conn, &event, &round, app.now())?;
                Some(json!({"number": round.number(), "state": round.row.state, "clock": reading}))
            }
            None => None,
        };
        let entries = events::entries(conn, id)?;
        Ok(json!({
            "ok": true,
            "event": public_event_json(&event),
            "entries": entries.iter().filter(|e| e.entry.is_active()).count(),
            "round": round,
        }))
    })
    .await?;
    ok(value)
}

#[utoipa::path(patch, path = "/api/v1/events/{event}", tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    request_body = EventInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "The updated event", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Too late for that change", body = ErrorBody),
        (status = 422, description = "Settings that don't fit", body = ErrorBody),
    ))]
async fn update_event(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
    input: web::Json<EventInput>,
) -> Answer {
    let input = input.into_inner();
    let event = as_host(&app, &req, path.into_inner(), move |app, conn, event| {
        let settings = input.apply_to(event.settings.clone())?;
        events::update_settings(conn, event, settings, app.now_naive())
    })
    .await?;
    ok(json!({"ok": true, "event": event_json(&event)}))
}

// ---------------------------------------------------------------- entries

#[derive(Serialize)]
struct EntryOut {
    id: i64,
    names: Vec<String>,
    players: Vec<i64>,
    bot: bool,
    bot_level: Option<String>,
    withdrawn: bool,
    joined_round: i32,
}

fn entry_out(e: &events::EntryRecord) -> EntryOut {
    EntryOut {
        id: e.id(),
        names: e.players.iter().map(|p| p.name.clone()).collect(),
        players: e.players.iter().map(|p| p.id).collect(),
        bot: e.row.is_bot,
        bot_level: e.row.bot_level.clone(),
        withdrawn: e.row.withdrawn_round.is_some(),
        joined_round: e.row.joined_round,
    }
}

#[utoipa::path(get, path = "/api/v1/events/{event}/entries", tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("key" = Option<String>, Query, description = "The viewer key, when the host keeps the event private")),
    responses(
        (status = 200, description = "Every entry, in the host's order", body = Object),
        (status = 403, description = "The event is private and the viewer key is missing or wrong", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ))]
async fn list_entries(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    let id = path.into_inner();
    let load = viewer(&req);
    let list = read(&app, move |_, conn| {
        load(conn, id)?;
        Ok(events::entries(conn, id)?
            .iter()
            .map(entry_out)
            .collect::<Vec<_>>())
    })
    .await?;
    ok(json!({"ok": true, "entries": list}))
}

#[utoipa::path(post, path = "/api/v1/events/{event}/entries", tag = "entries",
    params(("event" = i64, Path, description = "The event's id")),
    request_body = EntryInput,
    security(("host" = [])),
    responses(
        (status = 201, description = "The entry and its players' seat links (shown only now)", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "The event is over, or holds as many entries as the server takes", body = ErrorBody),
        (status = 422, description = "Names that don't fit", body = ErrorBody),
    ))]
async fn add_entry(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
    input: web::Json<EntryInput>,
) -> Answer {
    let input = input.into_inner();
    let cap = super::limits::max_entries(&req);
    let (entry, links) = as_host(&app, &req, path.into_inner(), move |app, conn, event| {
        events::check_room(conn, event, cap)?;
        let members = input.members()?;
        let level = match input.bot.as_deref() {
            None => None,
            Some(level @ ("random" | "steady" | "shrewd")) => Some(level),
            Some(other) => {
                return Err(AppError::invalid(format!(
                    "there is no bot level \"{}\": choose random, steady or shrewd",
                    crate::engine::json::truncate(other, 20)
                )));
            }
        };
        let (entry, links) = events::add_entry(conn, event, members, level, app.now_naive())?;
        let record = events::entries(conn, event.id())?
            .into_iter()
            .find(|e| e.id() == entry.id)
            .ok_or_else(|| AppError::Internal("the new entry is missing".into()))?;
        Ok((entry_out(&record), links))
    })
    .await?;
    let links: Vec<Value> = links
        .iter()
        .map(|l| json!({"player": l.player, "name": l.name, "token": l.token, "link": format!("/seat/{}", l.token)}))
        .collect();
    created(json!({"ok": true, "entry": entry, "links": links}))
}

#[utoipa::path(patch, path = "/api/v1/events/{event}/entries/{entry}", tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("entry" = i64, Path, description = "The entry's id")),
    request_body = RenameInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "Renamed", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such entry", body = ErrorBody),
        (status = 422, description = "Names that don't fit", body = ErrorBody),
    ))]
async fn rename_entry(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    input: web::Json<RenameInput>,
) -> Answer {
    let (event, entry) = path.into_inner();
    let names = input.into_inner().names;
    as_host(&app, &req, event, move |_, conn, event| {
        let members = EntryInput { names, bot: None }.members()?;
        events::rename_entry(conn, event, entry, members)
    })
    .await?;
    ok(json!({"ok": true}))
}

#[utoipa::path(delete, path = "/api/v1/events/{event}/entries/{entry}", tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("entry" = i64, Path, description = "The entry's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "Withdrawn: keeps its scores, not seated again", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such entry", body = ErrorBody),
        (status = 409, description = "Already withdrawn", body = ErrorBody),
    ))]
async fn withdraw_entry(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
) -> Answer {
    let (event, entry) = path.into_inner();
    as_host(&app, &req, event, move |_, conn, event| {
        events::withdraw_entry(conn, event, entry)
    })
    .await?;
    ok(json!({"ok": true}))
}

#[utoipa::path(post, path = "/api/v1/events/{event}/players/{player}/link", tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("player" = i64, Path, description = "The player's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "A new seat link (the old one stops working)", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such player", body = ErrorBody),
    ))]
async fn renew_link(app: web::Data<App>, req: HttpRequest, path: web::Path<(i64, i64)>) -> Answer {
    let (event, player) = path.into_inner();
    let link = as_host(&app, &req, event, move |_, conn, event| {
        events::renew_link(conn, event, player)
    })
    .await?;
    ok(
        json!({"ok": true, "player": link.player, "name": link.name, "token": link.token, "link": format!("/seat/{}", link.token)}),
    )
}

#[utoipa::path(post, path = "/api/v1/events/{event}/players/{player}/release", tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("player" = i64, Path, description = "The player's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "The seat is free: every session on it ended, and it can be picked again from its table's QR code (its link still works)", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such player", body = ErrorBody),
    ))]
async fn release_seat(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
) -> Answer {
    let (event, player) = path.into_inner();
    as_host(&app, &req, event, move |_, conn, event| {
        events::release_seat(conn, event, player)
    })
    .await?;
    ok(json!({"ok": true}))
}

#[utoipa::path(post, path = "/api/v1/events/{event}/join-keys", tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "New join keys (the old QR codes and viewer key stop working): the event's key and each table's", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ))]
async fn rotate_join_keys(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    let id = path.into_inner();
    let event = as_host(&app, &req, id, move |_, conn, event| {
        events::rotate_join_keys(conn, event)?;
        events::load(conn, event.id())
    })
    .await?;
    ok(
        json!({"ok": true, "join_key": event.join_key(), "join_link": format!("/events/{id}/join?key={}", event.join_key())}),
    )
}

#[utoipa::path(post, path = "/api/v1/events/{event}/host-token", tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "A new host token (shown only now): the old one stops working and every host session ends", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ))]
async fn rotate_host_token(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    let id = path.into_inner();
    let token = as_host(&app, &req, id, move |_, conn, event| {
        events::rotate_host_token(conn, event)
    })
    .await?;
    ok(
        json!({"ok": true, "host_token": token, "host_link": format!("/events/{id}/host?token={token}")}),
    )
}

// ---------------------------------------------------------------- rounds

#[utoipa::path(get, path = "/api/v1/events/{event}/seating", tag = "rounds",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "Ways to seat round 1, the proposal first", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 422, description = "Too few entries", body = ErrorBody),
    ))]
async fn seating_options(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    let plans = as_host(&app, &req, path.into_inner(), move |_, conn, event| {
        let plans = rounds::seating_options(conn, event)?;
        Ok(plans
            .iter()
            .map(|p| json!({"plan": p, "description": p.describe(event.settings.table_size)}))
            .collect::<Vec<_>>())
    })
    .await?;
    ok(json!({"ok": true, "options": plans}))
}

#[utoipa::path(post, path = "/api/v1/events/{event}/rounds", tag = "rounds",
    params(("event" = i64, Path, description = "The event's id")),
    request_body = SeatInput,
    security(("host" = [])),
    responses(
        (status = 201, description = "Round 1 seated", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Round 1 has started already", body = ErrorBody),
        (status = 422, description = "Cannot seat these entries so", body = ErrorBody),
    ))]
async fn seat_round(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
    input: web::Json<SeatInput>,
) -> Answer {
    let input = input.into_inner();
    let value = as_host(&app, &req, path.into_inner(), move |app, conn, event| {
        let request = SeatRequest {
            remainder: input.remainder.map(|r| match r {
                RemainderInput::MixedTables => tournament::Remainder::MixedTables,
                RemainderInput::Byes => tournament::Remainder::Byes,
                RemainderInput::Bots => tournament::Remainder::Bots,
            }),
            order: input.order,
            paper_tables: input.paper_tables,
            all_paper: input.all_paper,
        };
        let round = rounds::seat_first(conn, event, &request, app.now_naive())?;
        round_json(app, conn, event, &round)
    })
    .await?;
    created(value)
}

/// A round with its clock and its tables.
fn round_json(
    app: &App,
    conn: &mut Conn,
    event: &EventRecord,
    round: &rounds::RoundRecord,
) -> AppResult<Value> {
    let event = events::load(conn, event.id())?;
    let reading = rounds::reading(conn, &event, round, app.now())?;
    let report = report::report(conn, &event)?;
    let tables = report
        .rounds
        .into_iter()
        .find(|r| r.round == round.number())
        .map(|r| json!({"tables": r.tables, "byes": r.byes}))
        .unwrap_or(Value::Null);
    let (_, missing) = rounds::round_miles(conn, &event, round)?;
    Ok(json!({
        "ok": true,
        "round": round.number(),
        "state": round.row.state,
        "clock": reading,
        "seating": tables,
        "missing_scores": missing,
    }))
}

#[utoipa::path(get, path = "/api/v1/events/{event}/rounds/{round}", tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number"), ("key" = Option<String>, Query, description = "The viewer key, when the host keeps the event private")),
    responses(
        (status = 200, description = "The round: clock, tables, who sits where, miles so far", body = Object),
        (status = 403, description = "The event is private and the viewer key is missing or wrong", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
    ))]
async fn get_round(app: web::Data<App>, req: HttpRequest, path: web::Path<(i64, i32)>) -> Answer {
    let (event, number) = path.into_inner();
    let load = viewer(&req);
    let value = read(&app, move |app, conn| {
        let event = load(conn, event)?;
        let round = rounds::load(conn, &event, number)?;
        round_json(app, conn, &event, &round)
    })
    .await?;
    ok(value)
}

async fn give_signal(
    app: web::Data<App>,
    req: HttpRequest,
    event: i64,
    number: i32,
    signal: Signal,
) -> Answer {
    let value = as_host(&app, &req, event, move |app, conn, event| {
        let round = rounds::signal(conn, event, number, signal, app.now())?;
        round_json(app, conn, event, &round)
    })
    .await?;
    ok(value)
}

macro_rules! signal_handler {
    ($name:ident, $path:literal, $signal:expr, $what:literal) => {
        #[utoipa::path(post, path = $path, tag = "rounds",
            params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number")),
            security(("host" = [])),
            responses(
                (status = 200, description = $what, body = Object),
                (status = 403, description = "Not the host", body = ErrorBody),
                (status = 404, description = "No such round", body = ErrorBody),
                (status = 409, description = "Not possible in the round's state", body = ErrorBody),
            ))]
        async fn $name(app: web::Data<App>, req: HttpRequest, path: web::Path<(i64, i32)>) -> Answer {
            let (event, number) = path.into_inner();
            give_signal(app, req, event, number, $signal).await
        }
    };
}

signal_handler!(
    start_round,
    "/api/v1/events/{event}/rounds/{round}/start",
    Signal::Start,
    "The signal: every table starts"
);
signal_handler!(
    pause_round,
    "/api/v1/events/{event}/rounds/{round}/pause",
    Signal::Pause,
    "Paused: moves wait"
);
signal_handler!(
    resume_round,
    "/api/v1/events/{event}/rounds/{round}/resume",
    Signal::Resume,
    "Resumed"
);
signal_handler!(
    stop_round,
    "/api/v1/events/{event}/rounds/{round}/stop",
    Signal::Stop,
    "The stop signal: every game freezes"
);

#[utoipa::path(post, path = "/api/v1/events/{event}/rounds/{round}/extend", tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number")),
    request_body = ExtendInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "More time", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Not possible in the round's state", body = ErrorBody),
    ))]
async fn extend_round(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32)>,
    input: web::Json<ExtendInput>,
) -> Answer {
    let (event, number) = path.into_inner();
    give_signal(
        app,
        req,
        event,
        number,
        Signal::Extend {
            seconds: input.seconds,
        },
    )
    .await
}

#[utoipa::path(get, path = "/api/v1/events/{event}/rounds/{round}/closing", tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number")),
    security(("host" = [])),
    responses(
        (status = 200, description = "What closing would do now: movers, cuts for ties, next seating", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Scores missing", body = ErrorBody),
    ))]
async fn preview_close(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32)>,
) -> Answer {
    let (event, number) = path.into_inner();
    let closing = as_host(&app, &req, event, move |_, conn, event| {
        let round = rounds::load(conn, event, number)?;
        rounds::preview_close(conn, event, &round)
    })
    .await?;
    ok(json!({"ok": true, "closing": closing}))
}

#[utoipa::path(post, path = "/api/v1/events/{event}/rounds/{round}/close", tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number")),
    security(("host" = [])),
    responses(
        (status = 200, description = "Closed: scores recorded, movers moved, next round seated or the evening finished", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Still being played, scores missing, or already closed", body = ErrorBody),
    ))]
async fn close_round(app: web::Data<App>, req: HttpRequest, path: web::Path<(i64, i32)>) -> Answer {
    let (event, number) = path.into_inner();
    let summary = as_host(&app, &req, event, move |app, conn, event| {
        rounds::close(conn, event, number, app.now())
    })
    .await?;
    ok(json!({"ok": true, "close": summary}))
}

#[utoipa::path(put, path = "/api/v1/events/{event}/rounds/{round}/tables/{table}/mover", tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number"), ("table" = i32, Path, description = "The table's number")),
    request_body = MoverInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "The host's choice among tied entries is kept for the close", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "The round is closed", body = ErrorBody),
        (status = 422, description = "Not an entry of that table", body = ErrorBody),
    ))]
async fn choose_mover(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32, i32)>,
    input: web::Json<MoverInput>,
) -> Answer {
    let (event, number, table) = path.into_inner();
    let entry = input.entry;
    as_host(&app, &req, event, move |_, conn, event| {
        rounds::choose_mover(conn, event, number, table, entry)
    })
    .await?;
    ok(json!({"ok": true}))
}

#[utoipa::path(put, path = "/api/v1/events/{event}/rounds/{round}/tables/{table}/mode", tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number"), ("table" = i32, Path, description = "The table's number")),
    request_body = ModeInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "The table plays with real cards, or on phones", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "The round has started", body = ErrorBody),
    ))]
async fn set_mode(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32, i32)>,
    input: web::Json<ModeInput>,
) -> Answer {
    let (event, number, table) = path.into_inner();
    let paper = input.paper;
    as_host(&app, &req, event, move |app, conn, event| {
        rounds::set_table_mode(conn, event, number, table, paper, app.now_naive())
    })
    .await?;
    ok(json!({"ok": true}))
}

fn card(input: &PaperInput) -> PaperCard {
    PaperCard(input.counts.clone())
}

#[utoipa::path(post, path = "/api/v1/events/{event}/rounds/{round}/tables/{table}/scores", tag = "scores",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number"), ("table" = i32, Path, description = "The table's number")),
    request_body = PaperInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "The host's score card for a side (counts as confirmed)", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Not a paper table, or the round is closed", body = ErrorBody),
        (status = 422, description = "Counts above the pile quotas", body = ErrorBody),
    ))]
async fn enter_scores(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32, i32)>,
    input: web::Json<PaperInput>,
) -> Answer {
    let (event, number, table) = path.into_inner();
    let input = input.into_inner();
    as_host(&app, &req, event, move |app, conn, event| {
        rounds::enter_paper(
            conn,
            event,
            TableAt {
                round: number,
                table,
            },
            (input.side, card(&input)),
            CardAuthor::Host,
            app.now_naive(),
        )
    })
    .await?;
    ok(json!({"ok": true}))
}

#[utoipa::path(post, path = "/api/v1/events/{event}/rounds/{round}/tables/{table}/scores/{side}/confirm", tag = "scores",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number"), ("table" = i32, Path, description = "The table's number"), ("side" = usize, Path, description = "The side")),
    security(("host" = [])),
    responses(
        (status = 200, description = "Confirmed by the host", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "No card to confirm", body = ErrorBody),
    ))]
async fn confirm_scores(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32, i32, usize)>,
) -> Answer {
    let (event, number, table, side) = path.into_inner();
    as_host(&app, &req, event, move |app, conn, event| {
        rounds::confirm_paper(
            conn,
            event,
            TableAt {
                round: number,
                table,
            },
            side,
            CardAuthor::Host,
            app.now_naive(),
        )
    })
    .await?;
    ok(json!({"ok": true}))
}

// ---------------------------------------------------------------- corrections, standings

#[utoipa::path(post, path = "/api/v1/events/{event}/corrections", tag = "scores",
    params(("event" = i64, Path, description = "The event's id")),
    request_body = CorrectionInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "Corrected, with the movement redone if it changed", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Too late to correct that round", body = ErrorBody),
    ))]
async fn correct(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
    input: web::Json<CorrectionInput>,
) -> Answer {
    let input = input.into_inner();
    let outcome = as_host(&app, &req, path.into_inner(), move |app, conn, event| {
        let request = CorrectionRequest {
            round: input.round,
            entry: input.entry,
            miles: input.miles,
            reason: input.reason,
        };
        rounds::correct(conn, event, &request, "host", app.now())
    })
    .await?;
    ok(json!({"ok": true, "correction": outcome}))
}

#[utoipa::path(get, path = "/api/v1/events/{event}/corrections", tag = "scores",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "Every correction: round, entry, old and new miles, why, by whom, when", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
    ))]
async fn list_corrections(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    let list = as_host(&app, &req, path.into_inner(), move |_, conn, event| {
        Ok(report::report(conn, event)?.corrections)
    })
    .await?;
    ok(json!({"ok": true, "corrections": list}))
}

#[utoipa::path(get, path = "/api/v1/events/{event}/standings", tag = "scores",
    params(("event" = i64, Path, description = "The event's id"), ("key" = Option<String>, Query, description = "The viewer key, when the host keeps the event private")),
    responses(
        (status = 200, description = "Places, miles per round and in total, rounds won, prizes", body = Object),
        (status = 403, description = "The event is private and the viewer key is missing or wrong", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ))]
async fn standings(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    let id = path.into_inner();
    let load = viewer(&req);
    let value = read(&app, move |_, conn| {
        let event = load(conn, id)?;
        let report = report::report(conn, &event)?;
        let standings = report::standings(conn, &event)?;
        Ok(json!({
            "ok": true,
            "final": standings.is_final,
            "live_round": standings.live_round,
            "standings": report.standings,
        }))
    })
    .await?;
    ok(value)
}

#[utoipa::path(post, path = "/api/v1/events/{event}/finish", tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "The evening is over; the standings are final", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "A round is being played", body = ErrorBody),
    ))]
async fn finish(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    as_host(&app, &req, path.into_inner(), move |app, conn, event| {
        rounds::finish_event(conn, event, app.now())
    })
    .await?;
    ok(json!({"ok": true}))
}

#[utoipa::path(get, path = "/api/v1/events/{event}/export.json", tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "The whole evening: settings, every round and table, standings, corrections", body = Object),
        (status = 403, description = "Not the host", body = ErrorBody),
    ))]
async fn export_json(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    let report = as_host(&app, &req, path.into_inner(), move |_, conn, event| {
        report::report(conn, event)
    })
    .await?;
    ok(report)
}

#[utoipa::path(get, path = "/api/v1/events/{event}/export.csv", tag = "events",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "The standings as CSV", content_type = "text/csv", body = String),
        (status = 403, description = "Not the host", body = ErrorBody),
    ))]
async fn export_csv(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    let id = path.into_inner();
    let csv = as_host(&app, &req, id, move |_, conn, event| {
        report::standings_csv(&report::report(conn, event)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"touring-event-{id}.csv\""),
        ))
        .body(csv))
}

// ---------------------------------------------------------------- seats

#[utoipa::path(get, path = "/api/v1/seats/{token}", tag = "seats",
    params(("token" = String, Path, description = "The seat link's token")),
    responses(
        (status = 200, description = "Where to sit, the time left, and the game as this seat sees it", body = Object),
        (status = 403, description = "Not a valid seat link", body = ErrorBody),
    ))]
async fn seat_state(app: web::Data<App>, path: web::Path<String>) -> Answer {
    let token = path.into_inner();
    let state = write(&app, move |app, conn| {
        // The first to open a seat's link holds the seat: it can no longer be picked.
        seat::claim_by_token(conn, &token)?;
        seat::state(conn, &token, app.now())
    })
    .await?;
    ok(json!({"ok": true, "seat": state}))
}

#[utoipa::path(post, path = "/api/v1/seats/{token}/moves", tag = "seats",
    params(("token" = String, Path, description = "The seat link's token")),
    request_body = MoveInput,
    responses(
        (status = 200, description = "Played: the events and the new state", body = Object),
        (status = 403, description = "Not a valid seat link", body = ErrorBody),
        (status = 409, description = "Time is up, not started, paused, or the table moved on (the body carries the new state)", body = ErrorBody),
        (status = 422, description = "Not a legal move: the rule it breaks", body = ErrorBody),
    ))]
async fn play_move(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    path: web::Path<String>,
    input: web::Json<MoveInput>,
) -> Answer {
    let token = path.into_inner();
    let input = input.into_inner();
    let moved_token = token.clone();
    let result = write(&app, move |app, conn| {
        let holder = seat::holder(conn, &moved_token)?;
        seat::play_json_move(conn, &holder, input.seen, &input.action, app.now())
    })
    .await;
    match result {
        Ok((answer, table)) => {
            // The other seats' pages redraw their boards, as after a move from a page.
            hub.publish(table.event, Topic::Table(table.table));
            ok(json!({"ok": true, "events": answer.events, "seat": answer.state}))
        }
        Err(ApiError {
            error: error @ (AppError::Stale(_) | AppError::Invalid(_) | AppError::TimeUp),
            ..
        }) => {
            let state = read(&app, move |app, conn| seat::state(conn, &token, app.now())).await?;
            Err(ApiError::with_state(
                error,
                serde_json::to_value(state).unwrap_or(Value::Null),
            ))
        }
        Err(other) => Err(other),
    }
}

/// A seat's own score card at a paper table, or its confirmation of another side's.
async fn seat_card(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    token: String,
    confirm: Option<usize>,
    input: Option<PaperInput>,
) -> Answer {
    let event = write(&app, move |app, conn| {
        let holder = seat::holder(conn, &token)?;
        let event = holder.event.clone();
        let round = rounds::latest(conn, &event)?
            .ok_or_else(|| AppError::conflict("no round has been seated yet"))?;
        let table = crate::db::queries::table_of_entry(conn, round.row.id, holder.entry.id)?
            .ok_or_else(|| AppError::conflict("you do not sit at a table this round"))?;
        let side = crate::db::queries::entries_of_table(conn, table.id)?
            .iter()
            .find(|te| te.entry_id == holder.entry.id)
            .map(|te| te.side as usize)
            .ok_or_else(|| AppError::Internal("a seated entry without a side".into()))?;
        let author = CardAuthor::Side(side);
        match (confirm, input) {
            (Some(other), _) => rounds::confirm_paper(conn, &event, TableAt { round: round.row.number, table: table.number }, other, author, app.now_naive()),
            (None, Some(input)) => {
                if input.side != side {
                    return Err(AppError::Forbidden(format!(
                        "you play side {side}: enter your own side's card; another side's card is theirs to enter"
                    )));
                }
                rounds::enter_paper(conn, &event, TableAt { round: round.row.number, table: table.number }, (side, card(&input)), author, app.now_naive()).map(drop)
            }
            (None, None) => Err(AppError::invalid("send a score card")),
        }?;
        Ok(event.id())
    })
    .await?;
    hub.publish(event, Topic::Event);
    ok(json!({"ok": true}))
}

#[utoipa::path(post, path = "/api/v1/seats/{token}/scores", tag = "seats",
    params(("token" = String, Path, description = "The seat link's token")),
    request_body = PaperInput,
    responses(
        (status = 200, description = "Your side's card is in; another side confirms it", body = Object),
        (status = 403, description = "Not a valid seat link, or not your side", body = ErrorBody),
        (status = 409, description = "Not a paper table, or the round is closed", body = ErrorBody),
        (status = 422, description = "Counts above the pile quotas", body = ErrorBody),
    ))]
async fn seat_scores(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    path: web::Path<String>,
    input: web::Json<PaperInput>,
) -> Answer {
    seat_card(app, hub, path.into_inner(), None, Some(input.into_inner())).await
}

#[utoipa::path(post, path = "/api/v1/seats/{token}/scores/{side}/confirm", tag = "seats",
    params(("token" = String, Path, description = "The seat link's token"), ("side" = usize, Path, description = "The side whose card to confirm")),
    responses(
        (status = 200, description = "Confirmed", body = Object),
        (status = 403, description = "Not a valid seat link, or your own card", body = ErrorBody),
        (status = 409, description = "No card to confirm", body = ErrorBody),
    ))]
async fn seat_confirm(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    path: web::Path<(String, usize)>,
) -> Answer {
    let (token, side) = path.into_inner();
    seat_card(app, hub, token, Some(side), None).await
}

// ---------------------------------------------------------------- the document

struct HostAuth;

impl utoipa::Modify for HostAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "host",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    }
}

/// Adds to every operation the refusals that the extractors give before a handler runs, so
/// that the document lists every status an operation can answer: an operation with a body can
/// get 400 (not JSON), 413 (too large), 415 (not sent as JSON) and 422 (JSON that does not
/// fit); one with numbers in its address can get 404 (not a number, or nothing there).
struct CommonErrors;

impl utoipa::Modify for CommonErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let error = |description: &str| {
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build()
        };
        for (path, item) in openapi.paths.paths.iter_mut() {
            let in_path = path.contains('{');
            for operation in [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.patch,
            ]
            .into_iter()
            .flatten()
            {
                let responses = &mut operation.responses.responses;
                let mut add = |code: &str, description: &str| {
                    responses
                        .entry(code.to_owned())
                        .or_insert_with(|| error(description).into());
                };
                if operation.request_body.is_some() {
                    add("400", "The body is not valid JSON");
                    add("413", "The body is larger than 64 KiB");
                    add("415", "The body is not sent as application/json");
                    add(
                        "422",
                        "The JSON does not fit: a wrong type, a missing or unknown field, a value out of range",
                    );
                }
                if in_path {
                    add(
                        "404",
                        "A part of the address is not a valid number, or there is nothing there",
                    );
                }
            }
        }
    }
}

/// The OpenAPI document of the API.
#[derive(OpenApi)]
#[openapi(
    info(title = "touring API", description = "Run Progressive Touring card parties: events, entries, rounds, tables, seats, scores and standings. See docs/api.md."),
    paths(
        create_event, get_event, update_event,
        list_entries, add_entry, rename_entry, withdraw_entry, renew_link, release_seat,
        rotate_join_keys, rotate_host_token,
        seating_options, seat_round, get_round,
        start_round, pause_round, resume_round, extend_round, stop_round,
        preview_close, close_round, choose_mover, set_mode,
        enter_scores, confirm_scores, correct, list_corrections, standings, finish,
        export_json, export_csv,
        seat_state, play_move, seat_scores, seat_confirm,
    ),
    components(schemas(
        ErrorBody, EventInput, RoundInput, LengthInput, AfterRaceInput, RemainderInput,
        ByeScoreInput, EntryInput, RenameInput, SeatInput, ExtendInput, MoverInput, ModeInput,
        PaperInput, CorrectionInput, MoveInput,
    )),
    modifiers(&HostAuth, &CommonErrors),
    tags(
        (name = "events", description = "Create and configure an evening"),
        (name = "entries", description = "Players and partnerships"),
        (name = "rounds", description = "Seating, the signal, the clock and the close"),
        (name = "scores", description = "Paper score cards, corrections and standings"),
        (name = "seats", description = "A player's seat link: the table's game and moves"),
    )
)]
pub struct ApiDoc;

async fn openapi() -> HttpResponse {
    HttpResponse::Ok().json(document())
}

/// The OpenAPI document, with the answers the limits' middleware may give to any operation
/// (429 with Retry-After, and 408 for a body sent too slowly) added to every operation.
pub fn document() -> utoipa::openapi::OpenApi {
    use utoipa::openapi::schema::{ObjectBuilder, Ref, Type};
    use utoipa::openapi::{Content, HeaderBuilder, ResponseBuilder};
    let mut doc = ApiDoc::openapi();
    let error_body = || Content::new(Some(Ref::from_schema_name("ErrorBody")));
    let too_many = ResponseBuilder::new()
        .description("Too many requests from this client: try again after Retry-After seconds")
        .content("application/json", error_body())
        .header(
            "Retry-After",
            HeaderBuilder::new()
                .schema(Some(ObjectBuilder::new().schema_type(Type::Integer)))
                .description(Some("Seconds to wait before trying again"))
                .build(),
        )
        .build();
    let too_slow = ResponseBuilder::new()
        .description("The request body came too slowly; nothing was stored")
        .content("application/json", error_body())
        .build();
    for item in doc.paths.paths.values_mut() {
        let operations = [
            item.get.as_mut(),
            item.post.as_mut(),
            item.put.as_mut(),
            item.patch.as_mut(),
            item.delete.as_mut(),
        ];
        for (operation, writes) in operations.into_iter().zip([false, true, true, true, true]) {
            let Some(operation) = operation else { continue };
            let responses = &mut operation.responses.responses;
            responses
                .entry("429".into())
                .or_insert_with(|| too_many.clone().into());
            if writes {
                responses
                    .entry("408".into())
                    .or_insert_with(|| too_slow.clone().into());
            }
        }
    }
    doc
}

/// The status a refusal answers with, for tests and docs.
pub fn status(error: &AppError) -> StatusCode {
    super::error::status_of(error)
}
