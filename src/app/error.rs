//! What can go wrong in a use case, worded for the person who caused it.

use crate::db::DbError;

/// A refused or failed use case. The web layer turns each kind into an HTTP status and a JSON
/// body or a page message; the words are meant to be shown as they are.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The thing asked for does not exist (or the caller may not know that it does).
    #[error("{0}")]
    NotFound(String),
    /// The caller did not prove who they are, or is not allowed to do this.
    #[error("{0}")]
    Forbidden(String),
    /// The input is wrong; the message says what and how to fix it.
    #[error("{0}")]
    Invalid(String),
    /// The request is fine but the event is not in a state that allows it.
    #[error("{0}")]
    Conflict(String),
    /// Someone else acted first: the caller should reload and look again.
    #[error("{0}")]
    Stale(String),
    /// The round's time is over; nothing more can be played.
    #[error("time is up: the round has ended, so no more moves can be played")]
    TimeUp,
    /// Our fault.
    #[error("{0}")]
    Internal(String),
}

impl AppError {
    pub fn invalid(message: impl Into<String>) -> AppError {
        AppError::Invalid(message.into())
    }

    pub fn conflict(message: impl Into<String>) -> AppError {
        AppError::Conflict(message.into())
    }

    pub fn not_found(message: impl Into<String>) -> AppError {
        AppError::NotFound(message.into())
    }

    /// A short machine-readable name for the kind of error (the API's `code`).
    pub fn code(&self) -> &'static str {
        match self {
            AppError::NotFound(_) => "not_found",
            AppError::Forbidden(_) => "forbidden",
            AppError::Invalid(_) => "invalid",
            AppError::Conflict(_) => "conflict",
            AppError::Stale(_) => "stale",
            AppError::TimeUp => "time_is_up",
            AppError::Internal(_) => "internal",
        }
    }
}

/// What a change that collided with another one at the same moment is told (a unique key
/// refused it, or PostgreSQL could not order it after the other).
pub const CONCURRENT_CHANGE: &str =
    "someone else changed this at the same moment; reload and try again";

impl AppError {
    /// Did this fail only because another change landed at the same moment? Running the use
    /// case again then sees that change and answers from it.
    pub fn is_concurrent_change(&self) -> bool {
        matches!(self, AppError::Stale(message) if message == CONCURRENT_CHANGE)
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(error: diesel::result::Error) -> AppError {
        match error {
            diesel::result::Error::NotFound => AppError::NotFound("not found".into()),
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            ) => AppError::Stale(CONCURRENT_CHANGE.into()),
            other if crate::db::is_retryable(&other) => AppError::Stale(CONCURRENT_CHANGE.into()),
            other => AppError::Internal(format!("database error: {other}")),
        }
    }
}

impl From<DbError> for AppError {
    fn from(error: DbError) -> AppError {
        AppError::Internal(error.to_string())
    }
}

impl From<diesel::r2d2::PoolError> for AppError {
    fn from(error: diesel::r2d2::PoolError) -> AppError {
        AppError::Internal(format!("the database is busy ({error}); try again"))
    }
}

impl From<serde_json::Error> for AppError {
    fn from(error: serde_json::Error) -> AppError {
        AppError::Internal(format!("stored data could not be read: {error}"))
    }
}
