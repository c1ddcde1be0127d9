//! `touring demo`: the server with a demo evening ready to watch: six bots and two open seats,
//! 90-second rounds, round 1 already running, and a host on autopilot between rounds.

use std::sync::Arc;
use std::time::Duration;

use crate::app::demo::{self, Step};
use crate::app::{App, Database, SystemClock, events};
use crate::web;
use crate::web::bots::BotPace;
use crate::web::live::{Hub, Topic};

/// The break between two rounds, in seconds: time to read the standings and change tables.
const BREAK_SECS: i64 = 15;

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The address to listen on (loopback by default).
    #[arg(long, default_value = "127.0.0.1")]
    pub address: String,
    /// The port (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The database to add the demo event to (a SQLite file or a PostgreSQL URL). Default: a
    /// new SQLite file in a temporary directory, deleted when the demo stops, so a demo never
    /// mixes with real events.
    #[arg(long)]
    pub database: Option<String>,
    /// How long a bot waits before it plays, in milliseconds: a human pace.
    #[arg(long, default_value_t = 1500, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub bot_delay_ms: u64,
    /// The seed of the demo's seating and deals.
    #[arg(long, default_value_t = 1926)]
    pub seed: u64,
    #[command(flatten)]
    pub limits: crate::web::limits::Limits,
}

/// Sets up the demo event, prints its links and runs the server until it is stopped.
pub fn run(args: &Args) -> Result<(), String> {
    // Kept alive for as long as the demo runs; the directory is deleted when it ends.
    let (database, _temporary) = match &args.database {
        Some(url) => (Database::parse(Some(url))?, None),
        None => {
            let dir = tempfile::Builder::new()
                .prefix("touring-demo-")
                .tempdir()
                .map_err(|e| format!("cannot make a temporary directory for the demo: {e}"))?;
            (Database::Sqlite(dir.path().join("demo.sqlite")), Some(dir))
        }
    };
    // Held until the demo stops: a second server on this SQLite file is refused.
    let mut lock = super::lock_database(&database)?;
    let app = App::open(&database, 8, Arc::new(SystemClock))
        .map_err(|e| format!("{e} ({})", database.describe()))?;
    crate::app::secret::open(&app, &crate::app::secret::default_path(&database))
        .map_err(|e| e.to_string())?;
    let demo = demo::set_up(&app, args.seed).map_err(|e| format!("cannot set up the demo: {e}"))?;
    let pace = BotPace {
        delay: Duration::from_millis(args.bot_delay_ms),
        ..BotPace::default()
    };
    actix_web::rt::System::new().block_on(async move {
        let bound = super::bind(app.clone(), &args.address, args.port, pace, args.limits.clone())?;
        super::record_port(lock.as_mut(), &bound);
        // Ctrl-C and SIGTERM stop it gracefully (and the temporary database is deleted).
        actix_web::rt::spawn(web::ops::stop_on_signals(bound.server.handle(), bound.hub.clone()));
        let base = super::here(&bound);
        let event = demo.event;
        for line in super::where_to_open("touring demo is running", &bound, args.limits.public_url.as_ref()) {
            super::print_line(&line)?;
        }
        super::print_line(&format!(
            "host console: {base}/events/{event}/host?token={}",
            demo.host_token
        ))?;
        super::print_line(&format!("projector:    {base}/events/{event}/screen"))?;
        for seat in &demo.open_seats {
            super::print_line(&format!("open seat:    {base}/seat/{} ({})", seat.token, seat.name))?;
        }
        super::print_line(&format!(
            "round 1 of {} is running ({} seconds a round); the host closes each round and starts the next after {BREAK_SECS} seconds",
            demo::ROUNDS,
            demo::ROUND_SECONDS
        ))?;
        super::print_line(&format!("database: {} (stop with Ctrl-C)", database.describe()))?;
        super::print_line(&bound.capacity.describe())?;
        let web::Bound { server, hub, .. } = bound;
        actix_web::rt::spawn(host_autopilot(app, hub, event));
        server
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}

/// The host on autopilot: one step a second until the evening is over.
async fn host_autopilot(app: App, hub: Hub, event: i64) {
    loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let host = app.clone();
        let step = actix_web::web::block(move || {
            host.write(|conn| {
                let record = events::load(conn, event)?;
                demo::autopilot(conn, &record, host.now(), BREAK_SECS)
            })
        })
        .await;
        let line = match step {
            Ok(Ok(Step::Wait)) => continue,
            Ok(Ok(Step::Closed(n))) => {
                format!("round {n} closed; the next round starts in {BREAK_SECS} seconds")
            }
            Ok(Ok(Step::Started(n))) => format!("round {n} started"),
            Ok(Ok(Step::Finished)) => {
                hub.publish(event, Topic::Event);
                let _ = super::print_line(
                    "the demo evening is over: see the final standings on the projector",
                );
                return;
            }
            Ok(Err(error)) => {
                let _ = super::print_line(&format!(
                    "the demo host stopped ({error}); the host console still works"
                ));
                return;
            }
            Err(error) => {
                let _ = super::print_line(&format!(
                    "the demo host stopped ({error}); the host console still works"
                ));
                return;
            }
        };
        hub.publish(event, Topic::Event);
        if super::print_line(&line).is_err() {
            return;
        }
    }
}
