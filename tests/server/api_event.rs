//! A small event played end to end through the JSON API of a real server on 127.0.0.1, with a
//! restart in the middle of a round.

use crate::common;

use common::server::Server;
use serde_json::{Value, json};

struct Host<'a> {
    server: &'a Server,
    event: i64,
    token: String,
}

impl Host<'_> {
    fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.server.post(
            &format!("/api/v1/events/{}{path}", self.event),
            Some(&self.token),
            &body,
        )
    }

    fn ok(&self, path: &str, body: Value) -> Value {
        let (status, answer) = self.post(path, body.clone());
        assert!(status < 300, "POST {path} {body}: {status} {answer}");
        answer
    }

    fn get(&self, path: &str) -> Value {
        let (status, answer) = self.server.get(
            &format!("/api/v1/events/{}{path}", self.event),
            Some(&self.token),
        );
        assert_eq!(status, 200, "GET {path}: {answer}");
        answer
    }
}

fn create_event(server: &Server, body: Value) -> Host<'_> {
    let (status, answer) = server.post("/api/v1/events", None, &body);
    assert_eq!(status, 201, "{answer}");
    Host {
        server,
        event: answer["event"]["id"].as_i64().expect("event id"),
        token: answer["host_token"]
            .as_str()
            .expect("host token")
            .to_owned(),
    }
}

/// Adds players and returns their seat tokens, by name.
fn add_players(host: &Host, names: &[&str]) -> Vec<(String, String)> {
    names
        .iter()
        .map(|name| {
            let answer = host.ok("/entries", json!({"names": [name]}));
            let token = answer["links"][0]["token"]
                .as_str()
                .expect("seat token")
                .to_owned();
            (name.to_string(), token)
        })
        .collect()
}

fn seat(server: &Server, token: &str) -> Value {
    let (status, answer) = server.get(&format!("/api/v1/seats/{token}"), None);
    assert_eq!(status, 200, "{answer}");
    answer["seat"].clone()
}

/// Plays `moves` moves at whatever tables have a player to move, choosing the first legal
/// action. Returns how many were played.
fn play_some(server: &Server, players: &[(String, String)], moves: usize) -> usize {
    let mut played = 0;
    for _ in 0..moves * 4 {
        if played == moves {
            break;
        }
        for (_, token) in players {
            let state = seat(server, token);
            let deal = &state["deal"];
            if deal["your_turn"] != true || deal["legal"].as_array().is_none_or(Vec::is_empty) {
                continue;
            }
            let action = deal["legal"][0].clone();
            let (status, answer) = server.post(
                &format!("/api/v1/seats/{token}/moves"),
                None,
                &json!({"seen": deal["actions"], "action": action}),
            );
            assert_eq!(status, 200, "{answer}");
            played += 1;
        }
    }
    played
}

