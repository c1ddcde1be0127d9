//! A Mille Bornes paper table's card holds every hand of the round: through the API (a list
//! of hands, the single-hand shape still taken), and on the console's and the phone's forms
//! without script (a row per hand, "Add a hand", each hand's points and the round's total,
//! errors beside the field of the hand that is wrong), and on the printed card.

use crate::common;

use common::api::{Host, close_round_one_and_read_table, seat, seat_of};
use common::forms::{client as browser, elements, field, input, page, post_form as post, spoken};
use common::server::Server;
use reqwest::blocking::Client;
use serde_json::{Value, json};

/// An evening of Mille Bornes for two at one paper table, round 1 started. Answers the host
/// and the seat tokens of the table's sides 0 and 1.
fn paper_mille_bornes(server: &Server) -> (Host, [String; 2]) {
    paper_mille_bornes_of(server, 2)
}

/// The same evening of `rounds` rounds.
fn paper_mille_bornes_of(server: &Server, rounds: u32) -> (Host, [String; 2]) {
    let host = Host::create(
        server,
        json!({"name": "Family night", "rules": "mille-bornes", "table_size": 2, "seed": 7,
               "length": {"kind": "rounds", "rounds": rounds}}),
    );
    let tokens = host.add_players(server, &["Ann", "Bob"]);
    host.ok(server, "/rounds", json!({"all_paper": true}));
    host.ok(server, "/rounds/1/start", json!({}));
    let (_, ann) = seat_of(server, &host, "Ann");
    let mut by_side = [String::new(), String::new()];
    by_side[ann] = tokens[0].clone();
    by_side[1 - ann] = tokens[1].clone();
    (host, by_side)
}

/// The host enters a side's card of these hands at table 1.
fn host_enters((server, host): (&Server, &Host), side: usize, hands: Value) {
    host.ok(
        server,
        "/rounds/1/tables/1/scores",
        json!({"side": side, "hands": hands}),
    );
}

/// The host's card refused (422): what the API said.
fn host_refused(server: &Server, host: &Host, body: Value) -> String {
    let (status, answer) = host.post(server, "/rounds/1/tables/1/scores", body);
    assert_eq!(status, 422, "{answer}");
    answer["error"].as_str().unwrap_or_default().to_owned()
}

/// Posts a form of owned fields that must redirect.
fn post_fields(server: &Server, client: &Client, path: &str, form: &[(String, String)]) {
    let pairs: Vec<(&str, &str)> = form.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    post(server, client, path, &pairs);
}

fn seat_scores(server: &Server, token: &str, body: Value) -> (u16, Value) {
    server.post(&format!("/api/v1/seats/{token}/scores"), None, &body)
}

