//! What HTTP tools expect of the server: HEAD on every address answers as GET does, without a
//! body (`curl -I`, uptime monitors), and `/healthz` answers 200 while the database answers and
//! 503 when it does not. Answers are compressed (gzip, brotli) for a client that accepts it,
//! and the static files are named after a hash of their content and cached for a year.

use crate::common;

use std::process::Command;
use std::sync::Arc;

use common::api::Host;
use common::server::{PgDatabase, Server, postgres};
use reqwest::Method;
use reqwest::header::{ALLOW, CONTENT_LENGTH, CONTENT_TYPE, HeaderMap};
use serde_json::json;
use touring::db::{Database, Manager};

/// Sends one request and returns its status, headers and body.
fn call(server: &Server, method: Method, path: &str) -> (u16, HeaderMap, Vec<u8>) {
    let response = server
        .client()
        .request(method.clone(), server.url(path))
        .send()
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response.bytes().expect("body").to_vec();
    (status, headers, body)
}

fn header<'a>(headers: &'a HeaderMap, name: &reqwest::header::HeaderName) -> Option<&'a str> {
    headers.get(name).and_then(|value| value.to_str().ok())
}

#[test]
fn head_answers_every_get_address_as_get_does_without_the_body() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Heads", "seed": 3}));
    let event = host.event;
    // Pages, files, the API, the health check, and addresses that are not there: HEAD gets
    // GET's status and type, and no body.
    let addresses = [
        "/".to_owned(),
        "/static/style.css".to_owned(),
        "/static/touring.js".to_owned(),
        "/favicon.ico".to_owned(),
        "/api/openapi.json".to_owned(),
        "/healthz".to_owned(),
        format!("/api/v1/events/{event}"),
        format!("/events/{event}/screen"),
        format!("/events/{event}/standings"),
        "/no/such/page".to_owned(),
        "/api/v1/nothing".to_owned(),
        // POST only: a 405 that names the method it takes, as for GET.
        "/api/v1/events".to_owned(),
    ];
    for path in &addresses {
        let (get_status, get_headers, get_body) = call(&server, Method::GET, path);
        let (head_status, head_headers, head_body) = call(&server, Method::HEAD, path);
        assert_eq!(head_status, get_status, "HEAD {path}");
        assert_eq!(
            header(&head_headers, &CONTENT_TYPE),
            header(&get_headers, &CONTENT_TYPE),
            "HEAD {path}: the type GET answers with"
        );
        assert_eq!(
            header(&head_headers, &ALLOW),
            header(&get_headers, &ALLOW),
            "HEAD {path}"
        );
        assert!(head_body.is_empty(), "HEAD {path} sent a body");
        assert!(!get_body.is_empty(), "GET {path} sent no body");
    }
    // What is the same on every GET says its length on HEAD too.
    for path in ["/static/style.css", "/api/openapi.json", "/healthz"] {
        let (_, get_headers, get_body) = call(&server, Method::GET, path);
        let (_, head_headers, _) = call(&server, Method::HEAD, path);
        assert_eq!(
            header(&head_headers, &CONTENT_LENGTH),
            Some(get_body.len().to_string().as_str()),
            "HEAD {path}: GET's length"
        );
        assert_eq!(
            header(&get_headers, &CONTENT_LENGTH),
            header(&head_headers, &CONTENT_LENGTH)
        );
    }
    let (status, _, _) = call(&server, Method::GET, "/api/v1/events");
    assert_eq!(status, 405);
    // A live page's stream never ends on GET; HEAD answers with its headers and is done.
    let (status, headers, body) = call(
        &server,
        Method::HEAD,
        &format!("/events/{event}/live/screen"),
    );
    assert_eq!(status, 200);
    assert_eq!(header(&headers, &CONTENT_TYPE), Some("text/event-stream"));
    assert!(body.is_empty());
    // The server still serves after all of that.
    let (status, text) = server.text("/healthz", None);
    assert_eq!((status, text.as_str()), (200, "ok\n"));
}

