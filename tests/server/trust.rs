//! Trust, round 2: a stranger on the party's Wi-Fi. Each test is one attack that used to work
//! (issue 11) and must not any more, through a real server.

use crate::common;

use common::api::Host;
use common::server::Server;
use reqwest::blocking::{Client, Response};
use reqwest::redirect::Policy;
use serde_json::{Value, json};
use touring::engine::{Config, Game, RulesId};
use touring::tournament::game_seed;

/// A browser with its own cookie jar that does not follow redirects.
fn browser() -> Client {
    Client::builder()
        .cookie_store(true)
        .redirect(Policy::none())
        .build()
        .expect("client")
}

fn status_of(response: Response) -> u16 {
    response.status().as_u16()
}

fn get(client: &Client, server: &Server, path: &str) -> (u16, String) {
    let response = client.get(server.url(path)).send().expect("GET");
    let status = response.status().as_u16();
    (status, response.text().unwrap_or_default())
}

fn csrf_of(client: &Client, server: &Server, path: &str) -> String {
    let (_, html) = get(client, server, path);
    html.split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("a CSRF field on the page")
        .to_owned()
}

fn post_form(client: &Client, server: &Server, path: &str, form: &[(&str, &str)]) -> u16 {
    status_of(
        client
            .post(server.url(path))
            .form(form)
            .send()
            .expect("POST"),
    )
}

/// The 32 hex digits after `marker` in a page.
fn key_after(html: &str, marker: &str) -> String {
    html.split(marker)
        .nth(1)
        .and_then(|r| r.get(..32))
        .unwrap_or_else(|| panic!("{marker} in {html}"))
        .to_owned()
}

/// An event of four players at two tables of two, round 1 seated in the host's order (Ann and
/// Bob at table 1, Cy and Di at table 2), with the host's browser signed in.
struct Party {
    host: Host,
    tokens: Vec<String>,
    players: Vec<i64>,
    console: Client,
}

impl Party {
    fn new(server: &Server) -> Party {
        let host = Host::create(
            server,
            json!({"name": "Trust", "table_size": 2, "seed": 7,
                   "round": {"kind": "timed", "seconds": 3600}}),
        );
        let tokens = host.add_players(server, &["Ann", "Bob", "Cy", "Di"]);
        let entries = host.get(server, "/entries");
        let entries = entries["entries"].as_array().expect("entries");
        let players = entries
            .iter()
            .map(|e| e["players"][0].as_i64().expect("player"))
            .collect();
        let order: Vec<Value> = entries.iter().map(|e| e["id"].clone()).collect();
        host.ok(server, "/rounds", json!({ "order": order }));
        let console = browser();
        let (status, _) = get(
            &console,
            server,
            &format!("/events/{}/host?token={}", host.event, host.token),
        );
        assert_eq!(status, 303);
        Party {
            host,
            tokens,
            players,
            console,
        }
    }

    fn event(&self) -> i64 {
        self.host.event
    }

    /// The join key of a table, from the printed tents.
    fn table_key(&self, server: &Server, table: u32) -> String {
        let (status, tents) = get(
            &self.console,
            server,
            &format!("/events/{}/print/tents", self.event()),
        );
        assert_eq!(status, 200);
        key_after(&tents, &format!("/table/{table}?key="))
    }

    /// A stranger's pick of a player's seat with a key (from a table's page when `table`).
    fn pick(
        &self,
        server: &Server,
        guest: &Client,
        key: &str,
        table: Option<u32>,
        player: i64,
    ) -> u16 {
        let page = match table {
            Some(n) => format!("/events/{}/table/{n}?key={key}", self.event()),
            None => format!("/events/{}/join?key={key}", self.event()),
        };
        let csrf = csrf_of(guest, server, "/");
        let (status, _) = get(guest, server, &page);
        assert!(status == 200 || status == 403, "{page}: {status}");
        let table = table.map(|n| n.to_string()).unwrap_or_default();
        post_form(
            guest,
            server,
            &format!("/events/{}/pick", self.event()),
            &[
                ("csrf", &csrf),
                ("key", key),
                ("player", &player.to_string()),
                ("table", &table),
            ],
        )
    }

