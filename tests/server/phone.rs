//! The phone at the table without a browser's script: the seat page as a plain form client sees
//! it (tests/browser/browser_phone.rs drives the same page in Chromium). A move that throws away the
//! side's own miles is offered apart and played only once confirmed; between rounds the page
//! says how the last round went and where to sit; after the last round, the place and prize.

use crate::common;

use common::api::{Host, may_speed_1926, race_1926_until, seat};
use common::forms::{client as phone, client_speaking, elements, field, page, post_form, spoken};
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

/// The part of a page inside `<main>`: what the page says (the body's attributes carry the
/// script's words, "Your turn." among them).
fn main_of(html: &str) -> &str {
    let start = html.find("<main").expect("a main");
    let end = html.find("</main>").expect("the main's end");
    &html[start..end]
}

#[test]
fn a_closed_evenings_phone_shows_the_guests_result_and_no_frozen_turn() {
    let server = Server::start();
    let (host, tokens) = started(
        &server,
        json!({"name": "Last Call", "seed": 11, "length": {"kind": "rounds", "rounds": 1}}),
        &["Amélie", "Benoît"],
    );
    race_1926_until(&server, &tokens, 6, |_| false);
    host.ok(&server, "/rounds/1/stop", json!({}));
    let closed = host.ok(&server, "/rounds/1/close", json!({}));
    assert_eq!(closed["close"]["finished"], true, "{closed}");
    host.ok(&server, "/close", json!({}));
    let standings = format!("href=\"/events/{}/standings\"", host.event);
    for token in &tokens {
        for (lang, turn, words) in [
            (
                "en",
                "Your turn",
                [
                    "Your result",
                    "of 2",
                    "First place",
                    "See the final standings",
                ],
            ),
            (
                "fr",
                "À vous de jouer",
                [
                    "Votre résultat",
                    "sur 2",
                    "Première place",
                    "Voir le classement final",
                ],
            ),
        ] {
            let html = page(&server, &client_speaking(lang), &format!("/seat/{token}"));
            let main = main_of(&html);
            // The frozen game is gone: no turn, no hand, no other side's piles.
            assert!(!main.contains(turn), "{lang}: {main}");
            assert!(!main.contains("data-your-turn"), "{lang}: {main}");
            assert!(!main.contains("data-play"), "no hand: {main}");
            assert!(!main.contains("class=\"sides\""), "no board: {main}");
            let result = elements(main, "<div class=\"panel result\"");
            let result = spoken(result.first().unwrap_or_else(|| panic!("{lang}: {main}")));
            for said in words {
                assert!(result.contains(said), "{lang}: {said} in {result}");
            }
            assert!(main.contains(&standings), "{lang}: {main}");
        }
    }
    // The winner's name is on both phones, as on the standings.
    let board = host.get(&server, "/standings");
    let first = board["standings"][0]["names"][0]
        .as_str()
        .unwrap_or_else(|| panic!("a first place: {board}"))
        .to_owned();
    for token in &tokens {
        let html = page(&server, &phone(), &format!("/seat/{token}"));
        let result = spoken(elements(&html, "<div class=\"panel result\"")[0]);
        assert!(result.contains(&format!("First place {first}")), "{result}");
    }
}

/// A sentence with each of its figures written `#`: its shape.
fn figures_as_hash(said: &str) -> String {
    let mut shape = String::new();
    for c in said.chars() {
        if c.is_ascii_digit() {
            if !shape.ends_with('#') {
                shape.push('#');
            }
        } else {
            shape.push(c);
        }
    }
    shape
}

/// A seat's page as a reader of `lang` gets it.
fn seat_page_in(server: &Server, lang: &str, token: &str) -> String {
    page(server, &client_speaking(lang), &format!("/seat/{token}"))
}

/// The text of the first element `open` inside `html`, as drawn (not as spoken).
fn shown_in(html: &str, open: &str) -> Option<String> {
    let element = html.split(open).nth(1)?;
    let text = &element[element.find('>')? + 1..];
    Some(html_escape::decode_html_entities(&text[..text.find('<')?]).into_owned())
}

