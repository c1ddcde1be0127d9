//! `touring demo`, the real binary: it prints the host console, the projector and two open
//! seat links that open, and the bots play while round 1 runs.

use crate::common;

use std::time::{Duration, Instant};

use common::demo::{Demo, printed_links};

const PATIENCE: Duration = Duration::from_secs(60);

fn stored_actions(database: &std::path::Path) -> i64 {
    use diesel::prelude::*;
    use touring::db::schema::actions;
    let pool = touring::db::open(&touring::db::Database::Sqlite(database.to_owned()), 1)
        .expect("open the demo's database");
    let mut conn = pool.get().expect("a connection");
    actions::table
        .count()
        .get_result(&mut conn)
        .expect("count the actions")
}

#[test]
fn the_demo_prints_links_that_open_and_its_bots_play() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let database = dir.path().join("demo.sqlite");
    let (_demo, printed) = Demo::start(dir.path(), 20);
    let link = |label: &str| printed_links(&printed, label);
    let console = link("host console:");
    let projector = link("projector:");
    let seats = link("open seat:");
    assert_eq!(console.len(), 1, "{printed:?}");
    assert_eq!(projector.len(), 1, "{printed:?}");
    assert_eq!(seats.len(), 2, "two open seats: {printed:?}");
    assert!(console[0].contains("/host?token="), "{printed:?}");
    assert!(seats.iter().all(|s| s.contains("/seat/")), "{printed:?}");

    // Every printed link opens; the console's token logs this browser in as the host.
    let client = reqwest::blocking::Client::builder()
        .cookie_store(true)
        .timeout(Duration::from_secs(20))
        .build()
        .expect("client");
    for url in console.iter().chain(&projector).chain(&seats) {
        let response = client.get(url).send().expect("GET a printed link");
        assert_eq!(response.status().as_u16(), 200, "{url}");
        let page = response.text().expect("page");
        assert!(page.contains("Demo evening"), "{url}: {page}");
    }
    let console_page = client
        .get(&console[0])
        .send()
        .and_then(|r| r.text())
        .expect("the console");
    assert!(
        console_page.contains("Host console") || console_page.contains("host console"),
        "the console link opens the console, not a login: {console_page}"
    );
    let seat_page = client
        .get(&seats[0])
        .send()
        .and_then(|r| r.text())
        .expect("a seat page");
    assert!(seat_page.contains("Guest A"), "{seat_page}");

    // The bots' tables play while round 1 runs.
    let started = Instant::now();
    let mut moves = 0;
    while started.elapsed() < PATIENCE && moves < 10 {
        moves = stored_actions(&database);
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(moves >= 10, "the bots made {moves} moves");
}

#[test]
fn ctrl_c_stops_the_demo_and_deletes_its_temporary_database() {
    use std::io::BufRead as _;
    let tmp = tempfile::tempdir().expect("temporary directory");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_touring"))
        .args(["demo", "--port", "0"])
        .env_remove("DATABASE_URL")
        .env("TMPDIR", tmp.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .expect("start touring demo");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = std::io::BufReader::new(stdout)
        .lines()
        .map_while(Result::ok);
    let started = lines.any(|line| line.starts_with("database:"));
    assert!(started, "the demo said where its database is");
    // Read the rest as a terminal would: a pipe closed early makes the demo's next line fail.
    let reader = std::thread::spawn(move || lines.count());
    let made = std::fs::read_dir(tmp.path()).expect("read TMPDIR").count();
    assert_eq!(made, 1, "the demo's temporary directory");
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(sent.success());
    // The limit only keeps a demo that never stops from hanging the test.
    let give_up = std::time::Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the demo") {
            break status;
        }
        if std::time::Instant::now() > give_up {
            let _ = child.kill();
            panic!("the demo had not stopped a minute after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}");
    reader.join().expect("the demo's output read to its end");
    let left = std::fs::read_dir(tmp.path()).expect("read TMPDIR").count();
    assert_eq!(left, 0, "the temporary database is deleted");
}