/// A side's card as a seat's state shows it.
fn card_of(server: &Server, token: &str, side: usize) -> Value {
    let state = seat(server, token);
    state["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .find(|c| c["side"] == side)
        .cloned()
        .expect("the side's card")
}

/// The version of a side's card as a seat's state shows it.
fn version_of(server: &Server, token: &str, side: usize) -> String {
    card_of(server, token, side)["version"]
        .as_str()
        .expect("the card's version")
        .to_owned()
}

#[test]
fn a_paper_card_holds_every_hand_of_the_round_and_scores_their_sum() {
    let server = Server::start();
    let (host, _) = paper_mille_bornes(&server);
    host_enters(
        (&server, &host),
        0,
        json!([{"miles": 700, "trip": 1}, {"miles": 450}]),
    );
    host_enters(
        (&server, &host),
        1,
        json!([{"miles": 300}, {"miles": 700, "trip": 1}]),
    );
    // 700 + 400 for the trip, then 450; 300, then 700 + 400.
    let points = close_round_one_and_read_table(&server, &host, 1);
    assert_eq!(points, vec![1550, 1400]);
}

#[test]
fn a_card_of_one_hand_is_still_taken_in_the_single_hand_shape() {
    let server = Server::start();
    let (host, _) = paper_mille_bornes(&server);
    host.ok(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": 0, "counts": {"miles": 700, "trip": 1}}),
    );
    host_enters((&server, &host), 1, json!([{"miles": 300}]));
    assert_eq!(
        close_round_one_and_read_table(&server, &host, 1),
        vec![1100, 300]
    );
}

#[test]
fn counts_and_hands_together_are_refused_with_words() {
    let server = Server::start();
    let (host, _) = paper_mille_bornes(&server);
    let said = host_refused(
        &server,
        &host,
        json!({"side": 0, "counts": {"miles": 700}, "hands": [{"miles": 700}]}),
    );
    assert!(said.contains("not both"), "{said}");
    let said = host_refused(
        &server,
        &host,
        json!({"side": 0, "hands": [{"miles": 700}, {}]}),
    );
    assert!(said.contains("hand 2: nothing was entered"), "{said}");
}

#[test]
fn each_hand_is_checked_on_its_own_and_a_problem_names_its_hand() {
    let server = Server::start();
    let (host, _) = paper_mille_bornes(&server);
    // A trip in each hand is fine; a safe-trip bonus without the trip in hand 2 is not.
    let said = host_refused(
        &server,
        &host,
        json!({"side": 0, "hands": [{"miles": 700, "trip": 1}, {"miles": 300, "safe_trip": 1}]}),
    );
    assert!(
        said.starts_with("2_safe_trip: hand 2: "),
        "the field, then the hand: {said}"
    );
    assert!(said.contains("bonus for completing the trip"), "{said}");
    // Two sides completing the trip in the same hand is refused, in another hand it is not.
    host_enters(
        (&server, &host),
        0,
        json!([{"miles": 700, "trip": 1}, {"miles": 300}]),
    );
    let said = host_refused(
        &server,
        &host,
        json!({"side": 1, "hands": [{"miles": 700, "trip": 1}, {"miles": 200}]}),
    );
    assert!(said.starts_with("hand 1: "), "{said}");
    host_enters(
        (&server, &host),
        1,
        json!([{"miles": 200}, {"miles": 700, "trip": 1}]),
    );
}

#[test]
fn every_side_writes_the_same_number_of_hands_before_the_round_closes() {
    let server = Server::start();
    let (host, _) = paper_mille_bornes(&server);
    host_enters(
        (&server, &host),
        0,
        json!([{"miles": 700, "trip": 1}, {"miles": 450}]),
    );
    host_enters((&server, &host), 1, json!([{"miles": 300}]));
    host.ok(&server, "/rounds/1/stop", json!({}));
    let (status, answer) = host.post(&server, "/rounds/1/close", json!({}));
    assert!(status >= 400, "{status} {answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or("")
            .contains("different numbers of hands"),
        "{answer}"
    );
}

#[test]
fn a_confirmation_binds_to_the_version_of_the_whole_list_of_hands() {
    let server = Server::start();
    let (_, [first, second]) = paper_mille_bornes(&server);
    let (status, answer) = seat_scores(
        &server,
        &first,
        json!({"side": 0, "hands": [{"miles": 700, "trip": 1}, {"miles": 450}]}),
    );
    assert_eq!(status, 200, "{answer}");
    let card = card_of(&server, &second, 0);
    assert_eq!(card["hands"].as_array().map(Vec::len), Some(2), "{card}");
    let seen = version_of(&server, &second, 0);
    // Only the second hand changes: the version the other side saw no longer holds.
    let (status, answer) = seat_scores(
        &server,
        &first,
        json!({"side": 0, "hands": [{"miles": 700, "trip": 1}, {"miles": 500}]}),
    );
    assert_eq!(status, 200, "{answer}");
    let confirm = format!("/api/v1/seats/{second}/scores/0/confirm");
    let (status, answer) = server.post(&confirm, None, &json!({"version": seen}));
    assert_eq!(status, 409, "{answer}");
    let now = version_of(&server, &second, 0);
    assert_ne!(now, seen);
    let (status, answer) = server.post(&confirm, None, &json!({"version": now}));
    assert_eq!(status, 200, "{answer}");
}

#[test]
fn a_card_the_host_entered_or_another_side_confirmed_changes_only_through_the_host() {
    let server = Server::start();
    let (host, [first, second]) = paper_mille_bornes(&server);
    host_enters(
        (&server, &host),
        0,
        json!([{"miles": 700, "trip": 1}, {"miles": 450}]),
    );
    let (status, answer) = seat_scores(
        &server,
        &first,
        json!({"side": 0, "hands": [{"miles": 700, "trip": 1}, {"miles": 450}, {"miles": 25}]}),
    );
    assert_eq!(status, 403, "{answer}");
    let (status, answer) = seat_scores(
        &server,
        &second,
        json!({"side": 1, "hands": [{"miles": 300}, {"miles": 200}]}),
    );
    assert_eq!(status, 200, "{answer}");
    let seen = version_of(&server, &first, 1);
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{first}/scores/1/confirm"),
        None,
        &json!({"version": seen}),
    );
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = seat_scores(
        &server,
        &second,
        json!({"side": 1, "hands": [{"miles": 300}, {"miles": 225}]}),
    );
    assert_eq!(status, 403, "{answer}");
    // The host still can.
    host_enters((&server, &host), 1, json!([{"miles": 300}, {"miles": 225}]));
}

