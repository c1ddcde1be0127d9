//! The host's optional password: argon2id hashes, so the console can be opened from another
//! device without the host link.

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

use super::events::EventRecord;
use super::{AppError, AppResult};
use crate::db::{Conn, queries};

/// The shortest password accepted.
pub const MIN_PASSWORD: usize = 8;
/// The longest password accepted (argon2 needs no more, and a bound keeps hashing cheap).
pub const MAX_PASSWORD: usize = 200;

/// Sets (or, with an empty password, removes) the host's password.
pub fn set_host_password(conn: &mut Conn, event: &EventRecord, password: &str) -> AppResult<()> {
    if password.is_empty() {
        queries::set_host_password(conn, event.id(), None)?;
        return Ok(());
    }
    let length = password.chars().count();
    if length < MIN_PASSWORD {
        return Err(AppError::invalid(format!(
            "choose a password of at least {MIN_PASSWORD} characters"
        )));
    }
    if length > MAX_PASSWORD {
        return Err(AppError::invalid(format!(
            "a password of at most {MAX_PASSWORD} characters is plenty"
        )));
    }
    let hash = Argon2::default()
        .hash_password(password.as_bytes())
        .map_err(|e| AppError::Internal(format!("the password could not be hashed: {e}")))?
        .to_string();
    queries::set_host_password(conn, event.id(), Some(&hash))?;
    Ok(())
}

/// A hash of a random password, so that a missing event or password costs the same argon2
/// work as a real one and the answer time tells nothing.
fn stand_in() -> &'static str {
    static STAND_IN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    STAND_IN.get_or_init(|| {
        Argon2::default()
            .hash_password(super::tokens::new_token().as_bytes())
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

/// Does this password open the event's console? Events without a password, unknown events
/// and wrong passwords all answer no, after the same argon2 work.
pub fn check_host_password(conn: &mut Conn, event: i64, password: &str) -> bool {
    let stored = queries::event(conn, event)
        .ok()
        .flatten()
        .and_then(|e| e.host_password_hash);
    let (hash, real) = match &stored {
        Some(hash) => (hash.as_str(), true),
        None => (stand_in(), false),
    };
    let password = if password.chars().count() > MAX_PASSWORD {
        ""
    } else {
        password
    };
    let verified = PasswordHash::new(hash).ok().is_some_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    });
    real && verified
}
