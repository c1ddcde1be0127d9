//! The web: actix-web handlers for the pages, the JSON API and the live streams. This layer
//! knows HTTP and templates, not SQL: every handler parses, calls one use case in `app`, and
//! answers.

pub mod address;
pub mod api;
pub mod boards;
pub mod bots;
pub mod error;
pub mod guard;
pub mod kept;
pub mod leases;
pub mod limits;
pub mod live;
pub mod ops;
pub mod pages;
pub mod parts;
pub mod qr;
pub mod session;

use std::net::SocketAddr;

use actix_web::dev::Server;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{App as ActixApp, HttpRequest, HttpResponse, HttpServer, middleware, web};

use crate::app::{App, AppError, AppResult};
use crate::i18n::Said;
use error::json_error;

/// Runs one use case off the async threads (the use case opens its own transaction): the
/// one wrapper the API, the pages and the background tasks share. The API and the pages turn
/// a refusal into their own answer with `?`.
pub async fn run<T: Send + 'static>(
    app: &web::Data<App>,
    use_case: impl FnOnce(&App) -> AppResult<T> + Send + 'static,
) -> AppResult<T> {
    let app = app.clone();
    web::block(move || use_case(&app)).await.map_err(|_| {
        AppError::Internal("the server is shutting down; try again in a moment".into())
    })?
}

/// Runs a use case for a background task or a live stream, where nobody waits for an answer:
/// a failure is logged, saying what was being done (never a token or an address), and
/// answers `None`. Our own failures (the database's) are errors; refusals are warnings.
pub async fn run_logged<T: Send + 'static>(
    app: &web::Data<App>,
    doing: &str,
    use_case: impl FnOnce(&App) -> AppResult<T> + Send + 'static,
) -> Option<T> {
    match run(app, use_case).await {
        Ok(answer) => Some(answer),
        Err(error @ AppError::Internal(_)) => {
            log::error!("{doing}: {error}");
            None
        }
        Err(error) => {
            log::warn!("{doing}: {error}");
            None
        }
    }
}

/// Threads per worker that run use cases ([`run`]).
const BLOCKING_THREADS: usize = 16;

/// The largest JSON body the API reads.
pub const MAX_JSON: usize = 64 * 1024;

/// Registers every route.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(json_config())
        .app_data(path_config())
        .app_data(query_config())
        .configure(api::routes)
        .configure(pages::routes)
        .configure(ops::routes)
        .default_service(web::to(not_found));
}

/// A server bound to its address, ready to run.
pub struct Bound {
    pub server: Server,
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The hub its pages listen on.
    pub hub: live::Hub,
    /// The address guests' phones use, when it is known at start: `--public-url`, or the
    /// machine's network address when listening on every interface (`None` otherwise: each
    /// request's own address is used).
    pub public_url: Option<address::PublicUrl>,
    /// The machine's network address, found when listening on every interface.
    pub network_url: Option<address::PublicUrl>,
    /// What the server can hold (connections, live streams).
    pub capacity: limits::Capacity,
}

/// Binds the server (port 0 picks a free port) with the default limits. The bots' task starts
/// with it (call from inside the actix system that runs the server).
pub fn bind(app: App, address: &str, port: u16, bots: bots::BotPace) -> std::io::Result<Bound> {
    bind_with(app, address, port, bots, limits::Limits::default())
}

