//! Refusals of the limits (`web::limits`), in words: a JSON body for the API, a page for
//! people, each saying when to try again.

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError};

use super::PageError;
use crate::app::AppError;

/// The 429 answer: the API's JSON refusal or a page, both saying when to try again.
pub fn too_many(req: &HttpRequest, wait: Duration, what: &str) -> HttpResponse {
    let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
    let when = if seconds == 1 {
        "in a second".to_owned()
    } else if seconds < 120 {
        format!("in {seconds} seconds")
    } else {
        format!("in {} minutes", seconds.div_ceil(60))
    };
    let message = format!("{what}: try again {when}.");
    let mut answer = if req.match_info().as_str().starts_with("/api/") {
        crate::web::error::json_error(StatusCode::TOO_MANY_REQUESTS, "too_many", message)
    } else {
        let mut page = PageError(AppError::Conflict(message)).error_response();
        *page.status_mut() = StatusCode::TOO_MANY_REQUESTS;
        page
    };
    if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
        answer.headers_mut().insert(header::RETRY_AFTER, value);
    }
    answer
}

/// The 503 answer when the server holds as many live streams as it may: the party's moves and
/// pages still get through, only new live pages wait.
pub fn server_full(req: &HttpRequest) -> HttpResponse {
    let message = "the server is full of open pages: close some, or try again in a minute";
    let mut answer = if req.match_info().as_str().starts_with("/api/") {
        crate::web::error::json_error(StatusCode::SERVICE_UNAVAILABLE, "full", message.to_owned())
    } else {
        let mut page = PageError(AppError::Conflict(message.to_owned())).error_response();
        *page.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
        page
    };
    answer
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
    answer
}
