//! Which database a server uses: `--database` (or `DATABASE_URL`) with postgres:// or
//! postgresql:// is PostgreSQL, a file path or nothing is SQLite, and anything else stops the
//! server at start with a message that says what is accepted; a URL never becomes a folder.
//! A port that is taken stops `serve` and `demo` alike, saying so and what to do.

use crate::common;

use std::process::{Command, Stdio};

use common::api::Host;
use common::server::{Server, postgres};
use serde_json::json;

/// Runs `touring serve` in a fresh working directory and returns (success, all it printed),
/// with the directory to look into.
fn serve(database: &str) -> (bool, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let output = Command::new(env!("CARGO_BIN_EXE_touring"))
        .args(["serve", "--port", "0"])
        .current_dir(dir.path())
        .env("DATABASE_URL", database)
        .stdin(Stdio::null())
        .output()
        .expect("run touring serve");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text, dir)
}

#[test]
fn another_scheme_stops_the_server_at_start_saying_what_is_accepted() {
    for url in ["mysql://root@127.0.0.1/touring", "http://127.0.0.1/touring"] {
        let (ok, text, dir) = serve(url);
        assert!(!ok, "{url}: {text}");
        assert!(text.contains("postgres://"), "{text}");
        assert!(text.contains("SQLite file path"), "{text}");
        let made: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").collect();
        assert!(made.is_empty(), "{url} made {made:?}");
    }
}

#[test]
fn a_postgres_url_is_postgresql_never_a_folder_named_postgres() {
    // Port 9 (discard) has no PostgreSQL: the start fails at once, in PostgreSQL's words.
    let (ok, text, dir) = serve("postgres://touring:hunter2@127.0.0.1:9/touring");
    assert!(!ok, "{text}");
    assert!(text.contains("cannot open the database"), "{text}");
    assert!(
        !dir.path().join("postgres:").exists(),
        "a folder named postgres:"
    );
    let made: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").collect();
    assert!(made.is_empty(), "made {made:?}");
}

#[test]
fn the_event_is_stored_in_the_database_the_tests_chose() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Where", "seed": 1}));
    let pool = touring::db::open(&server.database, 1).expect("open the server's database");
    let mut conn = pool.get().expect("connection");
    assert_eq!(conn.is_postgres(), postgres().is_some());
    let event = touring::db::queries::event(&mut conn, host.event)
        .expect("query")
        .expect("the event is there");
    assert_eq!(event.name, "Where");
}

#[test]
fn a_port_in_use_stops_serve_and_demo_saying_so_and_what_to_do() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("take a port");
    let port = taken.local_addr().expect("its address").port().to_string();
    for command in ["serve", "demo"] {
        let dir = tempfile::tempdir().expect("temporary directory");
        let output = Command::new(env!("CARGO_BIN_EXE_touring"))
            .args([command, "--address", "127.0.0.1", "--port", port.as_str()])
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .output()
            .expect("run touring");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{command}: {said}");
        assert!(
            said.contains(&format!("port {port} on 127.0.0.1 is already in use"))
                && said.contains("--port"),
            "{command}: {said}"
        );
    }
}
