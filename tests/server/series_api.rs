//! Series through the JSON API of a real server: a season of evenings made with the series'
//! token, its standings by each way of counting, people matched by name, linked and split,
//! partnerships counting for each partner, and the refusals (a series token on another
//! series, an evening moved between series, a person linked to themselves, a best N above
//! the evenings held), each a clear error that changes nothing.

use crate::common;

use std::collections::BTreeMap;

use common::api::Host;
use common::server::Server;
use reqwest::Method;
use serde_json::{Value, json};

struct Series {
    id: i64,
    token: String,
}

fn create_series(server: &Server, body: Value) -> Series {
    let (status, answer) = server.post("/api/v1/series", None, &body);
    assert_eq!(status, 201, "{answer}");
    Series {
        id: answer["series"]["id"].as_i64().expect("series id"),
        token: answer["host_token"].as_str().expect("token").to_owned(),
    }
}

/// Makes an evening in the series with the series' token.
fn evening(server: &Server, series: &Series, name: &str, extra: Value) -> Host {
    let mut body = json!({"name": name, "seed": 3, "length": {"kind": "rounds", "rounds": 1}, "series": series.id});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    let (status, answer) = server.post("/api/v1/events", Some(&series.token), &body);
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["event"]["series"], series.id);
    Host {
        event: answer["event"]["id"].as_i64().expect("event id"),
        token: answer["host_token"].as_str().expect("token").to_owned(),
    }
}

/// Plays a one-round evening of six single players with these names, to its close.
fn play(server: &Server, series: &Series, name: &str, players: &[&str]) -> Host {
    let host = evening(server, series, name, json!({}));
    host.add_players(server, players);
    host.play_paper_rounds(server, 1);
    host.close_evening(server);
    host
}

/// Each person's miles that evening, by the name as typed, from the evening's own standings.
fn miles_by_name(server: &Server, host: &Host) -> BTreeMap<String, u64> {
    let (status, standings) = server.get(&host.path("/standings"), None);
    assert_eq!(status, 200, "{standings}");
    let mut out = BTreeMap::new();
    for row in standings["standings"].as_array().expect("rows") {
        for name in row["names"].as_array().expect("names") {
            out.insert(
                name.as_str().expect("name").to_owned(),
                row["miles"].as_u64().expect("miles"),
            );
        }
    }
    out
}

fn standings(server: &Server, series: &Series) -> Value {
    let (status, answer) = server.get(&format!("/api/v1/series/{}/standings", series.id), None);
    assert_eq!(status, 200, "{answer}");
    answer
}

fn line<'a>(standings: &'a Value, name: &str) -> &'a Value {
    standings["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .find(|l| l["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {standings}"))
}

fn change(server: &Server, series: &Series, body: Value) -> (u16, Value) {
    server.send(
        Method::PATCH,
        &format!("/api/v1/series/{}", series.id),
        Some(&series.token),
        &body,
    )
}

fn people_call(server: &Server, series: &Series, what: &str, body: Value) -> (u16, Value) {
    server.post(
        &format!("/api/v1/series/{}/people/{what}", series.id),
        Some(&series.token),
        &body,
    )
}

const SIX: [&str; 6] = ["Ann Club", "Bob", "Cy", "Di", "Ed", "Flo"];

/// A season of three evenings; the second spells Ann "ann  club".
fn season(server: &Server, count: Value) -> (Series, Vec<BTreeMap<String, u64>>) {
    let series = create_series(server, count);
    let mut miles = Vec::new();
    for (n, names) in [
        SIX,
        ["ann  club", "Bob", "Cy", "Di", "Ed", "Flo"],
        ["Ann Club", "Bob", "Cy", "Di", "Ed", "Gus"],
    ]
    .iter()
    .enumerate()
    {
        let host = play(server, &series, &format!("Week {}", n + 1), names);
        let mut by_name = miles_by_name(server, &host);
        // The season knows "ann  club" as Ann Club.
        if let Some(m) = by_name.remove("ann  club") {
            by_name.insert("Ann Club".into(), m);
        }
        miles.push(by_name);
    }
    (series, miles)
}

fn scores_of(miles: &[BTreeMap<String, u64>], name: &str) -> Vec<u64> {
    miles.iter().filter_map(|m| m.get(name).copied()).collect()
}

#[test]
fn series_counts_the_total_of_all_evenings_and_names_match_case_and_spaces_aside() {
    let server = Server::start();
    let (series, miles) = season(&server, json!({"name": "Winter league"}));
    let table = standings(&server, &series);
    assert_eq!(table["series"]["count"], "total");
    assert_eq!(table["evenings"].as_array().expect("evenings").len(), 3);
    let ann = line(&table, "Ann Club");
    assert_eq!(ann["evenings"], 3, "\"ann  club\" is Ann Club: {table}");
    let expected: u64 = scores_of(&miles, "Ann Club").iter().sum();
    assert_eq!(ann["total"], expected);
    assert_eq!(ann["counted"].as_f64(), Some(expected as f64));
    assert_eq!(line(&table, "Gus")["evenings"], 1);
    assert_eq!(line(&table, "Flo")["evenings"], 2);
    assert_eq!(table["standings"].as_array().map(Vec::len), Some(7));
    // Places follow the counted scores, with ties shared.
    let rows = table["standings"].as_array().expect("rows");
    for pair in rows.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        assert!(a["counted"].as_f64() >= b["counted"].as_f64(), "{table}");
        if a["counted"] == b["counted"] {
            assert_eq!(a["place"], b["place"], "a tie shares the place");
        } else {
            assert!(a["place"].as_u64() < b["place"].as_u64());
        }
    }
}

