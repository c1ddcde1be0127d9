//! Paper tables on the host console and on the phone, through a real server without a
//! browser's script (tests/browser/browser_paper.rs drives the console in Chromium): each table's
//! cards, entered, missing and awaiting confirmation, the host's Confirm button, a refused
//! card's problems beside its fields with what was typed kept, and a blank card that is not
//! read as 0 miles.

use crate::common;

use common::api::{Host, seat_of};
use common::forms::{client as browser, field, input, page, post_form as post};
use common::server::Server;
use reqwest::blocking::Client;
use serde_json::json;

/// An evening of four at two paper tables, round 1 played and stopped; the host's browser
/// holds the console. Answers the host, the seat tokens (Ann, Bob, Cat, Dan) and the host's
/// browser.
fn stopped_paper_round(server: &Server) -> (Host, Vec<String>, Client) {
    stopped_paper_round_in(server, "en")
}

/// As [`stopped_paper_round`], for an evening in `language` (its console's).
fn stopped_paper_round_in(server: &Server, language: &str) -> (Host, Vec<String>, Client) {
    let host = Host::create(
        server,
        json!({"name": "Cards night", "seed": 3, "length": {"kind": "rounds", "rounds": 2},
               "language": language}),
    );
    let tokens = host.add_players(server, &["Ann", "Bob", "Cat", "Dan"]);
    host.ok(server, "/rounds", json!({"all_paper": true}));
    host.ok(server, "/rounds/1/start", json!({}));
    host.ok(server, "/rounds/1/stop", json!({}));
    let console = browser();
    post_free(
        server,
        &console,
        &format!("/events/{}/host?token={}", host.event, host.token),
    );
    (host, tokens, console)
}

/// Opens a link that redirects (the host link signs the browser in).
fn post_free(server: &Server, client: &Client, path: &str) {
    let response = client.get(server.url(path)).send().expect("GET");
    assert_eq!(response.status().as_u16(), 303, "{path} signs in");
}

fn console_path(host: &Host) -> String {
    format!("/events/{}/host", host.event)
}

/// The score cards of one table on the console.
fn cards_of(html: &str, table: u64) -> &str {
    html.split(&format!("id=\"cards-{table}\""))
        .nth(1)
        .and_then(|rest| rest.split("</section>").next())
        .unwrap_or_else(|| panic!("table {table}'s score cards on the console"))
}

/// How many tables of round 1 still miss a card, as the round's API says.
fn tables_missing_cards(server: &Server, host: &Host) -> usize {
    let round = host.get(server, "/rounds/1");
    round["missing_scores"].as_array().map_or(0, Vec::len)
}

/// The lines of a 1926 score card, in order.
const ROWS: [&str; 4] = ["row_mile1", "row_mile3", "row_mile5", "row_mile10"];

/// The host types a side's card on the console ("" leaves a line blank); answers where the
/// form leads.
fn host_types(
    server: &Server,
    console: &Client,
    host: &Host,
    (table, side): (u64, usize),
    lines: [&str; 4],
) -> String {
    let html = page(server, console, &console_path(host));
    let csrf = field(&html, "csrf");
    let side = side.to_string();
    let mut form = vec![("csrf", csrf.as_str()), ("side", side.as_str())];
    form.extend(ROWS.into_iter().zip(lines));
    post(
        server,
        console,
        &format!("/events/{}/host/rounds/1/tables/{table}/scores", host.event),
        &form,
    )
}

/// A guest types their own card on the phone's seat page (`None`: the line is not sent).
fn guest_types(server: &Server, phone: &Client, token: &str, lines: [Option<&str>; 4]) {
    let seat = page(server, phone, &format!("/seat/{token}"));
    let csrf = field(&seat, "csrf");
    let mut form = vec![("csrf", csrf.as_str()), ("what", "enter")];
    form.extend(
        ROWS.into_iter()
            .zip(lines)
            .filter_map(|(row, line)| Some((row, line?))),
    );
    post(server, phone, &format!("/seat/{token}/card"), &form);
}