#[test]
fn a_small_event_is_played_end_to_end_with_a_restart_mid_round() {
    let mut server = Server::start();
    let host = create_event(
        &server,
        json!({"name": "Friday Touring", "table_size": 2, "round": {"kind": "timed", "seconds": 600},
               "length": {"kind": "rounds", "rounds": 2}, "prizes": 2, "seed": 5}),
    );
    let (event, token) = (host.event, host.token.clone());
    let players = add_players(&host, &["Ann", "Bob", "Cy", "Di"]);

    let options = host.get("/seating");
    assert_eq!(
        options["options"].as_array().map(Vec::len),
        Some(1),
        "4 players fill two tables"
    );
    let seated = host.ok("/rounds", json!({}));
    assert_eq!(seated["round"], 1);
    assert_eq!(
        seated["seating"]["tables"].as_array().map(Vec::len),
        Some(2)
    );
    let state = seat(&server, &players[0].1);
    assert!(
        state["message"]
            .as_str()
            .unwrap_or("")
            .contains("sit at table"),
        "{state}"
    );

    // Moves before the signal are refused.
    let deal = &state["deal"];
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{}/moves", players[0].1),
        None,
        &json!({"seen": deal["actions"], "action": {"discard": "mile1"}}),
    );
    assert_eq!(status, 409, "{answer}");

    host.ok("/rounds/1/start", json!({}));
    assert!(play_some(&server, &players, 12) >= 12);

    // A stale or repeated submission is refused with the new state.
    let mover = players
        .iter()
        .find(|(_, t)| seat(&server, t)["deal"]["your_turn"] == true)
        .expect("someone to move");
    let state = seat(&server, &mover.1);
    let seen = state["deal"]["actions"].as_u64().expect("actions");
    let action = state["deal"]["legal"][0].clone();
    let body = json!({"seen": seen, "action": action});
    let path = format!("/api/v1/seats/{}/moves", mover.1);
    let (status, _) = server.post(&path, None, &body);
    assert_eq!(status, 200);
    let (status, answer) = server.post(&path, None, &body);
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["code"], "stale");
    assert!(
        answer["state"]["deal"]["actions"].as_u64() > Some(seen),
        "{answer}"
    );

    // A restart in the middle of the round: the clock and the games resume where they were.
    let before: Vec<Value> = players.iter().map(|(_, t)| seat(&server, t)).collect();
    server.restart();
    let host = Host {
        server: &server,
        event,
        token: token.clone(),
    };
    for ((_, t), old) in players.iter().zip(&before) {
        let now = seat(&server, t);
        assert_eq!(now["deal"]["actions"], old["deal"]["actions"]);
        assert_eq!(now["deal"]["view"]["seats"], old["deal"]["view"]["seats"]);
        assert_eq!(now["round"]["state"], "running");
        assert!(now["round"]["left_ms"].as_i64() <= old["round"]["left_ms"].as_i64());
        assert!(now["round"]["left_ms"].as_i64() > Some(500_000));
    }
    assert!(play_some(&server, &players, 6) >= 6);

    // The stop signal: moves are refused with "time is up".
    host.ok("/rounds/1/stop", json!({}));
    let mover = players
        .iter()
        .map(|(_, t)| (t, seat(&server, t)))
        .find(|(_, s)| s["deal"]["your_turn"] == true)
        .expect("someone whose turn it was");
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{}/moves", mover.0),
        None,
        &json!({"seen": mover.1["deal"]["actions"], "action": {"discard": mover.1["deal"]["view"]["seats"][mover.1["deal"]["seat"].as_u64().unwrap_or(0) as usize]["hand"][0]}}),
    );
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["code"], "time_is_up");
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or("")
            .contains("time is up")
    );

    // Close: the movement seats round 2.
    let preview = host.get("/rounds/1/closing");
    assert_eq!(
        preview["closing"]["tables"].as_array().map(Vec::len),
        Some(2)
    );
    let closed = host.ok("/rounds/1/close", json!({}));
    assert_eq!(closed["close"]["next_round"], 2, "{closed}");
    let round1 = host.get("/rounds/1");
    for table in round1["seating"]["tables"].as_array().expect("tables") {
        let miles: Vec<u64> = table["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .map(|e| e["miles"].as_u64().expect("miles"))
            .collect();
        let mover = table["progresses"].as_str().expect("a mover");
        let mover_miles = table["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .find(|e| e["entry"] == mover)
            .and_then(|e| e["miles"].as_u64())
            .expect("mover's miles");
        assert_eq!(
            mover_miles,
            *miles.iter().max().expect("max"),
            "the mover had the most miles"
        );
    }
    let round2 = host.get("/rounds/2");
    assert_eq!(round2["state"], "seated");

    // A correction of round 1 is kept with its history. (The deals are dealt from the
    // server's secret, new with each test's server, so the miles corrected differ from run to
    // run: the correction is to another number than the one recorded.)
    let corrected = &round1["seating"]["tables"][0]["entries"][0];
    let entry = corrected["entry"]
        .as_str()
        .and_then(|e| e.trim_start_matches('E').parse::<i64>().ok())
        .expect("entry id");
    let recorded = corrected["miles"].as_u64().expect("miles");
    let miles = if recorded == 40 { 41 } else { 40 };
    host.ok(
        "/corrections",
        json!({"round": 1, "entry": entry, "miles": miles, "reason": "miscounted"}),
    );
    let corrections = host.get("/corrections");
    assert_eq!(corrections["corrections"][0]["old"], recorded);
    assert_eq!(corrections["corrections"][0]["new"], miles);
    assert_eq!(corrections["corrections"][0]["reason"], "miscounted");

    // Round 2, then the evening is over.
    host.ok("/rounds/2/start", json!({}));
    play_some(&server, &players, 4);
    host.ok("/rounds/2/stop", json!({}));
    let closed = host.ok("/rounds/2/close", json!({}));
    assert_eq!(closed["close"]["finished"], true, "{closed}");
    let (status, standings) = server.get(&format!("/api/v1/events/{event}/standings"), None);
    assert_eq!(status, 200);
    assert_eq!(
        standings["final"], false,
        "provisional until the host closes"
    );
    assert_eq!(standings["provisional"], true);
    host.ok("/close", json!({}));
    let (status, standings) = server.get(&format!("/api/v1/events/{event}/standings"), None);
    assert_eq!(status, 200);
    assert_eq!(
        (&standings["final"], &standings["provisional"]),
        (&json!(true), &json!(false))
    );
    let rows = standings["standings"].as_array().expect("rows");
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["place"], 1);
    assert_eq!(rows[0]["prize"], 1);
    for row in rows {
        let total: u64 = row["rounds"]
            .as_array()
            .expect("rounds")
            .iter()
            .filter_map(Value::as_u64)
            .sum();
        assert_eq!(
            row["miles"].as_u64(),
            Some(total),
            "totals are the sum of the rounds"
        );
    }
    let export = host.get("/export.json");
    assert_eq!(export["rounds"].as_array().map(Vec::len), Some(2));
    let (status, csv) = server.text(&format!("/api/v1/events/{event}/export.csv"), Some(&token));
    assert_eq!(status, 200);
    // A byte-order mark first (a spreadsheet then reads UTF-8), if the reader kept it.
    assert!(
        csv.trim_start_matches('\u{feff}')
            .starts_with("place,entry,names"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 5);
}

#[test]
fn paper_tables_enter_score_cards_checked_against_the_quotas() {
    let server = Server::start();
    let host = create_event(
        &server,
        json!({"name": "Cards night", "length": {"kind": "rounds", "rounds": 1}, "seed": 9}),
    );
    let players = add_players(&host, &["Ann", "Bob"]);
    host.ok("/rounds", json!({"all_paper": true}));
    host.ok("/rounds/1/start", json!({}));
    host.ok("/rounds/1/stop", json!({}));
    // Over the quota: refused with the rule.
    let (status, answer) = host.post(
        "/rounds/1/tables/1/scores",
        json!({"side": 0, "counts": {"mile1": 9, "mile3": 0, "mile5": 0, "mile10": 0}}),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"].as_str().unwrap_or("").contains("at most 8"),
        "{answer}"
    );
    // A player enters their own side's card; the other side confirms it.
    let state = seat(&server, &players[0].1);
    let mine = state["tablemates"]
        .as_array()
        .expect("tablemates")
        .iter()
        .find(|t| t["you"] == true)
        .and_then(|t| t["table_side"].as_u64())
        .expect("Ann's side");
    let theirs = 1 - mine;
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{}/scores", players[0].1),
        None,
        &json!({"side": theirs, "counts": {"mile1": 3, "mile3": 2, "mile5": 1, "mile10": 0}}),
    );
    assert_eq!(status, 403, "only one's own side: {answer}");
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{}/scores", players[0].1),
        None,
        &json!({"side": mine, "counts": {"mile1": 3, "mile3": 2, "mile5": 1, "mile10": 0}}),
    );
    assert_eq!(status, 200, "{answer}");
    // The seat's state shows the table's cards, each with the version a confirmation names.
    let version = seat(&server, &players[1].1)["cards"]
        .as_array()
        .expect("the table's cards in the seat's state")
        .iter()
        .find(|c| c["side"] == mine)
        .and_then(|c| c["version"].as_str())
        .expect("Ann's card's version")
        .to_owned();
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{}/scores/{mine}/confirm", players[0].1),
        None,
        &json!({"version": version}),
    );
    assert_eq!(status, 403, "a side cannot confirm its own card: {answer}");
    let (status, answer) = host.post("/rounds/1/close", json!({}));
    assert_eq!(status, 409, "the other side's card is missing: {answer}");
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{}/scores/{mine}/confirm", players[1].1),
        None,
        &json!({"version": version}),
    );
    assert_eq!(status, 200, "{answer}");
    host.ok(
        "/rounds/1/tables/1/scores",
        json!({"side": theirs, "counts": {"mile1": 2, "mile3": 0, "mile5": 0, "mile10": 1}}),
    );
    let closed = host.ok("/rounds/1/close", json!({}));
    assert_eq!(closed["close"]["finished"], true);
    let round = host.get("/rounds/1");
    let entries = &round["seating"]["tables"][0]["entries"];
    let miles: Vec<u64> = entries
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["miles"].as_u64())
        .collect();
    let mut sorted = miles.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, vec![12, 14]);
}

