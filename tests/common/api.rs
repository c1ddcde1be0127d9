//! Driving an event through the JSON API of a real server: the host's calls, seats and moves.

use serde_json::{Value, json};

use super::server::Server;

/// The host of one event: its id and host token.
#[derive(Debug, Clone)]
pub struct Host {
    pub event: i64,
    pub token: String,
}

impl Host {
    /// The console's host link, as the host opens it.
    pub fn console_link(&self, server: &Server) -> String {
        server.url(&format!("/events/{}/host?token={}", self.event, self.token))
    }

    /// Creates an event with these settings.
    pub fn create(server: &Server, settings: Value) -> Host {
        let (status, answer) = server.post("/api/v1/events", None, &settings);
        assert_eq!(status, 201, "create {settings}: {answer}");
        Host {
            event: answer["event"]["id"].as_i64().expect("event id"),
            token: answer["host_token"]
                .as_str()
                .expect("host token")
                .to_owned(),
        }
    }

    /// The path of something under the event.
    pub fn path(&self, rest: &str) -> String {
        format!("/api/v1/events/{}{rest}", self.event)
    }

    /// POST with the host token, returning status and body.
    pub fn post(&self, server: &Server, rest: &str, body: Value) -> (u16, Value) {
        server.post(&self.path(rest), Some(&self.token), &body)
    }

    /// POST that must succeed.
    pub fn ok(&self, server: &Server, rest: &str, body: Value) -> Value {
        let (status, answer) = self.post(server, rest, body.clone());
        assert!(status < 300, "POST {rest} {body}: {status} {answer}");
        answer
    }

    /// GET with the host token that must succeed.
    pub fn get(&self, server: &Server, rest: &str) -> Value {
        let (status, answer) = server.get(&self.path(rest), Some(&self.token));
        assert_eq!(status, 200, "GET {rest}: {answer}");
        answer
    }

    /// Seats six entries at three paper tables and plays `rounds` rounds: each started,
    /// stopped, every card typed in by the host (different miles at each table), closed.
    pub fn play_paper_rounds(&self, server: &Server, rounds: i64) {
        self.ok(server, "/rounds", json!({"all_paper": true}));
        for round in 1..=rounds {
            self.ok(server, &format!("/rounds/{round}/start"), json!({}));
            self.ok(server, &format!("/rounds/{round}/stop"), json!({}));
            for table in 1..=3 {
                for side in 0..2 {
                    self.ok(
                        server,
                        &format!("/rounds/{round}/tables/{table}/scores"),
                        json!({"side": side, "counts": {"mile1": table + side, "mile3": round, "mile5": 0, "mile10": side}}),
                    );
                }
            }
            self.ok(server, &format!("/rounds/{round}/close"), json!({}));
        }
    }

    /// Closes the evening (the host's explicit act after the last round): the standings
    /// become final, and corrections are refused from then on.
    pub fn close_evening(&self, server: &Server) {
        self.ok(server, "/close", json!({}));
    }

    /// Adds one entry per name and returns the players' seat tokens in the same order.
    pub fn add_players(&self, server: &Server, names: &[&str]) -> Vec<String> {
        names
            .iter()
            .map(|name| {
                let answer = self.ok(server, "/entries", json!({"names": [name]}));
                answer["links"][0]["token"]
                    .as_str()
                    .expect("seat token")
                    .to_owned()
            })
            .collect()
    }

    /// Adds one partnership per pair of names and returns every player's seat token.
    pub fn add_pairs(&self, server: &Server, pairs: &[[&str; 2]]) -> Vec<String> {
        let mut tokens = Vec::new();
        for pair in pairs {
            let answer = self.ok(server, "/entries", json!({"names": pair}));
            for link in answer["links"].as_array().expect("links") {
                tokens.push(link["token"].as_str().expect("seat token").to_owned());
            }
        }
        tokens
    }
}

/// GET a seat's state (the `seat` object), which must succeed.
pub fn seat(server: &Server, token: &str) -> Value {
    let (status, answer) = server.get(&format!("/api/v1/seats/{token}"), None);
    assert_eq!(status, 200, "seat state: {answer}");
    answer["seat"].clone()
}

/// POST a move from a seat.
pub fn send_move(server: &Server, token: &str, seen: &Value, action: &Value) -> (u16, Value) {
    server.post(
        &format!("/api/v1/seats/{token}/moves"),
        None,
        &json!({"seen": seen, "action": action}),
    )
}

