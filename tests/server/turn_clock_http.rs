//! The turn clock through a real server: the API's `turn_seconds`, the start page's and the
//! console's forms, and the host's hand-a-seat-to-a-bot, host only.

use crate::common;

use common::api::Host;
use common::forms::{client, field, page, post_form, refused_form};
use common::server::Server;
use serde_json::json;

#[test]
fn the_api_keeps_the_turn_clock_with_the_event_on_by_default_for_timed_rounds() {
    let server = Server::start();
    let timed = Host::create(&server, json!({"name": "Timed"}));
    assert_eq!(
        timed.get(&server, "")["event"]["settings"]["turn_seconds"],
        60
    );
    let by_games = Host::create(
        &server,
        json!({"name": "By games", "round": {"kind": "games", "games": 1}}),
    );
    assert_eq!(
        by_games.get(&server, "")["event"]["settings"]["turn_seconds"],
        serde_json::Value::Null
    );
    let set = Host::create(&server, json!({"name": "Set", "turn_seconds": 45}));
    assert_eq!(
        set.get(&server, "")["event"]["settings"]["turn_seconds"],
        45
    );
    // The host turns it off, and on again, even once the evening has started.
    set.add_players(&server, &["Ann", "Bob"]);
    set.ok(&server, "/rounds", json!({}));
    set.ok(&server, "/rounds/1/start", json!({}));
    for turn in [json!(null), json!(90)] {
        let (status, answer) = server.send(
            reqwest::Method::PATCH,
            &set.path(""),
            Some(&set.token),
            &json!({"name": "Set", "turn_seconds": turn}),
        );
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["event"]["settings"]["turn_seconds"], turn);
    }
}

#[test]
fn turn_seconds_out_of_range_is_refused_with_words_by_the_api_and_the_pages() {
    let server = Server::start();
    for seconds in [10, 121] {
        let (status, answer) = server.post(
            "/api/v1/events",
            None,
            &json!({"name": "Too fast", "turn_seconds": seconds}),
        );
        assert_eq!(status, 422, "{answer}");
        let words = answer.to_string();
        assert!(words.contains("30 to 120 seconds"), "{words}");
    }
    // The start page says it beside the field and keeps what was typed.
    let browser = client();
    let start = page(&server, &browser, "/");
    let csrf = field(&start, "csrf");
    let html = refused_form(
        &server,
        &browser,
        "/events",
        &[
            ("csrf", csrf.as_str()),
            ("name", "Too slow"),
            ("turn_clock", "on"),
            ("turn_seconds", "600"),
        ],
    );
    assert!(html.contains("id=\"turn_seconds-error\""), "{html}");
    assert!(html.contains("30 to 120 seconds, not 600"), "{html}");
    // The console too.
    let to = post_form(
        &server,
        &browser,
        "/events",
        &[
            ("csrf", csrf.as_str()),
            ("name", "Console"),
            ("turn_clock", "off"),
        ],
    );
    let console = page(&server, &browser, &to);
    assert!(
        console.contains("no turn clock"),
        "the summary says it is off"
    );
    let path = format!("{to}/turn-clock");
    let set_and_read = |seconds: &str| {
        let form = [
            ("csrf", csrf.as_str()),
            ("turn_clock", "on"),
            ("turn_seconds", seconds),
        ];
        post_form(&server, &browser, &path, &form);
        page(&server, &browser, &to)
    };
    let console = set_and_read("5");
    assert!(console.contains("30 to 120 seconds, not 5"), "{console}");
    let console = set_and_read("40");
    assert!(console.contains("a turn clock of 40 s"), "{console}");
}

#[test]
fn only_the_host_hands_a_seat_to_a_bot() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Hands"}));
    host.add_players(&server, &["Ann", "Bob"]);
    let entries = host.get(&server, "/entries");
    let player = entries["entries"][0]["players"][0]
        .as_i64()
        .expect("a player id");
    let path = host.path(&format!("/players/{player}/stand-in"));
    let (status, _) = server.post(&path, None, &json!({"bot": true}));
    assert!(status == 401 || status == 403, "a stranger: {status}");
    let (status, answer) = server.post(&path, Some(&host.token), &json!({"bot": true}));
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = server.post(&path, Some(&host.token), &json!({"bot": false}));
    assert_eq!(status, 200, "{answer}");
    // The console's form needs the host's session and its CSRF token.
    let stranger = client();
    let response = stranger
        .post(server.url(&format!(
            "/events/{}/host/players/{player}/stand-in",
            host.event
        )))
        .form(&[("to", "bot")])
        .send()
        .expect("POST");
    let to = common::forms::location(&response);
    assert!(
        to.contains("login"),
        "a stranger is sent to sign in, not served: {to}"
    );
    let (status, answer) = server.post(
        &host.path("/players/999999/stand-in"),
        Some(&host.token),
        &json!({"bot": true}),
    );
    assert_eq!(status, 404, "{answer}");
}
