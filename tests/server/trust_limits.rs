//! Issue 11, a stranger on the party's Wi-Fi: each attack that got through, tried again against a
//! real server. Every limit is set low through the same flags an operator would use.

use crate::common;

use std::io::{Read, Write};
use std::time::Duration;

use common::api::Host;
use common::server::Server;
use serde_json::json;

fn settings(name: &str) -> serde_json::Value {
    json!({"name": name})
}

#[test]
fn event_creation_flood_gets_429_with_retry_after() {
    let server = Server::start_with(&["--events-per-hour", "2"]);
    Host::create(&server, settings("One"));
    Host::create(&server, settings("Two"));
    let response = server
        .client()
        .post(server.url("/api/v1/events"))
        .json(&settings("Three"))
        .send()
        .expect("POST");
    assert_eq!(response.status().as_u16(), 429);
    let retry: u64 = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("a Retry-After in seconds");
    assert!(retry >= 1);
    let body: serde_json::Value = response.json().expect("JSON");
    assert_eq!(body["code"], "too_many");
    assert!(body["error"].as_str().unwrap_or("").contains("try again"));
}

#[test]
fn request_body_flood_gets_429() {
    let server = Server::start_with(&["--writes-per-second", "1"]);
    let statuses: Vec<u16> = (0..20)
        .map(|_| server.post("/api/v1/events", None, &json!({})).0)
        .collect();
    assert!(statuses.contains(&429), "{statuses:?}");
}

#[test]
fn entries_beyond_the_cap_are_refused() {
    let server = Server::start_with(&["--max-entries", "2"]);
    let host = Host::create(&server, settings("Capped"));
    host.add_players(&server, &["Ann", "Bob"]);
    let (status, answer) = host.post(&server, "/entries", json!({"names": ["Cat"]}));
    assert_eq!(status, 409, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or("")
            .contains("max-entries")
    );
}

/// A server that lets a client hold one live stream, an event, and its projector's stream
/// opened once: held open as long as the answer returned is.
fn one_stream_open() -> (Server, Host, String, reqwest::blocking::Response) {
    let server = Server::start_with(&["--streams-per-client", "1"]);
    let host = Host::create(&server, settings("Streams"));
    let path = format!("/events/{}/live/screen", host.event);
    let first = server.client().get(server.url(&path)).send().expect("GET");
    assert_eq!(first.status().as_u16(), 200);
    (server, host, path, first)
}

#[test]
fn live_streams_are_capped_per_client() {
    let (server, _host, path, first) = one_stream_open();
    let second = server.client().get(server.url(&path)).send().expect("GET");
    assert_eq!(second.status().as_u16(), 429);
    assert!(second.headers().contains_key("retry-after"));
    drop(first);
}

#[test]
fn slow_request_body_times_out() {
    let server = Server::start_with(&["--body-timeout-secs", "1"]);
    let address = server.base.trim_start_matches("http://").to_owned();
    let mut stream = std::net::TcpStream::connect(&address).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    // Headers, then a few bytes of a body that never comes in full.
    write!(
        stream,
        "POST /api/v1/events HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{\"na"
    )
    .expect("send");
    let mut answer = [0u8; 512];
    let read = stream
        .read(&mut answer)
        .expect("an answer before the client gives up");
    let text = String::from_utf8_lossy(&answer[..read]);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
}

#[test]
fn sign_in_flood_gets_429_with_retry_after() {
    let server = Server::start();
    let host = Host::create(&server, settings("Guarded"));
    let browser = reqwest::blocking::Client::builder()
        .cookie_store(true)
        .build()
        .expect("client");
    let page = browser
        .get(server.url(&format!("/events/{}/login", host.event)))
        .send()
        .and_then(|r| r.text())
        .expect("login page");
    let csrf = page
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("a CSRF field")
        .to_owned();
    let mut refused = None;
    for n in 0..30 {
        let response = browser
            .post(server.url(&format!("/events/{}/login", host.event)))
            .form(&[("csrf", csrf.as_str()), ("password", &format!("guess-{n}"))])
            .send()
            .expect("POST");
        if response.status().as_u16() == 429 {
            refused = Some(response);
            break;
        }
    }
    let refused = refused.expect("wrong passwords are limited");
    assert!(refused.headers().contains_key("retry-after"));
    assert!(refused.text().expect("page").contains("try again"));
}