    /// Makes the projector and standings private from the console; returns the viewer key.
    fn make_private(&self, server: &Server) -> String {
        let path = format!("/events/{}/host", self.event());
        let csrf = csrf_of(&self.console, server, &path);
        let status = post_form(
            &self.console,
            server,
            &format!("/events/{}/host/views", self.event()),
            &[("csrf", &csrf), ("private", "true")],
        );
        assert_eq!(status, 303);
        let (_, console) = get(&self.console, server, &path);
        key_after(&console, "screen?key=")
    }
}

#[test]
fn a_join_key_picks_only_a_free_seat_at_its_own_table() {
    let server = Server::start();
    let party = Party::new(&server);
    let key = party.table_key(&server, 1);
    // Ann opens her seat link first: the seat is hers.
    common::api::seat(&server, &party.tokens[0]);
    let stranger = browser();
    assert_eq!(
        party.pick(&server, &stranger, &key, Some(1), party.players[0]),
        403,
        "Ann holds her seat"
    );
    assert_eq!(
        party.pick(&server, &stranger, &key, Some(1), party.players[2]),
        403,
        "Cy sits at table 2"
    );
    assert_eq!(
        party.pick(&server, &stranger, &key, Some(2), party.players[2]),
        403,
        "table 1's key does not open table 2"
    );
    let (_, page) = get(
        &stranger,
        &server,
        &format!("/events/{}/table/1?key={key}", party.event()),
    );
    assert!(page.contains("Bob") && !page.contains(">Ann<"), "{page}");
    let (status, _) = get(&stranger, &server, "/seat");
    assert_eq!(status, 403, "the stranger holds no seat");
    // Bob picks his own free seat; after that, nobody else can.
    let bob = browser();
    assert_eq!(
        party.pick(&server, &bob, &key, Some(1), party.players[1]),
        303
    );
    assert_eq!(get(&bob, &server, "/seat").0, 200);
    assert_eq!(
        party.pick(&server, &stranger, &key, Some(1), party.players[1]),
        403,
        "Bob holds his seat now"
    );
}

#[test]
fn renewing_or_releasing_a_seat_ends_the_session_of_whoever_picked_it() {
    let server = Server::start();
    let party = Party::new(&server);
    let key = party.table_key(&server, 1);
    let intruder = browser();
    assert_eq!(
        party.pick(&server, &intruder, &key, Some(1), party.players[1]),
        303
    );
    assert_eq!(get(&intruder, &server, "/seat").0, 200);
    // The host renews Bob's link: the intruder's session ends.
    party.host.ok(
        &server,
        &format!("/players/{}/link", party.players[1]),
        json!({}),
    );
    assert_eq!(get(&intruder, &server, "/seat").0, 403, "renewed");
    assert_eq!(
        party.pick(&server, &intruder, &key, Some(1), party.players[1]),
        403,
        "still held"
    );
    // The host releases the seat: it can be picked again, and that session ends on release.
    party.host.ok(
        &server,
        &format!("/players/{}/release", party.players[1]),
        json!({}),
    );
    let bob = browser();
    assert_eq!(
        party.pick(&server, &bob, &key, Some(1), party.players[1]),
        303
    );
    assert_eq!(get(&bob, &server, "/seat").0, 200);
    party.host.ok(
        &server,
        &format!("/players/{}/release", party.players[1]),
        json!({}),
    );
    assert_eq!(get(&bob, &server, "/seat").0, 403, "released");
    let (status, _) = server.post(
        &party
            .host
            .path(&format!("/players/{}/release", party.players[1])),
        None,
        &json!({}),
    );
    assert_eq!(status, 403, "only the host releases a seat");
}

