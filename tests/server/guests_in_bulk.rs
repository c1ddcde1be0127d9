//! Guests in bulk: the host pastes the evening's list into the console, one entry per line
//! (partnerships as "Ann & Bob"), and every line is added, or none is and each problem is
//! named by its line.

use crate::common;

use common::forms::{client, field, page, post_form};
use common::server::Server;
use reqwest::blocking::Client;

/// Creates an event on the start page with tables of `size`; answers its id (the client is
/// now its host).
fn create(server: &Server, browser: &Client, size: &str) -> i64 {
    let start = page(server, browser, "/");
    let csrf = field(&start, "csrf");
    let to = post_form(
        server,
        browser,
        "/events",
        &[
            ("csrf", &csrf),
            ("name", "Club night"),
            ("table_size", size),
            ("round_kind", "timed"),
            ("round_minutes", "10"),
            ("length_kind", "rounds"),
            ("rounds", "2"),
            ("prizes", "2"),
        ],
    );
    to.trim_start_matches("/events/")
        .trim_end_matches("/host")
        .parse()
        .expect("the console's address")
}

/// Pastes `list` into the console; answers the console page after it.
fn paste(server: &Server, browser: &Client, event: i64, list: &str) -> String {
    let console = format!("/events/{event}/host");
    let csrf = field(&page(server, browser, &console), "csrf");
    let to = post_form(
        server,
        browser,
        &format!("/events/{event}/host/guests"),
        &[("csrf", &csrf), ("guests", list)],
    );
    assert!(to.starts_with(&console), "back to the console: {to}");
    page(server, browser, &console)
}

/// The console's entry count, as its Entries heading shows it.
fn entry_count(console: &str) -> usize {
    console
        .split("Entries <span class=\"muted small\">(")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .and_then(|n| n.parse().ok())
        .expect("the entries heading")
}

#[test]
fn a_pasted_list_adds_one_entry_per_line_and_skips_blank_lines() {
    let server = Server::start();
    let host = client();
    let event = create(&server, &host, "2");
    let console = paste(&server, &host, event, "Ann\n\n  Bob  \r\nCy\nDi\n");
    assert!(console.contains("4 entries added."), "{console}");
    assert_eq!(entry_count(&console), 4);
    for name in ["Ann", "Bob", "Cy", "Di"] {
        assert!(console.contains(name), "{name} is listed");
    }
}

#[test]
fn a_pasted_list_of_partnerships_reads_ann_and_bob_as_one_entry() {
    let server = Server::start();
    let host = client();
    let event = create(&server, &host, "4");
    let console = paste(&server, &host, event, "Ann & Bob\nCy&Di\n");
    assert!(console.contains("2 entries added."), "{console}");
    assert_eq!(entry_count(&console), 2);
    // The partnership's own line in the entries (the form's hint shows the same words).
    assert!(console.contains("<td>Ann &#38; Bob"), "{console}");
}

#[test]
fn a_list_with_a_wrong_line_adds_nobody_and_names_every_problem_by_its_line() {
    let server = Server::start();
    let host = client();
    let event = create(&server, &host, "2");
    paste(&server, &host, event, "Ann\n");
    // Line 2 is a partnership at tables of two, line 3 is Ann again (already in the event),
    // line 4 repeats line 1 of the list.
    let console = paste(&server, &host, event, "Bob\nCy & Di\nann\n bob\n");
    assert_eq!(entry_count(&console), 1, "nobody was added");
    assert!(console.contains("nobody was added"), "{console}");
    assert!(
        console.contains("line 2"),
        "the partnership's line: {console}"
    );
    assert!(
        console.contains("line 4"),
        "the repeated name's line: {console}"
    );
    // Names the event already has are checked once the list itself reads well.
    let console = paste(&server, &host, event, "Bob\nann\n");
    assert_eq!(entry_count(&console), 1, "nobody was added");
    assert!(
        console.contains("line 2: there is already a player called"),
        "{console}"
    );
}

#[test]
fn a_pasted_list_is_refused_without_the_consoles_csrf_token() {
    let server = Server::start();
    let host = client();
    let event = create(&server, &host, "2");
    let response = host
        .post(server.url(&format!("/events/{event}/host/guests")))
        .form(&[("guests", "Ann\nBob")])
        .send()
        .expect("POST");
    assert!(response.status().is_client_error(), "{}", response.status());
    let console = page(&server, &host, &format!("/events/{event}/host"));
    assert_eq!(entry_count(&console), 0);
}

#[test]
fn a_list_of_many_wrong_lines_is_summarised_on_the_console_instead_of_failing() {
    let server = Server::start();
    let host = client();
    let event = create(&server, &host, "2");
    // Partnerships at tables of two: every line is wrong (a list pasted into the wrong event).
    let list: String = (1..=45)
        .map(|n| format!("Guest number {n} & Partner number {n}\n"))
        .collect();
    let console = format!("/events/{event}/host");
    let csrf = field(&page(&server, &host, &console), "csrf");
    let answer = host
        .post(server.url(&format!("/events/{event}/host/guests")))
        .form(&[("csrf", csrf.as_str()), ("guests", list.as_str())])
        .send()
        .expect("POST");
    assert_eq!(
        answer.status().as_u16(),
        303,
        "back to the console with the problems"
    );
    assert!(
        answer.headers().contains_key("content-security-policy"),
        "{:?}",
        answer.headers()
    );
    let html = page(&server, &host, &console);
    assert_eq!(entry_count(&html), 0, "nobody was added");
    assert!(
        html.contains("nobody was added: the list has 45 problems; the first 5: line 1 ("),
        "{html}"
    );
    assert!(
        html.contains("line 5 (") && !html.contains("line 6 ("),
        "{html}"
    );
    assert!(html.contains("and 40 more"), "{html}");
    // A list of a few wrong lines still names every one.
    let console_after = paste(&server, &host, event, "Ann & Bob\nCy\nDi & Ed\n");
    assert!(
        console_after.contains("line 1 (") && console_after.contains("line 3 ("),
        "{console_after}"
    );
}