#[test]
fn invisible_and_direction_override_names_are_refused() {
    let server = Server::start();
    let host = Host::create(&server, settings("Names"));
    for name in ["\u{202E}nnA", "\u{200B}", "\u{200B}\u{200D}", "Ann\u{2066}"] {
        let (status, answer) = host.post(&server, "/entries", json!({"names": [name]}));
        assert_eq!(status, 422, "{name:?}: {answer}");
    }
}

#[test]
fn duplicate_names_are_refused() {
    let server = Server::start();
    let host = Host::create(&server, settings("Twins"));
    host.add_players(&server, &["Ann Lee"]);
    let (status, answer) = host.post(&server, "/entries", json!({"names": ["ann  lee"]}));
    assert_eq!(status, 422, "{answer}");
    assert!(answer["error"].as_str().unwrap_or("").contains("already"));
}

#[test]
fn csv_export_neutralises_formulas() {
    let server = Server::start();
    let host = Host::create(&server, settings("Export"));
    host.add_players(&server, &["=HYPERLINK(\"x\")", "+1+1", "@SUM(1)", "-2"]);
    let response = server
        .client()
        .get(server.url(&host.path("/export.csv")))
        .bearer_auth(&host.token)
        .send()
        .expect("GET");
    assert_eq!(response.status().as_u16(), 200);
    let csv = response.text().expect("CSV");
    for line in csv.lines().skip(1) {
        let names = line.split(',').nth(2).unwrap_or("");
        let names = names.trim_start_matches('"');
        assert!(
            !names.starts_with(['=', '+', '-', '@']),
            "a formula cell: {line}"
        );
    }
    assert!(csv.contains("'+1+1"), "{csv}");
}

#[test]
fn every_answer_carries_the_security_headers() {
    let server = Server::start();
    for path in [
        "/",
        "/static/style.css",
        "/api/v1/events/999",
        "/no/such/page",
    ] {
        let response = server.client().get(server.url(path)).send().expect("GET");
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_owned()
        };
        let csp = header("content-security-policy");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(
            !csp.contains("script-src 'self' 'unsafe-inline'"),
            "{path}: {csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("x-frame-options"), "DENY", "{path}");
        assert_eq!(header("referrer-policy"), "no-referrer", "{path}");
    }
}

