//! Turning refusals into HTTP answers: a status, and a JSON body that says what was wrong and
//! what to do, for every error the API can give (bad JSON included).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::app::AppError;
use crate::i18n::Lang;

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always false.
    pub ok: bool,
    /// A short name for the kind of error: not_found, forbidden, invalid, conflict, stale,
    /// time_is_up, too_large, too_slow, too_many (with a Retry-After header) or internal.
    pub code: String,
    /// One or two sentences for a person: what was wrong and what to do.
    pub error: String,
    /// For `stale`: the current state, so the client can redraw without asking again.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub state: Option<Value>,
}

/// An error answer from the web layer.
#[derive(Debug)]
pub struct ApiError {
    pub error: AppError,
    pub state: Option<Value>,
}

impl ApiError {
    /// An error carrying the current state (for stale submissions).
    pub fn with_state(error: AppError, state: Value) -> ApiError {
        ApiError {
            error,
            state: Some(state),
        }
    }
}

impl From<AppError> for ApiError {
    fn from(error: AppError) -> ApiError {
        ApiError { error, state: None }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

/// The HTTP status for an error kind.
pub fn status_of(error: &AppError) -> StatusCode {
    match error {
        AppError::NotFound(_) => StatusCode::NOT_FOUND,
        AppError::Forbidden(_) => StatusCode::FORBIDDEN,
        AppError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
        AppError::Conflict(_) | AppError::Stale(_) | AppError::TimeUp => StatusCode::CONFLICT,
        AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        status_of(&self.error)
    }

    fn error_response(&self) -> HttpResponse {
        if matches!(self.error, AppError::Internal(_)) {
            log::error!("{}", self.error);
        }
        self.answer_in(Lang::ENGLISH)
    }
}

impl ApiError {
    /// The answer, its `error` said in `lang` (codes and fields stay English).
    pub fn answer_in(&self, lang: Lang) -> HttpResponse {
        HttpResponse::build(self.status_code()).json(ErrorBody {
            ok: false,
            code: self.error.code().to_owned(),
            error: self.error.said_in(lang),
            state: self.state.clone(),
        })
    }
}

/// The language an API client reads: its `Accept-Language` (English when it names no
/// language offered).
pub fn lang_of_client(req: &actix_web::HttpRequest) -> Lang {
    let header = req
        .headers()
        .get(actix_web::http::header::ACCEPT_LANGUAGE)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    Lang::from_accept_language(header)
}

/// A plain JSON error answer with a given status (for the extractors' own errors).
pub fn json_error(status: StatusCode, code: &str, error: String) -> HttpResponse {
    HttpResponse::build(status).json(ErrorBody {
        ok: false,
        code: code.to_owned(),
        error,
        state: None,
    })
}
