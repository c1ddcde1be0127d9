//! Issue 32, items 3 and 4: one stranger's cheap requests to expensive public pages, and a big
//! event's re-seating, must not stall every table. Behaviour only; the figures are measured
//! by `examples/load.rs --flood-…` and `examples/reseat.rs` (docs/benchmarks.md).

use crate::common;

use common::api::Host;
use common::server::{Server, drawings};
use serde_json::json;

fn event_with_players(server: &Server, names: &[&str]) -> Host {
    let host = Host::create(server, json!({"name": "Crowded"}));
    host.add_players(server, names);
    host
}

#[test]
fn projector_gets_of_an_unchanged_event_share_one_drawing() {
    let server = Server::start();
    let host = event_with_players(&server, &["Ann", "Bob", "Cat", "Dan"]);
    host.ok(&server, "/rounds", json!({}));
    for page in ["screen", "standings"] {
        let path = format!("/events/{}/{page}", host.event);
        let before = drawings(&server, page);
        for _ in 0..6 {
            let (status, text) = server.text(&path, None);
            assert_eq!(status, 200, "{text}");
            assert!(text.contains("Ann"), "{page}: {text}");
        }
        assert_eq!(drawings(&server, page) - before, 1, "{page}");
    }
}

#[test]
fn a_change_to_the_event_draws_the_projector_afresh() {
    let server = Server::start();
    let host = event_with_players(&server, &["Ann", "Bob"]);
    let path = format!("/events/{}/screen", host.event);
    let (_, first) = server.text(&path, None);
    assert!(!first.contains("Zoe"));
    let before = drawings(&server, "screen");
    host.add_players(&server, &["Cat", "Zoe"]);
    host.ok(&server, "/rounds", json!({}));
    let (status, second) = server.text(&path, None);
    assert_eq!(status, 200);
    assert!(second.contains("Zoe"), "{second}");
    assert_eq!(drawings(&server, "screen") - before, 1);
    // And the standings page, too.
    let (_, standings) = server.text(&format!("/events/{}/standings", host.event), None);
    assert!(standings.contains("Zoe"), "{standings}");
}

#[test]
fn one_client_past_its_get_limit_is_answered_429_with_words() {
    let server = Server::start_with(&["--page-reads-per-second", "2"]);
    let host = event_with_players(&server, &["Ann", "Bob"]);
    let path = format!("/events/{}/screen", host.event);
    let answers: Vec<reqwest::blocking::Response> = (0..8)
        .map(|_| server.client().get(server.url(&path)).send().expect("GET"))
        .collect();
    let refused = answers
        .into_iter()
        .find(|a| a.status().as_u16() == 429)
        .expect("a 429 past the limit");
    assert!(common::server::retry_after(&refused) >= 1);
    let page = refused.text().expect("page");
    assert!(page.contains("too many pages"), "{page}");
    assert!(page.contains("try again"), "{page}");
    // However its address is spelled, the projector counts against the same limit.
    let encoded = format!("/events/{}/%73creen", host.event);
    let (status, _) = server.text(&encoded, None);
    assert_eq!(status, 429);
    // Another device is not refused.
    let other = reqwest::blocking::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .expect("client");
    let answer = other.get(server.url(&path)).send().expect("GET");
    assert_eq!(answer.status().as_u16(), 200);
}

#[test]
fn reseating_is_rate_limited() {
    let server = Server::start_with(&["--seatings-per-minute", "2"]);
    let host = event_with_players(&server, &["Ann", "Bob", "Cat", "Dan"]);
    assert_eq!(host.post(&server, "/rounds", json!({})).0, 201);
    assert_eq!(host.post(&server, "/rounds", json!({})).0, 201);
    let (status, answer) = host.post(&server, "/rounds", json!({}));
    assert_eq!(status, 429, "{answer}");
    assert_eq!(answer["code"], "too_many");
    let words = answer["error"].as_str().unwrap_or("");
    assert!(words.contains("seated again"), "{words}");
    assert!(words.contains("try again"), "{words}");
    // The limit is the address's, never the event's: a stranger's seatings (refused, as they
    // hold no host token) use up nothing of the host's, who seats again from another device.
    let device = |last: u8| {
        reqwest::blocking::Client::builder()
            .local_address(std::net::IpAddr::from([127, 0, 0, last]))
            .build()
            .expect("client")
    };
    let stranger = device(2);
    for _ in 0..5 {
        let refused = stranger
            .post(server.url(&format!("/api/v1/events/{}/rounds", host.event)))
            .json(&json!({}))
            .send()
            .expect("POST");
        assert!(refused.status().is_client_error(), "{}", refused.status());
    }
    let seated = device(3)
        .post(server.url(&format!("/api/v1/events/{}/rounds", host.event)))
        .bearer_auth(&host.token)
        .json(&json!({}))
        .send()
        .expect("POST");
    assert_eq!(seated.status().as_u16(), 201);
}

#[test]
fn a_seating_worked_out_apart_stores_every_table_and_its_first_deal() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Big"}));
    let names: Vec<String> = (1..=60).map(|n| format!("Player {n}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let tokens = host.add_players(&server, &names);
    host.ok(&server, "/rounds", json!({}));
    let again = host.ok(&server, "/rounds", json!({"paper_tables": [2]}));
    let tables = again["seating"]["tables"].as_array().expect("tables");
    assert_eq!(tables.len(), 30, "{again}");
    let seated: usize = tables
        .iter()
        .map(|t| t["entries"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(seated, 60, "{again}");
    let paper: Vec<&serde_json::Value> = tables.iter().filter(|t| t["mode"] == "paper").collect();
    assert_eq!(paper.len(), 1, "{again}");
    assert_eq!(paper[0]["table"], 2);
    host.ok(&server, "/rounds/1/start", json!({}));
    // Every seat at a digital table has a deal with its own hand; the paper table's two have none.
    let dealt = tokens
        .iter()
        .filter(|token| {
            let seat = common::api::seat(&server, token);
            let at = seat["deal"]["seat"].as_u64();
            at.is_some_and(|at| {
                seat["deal"]["view"]["seats"][at as usize]["hand"]
                    .as_array()
                    .is_some_and(|hand| !hand.is_empty())
            })
        })
        .count();
    assert_eq!(dealt, 58);
}