/// A small deterministic random stream for choosing moves (xorshift), so a failing run can be
/// repeated from its seed without a dependency.
#[derive(Debug, Clone)]
pub struct Dice(u64);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }

    /// One of the legal actions of a seat state, if it has any.
    pub fn pick(&mut self, state: &Value) -> Option<Value> {
        let legal = state["deal"]["legal"].as_array()?;
        if legal.is_empty() {
            return None;
        }
        Some(legal[self.below(legal.len())].clone())
    }
}

/// Where an entry (named by its first player) sits in round 1: its table and side (the
/// round's answer lists a table's entries in side order).
pub fn seat_of(server: &Server, host: &Host, name: &str) -> (u64, usize) {
    let round = host.get(server, "/rounds/1");
    for table in round["seating"]["tables"].as_array().expect("tables") {
        let entries = table["entries"].as_array().expect("entries");
        if let Some(side) = entries.iter().position(|e| e["names"][0] == name) {
            return (table["table"].as_u64().expect("number"), side);
        }
    }
    panic!("{name} is not seated: {round}")
}

/// A table of a round's answer, by its number.
pub fn table_of(round: &Value, number: u64) -> Value {
    round["seating"]["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .find(|t| t["table"] == number)
        .cloned()
        .expect("the table")
}

/// Stops and closes round 1 (checking that a round 2 follows), then reads each entry's score
/// at table `table` (miles or points, in the answer's `miles` field).
pub fn close_round_one_and_read_table(server: &Server, host: &Host, table: u64) -> Vec<u64> {
    host.ok(server, "/rounds/1/stop", json!({}));
    let closed = host.ok(server, "/rounds/1/close", json!({}));
    assert_eq!(closed["close"]["next_round"], 2, "{closed}");
    let round = host.get(server, "/rounds/1");
    table_of(&round, table)["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["miles"].as_u64().expect("a score"))
        .collect()
}

/// A move of Touring (1926) that keeps a side racing without ever speeding: Go, else the
/// biggest mile card it may play but a 10 in City Limits, else a discard of anything but Go or
/// a 10, else the first legal move. `None` when the seat has no move.
pub fn racing_move_1926(state: &Value) -> Option<Value> {
    let legal = state["deal"]["legal"].as_array()?;
    let find = |wanted: &Value| legal.iter().find(|a| *a == wanted).cloned();
    if let Some(go) = find(&json!({"play": "go"})) {
        return Some(go);
    }
    let city = state["deal"]["view"]["speed"] == "city";
    for card in ["mile10", "mile5", "mile3", "mile1"] {
        if card == "mile10" && city {
            continue;
        }
        if let Some(play) = find(&json!({"play": card})) {
            return Some(play);
        }
    }
    legal
        .iter()
        .find(|a| {
            a.get("discard")
                .and_then(Value::as_str)
                .is_some_and(|c| c != "go" && c != "mile10")
        })
        .or(legal.first())
        .cloned()
}

/// Whether a seat of Touring (1926) may speed now, losing miles it has laid down: a 10 within
/// City Limits is among its legal moves and its side has miles.
pub fn may_speed_1926(state: &Value) -> bool {
    let deal = &state["deal"];
    let side = deal["view"]["seats"][deal["seat"].as_u64().unwrap_or(0) as usize]["side"]
        .as_u64()
        .unwrap_or(0) as usize;
    deal["view"]["speed"] == "city"
        && deal["view"]["sides"][side]["miles"].as_u64().unwrap_or(0) > 0
        && deal["legal"]
            .as_array()
            .is_some_and(|l| l.contains(&json!({"play": "mile10"})))
}

/// Plays [`racing_move_1926`] for whichever of `tokens` is to move until `done` says a seat's
/// state is what the test wants (answers that seat's index), for at most `moves` moves.
pub fn race_1926_until(
    server: &Server,
    tokens: &[String],
    moves: usize,
    done: impl Fn(&Value) -> bool,
) -> Option<usize> {
    for _ in 0..moves {
        let mut moved = false;
        for (i, token) in tokens.iter().enumerate() {
            let state = seat(server, token);
            if done(&state) {
                return Some(i);
            }
            if state["deal"]["your_turn"] != true {
                continue;
            }
            let Some(action) = racing_move_1926(&state) else {
                continue;
            };
            let (status, answer) = send_move(server, token, &state["deal"]["actions"], &action);
            assert_eq!(status, 200, "{action}: {answer}");
            moved = true;
        }
        if !moved {
            return None;
        }
    }
    None
}
