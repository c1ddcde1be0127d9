//! What tools expect of an HTTP server: every GET answers HEAD too (`curl -I`, uptime monitors,
//! link checkers), `/healthz` says whether the server and its database answer (monitors,
//! load balancers, container health checks), and SIGTERM (systemd, Docker) or Ctrl-C stops it
//! gracefully: no new connections, the requests in flight finished, every live page told to
//! reconnect (to the server that comes back), then exit.

use std::time::Duration;

use actix_web::body::{self, BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServerHandle, ServiceRequest, ServiceResponse};
use actix_web::http::{ConnectionType, Method, header};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, web};

use super::live::Hub;
use crate::app::App;

/// How long `/healthz` waits for a database connection before it says the database does not
/// answer: less than a monitor's usual timeout, more than a busy party's queue for a connection.
pub const HEALTH_WAIT: Duration = Duration::from_secs(3);

/// Registers `/healthz` and `/metrics`.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(healthz))
        .route("/metrics", web::get().to(metrics));
}

/// Counts every request by method, route pattern and status, times it until its answer
/// begins (`touring_http_…` in `/metrics`), gives it a request id (`X-Request-Id`, echoed in
/// the answer) and writes its access line. Inside [`head_as_get`], so a HEAD counts as GET.
pub async fn measure(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = std::time::Instant::now();
    // Only the methods the server knows, so that a client cannot make up labels.
    let method = match *req.method() {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    };
    let request_id = request_id(req.request());
    let answer = next.call(req).await;
    let (route, status) = match &answer {
        Ok(response) => (
            response
                .request()
                .match_pattern()
                .unwrap_or_else(|| "unmatched".to_owned()),
            response.status(),
        ),
        Err(error) => ("unmatched".to_owned(), error.error_response().status()),
    };
    let latency = started.elapsed();
    let metrics = crate::metrics::get();
    metrics
        .requests
        .with_label_values(&[method, route.as_str(), status.as_str()])
        .inc();
    metrics
        .latency
        .with_label_values(&[method, route.as_str()])
        .observe(latency.as_secs_f64());
    crate::logging::Access {
        method,
        route: &route,
        status: status.as_u16(),
        latency_ms: latency.as_secs_f64() * 1000.0,
        request_id: &request_id,
    }
    .log();
    let mut response = answer?;
    if let Ok(value) = header::HeaderValue::from_str(&request_id) {
        response.headers_mut().insert(X_REQUEST_ID, value);
    }
    Ok(response)
}

/// The header that carries a request's id, from a proxy (or a client) to the access line and
/// back in the answer.
pub const X_REQUEST_ID: header::HeaderName = header::HeaderName::from_static("x-request-id");

/// The longest request id kept as given.
pub const REQUEST_ID_MAX: usize = 64;

/// The request's id: the one it came with when that is short plain text (letters, digits and
/// `-_.:`, at most [`REQUEST_ID_MAX`]), so that a proxy's id follows the request into this
/// log; otherwise a new one (16 hex digits), so that nobody can write what they like into the
/// log. An id shaped like one of our tokens (32 hex digits, as nginx's `$request_id`) is kept
/// from a `--trusted-proxy` only: from anyone else it might be a seat's secret.
pub fn request_id(req: &actix_web::HttpRequest) -> String {
    let given = req
        .headers()
        .get(X_REQUEST_ID)
        .and_then(|value| value.to_str().ok())
        .filter(|id| {
            (1..=REQUEST_ID_MAX).contains(&id.len())
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b))
        })
        .filter(|id| {
            !crate::app::tokens::looks_like_token(id)
                || req
                    .app_data::<web::Data<super::address::Reach>>()
                    .is_some_and(|reach| reach.from_trusted_proxy(req))
        });
    match given {
        Some(id) => id.to_owned(),
        None => format!("{:016x}", rand::random::<u64>()),
    }
}

/// While the server stops, every answer closes its connection: a client that kept its
/// connection open (keep-alive) gets the answer to the request it sent, then connects again
/// (to the server that comes back), and the server need not wait for idle connections.
pub async fn close_when_stopping(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let hub = req.app_data::<web::Data<Hub>>().cloned();
    let mut response = next.call(req).await?;
    if hub.is_some_and(|hub| hub.is_closing()) {
        response
            .response_mut()
            .head_mut()
            .set_connection_type(ConnectionType::Close);
    }
    Ok(response)
}

