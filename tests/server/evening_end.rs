//! The host's console at the end of an evening. Its downloads, from the console's and the
//! print page's buttons: the standings as CSV and JSON and the whole evening as JSON, for the
//! browser holding the host's session (a browser without it is sent to sign in; no download is
//! kept by a cache). And its words once the last round is over: nobody "moves on", and a count
//! of one is singular.

use crate::common;

use common::api::Host;
use common::forms;
use common::server::Server;
use serde_json::{Value, json};

const DOWNLOADS: [(&str, &str); 3] = [
    ("standings.csv", "text/csv"),
    ("standings.json", "application/json"),
    ("event.json", "application/json"),
];

#[test]
fn the_host_downloads_the_standings_and_the_evening_from_the_console() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Downloads", "seed": 2}));
    host.add_players(&server, &["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]);
    host.play_paper_rounds(&server, 1);
    let browser = forms::client();
    let to = browser
        .get(host.console_link(&server))
        .send()
        .expect("open the host link");
    assert!(to.status().as_u16() < 400, "the host link signs in");
    let console = forms::page(&server, &browser, &format!("/events/{}/host", host.event));
    let print = forms::page(&server, &browser, &format!("/events/{}/print", host.event));
    for (file, kind) in DOWNLOADS {
        let path = format!("/events/{}/print/{file}", host.event);
        assert!(console.contains(&path), "the console offers {file}");
        assert!(print.contains(&path), "the print page offers {file}");
        let response = browser.get(server.url(&path)).send().expect("download");
        assert_eq!(response.status().as_u16(), 200, "{path}");
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        assert!(header("content-type").starts_with(kind), "{path}");
        assert!(
            header("content-disposition").contains(&format!("touring-event-{}-{file}", host.event)),
            "{path} downloads as a file"
        );
        assert!(header("cache-control").contains("no-store"), "{path}");
        let body = response.text().expect("the file");
        assert!(
            body.contains("Ann") && body.contains("Flo"),
            "{path}: {body}"
        );
        if file.ends_with(".json") {
            let value: Value = serde_json::from_str(&body).expect("JSON");
            assert_eq!(value["standings"].as_array().map(Vec::len), Some(6));
        }
    }
    // The whole evening holds its rounds, as the API's export does.
    let (status, api) = server.get(
        &format!("/api/v1/events/{}/export.json", host.event),
        Some(&host.token),
    );
    assert_eq!(status, 200);
    let page = browser
        .get(server.url(&format!("/events/{}/print/event.json", host.event)))
        .send()
        .and_then(|r| r.json::<Value>())
        .expect("the evening");
    assert_eq!(page["rounds"], api["rounds"]);
}

/// An evening of these settings and guests with one round played on paper, and a browser
/// signed in as its host.
fn one_paper_round(
    server: &Server,
    settings: Value,
    guests: &[&str],
) -> (Host, reqwest::blocking::Client) {
    let host = Host::create(server, settings);
    host.add_players(server, guests);
    host.play_paper_rounds(server, 1);
    let browser = forms::client();
    browser
        .get(host.console_link(server))
        .send()
        .expect("open the host link");
    (host, browser)
}

/// Guests whose names a CSV must carry whole: an accent, quotes, either separator, and a
/// formula's first sign.
const AWKWARD: [&str; 6] = [
    "Benoît",
    "Zoé \"la Fusée\"",
    "Marc; Luc",
    "=Léa",
    "Ann, Bob",
    "Flo",
];

/// The standings CSV of an evening in `language`, from the print page's download (the host's
/// browser) and from the API (the host token): both the same bytes, read as a spreadsheet of
/// that language would: byte-order mark, separator, the lines' cells.
fn standings_csv_of(language: &str) -> (Vec<u8>, Vec<Vec<String>>) {
    let server = Server::start();
    let (host, browser) = one_paper_round(
        &server,
        json!({"name": "Tableur", "seed": 2, "language": language}),
        &AWKWARD,
    );
    let path = format!("/events/{}/print/standings.csv", host.event);
    let printed = browser
        .get(server.url(&path))
        .send()
        .and_then(|r| r.bytes())
        .expect("the download")
        .to_vec();
    let api = reqwest::blocking::Client::new()
        .get(server.url(&format!("/api/v1/events/{}/export.csv", host.event)))
        .bearer_auth(&host.token)
        .send()
        .and_then(|r| r.bytes())
        .expect("the API's export")
        .to_vec();
    assert_eq!(printed, api, "the download is the API's export");
    let separator = if language == "fr" { b';' } else { b',' };
    let body = printed
        .strip_prefix("\u{feff}".as_bytes())
        .unwrap_or_else(|| panic!("{language}: a UTF-8 byte-order mark first"));
    let lines = csv::ReaderBuilder::new()
        .has_headers(false)
        .delimiter(separator)
        .from_reader(body)
        .records()
        .map(|r| r.expect("a CSV line").iter().map(str::to_owned).collect())
        .collect();
    (printed, lines)
}

#[test]
fn a_french_evenings_csv_opens_right_in_a_french_spreadsheet() {
    check_spreadsheet(
        "fr",
        "place|inscription|noms|robot|retrait|ronde 1|ronde 2|total|rondes gagnées|prix",
        "non",
    );
}

#[test]
fn an_english_evenings_csv_keeps_its_commas_and_gains_a_byte_order_mark() {
    check_spreadsheet(
        "en",
        "place|entry|names|bot|withdrawn|round 1|round 2|total|rounds won|prize",
        "false",
    );
}

/// The CSV of an evening in `language` has these headings (`|` between them) on its first
/// line, split by the language's separator, and every awkward name whole (see
/// [`check_names_whole`]).
fn check_spreadsheet(language: &str, headings: &str, no: &str) {
    let (bytes, lines) = standings_csv_of(language);
    assert_eq!(
        lines[0].join("|"),
        headings,
        "{language}: headings and separator: {}",
        String::from_utf8_lossy(&bytes)
    );
    check_names_whole(&lines, no);
}

/// Every awkward name is one cell of its own line, whole (a formula made text), with the
/// language's "no" for a guest who is no bot.
fn check_names_whole(lines: &[Vec<String>], no: &str) {
    assert_eq!(lines.len(), 1 + AWKWARD.len(), "{lines:?}");
    for name in AWKWARD {
        let cell = if name.starts_with('=') {
            format!("'{name}")
        } else {
            name.to_owned()
        };
        let line = lines
            .iter()
            .find(|line| line.get(2) == Some(&cell))
            .unwrap_or_else(|| panic!("{name} whole in one cell: {lines:?}"));
        assert_eq!(line.len(), lines[0].len(), "{name}'s line: {line:?}");
        assert_eq!(line[3], no, "{name} is no bot: {line:?}");
    }
}

#[test]
fn a_browser_without_the_hosts_session_downloads_nothing() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Private", "seed": 2}));
    host.add_players(&server, &["Ann", "Bob"]);
    let stranger = forms::client();
    for (file, _) in DOWNLOADS {
        let path = format!("/events/{}/print/{file}", host.event);
        let response = stranger.get(server.url(&path)).send().expect("GET");
        assert_eq!(response.status().as_u16(), 303, "{path}");
        assert_eq!(
            forms::location(&response),
            format!("/events/{}/login", host.event)
        );
    }
}

#[test]
fn no_one_moves_on_after_the_last_round() {
    let server = Server::start();
    let (host, browser) = one_paper_round(
        &server,
        json!({"name": "One round", "seed": 2, "length": {"kind": "rounds", "rounds": 1}}),
        &["Ann", "Bob", "Cy", "Di", "Ed", "Flo"],
    );
    let console = forms::page(&server, &browser, &format!("/events/{}/host", host.event));
    assert!(
        !console.contains(">moves on<"),
        "no table's winner moves on after the last round: {console}"
    );
    assert!(console.contains("1 round"), "the summary says 1 round");
    assert!(!console.contains("1 rounds"), "never '1 rounds'");
}
