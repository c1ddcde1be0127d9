//! How many SQL statements one move costs, counted with diesel's instrumentation and pinned:
//! a change that adds a query to the move path fails here and must say why it is worth it. A
//! move from the seat page is one transaction too: the page after its redirect reads nothing.

mod common;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use common::app::{app_and_clock_on, app_on, block_on, playing, playing_until};
use diesel::connection::{Instrumentation, InstrumentationEvent, set_default_instrumentation};
use touring::app::rounds::{self, Signal};
use touring::app::seat::{self, SeatKey};
use touring::app::{App, AppError, events};
use touring::engine::RulesId;
use touring::tournament::{EventLength, TableSize};
use touring::web::kept::MovedBoards;

/// Statements are counted in the whole process: the tests of this file take turns.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// This test's turn.
fn turn() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether statements are counted now, and how many were.
static COUNTING: AtomicBool = AtomicBool::new(false);
static STATEMENTS: AtomicUsize = AtomicUsize::new(0);
/// The text of each statement counted (without its values).
static TEXTS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Counts every statement a connection starts while `COUNTING` is on (transactions' BEGIN and
/// COMMIT included: they are round trips too).
struct Counter;

impl Instrumentation for Counter {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if let InstrumentationEvent::StartQuery { query, .. } = event
            && COUNTING.load(Ordering::SeqCst)
        {
            STATEMENTS.fetch_add(1, Ordering::SeqCst);
            let text = query.to_string();
            let text = text
                .split(" -- binds")
                .next()
                .unwrap_or_default()
                .to_owned();
            TEXTS
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(text);
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
    TEXTS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clear();
    COUNTING.store(true, Ordering::SeqCst);
    let answer = f();
    COUNTING.store(false, Ordering::SeqCst);
    (STATEMENTS.load(Ordering::SeqCst), answer)
}

/// Plays a discard of the seat whose turn it is (a move in every rule set that never makes
/// the table wait for a decision, as a Mille Bornes hazard does), as the API does, answered as
/// `answer` asks; answers the statements that one move ran.
fn statements_of_one_move(app: &App, keys: &[SeatKey], answer: seat::Answering) -> usize {
    for key in keys {
        let state = seat::seat_state(app, key).expect("the seat's state");
        let Some(deal) = state.deal.filter(|deal| deal.your_turn) else {
            continue;
        };
        let moves: Vec<serde_json::Value> = deal
            .legal
            .iter()
            .map(|action| serde_json::to_value(action).expect("a move as JSON"))
            .collect();
        let action = moves
            .iter()
            .find(|action| action.get("discard").is_some())
            .expect("a discard among the legal moves")
            .clone();
        // The move is queued for the writer thread; its statements count there too.
        let (count, played) = statements_of(|| {
            block_on(seat::play_move(
                app,
                key.clone(),
                (deal.actions, false, answer),
                action,
            ))
        });
        played.expect("the move is played");
        return count;
    }
    panic!("no seat has the turn");
}

/// Plays the same discard from the seat page (a form sent without script, then the redirect's
/// page load); answers the statements of the move and of the page after it.
fn statements_of_one_page_move(app: &App, keys: &[SeatKey]) -> (usize, usize) {
    for key in keys {
        let state = seat::seat_state(app, key).expect("the seat's state");
        let Some(deal) = state.deal.filter(|deal| deal.your_turn) else {
            continue;
        };
        let action = deal
            .legal
            .iter()
            .map(|action| serde_json::to_value(action).expect("a move as JSON"))
            .find(|action| action.get("discard").is_some())
            .expect("a discard among the legal moves");
        // The page's move is queued for the writer thread too.
        let (moved, played) = statements_of(|| {
            block_on(seat::play_page_move(
                app,
                key.clone(),
                (deal.actions, false),
                action,
            ))
        });
        // The web keeps the board the move answered for the page load after its redirect.
        let (board, table, _) = played.expect("the move is played");
        let moved_boards = MovedBoards::default();
        moved_boards.keep(app, key, board, table.deal);
        let (page, board) = statements_of(|| moved_boards.page_board(app, key));
        let (board, _) = board.expect("the seat's board");
        assert_eq!(
            board.state.deal.map(|deal| deal.actions),
            Some(deal.actions + 1),
            "the page shows the position the move left"
        );
        return (moved, page);
    }
    panic!("no seat has the turn");
}

#[test]
fn one_move_runs_a_pinned_number_of_sql_statements() {
    let _turn = turn();
    set_default_instrumentation(counter).expect("instrumentation");
    // The number a move costs today. A change that raises it adds work to the hot path of
    // every table: lower it, or raise it here and say why in the commit.
    // (BEGIN and COMMIT included; TOURING_SHOW_QUERIES=1 lists them.)
    // From the seat page (a seat picked by QR code, then by its link), the page after the
    // move's redirect is drawn from the move's answer; by the link the move also holds the
    // seat, as opening the page does. A move answered with where the deal stands only (a
    // bot's, or the API's asked for a minimal answer) does not read the seat's state.
    for (rules, size, pinned, minimal, by_pick, by_link) in [
        (RulesId::Touring1926, TableSize::Three, 9, 7, 9, 10),
        (RulesId::Touring1958, TableSize::Two, 9, 7, 9, 10),
        (RulesId::MilleBornes, TableSize::Two, 9, 7, 9, 10),
    ] {
        let dir = tempfile::tempdir().expect("temporary directory");
        let app = app_on(&dir.path().join("moves.sqlite"));
        let (event, keys) = playing(&app, rules, size);
        // The first move reads the deal from the database; the next ones find it kept.
        statements_of_one_move(&app, &keys, seat::Answering::State);
        let count = statements_of_one_move(&app, &keys, seat::Answering::State);
        assert!(count > 0, "{rules:?}: the counter saw no statement");
        assert_eq!(
            count, pinned,
            "{rules:?}: one move ran {count} SQL statements, pinned at {pinned}"
        );
        every_statement_finds_its_rows_by_index(&dir.path().join("moves.sqlite"), rules);
        let count = statements_of_one_move(&app, &keys, seat::Answering::Position);
        assert_eq!(
            count, minimal,
            "{rules:?}: one move answered with its position ran {count} SQL statements, pinned at {minimal}"
        );
        // By pick first: a renewed link ends the seat's picks.
        let (moved, page) = statements_of_one_page_move(&app, &keys);
        assert_eq!(
            moved, by_pick,
            "{rules:?}: a move from the seat page ran {moved} SQL statements, pinned at {by_pick}"
        );
        assert_eq!(
            page, 0,
            "{rules:?}: the page after a move read the database"
        );
        let links = app
            .write(|tx| {
                keys.iter()
                    .map(|key| match key {
                        SeatKey::Player(player, _) => Ok(SeatKey::Token(
                            events::renew_link_in(tx, &event, *player)?.token,
                        )),
                        SeatKey::Token(_) => Ok(key.clone()),
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .expect("the seats' links");
        let (moved, page) = statements_of_one_page_move(&app, &links);
        assert_eq!(
            moved, by_link,
            "{rules:?}: a move from a seat link's page ran {moved} SQL statements, pinned at {by_link}"
        );
        assert_eq!(
            page, 0,
            "{rules:?}: the page after a move read the database"
        );
    }
}

/// On PostgreSQL each statement is a round trip to the database server, and a move's
/// SERIALIZABLE transaction holds its snapshot for all of them: a move of the common case (the
/// deal kept, no deal ended) costs a pinned number, counted here with BEGIN and COMMIT. Runs
/// only when `TOURING_TEST_DATABASE` names a PostgreSQL server (CI runs this file there too).
#[test]
fn a_move_on_postgresql_costs_a_pinned_number_of_round_trips() {
    let _turn = turn();
    let Some(admin) = common::server::postgres() else {
        eprintln!("skipped: set TOURING_TEST_DATABASE to count a move's round trips on PostgreSQL");
        return;
    };
    set_default_instrumentation(counter).expect("instrumentation");
    let database = common::server::PgDatabase::create(&admin);
    let pool = touring::db::open(&touring::db::Database::Postgres(database.url.clone()), 2)
        .expect("the test's PostgreSQL database");
    let app = App::new(pool, std::sync::Arc::new(touring::app::SystemClock));
    // The number a move costs today, BEGIN and COMMIT included: a change that raises it adds
    // a round trip to every move of every table (TOURING_SHOW_QUERIES=1 lists them).
    for (rules, size, pinned, minimal) in [
        (
            RulesId::Touring1926,
            TableSize::Three,
            PG_STATE,
            PG_POSITION,
        ),
        (RulesId::MilleBornes, TableSize::Two, PG_STATE, PG_POSITION),
    ] {
        let (_, keys) = playing(&app, rules, size);
        // The first move reads the deal from the database; the next ones find it kept.
        statements_of_one_move(&app, &keys, seat::Answering::Position);
        let count = statements_of_one_move(&app, &keys, seat::Answering::Position);
        assert_eq!(
            count, minimal,
            "{rules:?}: one move answered with its position made {count} round trips to PostgreSQL, pinned at {minimal}"
        );
        let count = statements_of_one_move(&app, &keys, seat::Answering::State);
        assert_eq!(
            count, pinned,
            "{rules:?}: one move answered with the seat's state made {count} round trips to PostgreSQL, pinned at {pinned}"
        );
    }
}

/// A move's round trips to PostgreSQL, answered with the seat's state and with its position:
/// the pool's check of the connection (`SELECT 1`), BEGIN (with the writers' shared lock),
/// the seat's holder, the round with its pauses, the seat's table, the table's deal with the
/// actions stored since the kept replay (one statement: it was two), the new action, COMMIT;
/// the seat's state reads two more.
const PG_STATE: usize = 10;
const PG_POSITION: usize = 8;

/// A move on an instance whose kept replay is behind (another instance played since) reads
/// the table's deal and the actions it lacks in the same statement as ever, and plays on the
/// position as it stands.
#[test]
fn a_move_whose_kept_replay_is_behind_reads_the_missing_actions_with_the_deal() {
    let _turn = turn();
    set_default_instrumentation(counter).expect("instrumentation");
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("two.sqlite");
    let (here, elsewhere) = (app_on(&file), app_on(&file));
    let (_, keys) = playing(&here, RulesId::Touring1926, TableSize::Two);
    // Here keeps the deal after one move; elsewhere plays two more.
    statements_of_one_move(&here, &keys, seat::Answering::Position);
    statements_of_one_move(&elsewhere, &keys, seat::Answering::Position);
    statements_of_one_move(&elsewhere, &keys, seat::Answering::Position);
    let (key, seen, action) = next_move(&elsewhere, &keys);
    assert_eq!(seen, 3, "three actions stored");
    let (count, played) = statements_of(|| send_move(&here, (key, seen, action)));
    played.expect("the move is played on the position as it stands");
    assert_eq!(
        count, 7,
        "the deal and its newer actions are read in one statement"
    );
    let state = seat::seat_state(&elsewhere, key).expect("the seat's state");
    assert_eq!(state.deal.map(|deal| deal.actions), Some(4));
}

/// The evening's time limit is read with the round's clock at every move. An evening of so
/// many rounds has none (the pinned counts above read nothing for it); in round 1 the move
/// reads it from the round it has at hand. Either way a move after the limit is refused, even
/// while the round's own clock still runs (a round running when the limit comes stops there:
/// progressive-format.md; pauses count towards the limit, not towards the round).
#[test]
fn a_move_after_the_evenings_time_limit_is_refused_though_the_round_still_has_time() {
    let _turn = turn();
    let dir = tempfile::tempdir().expect("temporary directory");
    let (app, clock) = app_and_clock_on(&dir.path().join("limit.sqlite"));
    // A round of an hour in an evening of an hour.
    let (event, keys) = playing_until(
        &app,
        RulesId::Touring1926,
        TableSize::Two,
        EventLength::TimeLimit { seconds: 3600 },
    );
    // Paused for half an hour (pauses count towards the evening's limit).
    clock.advance(chrono::Duration::minutes(10));
    give(&app, &event, Signal::Pause);
    clock.advance(chrono::Duration::minutes(30));
    give(&app, &event, Signal::Resume);
    // 59 minutes after the start: in time for the evening and for the round.
    clock.advance(chrono::Duration::minutes(19));
    // (It panics unless the move is played.)
    statements_of_one_move(&app, &keys, seat::Answering::Position);
    // The next move, as the seat to move sees it now.
    let next = next_move(&app, &keys);
    // Sent 61 minutes after the start: the round's clock has half an hour left, the evening
    // none.
    clock.advance(chrono::Duration::minutes(2));
    let refused = send_move(&app, next);
    assert!(
        matches!(refused, Err(AppError::TimeUp)),
        "a move after the evening's limit is refused as time up: {refused:?}"
    );
}

/// A move reads the round and its pauses in one statement: a round paused twice has both
/// pauses taken off its clock, and one paused now refuses moves.
#[test]
fn the_rounds_clock_that_a_move_reads_counts_every_pause() {
    let _turn = turn();
    let dir = tempfile::tempdir().expect("temporary directory");
    let (app, clock) = app_and_clock_on(&dir.path().join("pauses.sqlite"));
    // A round of an hour in an evening of one round.
    let (event, keys) = playing(&app, RulesId::Touring1926, TableSize::Two);
    let round = || {
        seat::seat_state(&app, &keys[0])
            .expect("the seat's state")
            .round
            .expect("round 1")
    };
    for (running, paused) in [(10, 10), (5, 20)] {
        clock.advance(chrono::Duration::minutes(running));
        let next = next_move(&app, &keys);
        give(&app, &event, Signal::Pause);
        assert_eq!(round().state, rounds::RoundState::Paused);
        let refused = send_move(&app, next);
        assert!(
            matches!(&refused, Err(AppError::Conflict(said)) if said.id == "refused-move-paused"),
            "a move in a pause is refused: {refused:?}"
        );
        clock.advance(chrono::Duration::minutes(paused));
        give(&app, &event, Signal::Resume);
    }
    // 45 minutes after the start, the clock ran 15 of its 60.
    assert_eq!(round().left_ms, Some(45 * 60 * 1000), "both pauses count");
    statements_of_one_move(&app, &keys, seat::Answering::Position);
}

/// The host gives a signal to round 1.
fn give(app: &App, event: &events::EventRecord, signal: Signal) {
    app.write(|conn| rounds::signal_in(conn, event, 1, signal, app.now()))
        .expect("the signal is given");
}

/// The move the seat to move would send now: its key, the actions it saw and the move.
fn next_move<'k>(app: &App, keys: &'k [SeatKey]) -> (&'k SeatKey, u32, serde_json::Value) {
    keys.iter()
        .find_map(|key| {
            let deal = seat::seat_state(app, key).ok()?.deal?;
            let action = serde_json::to_value(deal.legal.first()?).ok()?;
            Some((key, deal.actions, action))
        })
        .expect("a seat to move")
}

/// Sends a move [`next_move`] found, as the API does (a minimal answer): whether it was played.
fn send_move(
    app: &App,
    (key, seen, action): (&SeatKey, u32, serde_json::Value),
) -> Result<(), AppError> {
    let answer = (seen, true, seat::Answering::Position);
    block_on(seat::play_move(app, key.clone(), answer, action)).map(|_| ())
}

/// A row of SQLite's `EXPLAIN QUERY PLAN`: one step of a statement's plan.
#[derive(diesel::QueryableByName)]
struct PlanStep {
    #[diesel(sql_type = diesel::sql_types::Text)]
    detail: String,
}

/// Every statement of the move just counted finds its rows through an index or a key, as SQLite
/// plans it on the party's database: none walks a whole table ("SCAN"), builds a temporary
/// table for an `IN (SELECT ...)` list ("LIST SUBQUERY") or sorts rows a sorter must hold ("USE
/// TEMP B-TREE"). Each of those cost a busy party's every move once (the seat's table looked up
/// through a list built anew each time was 2% of the server's time).
fn every_statement_finds_its_rows_by_index(file: &std::path::Path, rules: RulesId) {
    use diesel::{Connection, RunQueryDsl};
    let texts = TEXTS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();
    let mut conn = diesel::sqlite::SqliteConnection::establish(&file.to_string_lossy())
        .expect("the party's database");
    let mut explained = 0;
    for text in texts
        .iter()
        .filter(|t| t.starts_with("SELECT") || t.starts_with("UPDATE"))
    {
        let plan: Vec<PlanStep> = diesel::sql_query(format!("EXPLAIN QUERY PLAN {text}"))
            .load(&mut conn)
            .unwrap_or_else(|e| panic!("{rules:?}: EXPLAIN of {text}: {e}"));
        assert!(!plan.is_empty(), "{rules:?}: no plan for {text}");
        for step in &plan {
            for costly in ["SCAN", "LIST SUBQUERY", "TEMP B-TREE"] {
                assert!(
                    !step.detail.contains(costly),
                    "{rules:?}: a move's statement {costly}: {}\n{text}",
                    step.detail
                );
            }
        }
        explained += 1;
    }
    assert!(
        explained >= 6,
        "{rules:?}: only {explained} statements explained"
    );
}