#[test]
fn the_console_lists_entered_missing_and_awaiting_cards_with_a_confirm_button() {
    let server = Server::start();
    let (host, tokens, console) = stopped_paper_round(&server);
    // Ann enters her card from her phone: it awaits a confirmation.
    let ann = browser();
    guest_types(
        &server,
        &ann,
        &tokens[0],
        [Some("4"), Some("2"), Some("0"), Some("1")],
    );

    let (table, ann_side) = seat_of(&server, &host, "Ann");
    let html = page(&server, &console, &console_path(&host));
    let table1 = cards_of(&html, table);
    assert!(table1.contains("1 of 2 cards in, 1 to confirm"), "{table1}");
    assert!(
        table1.contains("to confirm") && table1.contains("entered by Ann"),
        "Ann's card awaits a confirmation: {table1}"
    );
    assert!(
        table1.contains("missing"),
        "Bob's card is missing: {table1}"
    );
    assert!(
        table1.contains("20</strong> mi"),
        "Ann's 20 miles: {table1}"
    );
    // Ann's counts stay on screen, in her card's fields.
    let mile1 = input(table1, &format!("card-{table}-{ann_side}-mile1"));
    assert!(mile1.contains("value=\"4\""), "{mile1}");
    assert!(
        input(table1, &format!("card-{table}-{ann_side}-mile10")).contains("value=\"1\""),
        "{table1}"
    );
    // The Confirm button is a plain form with the console's CSRF token.
    let confirm = format!(
        "/events/{}/host/rounds/1/tables/{table}/scores/{ann_side}/confirm",
        host.event
    );
    assert!(
        table1.contains(&confirm) && table1.contains("Confirm Ann's card"),
        "{table1}"
    );
    let csrf = field(&html, "csrf");
    let forged = console
        .post(server.url(&confirm))
        .form(&[("csrf", "not-the-token")])
        .send()
        .expect("POST");
    assert_eq!(
        forged.status().as_u16(),
        403,
        "a form without the CSRF token"
    );
    let back = post(&server, &console, &confirm, &[("csrf", &csrf)]);
    assert!(back.ends_with(&format!("#cards-{table}")), "{back}");
    let html = page(&server, &console, &console_path(&host));
    assert!(html.contains("the card is confirmed"), "{html}");
    let table1 = cards_of(&html, table);
    assert!(table1.contains("1 of 2 cards in<"), "{table1}");
    assert!(table1.contains("confirmed"), "{table1}");
    assert!(
        !table1.contains("Confirm Ann's card"),
        "nothing left to confirm for Ann: {table1}"
    );
    // The round's API agrees: both tables still miss a card.
    assert_eq!(tables_missing_cards(&server, &host), 2);
}

#[test]
fn a_refused_card_shows_its_error_beside_the_field_and_keeps_what_was_typed() {
    let server = Server::start();
    let (host, tokens, console) = stopped_paper_round(&server);
    // On the console, at the table where Ann does not sit: nine 1-mile cards in a 50-mile
    // race, where the pile holds 8.
    let table = 3 - seat_of(&server, &host, "Ann").0;
    let back = host_types(&server, &console, &host, (table, 0), ["9", "2", "1", "0"]);

    assert!(back.ends_with(&format!("#cards-{table}")), "{back}");
    let html = page(&server, &console, &console_path(&host));
    assert!(html.contains("that card was not taken"), "{html}");
    let id = |row: &str| format!("card-{table}-0-{row}");
    let mile1 = input(&html, &id("mile1"));
    assert!(
        mile1.contains("value=\"9\"")
            && mile1.contains("aria-invalid=\"true\"")
            && mile1.contains(&format!("aria-describedby=\"{}-error\"", id("mile1"))),
        "the wrong field keeps what was typed and points to its message: {mile1}"
    );
    let message = html
        .split(&format!("id=\"{}-error\">", id("mile1")))
        .nth(1)
        .and_then(|rest| rest.split("</p>").next())
        .expect("a message beside the 1-mile field");
    assert!(message.contains("at most 8"), "{message}");
    for (row, value) in [("mile3", "2"), ("mile5", "1"), ("mile10", "0")] {
        let other = input(&html, &id(row));
        assert!(
            other.contains(&format!("value=\"{value}\"")) && !other.contains("aria-invalid"),
            "a right field keeps its value, without a message: {other}"
        );
    }
    // It stays on the console (a redraw, the next visit) until the card goes in.
    let again = page(&server, &console, &console_path(&host));
    assert!(input(&again, &id("mile1")).contains("value=\"9\""));
    host_types(&server, &console, &host, (table, 0), ["8", "2", "1", "0"]);

    let html = page(&server, &console, &console_path(&host));
    assert!(
        html.contains("the card is in (19 miles) and confirmed"),
        "{html}"
    );
    let mile1 = input(&html, &id("mile1"));
    assert!(
        mile1.contains("value=\"8\"") && !mile1.contains("aria-invalid"),
        "the accepted card keeps its values on screen: {mile1}"
    );
    assert!(!html.contains(&format!("{}-error", id("mile1"))), "{html}");

    // On the phone: Ann types a count that is not a number and leaves a line blank.
    let ann = browser();
    let seat = page(&server, &ann, &format!("/seat/{}", tokens[0]));
    assert!(
        seat.contains("data-reload"),
        "the card form reloads the page"
    );
    guest_types(
        &server,
        &ann,
        &tokens[0],
        [Some("5"), Some("two"), Some("1"), Some("")],
    );

    let seat = page(&server, &ann, &format!("/seat/{}", tokens[0]));
    assert!(seat.contains("Your card was not taken"), "{seat}");
    assert!(input(&seat, "my-mile1").contains("value=\"5\""), "{seat}");
    assert!(input(&seat, "my-mile5").contains("value=\"1\""), "{seat}");
    let mile3 = input(&seat, "my-mile3");
    assert!(
        mile3.contains("aria-invalid=\"true\"") && mile3.contains("value=\"two\""),
        "{mile3}"
    );
    assert!(
        seat.contains("id=\"my-mile3-error\">&#34;two&#34; is not a count")
            || seat.contains("id=\"my-mile3-error\">&quot;two&quot; is not a count"),
        "{seat}"
    );
    assert!(
        seat.contains("id=\"my-mile10-error\">not entered"),
        "the blank line is not entered: {seat}"
    );
    assert!(!input(&seat, "my-mile1").contains("aria-invalid"), "{seat}");
    // Nothing was stored.
    assert_eq!(tables_missing_cards(&server, &host), 2);
}

