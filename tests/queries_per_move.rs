//! How many SQL statements one move costs, counted with diesel's instrumentation and pinned:
//! a change that adds a query to the move path fails here and must say why it is worth it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use chrono::Utc;
use diesel::connection::{Instrumentation, InstrumentationEvent, set_default_instrumentation};
use touring::app::rounds::{self, SeatRequest, Signal};
use touring::app::seat::{self, SeatKey};
use touring::app::{App, AppError, ManualClock, events};
use touring::db::{Database, queries};
use touring::engine::RulesId;
use touring::tournament::{EventLength, Members, RoundKind, Settings, TableSize};

/// Whether statements are counted now, and how many were.
static COUNTING: AtomicBool = AtomicBool::new(false);
static STATEMENTS: AtomicUsize = AtomicUsize::new(0);

/// Counts every statement a connection starts while `COUNTING` is on (transactions' BEGIN and
/// COMMIT included: they are round trips too).
struct Counter;

impl Instrumentation for Counter {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if let InstrumentationEvent::StartQuery { query, .. } = event
            && COUNTING.load(Ordering::SeqCst)
        {
            STATEMENTS.fetch_add(1, Ordering::SeqCst);
            // `TOURING_SHOW_QUERIES=1 cargo test --test queries_per_move -- --nocapture` lists
            // them, for whoever makes the move path cheaper.
            if std::env::var_os("TOURING_SHOW_QUERIES").is_some() {
                eprintln!("{query}");
            }
        }
    }
}

fn counter() -> Option<Box<dyn Instrumentation>> {
    Some(Box::new(Counter))
}

/// The statements `f` runs.
fn statements_of<T>(f: impl FnOnce() -> T) -> (usize, T) {
    STATEMENTS.store(0, Ordering::SeqCst);
    COUNTING.store(true, Ordering::SeqCst);
    let answer = f();
    COUNTING.store(false, Ordering::SeqCst);
    (STATEMENTS.load(Ordering::SeqCst), answer)
}

/// A running round of one timed round at one digital table of `size`; answers the app and
/// every player's seat key.
fn playing(dir: &std::path::Path, rules: RulesId, size: TableSize) -> (App, Vec<SeatKey>) {
    let pool = touring::db::open(&Database::Sqlite(dir.join("moves.sqlite")), 2).expect("open");
    let app = App::new(pool, Arc::new(ManualClock::new(Utc::now())));
    let mut settings = Settings::new("Queries per move", 1926);
    settings.rules = rules;
    settings.table_size = size;
    settings.round = RoundKind::Timed { seconds: 3600 };
    settings.length = EventLength::Rounds { rounds: 1 };
    let names = ["Ann", "Bob", "Cy", "Di"];
    let event = app
        .write(|conn| {
            let now = app.now_naive();
            let (event, _) = events::create(conn, settings.clone(), now)?;
            for name in names.iter().take(size.entries()) {
                let members =
                    Members::player(name).map_err(|e| AppError::Invalid(e.to_string()))?;
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
    (app, keys)
}

/// Plays the first legal move of the seat whose turn it is, as the API does; answers the
/// statements that one move ran.
fn statements_of_one_move(app: &App, keys: &[SeatKey]) -> usize {
    for key in keys {
        let state = seat::seat_state(app, key).expect("the seat's state");
        let Some(deal) = state.deal.filter(|deal| deal.your_turn) else {
            continue;
        };
        let action = serde_json::to_value(deal.legal[0]).expect("a move as JSON");
        let (count, played) =
            statements_of(|| seat::play_move(app, key, (deal.actions, false), &action));
        played.expect("the move is played");
        return count;
    }
    panic!("no seat has the turn");
}

#[test]
fn one_move_runs_a_pinned_number_of_sql_statements() {
    set_default_instrumentation(counter).expect("instrumentation");
    // The number a move costs today. A change that raises it adds work to the hot path of
    // every table: lower it, or raise it here and say why in the commit.
    // (BEGIN and COMMIT included; TOURING_SHOW_QUERIES=1 lists them.)
    for (rules, size, pinned) in [
        (RulesId::Touring1926, TableSize::Three, 15),
        (RulesId::Touring1958, TableSize::Two, 15),
        (RulesId::MilleBornes, TableSize::Two, 15),
    ] {
        let dir = tempfile::tempdir().expect("temporary directory");
        let (app, keys) = playing(dir.path(), rules, size);
        // The first move reads the deal from the database; the next ones find it kept.
        statements_of_one_move(&app, &keys);
        let count = statements_of_one_move(&app, &keys);
        assert!(count > 0, "{rules:?}: the counter saw no statement");
        assert_eq!(
            count, pinned,
            "{rules:?}: one move ran {count} SQL statements, pinned at {pinned}"
        );
    }
}
