//! `touring backup`: a consistent copy of the database taken while the server runs and players
//! keep moving; the copy opens in a new server and holds the event. An existing file is kept
//! unless `--force` is given.

use crate::common;

use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};

use common::api::{Dice, Host, seat, send_move};
use common::server::Server;
use serde_json::json;

/// The names of the events in a database file, read with a plain connection that is closed
/// properly (a server killed on the file would leave a write-ahead log beside it).
fn event_names(file: &std::path::Path) -> Vec<String> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Name {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name: String,
    }
    let mut conn =
        diesel::sqlite::SqliteConnection::establish(&file.to_string_lossy()).expect("open copy");
    diesel::sql_query("SELECT name FROM events ORDER BY id")
        .load::<Name>(&mut conn)
        .expect("read events")
        .into_iter()
        .map(|n| n.name)
        .collect()
}

fn backup(database: &std::path::Path, file: &std::path::Path, force: bool) -> (bool, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_touring"));
    command
        .arg("backup")
        .arg(file)
        .arg("--database")
        .arg(database)
        .env_remove("DATABASE_URL");
    if force {
        command.arg("--force");
    }
    let output = command.output().expect("run touring backup");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

#[test]
fn a_backup_taken_while_the_server_runs_holds_the_event() {
    let server = Server::start_sqlite();
    let host = Host::create(
        &server,
        json!({"name": "Backed up", "seed": 3, "round": {"kind": "timed", "seconds": 3600}}),
    );
    let players = host.add_players(&server, &["Ann", "Bob", "Cy", "Di"]);
    host.ok(&server, "/rounds", json!({}));
    host.ok(&server, "/rounds/1/start", json!({}));

    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("copy.sqlite");
    let playing = AtomicBool::new(true);
    let moves = std::thread::scope(|scope| {
        // Players keep moving while the copy is taken.
        let player = scope.spawn(|| {
            let mut dice = Dice::new(11);
            let mut played = 0;
            while playing.load(Ordering::SeqCst) || played < 10 {
                for token in &players {
                    let state = seat(&server, token);
                    if let Some(action) = dice.pick(&state) {
                        let (status, answer) =
                            send_move(&server, token, &state["deal"]["actions"], &action);
                        assert_eq!(status, 200, "{answer}");
                        played += 1;
                    }
                }
            }
            played
        });
        let (ok, text) = backup(server.file(), &file, false);
        playing.store(false, Ordering::SeqCst);
        assert!(ok, "the backup failed: {text}");
        assert!(text.contains("backed up"), "{text}");
        player.join().expect("the players' thread")
    });
    assert!(moves >= 10);

    // The copy is a database of its own: a server opens it and finds the event and its round.
    let copy = Server::start_on(&touring::db::Database::Sqlite(file.clone()));
    let (status, event) = copy.get(&format!("/api/v1/events/{}", host.event), None);
    assert_eq!(status, 200, "{event}");
    assert_eq!(event["event"]["name"], "Backed up");
    assert_eq!(event["entries"], 4);
    let export = host.get(&copy, "/export.json");
    assert_eq!(export["rounds"][0]["round"], 1, "{export}");
    assert_eq!(
        export["rounds"][0]["tables"].as_array().map(Vec::len),
        Some(2)
    );
    let state = seat(&copy, &players[0]);
    assert_eq!(state["round"]["number"], 1);
    assert!(state["deal"]["actions"].as_u64().is_some(), "{state}");
}

#[test]
fn an_existing_backup_is_replaced_only_with_force() {
    let server = Server::start_sqlite();
    Host::create(&server, json!({"name": "First"}));
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("copy.sqlite");
    let (ok, text) = backup(server.file(), &file, false);
    assert!(ok, "{text}");

    Host::create(&server, json!({"name": "Second"}));
    let (ok, text) = backup(server.file(), &file, false);
    assert!(!ok, "an existing file must not be overwritten: {text}");
    assert!(text.contains("already exists"), "{text}");
    assert!(text.contains("--force"), "the message says how: {text}");
    assert_eq!(
        event_names(&file),
        ["First"],
        "the refused run kept the old copy"
    );

    let (ok, text) = backup(server.file(), &file, true);
    assert!(ok, "{text}");
    assert!(text.contains("2 event(s)"), "{text}");
    assert_eq!(event_names(&file), ["First", "Second"]);

    // No temporary files are left beside the backup.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("list")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".touring-backup-"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

#[test]
fn a_missing_database_or_the_database_itself_is_refused() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let missing = dir.path().join("nothing.sqlite");
    let (ok, text) = backup(&missing, &dir.path().join("copy.sqlite"), false);
    assert!(!ok);
    assert!(text.contains("no database"), "{text}");
    assert!(!missing.exists(), "the backup must not create the database");

    let server = Server::start_sqlite();
    let (ok, text) = backup(server.file(), server.file(), true);
    assert!(!ok);
    assert!(text.contains("database itself"), "{text}");
}

#[test]
fn a_postgresql_database_is_backed_up_with_pg_dump_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("copy.sqlite");
    let url = std::path::Path::new("postgres://touring:hunter2@127.0.0.1:9/touring");
    let (ok, text) = backup(url, &file, false);
    assert!(!ok, "{text}");
    assert!(text.contains("pg_dump"), "{text}");
    assert!(text.contains("pg_restore"), "{text}");
    assert!(
        !text.contains("hunter2"),
        "the password is not shown: {text}"
    );
    assert!(!file.exists(), "nothing is written");
    assert!(
        !std::path::Path::new("postgres:").exists(),
        "no folder named after the URL"
    );
}