#[test]
fn templates_have_no_inline_script() {
    let mut offenders = Vec::new();
    let mut folders = vec![std::path::PathBuf::from("templates")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("templates") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("template");
            for bad in [
                "<style",
                " onclick=",
                " onload=",
                " onsubmit=",
                "javascript:",
            ] {
                if text.contains(bad) {
                    offenders.push(format!("{}: {bad}", path.display()));
                }
            }
            for script in text.split("<script").skip(1) {
                if !script.split('>').next().unwrap_or("").contains("src=") {
                    offenders.push(format!("{}: inline <script>", path.display()));
                }
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:?}");
}

#[test]
fn session_cookie_is_secure_behind_an_https_proxy() {
    let server = Server::start_with(&["--trusted-proxy", "127.0.0.1"]);
    let cookie = |proto: Option<&str>| {
        let mut request = server.client().get(server.url("/"));
        if let Some(proto) = proto {
            request = request.header("X-Forwarded-Proto", proto);
        }
        let response = request.send().expect("GET");
        response
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .map(str::to_owned)
            .collect::<Vec<_>>()
            .join("\n")
    };
    let over_https = cookie(Some("https"));
    assert!(over_https.contains("touring="), "{over_https}");
    assert!(over_https.contains("Secure"), "{over_https}");
    let plain = cookie(None);
    assert!(!plain.contains("Secure"), "{plain}");
}

#[test]
fn host_reads_do_not_wait_for_the_write_lock() {
    use diesel::{Connection, RunQueryDsl};
    // SQLite's one write lock; PostgreSQL's readers never wait for writers either.
    let server = Server::start_sqlite();
    let host = Host::create(&server, settings("Busy"));
    host.add_players(&server, &["Ann", "Bob"]);
    let url = server.file().display().to_string();
    let mut writer = diesel::sqlite::SqliteConnection::establish(&url).expect("open the database");
    diesel::sql_query("BEGIN IMMEDIATE")
        .execute(&mut writer)
        .expect("take the write lock");
    let (status, csv) = {
        let response = server
            .client()
            .get(server.url(&host.path("/export.csv")))
            .bearer_auth(&host.token)
            .send()
            .expect("GET");
        (response.status().as_u16(), response.text().expect("text"))
    };
    diesel::sql_query("ROLLBACK")
        .execute(&mut writer)
        .expect("release the lock");
    assert_eq!(status, 200, "{csv}");
    assert!(csv.contains("Ann"));
}

/// The answer of a limit: 429 with the code `too_many`.
fn too_many(status: u16, answer: &serde_json::Value) {
    assert_eq!(status, 429, "{answer}");
    assert_eq!(answer["code"], "too_many");
}

/// Issue 32: the router decodes percent-encoding, so every limit must know the route however
/// its address is spelled (`%65` is `e`, `%6C` is `l`).
#[test]
fn event_creation_limit_holds_through_an_encoded_path() {
    let server = Server::start_with(&["--events-per-hour", "2"]);
    Host::create(&server, settings("One"));
    Host::create(&server, settings("Two"));
    let (status, answer) = server.post("/api/v1/%65vents", None, &settings("Three"));
    too_many(status, &answer);
}

#[test]
fn entry_limit_holds_through_an_encoded_path() {
    let server = Server::start_with(&["--entries-per-minute", "2"]);
    let host = Host::create(&server, settings("Entries"));
    host.ok(&server, "/entries", json!({"names": ["Ann"]}));
    host.ok(&server, "/entries", json!({"names": ["Bob"]}));
    let path = format!("/api/v1/events/{}/%65ntries", host.event);
    let (status, answer) = server.post(&path, Some(&host.token), &json!({"names": ["Cat"]}));
    too_many(status, &answer);
}

#[test]
fn stream_cap_holds_through_an_encoded_path() {
    let (server, host, _plain, first) = one_stream_open();
    for encoded in [
        format!("/events/{}/%6Cive/screen", host.event),
        format!("/%65vents/{}/live/screen/", host.event),
    ] {
        let second = server
            .client()
            .get(server.url(&encoded))
            .send()
            .expect("GET");
        assert_eq!(second.status().as_u16(), 429, "{encoded}");
    }
    drop(first);
}

/// A party's call while strangers hold the server: the host adds a player (a write) and reads
/// the event back. Both must be answered; how long they took is printed for the report.
fn party_is_answered(server: &Server, host: &Host, name: &str) -> Duration {
    let started = std::time::Instant::now();
    host.add_players(server, &[name]);
    host.get(server, "");
    started.elapsed()
}

/// A client of its own that connects from `local` (a loopback address such as 127.0.0.2, which
/// the server counts as another device).
fn client_from(local: std::net::IpAddr) -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder()
        .local_address(local)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client")
}

