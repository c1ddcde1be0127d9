//! How long re-seating a big event keeps other writers waiting (issue 32, item 4).
//!
//! Makes a fresh SQLite database in a temporary folder, an event of `--entries` entries (5,000
//! by default), and seats its round 1. Then it seats round 1 again `--times` times through the
//! same use case the API's `POST /api/v1/events/{id}/rounds` runs, while another thread keeps
//! writing a trifle (an immediate transaction that reads one row, what a move waits for
//! before it can write) and times each of its writes. SQLite has one writer: how long that
//! other writer waits is how long re-seating holds the write lock.
//!
//! Prints a JSON summary: each re-seating's own time, and the other writer's slowest and
//! 99th-percentile wait while the re-seating ran.
//!
//!     cargo run --release --example reseat -- --entries 5000 --times 10

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use touring::app::rounds::{self, SeatRequest};
use touring::app::{App, HostKey, SystemClock, events};
use touring::db::{self, Database};
use touring::tournament::{Members, Settings};

#[derive(Parser, Debug)]
struct Options {
    /// Entries in the event.
    #[arg(long, default_value_t = 5_000)]
    entries: u32,
    /// How many times round 1 is seated again.
    #[arg(long, default_value_t = 10)]
    times: u32,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at.min(sorted.len() - 1)]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = Options::parse();
    let dir = std::env::temp_dir().join(format!("touring-reseat-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let pool = db::open(&Database::Sqlite(dir.join("reseat.sqlite")), 4)?;
    let app = App::new(pool, Arc::new(SystemClock));
    let (event, token) = events::create_event(&app, Settings::new("Re-seating", 7))?;
    let host = HostKey::token(event.id(), token);
    app.write(|conn| {
        for n in 1..=options.entries {
            let members = Members::player(&format!("Player {n}"))
                .map_err(|e| touring::app::AppError::Internal(e.to_string()))?;
            events::add_entry_in(conn, &event, members, None, app.now_naive())?;
        }
        Ok(())
    })?;
    rounds::seat_round(&app, &host, &SeatRequest::default())?;
    eprintln!("{} entries seated once; re-seating...", options.entries);

    let running = Arc::new(AtomicBool::new(true));
    let prober = {
        let (app, running) = (app.clone(), running.clone());
        std::thread::spawn(move || {
            let mut waits = Vec::new();
            while running.load(Ordering::Relaxed) {
                let started = Instant::now();
                let _ = app.write(|conn| Ok(db::queries::any_event(conn)?));
                waits.push(started.elapsed().as_secs_f64() * 1000.0);
                std::thread::sleep(Duration::from_millis(2));
            }
            waits
        })
    };
    let mut seatings = Vec::new();
    let mut refused = 0;
    for _ in 0..options.times {
        let started = Instant::now();
        match rounds::seat_round(&app, &host, &SeatRequest::default()) {
            Ok(_) => seatings.push(started.elapsed().as_secs_f64() * 1000.0),
            Err(e) => {
                eprintln!("refused: {e}");
                refused += 1;
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    running.store(false, Ordering::Relaxed);
    let mut waits = prober.join().map_err(|_| "the other writer panicked")?;
    waits.sort_by(f64::total_cmp);
    seatings.sort_by(f64::total_cmp);
    let summary = serde_json::json!({
        "entries": options.entries,
        "reseatings": seatings.len(),
        "refused": refused,
        "reseating_ms_p50": percentile(&seatings, 0.5),
        "reseating_ms_max": seatings.last().copied().unwrap_or(0.0),
        "other_writer_writes": waits.len(),
        "other_writer_wait_ms_p50": percentile(&waits, 0.5),
        "other_writer_wait_ms_p99": percentile(&waits, 0.99),
        "other_writer_wait_ms_max": waits.last().copied().unwrap_or(0.0),
        "other_writer_waits_over_100_ms": waits.iter().filter(|w| **w > 100.0).count(),
    });
    println!("{}", serde_json::to_string_pretty(&summary)?);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
