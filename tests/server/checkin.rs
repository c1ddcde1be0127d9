//! Guests who check themselves in from the wall's QR code (issue 52): before the seating, the
//! join page takes a guest's name (and a partner's) and makes them an entry of the evening,
//! whose browser then holds the new seat. The host allows it (on for a new evening), names are
//! checked as the console checks them, the event's cap bounds it, a browser checks in once and
//! may take it back, and the host sees and removes each check-in. Off, the page says to ask
//! the host.

use crate::common;

use common::api::Host;
use common::forms;
use common::server::Server;
use reqwest::blocking::Client;
use serde_json::{Value, json};

/// The wall's join page as `client` sees it.
fn join_page(server: &Server, client: &Client, host: &Host, key: &str) -> String {
    forms::page(
        server,
        client,
        &format!("/events/{}/join?key={key}", host.event),
    )
}

/// `client` checks in with these names from the join page: answers the status, where it
/// redirects and the page it answered (a refusal's join page).
fn check_in(
    server: &Server,
    client: &Client,
    (host, key): (&Host, &str),
    name: &str,
    partner: &str,
) -> (u16, String, String) {
    let csrf = forms::field(&join_page(server, client, host, key), "csrf");
    let response = client
        .post(server.url(&format!("/events/{}/check-in", host.event)))
        .form(&[
            ("csrf", csrf.as_str()),
            ("key", key),
            ("name", name),
            ("partner", partner),
        ])
        .send()
        .expect("POST the check-in");
    let status = response.status().as_u16();
    let location = forms::location(&response);
    (status, location, response.text().expect("the answer"))
}

/// `client` takes its own check-in back: answers where it was sent.
fn undo(server: &Server, client: &Client, host: &Host, key: &str) -> String {
    let csrf = forms::field(&join_page(server, client, host, key), "csrf");
    forms::post_form(
        server,
        client,
        &format!("/events/{}/check-in/undo", host.event),
        &[("csrf", csrf.as_str()), ("key", key)],
    )
}

/// The event's entries as the API lists them.
fn entries(server: &Server, host: &Host) -> Vec<Value> {
    host.get(server, "/entries")["entries"]
        .as_array()
        .cloned()
        .expect("the entries")
}

/// The names of the event's entries ("Ann", "Ann & Bob"), in the host's order.
fn entry_names(server: &Server, host: &Host) -> Vec<String> {
    entries(server, host)
        .iter()
        .map(|e| {
            e["names"]
                .as_array()
                .expect("names")
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(" & ")
        })
        .collect()
}

/// The host's browser, signed in to the console.
fn console(server: &Server, host: &Host) -> Client {
    let console = forms::client();
    let response = console
        .get(host.console_link(server))
        .send()
        .expect("GET the host link");
    assert_eq!(response.status().as_u16(), 303);
    console
}

#[test]
fn a_guest_checks_in_from_the_walls_code_and_is_led_to_their_seat_at_the_seating() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Soirée", "seed": 3}));
    host.add_players(&server, &["Bob"]);
    let key = forms::join_key(&server, host.event);
    let phone = forms::client();
    let page = join_page(&server, &phone, &host, &key);
    assert!(page.contains("action=\"/events/"), "{page}");
    assert!(
        page.contains("/check-in\""),
        "a new evening lets guests check in: {page}"
    );
    let (status, to, _) = check_in(&server, &phone, (&host, &key), "  Amélie ", "");
    assert_eq!((status, to.as_str()), (303, "/seat"));
    assert_eq!(entry_names(&server, &host), ["Bob", "Amélie"]);
    // Before the seating the phone's seat page waits; once round 1 is seated it shows the
    // table.
    let waiting = forms::page(&server, &phone, "/seat");
    assert!(waiting.contains("Amélie"), "{waiting}");
    host.ok(&server, "/rounds", json!({}));
    let seated = forms::page(&server, &phone, "/seat");
    assert!(
        seated.contains("Table <strong>1</strong>"),
        "the checked-in guest is seated in round 1: {seated}"
    );
    // Once seated, check-in is closed: the next guest is told to pick or ask.
    let late = forms::client();
    let (status, _, page) = check_in(&server, &late, (&host, &key), "Chloé", "");
    assert_eq!(status, 409);
    assert!(page.contains("already seated"), "{page}");
}

