//! An app of the test's own (no server) with one digital table playing: for the tests that
//! call the use cases directly.

use std::sync::Arc;

use chrono::Utc;
use touring::app::rounds::{self, SeatRequest, Signal};
use touring::app::seat::SeatKey;
use touring::app::{App, AppError, ManualClock, events};
use touring::db::{Database, queries};
use touring::engine::RulesId;
use touring::tournament::{EventLength, Members, RoundKind, Settings, TableSize};

/// An app on a database file.
pub fn app_on(path: &std::path::Path) -> App {
    app_and_clock_on(path).0
}

/// An app on a database file, and the clock it reads, which the test moves on.
pub fn app_and_clock_on(path: &std::path::Path) -> (App, Arc<ManualClock>) {
    let pool = touring::db::open(&Database::Sqlite(path.to_owned()), 2).expect("open");
    let clock = Arc::new(ManualClock::new(Utc::now()));
    (App::new(pool, clock.clone()), clock)
}

/// An event of one long timed round at one digital table of `size`, round 1 running; answers
/// the event and every player's seat key.
pub fn playing(app: &App, rules: RulesId, size: TableSize) -> (events::EventRecord, Vec<SeatKey>) {
    playing_until(app, rules, size, EventLength::Rounds { rounds: 1 })
}

/// As [`playing`], for an evening as long as `length` says.
pub fn playing_until(
    app: &App,
    rules: RulesId,
    size: TableSize,
    length: EventLength,
) -> (events::EventRecord, Vec<SeatKey>) {
    let mut settings = Settings::new("One table", 1926);
    settings.rules = rules;
    settings.table_size = size;
    settings.round = RoundKind::Timed { seconds: 3600 };
    settings.length = length;
    let names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"];
    let event = app
        .write(|conn| {
            let now = app.now_naive();
            let (event, _) = events::create(conn, settings.clone(), now)?;
            for e in 0..size.entries() {
                let members = if size.partners() {
                    Members::partners(names[2 * e], names[2 * e + 1])
                } else {
                    Members::player(names[e])
                }
                .map_err(|e| AppError::invalid(e.said()))?;
                events::add_entry_in(conn, &event, members, None, now)?;
            }
            rounds::seat_first(conn, &event, &SeatRequest::default(), now)?;
            rounds::signal_in(conn, &event, 1, Signal::Start, app.now())?;
            events::load(conn, event.id())
        })
        .expect("an event with round 1 running");
    let keys = app
        .read(|conn| Ok(queries::players_of_event(conn, event.id())?))
        .expect("players")
        .into_iter()
        .map(|p| SeatKey::Player(p.id, p.epoch))
        .collect();
    (event, keys)
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
