//! Several instances over one PostgreSQL database: a page hears the changes made on any of them
//! (PostgreSQL's LISTEN/NOTIFY), and an instance hears only the events it has pages of open.
//! Runs on the PostgreSQL server `TOURING_TEST_DATABASE` names, else on a cluster of each
//! test's own (ports 25450-25459) where PostgreSQL is installed; skipped without PostgreSQL,
//! outside CI only (see tests/common/server.rs). SQLite is served by one instance, and a second
//! one started on the same file is refused.

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
    let (admin, cluster) = postgres_or_own(test, port)?;
    let database = PgDatabase::create(&admin);
    let key_dir = tempfile::tempdir().expect("temporary directory");
    let key = key_dir.path().join("touring.key").display().to_string();
    let url = Database::Postgres(database.url.clone());
    let a = Server::start_on_with(&url, &["--key-file", &key]);
    let b = Server::start_on_with(&url, &["--key-file", &key]);
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

/// A figure of the server's `/metrics` (`name` with its labels, as written there).
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