#[test]
fn healthz_answers_200_while_the_database_answers() {
    let server = Server::start();
    let (status, text) = server.text("/healthz", None);
    assert_eq!((status, text.as_str()), (200, "ok\n"));
    // It is not kept by caches: each look is a new check.
    let (_, headers, _) = call(&server, Method::GET, "/healthz");
    assert_eq!(
        header(&headers, &reqwest::header::CACHE_CONTROL),
        Some("no-store")
    );
}

/// On PostgreSQL (CI's second pass): the server's database dropped under it, every connection
/// cut, then 503; the server itself keeps answering.
#[test]
fn healthz_answers_503_when_the_postgresql_database_is_gone() {
    let Some(admin) = postgres() else {
        eprintln!("skipped: set TOURING_TEST_DATABASE to run it on PostgreSQL");
        return;
    };
    let database = PgDatabase::create(&admin);
    let key = tempfile::tempdir().expect("temporary directory");
    let key_file = key.path().join("touring.key");
    let server = Server::start_on_with(
        &Database::Postgres(database.url.clone()),
        &["--key-file", &key_file.display().to_string()],
    );
    assert_eq!(server.text("/healthz", None).0, 200);
    drop(database);
    let (status, text) = server.text("/healthz", None);
    assert_eq!(
        (status, text.as_str()),
        (503, "the database does not answer\n")
    );
    let (status, _, _) = call(&server, Method::GET, "/static/style.css");
    assert_eq!(status, 200, "the rest of the server still answers");
}

/// On any machine: the health check of an app whose database cannot be reached (nothing
/// listens where it points) says 503, in the server's own routes.
#[actix_web::test]
async fn healthz_answers_503_when_the_database_cannot_be_reached() {
    let unreachable = Database::Postgres("postgres://touring@127.0.0.1:9/touring".into());
    let pool = diesel::r2d2::Pool::builder()
        .max_size(1)
        .build_unchecked(Manager::new(unreachable));
    let app = touring::app::App::new(pool, Arc::new(touring::app::SystemClock));
    let service = actix_web::test::init_service(
        actix_web::App::new()
            .app_data(actix_web::web::Data::new(app))
            .configure(touring::web::configure),
    )
    .await;
    let request = actix_web::test::TestRequest::get()
        .uri("/healthz")
        .to_request();
    let response = actix_web::test::call_service(&service, request).await;
    assert_eq!(response.status().as_u16(), 503);
    let body = actix_web::test::read_body(response).await;
    assert_eq!(&body[..], b"the database does not answer\n");
}

/// `touring healthcheck` (the container's health check): exit 0 and "healthy" while the server
/// answers, a failure that says why when nothing listens.
#[test]
fn healthcheck_command_asks_healthz() {
    let server = Server::start();
    let port = server
        .base
        .rsplit(':')
        .next()
        .expect("a port in the address")
        .to_owned();
    let check = |port: &str| {
        Command::new(env!("CARGO_BIN_EXE_touring"))
            .args(["healthcheck", "--port", port])
            .env_remove("TOURING_ADDRESS")
            .output()
            .expect("run touring healthcheck")
    };
    let healthy = check(&port);
    assert!(healthy.status.success(), "{healthy:?}");
    assert_eq!(String::from_utf8_lossy(&healthy.stdout), "healthy: ok\n");
    // The same port once nobody listens there.
    drop(server);
    let gone = check(&port);
    assert!(!gone.status.success());
    let said = String::from_utf8_lossy(&gone.stderr);
    assert!(
        said.contains("cannot reach touring at 127.0.0.1:"),
        "{said}"
    );
}

/// One sample of the Prometheus text format: its name, its labels and its value.
type Sample = (String, Vec<(String, String)>, f64);

