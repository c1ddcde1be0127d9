//! Several instances over one PostgreSQL database: a page hears the changes made on any of them
//! (PostgreSQL's LISTEN/NOTIFY), an instance hears only the events it has pages of open, each
//! event's timed work (its bots) is done by one instance, and a killed instance's events go on
//! through the others, behind nginx too. Runs on the PostgreSQL server `TOURING_TEST_DATABASE`
//! names, else on a cluster of each test's own (ports 25450-25459) where PostgreSQL is
//! installed; skipped without PostgreSQL, outside CI only (see tests/common/server.rs). SQLite
//! is served by one instance, and a second one started on the same file is refused.

use crate::common;

use std::time::{Duration, Instant};

use common::api::{Host, seat, send_move};
use common::server::{Cluster, PgDatabase, Server, drawings, postgres_or_own};
use reqwest::blocking::{Client, Response};
use serde_json::{Value, json};
use touring::db::Database;

/// Two instances on two ports over one fresh database, sharing one secret; `None` without
/// PostgreSQL (outside CI). A cluster of the test's own, if any, runs on `port`.
struct Pair {
    a: Server,
    b: Server,
    _key_dir: tempfile::TempDir,
    _database: PgDatabase,
    _cluster: Option<Cluster>,
}

fn two_instances(test: &str, port: u16) -> Option<Pair> {
    two_instances_with(test, port, &[])
}

/// [`two_instances`], each started with `options` too.
fn two_instances_with(test: &str, port: u16, options: &[&str]) -> Option<Pair> {
    let (admin, cluster) = postgres_or_own(test, port)?;
    let database = PgDatabase::create(&admin);
    let key_dir = tempfile::tempdir().expect("temporary directory");
    let key = key_dir.path().join("touring.key").display().to_string();
    let url = Database::Postgres(database.url.clone());
    let mut options = options.to_vec();
    options.extend(["--key-file", &key]);
    let a = Server::start_on_with(&url, &options);
    let b = Server::start_on_with(&url, &options);
    assert_ne!(a.base, b.base, "two instances on two ports");
    Some(Pair {
        a,
        b,
        _key_dir: key_dir,
        _database: database,
        _cluster: cluster,
    })
}

/// A started one-table event for Ann and Bob, made through `server`.
fn started_table(server: &Server) -> Vec<String> {
    let host = Host::create(
        server,
        json!({"name": "Two rooms", "seed": 5, "length": {"kind": "rounds", "rounds": 1}}),
    );
    let tokens = host.add_players(server, &["Ann", "Bob"]);
    host.ok(server, "/rounds", json!({}));
    host.ok(server, "/rounds/1/start", json!({}));
    tokens
}

/// A seat's live stream, read board by board.
struct Live {
    response: Response,
    received: Vec<u8>,
}

impl Live {
    /// Reads until a board that contains `needle` has come, and answers it (what came before
    /// it is dropped). A board that never comes fails within half a minute (the stream's
    /// keep-alive comments wake the reads).
    fn board_with(&mut self, needle: &str) -> String {
        let mut chunk = [0u8; 4096];
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let text = String::from_utf8_lossy(&self.received).into_owned();
            if let Some(at) = text.find(needle)
                && let Some(end) = text[at..].find("\n\n")
            {
                let start = text[..at].rfind("event: board\n").unwrap_or(0);
                let board = text[start..at + end].to_owned();
                self.received.drain(..at + end);
                return board;
            }
            assert!(
                Instant::now() < deadline,
                "no board with {needle} within 30 s: {text}"
            );
            let read = std::io::Read::read(&mut self.response, &mut chunk).expect("the stream");
            assert!(
                read > 0,
                "the stream ended without a board with {needle}: {text}"
            );
            self.received.extend_from_slice(&chunk[..read]);
        }
    }
}

