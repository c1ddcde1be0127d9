//! Issue 49, costly pages: a stranger may make a series or an evening, be its host, and ask for
//! its biggest pages again and again. Every such page counts against the costly-page limit,
//! comes in pages of a bounded size, is drawn off the async threads and kept while nothing it
//! shows changed; the party's moves are answered meanwhile. Behaviour only: the figures
//! (slowest move, server memory) come from `examples/load.rs --costly-…`
//! (docs/benchmarks.md).

use crate::common;

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::api::{Dice, Host, seat, send_move};
use common::server::{Server, drawings};
use reqwest::blocking::Client;
use serde_json::json;

/// Cards or tents on one page of a printout in pages.
const PER_PAGE: usize = 50;

/// A browser of its own, from `local` (a loopback address the server counts as a device of
/// its own), with a cookie jar.
fn browser_from(local: IpAddr) -> Client {
    Client::builder()
        .local_address(local)
        .cookie_store(true)
        .timeout(Duration::from_secs(120))
        .build()
        .expect("client")
}

/// A stranger's series with one evening of `members` people: answers the series' id and its
/// host link.
fn series_of(server: &Server, members: usize) -> (i64, String, Host) {
    let (status, made) = server.post("/api/v1/series", None, &json!({"name": "Big club"}));
    assert_eq!(status, 201, "{made}");
    let id = made["series"]["id"].as_i64().expect("series id");
    let token = made["host_token"].as_str().expect("token");
    let (status, evening) = server.post(
        "/api/v1/events",
        Some(token),
        &json!({"name": "Week 1", "series": id}),
    );
    assert_eq!(status, 201, "{evening}");
    let host = Host {
        event: evening["event"]["id"].as_i64().expect("event id"),
        token: evening["host_token"]
            .as_str()
            .expect("host token")
            .to_owned(),
    };
    let names: Vec<String> = (1..=members).map(|n| format!("Member {n:04}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    host.add_players(server, &names);
    let link = made["host_link"].as_str().expect("host link").to_owned();
    (id, link, host)
}

/// GETs a page with a browser: its status and text.
fn get(server: &Server, browser: &Client, path: &str) -> (u16, String) {
    let answer = browser.get(server.url(path)).send().expect("GET");
    let status = answer.status().as_u16();
    (status, answer.text().expect("text"))
}

/// The member pages' addresses a page of cards links to.
fn member_links(page: &str) -> Vec<&str> {
    page.split("/member/")
        .skip(1)
        .filter_map(|rest| rest.get(..32))
        .collect()
}

#[test]
fn the_member_cards_are_a_costly_read_refused_past_the_limit() {
    let server = Server::start_with(&["--page-reads-per-second", "3"]);
    let (id, link, _) = series_of(&server, 4);
    let browser = browser_from(IpAddr::from([127, 0, 0, 41]));
    get(&server, &browser, &link);
    let path = format!("/series/{id}/host/cards");
    let refused = (0..10)
        .map(|_| browser.get(server.url(&path)).send().expect("GET"))
        .find(|answer| answer.status().as_u16() == 429)
        .expect("a 429 past the limit");
    assert!(common::server::retry_after(&refused) >= 1);
    let page = refused.text().expect("page");
    assert!(page.contains("too many pages"), "{page}");
    // However its address is spelled.
    let (status, _) = get(&server, &browser, &format!("/series/{id}/host/%63ards"));
    assert_eq!(status, 429);
    // Another device is not refused (a stranger's loop uses up its own budget only).
    let other = browser_from(IpAddr::from([127, 0, 0, 42]));
    get(&server, &other, &link);
    let (status, cards) = get(&server, &other, &path);
    assert_eq!(status, 200, "{cards}");
    assert_eq!(member_links(&cards).len(), 4, "{cards}");
}

#[test]
fn a_big_series_member_cards_come_in_pages_of_at_most_fifty() {
    let server = Server::start_with(&["--writes-per-second", "0", "--entries-per-minute", "0"]);
    let (id, link, _) = series_of(&server, 3000);
    let browser = browser_from(IpAddr::from([127, 0, 0, 43]));
    get(&server, &browser, &link);
    let path = format!("/series/{id}/host/cards");
    let (status, first) = get(&server, &browser, &path);
    assert_eq!(status, 200);
    assert_eq!(member_links(&first).len(), PER_PAGE, "page 1");
    assert_eq!(first.matches("<svg").count(), PER_PAGE, "a QR code each");
    assert!(first.len() < 1_500_000, "{} bytes", first.len());
    assert!(first.contains("Page 1 of 60"), "the page in the heading");
    assert!(first.contains("Member 0001") && !first.contains("Member 0051"));
    assert!(first.contains(&format!("href=\"/series/{id}/host/cards?page=2\"")));
    let (status, second) = get(&server, &browser, &format!("{path}?page=2"));
    assert_eq!(status, 200);
    assert!(second.contains("Member 0051") && !second.contains("Member 0050<"));
    let (status, last) = get(&server, &browser, &format!("{path}?page=60"));
    assert_eq!(status, 200);
    assert_eq!(member_links(&last).len(), PER_PAGE);
    assert!(last.contains("Member 3000"));
    assert!(!last.contains("?page=61"), "no page after the last");
    // Each card once: no member on two pages.
    let mut seen: Vec<&str> = [&first, &second, &last]
        .iter()
        .flat_map(|page| member_links(page))
        .collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 3 * PER_PAGE);
    // A page past the last says which pages there are.
    let (status, past) = get(&server, &browser, &format!("{path}?page=61"));
    assert_eq!(status, 404, "{past}");
    assert!(past.contains("no page 61"), "{past}");
    assert!(past.contains("from 1 to 60"), "{past}");
}

#[test]
fn a_page_of_member_cards_is_drawn_once_while_nothing_changed() {
    let server = Server::start();
    let (id, link, host) = series_of(&server, 3);
    let browser = browser_from(IpAddr::from([127, 0, 0, 44]));
    get(&server, &browser, &link);
    let path = format!("/series/{id}/host/cards");
    let before = drawings(&server, "members");
    for _ in 0..3 {
        let (status, cards) = get(&server, &browser, &path);
        assert_eq!(status, 200);
        assert_eq!(member_links(&cards).len(), 3, "{cards}");
    }
    assert_eq!(drawings(&server, "members") - before, 1);
    // A new member is on the page at once: it is drawn again.
    host.add_players(&server, &["Newcomer"]);
    let (_, cards) = get(&server, &browser, &path);
    assert!(cards.contains("Newcomer"), "{cards}");
    assert_eq!(member_links(&cards).len(), 4);
    assert_eq!(drawings(&server, "members") - before, 2);
}

#[test]
fn a_big_rounds_table_tents_come_in_pages_of_at_most_fifty() {
    let server = Server::start_with(&["--writes-per-second", "0", "--entries-per-minute", "0"]);
    let host = Host::create(&server, json!({"name": "Tented"}));
    let names: Vec<String> = (1..=120).map(|n| format!("Guest {n}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    host.add_players(&server, &names);
    host.ok(&server, "/rounds", json!({}));
    let browser = browser_from(IpAddr::from([127, 0, 0, 45]));
    get(
        &server,
        &browser,
        &format!("/events/{}/host?token={}", host.event, host.token),
    );
    let path = format!("/events/{}/print/tents", host.event);
    let table_links = |page: &str| page.matches("<div class=\"tent\">").count();
    let (status, first) = get(&server, &browser, &path);
    assert_eq!(status, 200, "{first}");
    assert_eq!(table_links(&first), PER_PAGE);
    assert_eq!(first.matches("<svg").count(), PER_PAGE);
    assert!(first.contains("Page 1 of 2"), "the page in the heading");
    let (status, second) = get(&server, &browser, &format!("{path}?page=2"));
    assert_eq!(status, 200);
    assert_eq!(table_links(&second), 60 - PER_PAGE);
    assert!(second.contains("Table 60") && !second.contains("Table 50<"));
    // Letter paper stays letter on the next page.
    let (_, letter) = get(&server, &browser, &format!("{path}?paper=letter"));
    assert!(
        letter.contains("print/tents?paper=letter&#38;page=2"),
        "{letter}"
    );
    // Drawn once while the round stays as it is.
    let before = drawings(&server, "tents");
    get(&server, &browser, &path);
    get(&server, &browser, &path);
    assert_eq!(drawings(&server, "tents"), before);
}

#[test]
fn a_move_is_answered_while_four_clients_loop_on_costly_pages() {
    let server = Server::start_with(&["--writes-per-second", "0", "--entries-per-minute", "0"]);
    // The stranger's own series of 3,000 members (its cards in 60 pages) and the party's
    // table. On a server that drew the cards on its async threads, whole, the party's moves
    // waited for them until the server gave up reading them (408).
    let (id, link, _) = series_of(&server, 3000);
    let party = Host::create(
        &server,
        json!({"name": "Party", "seed": 5, "round": {"kind": "timed", "seconds": 3600}}),
    );
    let players = party.add_players(&server, &["Ann", "Bob"]);
    party.ok(&server, "/rounds", json!({}));
    party.ok(&server, "/rounds/1/start", json!({}));
    let looping = AtomicBool::new(true);
    let answered = AtomicUsize::new(0);
    let (moves, slowest, pages) = std::thread::scope(|scope| {
        let loops: Vec<_> = (0..4u8)
            .map(|i| {
                let (server, looping, link, all) = (&server, &looping, &link, &answered);
                scope.spawn(move || {
                    let browser = browser_from(IpAddr::from([127, 0, 0, 50 + i]));
                    get(server, &browser, link);
                    let mut answered = 0;
                    let until = Instant::now() + Duration::from_secs(120);
                    while looping.load(Ordering::SeqCst) && Instant::now() < until {
                        let page = 1 + (answered + 15 * usize::from(i)) % 60;
                        let (status, html) = get(
                            server,
                            &browser,
                            &format!("/series/{id}/host/cards?page={page}"),
                        );
                        assert!(status == 200 || status == 429, "{status}: {html}");
                        answered += 1;
                        all.fetch_add(1, Ordering::SeqCst);
                    }
                    answered
                })
            })
            .collect();
        // The party plays while the loops run (until they have had a dozen pages): every move
        // is answered.
        let mut dice = Dice::new(7);
        let (mut moves, mut slowest) = (0, Duration::ZERO);
        let until = Instant::now() + Duration::from_secs(120);
        while (moves < 20 || answered.load(Ordering::SeqCst) < 12) && Instant::now() < until {
            for token in &players {
                let state = seat(&server, token);
                if let Some(action) = dice.pick(&state) {
                    let sent = Instant::now();
                    let (status, answer) =
                        send_move(&server, token, &state["deal"]["actions"], &action);
                    slowest = slowest.max(sent.elapsed());
                    assert_eq!(status, 200, "{answer}");
                    moves += 1;
                }
            }
        }
        looping.store(false, Ordering::SeqCst);
        let pages: usize = loops.into_iter().map(|l| l.join().expect("a loop")).sum();
        (moves, slowest, pages)
    });
    assert!(moves >= 20, "{moves} moves");
    assert!(pages >= 12, "{pages} pages");
    eprintln!("{moves} moves while the loops asked {pages} pages; the slowest took {slowest:?}");
}
