//! Series through the JSON API of a real server: a season of evenings made with the series'
//! token, its standings by each way of counting, people matched by name, linked and split,
//! partnerships counting for each partner, and the refusals (a series token on another
//! series, an evening moved between series, a person linked to themselves, a best N above
//! the evenings held), each a clear error that changes nothing.

mod common;

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
            .is_some_and(|e| e.contains("stays in the series"))
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
    let mut lines = csv.lines();
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
