//! What can go wrong in a use case, kept as a message ([`Said`]) for the person who caused
//! it, said in their language where it is shown (English in the logs and `Display`).

use crate::db::DbError;
use crate::i18n::{Lang, Said};

/// A refused or failed use case. The web layer turns each kind into an HTTP status and a JSON
/// body or a page message; the words are said in the reader's language ([`AppError::said_in`]).
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The thing asked for does not exist (or the caller may not know that it does).
    #[error("{}", english(.0))]
    NotFound(Said),
    /// The caller did not prove who they are, or is not allowed to do this.
    #[error("{}", english(.0))]
    Forbidden(Said),
    /// The input is wrong; the message says what and how to fix it.
    #[error("{}", english(.0))]
    Invalid(Said),
    /// The request is fine but the event is not in a state that allows it.
    #[error("{}", english(.0))]
    Conflict(Said),
    /// Someone else acted first: the caller should reload and look again.
    #[error("{}", english(.0))]
    Stale(Said),
    /// The round's time is over; nothing more can be played.
    #[error("{}", english(&Said::new("refused-time-up")))]
    TimeUp,
    /// Our fault: the detail is for the log, in English; a person is told it was ours.
    #[error("{0}")]
    Internal(String),
}

fn english(said: &Said) -> String {
    Lang::ENGLISH.say(said)
}

impl AppError {
    pub fn invalid(message: impl Into<Said>) -> AppError {
        AppError::Invalid(message.into())
    }

    pub fn conflict(message: impl Into<Said>) -> AppError {
        AppError::Conflict(message.into())
    }

    pub fn not_found(message: impl Into<Said>) -> AppError {
        AppError::NotFound(message.into())
    }

    pub fn forbidden(message: impl Into<Said>) -> AppError {
        AppError::Forbidden(message.into())
    }

    pub fn stale(message: impl Into<Said>) -> AppError {
        AppError::Stale(message.into())
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

    /// What the refusal says, to be said in a reader's language; `None` for a failure of ours.
    pub fn said(&self) -> Option<Said> {
        match self {
            AppError::NotFound(said)
            | AppError::Forbidden(said)
            | AppError::Invalid(said)
            | AppError::Conflict(said)
            | AppError::Stale(said) => Some(said.clone()),
            AppError::TimeUp => Some(Said::new("refused-time-up")),
            AppError::Internal(_) => None,
        }
    }

    /// The error in `lang`, for a person: a refusal's own words, or for a failure of ours that
    /// it was ours (the detail goes to the log).
    pub fn said_in(&self, lang: Lang) -> String {
        match self.said() {
            Some(said) => lang.say(&said),
            None => lang.t("refused-ours"),
        }
    }
}

/// What a change that collided with another one at the same moment is told (a unique key
/// refused it, or PostgreSQL could not order it after the other).
pub const CONCURRENT_CHANGE: &str = "refused-concurrent-change";

impl AppError {
    /// Did this fail only because another change landed at the same moment? Running the use
    /// case again then sees that change and answers from it.
    pub fn is_concurrent_change(&self) -> bool {
        matches!(self, AppError::Stale(said) if said.id == CONCURRENT_CHANGE)
    }

    fn concurrent_change() -> AppError {
        AppError::Stale(Said::new(CONCURRENT_CHANGE))
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(error: diesel::result::Error) -> AppError {
        match error {
            diesel::result::Error::NotFound => AppError::NotFound(Said::new("refused-not-found")),
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            ) => AppError::concurrent_change(),
            other if crate::db::is_retryable(&other) => AppError::concurrent_change(),
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