#[test]
fn server_wide_stream_cap_answers_503_in_words_and_the_party_goes_on() {
    let server = Server::start_with(&["--max-streams", "3", "--streams-per-client", "10"]);
    let host = Host::create(&server, settings("Full"));
    let path = format!("/events/{}/live/screen", host.event);
    let held: Vec<_> = (0..3)
        .map(|_| {
            let answer = server.client().get(server.url(&path)).send().expect("GET");
            assert_eq!(answer.status().as_u16(), 200);
            answer
        })
        .collect();
    // Another device, not only this one, is refused: the cap is the server's.
    let other = client_from([127, 0, 0, 2].into());
    let refused = other.get(server.url(&path)).send().expect("GET");
    assert_eq!(refused.status().as_u16(), 503);
    assert!(refused.headers().contains_key("retry-after"));
    let page = refused.text().expect("page");
    assert!(page.contains("the server is full of open pages"), "{page}");
    let slowest = party_is_answered(&server, &host, "Ann");
    eprintln!("3 of 3 streams held: the party's call took {slowest:?}");
    // A page that is not live still opens.
    let (status, _) = server.text(&format!("/events/{}/screen", host.event), None);
    assert_eq!(status, 200);
    drop(held);
}

#[test]
fn idle_streams_from_many_addresses_leave_room_for_the_party() {
    const ADDRESSES: u8 = 34;
    const PER_CLIENT: usize = 8;
    let server = Server::start_with(&["--streams-per-client", "8"]);
    let host = Host::create(&server, settings("Crowded"));
    let path = format!("/events/{}/live/screen", host.event);
    let mut held = Vec::new();
    for n in 0..ADDRESSES {
        let client = client_from([127, 0, 0, 10 + n].into());
        for _ in 0..PER_CLIENT {
            let answer = client.get(server.url(&path)).send().expect("GET");
            assert_eq!(answer.status().as_u16(), 200, "from 127.0.0.{}", 10 + n);
            held.push(answer);
        }
        // One more from the same device is its own limit's 429.
        let refused = client.get(server.url(&path)).send().expect("GET");
        assert_eq!(refused.status().as_u16(), 429);
    }
    let slowest = (0..5)
        .map(|i| party_is_answered(&server, &host, &format!("Guest {i}")))
        .max()
        .unwrap_or_default();
    eprintln!(
        "{} idle streams from {ADDRESSES} addresses held: slowest party call {slowest:?}",
        held.len()
    );
    drop(held);
}

#[test]
fn unfinished_headers_hold_few_connections_and_the_party_goes_on() {
    use std::net::{IpAddr, SocketAddr, TcpStream};
    let server = Server::start();
    let host = Host::create(&server, settings("Slow"));
    let address: SocketAddr = server
        .base
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .expect("server address");
    let stranger: IpAddr = [127, 0, 0, 3].into();
    let open = |count: usize| -> Vec<TcpStream> {
        (0..count)
            .filter_map(|_| {
                let socket =
                    socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)
                        .ok()?;
                socket.bind(&SocketAddr::new(stranger, 0).into()).ok()?;
                socket.connect(&address.into()).ok()?;
                let mut stream = TcpStream::from(socket);
                // Headers that never end.
                write!(stream, "GET / HTTP/1.1\r\nHost: {address}\r\nX-Slow: 1\r\n").ok()?;
                Some(stream)
            })
            .collect()
    };
    let mut slowest = Duration::ZERO;
    let mut held = Vec::new();
    let mut opened = 0;
    // Each call seats a new guest; a wave that opened no connection must not repeat a name.
    let mut calls = 0;
    // Waves of connections for longer than the headers' time-out, the party calling between.
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_secs(5) && opened < 3_000 {
        let wave = open(100);
        opened += wave.len();
        held.extend(wave);
        calls += 1;
        slowest = slowest.max(party_is_answered(&server, &host, &format!("Guest {calls}")));
        if held.len() > 600 {
            held.drain(..100);
        }
    }
    eprintln!(
        "{opened} connections with unfinished headers opened ({} held at the end): slowest party call {slowest:?}",
        held.len()
    );
    assert!(opened >= 100, "{opened}");
    // The server closes a connection whose headers never end (with a 408, or at once).
    let first = held.first_mut().expect("a connection");
    first
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    let mut answer = Vec::new();
    let read = first.read_to_end(&mut answer);
    assert!(
        !matches!(&read, Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut)),
        "the server kept a connection whose headers never ended"
    );
    let text = String::from_utf8_lossy(&answer);
    assert!(
        text.is_empty() || text.starts_with("HTTP/1.1 408"),
        "{text}"
    );
}