#[test]
fn series_counts_the_best_n_evenings() {
    let server = Server::start();
    let (series, miles) = season(&server, json!({"name": "Best two", "count_best": 2}));
    let table = standings(&server, &series);
    assert_eq!(table["series"]["count"], "best");
    assert_eq!(table["series"]["count_best"], 2);
    for name in ["Ann Club", "Bob", "Flo"] {
        let mut scores = scores_of(&miles, name);
        scores.sort_unstable_by(|a, b| b.cmp(a));
        let best: u64 = scores.iter().take(2).sum();
        assert_eq!(line(&table, name)["counted"].as_f64(), Some(best as f64));
        assert_eq!(
            line(&table, name)["total"],
            scores.iter().sum::<u64>(),
            "the total still adds every evening"
        );
    }
}

#[test]
fn series_counts_the_average_per_evening_attended() {
    let server = Server::start();
    let (series, miles) = season(&server, json!({"name": "Average", "count": "average"}));
    let table = standings(&server, &series);
    for name in ["Ann Club", "Flo", "Gus"] {
        let scores = scores_of(&miles, name);
        let average = scores.iter().sum::<u64>() as f64 / scores.len() as f64;
        let counted = line(&table, name)["counted"].as_f64().expect("counted");
        assert!(
            (counted - average).abs() < 0.006,
            "{name}: {counted} {average}"
        );
    }
}