/// Reads Prometheus's text format strictly: `# HELP` and `# TYPE` lines, and samples
/// `name{label="value",...} number`; panics on anything else.
fn parse_prometheus(text: &str) -> Vec<Sample> {
    let valid_name = |name: &str| {
        !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    };
    let mut samples = Vec::new();
    for line in text.lines().filter(|line| !line.is_empty()) {
        if let Some(comment) = line.strip_prefix("# ") {
            let mut words = comment.splitn(3, ' ');
            let (kind, name) = (words.next(), words.next());
            assert!(matches!(kind, Some("HELP" | "TYPE")), "comment: {line}");
            assert!(name.is_some_and(valid_name), "comment's name: {line}");
            if kind == Some("TYPE") {
                let kind = words.next().unwrap_or_default();
                assert!(
                    ["counter", "gauge", "histogram", "summary", "untyped"].contains(&kind),
                    "type: {line}"
                );
            }
            continue;
        }
        let (series, value) = line.rsplit_once(' ').expect("a sample has a value");
        let value: f64 = value
            .parse()
            .unwrap_or_else(|_| panic!("not a number: {line}"));
        let (name, labels) = match series.split_once('{') {
            Some((name, rest)) => {
                let inner = rest.strip_suffix('}').expect("labels end with }");
                let labels = inner
                    .split("\",")
                    .filter(|pair| !pair.is_empty())
                    .map(|pair| {
                        let (key, value) = pair.split_once("=\"").expect("label=\"value\"");
                        assert!(valid_name(key), "label name: {line}");
                        (key.to_owned(), value.trim_end_matches('"').to_owned())
                    })
                    .collect();
                (name, labels)
            }
            None => (series, Vec::new()),
        };
        assert!(valid_name(name), "name: {line}");
        samples.push((name.to_owned(), labels, value));
    }
    samples
}

/// The value of the sample with this name and these labels (among others), if there is one.
fn sample(samples: &[Sample], name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    samples
        .iter()
        .find(|(n, l, _)| {
            n == name
                && labels
                    .iter()
                    .all(|(k, v)| l.iter().any(|(lk, lv)| lk == k && lv == v))
        })
        .map(|(_, _, value)| *value)
}

/// One move, by whichever seat is to play.
fn play_one_move(server: &Server, players: &[String]) {
    let mut dice = common::api::Dice::new(5);
    let moved = players.iter().any(|token| {
        let state = common::api::seat(server, token);
        dice.pick(&state).is_some_and(|action| {
            let (status, answer) =
                common::api::send_move(server, token, &state["deal"]["actions"], &action);
            assert_eq!(status, 200, "{answer}");
            true
        })
    });
    assert!(moved, "a seat had a move to play");
}

/// The metrics now, read strictly.
fn metrics_now(server: &Server) -> (String, Vec<Sample>) {
    let (status, _, body) = call(server, Method::GET, "/metrics");
    assert_eq!(status, 200);
    let text = String::from_utf8(body).expect("UTF-8");
    let samples = parse_prometheus(&text);
    (text, samples)
}

