//! The phone at the table without a browser's script: the seat page as a plain form client sees
//! it (tests/browser/browser_phone.rs drives the same page in Chromium). A move that throws away the
//! side's own miles is offered apart and played only once confirmed; between rounds the page
//! says how the last round went and where to sit; after the last round, the place and prize.

use crate::common;

use common::api::{Host, may_speed_1926, race_1926_until, seat};
use common::forms::{client as phone, field, page, post_form};
use common::server::Server;
use reqwest::blocking::Client;
use serde_json::{Value, json};

/// Posts a move form from the seat page; answers where it redirects.
fn post_move(server: &Server, phone: &Client, token: &str, form: &[(&str, &str)]) -> String {
    post_form(server, phone, &format!("/seat/{token}/move"), form)
}

/// An event of two-player tables with `names`, round 1 seated and started.
fn started(server: &Server, settings: Value, names: &[&str]) -> (Host, Vec<String>) {
    let host = Host::create(server, settings);
    let tokens = host.add_players(server, names);
    host.ok(server, "/rounds", json!({}));
    host.ok(server, "/rounds/1/start", json!({}));
    (host, tokens)
}

/// A race of Touring (1926) played on until a seat may speed; answers its token.
fn a_seat_that_may_speed(server: &Server) -> String {
    let (_, tokens) = started(
        server,
        json!({"name": "Speed Trap", "seed": 7}),
        &["Ann", "Bob"],
    );
    let speeder = race_1926_until(server, &tokens, 400, may_speed_1926)
        .expect("a seat that may speed within 400 moves");
    tokens[speeder].clone()
}

#[test]
fn speeding_is_offered_last_as_a_danger_and_played_only_once_confirmed() {
    let server = Server::start();
    let token = &a_seat_that_may_speed(&server);
    let before = seat(&server, token);
    let phone = phone();
    let html = page(&server, &phone, &format!("/seat/{token}"));

    // The speeding move is the last form of the moves, styled as a danger (never the green
    // primary button), with the box that confirms it; no harmless move is styled so.
    let moves = html
        .split("class=\"moves\"")
        .nth(1)
        .and_then(|rest| rest.split("<div class=\"sides\"").next())
        .and_then(|rest| rest.split("<p class=\"muted small\">").next())
        .expect("the moves on the page");
    let forms: Vec<&str> = moves.split("<form").skip(1).collect();
    let last = forms.last().expect("moves");
    assert!(last.contains("data-danger="), "{last}");
    assert!(last.contains("name=\"confirmed\""), "{last}");
    assert!(
        last.contains("<button type=\"submit\" class=\"danger\">"),
        "{last}"
    );
    assert!(last.contains("speeding"), "{last}");
    for form in &forms[..forms.len() - 1] {
        assert!(
            !form.contains("danger"),
            "a harmless move is not a danger: {form}"
        );
    }

    // Without the box ticked the server refuses it and says why and what to do.
    let csrf = field(&html, "csrf");
    let seen = field(&html, "seen");
    let action = r#"{"play":"mile10"}"#;
    let back = post_move(
        &server,
        &phone,
        token,
        &[("csrf", &csrf), ("seen", &seen), ("action", action)],
    );
    assert_eq!(back, format!("/seat/{token}"));
    let html = page(&server, &phone, &back);
    assert!(html.contains("That move was not played"), "{html}");
    assert!(html.contains("loses all its"), "{html}");
    assert!(html.contains("Yes, I mean it"), "{html}");
    let after = seat(&server, token);
    assert_eq!(
        after["deal"]["actions"], before["deal"]["actions"],
        "nothing was played"
    );

    // Ticked, it is played: the side's miles are gone.
    post_move(
        &server,
        &phone,
        token,
        &[
            ("csrf", &csrf),
            ("seen", &seen),
            ("action", action),
            ("confirmed", "yes"),
        ],
    );
    let after = seat(&server, token);
    assert_eq!(
        after["deal"]["actions"].as_u64(),
        before["deal"]["actions"].as_u64().map(|n| n + 1),
        "the confirmed move was played"
    );
    let html = page(&server, &phone, &format!("/seat/{token}"));
    assert!(html.contains("speeding!"), "the log tells of it: {html}");
}

/// The entry of each token, and each entry's token.
fn entries(server: &Server, tokens: &[String]) -> Vec<i64> {
    tokens
        .iter()
        .map(|t| seat(server, t)["entry"].as_i64().expect("entry"))
        .collect()
}

