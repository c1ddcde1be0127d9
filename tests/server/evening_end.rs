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
    let host = Host::create(
        &server,
        json!({"name": "One round", "seed": 2, "length": {"kind": "rounds", "rounds": 1}}),
    );
    host.add_players(&server, &["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]);
    host.play_paper_rounds(&server, 1);
    let browser = forms::client();
    browser
        .get(host.console_link(&server))
        .send()
        .expect("open the host link");
    let console = forms::page(&server, &browser, &format!("/events/{}/host", host.event));
    assert!(
        !console.contains(">moves on<"),
        "no table's winner moves on after the last round: {console}"
    );
    assert!(console.contains("1 round"), "the summary says 1 round");
    assert!(!console.contains("1 rounds"), "never '1 rounds'");
}
