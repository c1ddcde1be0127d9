//! Refusals of the limits (`web::limits`), in words: a JSON body for the API (English), a page
//! for people (in the reader's language), each saying when to try again. Beside them, the
//! answer `web::guard` gives when a request's own answer was lost after its handler ran.

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};

use super::PageError;
use crate::app::AppError;
use crate::i18n::Lang;

/// What a limit refuses, as the limits and the sign-in say it in English, and the message
/// that says it in every language (`locales/*/errors.ftl`).
const WHAT: &[(&str, &str)] = &[
    (
        "this device has sent too many requests in a row",
        "limit-writes",
    ),
    (
        "this device has created as many events (and series) as an hour allows",
        "limit-events",
    ),
    (
        "round 1 has been seated again as often as a minute allows",
        "limit-seatings",
    ),
    (
        "this device has added as many entries as a minute allows",
        "limit-entries",
    ),
    (
        "this device has asked for too many pages in a row (a projector or standings page \
         updates itself: keep it open rather than reloading it)",
        "limit-pages",
    ),
    (
        "this device has too many live pages open; close some",
        "limit-streams",
    ),
    (crate::web::limits::PICKS_REFUSED, "limit-picks"),
    (
        "The server is checking many passwords at the moment",
        "limit-passwords-busy",
    ),
    (
        "Too many wrong passwords for this console (the host link still opens it)",
        "limit-wrong-passwords",
    ),
];

/// The refusal in `lang`: what was too much, and when to try again.
fn try_again(lang: Lang, seconds: u64, what: &str) -> String {
    let when = if seconds < 120 {
        lang.msg("refusal-when-seconds")
            .arg("seconds", seconds)
            .text()
    } else {
        lang.msg("refusal-when-minutes")
            .arg("minutes", seconds.div_ceil(60))
            .text()
    };
    let what = WHAT
        .iter()
        .find(|(english, _)| *english == what)
        .map_or_else(|| what.to_owned(), |(_, id)| lang.t(id));
    lang.msg("refusal-try-again")
        .arg("what", what)
        .arg("when", when)
        .text()
}

/// A page of the refusal, in the reader's language, with this status.
fn refusal_page(
    req: &HttpRequest,
    status: StatusCode,
    say: impl Fn(Lang) -> String,
) -> HttpResponse {
    let lang = crate::web::session::lang_of(req);
    // The kind of page ("not now"); its words are `say`'s, in the reader's language.
    let error = PageError(AppError::Conflict(crate::i18n::Said::new("error-not-now")));
    let mut page = error.page_saying(lang, say(lang));
    *page.status_mut() = status;
    page
}

/// The 429 answer: the API's JSON refusal or a page, both saying when to try again.
pub fn too_many(req: &HttpRequest, wait: Duration, what: &str) -> HttpResponse {
    let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
    let mut answer = if req.match_info().as_str().starts_with("/api/") {
        crate::web::error::json_error(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many",
            try_again(Lang::ENGLISH, seconds, what),
        )
    } else {
        refusal_page(req, StatusCode::TOO_MANY_REQUESTS, |lang| {
            try_again(lang, seconds, what)
        })
    };
    if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
        answer.headers_mut().insert(header::RETRY_AFTER, value);
    }
    answer
}

/// The 503 answer when the server holds as many live streams as it may: the party's moves and
/// pages still get through, only new live pages wait.
pub fn server_full(req: &HttpRequest) -> HttpResponse {
    let mut answer = if req.match_info().as_str().starts_with("/api/") {
        crate::web::error::json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "full",
            Lang::ENGLISH.t("refusal-server-full"),
        )
    } else {
        refusal_page(req, StatusCode::SERVICE_UNAVAILABLE, |lang| {
            lang.t("refusal-server-full")
        })
    };
    answer
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
    answer
}

/// The 500 answer of a request whose answer was lost after its handler ran (a middleware
/// inside the guard failed: the session cookie could not be written): the API's JSON error or
/// the error page in `lang`, saying that the failure was ours.
pub fn lost(lang: Lang, api: bool) -> HttpResponse {
    if api {
        crate::web::error::json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            AppError::Internal(String::new()).code(),
            Lang::ENGLISH.t("refused-ours"),
        )
    } else {
        PageError(AppError::Internal(String::new())).page_in(lang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limits_refusal_has_a_message_saying_it_in_english_word_for_word() {
        for (english, id) in WHAT {
            assert_eq!(Lang::ENGLISH.t(id), *english, "{id}");
        }
        assert_eq!(
            try_again(Lang::ENGLISH, 1, WHAT[0].0),
            "this device has sent too many requests in a row: try again in a second."
        );
        assert_eq!(
            try_again(Lang::ENGLISH, 150, WHAT[0].0),
            "this device has sent too many requests in a row: try again in 3 minutes."
        );
        let french = Lang::from_tag("fr").expect("French");
        assert_eq!(
            try_again(french, 5, WHAT[0].0),
            "cet appareil a envoyé trop de requêtes d'affilée\u{a0}: réessayez dans 5 secondes."
        );
    }
}