/// The second series made from the start page within the hour by a browser asking for `tag`:
/// answers the refusal's status and page.
fn second_series_refused(tag: &str) -> (u16, String) {
    let server = Server::start_with(&["--events-per-hour", "1"]);
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let post = || {
        client
            .post(server.url("/series"))
            .header("accept-language", tag)
            .form(&[("csrf", "none"), ("name", "Club")])
            .send()
            .expect("POST")
    };
    assert_ne!(post().status().as_u16(), 429, "the first is not refused");
    let refused = post();
    let status = refused.status().as_u16();
    assert!(refused.headers().contains_key("retry-after"));
    (status, refused.text().expect("page"))
}

#[test]
fn pseudo_language_every_word_of_a_too_many_requests_page_comes_from_a_message() {
    let (status, page) = second_series_refused("en-XA");
    assert_eq!(status, 429, "{page}");
    assert!(page.contains("<html lang=\"en-XA\""), "{page}");
    let left = touring::i18n::untranslated(&page, &[]);
    assert!(left.is_empty(), "not from a message: {left:?}");
}

#[test]
fn a_too_many_requests_page_speaks_the_readers_language() {
    let (status, page) = second_series_refused("fr");
    assert_eq!(status, 429, "{page}");
    assert!(page.contains("<html lang=\"fr\""), "{page}");
    assert!(
        page.contains(
            "cet appareil a créé autant de soirées (et de séries) qu&#39;une heure le permet"
        ) || page.contains(
            "cet appareil a créé autant de soirées (et de séries) qu'une heure le permet"
        ),
        "{page}"
    );
    assert!(page.contains("réessayez dans"), "{page}");
    let (_, english) = second_series_refused("en");
    assert!(
        english.contains(
            "this device has created as many events (and series) as an hour allows: try again in"
        ),
        "{english}"
    );
}

/// A browser without script (a cookie jar, no redirects followed) that connects from `local`,
/// a loopback address the server counts as a device of its own.
fn browser_from(local: std::net::IpAddr) -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder()
        .local_address(local)
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client")
}

/// One password sent to the event's sign-in page by `browser`; answers the status and where
/// it leads.
fn sign_in(
    server: &Server,
    browser: &reqwest::blocking::Client,
    event: i64,
    password: &str,
) -> (u16, String) {
    let login = format!("/events/{event}/login");
    let page = common::forms::page(server, browser, &login);
    let csrf = common::forms::field(&page, "csrf");
    let answer = browser
        .post(server.url(&login))
        .form(&[("csrf", csrf.as_str()), ("password", password)])
        .send()
        .expect("POST");
    (answer.status().as_u16(), common::forms::location(&answer))
}

/// A browser from `local` that opened the host link (it is signed in as the host).
fn host_link_opened(
    server: &Server,
    host: &Host,
    local: std::net::IpAddr,
) -> reqwest::blocking::Client {
    let browser = browser_from(local);
    let opened = browser
        .get(host.console_link(server))
        .send()
        .expect("the host link");
    assert_eq!(opened.status().as_u16(), 303);
    browser
}