#[test]
fn an_empty_card_is_not_zero_miles() {
    let server = Server::start();
    let (host, tokens, console) = stopped_paper_round(&server);
    // The console's card with every field blank: each line is "not entered".
    host_types(&server, &console, &host, (1, 1), ["", " ", "", ""]);

    let html = page(&server, &console, &console_path(&host));
    for row in ["mile1", "mile3", "mile5", "mile10"] {
        assert!(
            html.contains(&format!("id=\"card-1-1-{row}-error\">not entered")),
            "{row} is not entered: {html}"
        );
    }
    assert!(!html.contains("0</strong> mi"), "no score: {html}");
    // A phone that sends no line at all.
    let bob = browser();
    guest_types(&server, &bob, &tokens[1], [None; 4]);

    let seat = page(&server, &bob, &format!("/seat/{}", tokens[1]));
    assert!(seat.contains("id=\"my-mile1-error\">not entered"), "{seat}");
    // Through the API, a card with no row at all.
    let (status, answer) = host.post(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": 0, "counts": {}}),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or_default()
            .contains("nothing was entered"),
        "{answer}"
    );
    let (_, ann_side) = seat_of(&server, &host, "Ann");
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{}/scores", tokens[0]),
        None,
        &json!({"side": ann_side, "counts": {}}),
    );
    assert_eq!(status, 422, "{answer}");
    // Still nothing in: no table has a card, and no 0 counts as a score.
    assert_eq!(tables_missing_cards(&server, &host), 2);
    // A side that truly ran no miles writes its zeros, and that is a card.
    host_types(&server, &console, &host, (1, 1), ["0", "0", "0", "0"]);

    let html = page(&server, &console, &console_path(&host));
    assert!(html.contains("the card is in (0 miles)"), "{html}");
}