#[test]
fn metrics_show_every_family_after_a_small_party() {
    let server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Families", "seed": 4, "round": {"kind": "timed", "seconds": 3600}}),
    );
    let players = host.add_players(&server, &["Ann", "Bob"]);
    host.ok(&server, "/rounds", json!({}));
    host.ok(&server, "/rounds/1/start", json!({}));
    play_one_move(&server, &players);
    let live = server
        .client()
        .get(server.url(&format!("/seat/{}/live", players[0])))
        .send()
        .expect("open a live page");
    assert_eq!(live.status().as_u16(), 200);
    // The clock watcher counts the running rounds at its next look (within a second or so);
    // on PostgreSQL the relay listens once it has connected.
    let relayed = if postgres().is_some() { 1.0 } else { 0.0 };
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let (text, samples) = loop {
        let (text, samples) = metrics_now(&server);
        if sample(&samples, "touring_rounds_running", &[]) == Some(1.0)
            && sample(&samples, "touring_relay_connected", &[]) == Some(relayed)
        {
            break (text, samples);
        }
        assert!(
            std::time::Instant::now() < give_up,
            "no round running, or the relay is not as it should be:\n{text}"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    for family in [
        "touring_http_requests_total",
        "touring_http_request_duration_seconds_bucket",
        "touring_http_request_duration_seconds_sum",
        "touring_http_request_duration_seconds_count",
        "touring_moves_played_total",
        "touring_live_streams_open",
        "touring_rounds_running",
        "touring_db_pool_connections",
        "touring_db_pool_idle_connections",
        "touring_db_pool_max_connections",
        "touring_relay_enabled",
        "touring_relay_connected",
        "touring_relay_reconnections_total",
        "touring_relay_notices_total",
    ] {
        assert!(
            samples.iter().any(|(name, _, _)| name == family),
            "{family} is missing:\n{text}"
        );
    }
    assert!(sample(&samples, "touring_moves_played_total", &[]) >= Some(1.0));
    assert!(sample(&samples, "touring_live_streams_open", &[]) >= Some(1.0));
    let max = sample(&samples, "touring_db_pool_max_connections", &[]);
    assert_eq!(max, Some(8.0), "{text}");
    let open = sample(&samples, "touring_db_pool_connections", &[]);
    assert!(open >= Some(1.0) && open <= max, "{text}");
    assert!(sample(&samples, "touring_db_pool_idle_connections", &[]) <= open);
    // The relay runs between instances on PostgreSQL only.
    assert_eq!(
        sample(&samples, "touring_relay_enabled", &[]),
        Some(relayed),
        "{text}"
    );
    for direction in ["sent", "heard"] {
        assert!(
            sample(
                &samples,
                "touring_relay_notices_total",
                &[("direction", direction)]
            )
            .is_some(),
            "{text}"
        );
    }
    drop(live);
}

/// The caches the server keeps, by their names in `/metrics` (see src/cache.rs).
const CACHES: [&str; 9] = [
    "deals",
    "event_settings",
    "screen_pages",
    "standings_pages",
    "printed_pages",
    "moved_boards",
    "live_drawings",
    "board_parts",
    "qr_codes",
];

#[test]
fn metrics_list_every_cache_and_a_page_loaded_twice_is_drawn_once_and_counted_a_hit() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Kept", "seed": 6}));
    let (text, samples) = metrics_now(&server);
    for cache in CACHES {
        for family in [
            "touring_cache_entries",
            "touring_cache_capacity",
            "touring_cache_hits_total",
            "touring_cache_misses_total",
        ] {
            assert!(
                sample(&samples, family, &[("cache", cache)]).is_some(),
                "{family} of {cache} is missing:\n{text}"
            );
        }
        assert!(
            sample(&samples, "touring_cache_capacity", &[("cache", cache)]) >= Some(1.0),
            "{cache} is bounded:\n{text}"
        );
    }
    let figure = |samples: &[Sample], family: &str, cache: &str| {
        sample(samples, family, &[("cache", cache)]).unwrap_or(0.0)
    };
    // The standings page's cache: its entries, hits and misses.
    let standings_pages = |samples: &[Sample]| {
        [
            "touring_cache_entries",
            "touring_cache_hits_total",
            "touring_cache_misses_total",
        ]
        .map(|family| figure(samples, family, "standings_pages"))
    };
    let standings = format!("/events/{}/standings", host.event);
    assert_eq!(call(&server, Method::GET, &standings).0, 200);
    let (text, once) = metrics_now(&server);
    assert_eq!(standings_pages(&once), [1.0, 0.0, 1.0], "{text}");
    // The same page again, the event unchanged: the kept drawing, counted as a hit.
    assert_eq!(call(&server, Method::GET, &standings).0, 200);
    let (text, twice) = metrics_now(&server);
    assert_eq!(standings_pages(&twice), [1.0, 1.0, 1.0], "{text}");
    assert_eq!(
        sample(
            &twice,
            "touring_page_drawings_total",
            &[("page", "standings")]
        ),
        Some(1.0),
        "{text}"
    );
    // The projector twice: its QR code is drawn once, then found.
    let screen = format!("/events/{}/screen", host.event);
    let qr_hits = figure(&twice, "touring_cache_hits_total", "qr_codes");
    for _ in 0..2 {
        assert_eq!(call(&server, Method::GET, &screen).0, 200);
    }
    let (text, after) = metrics_now(&server);
    assert!(
        figure(&after, "touring_cache_hits_total", "qr_codes") > qr_hits,
        "{text}"
    );
    assert!(
        figure(&after, "touring_cache_entries", "qr_codes") >= 1.0,
        "{text}"
    );
    assert_eq!(
        figure(&after, "touring_cache_hits_total", "screen_pages"),
        1.0,
        "{text}"
    );
}

