//! Nothing answered is lost: seats play at several tables of a real server, the server is killed
//! with SIGKILL in the middle of the round, and after a restart on the same database every move
//! that had been answered with success is there, the round's clock runs on from where it was
//! (not reset), and play continues.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::api::{Dice, Host, seat};
use common::server::Server;
use serde_json::{Value, json};
use touring::db::{self, queries};

/// A move that the server answered with success: where, and the action number it got.
#[derive(Debug, Clone, PartialEq)]
struct Answered {
    table: i64,
    deal: i64,
    number: u64,
    action: Value,
}

/// One seat's player: reads its state and plays a random legal move whenever it may, until the
/// server stops answering. Every move answered with 200 is recorded.
fn play_until_the_server_dies(
    base: &str,
    token: &str,
    seed: u64,
    answered: &Mutex<Vec<Answered>>,
    count: &AtomicUsize,
) {
    let client = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .expect("client");
    let mut dice = Dice::new(seed);
    loop {
        let Ok(response) = client.get(format!("{base}/api/v1/seats/{token}")).send() else {
            return;
        };
        let Ok(body) = response.json::<Value>() else {
            return;
        };
        let state = &body["seat"];
        if state["round"]["state"] != "running" {
            return;
        }
        let Some(action) = dice.pick(state) else {
            std::thread::sleep(Duration::from_millis(2));
            continue;
        };
        let seen = state["deal"]["actions"].clone();
        let sent = client
            .post(format!("{base}/api/v1/seats/{token}/moves"))
            .json(&json!({"seen": seen, "action": action}))
            .send();
        let Ok(response) = sent else {
            // Sent but not answered: it may or may not have been stored; nobody was told.
            return;
        };
        let status = response.status().as_u16();
        let Ok(answer) = response.json::<Value>() else {
            return;
        };
        match status {
            200 => {
                // The answer's state is the deal after the move: the same deal one action on,
                // or the next deal when this move won the race.
                let after = &answer["seat"]["deal"];
                let same_deal = after["number"] == state["deal"]["number"];
                assert!(
                    (same_deal && after["actions"].as_u64() == seen.as_u64().map(|n| n + 1))
                        || (!same_deal && after["actions"] == 0),
                    "the answer's state follows the move: {answer}"
                );
                answered.lock().expect("lock").push(Answered {
                    table: state["table"].as_i64().expect("table"),
                    deal: state["deal"]["number"].as_i64().expect("deal"),
                    number: seen.as_u64().expect("seen"),
                    action,
                });
                count.fetch_add(1, Ordering::SeqCst);
            }
            409 if answer["code"] == "stale" => {}
            409 if answer["code"] == "time_is_up" => return,
            _ => panic!("move {action} refused: {status} {answer}"),
        }
    }
}