/// A seat's live stream on `server`, with its first board read.
fn live(server: &Server, token: &str) -> Live {
    // A board that never comes fails the test instead of hanging it.
    let stream = Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client")
        .get(server.url(&format!("/seat/{token}/live")))
        .send()
        .expect("live stream");
    assert_eq!(stream.status(), 200);
    let mut live = Live {
        response: stream,
        received: Vec::new(),
    };
    live.board_with("data-actions=");
    live
}

/// The seat that may move (its index in `tokens`) and its state.
fn mover(server: &Server, tokens: &[String]) -> (usize, Value) {
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| (i, seat(server, t)))
        .find(|(_, s)| s["deal"]["legal"].as_array().is_some_and(|l| !l.is_empty()))
        .expect("someone may move")
}

/// Plays the mover's first legal move through `server` and answers how many moves the deal
/// then has.
fn play_on(server: &Server, token: &str, state: &Value) -> u64 {
    let seen = state["deal"]["actions"].as_u64().expect("actions");
    let (status, answer) = send_move(server, token, &json!(seen), &state["deal"]["legal"][0]);
    assert_eq!(status, 200, "{answer}");
    seen + 1
}

#[test]
fn a_move_on_one_instance_reaches_live_pages_held_by_another() {
    let Some(pair) = two_instances(
        "a_move_on_one_instance_reaches_live_pages_held_by_another",
        25450,
    ) else {
        return;
    };
    let tokens = started_table(&pair.a);
    // Each seat's page is held by another instance: Ann's by A, Bob's by B.
    let servers = [&pair.a, &pair.b];
    let mut streams: Vec<Live> = tokens
        .iter()
        .zip(servers)
        .map(|(token, server)| live(server, token))
        .collect();
    // Moves made on the instance that does not hold the other seat's page, three times over,
    // so that both directions are played whoever starts.
    for _ in 0..3 {
        let (moving, state) = mover(&pair.a, &tokens);
        let watching = 1 - moving;
        // The move goes through the instance that does not hold the watching seat's page.
        let through = servers[moving];
        let actions = play_on(through, &tokens[moving], &state);
        // The watching page gets the board after the move (else the client times out).
        let board = streams[watching].board_with(&format!("data-actions=\"{actions}\""));
        assert!(board.contains("event: board"), "{board}");
    }
}

#[test]
fn after_the_relay_reconnects_every_live_page_redraws() {
    let Some(pair) = two_instances("after_the_relay_reconnects_every_live_page_redraws", 25451)
    else {
        return;
    };
    let tokens = started_table(&pair.a);
    let mut stream = live(&pair.b, &tokens[0]);
    // Cut every instance's relay connection, as a database restart would.
    let pool = touring::db::open(&pair.a.database, 1).expect("open the database");
    let mut conn = pool.get().expect("connection");
    diesel::connection::SimpleConnection::batch_execute(
        &mut *conn,
        &format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE application_name = '{}' AND datname = current_database()",
            touring::app::relay::APPLICATION
        ),
    )
    .expect("cut the relays");
    // Nothing changed, yet the page is drawn again: whatever was missed meanwhile is shown.
    let board = stream.board_with("data-actions=\"0\"");
    assert!(board.contains("event: board"), "{board}");
    // And the relay works again: a move on A reaches the page held by B.
    let (moving, state) = mover(&pair.a, &tokens);
    let mut other = live(&pair.b, &tokens[1 - moving]);
    let actions = play_on(&pair.a, &tokens[moving], &state);
    other.board_with(&format!("data-actions=\"{actions}\""));
}

/// A figure of the server's `/metrics` (`name` with its labels, as written there; 0 when it is
/// not there).
fn metric(server: &Server, name: &str) -> u64 {
    let (status, text) = server.text("/metrics", None);
    assert_eq!(status, 200, "{text}");
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .map_or(0, |n| n.trim().parse().expect("a count"))
}

const HEARD: &str = "touring_relay_notices_total{direction=\"heard\"}";
const EVENTS_LISTENED: &str = "touring_relay_events_listened";