#[test]
fn metrics_are_refused_through_a_proxy_and_name_no_secret() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Private", "seed": 4}));
    let players = host.add_players(&server, &["Ann", "Bob"]);
    // A proxy in front forwards a stranger's request: refused, whatever the proxy.
    for forwarded in [
        ("x-forwarded-for", "203.0.113.9"),
        ("forwarded", "for=203.0.113.9"),
    ] {
        let response = server
            .client()
            .get(server.url("/metrics"))
            .header(forwarded.0, forwarded.1)
            .send()
            .expect("GET /metrics");
        assert_eq!(response.status().as_u16(), 403, "{forwarded:?}");
    }
    // From this machine, straight: answered, with no token and no event's name in it.
    let (text, _) = metrics_now(&server);
    for secret in players.iter().chain([&host.token]) {
        assert!(!text.contains(secret.as_str()), "{text}");
    }
    assert!(!text.contains("Private"), "{text}");
}

#[test]
fn metrics_count_requests_moves_and_streams_in_prometheus_text_format() {
    let server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Measured", "seed": 3, "round": {"kind": "timed", "seconds": 3600}}),
    );
    let players = host.add_players(&server, &["Ann", "Bob"]);
    host.ok(&server, "/rounds", json!({}));
    host.ok(&server, "/rounds/1/start", json!({}));
    play_one_move(&server, &players);
    for _ in 0..2 {
        assert_eq!(server.text("/healthz", None).0, 200);
    }
    assert_eq!(call(&server, Method::HEAD, "/healthz").0, 200);
    assert_eq!(call(&server, Method::GET, "/no/such/page").0, 404);
    // A live page held open while the metrics are read.
    let live = server
        .client()
        .get(server.url(&format!("/events/{}/live/screen", host.event)))
        .send()
        .expect("open a live page");
    assert_eq!(live.status().as_u16(), 200);

    let (status, headers, body) = call(&server, Method::GET, "/metrics");
    assert_eq!(status, 200);
    assert_eq!(
        header(&headers, &CONTENT_TYPE),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    let text = String::from_utf8(body).expect("UTF-8");
    let samples = parse_prometheus(&text);
    assert!(
        samples
            .iter()
            .all(|(name, _, _)| name.starts_with("touring_")),
        "{text}"
    );
    let healthz = [("method", "GET"), ("route", "/healthz"), ("status", "200")];
    // Two GETs and a HEAD (counted as the GET it is answered as).
    assert_eq!(
        sample(&samples, "touring_http_requests_total", &healthz),
        Some(3.0),
        "{text}"
    );
    assert_eq!(
        sample(
            &samples,
            "touring_http_requests_total",
            &[("route", "unmatched"), ("status", "404")]
        ),
        Some(1.0),
        "{text}"
    );
    // The route is the pattern: no token, no event number.
    assert_eq!(
        sample(
            &samples,
            "touring_http_requests_total",
            &[
                ("method", "POST"),
                ("route", "/api/v1/seats/{token}/moves"),
                ("status", "200")
            ]
        ),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        sample(
            &samples,
            "touring_http_request_duration_seconds_count",
            &[("method", "GET"), ("route", "/healthz")]
        ),
        Some(3.0),
        "{text}"
    );
    assert_eq!(
        sample(
            &samples,
            "touring_http_request_duration_seconds_bucket",
            &[("method", "GET"), ("route", "/healthz"), ("le", "+Inf")]
        ),
        Some(3.0),
        "{text}"
    );
    assert_eq!(
        sample(&samples, "touring_moves_played_total", &[]),
        Some(1.0),
        "{text}"
    );
    assert!(
        sample(&samples, "touring_live_streams_open", &[]) >= Some(1.0),
        "{text}"
    );
    drop(live);
}