#[test]
fn a_checked_in_name_is_checked_as_the_console_checks_it() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Names", "seed": 3}));
    host.add_players(&server, &["Ann"]);
    let key = forms::join_key(&server, host.event);
    let phone = forms::client();
    // Another player's name, case and spaces aside: refused, the typed name kept.
    let (status, _, page) = check_in(&server, &phone, (&host, &key), " ANN ", "");
    assert_eq!(status, 422);
    assert!(page.contains("already a player called"), "{page}");
    assert!(
        page.contains("value=\" ANN \""),
        "the name as typed: {page}"
    );
    assert!(page.contains("role=\"alert\""), "{page}");
    for bad in ["", "   ", "Ann\u{7}", &"x".repeat(300)] {
        let (status, _, page) = check_in(&server, &phone, (&host, &key), bad, "");
        assert_eq!(status, 422, "{bad:?}: {page}");
        assert!(page.contains("id=\"check-in-refused\""), "{bad:?}: {page}");
    }
    // Said in French to a French phone.
    let french = forms::client_speaking("fr-FR");
    let (status, _, page) = check_in(&server, &french, (&host, &key), "ann", "");
    assert_eq!(status, 422);
    assert!(page.contains("est déjà pris dans cette soirée"), "{page}");
    assert_eq!(entry_names(&server, &host), ["Ann"], "nothing was added");
}

#[test]
fn a_browser_checks_in_once_and_may_take_it_back_before_the_seating() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Once", "seed": 3}));
    host.add_players(&server, &["Bob"]);
    let key = forms::join_key(&server, host.event);
    let phone = forms::client();
    let (status, _, _) = check_in(&server, &phone, (&host, &key), "Amélie", "");
    assert_eq!(status, 303);
    // The page now shows the check-in and no form; a second one is refused.
    let page = join_page(&server, &phone, &host, &key);
    assert!(page.contains("<strong>Amélie</strong>"), "{page}");
    assert!(!page.contains("id=\"check-in-name\""), "{page}");
    let (status, _, page) = check_in(&server, &phone, (&host, &key), "Zoé", "");
    assert_eq!(status, 409);
    assert!(page.contains("checks in once"), "{page}");
    assert_eq!(entry_names(&server, &host), ["Bob", "Amélie"]);
    // Taken back by the guest: the entry goes, the phone may check in again.
    let back = undo(&server, &phone, &host, &key);
    assert!(back.contains("/join?key="), "{back}");
    assert_eq!(entry_names(&server, &host), ["Bob"]);
    let (status, _, _) = check_in(&server, &phone, (&host, &key), "Amélie D.", "");
    assert_eq!(status, 303);
    // After the seating it cannot be taken back by the guest (the host decides).
    host.ok(&server, "/rounds", json!({}));
    undo(&server, &phone, &host, &key);
    assert_eq!(entry_names(&server, &host), ["Bob", "Amélie D."]);
    // A stranger's browser has no check-in to take back.
    let stranger = forms::client();
    undo(&server, &stranger, &host, &key);
    assert_eq!(entry_names(&server, &host), ["Bob", "Amélie D."]);
}