// ---------------------------------------------------------------- forms without script

/// Opens a link that redirects (the host link signs the browser in).
fn signed_in(server: &Server, host: &Host) -> Client {
    let console = browser();
    let response = console.get(host.console_link(server)).send().expect("GET");
    assert_eq!(response.status().as_u16(), 303);
    console
}

/// A hand's fields for a form: (key prefix "" for hand 1, "2_" for hand 2) and miles/trip.
fn hand_fields(prefix: &str, miles: &str, trip: &str) -> Vec<(String, String)> {
    [
        ("miles", miles),
        ("safeties", "0"),
        ("coups_fourres", "0"),
        ("trip", trip),
        ("delayed_action", "0"),
        ("safe_trip", "0"),
        ("shut_out", "0"),
        ("extension", "0"),
    ]
    .into_iter()
    .map(|(row, n)| (format!("row_{prefix}{row}"), n.to_owned()))
    .collect()
}

/// A score card form: its other fields, then each hand's (key prefix, miles, trip).
fn card_form(head: &[(&str, &str)], hands: &[(&str, &str, &str)]) -> Vec<(String, String)> {
    let mut form: Vec<(String, String)> = head
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    for (prefix, miles, trip) in hands {
        form.extend(hand_fields(prefix, miles, trip));
    }
    form
}

#[test]
fn the_console_card_adds_a_row_per_hand_and_shows_each_hands_points_and_the_total() {
    let server = Server::start();
    let (host, _) = paper_mille_bornes(&server);
    let console = signed_in(&server, &host);
    let path = format!("/events/{}/host", host.event);
    let action = format!("/events/{}/host/rounds/1/tables/1/scores", host.event);
    let html = page(&server, &console, &path);
    assert!(html.contains("id=\"card-1-0-miles\""), "hand 1's row");
    assert!(
        !html.contains("id=\"card-1-0-2_miles\""),
        "one hand to start"
    );
    let csrf = field(&html, "csrf");
    // "Add a hand" keeps what was typed and shows a second row, entering nothing.
    let form = card_form(
        &[("csrf", &csrf), ("side", "0"), ("add_hand", "1")],
        &[("", "700", "1")],
    );
    post_fields(&server, &console, &action, &form);
    let html = page(&server, &console, &path);
    assert!(input(&html, "card-1-0-miles").contains("value=\"700\""));
    assert!(input(&html, "card-1-0-2_miles").contains("value=\"\""));
    assert!(html.contains("Hand 2"), "a row for hand 2");
    assert!(
        html.contains("Hand 1: <strong>1100</strong>"),
        "hand 1's points as typed"
    );
    assert_eq!(
        host.get(&server, "/rounds/1")["missing_scores"]
            .as_array()
            .map(Vec::len),
        Some(1),
        "adding a hand enters nothing"
    );
    // Both hands entered: each hand's points and the round's total.
    let form = card_form(
        &[("csrf", &csrf), ("side", "0")],
        &[("", "700", "1"), ("2_", "450", "0")],
    );
    post_fields(&server, &console, &action, &form);
    let html = page(&server, &console, &path);
    assert!(
        html.contains("Hand 2: <strong>450</strong>"),
        "hand 2's points"
    );
    assert!(
        html.contains("Total for the round: <strong>1550</strong>"),
        "the round's total"
    );
    assert!(input(&html, "card-1-0-2_miles").contains("value=\"450\""));
    // An error in hand 2 is shown beside hand 2's field, and what was typed is kept.
    let form = card_form(
        &[("csrf", &csrf), ("side", "1")],
        &[("", "300", "0"), ("2_", "30", "0")],
    );
    post_fields(&server, &console, &action, &form);
    let html = page(&server, &console, &path);
    assert!(
        input(&html, "card-1-1-2_miles").contains("aria-describedby=\"card-1-1-2_miles-error\""),
        "the error is beside hand 2's milestones"
    );
    assert!(html.contains("id=\"card-1-1-2_miles-error\""));
    assert!(input(&html, "card-1-1-2_miles").contains("value=\"30\""));
    assert!(!input(&html, "card-1-1-miles").contains("aria-invalid"));
}

