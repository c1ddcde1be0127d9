//! The middleware every request passes first: it asks the limits (`limits::Guards::admit`)
//! whether the request may go on, answers a refusal in words, gives a request body its time
//! limit, holds a live stream's place for as long as it is open, answers in words (and logs
//! why) when a middleware inside it failed after the handler, and puts on every answer the
//! headers it carries (a Content-Security-Policy without inline script, no sniffing, no
//! framing, no referrer, no caching unless the handler says so) and, over HTTPS, the session
//! cookie's `Secure` flag.

use std::pin::Pin;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, web};
use futures_util::StreamExt;

use super::limits::{self, Guarded, Guards, Refusal};
use super::pages::refusal;

/// The Content-Security-Policy of every answer: scripts and styles only from this server,
/// never inline (style attributes excepted, for the boards' meters); no framing; forms post
/// only here.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers every answer carries. Nothing is kept in a cache (`no-store`) unless its
/// handler says otherwise (the static files do): seat pages and streams hold a hand, the
/// console and many answers a token or a link with one, exports a whole evening, and an
/// answer with nothing secret loses little by being asked again.
fn secure_headers(headers: &mut actix_web::http::header::HeaderMap) {
    let set = [
        (header::CACHE_CONTROL, "no-store"),
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
    ];
    for (name, value) in set {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
}

/// Adds `Secure` to the cookies of an answer that goes out over HTTPS.
fn secure_cookies(headers: &mut actix_web::http::header::HeaderMap) {
    let cookies: Vec<HeaderValue> = headers.get_all(header::SET_COOKIE).cloned().collect();
    if cookies.is_empty() {
        return;
    }
    headers.remove(header::SET_COOKIE);
    for value in cookies {
        let secured = value
            .to_str()
            .ok()
            .and_then(|text| actix_web::cookie::Cookie::parse(text.to_owned()).ok())
            .and_then(|mut cookie| {
                cookie.set_secure(true);
                HeaderValue::from_str(&cookie.to_string()).ok()
            });
        headers.append(header::SET_COOKIE, secured.unwrap_or(value));
    }
}

/// A request body that must arrive by a deadline; after it, reading fails with a time-out.
fn timed(payload: Payload, deadline: tokio::time::Instant) -> Payload {
    let stream = futures_util::stream::unfold(Some(payload), move |state| async move {
        let mut payload = state?;
        match tokio::time::timeout_at(deadline, payload.next()).await {
            Ok(Some(item)) => Some((item, Some(payload))),
            Ok(None) => None,
            Err(_) => Some((
                Err(actix_web::error::PayloadError::Io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the request body came too slowly",
                ))),
                None,
            )),
        }
    });
    let boxed: Pin<
        Box<
            dyn futures_util::Stream<
                    Item = Result<actix_web::web::Bytes, actix_web::error::PayloadError>,
                >,
        >,
    > = Box::pin(stream);
    Payload::from(boxed)
}

/// A request whose answer was lost after its handler ran: answered as a failure of ours, in
/// the reader's language, with the headers every answer carries.
#[derive(Debug)]
struct Lost {
    lang: crate::i18n::Lang,
    api: bool,
}

impl std::fmt::Display for Lost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the answer was lost after the handler ran")
    }
}

impl actix_web::ResponseError for Lost {
    fn status_code(&self) -> actix_web::http::StatusCode {
        actix_web::http::StatusCode::INTERNAL_SERVER_ERROR
    }

    fn error_response(&self) -> actix_web::HttpResponse {
        let mut answer = refusal::lost(self.lang, self.api);
        secure_headers(answer.headers_mut());
        answer
    }
}

/// The middleware: every request passes here first.
pub async fn guard(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(guards) = req.app_data::<web::Data<Guards>>().cloned() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let client = guards.client(req.request());
    let https = guards.reach().https(req.request());
    let method = req.method().clone();
    // Limits are told by the route that will run, however its address was spelled.
    let route = limits::route_of(req.request()).unwrap_or_default();
    let stream = match guards.admit(&method, &route, client) {
        Ok(stream) => stream,
        Err(refused) => {
            let mut answer = match refused {
                Refusal::TooMany(wait, what) => refusal::too_many(req.request(), wait, what),
                Refusal::ServerFull => refusal::server_full(req.request()),
            };
            secure_headers(answer.headers_mut());
            return Ok(req.into_response(answer));
        }
    };
    if limits::has_body(&method) {
        let deadline = tokio::time::Instant::now() + guards.body_timeout();
        let payload = req.take_payload();
        req.set_payload(timed(payload, deadline));
    }
    // Read now: the request cannot be kept (the router needs it alone) for a failure below.
    let lost = Lost {
        lang: super::session::lang_of(req.request()),
        api: req.path().starts_with("/api/"),
    };
    let mut response = match next.call(req).await {
        Ok(response) => response.map_into_boxed_body(),
        Err(error) => {
            // A middleware inside this one failed after the handler ran (the session cookie
            // could not be written): the handler's answer is lost. Say why in the log; the
            // answer says it in words, with the headers every answer carries.
            // On one line: the error's chain of causes, as its Debug writes it.
            let why = format!("{error:?}");
            let why = why.split_whitespace().collect::<Vec<_>>().join(" ");
            log::error!("a request's answer was lost after its handler ran: {why}");
            return Err(lost.into());
        }
    };
    secure_headers(response.headers_mut());
    if https {
        secure_cookies(response.headers_mut());
    }
    Ok(match stream {
        Some(guard) if response.status().is_success() => response
            .map_body(|_, body| Guarded::new(body, guard))
            .map_into_boxed_body(),
        _ => response,
    })
}