/// The server's log lines, once the line of the request `id` is there (the log is read from
/// the server's standard error as it comes).
fn log_until(server: &Server, id: &str) -> String {
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let log = server.log();
        if log.contains(id) {
            return log;
        }
        assert!(
            std::time::Instant::now() < give_up,
            "no log line names request {id}:\n{log}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// GET with an `X-Request-Id` (or none), answering the status and the id echoed back.
fn get_with_id(server: &Server, path: &str, id: Option<&str>) -> (u16, String) {
    let mut request = server.client().get(server.url(path));
    if let Some(id) = id {
        request = request.header("x-request-id", id);
    }
    let response = request.send().expect("GET");
    let echoed = response
        .headers()
        .get("x-request-id")
        .and_then(|value| value.to_str().ok())
        .expect("an X-Request-Id in every answer")
        .to_owned();
    (response.status().as_u16(), echoed)
}

#[test]
fn json_access_lines_carry_method_route_status_latency_and_request_id_and_no_token() {
    let server = Server::start_with(&["--log-format", "json"]);
    let host = Host::create(
        &server,
        json!({"name": "Logged", "seed": 3, "round": {"kind": "timed", "seconds": 3600}}),
    );
    let players = host.add_players(&server, &["Ann", "Bob"]);
    host.ok(&server, "/rounds", json!({}));
    host.ok(&server, "/rounds/1/start", json!({}));
    // Tokens in paths, in query strings and in headers; a move; a seat's hand read.
    let mut hands = Vec::new();
    for token in &players {
        let state = common::api::seat(&server, token);
        let own = state["deal"]["seat"].as_u64().expect("own seat") as usize;
        let hand = &state["deal"]["view"]["seats"][own]["hand"];
        assert!(
            hand.as_array().is_some_and(|cards| !cards.is_empty()),
            "{state}"
        );
        hands.push(hand.to_string());
        let (status, _) = server.text(&format!("/seat/{token}?key={token}"), None);
        assert_eq!(status, 200);
    }
    play_one_move(&server, &players);
    // A proxy's request id is kept and echoed; one that is too long, has other characters or
    // is shaped like a token is replaced by one of the server's own; none gets one.
    assert_eq!(
        get_with_id(&server, "/healthz", Some("lb-7.a_b:c")),
        (200, "lb-7.a_b:c".to_owned())
    );
    let own = |id: &str| id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit());
    for refused in ["x".repeat(65), "two words".to_owned(), players[0].clone()] {
        let (_, echoed) = get_with_id(&server, "/healthz", Some(&refused));
        assert!(own(&echoed), "{refused:?} was replaced, not by {echoed:?}");
    }
    let (status, last) = get_with_id(&server, "/no/such/page", None);
    assert_eq!(status, 404);
    assert!(own(&last), "{last}");

    let log = log_until(&server, &last);
    let lines: Vec<serde_json::Value> = log
        .lines()
        .map(|line| {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"))
        })
        .collect();
    let access: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|line| line["target"] == "touring::access")
        .collect();
    for line in &access {
        assert_eq!(line["level"], "INFO", "{line}");
        assert!(line["time"].is_string(), "{line}");
        assert!(line["method"].is_string(), "{line}");
        assert!(
            line["route"]
                .as_str()
                .is_some_and(|r| r.starts_with('/') || r == "unmatched")
        );
        assert!(line["status"].is_u64(), "{line}");
        assert!(
            line["latency_ms"].as_f64().is_some_and(|ms| ms >= 0.0),
            "{line}"
        );
        assert!(
            line["request_id"].as_str().is_some_and(|id| !id.is_empty()),
            "{line}"
        );
    }
    let find = |method: &str, route: &str, status: u64| {
        access.iter().find(|line| {
            line["method"] == method && line["route"] == route && line["status"] == status
        })
    };
    let given = find("GET", "/healthz", 200).expect("the health checks' lines");
    assert!(
        access
            .iter()
            .any(|line| line["route"] == "/healthz" && line["request_id"] == "lb-7.a_b:c"),
        "the proxy's id is in the log: {given}"
    );
    assert!(find("GET", "/seat/{token}", 200).is_some(), "{log}");
    assert!(
        find("POST", "/api/v1/seats/{token}/moves", 200).is_some(),
        "{log}"
    );
    assert!(
        access
            .iter()
            .any(|line| line["status"] == 404 && line["request_id"] == last.as_str()),
        "{log}"
    );
    // No token, no hand.
    for secret in players.iter().chain([&host.token]) {
        assert!(
            !log.contains(secret.as_str()),
            "a token is in the log:\n{log}"
        );
    }
    for hand in &hands {
        assert!(!log.contains(hand.as_str()), "a hand is in the log:\n{log}");
    }
}