/// Binds the server with these limits (see [`limits`]).
pub fn bind_with(
    app: App,
    address: &str,
    port: u16,
    bots: bots::BotPace,
    limits: limits::Limits,
) -> std::io::Result<Bound> {
    let key = session::load_key();
    // The caches kept in statics, made now so that /metrics lists them from the start.
    crate::app::events::start();
    parts::start();
    qr::start();
    let data = web::Data::new(app);
    let hub = web::Data::new(live::Hub::new());
    let body_timeout = std::time::Duration::from_secs(limits.body_timeout_secs);
    let capacity = limits::Capacity::raise(&limits)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    let workers = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let guards = web::Data::new(limits::Guards::new(limits, capacity.streams));
    let reach = web::Data::from(guards.reach().clone());
    // The timed work (bots, turn clock, a round's end) of the events this instance holds.
    leases::spawn(data.clone(), hub.get_ref().clone());
    actix_web::rt::spawn(live::watch_clocks(data.clone(), hub.get_ref().clone()));
    actix_web::rt::spawn(limits::forget_idle(guards.clone()));
    let (bot_app, bot_hub) = (data.clone(), hub.get_ref().clone());
    let lan_guards = guards.clone();
    let connect_guards = guards.clone();
    let server = HttpServer::new(move || {
        ActixApp::new()
            .app_data(data.clone())
            .app_data(hub.clone())
            .app_data(guards.clone())
            .app_data(reach.clone())
            // A page's error in the reader's language (inside everything else, where the
            // error is still at hand).
            .wrap(middleware::from_fn(pages::errors_in_readers_language))
            // gzip, brotli or zstd, as the client accepts (pages, the API, the static files
            // and the live streams, which are flushed at each pause).
            .wrap(middleware::Compress::default())
            .wrap(session::middleware(key.clone()))
            .wrap(middleware::from_fn(guard::guard))
            .wrap(middleware::NormalizePath::trim())
            .wrap(middleware::from_fn(ops::measure))
            .wrap(middleware::from_fn(ops::close_when_stopping))
            .wrap(middleware::from_fn(ops::head_as_get))
            .configure(configure)
    })
    // A client has this long to send a request's headers (its body has longer, in the limits'
    // middleware); a connection idle for longer than that is closed, so one that never
    // finishes its headers holds its file for 3 s at most.
    .client_request_timeout(body_timeout.min(limits::HEADERS_TIMEOUT))
    // An answer a client never reads is dropped at most KEEP_ALIVE + DISCONNECT_TIMEOUT after
    // it was handed over (see limits::KEEP_ALIVE), with its connection and its memory.
    .keep_alive(limits::KEEP_ALIVE)
    .client_disconnect_timeout(limits::DISCONNECT_TIMEOUT)
    // One client holds at most --connections-per-client connections; more are shut at once.
    .on_connect(move |connection, data| limits::on_connect(&connect_guards, connection, data))
    // Never more connections than open files: past them, accepting fails and fills the log.
    // Each worker takes its share (actix counts per worker).
    .workers(workers)
    .max_connections(usize::try_from(capacity.connections).unwrap_or(usize::MAX) / workers)
    // Use cases run on these threads (web::run), nearly all of them on one of the pool's eight
    // database connections: hundreds of threads (actix's default) would only queue for those,
    // each switched in and out, with memory of its own.
    .worker_max_blocking_threads(BLOCKING_THREADS)
    .bind((address, port))?;
    let addr = server
        .addrs()
        .first()
        .copied()
        .ok_or_else(|| std::io::Error::other("the server did not bind an address"))?;
    // Listening on every interface, guests' phones reach the machine by its network address
    // (unless `--public-url` says otherwise).
    let network_url = addr
        .ip()
        .is_unspecified()
        .then(|| address::lan_ip(addr.ip()))
        .flatten()
        .map(|ip| address::PublicUrl::of(SocketAddr::new(ip, addr.port())));
    if let Some(url) = &network_url {
        lan_guards.reach().found_lan_url(url.clone());
    }
    bots::spawn(bot_app, bot_hub.clone(), bots);
    Ok(Bound {
        // Signals are ours (`ops::stop_on_signals`, started by `touring serve`): actix's own
        // would stop the server without telling the live pages, whose streams never end.
        server: server
            .shutdown_timeout(ops::STOP_WAIT)
            .disable_signals()
            .run(),
        addr,
        hub: bot_hub,
        public_url: lan_guards.reach().public_url().cloned(),
        network_url,
        capacity,
    })
}

/// Whether an address is the JSON API's (which answers in JSON) rather than a page's (which
/// answers with a page a person can read).
fn is_api(req: &HttpRequest) -> bool {
    // The path as the router read it (`/%61pi/` is the API's too).
    req.match_info().as_str().starts_with("/api/")
}

async fn not_found(req: HttpRequest) -> HttpResponse {
    if !is_api(&req) {
        // Drawn in the reader's language here: no error goes with this answer for the
        // middleware to draw again.
        return pages::PageError(crate::app::AppError::not_found(
            Said::new("refused-no-page")
                .text("path", crate::engine::json::truncate(req.path(), 80)),
        ))
        .page_in(session::lang_of(&req));
    }
    let message = Said::new("refused-api-nothing-here")
        .text("method", req.method().to_string())
        .text("path", crate::engine::json::truncate(req.path(), 80));
    json_said(&req, StatusCode::NOT_FOUND, "not_found", &message)
}