#[test]
fn the_host_rotates_the_join_keys_and_the_host_token() {
    let server = Server::start();
    let party = Party::new(&server);
    let old = party.table_key(&server, 1);
    let (status, _) = server.post(&party.host.path("/join-keys"), None, &json!({}));
    assert_eq!(status, 403, "only the host rotates the keys");
    let answer = party.host.ok(&server, "/join-keys", json!({}));
    assert!(answer["join_key"].as_str().is_some(), "{answer}");
    let guest = browser();
    let (status, _) = get(
        &guest,
        &server,
        &format!("/events/{}/table/1?key={old}", party.event()),
    );
    assert_eq!(status, 403, "the old tent's key stops working");
    let new = party.table_key(&server, 1);
    assert_ne!(new, old);
    assert_eq!(
        party.pick(&server, &guest, &new, Some(1), party.players[1]),
        303
    );

    let answer = party.host.ok(&server, "/host-token", json!({}));
    let token = answer["host_token"]
        .as_str()
        .expect("a new token")
        .to_owned();
    let (status, _) = server.get(&party.host.path("/seating"), Some(&party.host.token));
    assert_eq!(status, 403, "the old host token stops working");
    let (status, _) = server.get(&party.host.path("/corrections"), Some(&token));
    assert_eq!(status, 200, "the new one works");
    let (status, _) = get(
        &party.console,
        &server,
        &format!("/events/{}/host", party.event()),
    );
    assert_eq!(status, 303, "the host's sessions ended with the old token");
}

#[test]
fn private_views_are_private_in_the_json_api_too() {
    let server = Server::start();
    let party = Party::new(&server);
    let event = party.event();
    let reads = [
        format!("/api/v1/events/{event}"),
        format!("/api/v1/events/{event}/standings"),
        format!("/api/v1/events/{event}/entries"),
        format!("/api/v1/events/{event}/rounds/1"),
    ];
    for path in &reads {
        assert_eq!(server.get(path, None).0, 200, "public by default: {path}");
    }
    let key = party.make_private(&server);
    for path in &reads {
        let (status, answer) = server.get(path, None);
        assert_eq!(status, 403, "{path}: {answer}");
        assert_eq!(
            server.get(&format!("{path}?key=nope"), None).0,
            403,
            "{path}"
        );
        assert_eq!(
            server.get(&format!("{path}?key={key}"), None).0,
            200,
            "{path}"
        );
        assert_eq!(server.get(path, Some(&party.host.token)).0, 200, "{path}");
    }
    let stranger = browser();
    for path in ["live/standings", "live/screen"] {
        let (status, _) = get(&stranger, &server, &format!("/events/{event}/{path}"));
        assert_eq!(status, 403, "{path}");
    }
}

#[test]
fn the_viewer_key_travels_with_the_links_of_a_private_view() {
    let server = Server::start();
    let party = Party::new(&server);
    let event = party.event();
    let key = party.make_private(&server);
    let viewer = browser();
    let (status, page) = get(
        &viewer,
        &server,
        &format!("/events/{event}/standings?key={key}"),
    );
    assert_eq!(status, 200);
    assert!(
        page.contains(&format!(
            "data-live=\"/events/{event}/live/standings?key={key}\""
        )),
        "{page}"
    );
    assert!(
        page.contains(&format!("/events/{event}/screen?key={key}")),
        "{page}"
    );
    let (status, page) = get(
        &viewer,
        &server,
        &format!("/events/{event}/screen?key={key}"),
    );
    assert_eq!(status, 200);
    assert!(
        page.contains(&format!(
            "data-live=\"/events/{event}/live/screen?key={key}\""
        )),
        "{page}"
    );
    let mut live = viewer
        .get(server.url(&format!("/events/{event}/live/standings?key={key}")))
        .send()
        .expect("the live stream");
    assert_eq!(live.status().as_u16(), 200);
    let mut first = [0u8; 16];
    let _ = std::io::Read::read(&mut live, &mut first);
}

