//! The demo's host on autopilot and its bots, with a clock the test moves: the demo event is
//! ready with round 1 running, a bot seat to move is found and plays through the seat's use
//! case, rounds close at time-up and the next starts after the break.

use std::sync::Arc;

use chrono::{Duration, Utc};
use touring::app::bot_moves;
use touring::app::demo::{self, Step};
use touring::app::{App, ManualClock, events};
use touring::bots::Budget;

fn demo_app() -> (tempfile::TempDir, App, Arc<ManualClock>) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let pool = touring::db::open(
        &touring::db::Database::Sqlite(dir.path().join("demo.sqlite")),
        2,
    )
    .expect("database");
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let app = App::new(pool, clock.clone());
    (dir, app, clock)
}

fn step(app: &App, event: i64) -> Step {
    app.write(|conn| {
        let record = events::load(conn, event)?;
        demo::autopilot(conn, &record, app.now(), 15)
    })
    .expect("an autopilot step")
}

#[test]
fn the_demo_has_six_bots_two_open_seats_and_round_one_running() {
    let (_dir, app, _clock) = demo_app();
    let demo = demo::set_up(&app, 1926).expect("the demo");
    assert_eq!(demo.open_seats.len(), 2);
    let entries = app
        .read(|conn| events::entries(conn, demo.event))
        .expect("entries");
    assert_eq!(entries.len(), 8);
    assert_eq!(entries.iter().filter(|e| e.row.is_bot).count(), 6);
    // Round 1 runs: bot seats at the bots' tables are waiting to move.
    let turns = app
        .read(|conn| bot_moves::waiting(conn, app.now()))
        .expect("bot turns")
        .bots;
    assert!(!turns.is_empty(), "bots have moves to make");
}

#[test]
fn a_bot_plays_its_turn_through_the_seats_use_case() {
    let (_dir, app, _clock) = demo_app();
    demo::set_up(&app, 7).expect("the demo");
    let turn = app
        .read(|conn| bot_moves::waiting(conn, app.now()))
        .expect("bot turns")
        .bots[0];
    let action = app
        .read(|conn| bot_moves::choose(conn, &turn, Budget::Playouts(10)))
        .expect("a choice")
        .expect("the bot's turn");
    let played = app
        .write(|conn| bot_moves::play(conn, &turn, action, app.now()))
        .expect("played");
    assert_eq!(played.map(|t| t.table), Some(turn.table));
    // The same turn again is stale: the table moved on, and nothing is played twice.
    let again = app
        .read(|conn| bot_moves::choose(conn, &turn, Budget::Playouts(10)))
        .expect("no error");
    assert_eq!(again, None);
    let twice = app
        .write(|conn| bot_moves::play(conn, &turn, action, app.now()))
        .expect("no error");
    assert_eq!(twice, None);
}

#[test]
fn bots_do_not_move_once_time_is_up() {
    let (_dir, app, clock) = demo_app();
    demo::set_up(&app, 3).expect("the demo");
    clock.advance(Duration::seconds(i64::from(demo::ROUND_SECONDS) + 1));
    let turns = app
        .read(|conn| bot_moves::waiting(conn, app.now()))
        .expect("bot turns")
        .bots;
    assert!(turns.is_empty(), "{turns:?}");
}

#[test]
fn the_demo_host_closes_at_time_up_and_starts_the_next_round_after_the_break() {
    let (_dir, app, clock) = demo_app();
    let demo = demo::set_up(&app, 5).expect("the demo");
    assert_eq!(step(&app, demo.event), Step::Wait, "round 1 is running");
    clock.advance(Duration::seconds(i64::from(demo::ROUND_SECONDS)));
    assert_eq!(step(&app, demo.event), Step::Closed(1));
    assert_eq!(step(&app, demo.event), Step::Wait, "the break");
    clock.advance(Duration::seconds(15));
    assert_eq!(step(&app, demo.event), Step::Started(2));
    for round in 2..=demo::ROUNDS {
        clock.advance(Duration::seconds(i64::from(demo::ROUND_SECONDS)));
        let closed = step(&app, demo.event);
        if round == demo::ROUNDS {
            assert_eq!(closed, Step::Finished);
        } else {
            assert_eq!(closed, Step::Closed(round));
            clock.advance(Duration::seconds(15));
            assert_eq!(step(&app, demo.event), Step::Started(round + 1));
        }
    }
    assert_eq!(step(&app, demo.event), Step::Finished);
}