/// The API's JSON error for a request it could not take, its `error` said in the client's
/// language (`Accept-Language`).
fn json_said(req: &HttpRequest, status: StatusCode, code: &str, message: &Said) -> HttpResponse {
    json_error(status, code, error::lang_of_client(req).say(message))
}

fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(MAX_JSON)
        .error_handler(|err, req| {
            let (status, code, message) = match &err {
                JsonPayloadError::OverflowKnownLength { .. }
                | JsonPayloadError::Overflow { .. } => (
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "too_large",
                    Said::new("refused-api-body-too-large").number("max", MAX_JSON),
                ),
                JsonPayloadError::Payload(e) if limits::is_body_timeout(e) => (
                    StatusCode::REQUEST_TIMEOUT,
                    "too_slow",
                    Said::new("refused-api-body-too-slow"),
                ),
                JsonPayloadError::ContentType => (
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "invalid",
                    Said::new("refused-api-body-content-type"),
                ),
                // Broken JSON cannot be read at all (400); JSON that reads but does not fit the
                // operation (a wrong type, an unknown field, a number out of range) is 422.
                JsonPayloadError::Deserialize(e) if e.is_syntax() || e.is_eof() => (
                    StatusCode::BAD_REQUEST,
                    "invalid",
                    Said::new("refused-api-body-not-json").text("problem", e.to_string()),
                ),
                JsonPayloadError::Deserialize(e) => (
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "invalid",
                    Said::new("refused-api-body-does-not-fit").text("problem", e.to_string()),
                ),
                other => (
                    StatusCode::BAD_REQUEST,
                    "invalid",
                    Said::new("refused-api-body-unreadable").text("problem", other.to_string()),
                ),
            };
            let answer = json_said(req, status, code, &message);
            actix_web::error::InternalError::from_response(err, answer).into()
        })
}

fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|err: PathError, req| {
        if !is_api(req) {
            let message = crate::i18n::Said::new("refused-no-page-number")
                .text("path", crate::engine::json::truncate(req.path(), 80));
            let page = pages::PageError(crate::app::AppError::not_found(message))
                .page_in(session::lang_of(req));
            return actix_web::error::InternalError::from_response(err, page).into();
        }
        let message = Said::new("refused-api-address")
            .text("path", crate::engine::json::truncate(req.path(), 80))
            .text(
                "problem",
                crate::engine::json::truncate(&err.to_string(), 80),
            );
        actix_web::error::InternalError::from_response(
            err,
            json_said(req, StatusCode::NOT_FOUND, "not_found", &message),
        )
        .into()
    })
}

/// Methods for a refusal: "GET or POST" ("GET ou POST" in French).
fn one_of(methods: &[&'static str]) -> Said {
    methods
        .iter()
        .map(|method| Said::new("refused-api-method-name").text("name", *method))
        .reduce(|first, next| {
            Said::new("refused-list-or")
                .said("first", first)
                .said("next", next)
        })
        .unwrap_or_else(|| Said::new("refused-api-method-name").text("name", "GET"))
}

/// The API's answer for an address it has no route for with this method: a JSON 405 that
/// names the methods the address accepts (also in an `Allow` header), or the plain 404 when the
/// address is not the API's at all.
pub async fn method_not_allowed(req: HttpRequest) -> HttpResponse {
    let allowed = api::allowed_methods(req.path());
    if allowed.is_empty() {
        return not_found(req).await;
    }
    let path = crate::engine::json::truncate(req.path(), 80);
    let message = Said::new("refused-api-method")
        .text("method", req.method().to_string())
        .text("path", path)
        .said("allowed", one_of(&allowed));
    let mut answer = json_said(
        &req,
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        &message,
    );
    if let Ok(value) = HeaderValue::from_str(&allowed.join(", ")) {
        answer.headers_mut().insert(header::ALLOW, value);
    }
    answer
}

fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|err: QueryPayloadError, req| {
        if !is_api(req) {
            // A person followed a link that was cut or changed: say so in their words.
            let mut page = pages::PageError(AppError::Invalid(Said::new("refused-address-query")))
                .page_in(session::lang_of(req));
            *page.status_mut() = StatusCode::BAD_REQUEST;
            return actix_web::error::InternalError::from_response(err, page).into();
        }
        let message = Said::new("refused-api-query").text("problem", err.to_string());
        actix_web::error::InternalError::from_response(
            err,
            json_said(req, StatusCode::BAD_REQUEST, "invalid", &message),
        )
        .into()
    })
}