#[test]
fn a_seed_the_host_typed_does_not_reveal_the_deal() {
    let server = Server::start();
    let party = Party::new(&server);
    party.host.ok(&server, "/rounds/1/start", json!({}));
    let seen = common::api::seat(&server, &party.tokens[0]);
    let view = seen["deal"]["view"].clone();
    assert!(view.is_object(), "{seen}");
    // What a guest who knows the seed (7) and the published code would predict for table 1.
    let predicted = Game::new(
        Config::new(RulesId::Touring1926, 2, None).expect("config"),
        game_seed(7, 1, 1, 0),
        &[],
    )
    .expect("game");
    for seat in 0..2u8 {
        let guess = serde_json::to_value(predicted.view(Some(seat))).expect("json");
        assert_ne!(guess, view, "the deal follows from the typed seed");
    }
    // The stored game still replays: moves keep working and the state reloads the same.
    let again = common::api::seat(&server, &party.tokens[0]);
    assert_eq!(again["deal"]["view"], view);
}

#[test]
fn logout_ends_the_host_session_on_the_server() {
    let server = Server::start();
    let party = Party::new(&server);
    let event = party.event();
    // A copy of the host's cookie, as a thief would take it.
    let plain = Client::builder()
        .redirect(Policy::none())
        .build()
        .expect("client");
    let login = plain
        .get(server.url(&format!("/events/{event}/host?token={}", party.host.token)))
        .send()
        .expect("login");
    let cookie = login
        .headers()
        .get("set-cookie")
        .and_then(|c| c.to_str().ok())
        .and_then(|c| c.split(';').next())
        .expect("a session cookie")
        .to_owned();
    let console = |cookie: &str| {
        plain
            .get(server.url(&format!("/events/{event}/host")))
            .header("cookie", cookie)
            .send()
            .expect("console")
            .status()
            .as_u16()
    };
    assert_eq!(console(&cookie), 200);
    let path = format!("/events/{event}/host");
    let csrf = csrf_of(&party.console, &server, &path);
    let status = post_form(
        &party.console,
        &server,
        &format!("/events/{event}/logout"),
        &[("csrf", &csrf)],
    );
    assert_eq!(status, 303);
    assert_eq!(
        console(&cookie),
        303,
        "the copied cookie no longer opens the console"
    );
}

#[test]
fn the_signing_key_lives_beside_the_database_owner_only_and_not_in_it() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("party.sqlite");
    let database = touring::db::Database::Sqlite(file.clone());
    let mut server = Server::start_on(&database);
    let party = Party::new(&server);
    let key_file = dir.path().join("party.sqlite.key");
    let secret = std::fs::read(&key_file).expect("the key file beside the database");
    assert_eq!(secret.len(), 64);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key_file)
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "owner-only");
    }
    let pool = touring::db::open(&database, 1).expect("database");
    let mut conn = pool.get().expect("connection");
    assert_eq!(
        touring::db::queries::server_key(&mut conn, "session").expect("query"),
        None,
        "no key in the database"
    );
    let event = touring::db::queries::event(&mut conn, party.event())
        .expect("query")
        .expect("event");
    let hex = |bytes: &[u8]| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>();
    let table_key = party.table_key(&server, 1);
    let everything = format!("{event:?}");
    assert!(
        !everything.contains(&table_key),
        "no join key in the database"
    );
    assert!(!everything.contains(&hex(&secret)));
    // A database from before keeps its key: it moves out to the file.
    server.kill();
    drop(conn);
    std::fs::remove_file(&key_file).expect("remove");
    let old = [0x42u8; 64];
    {
        use diesel::RunQueryDsl;
        let mut conn = pool.get().expect("connection");
        diesel::sql_query(format!(
            "INSERT INTO server_keys (name, value) VALUES ('session', '{}')",
            hex(&old)
        ))
        .execute(&mut conn)
        .expect("insert the old key");
    }
    drop(pool);
    let _server = Server::start_on(&database);
    assert_eq!(std::fs::read(&key_file).expect("key file"), old.to_vec());
    let pool = touring::db::open(&database, 1).expect("database");
    let mut conn = pool.get().expect("connection");
    assert_eq!(
        touring::db::queries::server_key(&mut conn, "session").expect("query"),
        None,
        "moved out of the database"
    );
}