/// Waits until the players have had `n` moves answered. The limit is only there so that a
/// player thread that failed cannot leave the test waiting for ever.
fn wait_for(count: &AtomicUsize, n: usize) {
    let give_up = std::time::Instant::now() + Duration::from_secs(300);
    while count.load(Ordering::SeqCst) < n {
        assert!(
            std::time::Instant::now() < give_up,
            "the players stopped after {} moves",
            count.load(Ordering::SeqCst)
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Every action stored for round 1 of the event, by (table, deal), read from the database file.
fn stored_actions(database: &db::Database, event: i64) -> BTreeMap<(i64, i64), Vec<Value>> {
    let pool = db::open(database, 1).expect("open the database");
    let mut conn = pool.get().expect("connection");
    let round = queries::round(&mut conn, event, 1)
        .expect("query")
        .expect("round 1");
    let mut stored = BTreeMap::new();
    for table in queries::tables_of_round(&mut conn, round.id).expect("tables") {
        for game in queries::games_of_table(&mut conn, table.id).expect("games") {
            let actions = queries::actions_of_game(&mut conn, game.id).expect("actions");
            for (i, action) in actions.iter().enumerate() {
                assert_eq!(action.number as usize, i, "action numbers run 0..n");
            }
            stored.insert(
                (i64::from(table.number), i64::from(game.number)),
                actions
                    .iter()
                    .map(|a| serde_json::from_str(&a.action).expect("stored JSON"))
                    .collect(),
            );
        }
    }
    stored
}

#[test]
fn every_answered_move_survives_a_kill_and_the_clock_runs_on() {
    let mut server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Crash night", "table_size": 2, "seed": 21,
               "round": {"kind": "timed", "seconds": 3600},
               "length": {"kind": "rounds", "rounds": 2}}),
    );
    let names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"];
    let players = host.add_players(&server, &names);
    host.ok(&server, "/rounds", json!({}));
    host.ok(&server, "/rounds/1/start", json!({}));

    let answered = Mutex::new(Vec::new());
    let count = AtomicUsize::new(0);
    let base = server.base.clone();
    let before_kill = std::thread::scope(|scope| {
        for (i, token) in players.iter().enumerate() {
            let (base, answered, count) = (&base, &answered, &count);
            scope.spawn(move || {
                play_until_the_server_dies(base, token, 100 + i as u64, answered, count);
            });
        }
        // Let the tables play, then crash in the middle of it.
        wait_for(&count, 150);
        let round = host.get(&server, "/rounds/1");
        server.kill();
        round
    });
    let answered = answered.into_inner().expect("lock");
    assert!(answered.len() >= 150);
    let tables: BTreeSet<i64> = answered.iter().map(|a| a.table).collect();
    assert_eq!(tables.len(), 4, "all four tables played");

    server.restart();

    // Every answered move is stored, at the number it was answered with.
    let stored = stored_actions(&server.database, host.event);
    for a in &answered {
        let actions = stored
            .get(&(a.table, a.deal))
            .unwrap_or_else(|| panic!("table {} deal {} is missing", a.table, a.deal));
        assert_eq!(
            actions.get(a.number as usize),
            Some(&a.action),
            "answered move {a:?} is stored"
        );
    }
    // And the seats see them: each table's current deal has at least the answered actions.
    for token in &players {
        let state = seat(&server, token);
        let table = state["table"].as_i64().expect("table");
        let deal = state["deal"]["number"].as_i64().expect("deal");
        let last = answered
            .iter()
            .filter(|a| a.table == table && a.deal == deal)
            .map(|a| a.number + 1)
            .max()
            .unwrap_or(0);
        assert!(
            state["deal"]["actions"].as_u64() >= Some(last),
            "seat sees every answered move: {state}"
        );
        assert!(
            answered
                .iter()
                .filter(|a| a.table == table)
                .all(|a| a.deal <= deal),
            "no deal went back"
        );
    }

    // The clock: still running, the same planned end, less time left than before the kill.
    let round = host.get(&server, "/rounds/1");
    assert_eq!(round["state"], "started", "{round}");
    assert_eq!(round["clock"]["state"], "running", "{round}");
    assert_eq!(
        round["clock"]["planned_end"], before_kill["clock"]["planned_end"],
        "the round ends when it was going to"
    );
    let left = round["clock"]["left_ms"].as_i64().expect("left");
    let left_before = before_kill["clock"]["left_ms"].as_i64().expect("left");
    assert!(left <= left_before, "not reset: {left} > {left_before}");
    assert!(left > 0);
    assert!(
        round["clock"]["played_ms"].as_i64() >= before_kill["clock"]["played_ms"].as_i64(),
        "played time goes on"
    );

    // Play continues at every table, then the round closes with the stored miles.
    let moved = Mutex::new(Vec::new());
    let count = AtomicUsize::new(0);
    let base = server.base.clone();
    std::thread::scope(|scope| {
        for (i, token) in players.iter().enumerate() {
            let (base, moved, count) = (&base, &moved, &count);
            scope.spawn(move || {
                play_until_the_server_dies(base, token, 200 + i as u64, moved, count);
            });
        }
        wait_for(&count, 40);
        host.ok(&server, "/rounds/1/stop", json!({}));
    });
    let moved = moved.into_inner().expect("lock");
    let tables: BTreeSet<i64> = moved.iter().map(|a| a.table).collect();
    assert_eq!(tables.len(), 4, "every table plays on after the restart");
    let stored = stored_actions(&server.database, host.event);
    for a in answered.iter().chain(&moved) {
        assert_eq!(
            stored[&(a.table, a.deal)].get(a.number as usize),
            Some(&a.action)
        );
    }
    let closed = host.ok(&server, "/rounds/1/close", json!({}));
    assert_eq!(closed["close"]["next_round"], 2, "{closed}");
}
