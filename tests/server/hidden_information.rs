//! What a seat may see: its own hand, nobody else's, and no deadwood cards or draw pile order.
//! Random games of every rule set of the registry at tables of every size it allows, on a real
//! server: every seat's API state, every move's answer and refusals checked against the
//! engine's own view of the stored deal for that seat and its referee view, and the seat's page
//! and its live-update stream checked against what the seat holds.

use crate::common;

use std::io::Read as _;

use common::api::{Dice, Host, seat, send_move};
use common::server::Server;
use serde_json::{Value, json};
use touring::app::play;
use touring::db::{self, Pool, queries};
use touring::engine::{Config, Game, RulesId};

/// Keys that would give away what a seat may not see, wherever they appear.
const FORBIDDEN_KEYS: [&str; 6] = [
    "seed",
    "deck",
    "stacked",
    "draw_order",
    "deadwood_cards",
    "hands",
];

/// The engine's views of the current deal at a table of round 1 after its first `actions`
/// actions, as JSON: the referee's (every hand) and the one the engine gives `seat`. (A table
/// may go on by itself between the seat's answer and this look, as Mille Bornes' table does
/// when the wait after a hazard is over, so the stored deal is replayed only as far as the
/// answer saw.)
fn engine_views(pool: &Pool, event: i64, table: i64, seat: u8, actions: u64) -> (Value, Value) {
    let mut conn = pool.get().expect("connection");
    let round = queries::round(&mut conn, event, 1)
        .expect("query")
        .expect("round 1");
    let row = queries::tables_of_round(&mut conn, round.id)
        .expect("tables")
        .into_iter()
        .find(|t| i64::from(t.number) == table)
        .expect("the seat's table");
    let mut tx = touring::app::Tx::alone(&mut conn);
    let deal = play::current_deal(&mut tx, row.id)
        .expect("replay")
        .expect("a deal");
    let history = play::deal_history(&mut tx, &deal).expect("the deal's actions");
    let seen = usize::try_from(actions).expect("an action count");
    assert!(
        seen <= history.len(),
        "the answer saw {seen} actions, the database holds {}",
        history.len()
    );
    let mut game = Game::new(deal.game.config(), deal.row.seed as u64, &[]).expect("the deal");
    for &action in &history[..seen] {
        game.apply(action, &mut Vec::new())
            .expect("a stored action replays");
    }
    let json = |view| serde_json::to_value(view).expect("a view as JSON");
    (json(game.view(None)), json(game.view(Some(seat))))
}

/// Walks a JSON value, calling `f` with the path of keys and indexes and each value.
fn walk<'a>(value: &'a Value, path: &mut Vec<String>, f: &mut impl FnMut(&[String], &'a Value)) {
    f(path, value);
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                path.push(key.clone());
                walk(inner, path, f);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                path.push(i.to_string());
                walk(inner, path, f);
                path.pop();
            }
        }
        _ => {}
    }
}

/// Checks one seat state (`seat` of a GET or a move's answer, `state` of a refusal).
fn check_state(state: &Value, pool: &Pool, event: i64, context: &str) {
    let Some(own) = state["deal"]["seat"].as_u64() else {
        return;
    };
    let own = own.to_string();
    let mut path = Vec::new();
    walk(state, &mut path, &mut |path, value| {
        let Some(key) = path.last() else { return };
        let at = path.join(".");
        assert!(
            !FORBIDDEN_KEYS.contains(&key.as_str()),
            "{context}: {at} must not be shown to a seat"
        );
        match key.as_str() {
            "hand" if !value.is_null() => {
                assert_eq!(
                    at,
                    format!("deal.view.seats.{own}.hand"),
                    "{context}: only the seat's own hand is shown"
                );
            }
            "deadwood" | "draw_pile" | "speed_pile" => {
                assert!(value.is_u64(), "{context}: {at} is a count, not {value}");
            }
            _ => {}
        }
    });

    let table = state["table"].as_i64().expect("a seated player's table");
    let own: usize = own.parse().expect("seat");
    let actions = state["deal"]["actions"]
        .as_u64()
        .expect("the deal's action count");
    let (full, engine) = engine_views(pool, event, table, own as u8, actions);
    let view = &state["deal"]["view"];
    assert_eq!(
        view, &engine,
        "{context}: the seat is shown exactly the engine's view for its seat"
    );
    let seats = full["seats"].as_array().expect("the referee's seats");
    for (i, seat) in seats.iter().enumerate() {
        let shown = &view["seats"][i];
        assert_eq!(shown["hand_size"], seat["hand_size"], "{context}");
        if i == own {
            assert_eq!(shown["hand"], seat["hand"], "{context}: own hand");
        } else {
            assert!(shown["hand"].is_null(), "{context}: seat {i}'s hand");
        }
    }
}

/// The events whose card only their own seat may see: a draw everywhere, and a discard where
/// the discards go face down (1926's deadwood; the 1937-1958 game and Mille Bornes discard
/// face up).
fn secret_events(rules: RulesId) -> &'static [&'static str] {
    match rules {
        RulesId::Touring1926 => &["drew", "discarded"],
        RulesId::Touring1958 | RulesId::MilleBornes => &["drew"],
    }
}