#[test]
fn the_phone_card_adds_a_row_per_hand_without_script() {
    let server = Server::start();
    let (host, [first, _]) = paper_mille_bornes(&server);
    host.ok(&server, "/rounds/1/stop", json!({}));
    let phone = browser();
    let seat_page = format!("/seat/{first}");
    let action = format!("/seat/{first}/card");
    let html = page(&server, &phone, &seat_page);
    let csrf = field(&html, "csrf");
    assert!(html.contains("id=\"my-miles\""));
    let form = card_form(
        &[("csrf", &csrf), ("what", "enter"), ("add_hand", "1")],
        &[("", "700", "1")],
    );
    post_fields(&server, &phone, &action, &form);
    let html = page(&server, &phone, &seat_page);
    assert!(input(&html, "my-miles").contains("value=\"700\""));
    assert!(input(&html, "my-2_miles").contains("value=\"\""));
    let form = card_form(
        &[("csrf", &csrf), ("what", "enter")],
        &[("", "700", "1"), ("2_", "450", "0")],
    );
    post_fields(&server, &phone, &action, &form);
    let html = page(&server, &phone, &seat_page);
    assert!(
        html.contains("Hand 2: Milestones: 450"),
        "hand 2 as entered"
    );
    assert!(html.contains("Total for the round: <strong>1550</strong>"));
    let card = card_of(&server, &first, 0);
    assert_eq!(card["hands"][1]["miles"], 450, "{card}");
}

#[test]
fn the_printed_card_has_a_row_per_hand_with_the_point_values_printed() {
    let server = Server::start();
    let (host, _) = paper_mille_bornes(&server);
    let console = signed_in(&server, &host);
    let html = page(
        &server,
        &console,
        &format!("/events/{}/print/cards?round=1", host.event),
    );
    assert!(
        html.contains("Trip completed <span class=\"small each\">(400 each)"),
        "{html}"
    );
    assert_eq!(
        html.matches("class=\"hand-row\"").count(),
        6,
        "three hands a side"
    );
    assert_eq!(html.matches("class=\"total-row\"").count(), 2);
}

/// The scores of the seat page's table "At your table", in its order of sides, as shown.
fn table_scores(server: &Server, token: &str) -> Vec<String> {
    let html = page(server, &browser(), &format!("/seat/{token}"));
    let table = elements(&html, "<touring-part data-part=\"table\"");
    let table = table
        .first()
        .unwrap_or_else(|| panic!("At your table: {html}"));
    elements(table, "<td class=\"num\"")
        .into_iter()
        .map(spoken)
        .collect()
}

/// Confirms the card of side `side` from the seat `token`, as its state shows it.
fn confirm_card(server: &Server, token: &str, side: usize) {
    let version = version_of(server, token, side);
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{token}/scores/{side}/confirm"),
        None,
        &json!({"version": version}),
    );
    assert_eq!(status, 200, "{answer}");
}

#[test]
fn a_paper_phone_shows_each_sides_points_once_confirmed_even_after_the_evening_is_closed() {
    let server = Server::start();
    let (host, [first, second]) = paper_mille_bornes_of(&server, 1);
    host.ok(&server, "/rounds/1/stop", json!({}));
    let (status, answer) = seat_scores(
        &server,
        &first,
        json!({"side": 0, "hands": [{"miles": 700, "trip": 1}]}),
    );
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = seat_scores(
        &server,
        &second,
        json!({"side": 1, "hands": [{"miles": 300}]}),
    );
    assert_eq!(status, 200, "{answer}");
    // Entered but not confirmed: nobody's points yet.
    assert_eq!(table_scores(&server, &first), ["–", "–"]);
    confirm_card(&server, &second, 0);
    for token in [&first, &second] {
        assert_eq!(
            table_scores(&server, token),
            ["1100", "–"],
            "side 0's card confirmed"
        );
    }
    confirm_card(&server, &first, 1);
    for token in [&first, &second] {
        assert_eq!(
            table_scores(&server, token),
            ["1100", "300"],
            "both confirmed"
        );
    }
    let closed = host.ok(&server, "/rounds/1/close", json!({}));
    assert_eq!(closed["close"]["finished"], true, "{closed}");
    host.ok(&server, "/close", json!({}));
    for token in [&first, &second] {
        assert_eq!(
            table_scores(&server, token),
            ["1100", "300"],
            "after the close"
        );
    }
}