#[test]
fn a_database_url_of_another_kind_is_refused_saying_what_is_accepted() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = std::path::Path::new("mysql://root@127.0.0.1/touring");
    let (ok, text) = backup(url, &dir.path().join("copy.sqlite"), false);
    assert!(!ok, "{text}");
    assert!(text.contains("postgres://"), "{text}");
    assert!(text.contains("SQLite file path"), "{text}");
}

#[test]
fn a_season_survives_a_backup_and_restore() {
    let server = Server::start_sqlite();
    let (status, made) = server.post(
        "/api/v1/series",
        None,
        &json!({"name": "Kept season", "count_best": 1, "prizes": {"season": ["perfect_attendance"]}}),
    );
    assert_eq!(status, 201, "{made}");
    let (id, token) = (
        made["series"]["id"].as_i64().expect("id"),
        made["host_token"].as_str().expect("token").to_owned(),
    );
    let (status, answer) = server.post(
        "/api/v1/events",
        Some(&token),
        &json!({"name": "Week 1", "seed": 3, "length": {"kind": "rounds", "rounds": 1}, "series": id}),
    );
    assert_eq!(status, 201, "{answer}");
    let host = Host {
        event: answer["event"]["id"].as_i64().expect("event"),
        token: answer["host_token"].as_str().expect("token").to_owned(),
    };
    host.add_players(&server, &["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]);
    host.play_paper_rounds(&server, 1);
    host.close_evening(&server);
    let (status, _) = server.post(
        &format!("/api/v1/series/{id}/people/link"),
        Some(&token),
        &json!({"name": "Flo", "with": "Florence"}),
    );
    assert_eq!(status, 200);
    let path = format!("/api/v1/series/{id}/standings");
    let (_, before) = server.get(&path, None);

    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("season.sqlite");
    let (ok, text) = backup(server.file(), &file, false);
    assert!(ok, "the backup failed: {text}");
    let copy = Server::start_on(&touring::db::Database::Sqlite(file.clone()));
    let (status, after) = copy.get(&path, None);
    assert_eq!(status, 200, "{after}");
    assert_eq!(
        after, before,
        "standings, links, counting and prizes all kept"
    );
    assert!(after.to_string().contains("Florence"), "{after}");
    // The series' host token still works on the copy.
    let (status, _) = copy.get(&format!("/api/v1/series/{id}/people"), Some(&token));
    assert_eq!(status, 200);
}

#[test]
fn a_backup_says_the_key_file_goes_with_it_and_a_copy_started_without_it_says_so() {
    let server = Server::start_sqlite();
    Host::create(&server, json!({"name": "Keyed"}));
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("copy.sqlite");
    let (ok, text) = backup(server.file(), &file, false);
    assert!(ok, "{text}");
    let key = format!("{}.key", server.file().display());
    let beside = format!("{}.key", file.display());
    assert!(
        text.contains(&format!("keep {key} with it, as {beside}")),
        "the backup names the key file and where it goes: {text}"
    );
    assert!(
        text.contains("join keys, table tents and member cards"),
        "{text}"
    );

    // The copy started without its key file: the server says so as it starts.
    let mut copy = Server::start_on(&touring::db::Database::Sqlite(file.clone()));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !copy.log().contains("no key file") && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let log = copy.log();
    assert!(
        log.contains(&format!("there was no key file at {beside}"))
            && log.contains("this database holds events"),
        "{log}"
    );
    copy.kill();

    // A copy with the key beside it starts without a word about it.
    let again = dir.path().join("again.sqlite");
    let (ok, text) = backup(server.file(), &again, false);
    assert!(ok, "{text}");
    std::fs::copy(&key, format!("{}.key", again.display())).expect("copy the key file");
    let restored = Server::start_on(&touring::db::Database::Sqlite(again.clone()));
    assert_eq!(restored.text("/healthz", None).0, 200);
    assert!(
        !restored.log().contains("no key file"),
        "{}",
        restored.log()
    );
}
