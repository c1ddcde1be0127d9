//! For the library's own tests in other rooms (web's page tests): an app on a database of its
//! own with round 1 in play, set up the way a host does it, so that those tests need no
//! database code of their own. (The integration tests have the same in tests/common/app.rs.)

use std::sync::Arc;

use chrono::Utc;

use super::rounds::{self, SeatRequest, Signal};
use super::seat::SeatKey;
use super::{App, AppError, ManualClock, events};
use crate::db::{self, Database, queries};
use crate::tournament::{Members, Settings};

/// An app on a new SQLite database in `dir`, on a manual clock, with an event of `settings`
/// where each of `names` is a player, seated and playing round 1. Answers the clock, the
/// event's id and the players' seat keys.
pub fn round_one_in_play(
    dir: &std::path::Path,
    settings: Settings,
    names: &[&str],
) -> (App, Arc<ManualClock>, i64, Vec<SeatKey>) {
    let pool = db::open(&Database::Sqlite(dir.join("t.sqlite")), 2).expect("open");
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let app = App::new(pool, clock.clone());
    let event = app
        .write(|conn| {
            let now = app.now_naive();
            let (event, _) = events::create(conn, settings.clone(), now)?;
            for name in names {
                let members = Members::player(name).map_err(|e| AppError::invalid(e.said()))?;
                events::add_entry_in(conn, &event, members, None, now)?;
            }
            rounds::seat_first(conn, &event, &SeatRequest::default(), now)?;
            rounds::signal_in(conn, &event, 1, Signal::Start, app.now())?;
            events::load(conn, event.id())
        })
        .expect("round 1 running");
    let keys = app
        .read(|conn| Ok(queries::players_of_event(conn, event.id())?))
        .expect("players")
        .into_iter()
        .map(|p| SeatKey::Player(p.id, p.epoch))
        .collect();
    (app, clock, event.id(), keys)
}

/// Waits for a use case that answers later (a move, queued for the writer thread), as a
/// handler's task does.
pub fn block_on<F: std::future::Future>(answer: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(answer)
}
