//! Bots at digital tables of a real server: while the round runs they play their seat's moves
//! through the ordinary move use case (stored in the table's log, seen by the other seats), and
//! they are labelled as bots wherever they appear.

use crate::common;

use std::time::{Duration, Instant};

use common::server::Server;
use serde_json::{Value, json};

const PATIENCE: Duration = Duration::from_secs(60);

fn seat(server: &Server, token: &str) -> Value {
    let (status, answer) = server.get(&format!("/api/v1/seats/{token}"), None);
    assert_eq!(status, 200, "{answer}");
    answer["seat"].clone()
}

/// The seats of the deal's recent events that made a move (drawing is not a move).
fn movers(state: &Value) -> Vec<u64> {
    state["deal"]["recent"]
        .as_array()
        .map(|events| {
            events
                .iter()
                .filter(|e| e["event"] != "drew")
                .filter_map(|e| e["seat"].as_u64().or_else(|| e["by"].as_u64()))
                .collect()
        })
        .unwrap_or_default()
}

/// Stored actions of every deal at the event's tables, as (seat, action JSON).
fn table_log(server: &Server) -> Vec<(i32, String)> {
    use diesel::prelude::*;
    use touring::db::schema::actions;
    let pool = touring::db::open(&server.database, 1).expect("open the server's database");
    let mut conn = pool.get().expect("a connection");
    actions::table
        .order(actions::id.asc())
        .select((actions::seat, actions::action))
        .load(&mut conn)
        .expect("read the actions")
}

#[test]
fn a_bot_at_a_digital_table_plays_its_moves_at_a_human_pace_and_is_labelled() {
    let server = Server::start_with(&["--bot-delay-ms", "20"]);
    let (status, created) = server.post(
        "/api/v1/events",
        None,
        &json!({"name": "Bots night", "table_size": 2, "round": {"kind": "timed", "seconds": 600},
                "length": {"kind": "rounds", "rounds": 1}, "prizes": 1, "seed": 7}),
    );
    assert_eq!(status, 201, "{created}");
    let event = created["event"]["id"].as_i64().expect("event id");
    let host = created["host_token"]
        .as_str()
        .expect("host token")
        .to_owned();
    let host_post = |path: &str, body: Value| {
        let (status, answer) =
            server.post(&format!("/api/v1/events/{event}{path}"), Some(&host), &body);
        assert!(status < 300, "POST {path}: {status} {answer}");
        answer
    };
    let ann = host_post("/entries", json!({"names": ["Ann"]}));
    let ann_token = ann["links"][0]["token"].as_str().expect("token").to_owned();
    let robot = host_post("/entries", json!({"names": ["Robot"], "bot": "steady"}));
    assert_eq!(robot["entry"]["bot"], true, "{robot}");

    let seated = host_post("/rounds", json!({}));
    let entries = &seated["seating"]["tables"][0]["entries"];
    let labels: Vec<(Value, Value)> = entries
        .as_array()
        .expect("the table's entries")
        .iter()
        .map(|e| (e["names"][0].clone(), e["bot"].clone()))
        .collect();
    assert!(labels.contains(&(json!("Robot"), json!(true))), "{seated}");
    assert!(labels.contains(&(json!("Ann"), json!(false))), "{seated}");

    // Before the signal the bot does not move.
    let before = seat(&server, &ann_token);
    assert_eq!(before["deal"]["actions"], 0, "{before}");
    let mates = before["tablemates"].as_array().expect("tablemates");
    let bot_mate = mates
        .iter()
        .find(|m| m["names"][0] == "Robot")
        .expect("the bot at Ann's table");
    assert_eq!(
        bot_mate["bot"], true,
        "the seat page labels the bot: {bot_mate}"
    );
    let bot_seat = bot_mate["seats"][0].as_u64().expect("the bot's seat");

    host_post("/rounds/1/start", json!({}));

    // Ann plays whenever it is her turn; the bot answers by itself.
    let started = Instant::now();
    let mut ann_moves = 0;
    let mut bot_seen_by_ann = false;
    while started.elapsed() < PATIENCE && !(bot_seen_by_ann && ann_moves >= 3) {
        let state = seat(&server, &ann_token);
        bot_seen_by_ann |= movers(&state).contains(&bot_seat);
        let deal = &state["deal"];
        if deal["your_turn"] == true
            && let Some(action) = deal["legal"].get(0)
        {
            let (status, answer) = server.post(
                &format!("/api/v1/seats/{ann_token}/moves"),
                None,
                &json!({"seen": deal["actions"], "action": action}),
            );
            assert!(status == 200 || status == 409, "{status} {answer}");
            ann_moves += usize::from(status == 200);
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    assert!(bot_seen_by_ann, "Ann's view shows the bot's moves");
    assert!(ann_moves >= 3, "the bot handed the turn back to Ann");

    // The bot's moves are in the table's log, as its seat's.
    let log = table_log(&server);
    let bot_actions = log
        .iter()
        .filter(|(seat, _)| i64::from(*seat) == bot_seat as i64)
        .count();
    // Ann moved at least three times, so the bot answered at least twice in between.
    assert!(bot_actions >= 2, "the bot's moves are stored: {log:?}");

    // The standings label the bot.
    let (status, standings) = server.get(&format!("/api/v1/events/{event}/standings"), None);
    assert_eq!(status, 200, "{standings}");
    let text = standings.to_string();
    assert!(text.contains("\"bot\":true"), "{standings}");

    // Once time is up, the bot stops: no move lands after the stop signal.
    host_post("/rounds/1/stop", json!({}));
    let stopped = table_log(&server).len();
    let state = seat(&server, &ann_token);
    assert_eq!(state["round"]["state"], "over", "{state}");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(table_log(&server).len(), stopped, "no bot moves after time");
}