/// Waits (half a minute at most) until the server's relay listens to `events` events' channels.
fn wait_listening(server: &Server, events: u64) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while metric(server, EVENTS_LISTENED) != events {
        assert!(
            Instant::now() < deadline,
            "the relay listens to {} events' channels, not {events}",
            metric(server, EVENTS_LISTENED)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn an_instance_without_a_page_of_an_event_hears_none_of_its_moves() {
    let Some(pair) = two_instances(
        "an_instance_without_a_page_of_an_event_hears_none_of_its_moves",
        25452,
    ) else {
        return;
    };
    // Both events are made and played through instance B; A holds a page of the first only.
    let first = started_table(&pair.b);
    let second = started_table(&pair.b);
    let mut page = live(&pair.a, &first[0]);
    wait_listening(&pair.a, 1);
    // A move of the first event through B reaches A's page: every notice B sent before it has
    // then reached A (PostgreSQL delivers them in the order they were sent).
    let (moving, state) = mover(&pair.b, &first);
    let actions = play_on(&pair.b, &first[moving], &state);
    page.board_with(&format!("data-actions=\"{actions}\""));
    let heard_before = metric(&pair.a, HEARD);
    // Moves of the second event through B, then one more of the first.
    for _ in 0..3 {
        let (moving, state) = mover(&pair.b, &second);
        play_on(&pair.b, &second[moving], &state);
    }
    let (moving, state) = mover(&pair.b, &first);
    let actions = play_on(&pair.b, &first[moving], &state);
    page.board_with(&format!("data-actions=\"{actions}\""));
    // A heard the first event's move only, none of the second event's three.
    assert_eq!(metric(&pair.a, HEARD) - heard_before, 1);
    // B has no page open: it listens to no event and heard nothing, not even its own moves.
    assert_eq!(metric(&pair.b, EVENTS_LISTENED), 0);
    assert_eq!(metric(&pair.b, HEARD), 0);
    // Once A's page is closed, A no longer listens to the event either.
    drop(page);
    wait_listening(&pair.a, 0);
    let heard_closed = metric(&pair.a, HEARD);
    let (moving, state) = mover(&pair.b, &first);
    play_on(&pair.b, &first[moving], &state);
    // B's move is seen through B, and A, listening to nothing, hears nothing of it.
    let mut there = live(&pair.b, &first[0]);
    drop(there.board_with("data-actions="));
    assert_eq!(metric(&pair.a, HEARD), heard_closed);
}

#[test]
fn a_projector_kept_on_one_instance_shows_a_change_made_on_another() {
    let Some(pair) = two_instances(
        "a_projector_kept_on_one_instance_shows_a_change_made_on_another",
        25453,
    ) else {
        return;
    };
    let host = Host::create(&pair.a, json!({"name": "Two rooms"}));
    host.add_players(&pair.a, &["Ann", "Bob"]);
    let path = format!("/events/{}/screen", host.event);
    let get = || {
        let (status, text) = pair.b.text(&path, None);
        assert_eq!(status, 200, "{text}");
        text
    };
    // GETs on B, which has no live page of the event, share one drawing once B hears the
    // event (a notice A sent a moment before may still draw it again once)…
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let before = drawings(&pair.b, "screen");
        assert!(!get().contains("Zoe"));
        if drawings(&pair.b, "screen") == before {
            break;
        }
        assert!(Instant::now() < deadline, "B's GETs never shared a drawing");
    }
    let shared = drawings(&pair.b, "screen");
    for _ in 0..3 {
        assert!(!get().contains("Zoe"));
    }
    assert_eq!(drawings(&pair.b, "screen"), shared);
    // …which a change made through A makes stale: B heard it, since it keeps a drawing.
    host.add_players(&pair.a, &["Zoe"]);
    let deadline = Instant::now() + Duration::from_secs(30);
    while !get().contains("Zoe") {
        assert!(Instant::now() < deadline, "B's projector never showed Zoe");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_second_server_on_one_sqlite_file_is_refused_naming_the_first_ones_port() {
    use std::io::Read as _;
    let mut first = Server::start_sqlite();
    let mut second = std::process::Command::new(env!("CARGO_BIN_EXE_touring"))
        .args(["serve", "--port", "0", "--database"])
        .arg(first.file())
        .env_remove("DATABASE_URL")
        .env_remove("TOURING_KEY_FILE")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start a second touring serve");
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = second.try_wait().expect("wait for the second server") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = second.kill();
            let _ = second.wait();
            panic!("a second server on the same SQLite file still ran after 30 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut said = String::new();
    if let Some(mut stderr) = second.stderr.take() {
        stderr
            .read_to_string(&mut said)
            .expect("the second's stderr");
    }
    assert!(!status.success(), "{said}");
    assert!(
        said.contains("another touring server is running on this database")
            && said.contains(&format!("port {}", first.port())),
        "{said}"
    );
    // The first goes on; once it is gone, a server starts on the file again.
    assert_eq!(first.text("/healthz", None).0, 200);
    first.restart();
    assert_eq!(first.text("/healthz", None).0, 200);
}

/// A seated event of one table of two steady bots, made through `server` (its round not
/// started yet).
fn bot_table(server: &Server, seed: u64) -> Host {
    let host = Host::create(
        server,
        json!({"name": "Bots", "table_size": 2, "seed": seed,
               "round": {"kind": "timed", "seconds": 600},
               "length": {"kind": "rounds", "rounds": 1}}),
    );
    for name in ["Robot", "Droid"] {
        host.ok(
            server,
            "/entries",
            json!({"names": [name], "bot": "steady"}),
        );
    }
    host.ok(server, "/rounds", json!({}));
    host
}

/// The actions stored at each event's tables, by event.
fn actions_by_event(database: &Database) -> std::collections::HashMap<i64, i64> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        event: i64,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        actions: i64,
    }
    let Database::Postgres(url) = database else {
        panic!("a PostgreSQL database");
    };
    let mut conn = diesel::PgConnection::establish(url).expect("connect");
    let rows: Vec<Row> = diesel::sql_query(
        "SELECT r.event_id AS event, count(a.id) AS actions FROM rounds r \
         JOIN round_tables t ON t.round_id = r.id JOIN games g ON g.table_id = t.id \
         JOIN actions a ON a.game_id = g.id GROUP BY r.event_id",
    )
    .load(&mut conn)
    .expect("count the actions");
    rows.into_iter().map(|r| (r.event, r.actions)).collect()
}

/// Waits (at most `patience`) until `done` holds, polling; answers whether it did.
fn eventually(patience: Duration, mut done: impl FnMut() -> bool) -> bool {
    let give_up = Instant::now() + patience;
    while Instant::now() < give_up {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    done()
}

#[test]
fn two_instances_never_race_for_one_events_bots_and_a_killed_ones_events_go_on() {
    let Some(mut pair) = two_instances_with(
        "two_instances_never_race_for_one_events_bots_and_a_killed_ones_events_go_on",
        25454,
        &["--bot-delay-ms", "20"],
    ) else {
        return;
    };
    let hosts: Vec<Host> = (1..=4).map(|seed| bot_table(&pair.a, seed)).collect();
    for host in &hosts {
        host.ok(&pair.a, "/rounds/1/start", json!({}));
    }
    // The four events are shared out, two each (not all to the first instance).
    let held = |server: &Server| metric(server, "touring_leases_held");
    assert!(
        eventually(Duration::from_secs(20), || held(&pair.a) == 2
            && held(&pair.b) == 2),
        "leases held: {} and {}",
        held(&pair.a),
        held(&pair.b)
    );
    // Each event's bots play on one instance: the two hardly ever write the same move (each
    // such collision is a transaction rolled back and run again).
    let figures = |server: &Server| {
        (
            metric(server, "touring_moves_played_total"),
            metric(server, "touring_write_retries_total"),
        )
    };
    let (before_a, before_b) = (figures(&pair.a), figures(&pair.b));
    std::thread::sleep(Duration::from_secs(5));
    let (after_a, after_b) = (figures(&pair.a), figures(&pair.b));
    let moves = (after_a.0 - before_a.0, after_b.0 - before_b.0);
    let retries = (after_a.1 - before_a.1) + (after_b.1 - before_b.1);
    assert!(
        moves.0 > 0 && moves.1 > 0,
        "both instances play their events' bots: {moves:?}"
    );
    assert!(
        retries * 100 <= 2 * (moves.0 + moves.1),
        "{retries} writes collided for {moves:?} moves"
    );
    // B is killed: its two events go to A, whose bots then play all four.
    pair.b.kill();
    assert!(
        eventually(Duration::from_secs(10), || held(&pair.a) == 4),
        "A holds {} events 10 s after B was killed",
        held(&pair.a)
    );
    let before = actions_by_event(&pair.a.database);
    assert!(
        eventually(Duration::from_secs(10), || {
            let now = actions_by_event(&pair.a.database);
            hosts
                .iter()
                .all(|h| now.get(&h.event) > before.get(&h.event))
        }),
        "every event's bots play on after B was killed: {before:?} then {:?}",
        actions_by_event(&pair.a.database)
    );
}

/// nginx in front of instances, as docs/operations.md shows it (one upstream, passive health
/// checks, the next instance tried when one does not answer, live pages unbuffered); stopped
/// when dropped.
struct Nginx {
    child: std::process::Child,
    base: String,
    _dir: tempfile::TempDir,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The nginx binary, or `None` after saying that `test` is skipped (in CI it must be there).
fn nginx_binary(test: &str) -> Option<std::path::PathBuf> {
    let found = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]
        .iter()
        .map(std::path::PathBuf::from)
        .find(|path| path.exists());
    if found.is_none() {
        let ci = std::env::var("CI")
            .is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"));
        assert!(!ci, "{test}: nginx is not installed (.ci/run installs it)");
        eprintln!("{test}: skipped, nginx is not installed (apt-get install nginx)");
    }
    found
}

impl Nginx {
    fn start(binary: &std::path::Path, servers: &[&Server]) -> Nginx {
        let dir = tempfile::tempdir().expect("temporary directory");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let upstreams: String = servers
            .iter()
            .map(|s| {
                format!(
                    "server 127.0.0.1:{} max_fails=1 fail_timeout=10s;\n",
                    s.port()
                )
            })
            .collect();
        let path = dir.path().display().to_string();
        let config = format!(
            "worker_processes 1;
pid {path}/nginx.pid;
error_log {path}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {path}/body;
    proxy_temp_path {path}/proxy;
    fastcgi_temp_path {path}/fastcgi;
    uwsgi_temp_path {path}/uwsgi;
    scgi_temp_path {path}/scgi;
    upstream touring {{
        {upstreams}
        keepalive 16;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://touring;
            proxy_http_version 1.1;
            proxy_set_header Connection \"\";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_next_upstream error timeout http_502 http_503;
            proxy_connect_timeout 2s;
            add_header X-Upstream $upstream_addr always;
        }}
        location ~ /live$ {{
            proxy_pass http://touring;
            proxy_http_version 1.1;
            proxy_set_header Connection \"\";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_buffering off;
            proxy_read_timeout 1h;
            add_header X-Upstream $upstream_addr always;
        }}
    }}
}}
"
        );
        std::fs::write(dir.path().join("nginx.conf"), config).expect("nginx.conf");
        // nginx's workers may run as another user, who must reach its temporary folders.
        let _ = std::process::Command::new("chmod")
            .arg("755")
            .arg(dir.path())
            .status();
        let child = std::process::Command::new(binary)
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(dir.path().join("nginx.conf"))
            .args(["-g", "daemon off;"])
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("start nginx");
        let nginx = Nginx {
            child,
            base: format!("http://127.0.0.1:{port}"),
            _dir: dir,
        };
        let client = Client::new();
        assert!(
            eventually(Duration::from_secs(20), || client
                .get(format!("{}/healthz", nginx.base))
                .send()
                .is_ok_and(|r| r.status() == 200)),
            "nginx did not answer within 20 s"
        );
        nginx
    }
}

