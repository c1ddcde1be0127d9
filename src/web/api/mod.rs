//! The JSON API under `/api/v1`: everything a host and a table do. docs/api.md describes it;
//! `/api/openapi.json` is its OpenAPI document.
//!
//! Host calls carry the host's token as `Authorization: Bearer <token>`; seat calls carry the
//! seat link's token in the path. Every refusal is a JSON body with `ok: false`, a `code` and
//! an `error` sentence (see [`crate::web::error::ErrorBody`]).

mod body;
pub mod dto;
mod entries;
mod events;
mod replays;
mod rounds;
mod scores;
mod seats;
mod series;

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::OpenApi;

use super::error::{ApiError, ErrorBody};
use super::live::{Hub, Topic};
use super::run;
use crate::app::{App, AppError, AppResult, HostKey, HostProof, ViewerKey};
use dto::*;

use body::Json;

type Answer = Result<HttpResponse, ApiError>;

/// Registers the API routes: each handler carries its method and path (`#[get("/events/{event}")]`
/// under its `#[utoipa::path]`), and [`v1`] lists the handlers once, for the server and for the
/// OpenAPI document alike.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/openapi.json", web::get().to(openapi));
    v1(&mut utoipa_actix_web::service_config::ServiceConfig::new(
        cfg,
    ));
}

/// The `/api/v1` scope, each handler named once.
fn v1(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(
        utoipa_actix_web::scope("/api/v1")
            // The seats' routes first: a router (and the guard, which finds each request's
            // route) tries the routes in the order they are listed, one pattern at a time, and
            // a seat's move is most of what a party asks. No other route here starts with
            // /seats, so the order changes no answer.
            .service(seats::seat_state)
            .service(seats::play_move)
            .service(seats::seat_scores)
            .service(seats::seat_confirm)
            .service(events::create_event)
            .service(events::get_event)
            .service(events::update_event)
            .service(entries::list_entries)
            .service(entries::add_entry)
            .service(entries::rename_entry)
            .service(entries::withdraw_entry)
            .service(entries::renew_link)
            .service(entries::release_seat)
            .service(entries::hand_seat)
            .service(entries::hand_over)
            .service(events::rotate_join_keys)
            .service(events::rotate_viewer_key)
            .service(events::rotate_host_token)
            .service(rounds::seating_options)
            .service(rounds::seat_round)
            .service(rounds::get_round)
            .service(rounds::start_round)
            .service(rounds::pause_round)
            .service(rounds::resume_round)
            .service(rounds::extend_round)
            .service(rounds::stop_round)
            .service(rounds::preview_close)
            .service(rounds::close_round)
            .service(rounds::choose_mover)
            .service(rounds::set_mode)
            .service(scores::enter_scores)
            .service(scores::confirm_scores)
            .service(scores::list_corrections)
            .service(scores::correct)
            .service(scores::standings)
            .service(replays::list_replays)
            .service(replays::get_replay)
            .service(events::finish)
            .service(events::close)
            .service(events::export_json)
            .service(events::export_csv)
            .service(series::create_series)
            .service(series::update_series)
            .service(series::rotate_host_token)
            .service(series::standings)
            .service(series::people)
            .service(series::export_csv)
            .service(series::export_json)
            .service(series::link)
            .service(series::split)
            .service(series::attach_evening)
            .service(series::detach_evening)
            // Each handler above is its own resource guarded by its method, so an address
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

/// The host's token from `Authorization: Bearer`. The scheme's name is read in any case
/// (`bearer`, `BEARER`), as HTTP says of every authentication scheme (RFC 9110, 11.1).
pub fn bearer(req: &HttpRequest) -> Option<String> {
    let value = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .trim_start();
    let (scheme, token) = value.split_once([' ', '\t'])?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_owned())
}

/// The viewer key of a private event, from `?key=`.
fn viewer_key(req: &HttpRequest) -> String {
    web::Query::<dto::KeyQuery>::from_query(req.query_string())
        .map(|q| q.into_inner().key)
        .unwrap_or_default()
}

/// The credential of a public read: with private views on it needs the viewer key or the
/// host's token.
fn viewer(req: &HttpRequest, event: i64) -> ViewerKey {
    ViewerKey {
        event,
        host: bearer(req).map(HostProof::Token),
        key: viewer_key(req),
    }
}

/// The host's credential, from `Authorization: Bearer`; the use case checks it.
fn host(req: &HttpRequest, event: i64) -> HostKey {
    HostKey::token(event, bearer(req).unwrap_or_default())
}

/// The event of the address (`{event}`), whatever else the path holds.
#[derive(Deserialize)]
struct EventPath {
    event: i64,
}

/// The event in the address, read the way the other path parameters are (a bad one is refused
/// with the same words).
fn event_of(req: &HttpRequest) -> Result<i64, actix_web::Error> {
    let path = web::Path::<EventPath>::extract(req).into_inner()?;
    Ok(path.event)
}

/// A public read of the event in the address, with the credential the request carries (see
/// [`viewer`]).
pub(super) struct Reader(ViewerKey);

impl FromRequest for Reader {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Reader, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(event_of(req).map(|event| Reader(viewer(req, event))))
    }
}