#[test]
fn the_host_sees_each_check_in_and_removes_it_before_the_seating() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Marked", "seed": 3}));
    host.add_players(&server, &["Bob"]);
    let key = forms::join_key(&server, host.event);
    let phone = forms::client();
    check_in(&server, &phone, (&host, &key), "Amélie", "");
    let console = console(&server, &host);
    let page = forms::page(&server, &console, &format!("/events/{}/host", host.event));
    assert_eq!(
        page.matches("class=\"tag checked-in\"").count(),
        1,
        "Amélie's entry is marked, Bob's is not: {page}"
    );
    let listed = entries(&server, &host);
    let flags: Vec<bool> = listed
        .iter()
        .map(|e| e["checked_in"].as_bool().expect("checked_in"))
        .collect();
    assert_eq!(flags, [false, true], "the API tells them apart too");
    let amelie = listed[1]["id"].as_i64().expect("Amélie's entry");
    let csrf = forms::field(&page, "csrf");
    forms::post_form(
        &server,
        &console,
        &format!("/events/{}/host/entries/{amelie}/remove", host.event),
        &[("csrf", csrf.as_str())],
    );
    assert_eq!(entry_names(&server, &host), ["Bob"]);
    // The guest's phone holds nothing any more: its page offers the check-in again.
    let page = join_page(&server, &phone, &host, &key);
    assert!(page.contains("id=\"check-in-name\""), "{page}");
}

#[test]
fn with_check_in_off_the_join_page_says_to_ask_the_host_and_refuses_a_check_in() {
    let server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Closed door", "seed": 3, "self_check_in": false}),
    );
    let key = forms::join_key(&server, host.event);
    let phone = forms::client();
    let page = join_page(&server, &phone, &host, &key);
    assert!(page.contains("ask the host to add your name"), "{page}");
    assert!(!page.contains("No free seat here"), "no dead end: {page}");
    let (status, _, _) = check_in(&server, &phone, (&host, &key), "Amélie", "");
    assert_eq!(status, 409);
    assert!(entry_names(&server, &host).is_empty());
    // The host turns it on from the console; then the guest checks in.
    let console = console(&server, &host);
    let page = forms::page(&server, &console, &format!("/events/{}/host", host.event));
    let csrf = forms::field(&page, "csrf");
    forms::post_form(
        &server,
        &console,
        &format!("/events/{}/host/check-in", host.event),
        &[("csrf", csrf.as_str()), ("self_check_in", "on")],
    );
    assert_eq!(
        host.get(&server, "")["event"]["settings"]["self_check_in"],
        json!(true)
    );
    let (status, _, _) = check_in(&server, &phone, (&host, &key), "Amélie", "");
    assert_eq!(status, 303);
}

#[test]
fn check_in_stops_at_the_events_cap_with_words() {
    let server = Server::start_with(&["--max-entries", "2"]);
    let host = Host::create(&server, json!({"name": "Full", "seed": 3}));
    host.add_players(&server, &["Ann", "Bob"]);
    let key = forms::join_key(&server, host.event);
    let phone = forms::client();
    let (status, _, page) = check_in(&server, &phone, (&host, &key), "Chloé", "");
    assert_eq!(status, 409);
    assert!(page.contains("the most it takes: ask the host"), "{page}");
    assert_eq!(entry_names(&server, &host), ["Ann", "Bob"]);
}

#[test]
fn partners_check_in_together_and_both_names_are_needed() {
    let server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Pairs", "seed": 3, "table_size": 4}),
    );
    let key = forms::join_key(&server, host.event);
    let phone = forms::client();
    let page = join_page(&server, &phone, &host, &key);
    assert!(page.contains("id=\"check-in-partner\""), "{page}");
    let (status, _, page) = check_in(&server, &phone, (&host, &key), "Amélie", "");
    assert_eq!(status, 422, "{page}");
    let (status, _, page) = check_in(&server, &phone, (&host, &key), "Amélie", "amélie");
    assert_eq!(status, 422, "two equal names: {page}");
    let (status, _, _) = check_in(&server, &phone, (&host, &key), "Amélie", "Benoît");
    assert_eq!(status, 303);
    assert_eq!(entry_names(&server, &host), ["Amélie & Benoît"]);
    // The partner finds their own seat on the same page, from their phone.
    let partner = forms::client();
    let page = join_page(&server, &partner, &host, &key);
    assert!(page.contains(">Benoît</button>"), "{page}");
}