/// A live stream read on a thread of its own, so that a wait for what comes has a bound
/// whether or not anything comes.
struct Tail {
    chunks: std::sync::mpsc::Receiver<Vec<u8>>,
    text: String,
    ended: bool,
}

impl Tail {
    /// Keeps what comes for `patience`, or until the stream ends (its instance was killed).
    fn read_for(&mut self, patience: Duration) {
        let give_up = Instant::now() + patience;
        while !self.ended {
            let left = give_up.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(chunk) => self.text.push_str(&String::from_utf8_lossy(&chunk)),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => self.ended = true,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => break,
            }
        }
    }

    /// The boards received so far.
    fn boards(&self) -> usize {
        self.text.matches("event: board").count()
    }
}

/// A seat's live stream through nginx, its first board read, and the instance nginx sent it
/// to (`X-Upstream`).
fn live_through(front: &str, token: &str) -> (Tail, String) {
    let mut response = Client::builder()
        .timeout(Duration::from_secs(120))
        .build()
        .expect("client")
        .get(format!("{front}/seat/{token}/live"))
        .send()
        .expect("live stream through nginx");
    assert_eq!(response.status(), 200);
    let upstream = response
        .headers()
        .get("x-upstream")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let (sender, chunks) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut chunk = [0u8; 4096];
        while let Ok(read @ 1..) = std::io::Read::read(&mut response, &mut chunk) {
            if sender.send(chunk[..read].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut tail = Tail {
        chunks,
        text: String::new(),
        ended: false,
    };
    let give_up = Instant::now() + Duration::from_secs(30);
    while tail.boards() == 0 && !tail.ended && Instant::now() < give_up {
        tail.read_for(Duration::from_millis(200));
    }
    assert!(tail.boards() > 0, "no first board: {}", tail.text);
    (tail, upstream)
}

/// The highest `data-actions="N"` in a stream's text.
fn highest_actions(text: &str) -> u64 {
    text.split("data-actions=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next()?.parse().ok())
        .max()
        .unwrap_or(0)
}

/// GET through nginx, answering the status and the JSON body (`Value::Null` when it is not).
fn get_json(client: &Client, url: &str) -> (u16, Value) {
    match client.get(url).send() {
        Ok(response) => {
            let status = response.status().as_u16();
            (status, response.json().unwrap_or(Value::Null))
        }
        Err(_) => (0, Value::Null),
    }
}

#[test]
fn behind_nginx_a_party_goes_on_when_an_instance_is_killed_mid_round() {
    let test = "behind_nginx_a_party_goes_on_when_an_instance_is_killed_mid_round";
    let Some((admin, _cluster)) = postgres_or_own(test, 25455) else {
        return;
    };
    let Some(binary) = nginx_binary(test) else {
        return;
    };
    let database = PgDatabase::create(&admin);
    let key_dir = tempfile::tempdir().expect("temporary directory");
    let key = key_dir.path().join("touring.key").display().to_string();
    let url = Database::Postgres(database.url.clone());
    let options = [
        "--key-file",
        &key,
        "--bot-delay-ms",
        "100",
        "--trusted-proxy",
        "127.0.0.1",
    ];
    let mut servers: Vec<Server> = (0..3)
        .map(|_| Server::start_on_with(&url, &options))
        .collect();
    let nginx = Nginx::start(&binary, &servers.iter().collect::<Vec<_>>());
    let front = nginx.base.clone();
    let client = Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .expect("client");

    // Ann and five bots at three tables, through nginx; a round of 40 s.
    let (status, created) = {
        let response = client
            .post(format!("{front}/api/v1/events"))
            .json(&json!({"name": "Behind nginx", "table_size": 2, "seed": 11,
                          "round": {"kind": "timed", "seconds": 40},
                          "length": {"kind": "rounds", "rounds": 1}}))
            .send()
            .expect("create the event");
        (
            response.status().as_u16(),
            response.json::<Value>().expect("JSON"),
        )
    };
    assert_eq!(status, 201, "{created}");
    let event = created["event"]["id"].as_i64().expect("event id");
    let host = created["host_token"].as_str().expect("host").to_owned();
    let host_post = |path: &str, body: Value| -> Value {
        let response = client
            .post(format!("{front}/api/v1/events/{event}{path}"))
            .bearer_auth(&host)
            .json(&body)
            .send()
            .expect("host's request");
        let status = response.status().as_u16();
        let answer: Value = response.json().unwrap_or(Value::Null);
        assert!(status < 300, "POST {path}: {status} {answer}");
        answer
    };
    let ann = host_post("/entries", json!({"names": ["Ann"]}));
    let ann = ann["links"][0]["token"].as_str().expect("token").to_owned();
    for name in ["Robot", "Droid", "Bolt", "Gizmo", "Servo"] {
        host_post("/entries", json!({"names": [name], "bot": "steady"}));
    }
    host_post("/rounds", json!({}));
    host_post("/rounds/1/start", json!({}));
    let started = Instant::now();

    // The instance that keeps the event's time (holds its lease) is the one to kill; Ann's
    // live page is opened until nginx sends it there too.
    let mut holder = None;
    assert!(
        eventually(Duration::from_secs(10), || {
            holder = servers
                .iter()
                .position(|s| metric(s, "touring_leases_held") == 1);
            holder.is_some()
        }),
        "no instance took the event's lease"
    );
    let holder = holder.expect("a holder");
    let holder_address = format!("127.0.0.1:{}", servers[holder].port());
    let mut stream = None;
    for _ in 0..12 {
        let (live, upstream) = live_through(&front, &ann);
        if upstream == holder_address {
            stream = Some(live);
            break;
        }
    }
    let mut stream = stream.expect("nginx sent Ann's live page to every instance in turn");

    // Ann plays through nginx on a thread of her own until 8 s before the end; every move
    // answered 200 is noted (the deal, the action's number, the action).
    let playing = {
        let client = client.clone();
        let (front, ann) = (front.clone(), ann.clone());
        std::thread::spawn(move || {
            let mut acknowledged = Vec::new();
            let mut refused = 0;
            while started.elapsed() < Duration::from_secs(32) {
                std::thread::sleep(Duration::from_millis(200));
                let (status, state) = get_json(&client, &format!("{front}/api/v1/seats/{ann}"));
                let deal = &state["seat"]["deal"];
                let Some(action) = deal["legal"].get(0).cloned() else {
                    continue;
                };
                if status != 200 {
                    continue;
                }
                let seen = deal["actions"].clone();
                let sent = client
                    .post(format!("{front}/api/v1/seats/{ann}/moves"))
                    .json(&json!({"seen": seen, "action": action}))
                    .send();
                match sent.map(|r| r.status().as_u16()) {
                    Ok(200) => acknowledged.push((
                        state["seat"]["table"].as_i64().expect("table"),
                        deal["number"].as_i64().expect("deal"),
                        seen.as_i64().expect("seen"),
                        deal["seat"].as_i64().expect("seat"),
                        action,
                    )),
                    _ => refused += 1,
                }
            }
            (acknowledged, refused)
        })
    };

    // Mid-round, the holder is killed: the page it served ends, reconnects through nginx
    // (as the page's script does) to another instance, and sees the table go on.
    stream.read_for(Duration::from_secs(10).saturating_sub(started.elapsed()));
    let before_kill = highest_actions(&stream.text);
    servers[holder].kill();
    let killed_at = Instant::now();
    stream.read_for(Duration::from_secs(15));
    assert!(
        stream.ended,
        "the live page served by the killed instance ended"
    );
    let (mut again, upstream) = live_through(&front, &ann);
    assert_ne!(
        upstream, holder_address,
        "nginx sent the page to another instance"
    );
    again.read_for(Duration::from_secs(8));
    let after = highest_actions(&again.text);
    assert!(
        after > before_kill,
        "Ann's table went on after the kill: {before_kill} then {after} actions"
    );
    // Another instance took the event over, and its bots play on.
    let alive: Vec<&Server> = servers
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != holder)
        .map(|(_, s)| s)
        .collect();
    assert!(
        eventually(Duration::from_secs(10), || alive
            .iter()
            .map(|s| metric(s, "touring_leases_held"))
            .sum::<u64>()
            == 1),
        "nobody took the killed instance's event over"
    );
    assert!(
        killed_at.elapsed() < Duration::from_secs(30),
        "the takeover took {:?}",
        killed_at.elapsed()
    );

    // The round ends on time: its clock reads over, the live page is told, nothing is stored
    // after the end, and every move acknowledged is in the tables' log.
    let (acknowledged, refused) = playing.join().expect("Ann's moves");
    assert!(!acknowledged.is_empty(), "Ann played ({refused} refused)");
    let (_, state) = get_json(&client, &format!("{front}/api/v1/seats/{ann}"));
    let ends_at = state["seat"]["round"]["ends_at"]
        .as_str()
        .expect("the round's end")
        .to_owned();
    let left = Duration::from_millis(
        state["seat"]["round"]["left_ms"]
            .as_u64()
            .expect("time left"),
    );
    // (Ann no longer plays, and her table waits for her: a board now is the end's.)
    again.read_for(left);
    let boards = again.boards();
    again.read_for(Duration::from_secs(5));
    assert!(
        again.boards() > boards,
        "Ann's live page heard the round's end"
    );
    let (_, state) = get_json(&client, &format!("{front}/api/v1/seats/{ann}"));
    assert_eq!(state["seat"]["round"]["state"], "over", "{state}");
    let stored = stored_actions(&database.url);
    let end = chrono::DateTime::parse_from_rfc3339(&ends_at)
        .expect("an RFC 3339 end")
        .naive_utc();
    let late: Vec<_> = stored
        .iter()
        .filter(|a| a.created_at > end + chrono::Duration::seconds(1))
        .collect();
    assert!(
        late.is_empty(),
        "actions stored after the end ({end}): {late:?}"
    );
    for (table, deal, number, seat, action) in &acknowledged {
        assert!(
            stored.iter().any(|a| a.table == *table
                && i64::from(a.deal) == *deal
                && i64::from(a.number) == *number
                && i64::from(a.seat) == *seat
                && serde_json::from_str::<Value>(&a.action).ok().as_ref() == Some(action)),
            "Ann's acknowledged move {action} (table {table}, deal {deal}, action {number}) is lost"
        );
    }
    drop(nginx);
    drop(servers);
    drop(database);
}

/// An action as stored, with its table's number and its deal's.
#[derive(Debug, diesel::QueryableByName)]
struct Stored {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    table: i64,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    deal: i32,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    number: i32,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    seat: i32,
    #[diesel(sql_type = diesel::sql_types::Text)]
    action: String,
    #[diesel(sql_type = diesel::sql_types::Timestamp)]
    created_at: chrono::NaiveDateTime,
}

fn stored_actions(url: &str) -> Vec<Stored> {
    use diesel::prelude::*;
    let mut conn = diesel::PgConnection::establish(url).expect("connect");
    diesel::sql_query(
        "SELECT t.number::BIGINT AS \"table\", g.number AS deal, a.number, a.seat, \
         a.action, a.created_at \
         FROM actions a JOIN games g ON g.id = a.game_id JOIN round_tables t ON t.id = g.table_id",
    )
    .load(&mut conn)
    .expect("read the actions")
}