#[test]
fn the_host_secret_is_checked_and_wrong_ones_tell_nothing() {
    let server = Server::start();
    let host = create_event(&server, json!({"name": "Secret"}));
    let wrong = "0123456789abcdef0123456789abcdef";
    let (status, a) = server.post(
        &format!("/api/v1/events/{}/entries", host.event),
        Some(wrong),
        &json!({"names": ["Eve"]}),
    );
    assert_eq!(status, 403);
    let (status, b) = server.post(
        "/api/v1/events/999999/entries",
        Some(wrong),
        &json!({"names": ["Eve"]}),
    );
    assert_eq!(status, 403);
    assert_eq!(
        a["error"], b["error"],
        "the same answer whether or not the event exists"
    );
    let (status, _) = server.post(
        &format!("/api/v1/events/{}/entries", host.event),
        None,
        &json!({"names": ["Eve"]}),
    );
    assert_eq!(status, 403);
    let (status, answer) = server.get(&format!("/api/v1/seats/{wrong}"), None);
    assert_eq!(status, 403, "{answer}");
    let (status, _) = server.get("/api/v1/seats/short", None);
    assert_eq!(status, 403);
}

#[test]
fn bad_input_gets_a_clear_message_and_nothing_is_stored() {
    let server = Server::start();
    let cases = [
        (json!({"name": ""}), "name"),
        (json!({"name": "x".repeat(201)}), "200"),
        (json!({"name": "ok", "table_size": 5}), "2, 3, 4 or 6"),
        (
            json!({"name": "ok", "round": {"kind": "timed", "seconds": 5}}),
            "timed round",
        ),
        (json!({"name": "ok", "prizes": 1000}), "prize"),
        (json!({"name": "ok", "colour": "red"}), "unknown field"),
        (json!({"name": 5}), "string"),
        (json!([1, 2]), "JSON body"),
    ];
    for (body, needle) in cases {
        let (status, answer) = server.post("/api/v1/events", None, &body);
        assert!(status == 422 || status == 400, "{body}: {status} {answer}");
        let error = answer["error"].as_str().unwrap_or("");
        assert!(
            error.to_lowercase().contains(&needle.to_lowercase()),
            "{body}: {error}"
        );
    }
    let response = server
        .client()
        .post(server.url("/api/v1/events"))
        .header("Content-Type", "application/json")
        .body(format!("{{\"name\":\"{}\"}}", "y".repeat(100_000)))
        .send()
        .expect("post");
    assert_eq!(response.status().as_u16(), 413);
    let (status, answer) = server.get("/api/v1/events/1", None);
    assert_eq!(status, 404, "no event was stored: {answer}");
    let (status, answer) = server.get("/api/v1/events/notanumber", None);
    assert_eq!(status, 404, "{answer}");
    let (status, answer) = server.get("/api/openapi.json", None);
    assert_eq!(status, 200);
    assert!(answer["paths"]["/api/v1/events"].is_object());
}

