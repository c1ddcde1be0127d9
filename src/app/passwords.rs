//! The host's optional password: argon2id hashes, so the console can be opened from another
//! device without the host link.
//!
//! Argon2 is made to be expensive: each hash takes about 19 MiB for a few dozen milliseconds.
//! So every hash runs on a small pool of its own: [`HASHERS`] threads, with at most [`WAITING`]
//! more hashes queued; past that the caller is told [`Busy`] at once (and answers 429). The
//! memory a flood of sign-ins can take is the pool's, whatever the number of attackers, and
//! because the same few threads do all the hashing, the allocator reuses the same memory
//! rather than keeping one 19 MiB block per thread it ever hashed on.

use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex, OnceLock};

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
/// Hashes computed at once.
pub const HASHERS: usize = 2;
/// Hashes that may wait for a hasher; more are refused with [`Busy`].
pub const WAITING: usize = 8;

/// Every hasher is busy and the queue is full: try again in a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the server is checking too many passwords at once")]
pub struct Busy;

type Job = Box<dyn FnOnce() + Send>;

/// The pool's queue (the hashers start on first use).
fn pool() -> &'static SyncSender<Job> {
    static POOL: OnceLock<SyncSender<Job>> = OnceLock::new();
    POOL.get_or_init(|| {
        let (sender, receiver) = mpsc::sync_channel::<Job>(WAITING);
        let receiver = Arc::new(Mutex::new(receiver));
        for n in 0..HASHERS {
            let receiver = receiver.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || hasher(&receiver));
            if let Err(e) = spawned {
                log::error!("cannot start a password hasher: {e}");
            }
        }
        sender
    })
}

fn hasher(receiver: &Mutex<Receiver<Job>>) {
    loop {
        let job = match receiver.lock() {
            Ok(receiver) => receiver.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        match job {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

/// Runs `work` on the hashing pool, or answers [`Busy`] at once when it is full.
pub async fn on_pool<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Busy> {
    let (answer, answered) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = answer.send(work());
    });
    pool().try_send(job).map_err(|_| Busy)?;
    answered.await.map_err(|_| Busy)
}

/// Checks a new password's length (empty means: no password).
pub fn check_new_password(password: &str) -> AppResult<()> {
    if password.is_empty() {
        return Ok(());
    }
    let length = password.chars().count();
    if length < MIN_PASSWORD {
        return Err(AppError::invalid(
            crate::i18n::Said::new("refused-password-short").number("min", MIN_PASSWORD),
        ));
    }
    if length > MAX_PASSWORD {
        return Err(AppError::invalid(
            crate::i18n::Said::new("refused-password-long").number("max", MAX_PASSWORD),
        ));
    }
    Ok(())
}

/// The argon2id hash of a new password, computed on the pool (empty password: none).
pub async fn hash_new_password(password: String) -> Result<AppResult<Option<String>>, Busy> {
    if let Err(error) = check_new_password(&password) {
        return Ok(Err(error));
    }
    if password.is_empty() {
        return Ok(Ok(None));
    }
    on_pool(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| Some(hash.to_string()))
            .map_err(|e| AppError::Internal(format!("the password could not be hashed: {e}")))
    })
    .await
}

/// Stores (or, with `None`, removes) the host's password hash.
pub fn store_host_password(
    conn: &mut Conn,
    event: &EventRecord,
    hash: Option<&str>,
) -> AppResult<()> {
    queries::set_host_password(conn, event.id(), hash)?;
    Ok(())
}

/// Sets (or, with `None`, removes) the host's password, from a hash made beforehand with
/// [`hash_new_password`] so that argon2 never holds the write lock.
pub fn set_host_password(
    app: &super::App,
    host: &super::HostKey,
    hash: Option<&str>,
) -> AppResult<()> {
    app.write_as_host(host, |conn, event| store_host_password(conn, event, hash))
}

/// The stored hash of an event's password, for a sign-in (None: no such event, or no
/// password).
pub fn password_hash(app: &super::App, event: i64) -> AppResult<Option<String>> {
    app.read(|conn| stored_hash(conn, event))
}

/// The stored hash of the event's password, if the event exists and has one.
pub fn stored_hash(conn: &mut Conn, event: i64) -> AppResult<Option<String>> {
    Ok(queries::event(conn, event)?.and_then(|e| e.host_password_hash))
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

/// Does this password match the stored hash? Events without a password, unknown events and
/// wrong passwords all answer no, after the same argon2 work on the pool.
pub async fn verify(stored: Option<String>, password: String) -> Result<bool, Busy> {
    on_pool(move || {
        let real = stored.is_some();
        let hash = stored.unwrap_or_else(|| stand_in().to_owned());
        let password = if password.chars().count() > MAX_PASSWORD {
            ""
        } else {
            password.as_str()
        };
        let verified = PasswordHash::new(&hash).ok().is_some_and(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        });
        real && verified
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_pool_answers_busy_at_once() {
        // Block every hasher and fill the queue with jobs that wait for a signal. The hashers
        // may start (and take their first jobs) only after the queue first reports full, so
        // fill it again until a pause lets nothing more in.
        let (release, released) = mpsc::channel::<()>();
        let released = Arc::new(Mutex::new(released));
        let mut sent = 0;
        let mut full = false;
        while sent <= 100 {
            let released = released.clone();
            let job: Job = Box::new(move || {
                let _ = released.lock().map(|r| r.recv());
            });
            match pool().try_send(job) {
                Ok(()) => {
                    sent += 1;
                    full = false;
                }
                Err(mpsc::TrySendError::Full(_)) if full => break,
                Err(mpsc::TrySendError::Full(_)) => {
                    full = true;
                    std::thread::sleep(std::time::Duration::from_millis(200));
                }
                Err(mpsc::TrySendError::Disconnected(_)) => break,
            }
        }
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        // A bound, so that a pool that wrongly queued the job fails the test instead of
        // hanging it.
        let answer = runtime.block_on(async {
            tokio::time::timeout(std::time::Duration::from_secs(10), on_pool(|| ())).await
        });
        for _ in 0..sent {
            let _ = release.send(());
        }
        assert!(full, "the queue should fill up");
        assert!(sent >= WAITING);
        assert_eq!(answer.ok(), Some(Err(Busy)));
    }
}