#[test]
fn text_access_lines_name_the_route_status_and_request_id() {
    let server = Server::start();
    let (status, id) = get_with_id(&server, "/healthz", None);
    assert_eq!(status, 200);
    let log = log_until(&server, &id);
    let line = log
        .lines()
        .find(|line| line.contains(&id))
        .expect("the request's line");
    assert!(
        line.contains("touring::access") && line.contains("GET /healthz 200 "),
        "{line}"
    );
    assert!(line.ends_with(&format!("ms request {id}")), "{line}");
}

/// Sends a GET with `Accept-Encoding: encoding` and returns its status, headers and body (as
/// sent, not decoded).
fn get_accepting(server: &Server, path: &str, encoding: &str) -> (u16, HeaderMap, Vec<u8>) {
    let response = server
        .client()
        .get(server.url(path))
        .header(reqwest::header::ACCEPT_ENCODING, encoding)
        .send()
        .unwrap_or_else(|e| panic!("GET {path}: {e}"));
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response.bytes().expect("body").to_vec();
    (status, headers, body)
}

#[test]
fn pages_and_static_files_are_compressed_with_gzip_and_brotli() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Squeezed", "seed": 3}));
    let (_, plain_headers, plain) = call(&server, Method::GET, "/static/style.css");
    assert_eq!(
        header(&plain_headers, &reqwest::header::CONTENT_ENCODING),
        None
    );
    for path in [
        "/".to_owned(),
        "/static/style.css".to_owned(),
        "/static/touring.js".to_owned(),
        format!("/events/{}/screen", host.event),
    ] {
        for (accepted, sent) in [("gzip", "gzip"), ("br", "br"), ("br, gzip", "br")] {
            let (status, headers, body) = get_accepting(&server, &path, accepted);
            assert_eq!(status, 200, "GET {path}");
            assert_eq!(
                header(&headers, &reqwest::header::CONTENT_ENCODING),
                Some(sent),
                "GET {path} accepting {accepted}"
            );
            assert!(!body.is_empty(), "GET {path}");
        }
    }
    // The style sheet shrinks to well under its size.
    let (_, _, gzipped) = get_accepting(&server, "/static/style.css", "gzip");
    assert!(
        gzipped.len() * 2 < plain.len(),
        "{} bytes gzipped of {}",
        gzipped.len(),
        plain.len()
    );
}

#[test]
fn static_files_carry_a_content_hash_in_their_name_and_are_cached_for_a_year() {
    let server = Server::start();
    let (_, _, page) = call(&server, Method::GET, "/");
    let page = String::from_utf8(page).expect("a page");
    for (plain, prefix, suffix) in [
        ("/static/style.css", "/static/style.", ".css"),
        ("/static/touring.js", "/static/touring.", ".js"),
    ] {
        let start = page
            .find(&format!("\"{prefix}"))
            .unwrap_or_else(|| panic!("the page refers to {prefix}…{suffix}: {page}"));
        let rest = &page[start + 1..];
        let url = &rest[..rest.find('"').expect("the end of the address")];
        let hash = &url[prefix.len()..url.len() - suffix.len()];
        assert!(
            hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()),
            "a hash in the name: {url}"
        );
        let (status, headers, body) = call(&server, Method::GET, url);
        assert_eq!(status, 200, "GET {url}");
        assert_eq!(
            header(&headers, &reqwest::header::CACHE_CONTROL),
            Some("public, max-age=31536000, immutable"),
            "GET {url}"
        );
        // The old plain name still answers the same file, cached for an hour only.
        let (status, headers, same) = call(&server, Method::GET, plain);
        assert_eq!(status, 200, "GET {plain}");
        assert_eq!(same, body, "{plain} and {url} are the same file");
        assert_eq!(
            header(&headers, &reqwest::header::CACHE_CONTROL),
            Some("public, max-age=3600"),
            "GET {plain}"
        );
        // A page from before an upgrade asks for an older hash: today's file, not cached long.
        let older = format!("{prefix}0123456789abcdef{suffix}");
        let (status, headers, _) = call(&server, Method::GET, &older);
        assert_eq!(status, 200, "GET {older}");
        assert_eq!(
            header(&headers, &reqwest::header::CACHE_CONTROL),
            Some("public, max-age=3600")
        );
    }
    let (status, _, _) = call(&server, Method::GET, "/static/nothing.txt");
    assert_eq!(status, 404);
}