#[test]
fn a_card_posted_with_a_hundred_made_up_lines_is_refused_and_the_pages_still_open() {
    let server = Server::start();
    let (host, tokens, console) = stopped_paper_round(&server);
    let html = page(&server, &console, &console_path(&host));
    let csrf = field(&html, "csrf");
    let made_up: Vec<(String, String)> = (0..100)
        .map(|n| (format!("row_made_up_{n:03}"), "12345678901234".to_owned()))
        .collect();
    let mut form: Vec<(&str, &str)> = vec![("csrf", &csrf), ("side", "0"), ("row_mile1", "3")];
    form.extend(made_up.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    post(
        &server,
        &console,
        &format!("/events/{}/host/rounds/1/tables/1/scores", host.event),
        &form,
    );
    // The session (a cookie) kept what fits: the console opens, says the card was refused.
    let html = page(&server, &console, &console_path(&host));
    assert!(html.contains("that card was not taken"), "{html}");
    assert!(html.contains("field-error"), "{html}");
    // And on the phone.
    let ann = browser();
    guest_types(&server, &ann, &tokens[0], [Some("1"), None, None, None]);
    let seat = page(&server, &ann, &format!("/seat/{}", tokens[0]));
    assert!(seat.contains("Your card was not taken"), "{seat}");
    assert_eq!(tables_missing_cards(&server, &host), 2);
}

/// The seat page's message (the board's first flash line).
fn seat_message(server: &Server, phone: &Client, token: &str) -> String {
    let html = page(server, phone, &format!("/seat/{token}"));
    html.split("role=\"status\"><strong>")
        .nth(1)
        .and_then(|rest| rest.split("</strong>").next())
        .expect("the seat's message")
        .to_owned()
}

#[test]
fn the_paper_phone_says_your_miles_are_recorded_only_after_they_are() {
    let server = Server::start();
    let (host, tokens, console) = stopped_paper_round(&server);
    let ann = browser();
    let before = seat_message(&server, &ann, &tokens[0]);
    assert!(
        before.contains("score card below") && !before.contains("recorded"),
        "{before}"
    );
    guest_types(
        &server,
        &ann,
        &tokens[0],
        [Some("4"), Some("2"), Some("0"), Some("1")],
    );
    let entered = seat_message(&server, &ann, &tokens[0]);
    assert!(
        entered.contains("Your card is in; once another side confirms it, your miles are recorded"),
        "{entered}"
    );
    let (table, ann_side) = seat_of(&server, &host, "Ann");
    let html = page(&server, &console, &console_path(&host));
    let csrf = field(&html, "csrf");
    post(
        &server,
        &console,
        &format!(
            "/events/{}/host/rounds/1/tables/{table}/scores/{ann_side}/confirm",
            host.event
        ),
        &[("csrf", &csrf)],
    );
    let confirmed = seat_message(&server, &ann, &tokens[0]);
    assert!(confirmed.contains("Your miles are recorded"), "{confirmed}");
}

/// The console of a paper round with a card in and confirmed, one to confirm, one missing
/// and one refused (beside its field), in the pseudo-language.
#[test]
fn pseudo_language_every_word_of_the_consoles_paper_tables_comes_from_a_message() {
    let server = Server::start();
    let (host, tokens, console) = stopped_paper_round_in(&server, "en-XA");
    // Ann's card awaits its confirmation; at the other table, the host's first card is in
    // (and so confirmed), the second is refused: nine 1-mile cards where the pile holds 8.
    guest_types(
        &server,
        &browser(),
        &tokens[0],
        [Some("4"), Some("2"), Some("0"), Some("1")],
    );
    let other = 3 - seat_of(&server, &host, "Ann").0;
    host_types(&server, &console, &host, (other, 1), ["8", "2", "1", "0"]);
    host_types(&server, &console, &host, (other, 0), ["9", "2", "1", "0"]);

    let html = page(&server, &console, &console_path(&host));
    assert!(html.contains("<html lang=\"en-XA\""), "{html}");
    assert!(
        html.contains(&format!("id=\"card-{other}-0-mile1-error\"")),
        "the refused card's problem beside its field: {html}"
    );
    let mut left = touring::i18n::untranslated(&html, &["Cards night", "Ann", "Bob", "Cat", "Dan"]);
    left.retain(|piece| !piece.trim_start().starts_with("http") && !piece.starts_with('/'));
    assert!(left.is_empty(), "not from a message: {left:?}");
}

#[test]
fn a_refused_score_card_is_said_in_french_on_a_french_console_and_by_the_api() {
    let server = Server::start();
    let (host, _, console) = stopped_paper_round_in(&server, "fr");
    let table = 1;
    host_types(&server, &console, &host, (table, 0), ["9", "2", "1", "0"]);

    let html = page(&server, &console, &console_path(&host));
    let message = html
        .split(&format!("id=\"card-{table}-0-mile1-error\">"))
        .nth(1)
        .and_then(|rest| rest.split("</p>").next())
        .expect("a message beside the 1-mile field");
    assert_eq!(
        message,
        "la pile de 1 mille compte au plus 8 cartes dans cette course, pas 9\u{a0}: recomptez-la"
    );
    // The API says a refusal in its reader's language, under the same code.
    let confirm = |accept: &str| {
        let answer: serde_json::Value = server
            .client()
            .post(server.url(&host.path("/rounds/1/tables/1/scores/1/confirm")))
            .bearer_auth(&host.token)
            .header("Accept-Language", accept)
            .json(&json!({}))
            .send()
            .expect("request")
            .json()
            .expect("JSON");
        answer
    };
    let (english, french) = (confirm("en"), confirm("fr-FR,fr;q=0.9"));
    assert_eq!(english["code"], "conflict", "{english}");
    assert_eq!(french["code"], english["code"], "{french}");
    assert_eq!(english["error"], "side 1 has not entered its card yet");
    assert_eq!(french["error"], "le camp 1 n'a pas encore saisi sa feuille");
}