/// Checks a move's events: other seats' secret draws and discards carry no card.
fn check_events(events: &Value, own: u64, rules: RulesId, context: &str) {
    for event in events.as_array().expect("events") {
        if secret_events(rules)
            .iter()
            .any(|name| event["event"] == *name)
            && event["seat"].as_u64() != Some(own)
        {
            assert!(event["card"].is_null(), "{context}: {event}");
        }
        for key in FORBIDDEN_KEYS {
            assert!(event.get(key).is_none(), "{context}: {event}");
        }
    }
}

/// The cards in the seat's own hand, as the API names them, sorted.
fn own_hand(state: &Value) -> Vec<String> {
    let own = state["deal"]["seat"].as_u64().expect("seat") as usize;
    let mut cards: Vec<String> = state["deal"]["view"]["seats"][own]["hand"]
        .as_array()
        .expect("own hand")
        .iter()
        .map(|c| c.as_str().expect("a card's name").to_owned())
        .collect();
    cards.sort();
    cards
}

/// Checks a rendered seat board (the whole page, or the fragment its live stream sends): the
/// cards shown in the hand are exactly the seat's own, and no line of the table's log names a
/// card another seat drew or (where discards go face down) discarded.
fn check_html(html: &str, state: &Value, rules: RulesId, context: &str) {
    let Some(start) = html.find(r#"aria-label="your cards""#) else {
        assert!(
            state["deal"].is_null(),
            "{context}: no hand shown during a deal"
        );
        return;
    };
    let hand = &html[start..];
    let end = ["your moves", "<h3>"]
        .iter()
        .filter_map(|marker| hand.find(marker))
        .min()
        .unwrap_or(hand.len());
    let hand = &hand[..end];
    let mut shown: Vec<String> = hand
        .split(r#"data-card=""#)
        .skip(1)
        .map(|rest| rest[..rest.find('"').expect("a closed title")].to_owned())
        .collect();
    shown.sort();
    assert_eq!(shown, own_hand(state), "{context}: the hand shown");
    for line in html.split("<li>").skip(1) {
        let line = &line[..line.find("</li>").unwrap_or(line.len())];
        if secret_events(rules).contains(&"discarded")
            && line.contains("discarded")
            && !line.starts_with("You")
        {
            assert!(
                line.ends_with("discarded a card."),
                "{context}: another seat's discard is named: {line}"
            );
        }
        assert!(
            !line.contains("drew") || line.starts_with("You"),
            "{context}: {line}"
        );
    }
}

/// The seat's page as a phone gets it.
fn seat_page(server: &Server, token: &str) -> String {
    let response = server
        .client()
        .get(server.url(&format!("/seat/{token}")))
        .send()
        .expect("GET the seat page");
    assert_eq!(response.status().as_u16(), 200);
    response.text().expect("the page")
}

/// The first drawing of the board that the seat's live stream sends when a phone connects.
fn first_live_board(server: &Server, token: &str) -> String {
    let mut response = server
        .client()
        .get(server.url(&format!("/seat/{token}/live")))
        .send()
        .expect("GET the live stream");
    assert_eq!(response.status().as_u16(), 200);
    let mut received = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        let text = String::from_utf8_lossy(&received);
        // Server-sent events end with a blank line; the board's is the one with the hand.
        if let Some(at) = text.find("your cards")
            && text[at..].contains("\n\n")
        {
            return text.replace("\ndata: ", "\n");
        }
        let n = response.read(&mut chunk).expect("read the live stream");
        assert!(
            n > 0,
            "the live stream ended before it drew the board: {text}"
        );
        received.extend_from_slice(&chunk[..n]);
    }
}

/// A drawing of the seat's board (`draw`) with the seat's state it must show: the state is asked
/// again after the drawing, and both again if the table went on by itself in between (as Mille
/// Bornes' table does when the wait after a hazard is over).
fn steady(
    server: &Server,
    token: &str,
    mut state: Value,
    draw: fn(&Server, &str) -> String,
) -> (String, Value) {
    for _ in 0..20 {
        let drawn = draw(server, token);
        let after = seat(server, token);
        if after["deal"]["actions"] == state["deal"]["actions"] {
            return (drawn, after);
        }
        state = after;
    }
    panic!("the table did not stay still long enough to draw the seat's board");
}

/// Seats and starts round 1, then plays it, checking every view (see [`play_and_check`]).
fn seat_and_play(server: &Server, host: &Host, players: &[String], rules: RulesId, size: u8) {
    host.ok(server, "/rounds", json!({}));
    host.ok(server, "/rounds/1/start", json!({}));
    play_and_check(
        server,
        host,
        players,
        (rules, moves_of(rules)),
        u64::from(size),
    );
}