#[test]
fn the_host_link_lifts_the_wait_that_strangers_wrong_passwords_put_on_the_password() {
    let server = Server::start();
    let host = Host::create(&server, settings("Locked out"));
    let event = host.event;
    let laptop = host_link_opened(&server, &host, [127, 0, 0, 1].into());
    let console = common::forms::page(&server, &laptop, &format!("/events/{event}/host"));
    let csrf = common::forms::field(&console, "csrf");
    common::forms::post_form(
        &server,
        &laptop,
        &format!("/events/{event}/host/password"),
        &[("csrf", &csrf), ("password", "motor car 1926")],
    );
    // Strangers, one wrong password each from an address of their own, until 22 were checked:
    // the event's twenty free misses are past, and everyone now waits.
    let mut checked = 0;
    let mut stranger = 0u8;
    while checked < 22 {
        assert!(
            stranger < 60,
            "22 wrong passwords checked from 60 strangers"
        );
        let from = browser_from([127, 0, 0, 20 + stranger].into());
        stranger += 1;
        match sign_in(&server, &from, event, &format!("guess {stranger}")) {
            (303, _) => checked += 1,
            // The event's wait after the 21st (a second): the next stranger tries after it.
            (429, _) => std::thread::sleep(Duration::from_millis(250)),
            other => panic!("a wrong password answered {other:?}"),
        }
    }
    // The host opens the console by the link on a phone, and then the laptop's password
    // works again, at once.
    host_link_opened(&server, &host, [127, 0, 0, 2].into());
    let signed_out = browser_from([127, 0, 0, 3].into());
    assert_eq!(
        sign_in(&server, &signed_out, event, "motor car 1926"),
        (303, format!("/events/{event}/host")),
        "the right password signs in once the host link opened the console"
    );
}

#[test]
fn a_huge_header_is_logged_as_a_refused_request_once_not_as_errors() {
    use std::net::TcpStream;
    let server = Server::start();
    let address = server.base.trim_start_matches("http://").to_owned();
    let request = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Filler: {}\r\n\r\n",
        "a".repeat(500 * 1024)
    );
    for _ in 0..5 {
        let mut stream = TcpStream::connect(&address).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        // The server stops reading past its limit and closes: the rest may not be taken.
        let _ = stream.write_all(request.as_bytes());
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
    }
    // The server still answers, and its log tells the refusals (wait for the line, or an
    // error line, for ten seconds at most).
    assert_eq!(server.text("/healthz", None).0, 200);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !server.log().contains("not well-formed HTTP")
        && !server.log().contains(" ERROR ")
        && std::time::Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    let log = server.log();
    assert!(!log.contains(" ERROR "), "no error line: {log}");
    assert_eq!(
        log.matches("refused a request that was not well-formed HTTP (message head is too large)")
            .count(),
        1,
        "one warning for the five, within the minute: {log}"
    );
}

#[test]
fn a_session_too_big_for_its_cookie_answers_in_words_with_the_headers_and_logs_why() {
    // The series' consoles are costly pages too (trust round 4): this browser opens 120 in a
    // row, so neither limit may refuse it first.
    let server = Server::start_with(&["--events-per-hour", "0", "--page-reads-per-second", "0"]);
    let browser = browser_from([127, 0, 0, 1].into());
    // Each series' console the browser opens adds the series and its token's hash to the
    // session cookie: at some point it no longer fits (about 4 KB).
    let mut failed = None;
    for n in 0..120 {
        let (status, made) = server.post(
            "/api/v1/series",
            None,
            &json!({"name": format!("Season {n}"), "count_best": 1}),
        );
        assert_eq!(status, 201, "{made}");
        let id = made["series"]["id"].as_i64().expect("id");
        let token = made["host_token"].as_str().expect("token");
        let answer = browser
            .get(server.url(&format!("/series/{id}/host?token={token}")))
            .send()
            .expect("the series' host link");
        if answer.status().is_server_error() {
            failed = Some(answer);
            break;
        }
        assert_eq!(answer.status().as_u16(), 303, "series {n}");
    }
    let failed = failed.expect("a session that outgrew its cookie within 120 series");
    assert_eq!(failed.status().as_u16(), 500);
    assert!(
        failed.headers().contains_key("content-security-policy")
            && failed.headers().contains_key("x-content-type-options"),
        "{:?}",
        failed.headers()
    );
    let page = failed.text().expect("page");
    assert!(page.contains("Something went wrong"), "{page}");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !server.log().contains("answer was lost") && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let log = server.log();
    assert!(
        log.contains("answer was lost after its handler ran") && log.contains("4064 bytes"),
        "the log says why: {log}"
    );
}