#[test]
fn a_screen_reader_hears_each_card_pile_and_side_heading_as_one_sentence_in_both_languages() {
    let server = Server::start();
    for rules in ["touring-1926", "touring-1958", "mille-bornes"] {
        let (_, tokens) = started(
            &server,
            json!({"name": format!("Heard {rules}"), "rules": rules, "seed": 5}),
            &["Amélie", "Benoît"],
        );
        let states: Vec<Value> = tokens.iter().map(|t| seat(&server, t)).collect();
        let mover = states
            .iter()
            .position(|s| s["deal"]["your_turn"] == true)
            .expect("a seat to move");
        let name = |i: usize| states[i]["name"].as_str().expect("a name").to_owned();
        let (moving, waiting) = (name(mover), name(1 - mover));
        for lang in ["en", "fr"] {
            // The mover's page, then the other one's: each side's heading is one sentence.
            let headings = if lang == "en" {
                [
                    [format!("{moving}, your turn to play"), waiting.clone()],
                    [format!("{waiting} (you)"), format!("{moving}, to play")],
                ]
            } else {
                let au_tour = if moving.starts_with('A') {
                    "Au tour d'"
                } else {
                    "Au tour de "
                };
                [
                    [format!("{moving}, à vous de jouer"), waiting.clone()],
                    [format!("{waiting} (vous)"), format!("{au_tour}{moving}")],
                ]
            };
            for (token, expected) in [&tokens[mover], &tokens[1 - mover]]
                .into_iter()
                .zip(headings)
            {
                let html = seat_page_in(&server, lang, token);
                let board = elements(&html, "<div class=\"sides\"");
                let inner = board
                    .first()
                    .map_or("", |b| &b[b.find('>').map_or(0, |i| i + 1)..]);
                let sides = elements(inner, "<div class=\"side");
                assert_eq!(sides.len(), 2, "{rules} {lang}: {html}");
                let mut heard: Vec<String> = sides
                    .iter()
                    .map(|side| spoken(elements(side, "<h3")[0]))
                    .collect();
                heard.sort();
                let mut expected = expected.to_vec();
                expected.sort();
                assert_eq!(heard, expected, "{rules} {lang}: the sides' headings");

                // Each card: one name, the one its tooltip shows; its kind in brackets, in
                // lower case, unless its name says it.
                let cards = elements(&html, "<div class=\"card ");
                assert!(!cards.is_empty(), "{rules} {lang}: a hand");
                for card in cards {
                    let said = spoken(card);
                    let tooltip = card
                        .split("title=\"")
                        .nth(1)
                        .and_then(|t| t.split('"').next())
                        .map(|t| html_escape::decode_html_entities(t).into_owned())
                        .expect("a tooltip");
                    assert_eq!(said, tooltip, "{rules} {lang}: {card}");
                    let kind = shown_in(card, "class=\"kind top\"").expect("a kind");
                    if let Some(face) = shown_in(card, "class=\"face\"") {
                        if face.to_lowercase() != kind.to_lowercase() {
                            assert_eq!(said, format!("{face} ({})", kind.to_lowercase()), "{card}");
                        }
                    } else {
                        let value = shown_in(card, "class=\"value\"").expect("a value");
                        assert!(said.starts_with(&format!("{value} ")), "{said}: {card}");
                        assert!(!said.contains('('), "{said}: {card}");
                    }
                }

                // Each pile: one sentence, its count in it.
                let (piles, score): (&[&str], &[&str]) = match (lang, rules) {
                    ("en", "mille-bornes") => {
                        (&["#-mile cards: #"], &["Miles: 0 of ", "; 0 points"])
                    }
                    ("fr", "mille-bornes") => (
                        &["Cartes de # bornes : #"],
                        &["Bornes : 0 sur ", " ; 0 point"],
                    ),
                    ("en", _) => (&["#-mile cards: # of #"], &["Miles: 0 of "]),
                    _ => (
                        &[
                            "Cartes de # milles : # sur #",
                            "Cartes de # mille : # sur #",
                        ],
                        &["Milles : 0 sur "],
                    ),
                };
                for side in &sides {
                    let mut each = elements(side, "<div class=\"pile\"");
                    each.extend(elements(side, "<div class=\"pile full\""));
                    assert!(each.len() >= 4, "{rules} {lang}: {side}");
                    for p in each {
                        let said = spoken(p);
                        assert!(
                            piles.contains(&figures_as_hash(&said).as_str()),
                            "{rules} {lang}: {said}"
                        );
                    }
                    let heard = spoken(side);
                    for part in score {
                        assert!(heard.contains(part), "{rules} {lang}: {part} in {heard}");
                    }
                }
            }
        }
    }
}
