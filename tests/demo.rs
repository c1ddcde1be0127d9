//! `touring demo`, the real binary: it prints the host console, the projector and two open
//! seat links that open, and the bots play while round 1 runs.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(60);

/// Kills the demo when the test ends, passed or failed.
struct Demo(Child);

impl Drop for Demo {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

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
    let mut child = Command::new(env!("CARGO_BIN_EXE_touring"))
        .args(["demo", "--port", "0", "--bot-delay-ms", "20", "--database"])
        .arg(&database)
        .env_remove("DATABASE_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start touring demo");
    let stdout = child.stdout.take().expect("stdout");
    let _demo = Demo(child);
    let mut lines = BufReader::new(stdout).lines();
    let mut printed = Vec::new();
    for line in lines.by_ref() {
        let line = line.expect("a line of output");
        let done = line.starts_with("database:");
        printed.push(line);
        if done {
            break;
        }
    }
    std::thread::spawn(move || for _ in lines {});
    let link = |label: &str| -> Vec<String> {
        printed
            .iter()
            .filter_map(|l| l.strip_prefix(label))
            .filter_map(|rest| rest.split_whitespace().next())
            .map(str::to_owned)
            .collect()
    };
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
