//! `touring serve` (and plain `touring`): the web server.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::app::{App, SystemClock};
use crate::web::bots::BotPace;
use crate::web::limits::Limits;
use crate::{db, web};

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The address to listen on. Only loopback by default: a party on a café's Wi-Fi should
    /// choose its address on purpose.
    #[arg(long, default_value = "127.0.0.1")]
    pub address: String,
    /// The port (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The SQLite database file (created if missing). Default: data/touring.sqlite.
    #[arg(long, env = "DATABASE_URL")]
    pub database: Option<String>,
    /// How long a bot at a digital table waits before it plays, in milliseconds: a human pace.
    #[arg(long, default_value_t = 1500, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub bot_delay_ms: u64,
    #[command(flatten)]
    pub limits: Limits,
}

/// The limits alone, to read them from the environment when no command was given.
#[derive(clap::Parser)]
struct LimitsOnly {
    #[command(flatten)]
    limits: Limits,
}

impl Default for Args {
    fn default() -> Args {
        Args {
            address: "127.0.0.1".into(),
            port: 8080,
            database: std::env::var("DATABASE_URL").ok(),
            bot_delay_ms: 1500,
            limits: <LimitsOnly as clap::Parser>::try_parse_from(["touring"])
                .map(|only| only.limits)
                .unwrap_or_default(),
        }
    }
}

impl Args {
    /// How the bots play at the tables.
    pub fn bot_pace(&self) -> BotPace {
        BotPace {
            delay: Duration::from_millis(self.bot_delay_ms),
            ..BotPace::default()
        }
    }

    /// The database file these arguments name.
    pub fn database_path(&self) -> PathBuf {
        self.database
            .as_deref()
            .map(db::path_from_url)
            .unwrap_or_else(db::default_path)
    }
}

/// Opens the database and runs the server until it is stopped.
pub fn run(args: &Args) -> Result<(), String> {
    let path = args.database_path();
    let pool = db::open(&path, 8).map_err(|e| format!("{e} ({})", path.display()))?;
    let app = App::new(pool, Arc::new(SystemClock));
    crate::app::secret::open(&app, &path).map_err(|e| e.to_string())?;
    actix_web::rt::System::new().block_on(async move {
        let (server, addr, _hub) = web::bind_with(app, &args.address, args.port, args.bot_pace(), args.limits.clone()).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AddrInUse {
                format!(
                    "port {} on {} is already in use; stop the other program or choose another with --port",
                    args.port, args.address
                )
            } else {
                format!("cannot listen on {}:{}: {e}", args.address, args.port)
            }
        })?;
        super::print_line(&format!("touring is running: open http://{addr}/"))?;
        super::print_line(&format!(
            "database: {} (stop with Ctrl-C)",
            path.display()
        ))?;
        server
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}
