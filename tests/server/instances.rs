//! Several instances over one PostgreSQL database: a page hears the changes made on any of them
//! (PostgreSQL's LISTEN/NOTIFY). Runs only when `TOURING_TEST_DATABASE` names a PostgreSQL
//! server (see tests/common/server.rs); SQLite is served by one instance, and a second one
//! started on the same file is refused.

use crate::common;

use std::time::{Duration, Instant};

use common::api::{Host, seat, send_move};
use common::server::{PgDatabase, Server, postgres};
use reqwest::blocking::{Client, Response};
use serde_json::{Value, json};
use touring::db::Database;

/// Two instances on two ports over one fresh database, sharing one secret; `None` on SQLite.
struct Pair {
    a: Server,
    b: Server,
    _key_dir: tempfile::TempDir,
    _database: PgDatabase,
}

fn two_instances(test: &str) -> Option<Pair> {
    let Some(admin) = postgres() else {
        eprintln!("{test}: skipped, TOURING_TEST_DATABASE names no PostgreSQL server");
        return None;
    };
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
    let Some(pair) = two_instances("a_move_on_one_instance_reaches_live_pages_held_by_another")
    else {
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
    let Some(pair) = two_instances("after_the_relay_reconnects_every_live_page_redraws") else {
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