// Trust, round 3 (issue 32).

/// The address in the projector's QR code (the text under it).
fn join_url(html: &str) -> String {
    html.split("<span class=\"small\">")
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .unwrap_or_else(|| panic!("a join address on the projector: {html}"))
        .replace("&amp;", "&")
        .replace("&#x2f;", "/")
        .replace("&#x3a;", ":")
}

fn projector_with(server: &Server, event: i64, headers: &[(&str, &str)]) -> String {
    let mut request = server
        .client()
        .get(server.url(&format!("/events/{event}/screen")));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().expect("GET");
    assert_eq!(response.status().as_u16(), 200);
    response.text().expect("page")
}

const FORGED: &[(&str, &str)] = &[
    ("X-Forwarded-Host", "evil.example"),
    ("X-Forwarded-Proto", "javascript"),
    ("Forwarded", "host=evil.example;proto=javascript"),
];

#[test]
fn forwarded_headers_of_a_stranger_do_not_reach_the_qr_codes() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Forged"}));
    let url = join_url(&projector_with(&server, host.event, FORGED));
    assert!(
        url.starts_with(&format!("{}/events/{}/join?key=", server.base, host.event)),
        "{url}"
    );
    let client = browser();
    let (status, _) = get(
        &client,
        &server,
        &format!("/events/{}/host?token={}", host.event, host.token),
    );
    assert_eq!(status, 303);
    let mut request = client.get(server.url(&format!("/events/{}/print/tents", host.event)));
    for (name, value) in FORGED {
        request = request.header(*name, *value);
    }
    let tents = request.send().expect("GET").text().expect("page");
    assert!(!tents.contains("evil.example"), "{tents}");
    assert!(!tents.contains("javascript"), "{tents}");
}

#[test]
fn a_trusted_proxy_says_which_address_the_guests_asked_for() {
    let server = Server::start_with(&["--trusted-proxy", "127.0.0.1"]);
    let host = Host::create(&server, json!({"name": "Proxied"}));
    let url = join_url(&projector_with(
        &server,
        host.event,
        &[
            ("X-Forwarded-Host", "party.example"),
            ("X-Forwarded-Proto", "https"),
        ],
    ));
    assert!(
        url.starts_with(&format!("https://party.example/events/{}/join", host.event)),
        "{url}"
    );
    let url = join_url(&projector_with(
        &server,
        host.event,
        &[("Forwarded", "for=192.0.2.9;host=party.example;proto=https")],
    ));
    assert!(url.starts_with("https://party.example/"), "{url}");
    // Even a trusted proxy cannot put something that is not a host in the QR codes.
    let url = join_url(&projector_with(
        &server,
        host.event,
        &[("X-Forwarded-Host", "javascript:alert(1)")],
    ));
    assert!(url.starts_with(&server.base), "{url}");
}

#[test]
fn public_url_goes_into_the_qr_codes_and_the_links_shown_to_guests() {
    let server = Server::start_with(&["--public-url", "http://192.168.1.20:8080/"]);
    let host = Host::create(&server, json!({"name": "Public"}));
    let url = join_url(&projector_with(&server, host.event, FORGED));
    assert!(
        url.starts_with(&format!(
            "http://192.168.1.20:8080/events/{}/join?key=",
            host.event
        )),
        "{url}"
    );
    let client = browser();
    get(
        &client,
        &server,
        &format!("/events/{}/host?token={}", host.event, host.token),
    );
    let (_, console) = get(&client, &server, &format!("/events/{}/host", host.event));
    assert!(!console.contains("cannot open this address"), "{console}");
}