#[test]
fn a_games_options_are_given_as_options_and_another_games_are_refused_with_words() {
    let server = Server::start();
    let host = create_event(
        &server,
        json!({"name": "Mille", "rules": "mille-bornes", "options": {"hazard_on_hazard": true}}),
    );
    let options = &host.get("")["event"]["settings"]["options"];
    assert_eq!(options, &json!({"hazard_on_hazard": true}), "{options}");
    // A change keeps the options it does not name.
    let (status, answer) = server.send(
        reqwest::Method::PATCH,
        &format!("/api/v1/events/{}", host.event),
        Some(&host.token),
        &json!({"name": "Mille", "options": {"coup_fourre_seconds": 9}}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["event"]["settings"]["options"],
        json!({"hazard_on_hazard": true, "coup_fourre_seconds": 9})
    );
    // Another game: the options are that game's (none for Touring).
    let (status, answer) = server.send(
        reqwest::Method::PATCH,
        &format!("/api/v1/events/{}", host.event),
        Some(&host.token),
        &json!({"name": "Mille", "rules": "touring-1926"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["event"]["settings"]["options"], json!({}));
    for (body, words) in [
        (
            json!({"name": "T", "options": {"hazard_on_hazard": true}}),
            vec!["Mille Bornes", "Touring (1926) has no options"],
        ),
        (
            json!({"name": "M", "rules": "mille-bornes", "options": {"colour": 1}}),
            vec![
                "unknown option \"colour\"",
                "hazard_on_hazard, coup_fourre_seconds",
            ],
        ),
        (
            json!({"name": "M", "rules": "mille-bornes", "options": {"hazard_on_hazard": "yes"}}),
            vec!["hazard_on_hazard", "true or false"],
        ),
        (
            json!({"name": "M", "rules": "mille-bornes", "options": {"coup_fourre_seconds": 30}}),
            vec!["5 to 15 seconds, not 30"],
        ),
        (
            json!({"name": "M", "rules": "mille-bornes", "options": [1]}),
            vec!["options"],
        ),
    ] {
        let (status, answer) = server.post("/api/v1/events", None, &body);
        assert_eq!(status, 422, "{body}: {answer}");
        let error = answer["error"].as_str().unwrap_or("");
        for word in words {
            assert!(error.contains(word), "{body}: {error}");
        }
    }
    // Beside the other settings, as before "options" (deprecated), an option is still taken.
    let old = create_event(
        &server,
        json!({"name": "Old client", "rules": "mille-bornes", "hazard_on_hazard": true}),
    );
    assert_eq!(
        old.get("")["event"]["settings"]["options"],
        json!({"hazard_on_hazard": true})
    );
}

#[test]
fn the_openapi_document_says_which_options_each_game_takes() {
    let server = Server::start();
    let (status, document) = server.get("/api/openapi.json", None);
    assert_eq!(status, 200);
    let options = &document["components"]["schemas"]["EventInput"]["properties"]["options"];
    let games = options["anyOf"].as_array().expect("one schema per game");
    let game = |id: &str| {
        games
            .iter()
            .find(|g| g["title"] == id)
            .unwrap_or_else(|| panic!("{id} in {options}"))
    };
    let mille = game("mille-bornes");
    assert_eq!(mille["additionalProperties"], false, "{mille}");
    assert_eq!(mille["properties"]["hazard_on_hazard"]["type"], "boolean");
    let window = &mille["properties"]["coup_fourre_seconds"];
    assert_eq!(
        (window["minimum"].as_u64(), window["maximum"].as_u64()),
        (Some(5), Some(15))
    );
    for id in ["touring-1926", "touring-1958"] {
        let touring = game(id);
        assert_eq!(touring["additionalProperties"], false, "{touring}");
        assert!(
            touring["properties"]
                .as_object()
                .is_none_or(|p| p.is_empty()),
            "{touring}"
        );
    }
}

#[test]
fn the_api_proposes_a_bot_seat_and_warns_about_a_table_of_three_in_rounds_by_games() {
    let server = Server::start();
    let host = create_event(
        &server,
        json!({"name": "By games", "round": {"kind": "games", "games": 1}, "seed": 9}),
    );
    let (_, event) = server.get(&format!("/api/v1/events/{}", host.event), None);
    assert_eq!(
        event["event"]["settings"]["bye_score"], "round_average",
        "a bye scores the round's average by default: {event}"
    );
    add_players(&host, &["Ann", "Bob", "Cy", "Di", "Ed"]);
    let options = host.get("/seating");
    assert_eq!(
        options["options"][0]["plan"]["remainder"], "bots",
        "{options}"
    );
    assert!(options["options"][0]["plan"]["warning"].is_null());
    let mixed = options["options"]
        .as_array()
        .and_then(|o| o.iter().find(|p| p["plan"]["remainder"] == "mixed_tables"))
        .expect("mixed tables stay on offer");
    assert!(
        mixed["plan"]["warning"]
            .as_str()
            .is_some_and(|w| w.contains("unfair while rounds are by games")),
        "{mixed}"
    );
    let seated = host.ok("/rounds", json!({"remainder": "mixed_tables"}));
    assert!(
        seated["warning"]
            .as_str()
            .is_some_and(|w| w.contains("races 30 miles where the others race 50")),
        "{seated}"
    );
    let fair = host.ok("/rounds", json!({"remainder": "bots"}));
    assert!(fair.get("warning").is_none(), "{fair}");
}

/// Plays round `round` at `tables` paper tables of two: started, stopped, every card typed in
/// by the host (different miles at each table), closed.
fn play_paper_round(host: &Host, round: u64, tables: u64) -> Value {
    host.ok(&format!("/rounds/{round}/start"), json!({}));
    host.ok(&format!("/rounds/{round}/stop"), json!({}));
    for table in 1..=tables {
        for side in 0..2 {
            host.ok(
                &format!("/rounds/{round}/tables/{table}/scores"),
                json!({"side": side, "counts": {"mile1": table + side, "mile3": round, "mile5": 0, "mile10": side}}),
            );
        }
    }
    host.ok(&format!("/rounds/{round}/close"), json!({}))
}

fn entry_id(label: &Value) -> i64 {
    label
        .as_str()
        .and_then(|e| e.trim_start_matches('E').parse::<i64>().ok())
        .expect("an entry label")
}

#[test]
fn after_the_last_round_the_results_are_provisional_until_the_host_closes_the_evening() {
    let server = Server::start();
    let host = create_event(
        &server,
        json!({"name": "Closing night", "length": {"kind": "rounds", "rounds": 1}, "seed": 5, "remainder": "byes"}),
    );
    let players = add_players(&host, &["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]);
    host.ok("/rounds", json!({"all_paper": true}));
    let closed = play_paper_round(&host, 1, 3);
    assert_eq!(closed["close"]["finished"], true, "{closed}");
    // The phones say so too.
    let phone = seat(&server, &players[0].1);
    let said = phone["message"].as_str().unwrap_or_default();
    assert!(said.contains("provisional"), "{phone}");

    // Provisional: not final, and the last round is still corrected, with its reason.
    let standings = host.get("/standings");
    assert_eq!(
        (&standings["final"], &standings["provisional"]),
        (&json!(false), &json!(true))
    );
    let round = host.get("/rounds/1");
    let player = entry_id(&round["seating"]["tables"][0]["entries"][0]["entry"]);
    let answer = host.ok(
        "/corrections",
        json!({"round": 1, "entry": player, "miles": 44, "reason": "a pile miscounted"}),
    );
    assert_eq!(answer["correction"]["new"], 44, "{answer}");
    // A bye's score is corrected like any other, and stands.
    let bye = entry_id(&round["seating"]["byes"][0]["entry"]);
    host.ok(
        "/corrections",
        json!({"round": 1, "entry": bye, "miles": 3, "reason": "left early"}),
    );
    let corrections = host.get("/corrections");
    let reasons: Vec<&str> = corrections["corrections"]
        .as_array()
        .expect("corrections")
        .iter()
        .filter_map(|c| c["reason"].as_str())
        .collect();
    assert_eq!(reasons, vec!["a pile miscounted", "left early"]);
    let standings = host.get("/standings");
    let miles_of = |standings: &Value, entry: i64| {
        standings["standings"]
            .as_array()
            .expect("rows")
            .iter()
            .find(|r| r["entry"] == format!("E{entry}"))
            .map(|r| r["miles"].clone())
            .expect("a row")
    };
    assert_eq!(miles_of(&standings, player), 44);
    assert_eq!(miles_of(&standings, bye), 3);

    // The host closes the evening: final, and a correction is refused saying why.
    host.ok("/close", json!({}));
    let standings = host.get("/standings");
    assert_eq!(
        (&standings["final"], &standings["provisional"]),
        (&json!(true), &json!(false))
    );
    let (status, refused) = host.post(
        "/corrections",
        json!({"round": 1, "entry": player, "miles": 40, "reason": "again"}),
    );
    assert_eq!(status, 409, "{refused}");
    let message = refused["error"].as_str().unwrap_or_default();
    assert!(
        message.contains("the host has closed the evening"),
        "{refused}"
    );
    let phone = seat(&server, &players[0].1);
    let said = phone["message"].as_str().unwrap_or_default();
    assert!(
        said.contains("The evening is over") && !said.contains("provisional"),
        "{phone}"
    );
    let (status, again) = host.post("/close", json!({}));
    assert_eq!(status, 409, "{again}");
    assert_eq!(host.get("/export.json")["event"]["closed"], true);
}

#[test]
fn a_late_entry_is_added_with_what_its_missed_rounds_score() {
    let server = Server::start();
    let host = create_event(
        &server,
        json!({"name": "Late night", "length": {"kind": "rounds", "rounds": 2}, "seed": 6}),
    );
    add_players(&host, &["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]);
    host.ok("/rounds", json!({"all_paper": true}));
    host.ok("/rounds/1/start", json!({}));
    // A value that is not a choice is refused, saying what to send.
    let (status, refused) = host.post(
        "/entries",
        json!({"names": ["Hal"], "missed_rounds": "half"}),
    );
    assert_eq!(status, 422, "{refused}");
    let message = refused["error"].as_str().unwrap_or_default();
    assert!(
        message.contains("round_average") && message.contains("zero"),
        "{refused}"
    );
    let added = host.ok(
        "/entries",
        json!({"names": ["Hal"], "missed_rounds": "round_average"}),
    );
    assert_eq!(added["entry"]["missed_rounds"], "round_average", "{added}");
    assert_eq!(added["entry"]["joined_round"], 2);
    let hal = added["entry"]["id"].as_i64().expect("id");
    let plain = host.ok("/entries", json!({"names": ["Ivy"]}));
    assert_eq!(plain["entry"]["missed_rounds"], "zero", "the default");
    let ivy = plain["entry"]["id"].as_i64().expect("id");

    host.ok("/rounds/1/stop", json!({}));
    for table in 1..=3 {
        for side in 0..2 {
            host.ok(
                &format!("/rounds/1/tables/{table}/scores"),
                json!({"side": side, "counts": {"mile1": table + side, "mile3": 1, "mile5": 0, "mile10": side}}),
            );
        }
    }
    host.ok("/rounds/1/close", json!({}));
    let standings = host.get("/standings");
    let rows = standings["standings"].as_array().expect("rows");
    let round_one: Vec<u64> = rows
        .iter()
        .filter(|r| r["entry"] != format!("E{hal}") && r["entry"] != format!("E{ivy}"))
        .filter_map(|r| r["rounds"][0].as_u64())
        .collect();
    assert_eq!(round_one.len(), 6);
    let average = round_one.iter().sum::<u64>() / 6;
    let row = |entry: i64| {
        rows.iter()
            .find(|r| r["entry"] == format!("E{entry}"))
            .cloned()
            .expect("a row")
    };
    assert_eq!(row(hal)["rounds"], json!([average]));
    assert_eq!(row(hal)["missed_rounds"], json!([1]));
    assert_eq!(row(ivy)["rounds"], json!([0]));
    assert_eq!(row(ivy)["missed_rounds"], json!([1]));
}

#[test]
fn a_withdrawn_entry_plays_no_more_rounds_even_one_already_seated() {
    let server = Server::start();
    let host = create_event(
        &server,
        json!({"name": "Leaving early", "length": {"kind": "rounds", "rounds": 3}, "seed": 12}),
    );
    add_players(&host, &["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]);
    host.ok("/rounds", json!({"all_paper": true}));
    play_paper_round(&host, 1, 3);
    // Round 2 is seated by the movement; a guest leaves before it starts.
    let round = host.get("/rounds/2");
    let leaving = entry_id(&round["seating"]["tables"][1]["entries"][0]["entry"]);
    let (status, answer) = server.send(
        reqwest::Method::DELETE,
        &format!("/api/v1/events/{}/entries/{leaving}", host.event),
        Some(&host.token),
        &json!({}),
    );
    assert_eq!(status, 200, "{answer}");
    // Round 2 is seated again without them: their seat has a labelled bot, and the tables
    // keep their size.
    let round = host.get("/rounds/2");
    let tables = round["seating"]["tables"].as_array().expect("tables");
    assert_eq!(tables.len(), 3);
    let seated: Vec<&Value> = tables
        .iter()
        .flat_map(|t| t["entries"].as_array().expect("entries"))
        .collect();
    assert_eq!(seated.len(), 6);
    assert!(
        seated.iter().all(|e| entry_id(&e["entry"]) != leaving),
        "{round}"
    );
    assert_eq!(
        seated.iter().filter(|e| e["bot"] == true).count(),
        1,
        "{round}"
    );
    // They keep round 1's score and score nothing after.
    play_paper_round(&host, 2, 3);
    let standings = host.get("/standings");
    let row = standings["standings"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["entry"] == format!("E{leaving}"))
        .cloned()
        .expect("still listed");
    assert_eq!(row["withdrawn"], true);
    assert!(
        row["rounds"][0].is_u64() && row["rounds"][1].is_null(),
        "{row}"
    );
}

#[test]
fn an_events_language_is_set_in_its_settings_and_an_unknown_one_is_refused_with_words() {
    let server = Server::start();
    let host = create_event(&server, json!({"name": "Soirée", "language": "fr"}));
    assert_eq!(host.get("")["event"]["settings"]["language"], "fr");
    let change = |body: Value| {
        server.send(
            reqwest::Method::PATCH,
            &format!("/api/v1/events/{}", host.event),
            Some(&host.token),
            &body,
        )
    };
    let (status, answer) = change(json!({"name": "Soirée", "language": "en"}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["event"]["settings"]["language"], "en");
    let (status, answer) = change(json!({"name": "Soirée", "language": "de"}));
    assert_eq!(status, 422, "{answer}");
    let message = answer["error"].as_str().unwrap_or_default();
    for words in ["\"language\"", "\"de\"", "\"en\"", "\"fr\""] {
        assert!(message.contains(words), "{message} names {words}");
    }
    assert_eq!(
        host.get("")["event"]["settings"]["language"],
        "en",
        "nothing changed"
    );
    let (status, answer) = server.post(
        "/api/v1/events",
        None,
        &json!({"name": "Abend", "language": 7}),
    );
    assert_eq!(status, 422, "{answer}");
}

#[test]
fn a_new_events_language_is_its_creators_browsers_unless_given() {
    let server = Server::start();
    let create = |accept: &str, body: Value| {
        let answer: Value = server
            .client()
            .post(server.url("/api/v1/events"))
            .header("Accept-Language", accept)
            .json(&body)
            .send()
            .expect("request")
            .json()
            .expect("JSON");
        answer["event"]["settings"]["language"].clone()
    };
    assert_eq!(
        create("fr-FR,fr;q=0.9,en;q=0.8", json!({"name": "A"})),
        "fr"
    );
    assert_eq!(create("de-DE", json!({"name": "B"})), "en");
    assert_eq!(
        create("fr-FR", json!({"name": "C", "language": "en"})),
        "en"
    );
}

#[test]
fn a_seats_message_follows_accept_language_and_its_codes_stay_english() {
    let server = Server::start();
    let host = create_event(&server, json!({"name": "Soirée", "seed": 3}));
    let players = add_players(&host, &["Ann", "Bob"]);
    host.ok("/rounds", json!({}));
    host.ok("/rounds/1/start", json!({}));
    let read = |accept: &str| -> Value {
        server
            .client()
            .get(server.url(&format!("/api/v1/seats/{}", players[0].1)))
            .header("Accept-Language", accept)
            .send()
            .expect("request")
            .json()
            .expect("JSON")
    };
    let (english, french) = (read("en"), read("fr-FR,fr;q=0.9"));
    let says = |state: &Value| state["seat"]["message"].as_str().unwrap_or("").to_owned();
    // Ann waits for Bob (or plays first): either way, the same sentence in two languages.
    let (en, fr) = (says(&english), says(&french));
    assert!(
        en == "Waiting for the other players' moves." || en.contains("Choose a card"),
        "{en}"
    );
    assert!(
        fr == "En attente des coups des autres joueurs." || fr.contains("Choisissez une carte"),
        "{fr}"
    );
    assert_eq!(french["seat"]["round"]["state"], "running", "codes stay");
    assert_eq!(
        english["seat"]["deal"]["view"], french["seat"]["deal"]["view"],
        "the game is the same"
    );
}

/// The `minimum` and `maximum` the OpenAPI document gives `field` of the object whose `kind`
/// is `kind` (any object with that field when `kind` is empty), searched through `schema`.
fn schema_range(schema: &Value, kind: &str, field: &str) -> Option<(u64, u64)> {
    let properties = &schema["properties"];
    let kinds = &properties["kind"]["enum"];
    let is_kind = kind.is_empty() || kinds.as_array().is_some_and(|k| k.contains(&json!(kind)));
    if is_kind && let Some(range) = properties.get(field) {
        return Some((range["minimum"].as_u64()?, range["maximum"].as_u64()?));
    }
    match schema {
        Value::Object(map) => map.values().find_map(|v| schema_range(v, kind, field)),
        Value::Array(list) => list.iter().find_map(|v| schema_range(v, kind, field)),
        _ => None,
    }
}

#[test]
fn the_openapi_document_gives_the_limits_the_settings_check() {
    use touring::tournament::{
        MAX_GAMES, MAX_LIMIT_SECS, MAX_PRIZES, MAX_ROUND_SECS, MAX_ROUNDS, MAX_TURN_SECS,
        MIN_GAMES, MIN_LIMIT_SECS, MIN_ROUND_SECS, MIN_ROUNDS, MIN_TURN_SECS,
    };
    let server = Server::start();
    let (status, document) = server.get("/api/openapi.json", None);
    assert_eq!(status, 200);
    let schemas = &document["components"]["schemas"];
    let range = |schema: &str, kind: &str, field: &str| {
        schema_range(&schemas[schema], kind, field)
            .unwrap_or_else(|| panic!("{schema} {kind} {field} in {}", schemas[schema]))
    };
    let wide = |(min, max): (u32, u32)| (u64::from(min), u64::from(max));
    assert_eq!(
        range("RoundInput", "timed", "seconds"),
        wide((MIN_ROUND_SECS, MAX_ROUND_SECS))
    );
    assert_eq!(
        range("RoundInput", "games", "games"),
        wide((u32::from(MIN_GAMES), u32::from(MAX_GAMES)))
    );
    assert_eq!(
        range("LengthInput", "rounds", "rounds"),
        wide((MIN_ROUNDS, MAX_ROUNDS))
    );
    assert_eq!(
        range("LengthInput", "time_limit", "seconds"),
        wide((MIN_LIMIT_SECS, MAX_LIMIT_SECS))
    );
    assert_eq!(range("EventInput", "", "prizes"), wide((0, MAX_PRIZES)));
    assert_eq!(
        range("EventInput", "", "turn_seconds"),
        wide((MIN_TURN_SECS, MAX_TURN_SECS))
    );
}