/// Plays random moves at every table of an event and checks every answer a seat gets.
fn play_and_check(
    server: &Server,
    host: &Host,
    players: &[String],
    (rules, moves): (RulesId, usize),
    seed: u64,
) {
    let pool = db::open(&server.database, 1).expect("open the database");
    let mut dice = Dice::new(seed);
    let mut played = 0;
    let mut refusals = 0;
    while played < moves {
        let before = played;
        for token in players {
            let state = seat(server, token);
            check_state(&state, &pool, host.event, "GET seat");
            let (page, state) = steady(server, token, state, seat_page);
            check_html(&page, &state, rules, "seat page");
            if played % 40 == 0 && !state["deal"].is_null() {
                let (board, at) = steady(server, token, state.clone(), first_live_board);
                check_html(&board, &at, rules, "live stream");
            }
            let Some(action) = dice.pick(&state) else {
                continue;
            };
            let own = state["deal"]["seat"].as_u64().expect("seat");
            let seen = state["deal"]["actions"].as_u64().expect("actions");
            // Now and then a refusal first: a stale count, or a discard of a card no rule set
            // has. Both answer with the seat's state.
            if dice.below(6) == 0 {
                let (status, refusal) = if seen > 0 && dice.below(2) == 0 {
                    send_move(server, token, &json!(seen - 1), &action)
                } else {
                    send_move(
                        server,
                        token,
                        &json!(seen),
                        &json!({"discard": "no-such-card"}),
                    )
                };
                assert!(status == 409 || status == 422, "{status} {refusal}");
                if !refusal["state"].is_null() {
                    check_state(&refusal["state"], &pool, host.event, "refusal");
                }
                refusals += 1;
            }
            let (status, answer) = send_move(server, token, &json!(seen), &action);
            assert_eq!(status, 200, "{answer}");
            check_events(&answer["events"], own, rules, "move events");
            check_state(&answer["seat"], &pool, host.event, "move answer");
            played += 1;
        }
        if played == before {
            // The table waits for a decision nobody is asked (Mille Bornes' wait after a
            // hazard): it goes on by itself when the wait is over.
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    }
    assert!(refusals > 0);
}

fn started(server: &Server, rules: RulesId, table_size: u8, seed: u64) -> Host {
    let host = Host::create(
        server,
        json!({"name": format!("{} at tables of {table_size}", rules.name()),
               "rules": rules.id(), "table_size": table_size, "seed": seed,
               "round": {"kind": "timed", "seconds": 3600}}),
    );
    let (status, event) = server.get(&format!("/api/v1/events/{}", host.event), None);
    assert_eq!(status, 200);
    let mut public = Vec::new();
    walk(&event, &mut Vec::new(), &mut |path, _| {
        if path.last().is_some_and(|k| k == "seed") {
            public.push(path.join("."));
        }
    });
    assert!(
        public.is_empty(),
        "the public event answer gives away the seed of every deal: {public:?}"
    );
    host
}

/// How many moves each table size of a rule set plays: fewer where the table waits in real
/// time after every hazard.
fn moves_of(rules: RulesId) -> usize {
    match rules {
        RulesId::MilleBornes => 60,
        _ => 150,
    }
}

/// Whether `rules` plays at tables of `size` (partners at four and six).
fn plays_at(rules: RulesId, size: u8) -> bool {
    Config::new(rules, size, None).is_ok()
}

/// A server for one address that plays every seat as fast as it can and opens a live stream
/// for each seat after each move: the per-client write and stream limits are not what these
/// tests are about. (A stream the test has read and dropped holds its place until the server
/// next writes to it, so on a busy machine one address's streams passed the limit: a 429.)
fn one_address_playing_every_seat() -> Server {
    Server::start_with(&["--writes-per-second", "0", "--streams-per-client", "0"])
}

#[test]
fn in_every_rule_set_seats_of_two_and_three_see_only_their_own_hands() {
    let server = one_address_playing_every_seat();
    for (size, names) in [
        (2, vec!["Ann", "Bob", "Cy", "Di"]),
        (3, vec!["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]),
    ] {
        for &rules in RulesId::ALL.iter().filter(|&&r| plays_at(r, size)) {
            let host = started(&server, rules, size, 40 + u64::from(size));
            let players = host.add_players(&server, &names);
            seat_and_play(&server, &host, &players, rules, size);
        }
    }
}

#[test]
fn in_every_rule_set_partners_at_tables_of_four_and_six_see_only_their_own_hands() {
    let server = one_address_playing_every_seat();
    let pairs = [
        ["Ann", "Bob"],
        ["Cy", "Di"],
        ["Ed", "Flo"],
        ["Gus", "Hal"],
        ["Ivy", "Jo"],
        ["Kit", "Lou"],
    ];
    for (size, entries) in [(4u8, 4usize), (6, 6)] {
        for &rules in RulesId::ALL.iter().filter(|&&r| plays_at(r, size)) {
            let host = started(&server, rules, size, 50 + u64::from(size));
            let players = host.add_pairs(&server, &pairs[..entries]);
            seat_and_play(&server, &host, &players, rules, size);
        }
    }
}