#[test]
fn a_best_n_larger_than_the_evenings_held_is_refused_and_nothing_changes() {
    let server = Server::start();
    let series = create_series(&server, json!({"name": "Autumn"}));
    play(&server, &series, "Week 1", &SIX);
    let (status, answer) = change(&server, &series, json!({"count_best": 4}));
    assert_eq!(status, 422, "{answer}");
    let error = answer["error"].as_str().expect("error");
    assert!(
        error.contains("held 1 evening,") && error.contains("best 4"),
        "{error}"
    );
    assert_eq!(standings(&server, &series)["series"]["count"], "total");
    let (status, answer) = change(&server, &series, json!({"count_best": 1}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["series"]["count"], "best");
}

#[test]
fn a_series_token_used_on_another_series_is_refused_and_nothing_is_made() {
    let server = Server::start();
    let ours = create_series(&server, json!({"name": "Ours"}));
    let theirs = create_series(&server, json!({"name": "Theirs"}));
    let body = json!({"name": "Sneaky", "series": ours.id});
    for token in [Some(theirs.token.as_str()), None, Some("not-a-token")] {
        let (status, answer) = server.post("/api/v1/events", token, &body);
        assert_eq!(status, 403, "{answer}");
        assert!(
            answer["error"]
                .as_str()
                .is_some_and(|e| e.contains("host token of this series")),
            "{answer}"
        );
    }
    // An evening's own host token does not open the series either.
    let evening = evening(&server, &ours, "Real", json!({}));
    let (status, _) = server.post("/api/v1/events", Some(&evening.token), &body);
    assert_eq!(status, 403);
    let (status, _) = change(
        &server,
        &Series {
            id: ours.id,
            token: theirs.token.clone(),
        },
        json!({"name": "Taken"}),
    );
    assert_eq!(status, 403);
    let table = standings(&server, &ours);
    assert_eq!(table["evenings"].as_array().map(Vec::len), Some(1));
    assert_eq!(table["series"]["name"], "Ours");
}

#[test]
fn an_evening_changes_series_through_the_api_only_with_both_hosts_tokens_and_not_once_closed() {
    let server = Server::start();
    let first = create_series(&server, json!({"name": "First"}));
    let second = create_series(&server, json!({"name": "Second"}));
    let host = evening(&server, &first, "Week 1", json!({}));
    let at = |series: &Series| format!("/api/v1/series/{}/evenings/{}", series.id, host.event);
    let count = |series: &Series| {
        standings(&server, series)["evenings"]
            .as_array()
            .map_or(0, Vec::len)
    };
    let nothing = json!({});
    // In one series, another cannot take it, even with both tokens.
    let (status, answer) = server.send(
        Method::PUT,
        &at(&second),
        Some(&second.token),
        &json!({"host_token": host.token}),
    );
    assert_eq!(status, 409, "{answer}");
    // Another series' token takes nothing out.
    let (status, answer) = server.send(Method::DELETE, &at(&first), Some(&second.token), &nothing);
    assert_eq!(status, 403, "{answer}");
    assert_eq!(count(&first), 1);
    let (status, answer) = server.send(Method::DELETE, &at(&first), Some(&first.token), &nothing);
    assert_eq!(status, 200, "{answer}");
    assert_eq!((count(&first), count(&second)), (0, 0));
    let (status, answer) = server.send(Method::DELETE, &at(&first), Some(&first.token), &nothing);
    assert_eq!(status, 404, "{answer}");
    // The series' token alone, or with a wrong evening token, takes nothing in.
    for body in [
        json!({"host_token": first.token}),
        json!({"host_token": "x"}),
    ] {
        let (status, answer) = server.send(Method::PUT, &at(&second), Some(&second.token), &body);
        assert_eq!(status, 403, "{answer}");
    }
    let (status, answer) = server.send(
        Method::PUT,
        &at(&second),
        Some(&host.token),
        &json!({"host_token": host.token}),
    );
    assert_eq!(status, 403, "{answer}");
    assert_eq!(count(&second), 0);
    let (status, answer) = server.send(
        Method::PUT,
        &at(&second),
        Some(&second.token),
        &json!({"host_token": host.token}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(count(&second), 1);
    // Closed, it stays.
    host.add_players(&server, &["A", "B", "C", "D", "E", "F"]);
    host.play_paper_rounds(&server, 1);
    host.close_evening(&server);
    let (status, answer) = server.send(Method::DELETE, &at(&second), Some(&second.token), &nothing);
    assert_eq!(status, 409, "{answer}");
    assert_eq!(count(&second), 1);
}

#[test]
fn an_evening_is_not_moved_between_series() {
    let server = Server::start();
    let first = create_series(&server, json!({"name": "First"}));
    let second = create_series(&server, json!({"name": "Second"}));
    let host = evening(&server, &first, "Week 1", json!({}));
    let (status, answer) = server.send(
        Method::PATCH,
        &host.path(""),
        Some(&host.token),
        &json!({"name": "Week 1", "series": second.id}),
    );
    assert_eq!(status, 409, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains("not by a change of its settings"))
    );
    assert_eq!(
        standings(&server, &second)["evenings"]
            .as_array()
            .map(Vec::len),
        Some(0)
    );
    assert_eq!(
        standings(&server, &first)["evenings"][0]["event"],
        host.event
    );
}

#[test]
fn linked_names_count_as_one_person_and_split_apart_again() {
    let server = Server::start();
    let series = create_series(&server, json!({"name": "Links"}));
    let one = play(&server, &series, "Week 1", &SIX);
    let two = play(
        &server,
        &series,
        "Week 2",
        &["Annie", "Bob", "Cy", "Di", "Ed", "Flo"],
    );
    let expected = miles_by_name(&server, &one)["Ann Club"] + miles_by_name(&server, &two)["Annie"];

    let (status, answer) = people_call(
        &server,
        &series,
        "link",
        json!({"name": "Annie", "with": "ann club"}),
    );
    assert_eq!(status, 200, "{answer}");
    let table = standings(&server, &series);
    let ann = line(&table, "ann club");
    assert_eq!(
        (ann["evenings"].as_u64(), ann["total"].as_u64()),
        (Some(2), Some(expected))
    );
    assert!(
        table["standings"]
            .as_array()
            .expect("rows")
            .iter()
            .all(|l| l["name"] != "Annie")
    );
    let (_, people) = server.get(
        &format!("/api/v1/series/{}/people", series.id),
        Some(&series.token),
    );
    assert!(
        people["people"]
            .as_array()
            .expect("people")
            .iter()
            .any(|p| p["also"] == json!(["Annie"])),
        "{people}"
    );

    let (status, answer) = people_call(&server, &series, "split", json!({"name": "Annie"}));
    assert_eq!(status, 200, "{answer}");
    let table = standings(&server, &series);
    assert_eq!(line(&table, "Annie")["evenings"], 1);
    assert_eq!(line(&table, "ann club")["evenings"], 1);
}

#[test]
fn a_person_linked_to_themselves_is_refused_and_nothing_changes() {
    let server = Server::start();
    let series = create_series(&server, json!({"name": "Self"}));
    play(&server, &series, "Week 1", &SIX);
    let before = standings(&server, &series);
    let (status, answer) = people_call(
        &server,
        &series,
        "link",
        json!({"name": "Bob", "with": " BOB "}),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains("themselves")),
        "{answer}"
    );
    let (status, answer) = people_call(&server, &series, "split", json!({"name": "Bob"}));
    assert_eq!(status, 422, "nothing to split: {answer}");
    // Another series' token tells who is who nowhere.
    let other = create_series(&server, json!({"name": "Other"}));
    let (status, _) = server.post(
        &format!("/api/v1/series/{}/people/link", series.id),
        Some(&other.token),
        &json!({"name": "Bob", "with": "Cy"}),
    );
    assert_eq!(status, 403);
    assert_eq!(
        standings(&server, &series)["standings"],
        before["standings"]
    );
}

#[test]
fn one_name_that_is_two_people_is_split_by_the_seat() {
    let server = Server::start();
    let series = create_series(&server, json!({"name": "Two Johns"}));
    play(
        &server,
        &series,
        "Week 1",
        &["John", "Bob", "Cy", "Di", "Ed", "Flo"],
    );
    let two = play(
        &server,
        &series,
        "Week 2",
        &["John", "Bob", "Cy", "Di", "Ed", "Flo"],
    );
    let entries = two.get(&server, "/entries");
    let player = entries["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["names"] == json!(["John"]))
        .and_then(|e| e["players"][0].as_i64())
        .unwrap_or_else(|| panic!("John's player id in {entries}"));
    let (status, answer) = people_call(
        &server,
        &series,
        "split",
        json!({"name": "John Smith", "player": player}),
    );
    assert_eq!(status, 200, "{answer}");
    let table = standings(&server, &series);
    assert_eq!(line(&table, "John")["evenings"], 1);
    assert_eq!(line(&table, "John Smith")["evenings"], 1);
    assert_eq!(line(&table, "John Smith")["scores"][0], Value::Null);
    // A seat of another evening is refused.
    let (status, _) = people_call(
        &server,
        &series,
        "split",
        json!({"name": "X", "player": 999_999}),
    );
    assert_eq!(status, 404);
}

#[test]
fn partnerships_count_for_each_partner() {
    let server = Server::start();
    let series = create_series(&server, json!({"name": "Pairs"}));
    let host = evening(&server, &series, "Week 1", json!({"table_size": 4}));
    host.add_pairs(
        &server,
        &[
            ["Ann", "Bob"],
            ["Cy", "Di"],
            ["Ed", "Flo"],
            ["Gus", "Hal"],
            ["Ivy", "Jo"],
            ["Kit", "Lu"],
        ],
    );
    host.play_paper_rounds(&server, 1);
    let miles = miles_by_name(&server, &host);
    let table = standings(&server, &series);
    assert_eq!(table["standings"].as_array().map(Vec::len), Some(12));
    for name in ["Ann", "Bob"] {
        assert_eq!(line(&table, name)["total"], miles[name]);
    }
    assert_eq!(line(&table, "Ann")["place"], line(&table, "Bob")["place"]);
}

#[test]
fn the_openapi_document_lists_the_series_routes() {
    let server = Server::start();
    let (status, doc) = server.get("/api/openapi.json", None);
    assert_eq!(status, 200);
    for path in [
        "/api/v1/series",
        "/api/v1/series/{series}",
        "/api/v1/series/{series}/host-token",
        "/api/v1/series/{series}/standings",
        "/api/v1/series/{series}/people",
        "/api/v1/series/{series}/people/link",
        "/api/v1/series/{series}/people/split",
        "/api/v1/series/{series}/export.csv",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} in the document");
    }
    assert!(doc["components"]["schemas"]["EventInput"]["properties"]["series"].is_object());
}

#[test]
fn the_series_page_shows_the_standings_the_evenings_and_a_qr_code_to_itself() {
    let server = Server::start();
    let series = create_series(&server, json!({"name": "Spring <league>", "count_best": 1}));
    play(&server, &series, "Week 1", &SIX);
    let (status, html) = server.text(&format!("/series/{}", series.id), None);
    assert_eq!(status, 200, "{html}");
    assert!(
        html.contains("Spring") && !html.contains("<league>"),
        "the name, escaped"
    );
    assert!(html.contains("best 1 evening count"), "how it counts");
    for name in SIX {
        assert!(html.contains(name), "{name} on the page");
    }
    assert!(
        html.contains("Week 1") && html.contains("(final)"),
        "the evening listed"
    );
    assert!(html.contains("<svg"), "a QR code");
    assert!(html.contains(&format!("/series/{}", series.id)));
    let (status, _) = server.text("/series/999999", None);
    assert_eq!(status, 404);
}

#[test]
fn a_returning_guest_is_added_with_one_tap_from_the_series_people() {
    let server = Server::start();
    let series = create_series(&server, json!({"name": "Regulars"}));
    play(&server, &series, "Week 1", &SIX);
    let (status, _) = people_call(
        &server,
        &series,
        "link",
        json!({"name": "Flo", "with": "Florence"}),
    );
    assert_eq!(status, 200);
    let tonight = evening(&server, &series, "Week 2", json!({}));
    tonight.add_players(&server, &["bob"]);
    let browser = common::forms::client();
    browser
        .get(server.url(&format!(
            "/events/{}/host?token={}",
            tonight.event, tonight.token
        )))
        .send()
        .expect("open the host link");
    let console = common::forms::page(
        &server,
        &browser,
        &format!("/events/{}/host", tonight.event),
    );
    for name in ["Ann Club", "Cy", "Florence"] {
        assert!(
            console.contains(&format!("Add {name}</button>")),
            "{name} offered: {console}"
        );
    }
    assert!(
        !console.contains("Add Bob</button>"),
        "Bob is in already (as \"bob\")"
    );
    assert!(!console.contains("Add Flo</button>"), "Flo is Florence now");
    let csrf = common::forms::field(&console, "csrf");
    common::forms::post_form(
        &server,
        &browser,
        &format!("/events/{}/host/entries", tonight.event),
        &[("csrf", csrf.as_str()), ("name", "Ann Club")],
    );
    let entries = tonight.get(&server, "/entries");
    assert!(
        entries["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .any(|e| e["names"] == json!(["Ann Club"])),
        "{entries}"
    );
    let console = common::forms::page(
        &server,
        &browser,
        &format!("/events/{}/host", tonight.event),
    );
    assert!(
        !console.contains("Add Ann Club</button>"),
        "no longer offered once in"
    );
    // An evening in no series offers nobody.
    let alone = Host::create(&server, json!({"name": "Alone"}));
    browser
        .get(server.url(&format!(
            "/events/{}/host?token={}",
            alone.event, alone.token
        )))
        .send()
        .expect("open the host link");
    let console = common::forms::page(&server, &browser, &format!("/events/{}/host", alone.event));
    assert!(!console.contains("Returning guests"));
}

#[test]
fn the_seasons_standings_export_as_csv_with_uncounted_evenings_in_brackets() {
    let server = Server::start();
    let (series, miles) = season(&server, json!({"name": "=Export", "count_best": 2}));
    let (status, csv) = server.text(&format!("/api/v1/series/{}/export.csv", series.id), None);
    assert_eq!(status, 200, "{csv}");
    let mut lines = csv.trim_start_matches('\u{feff}').lines();
    assert_eq!(
        lines.next(),
        Some("place,name,evenings,Week 1,Week 2,Week 3,total,counted")
    );
    let ann = csv
        .lines()
        .find(|l| l.contains(",Ann Club,"))
        .unwrap_or_else(|| panic!("Ann in {csv}"));
    let scores = scores_of(&miles, "Ann Club");
    let total: u64 = scores.iter().sum();
    assert!(ann.contains(",3,"), "three evenings: {ann}");
    assert!(
        ann.ends_with(&format!(",{total},{}", {
            let mut s = scores.clone();
            s.sort_unstable_by(|a, b| b.cmp(a));
            s[0] + s[1]
        })),
        "{ann}"
    );
    assert_eq!(
        ann.matches('(').count(),
        1,
        "one evening not counted: {ann}"
    );
    assert_eq!(csv.lines().count(), 8, "a header and seven people");
}

#[test]
fn a_french_readers_season_csv_opens_right_in_a_french_spreadsheet() {
    let server = Server::start();
    let (series, _) = season(&server, json!({"name": "Saison", "count_best": 2}));
    let bytes = reqwest::blocking::Client::new()
        .get(server.url(&format!("/api/v1/series/{}/export.csv", series.id)))
        .header("Accept-Language", "fr-FR,fr;q=0.9")
        .send()
        .and_then(|r| r.bytes())
        .expect("the season's CSV");
    let text = String::from_utf8_lossy(&bytes);
    let body = text
        .strip_prefix('\u{feff}')
        .unwrap_or_else(|| panic!("a UTF-8 byte-order mark first: {text}"));
    assert_eq!(
        body.lines().next(),
        Some("place;nom;soirées;Week 1;Week 2;Week 3;total;retenu"),
        "French headings, split on semicolons: {text}"
    );
    assert_eq!(body.lines().count(), 8, "a header and seven people: {text}");
}

// ---------------------------------------------------------------- club prizes

const EVERY_PRIZE: [&str; 5] = [
    "booby",
    "most_rounds_won",
    "best_round",
    "most_tables",
    "perfect_attendance",
];

/// One person's figures in one evening, read from the evening's own export.
#[derive(Debug, Default, Clone)]
struct Figures {
    total: u64,
    best_round: u64,
    rounds_won: u64,
    tables: u64,
}

fn figures(server: &Server, host: &Host) -> BTreeMap<String, Figures> {
    let (status, report) = server.get(&host.path("/export.json"), Some(&host.token));
    assert_eq!(status, 200, "{report}");
    let mut out: BTreeMap<String, Figures> = BTreeMap::new();
    for row in report["standings"].as_array().expect("standings") {
        for name in row["names"].as_array().expect("names") {
            let f = out
                .entry(name.as_str().expect("name").to_owned())
                .or_default();
            f.total = row["miles"].as_u64().expect("miles");
            f.rounds_won = row["rounds_won"].as_u64().expect("won");
            f.best_round = row["rounds"]
                .as_array()
                .expect("rounds")
                .iter()
                .filter_map(Value::as_u64)
                .max()
                .unwrap_or(0);
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for round in report["rounds"].as_array().expect("rounds") {
        for table in round["tables"].as_array().expect("tables") {
            for entry in table["entries"].as_array().expect("entries") {
                for name in entry["names"].as_array().expect("names") {
                    let key = name.as_str().expect("name");
                    seen.insert((key.to_owned(), table["table"].as_u64().expect("number")));
                }
            }
        }
    }
    for (name, _) in seen {
        if let Some(f) = out.get_mut(&name) {
            f.tables += 1;
        }
    }
    out
}

/// Who should take a prize for the most (or, `lowest`, the least) of a figure: everyone
/// equal on it; nobody for the most of nothing, nor the lowest when all are equal.
fn expected_winners(figures: &BTreeMap<String, u64>, lowest: bool) -> (Vec<String>, u64) {
    let (low, high) = (
        figures.values().min().copied().unwrap_or(0),
        figures.values().max().copied().unwrap_or(0),
    );
    let best = if lowest { low } else { high };
    if (lowest && low == high) || (!lowest && high == 0) {
        return (Vec::new(), best);
    }
    let names = figures
        .iter()
        .filter(|(_, v)| **v == best)
        .map(|(n, _)| n.clone())
        .collect();
    (names, best)
}

fn award<'a>(awards: &'a Value, prize: &str) -> Option<&'a Value> {
    awards
        .as_array()
        .expect("awards")
        .iter()
        .find(|a| a["prize"] == prize)
}

fn check_award(awards: &Value, prize: &str, figures: &BTreeMap<String, u64>, lowest: bool) {
    let (names, value) = expected_winners(figures, lowest);
    match award(awards, prize) {
        None => assert!(names.is_empty(), "{prize}: {names:?} expected in {awards}"),
        Some(given) => {
            let given_names: Vec<String> = given["names"]
                .as_array()
                .expect("names")
                .iter()
                .map(|n| n.as_str().expect("name").to_owned())
                .collect();
            let mut sorted = names.clone();
            sorted.sort_by_key(|n| n.to_lowercase());
            assert_eq!(given_names, sorted, "{prize} in {awards}");
            assert_eq!(given["value"], value, "{prize} in {awards}");
        }
    }
}

/// A season of two two-round evenings giving every prize each evening and over the season.
fn prize_season(server: &Server) -> (Series, Vec<BTreeMap<String, Figures>>) {
    let series = create_series(
        server,
        json!({"name": "Prizes", "prizes": {
            "evening": ["booby", "most_rounds_won", "best_round", "most_tables"],
            "season": EVERY_PRIZE,
        }}),
    );
    let mut evenings = Vec::new();
    for (n, names) in [SIX, ["Ann Club", "Bob", "Cy", "Di", "Ed", "Gus"]]
        .iter()
        .enumerate()
    {
        let host = evening(
            server,
            &series,
            &format!("Week {}", n + 1),
            json!({"length": {"kind": "rounds", "rounds": 2}}),
        );
        host.add_players(server, names);
        host.play_paper_rounds(server, 2);
        host.close_evening(server);
        evenings.push(figures(server, &host));
    }
    (series, evenings)
}

fn by<F: Fn(&Figures) -> u64>(evening: &BTreeMap<String, Figures>, f: F) -> BTreeMap<String, u64> {
    evening.iter().map(|(n, x)| (n.clone(), f(x))).collect()
}

#[test]
fn each_evenings_club_prizes_go_to_the_best_figures_with_ties_shared() {
    let server = Server::start();
    let (series, evenings) = prize_season(&server);
    let table = standings(&server, &series);
    assert_eq!(
        table["series"]["prizes"]["evening"],
        json!(["booby", "most_rounds_won", "best_round", "most_tables"])
    );
    for (i, figures) in evenings.iter().enumerate() {
        let awards = &table["evenings"][i]["awards"];
        check_award(awards, "booby", &by(figures, |f| f.total), true);
        check_award(
            awards,
            "most_rounds_won",
            &by(figures, |f| f.rounds_won),
            false,
        );
        check_award(awards, "best_round", &by(figures, |f| f.best_round), false);
        check_award(awards, "most_tables", &by(figures, |f| f.tables), false);
        assert!(
            award(awards, "perfect_attendance").is_none(),
            "a season prize"
        );
        assert!(
            award(awards, "booby").is_some(),
            "someone is lowest: {awards}"
        );
        assert!(
            award(awards, "most_rounds_won").is_some(),
            "rounds were won"
        );
    }
}

#[test]
fn the_seasons_club_prizes_add_the_evenings_up_and_perfect_attendance_needs_every_evening() {
    let server = Server::start();
    let (series, evenings) = prize_season(&server);
    let table = standings(&server, &series);
    let awards = &table["awards"];
    let season = |f: &dyn Fn(&Figures) -> u64, add: bool| -> BTreeMap<String, u64> {
        let mut out: BTreeMap<String, u64> = BTreeMap::new();
        for evening in &evenings {
            for (name, figures) in evening {
                let v = out.entry(name.clone()).or_default();
                *v = if add {
                    *v + f(figures)
                } else {
                    (*v).max(f(figures))
                };
            }
        }
        out
    };
    check_award(
        awards,
        "most_rounds_won",
        &season(&|f| f.rounds_won, true),
        false,
    );
    check_award(
        awards,
        "best_round",
        &season(&|f| f.best_round, false),
        false,
    );
    check_award(awards, "most_tables", &season(&|f| f.tables, true), false);
    let attendance = award(awards, "perfect_attendance").expect("perfect attendance");
    assert_eq!(
        attendance["names"],
        json!(["Ann Club", "Bob", "Cy", "Di", "Ed"]),
        "Flo and Gus came once"
    );
    assert_eq!(attendance["value"], 2);
    // The season's booby prize is the season's last place.
    let last = table["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .filter_map(|l| l["place"].as_u64())
        .max()
        .expect("a last place");
    let booby: Vec<&Value> = table["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .filter(|l| l["place"] == last)
        .map(|l| &l["name"])
        .collect();
    let given = award(awards, "booby").expect("booby prize");
    assert_eq!(
        given["names"]
            .as_array()
            .expect("names")
            .iter()
            .collect::<Vec<_>>(),
        booby
    );
    // On the public page and in the CSV export too.
    let (status, html) = server.text(&format!("/series/{}", series.id), None);
    assert_eq!(status, 200);
    for title in [
        "Booby prize",
        "Most rounds won",
        "Best single round",
        "Most tables visited",
        "Perfect attendance",
    ] {
        assert!(html.contains(title), "{title} on the page");
    }
    let (status, csv) = server.text(&format!("/api/v1/series/{}/export.csv", series.id), None);
    assert_eq!(status, 200);
    assert!(
        csv.lines().next().is_some_and(|h| h.ends_with(",prizes")),
        "{csv}"
    );
    let bob = csv.lines().find(|l| l.contains(",Bob,")).expect("Bob");
    assert!(bob.contains("Perfect attendance"), "{bob}");
}

#[test]
fn club_prizes_are_chosen_per_evening_or_per_season_and_a_wrong_one_is_refused() {
    let server = Server::start();
    for (prizes, says) in [
        (
            json!({"evening": ["wooden_spoon"]}),
            "\"wooden_spoon\" is no prize",
        ),
        (json!({"evening": ["perfect_attendance"]}), "season prize"),
        (json!({"season": ["booby", 3]}), ""),
    ] {
        let (status, answer) = server.post(
            "/api/v1/series",
            None,
            &json!({"name": "Refused", "prizes": prizes}),
        );
        assert!(status == 422 || status == 400, "{status} {answer}");
        assert!(
            answer["error"].as_str().is_some_and(|e| e.contains(says)),
            "{answer}"
        );
    }
    let series = create_series(&server, json!({"name": "Later"}));
    let table = standings(&server, &series);
    assert_eq!(
        table["series"]["prizes"],
        json!({"evening": [], "season": []})
    );
    let (status, answer) = change(
        &server,
        &series,
        json!({"prizes": {"evening": ["nope"], "season": ["booby"]}}),
    );
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        standings(&server, &series)["series"]["prizes"]["season"],
        json!([]),
        "nothing changed"
    );
    let (status, answer) = change(
        &server,
        &series,
        json!({"prizes": {"season": ["perfect_attendance", "booby"]}}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["series"]["prizes"],
        json!({"evening": [], "season": ["booby", "perfect_attendance"]})
    );
    // A change of name keeps the prizes.
    let (status, answer) = change(&server, &series, json!({"name": "Renamed"}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["series"]["prizes"]["season"],
        json!(["booby", "perfect_attendance"])
    );
}

#[test]
fn an_evenings_club_prizes_are_on_its_winners_screen_printed_standings_and_export() {
    let server = Server::start();
    let series = create_series(
        &server,
        json!({"name": "Screens", "prizes": {"evening": ["booby", "most_rounds_won"]}}),
    );
    let host = play(&server, &series, "Week 1", &SIX);
    let (status, report) = server.get(&host.path("/export.json"), Some(&host.token));
    assert_eq!(status, 200, "{report}");
    let booby = award(&report["club_prizes"], "booby").expect("booby prize in the export");
    let first = booby["names"][0].as_str().expect("a name").to_owned();
    assert!(
        award(&report["club_prizes"], "most_rounds_won").is_some(),
        "{report}"
    );
    for path in ["/screen", "/print/standings"] {
        let (status, html) = server.text(&format!("/events/{}{path}", host.event), None);
        assert_eq!(status, 200, "{path}: {html}");
        assert!(
            html.contains("Booby prize: ") && html.contains(&first),
            "{path}"
        );
        assert!(html.contains("Most rounds won: "), "{path}");
    }
    // An evening of a series that gives no prize per evening shows none.
    let plain = create_series(&server, json!({"name": "Plain"}));
    let host = play(&server, &plain, "Week 1", &SIX);
    let (_, report) = server.get(&host.path("/export.json"), Some(&host.token));
    assert_eq!(report["club_prizes"], json!([]));
    let (_, html) = server.text(&format!("/events/{}/screen", host.event), None);
    assert!(!html.contains("Booby prize"));
}

#[test]
fn a_private_evenings_guests_are_left_out_of_the_public_season() {
    let server = Server::start();
    let series = create_series(
        &server,
        json!({"name": "Quiet", "prizes": {"season": ["perfect_attendance"]}}),
    );
    play(&server, &series, "Open night", &SIX);
    let quiet = evening(&server, &series, "Quiet night", json!({}));
    quiet.add_players(
        &server,
        &["Ann Club", "Bob", "Cy", "Di", "Ed", "Zoe Secret"],
    );
    let browser = common::forms::client();
    browser
        .get(server.url(&format!(
            "/events/{}/host?token={}",
            quiet.event, quiet.token
        )))
        .send()
        .expect("open the host link");
    let console = common::forms::page(&server, &browser, &format!("/events/{}/host", quiet.event));
    let csrf = common::forms::field(&console, "csrf");
    common::forms::post_form(
        &server,
        &browser,
        &format!("/events/{}/host/views", quiet.event),
        &[("csrf", csrf.as_str()), ("private", "true")],
    );
    quiet.play_paper_rounds(&server, 1);
    quiet.close_evening(&server);
    let table = standings(&server, &series);
    assert!(!table.to_string().contains("Zoe Secret"), "{table}");
    assert_eq!(table["evenings"][1]["private"], true);
    assert_eq!(
        line(&table, "Ann Club")["evenings"],
        1,
        "the private evening not counted"
    );
    assert_eq!(line(&table, "Ann Club")["scores"][1], Value::Null);
    let (_, html) = server.text(&format!("/series/{}", series.id), None);
    assert!(
        !html.contains("Zoe Secret") && html.contains("Quiet night"),
        "{html}"
    );
    let (_, csv) = server.text(&format!("/api/v1/series/{}/export.csv", series.id), None);
    assert!(!csv.contains("Zoe Secret"), "{csv}");
    // Perfect attendance goes by the evenings the public season shows.
    let attendance = award(&table["awards"], "perfect_attendance").expect("attendance");
    assert_eq!(attendance["value"], 1, "{table}");
}

#[test]
fn every_evenings_results_export_as_json_with_the_seasons_standings_and_prizes() {
    let server = Server::start();
    let (series, evenings) = prize_season(&server);
    let (status, export) = server.get(&format!("/api/v1/series/{}/export.json", series.id), None);
    assert_eq!(status, 200, "{export}");
    assert_eq!(export["series"]["name"], "Prizes");
    assert_eq!(
        export["standings"],
        standings(&server, &series)["standings"]
    );
    assert!(
        award(&export["awards"], "perfect_attendance").is_some(),
        "{export}"
    );
    for (i, figures) in evenings.iter().enumerate() {
        let evening = &export["evenings"][i];
        assert_eq!(evening["name"], format!("Week {}", i + 1));
        assert!(award(&evening["awards"], "booby").is_some(), "{evening}");
        let results = evening["results"].as_array().expect("results");
        assert_eq!(results.len(), 6);
        for result in results {
            let name = result["name"].as_str().expect("name");
            let f = &figures[name];
            assert_eq!(result["total"], f.total, "{name}");
            assert_eq!(result["rounds_won"], f.rounds_won, "{name}");
            assert_eq!(result["tables"], f.tables, "{name}");
            assert_eq!(result["rounds"].as_array().map(Vec::len), Some(2));
            assert!(result["place"].as_u64().is_some_and(|p| p >= 1));
        }
    }
    let (status, _) = server.get("/api/v1/series/999999/export.json", None);
    assert_eq!(status, 404);
}

#[test]
fn a_series_token_tells_who_is_who_in_its_own_series_only_and_nothing_changes() {
    let server = Server::start();
    let ours = create_series(&server, json!({"name": "Ours"}));
    let theirs = create_series(&server, json!({"name": "Theirs"}));
    play(&server, &ours, "Week 1", &SIX);
    let elsewhere = play(&server, &theirs, "Away", &SIX);
    let before = standings(&server, &ours);
    let their_player = elsewhere.get(&server, "/entries")["entries"][0]["players"][0]
        .as_i64()
        .expect("a player of the other series");
    // Their token on our people: refused, whatever the call.
    let wrong = Series {
        id: ours.id,
        token: theirs.token.clone(),
    };
    for (what, body) in [
        ("link", json!({"name": "Bob", "with": "Cy"})),
        ("split", json!({"name": "Bob"})),
        ("split", json!({"name": "Bob", "player": their_player})),
    ] {
        let (status, answer) = people_call(&server, &wrong, what, body);
        assert_eq!(status, 403, "{what}: {answer}");
    }
    let (status, _) = server.get(
        &format!("/api/v1/series/{}/people", ours.id),
        Some(&theirs.token),
    );
    assert_eq!(status, 403);
    // Our token on a seat of their evening: not one of ours.
    let (status, answer) = people_call(
        &server,
        &ours,
        "split",
        json!({"name": "Bob", "player": their_player}),
    );
    assert_eq!(status, 404, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains("did not sit at any evening of series")),
        "{answer}"
    );
    assert_eq!(standings(&server, &ours)["standings"], before["standings"]);
    assert_eq!(
        standings(&server, &theirs)["standings"]
            .as_array()
            .map(Vec::len),
        Some(6)
    );
}

#[test]
fn a_new_series_token_refuses_the_old_one_its_consoles_and_its_member_cards() {
    let server = Server::start();
    let series = create_series(&server, json!({"name": "Leaked"}));
    play(&server, &series, "Week 1", &SIX);
    // A console opened with the old token, and the member cards printed from it.
    let browser = common::forms::client();
    browser
        .get(server.url(&format!(
            "/series/{}/host?token={}",
            series.id, series.token
        )))
        .send()
        .expect("the host link");
    let console = format!("/series/{}/host", series.id);
    common::forms::page(&server, &browser, &console);
    let cards = common::forms::page(&server, &browser, &format!("{console}/cards"));
    let prefix = format!("/series/{}/member/", series.id);
    let card = cards
        .split(&prefix)
        .nth(1)
        .map(|rest| format!("{prefix}{}", &rest[..32]))
        .expect("a member card");
    let (status, _) = server.text(&card, None);
    assert_eq!(status, 200, "the card opens before");

    // Another series' token replaces nothing.
    let other = create_series(&server, json!({"name": "Other"}));
    let path = format!("/api/v1/series/{}/host-token", series.id);
    let (status, answer) = server.post(&path, Some(&other.token), &json!({}));
    assert_eq!(status, 403, "{answer}");
    let (status, _) = change(&server, &series, json!({}));
    assert_eq!(status, 200, "the token still works");

    let (status, answer) = server.post(&path, Some(&series.token), &json!({}));
    assert_eq!(status, 200, "{answer}");
    let token = answer["host_token"]
        .as_str()
        .expect("a new token")
        .to_owned();
    assert_ne!(token, series.token);
    assert_eq!(
        answer["host_link"],
        format!("/series/{}/host?token={token}", series.id)
    );
    let renewed = Series {
        id: series.id,
        token,
    };
    let (status, _) = change(&server, &series, json!({"name": "Hijacked"}));
    assert_eq!(status, 403, "the old token is refused");
    let (status, _) = change(&server, &renewed, json!({}));
    assert_eq!(status, 200, "the new one works");
    assert_eq!(standings(&server, &series)["series"]["name"], "Leaked");
    let response = browser.get(server.url(&console)).send().expect("console");
    assert_eq!(
        response.status().as_u16(),
        403,
        "the console opened with the old token"
    );
    let (status, _) = server.text(&card, None);
    assert_eq!(status, 403, "a member card made from the old token");
    let (status, _) = server.text(
        &format!("/series/{}/host?token={}", series.id, series.token),
        None,
    );
    assert_eq!(status, 403, "the old host link");
}
