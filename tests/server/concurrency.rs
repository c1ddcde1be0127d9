//! Two tabs, one turn: when two clients send a move for the same turn at the same moment,
//! exactly one is applied and the other is refused as stale with the new state; stored actions
//! are numbered 0..n with no gap and no repeat. The same when two seats race and only one may
//! move.

use crate::common;

use std::sync::Barrier;
use std::time::Duration;

use common::api::{Dice, Host, seat};
use common::server::Server;
use serde_json::{Value, json};
use touring::db::{self, queries};

/// A client of its own (its own connections), like a second browser tab.
fn client() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .expect("client")
}

/// Sends `body` as a move of `token` from two clients released at the same moment.
fn race(server: &Server, moves: [(&str, Value); 2]) -> [(u16, Value); 2] {
    let barrier = Barrier::new(2);
    let clients = [client(), client()];
    let answers = std::thread::scope(|scope| {
        let handles: Vec<_> = moves
            .iter()
            .zip(&clients)
            .map(|((token, body), client)| {
                let barrier = &barrier;
                let url = server.url(&format!("/api/v1/seats/{token}/moves"));
                scope.spawn(move || {
                    let request = client.post(url).json(body);
                    barrier.wait();
                    let response = request.send().expect("move");
                    let status = response.status().as_u16();
                    (status, response.json::<Value>().expect("JSON answer"))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("client thread"))
            .collect::<Vec<_>>()
    });
    let mut answers = answers.into_iter();
    let first = answers.next().expect("first answer");
    let second = answers.next().expect("second answer");
    [first, second]
}

/// Checks that every stored deal of the event's round 1 numbers its actions 0..n and returns
/// how many actions are stored in all.
fn stored_actions(server: &Server, event: i64) -> usize {
    let pool = db::open(&server.database, 1).expect("open the database");
    let mut conn = pool.get().expect("connection");
    let round = queries::round(&mut conn, event, 1)
        .expect("query")
        .expect("round 1");
    let mut total = 0;
    for table in queries::tables_of_round(&mut conn, round.id).expect("tables") {
        for game in queries::games_of_table(&mut conn, table.id).expect("games") {
            let numbers: Vec<i32> = queries::actions_of_game(&mut conn, game.id)
                .expect("actions")
                .iter()
                .map(|a| a.number)
                .collect();
            let expected: Vec<i32> = (0..numbers.len() as i32).collect();
            assert_eq!(
                numbers, expected,
                "actions of deal {} run 0..n",
                game.number
            );
            total += numbers.len();
        }
    }
    total
}

fn started_event(server: &Server, names: &[&str], seed: u64) -> (Host, Vec<String>) {
    let host = Host::create(
        server,
        json!({"name": "Two tabs", "seed": seed, "round": {"kind": "timed", "seconds": 3600}}),
    );
    let players = host.add_players(server, names);
    host.ok(server, "/rounds", json!({}));
    host.ok(server, "/rounds/1/start", json!({}));
    (host, players)
}

/// The player whose turn it is, with their state.
fn mover(server: &Server, players: &[String]) -> (String, Value) {
    players
        .iter()
        .map(|t| (t.clone(), seat(server, t)))
        .find(|(_, s)| s["deal"]["legal"].as_array().is_some_and(|l| !l.is_empty()))
        .expect("someone may move")
}

/// A seat's deal without the turn clock's time left, which runs between two reads.
fn without_turn_time(deal: &Value) -> Value {
    let mut deal = deal.clone();
    if deal["turn"].is_object() {
        deal["turn"]["left_ms"] = Value::Null;
    }
    deal
}

#[test]
fn two_tabs_sending_the_same_turn_apply_it_once() {
    let server = Server::start();
    let (host, players) = started_event(&server, &["Ann", "Bob"], 4);
    let mut dice = Dice::new(8);
    let mut applied = 0;
    for _ in 0..60 {
        let (token, state) = mover(&server, &players);
        let action = dice.pick(&state).expect("a legal move");
        let seen = state["deal"]["actions"].as_u64().expect("actions");
        let body = json!({"seen": seen, "action": action});
        let answers = race(&server, [(&token, body.clone()), (&token, body)]);
        let ok: Vec<_> = answers.iter().filter(|(s, _)| *s == 200).collect();
        let refused: Vec<_> = answers.iter().filter(|(s, _)| *s != 200).collect();
        assert_eq!(
            ok.len(),
            1,
            "exactly one tab's move is applied: {answers:?}"
        );
        let (status, refusal) = refused[0];
        assert_eq!(*status, 409, "{refusal}");
        assert_eq!(refusal["code"], "stale", "{refusal}");
        assert!(
            refusal["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{refusal}"
        );
        // The refusal carries the state after the applied move (the turn clock's time left
        // aside: it runs between the answers).
        let now = seat(&server, &token);
        assert_eq!(
            without_turn_time(&refusal["state"]["deal"]),
            without_turn_time(&now["deal"]),
            "{refusal}"
        );
        assert_eq!(
            without_turn_time(&ok[0].1["seat"]["deal"]),
            without_turn_time(&now["deal"])
        );
        applied += 1;
        assert_eq!(stored_actions(&server, host.event), applied);
    }
}

#[test]
fn two_seats_racing_when_only_one_may_move_apply_one_action() {
    let server = Server::start();
    let (host, players) = started_event(&server, &["Ann", "Bob", "Cy", "Di"], 5);
    let mut dice = Dice::new(9);
    for _ in 0..40 {
        let (token, state) = mover(&server, &players);
        // Every other player at the table (2-player tables: one other) sends a move at once,
        // built from its own view of the same moment: a card of its own hand.
        let Some(other) = players.iter().find(|t| {
            **t != token && {
                let s = seat(&server, t);
                s["table"] == state["table"]
            }
        }) else {
            // A mover without a tablemate this deal (not in a 2-player event): just play.
            continue;
        };
        let other_state = seat(&server, other);
        let other_seat = other_state["deal"]["seat"].as_u64().expect("seat") as usize;
        let card = other_state["deal"]["view"]["seats"][other_seat]["hand"][0].clone();
        let before = stored_actions(&server, host.event);
        let action = dice.pick(&state).expect("a legal move");
        let answers = race(
            &server,
            [
                (
                    &token,
                    json!({"seen": state["deal"]["actions"], "action": action}),
                ),
                (
                    other,
                    json!({"seen": other_state["deal"]["actions"], "action": {"discard": card}}),
                ),
            ],
        );
        assert_eq!(
            answers[0].0, 200,
            "the mover's move is applied: {answers:?}"
        );
        let (status, refusal) = &answers[1];
        assert!(
            (*status == 409 && refusal["code"] == "stale")
                || (*status == 422 && refusal["code"] == "invalid"),
            "the other seat is refused (stale, or not its turn): {status} {refusal}"
        );
        assert!(refusal["state"]["deal"].is_object(), "{refusal}");
        assert_eq!(stored_actions(&server, host.event), before + 1);
    }
}