/// A client that follows its seat's live stream asks for a minimal answer to its moves
/// (`Prefer: return=minimal`, RFC 7240, in any case, quoted or not, among other preferences):
/// the answer then carries the move's events and where the deal stands (`deal`), which is what
/// the seat's state says right after (the deal went on), and no state. Any other preference, or
/// none, gets the whole answer, the seat's state, as before.
#[test]
fn a_move_asked_for_a_minimal_answer_answers_its_events_and_where_the_deal_stands() {
    let server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Minimal", "seed": 6, "round": {"kind": "timed", "seconds": 3600}}),
    );
    let players = host.add_players(&server, &["Ann", "Bob"]);
    host.ok(&server, "/rounds", json!({}));
    host.ok(&server, "/rounds/1/start", json!({}));
    let mut dice = common::api::Dice::new(6);
    let asked = [
        (Some("return=minimal"), true),
        (Some("respond-async, RETURN=\"Minimal\"; x=1"), true),
        (Some("return=representation"), false),
        (None, false),
        (Some("return=minimal"), true),
    ];
    for (prefer, minimal) in asked {
        let (token, state, action) = players
            .iter()
            .find_map(|token| {
                let state = common::api::seat(&server, token);
                dice.pick(&state).map(|action| (token, state, action))
            })
            .expect("a seat has a move to play");
        let mut request = server
            .client()
            .post(server.url(&format!("/api/v1/seats/{token}/moves")))
            .json(&json!({"seen": state["deal"]["actions"], "action": action}));
        if let Some(prefer) = prefer {
            request = request.header("Prefer", prefer);
        }
        let response = request.send().expect("the move");
        assert_eq!(response.status().as_u16(), 200, "{prefer:?}");
        let applied = response
            .headers()
            .get("preference-applied")
            .map(|v| v.to_str().expect("ASCII").to_owned());
        let answer: serde_json::Value = response.json().expect("JSON");
        assert!(answer["events"].is_array(), "{prefer:?}: {answer}");
        let after = common::api::seat(&server, token);
        if minimal {
            assert_eq!(applied.as_deref(), Some("return=minimal"), "{prefer:?}");
            assert!(answer.get("seat").is_none(), "{prefer:?}: {answer}");
            assert_eq!(answer["deal"]["number"], after["deal"]["number"]);
            assert_eq!(answer["deal"]["actions"], after["deal"]["actions"]);
            assert!(
                answer["deal"]["actions"].as_u64() > state["deal"]["actions"].as_u64(),
                "{prefer:?}: the deal went on: {answer}"
            );
        } else {
            assert_eq!(applied, None, "{prefer:?}");
            assert!(answer.get("deal").is_none(), "{prefer:?}: {answer}");
            // (The state's clocks have run on since: the position is compared.)
            assert_eq!(answer["seat"]["deal"]["number"], after["deal"]["number"]);
            assert_eq!(answer["seat"]["deal"]["actions"], after["deal"]["actions"]);
            assert_eq!(
                answer["seat"]["deal"]["view"]["seats"],
                after["deal"]["view"]["seats"]
            );
        }
    }
}