#[test]
fn between_rounds_the_phone_says_who_moves_on_and_at_the_end_the_place_and_prize() {
    let server = Server::start();
    let (host, tokens) = started(
        &server,
        json!({"name": "Two Rounds", "seed": 11, "prizes": 1,
               "length": {"kind": "rounds", "rounds": 2}}),
        &["Ann", "Bob", "Cid", "Dot"],
    );
    let entries = entries(&server, &tokens);
    race_1926_until(&server, &tokens, 12, |_| false);
    host.ok(&server, "/rounds/1/stop", json!({}));
    let closed = host.ok(&server, "/rounds/1/close", json!({}));
    let tables = closed["close"]["closing"]["tables"]
        .as_array()
        .expect("the tables' outcomes")
        .clone();
    let phone = phone();
    for (token, entry) in tokens.iter().zip(&entries) {
        let html = page(&server, &phone, &format!("/seat/{token}"));
        assert!(!html.contains("will announce"), "{html}");
        let now_at = seat(&server, token)["table"].as_u64().expect("seated");
        match tables.iter().find(|t| t["mover"] == *entry) {
            Some(won) => {
                // A tie for the most is settled by a cut, and the phone says so.
                // (One mile is said "1 mile".)
                let miles = match won["most"].as_u64() {
                    Some(1) => "1 mile".to_owned(),
                    _ => format!("{} miles", won["most"]),
                };
                let how = if won["decision"]["by"] == "most_miles" {
                    format!("You won table {} with {miles}", won["table"])
                } else {
                    format!(
                        "You were tied for the most at table {} ({miles}) and won the cut",
                        won["table"]
                    )
                };
                let expected = format!("{how}: move to table {now_at}.");
                assert!(html.contains(&expected), "{expected} in {html}");
            }
            None => {
                assert!(html.contains("You scored"), "{html}");
                assert!(
                    html.contains(&format!("You stay at table {now_at}.")),
                    "a non-mover stays: {html}"
                );
            }
        }
    }

    host.ok(&server, "/rounds/2/start", json!({}));
    host.ok(&server, "/rounds/2/stop", json!({}));
    let closed = host.ok(&server, "/rounds/2/close", json!({}));
    assert_eq!(closed["close"]["finished"], true, "{closed}");
    let mut prizes = 0;
    for token in &tokens {
        let html = page(&server, &phone, &format!("/seat/{token}"));
        assert!(!html.contains("will announce"), "{html}");
        assert!(
            html.contains("The evening is over: you finished"),
            "the place after the last round: {html}"
        );
        assert!(html.contains(" miles"), "{html}");
        if html.contains("1st prize") {
            prizes += 1;
        }
    }
    assert!(prizes >= 1, "the winner's phone names the prize");
}

#[test]
fn between_rounds_a_mille_bornes_phone_counts_points_and_says_a_cut_is_a_cut() {
    let server = Server::start();
    let (host, tokens) = started(
        &server,
        json!({"name": "Points Night", "rules": "mille-bornes", "seed": 3,
               "length": {"kind": "rounds", "rounds": 2}}),
        &["Ann", "Bob"],
    );
    // Nobody plays: 0 to 0, and the cut decides who moves on.
    host.ok(&server, "/rounds/1/stop", json!({}));
    let phone = phone();
    let pages: Vec<String> = tokens
        .iter()
        .map(|t| page(&server, &phone, &format!("/seat/{t}")))
        .collect();
    assert!(
        pages.iter().all(|p| p.contains("Your points are recorded")),
        "the time-up message uses the rule set's word"
    );
    host.ok(&server, "/rounds/1/close", json!({}));
    let pages: Vec<String> = tokens
        .iter()
        .map(|t| page(&server, &phone, &format!("/seat/{t}")))
        .collect();
    let cut =
        "You were tied for the most at table 1 (0 points) and won the cut: you stay at table 1.";
    assert_eq!(
        pages.iter().filter(|p| p.contains(cut)).count(),
        1,
        "the cut's winner is told so: {pages:?}"
    );
    assert_eq!(
        pages
            .iter()
            .filter(|p| p.contains("You scored 0 points at table 1. You stay at table 1."))
            .count(),
        1,
        "{pages:?}"
    );
}

/// The `data-danger` words of the seat page's dangerous move.
fn danger_words(html: &str) -> String {
    html.split("data-danger=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("a dangerous move: {html}"))
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
}

#[test]
fn speeding_is_warned_of_in_the_readers_language_and_in_the_engines_english_words() {
    let server = Server::start();
    let token = &a_seat_that_may_speed(&server);
    let english = phone();
    let html = page(&server, &english, &format!("/seat/{token}"));
    let warning = danger_words(&html);
    assert!(
        warning.starts_with("a 10 within City Limits is speeding: "),
        "{warning}"
    );
    // The engine's own English, as the refusal of the unconfirmed move says it: the same words.
    let csrf = field(&html, "csrf");
    let seen = field(&html, "seen");
    post_move(
        &server,
        &english,
        token,
        &[
            ("csrf", &csrf),
            ("seen", &seen),
            ("action", r#"{"play":"mile10"}"#),
        ],
    );
    let refused = page(&server, &english, &format!("/seat/{token}"));
    let engine = format!("A{}. That move was not played", &warning[1..]);
    assert!(refused.contains(&engine), "{engine}: {refused}");

    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        reqwest::header::ACCEPT_LANGUAGE,
        reqwest::header::HeaderValue::from_static("fr"),
    );
    let french = Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .default_headers(headers)
        .build()
        .expect("client");
    let html = page(&server, &french, &format!("/seat/{token}"));
    let warning = danger_words(&html);
    assert!(
        warning
            .starts_with("un 10 en agglomération est un excès de vitesse\u{a0}: votre camp perd "),
        "{warning}"
    );
    assert!(
        html.contains("Oui, je le veux\u{a0}: un 10 en agglomération"),
        "{html}"
    );
    assert!(!html.contains("City Limits is speeding"), "{html}");
}