#[test]
fn a_bad_public_url_stops_the_server_at_start_saying_why() {
    let dir = tempfile::tempdir().expect("temporary directory");
    for (url, says) in [
        ("javascript://alert(1)", "http://"),
        ("192.168.1.20:8080", "not a web address"),
        ("http://party.example/touring", "path"),
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_touring"))
            .args(["serve", "--port", "0", "--database"])
            .arg(dir.path().join("never.sqlite"))
            .args(["--public-url", url])
            .env_remove("TOURING_PUBLIC_URL")
            .output()
            .expect("run touring serve");
        assert!(!output.status.success(), "{url}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("--public-url"), "{stderr}");
        assert!(stderr.contains(says), "{url}: {stderr}");
    }
    // Plain `touring` reads it from the environment, and stops just the same.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_touring"))
        .env("TOURING_PUBLIC_URL", "javascript://alert(1)")
        .env("DATABASE_URL", dir.path().join("never.sqlite"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run touring");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut pipe, &mut stderr);
    }
    assert!(
        status.is_some_and(|s| !s.success()),
        "touring should stop at start: {stderr}"
    );
    assert!(stderr.contains("http://"), "{stderr}");
}

#[test]
fn the_console_warns_when_the_qr_codes_point_to_this_laptop() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Loopback"}));
    let client = browser();
    get(
        &client,
        &server,
        &format!("/events/{}/host?token={}", host.event, host.token),
    );
    let (status, console) = get(&client, &server, &format!("/events/{}/host", host.event));
    assert_eq!(status, 200);
    assert!(
        console.contains(
            "phones cannot open this address: the QR codes point to this laptop itself (127.0.0.1)"
        ),
        "{console}"
    );
    assert!(console.contains("--public-url"), "{console}");
}

#[test]
fn listening_on_every_interface_puts_the_network_address_in_the_qr_codes() {
    let server = Server::start_with(&["--address", "0.0.0.0"]);
    let host = Host::create(&server, json!({"name": "Everywhere"}));
    let port = server.base.rsplit(':').next().expect("a port").to_owned();
    // Opened on the laptop itself, the projector still shows the address phones can open.
    let page = server
        .client()
        .get(format!(
            "http://127.0.0.1:{port}/events/{}/screen",
            host.event
        ))
        .send()
        .expect("GET")
        .text()
        .expect("page");
    let url = join_url(&page);
    let printed = server.base.clone();
    if printed.starts_with("http://127.0.0.1") {
        // No network on this machine: the console says why phones cannot join.
        let client = browser();
        let console = format!("http://127.0.0.1:{port}/events/{}/host", host.event);
        client
            .get(format!("{console}?token={}", host.token))
            .send()
            .expect("GET");
        let text = client
            .get(console)
            .send()
            .expect("GET")
            .text()
            .expect("page");
        assert!(text.contains("cannot open this address"), "{text}");
    } else {
        assert!(!printed.contains("0.0.0.0"), "{printed}");
        assert!(
            url.starts_with(&format!("{printed}/events/{}/join", host.event)),
            "{url} should start with {printed}"
        );
    }
}

#[test]
fn answers_with_a_hand_a_token_or_an_export_are_never_stored() {
    let server = Server::start();
    let party = Party::new(&server);
    let event = party.event();
    let token = &party.tokens[0];
    let no_store = |what: &str, response: &Response| {
        let value = response
            .headers()
            .get("cache-control")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        assert_eq!(value, "no-store", "{what}: {:?}", response.headers());
    };
    let guest = browser();
    let seat = guest
        .get(server.url(&format!("/seat/{token}")))
        .send()
        .expect("GET");
    no_store("the seat page", &seat);
    let live = guest
        .get(server.url(&format!("/seat/{token}/live")))
        .send()
        .expect("GET");
    assert_eq!(live.status().as_u16(), 200);
    no_store("the seat's live stream", &live);
    drop(live);
    let state = server
        .client()
        .get(server.url(&format!("/api/v1/seats/{token}")))
        .send()
        .expect("GET");
    no_store("the API's seat state", &state);
    let console = party
        .console
        .get(server.url(&format!("/events/{event}/host")))
        .send()
        .expect("GET");
    no_store("the host console", &console);
    let console_live = party
        .console
        .get(server.url(&format!("/events/{event}/live/console")))
        .send()
        .expect("GET");
    no_store("the console's live stream", &console_live);
    drop(console_live);
    for export in ["/export.csv", "/export.json"] {
        let response = server
            .client()
            .get(server.url(&party.host.path(export)))
            .bearer_auth(&party.host.token)
            .send()
            .expect("GET");
        assert_eq!(response.status().as_u16(), 200);
        no_store(export, &response);
    }
    let created = server
        .client()
        .post(server.url("/api/v1/events"))
        .json(&json!({"name": "Tokens"}))
        .send()
        .expect("POST");
    assert_eq!(created.status().as_u16(), 201);
    no_store("a new event's host token", &created);
    let renewed = server
        .client()
        .post(
            server.url(
                &party
                    .host
                    .path(&format!("/players/{}/link", party.players[3])),
            ),
        )
        .bearer_auth(&party.host.token)
        .json(&json!({}))
        .send()
        .expect("POST");
    assert_eq!(renewed.status().as_u16(), 200);
    no_store("a new seat link", &renewed);
}

#[test]
fn bad_event_numbers_and_query_strings_get_a_page_in_plain_words() {
    let server = Server::start();
    let party = Party::new(&server);
    let event = party.event();
    let csrf = csrf_of(&party.console, &server, &format!("/events/{event}/host"));
    let page_of = |response: Response| {
        let status = response.status().as_u16();
        let kind = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        let text = response.text().unwrap_or_default();
        assert!(kind.starts_with("text/html"), "{status} {kind}: {text}");
        (status, text)
    };
    for path in [
        "/events/x/host/entries",
        "/events/x/host/finish",
        "/events/1.5/host/seat",
        "/events/99999999999999999999/host/join-keys",
    ] {
        let response = party
            .console
            .post(server.url(path))
            .form(&[("csrf", csrf.as_str()), ("name", "Eve")])
            .send()
            .expect("POST");
        let (status, text) = page_of(response);
        assert_eq!(status, 404, "{path}: {text}");
        assert!(text.contains("whole numbers"), "{path}: {text}");
    }
    for path in [
        format!("/events/{event}/print/seating?round=x"),
        format!("/events/{event}/screen?key=a&key=b"),
        format!("/events/{event}/join?key=a&key=b"),
        format!("/events/{event}/replays?key=a&key=b"),
    ] {
        let response = party.console.get(server.url(&path)).send().expect("GET");
        let (status, text) = page_of(response);
        assert_eq!(status, 400, "{path}: {text}");
        assert!(text.contains("check the link"), "{path}: {text}");
        assert!(!text.contains("duplicate field"), "{path}: {text}");
        assert!(!text.contains("invalid digit"), "{path}: {text}");
    }
    // Whatever else a stranger sends to the pages is refused without a failure of ours.
    let stranger = browser();
    for (post, path) in [
        (true, "/events/x/pick".to_owned()),
        (true, "/events/x/login".to_owned()),
        (true, format!("/events/{event}/pick")),
        (true, "/seat/nope/move".to_owned()),
        (true, "/seat-move".to_owned()),
        (true, format!("/events/{event}/host/rounds/x/signal")),
        (true, "/events/99999/host/entries".to_owned()),
        (false, "/events/x/screen".to_owned()),
        (false, format!("/events/{event}/replays/x/1/1")),
        (
            false,
            format!("/events/{event}/replays/1/1/1?step=x&step=y"),
        ),
        (false, "/seat/%FF%FE/live".to_owned()),
        (false, format!("/events/{event}/table/x?key=a")),
    ] {
        let request = if post {
            stranger.post(server.url(&path)).form(&[
                ("csrf", "0"),
                ("player", "x"),
                ("key", "a"),
                ("key", "b"),
            ])
        } else {
            stranger.get(server.url(&path))
        };
        let status = request.send().expect("request").status().as_u16();
        assert!((300..500).contains(&status), "{path}: {status}");
    }
    let log = server.log();
    assert!(!log.contains(" ERROR "), "{log}");
}

#[test]
fn the_viewer_key_reads_the_views_but_picks_no_seat() {
    let server = Server::start();
    let party = Party::new(&server);
    let event = party.event();
    let viewer_key = party.make_private(&server);
    let join_key = key_after(
        &get(&party.console, &server, &format!("/events/{event}/screen")).1,
        "/join?key=",
    );
    assert_ne!(viewer_key, join_key);
    let viewer = browser();
    for page in ["screen", "standings", "replays"] {
        let (status, _) = get(
            &viewer,
            &server,
            &format!("/events/{event}/{page}?key={viewer_key}"),
        );
        assert_eq!(status, 200, "{page} with the viewer key");
    }
    let (status, _) = server.get(
        &format!("/api/v1/events/{event}/standings?key={viewer_key}"),
        None,
    );
    assert_eq!(status, 200);
    // The viewer key opens no seat picker and picks no seat.
    let (status, _) = get(
        &viewer,
        &server,
        &format!("/events/{event}/join?key={viewer_key}"),
    );
    assert_eq!(status, 403);
    assert_eq!(
        party.pick(&server, &viewer, &viewer_key, None, party.players[0]),
        403
    );
    // The join key picks seats and reads no private view.
    let (status, _) = get(
        &viewer,
        &server,
        &format!("/events/{event}/standings?key={join_key}"),
    );
    assert_eq!(status, 403);
}

#[test]
fn new_join_keys_keep_the_viewer_link_and_a_new_viewer_link_keeps_the_join_keys() {
    let server = Server::start();
    let party = Party::new(&server);
    let event = party.event();
    let viewer_key = party.make_private(&server);
    let old_join = party.table_key(&server, 1);
    let opens = |key: &str| {
        get(
            &browser(),
            &server,
            &format!("/events/{event}/screen?key={key}"),
        )
        .0
    };
    let console = format!("/events/{event}/host");
    let csrf = csrf_of(&party.console, &server, &console);
    let status = post_form(
        &party.console,
        &server,
        &format!("/events/{event}/host/join-keys"),
        &[("csrf", &csrf)],
    );
    assert_eq!(status, 303);
    let new_join = party.table_key(&server, 1);
    assert_ne!(new_join, old_join);
    assert_eq!(opens(&viewer_key), 200, "the viewer link stays");
    assert_eq!(
        key_after(&get(&party.console, &server, &console).1, "screen?key="),
        viewer_key
    );

    let status = post_form(
        &party.console,
        &server,
        &format!("/events/{event}/host/viewer-key"),
        &[("csrf", &csrf)],
    );
    assert_eq!(status, 303);
    let new_viewer = key_after(&get(&party.console, &server, &console).1, "screen?key=");
    assert_ne!(new_viewer, viewer_key);
    assert_eq!(opens(&viewer_key), 403, "the old viewer link stops working");
    assert_eq!(opens(&new_viewer), 200);
    assert_eq!(party.table_key(&server, 1), new_join, "the join keys stay");

    // The API does the same.
    let answer = party.host.ok(&server, "/viewer-key", json!({}));
    let api_viewer = answer["viewer_key"].as_str().expect("a viewer key");
    assert_ne!(api_viewer, new_viewer);
    assert_eq!(opens(api_viewer), 200);
    assert_eq!(opens(&new_viewer), 403);
    assert_eq!(party.table_key(&server, 1), new_join);
}