/// A host's call on the event in the address, with the request's Bearer token (see [`host`]).
pub(super) struct Host(HostKey);

impl FromRequest for Host {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Host, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(event_of(req).map(|event| Host(host(req, event))))
    }
}

/// Runs a host's change and tells the event's open pages that it changed.
async fn change<T: Send + 'static>(
    app: &web::Data<App>,
    req: &HttpRequest,
    event: i64,
    use_case: impl FnOnce(&App, &HostKey) -> AppResult<T> + Send + 'static,
) -> Result<T, ApiError> {
    let host = host(req, event);
    let answer = run(app, move |app| use_case(app, &host)).await?;
    if let Some(hub) = req.app_data::<web::Data<Hub>>() {
        hub.publish(event, Topic::Event);
    }
    Ok(answer)
}

fn ok(value: impl Serialize) -> Answer {
    Ok(HttpResponse::Ok().json(value))
}

/// A big answer (a season of thousands of people, a whole evening's record, every finished
/// deal): read and written out as JSON off the async threads, which carry every move.
async fn ok_written<T: Serialize>(
    app: &web::Data<App>,
    read: impl FnOnce(&App) -> AppResult<T> + Send + 'static,
) -> Answer {
    let json = run(app, move |app| {
        serde_json::to_vec(&read(app)?)
            .map_err(|e| AppError::Internal(format!("writing JSON: {e}")))
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(json))
}

fn created(value: impl Serialize) -> Answer {
    Ok(HttpResponse::Created().json(value))
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
                        "The JSON does not fit: not one object, a key given twice, a wrong type, a missing or unknown field, a value out of range",
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
    info(title = "touring API", description = "Run Progressive Touring card parties: events, entries, rounds, tables, seats, scores, standings, replays and series of evenings. See docs/api.md."),
    components(schemas(
        ErrorBody, EventInput, RoundInput, LengthInput, AfterRaceInput, RemainderInput,
        ByeScoreInput, MissedRoundsInput, EntryInput, RenameInput, StandInInput, HandOverInput, SeatInput, ExtendInput, MoverInput, ModeInput,
        PaperInput, ConfirmInput, CorrectionInput, MoveInput,
        Done, EventOut, EventCreated, EventView, RoundNowOut, EventUpdated, JoinKeys, ViewerKeyOut, HostToken,
        EntryOut, EntriesOut, LinkOut, EntryAdded, HandedOver, LinkRenewed, SeatingOption, SeatingOptions,
        SeatingOut, RoundOut, ClosingOut, CloseOut, CorrectionOut, CorrectionsOut, StandingsOut,
        SeatOut, MoveOut, ReplaysOut, ReplayOut,
        SeriesInput, PrizesInput, SeriesChange, SeriesOut, SeriesCreated, SeriesUpdated, SeriesEveningOut,
        SeriesStandingsOut, SeriesResultOut, SeriesEveningExport, SeriesExportOut, LinkInput, SplitInput, AttachInput, SeriesPersonOut, SeriesPeopleOut,
    )),
    tags(
        (name = "events", description = "Create and configure an evening"),
        (name = "entries", description = "Players and partnerships"),
        (name = "rounds", description = "Seating, the signal, the clock and the close"),
        (name = "scores", description = "Paper score cards, corrections and standings"),
        (name = "seats", description = "A player's seat link: the table's game and moves"),
        (name = "replays", description = "Finished deals, replayed step by step"),
        (name = "series", description = "A season or league of evenings: its standings and its people"),
    )
)]
pub struct ApiDoc;

async fn openapi() -> HttpResponse {
    HttpResponse::Ok().json(document())
}

