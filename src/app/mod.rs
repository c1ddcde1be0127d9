//! Use cases: create an event, start a round, play a card, close a round. Each runs in one
//! database transaction (an immediate one when it writes, so concurrent writers queue instead
//! of failing) and uses the pure engine and tournament logic for every decision.

pub mod bot_moves;
pub mod clock;
pub mod demo;
pub mod error;
pub mod events;
pub mod passwords;
pub mod play;
pub mod report;
pub mod rounds;
pub mod seat;
pub mod secret;
pub mod simulate;
pub mod tokens;

use std::sync::Arc;

use chrono::{DateTime, NaiveDateTime, Utc};

pub use clock::{Clock, ManualClock, SystemClock};
pub use error::AppError;

use crate::db::{Conn, Pool};

/// Result of a use case.
pub type AppResult<T> = Result<T, AppError>;

/// Everything a use case needs: the database and the clock.
#[derive(Clone)]
pub struct App {
    pool: Pool,
    clock: Arc<dyn Clock>,
}

impl App {
    pub fn new(pool: Pool, clock: Arc<dyn Clock>) -> App {
        App { pool, clock }
    }

    /// The current time, from the app's clock.
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// The current time as stored in the database (UTC, no zone).
    pub fn now_naive(&self) -> NaiveDateTime {
        self.now().naive_utc()
    }

    /// Runs a read-only use case in one read transaction: it sees one consistent snapshot, and
    /// never waits for (nor blocks) the writers.
    pub fn read<T>(&self, f: impl FnOnce(&mut Conn) -> AppResult<T>) -> AppResult<T> {
        let mut conn = self.pool.get()?;
        diesel::Connection::transaction(&mut *conn, f)
    }

    /// Runs a use case that writes, in one immediate transaction: all of it or nothing.
    pub fn write<T>(&self, f: impl FnOnce(&mut Conn) -> AppResult<T>) -> AppResult<T> {
        let mut conn = self.pool.get()?;
        conn.immediate_transaction(f)
    }

    /// The pool, for backups and tests.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }
}

/// A stored UTC time as a zoned one.
pub fn utc(time: NaiveDateTime) -> DateTime<Utc> {
    DateTime::from_naive_utc_and_offset(time, Utc)
}