/// Stops the server gracefully at SIGTERM or SIGINT (Ctrl-C): it stops accepting connections,
/// tells every live page to reconnect and ends its stream, finishes the requests in flight
/// (for [`STOP_WAIT`] at most), and the server's future ends. The signals are caught from the
/// moment this is called (inside the server's runtime, before the server says it runs); the
/// future it answers, spawned, waits for them.
pub fn stop_on_signals(
    server: ServerHandle,
    hub: Hub,
) -> impl std::future::Future<Output = ()> + 'static {
    #[cfg(unix)]
    let signals = {
        use tokio::signal::unix::{SignalKind, signal};
        match (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) {
            (Ok(terminate), Ok(interrupt)) => Some((terminate, interrupt)),
            (Err(error), _) | (_, Err(error)) => {
                log::warn!("cannot catch SIGTERM ({error}); stop with Ctrl-C");
                None
            }
        }
    };
    async move {
        #[cfg(unix)]
        let which = match signals {
            Some((mut terminate, mut interrupt)) => tokio::select! {
                _ = terminate.recv() => "SIGTERM",
                _ = interrupt.recv() => "Ctrl-C",
            },
            None => {
                let _ = tokio::signal::ctrl_c().await;
                "Ctrl-C"
            }
        };
        #[cfg(not(unix))]
        let which = {
            let _ = tokio::signal::ctrl_c().await;
            "Ctrl-C"
        };
        log::warn!(
            "{which}: stopping; finishing the requests in flight, live pages will reconnect"
        );
        // The listening sockets close first, so that the pages told to reconnect do not come
        // back to this server.
        let stopped = server.stop(true);
        hub.close_streams();
        stopped.await;
    }
}

/// How long a stopping server waits for the requests in flight, in seconds: a move or a page
/// takes far less; a client still sending a body after that is cut off. Less than the 10 s
/// `docker stop` waits before it kills.
pub const STOP_WAIT: u64 = 8;

/// `GET /metrics`: every measurement in Prometheus's text format, for this machine and the
/// addresses of `--metrics-from` only (a 403 for anyone else, and through a proxy).
async fn metrics(
    req: actix_web::HttpRequest,
    app: web::Data<App>,
    guards: web::Data<super::limits::Guards>,
) -> HttpResponse {
    if !guards.may_read_metrics(&req) {
        return HttpResponse::Forbidden()
            .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
            .body(
                "the metrics are for this machine only (and the addresses of --metrics-from), \
                 not through a proxy\n",
            );
    }
    let metrics = crate::metrics::get();
    let pool = app.pool_state();
    metrics.pool_connections.set(i64::from(pool.connections));
    metrics.pool_idle.set(i64::from(pool.idle));
    metrics.pool_max.set(i64::from(pool.max));
    match metrics.render() {
        Ok(text) => HttpResponse::Ok()
            .insert_header((
                header::CONTENT_TYPE,
                "text/plain; version=0.0.4; charset=utf-8",
            ))
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .body(text),
        Err(error) => {
            log::error!("metrics: cannot write them out: {error}");
            HttpResponse::InternalServerError().body("the metrics cannot be written out\n")
        }
    }
}

/// Answers HEAD as GET without the body, for every route at once (actix-web routes a HEAD only
/// to a route registered for HEAD). It must run before anything else holds the request (it
/// changes the request's method), so it is the outermost middleware.
///
/// A body already in memory is kept: its `Content-Length` is the one GET would send, and the
/// HTTP layer never sends a body in answer to HEAD. A streamed body (a live page's events,
/// which never end) is dropped at once.
pub async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if req.method() != Method::HEAD {
        return Ok(next.call(req).await?.map_into_boxed_body());
    }
    req.head_mut().method = Method::GET;
    let response = next.call(req).await?;
    Ok(response.map_body(|_, body| match body.size() {
        BodySize::Sized(_) => body.boxed(),
        BodySize::None | BodySize::Stream => BoxBody::new(body::None::new()),
    }))
}

/// `GET /healthz`: 200 when the database answers a read, 503 when it does not (within
/// [`HEALTH_WAIT`]). The cause goes to the log, not to whoever asked.
async fn healthz(app: web::Data<App>) -> HttpResponse {
    let mut answer = match super::run(&app, |app| app.check_database(HEALTH_WAIT)).await {
        Ok(()) => HttpResponse::Ok().body("ok\n"),
        Err(error) => {
            log::error!("health check: the database does not answer: {error}");
            HttpResponse::ServiceUnavailable().body("the database does not answer\n")
        }
    };
    let headers = answer.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    answer
}