/// The schema of `EventInput.options`: one object per rule set, titled with its identifier,
/// with its options (from the rule set's own [`crate::engine::OptionField`]s) and nothing else.
fn options_schema() -> utoipa::openapi::schema::AnyOfBuilder {
    use crate::engine::{OptionKind, RulesId};
    use utoipa::openapi::schema::{AdditionalProperties, AnyOfBuilder, ObjectBuilder, Type};
    let mut any = AnyOfBuilder::new().description(Some(
        "The chosen rules' own options: the object titled with the event's \"rules\" (an option of other rules is refused with 422). Fields left out keep their default.",
    ));
    for rules in RulesId::ALL {
        let mut object = ObjectBuilder::new()
            .schema_type(Type::Object)
            .title(Some(rules.id()))
            .description(Some(if rules.option_fields().is_empty() {
                format!(
                    "{} has no options: leave \"options\" out, or send {{}}",
                    rules.name()
                )
            } else {
                format!(
                    "The options of {} (with \"rules\": \"{}\")",
                    rules.name(),
                    rules.id()
                )
            }))
            .additional_properties(Some(AdditionalProperties::FreeForm(false)));
        for field in rules.option_fields() {
            let property = match field.kind {
                OptionKind::Flag { .. } => ObjectBuilder::new().schema_type(Type::Boolean),
                OptionKind::Number { min, max, .. } => ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(min))
                    .maximum(Some(max)),
            };
            object = object.property(
                field.name,
                property
                    .description(Some(field.about))
                    .default(Some(field.default_json())),
            );
        }
        any = any.item(object);
    }
    any
}

/// The OpenAPI document, with the answers the limits' middleware may give to any operation
/// (429 with Retry-After, and 408 for a body sent too slowly) added to every operation.
pub fn document() -> utoipa::openapi::OpenApi {
    use utoipa::Modify;
    use utoipa::openapi::schema::{ObjectBuilder, Ref, Schema, Type};
    use utoipa::openapi::{Content, HeaderBuilder, RefOr, ResponseBuilder};
    use utoipa_actix_web::AppExt;
    // The paths come from the handlers that [`v1`] lists; the rest (info, schemas, tags) from
    // [`ApiDoc`]. The modifiers run once the paths are in.
    let (_, mut doc) = actix_web::App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .configure(v1)
        .split_for_parts();
    HostAuth.modify(&mut doc);
    CommonErrors.modify(&mut doc);
    if let Some(Schema::Object(input)) = doc
        .components
        .as_mut()
        .and_then(|c| c.schemas.get_mut("EventInput"))
        .and_then(|s| match s {
            RefOr::T(schema) => Some(schema),
            RefOr::Ref(_) => None,
        })
    {
        input
            .properties
            .insert("options".into(), options_schema().into());
    }
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

#[cfg(test)]
mod tests {
    use actix_web::body::BoxBody;
    use actix_web::dev::ServiceRequest;
    use actix_web::http::Method;
    use actix_web::middleware::Next;
    use actix_web::test::{TestRequest, call_service, init_service};

    /// Every operation of the OpenAPI document is a route of the server, at the document's
    /// path and with its method: the router finds that very pattern, and the request reaches
    /// the operation's handler, not the 404 or 405 that an address or a method the server does
    /// not have gets. (The handlers here have no application to run with, so they answer 500.)
    #[actix_web::test]
    async fn the_server_has_every_operation_the_document_names_at_its_path_and_method() {
        let app = init_service(
            actix_web::App::new()
                .wrap(actix_web::middleware::from_fn(
                    |req: ServiceRequest, next: Next<BoxBody>| async move {
                        let route = crate::web::limits::route_of(req.request()).unwrap_or_default();
                        let answer = next.call(req).await?;
                        let status = answer.status().as_u16();
                        Ok(answer.map_body(move |_, _| BoxBody::new(format!("{status} {route}"))))
                    },
                ))
                .configure(crate::web::configure),
        )
        .await;
        let mut operations = 0;
        for (template, item) in &super::document().paths.paths {
            let path: String = template
                .split('/')
                .map(|part| if part.starts_with('{') { "1" } else { part })
                .collect::<Vec<_>>()
                .join("/");
            for (method, present) in [
                (Method::GET, item.get.is_some()),
                (Method::POST, item.post.is_some()),
                (Method::PUT, item.put.is_some()),
                (Method::PATCH, item.patch.is_some()),
                (Method::DELETE, item.delete.is_some()),
            ] {
                if !present {
                    continue;
                }
                operations += 1;
                let request = TestRequest::default()
                    .method(method.clone())
                    .uri(&path)
                    .to_request();
                let answer = call_service(&app, request).await;
                let body = actix_web::body::to_bytes(answer.into_body())
                    .await
                    .unwrap_or_default();
                let said = String::from_utf8_lossy(&body).into_owned();
                let (status, route) = said.split_once(' ').unwrap_or_default();
                assert_eq!(route, template, "{method} {path}");
                assert!(!["404", "405"].contains(&status), "{method} {path}: {said}");
            }
        }
        assert!(operations > 40, "{operations} operations");
    }
}
