//! `touring serve` (and plain `touring`): the web server.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::app::{App, Database, SystemClock};
use crate::web;
use crate::web::bots::BotPace;
use crate::web::limits::Limits;

/// Where the server listens. `touring healthcheck` reads the same arguments (and the same
/// environment), so that it asks the server where the server listens.
#[derive(clap::Args, Debug, Clone)]
pub struct Listen {
    /// The address to listen on. Only loopback by default: a party on a café's Wi-Fi should
    /// choose its address on purpose. (`healthcheck` asks an unspecified one, 0.0.0.0 or ::,
    /// on loopback.)
    #[arg(long, env = "TOURING_ADDRESS", default_value = "127.0.0.1")]
    pub address: String,
    /// The port (`serve --port 0` picks a free one).
    #[arg(long, env = "TOURING_PORT", default_value_t = 8080)]
    pub port: u16,
}

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    #[command(flatten)]
    pub listen: Listen,
    /// Where the data lives: a SQLite file (created if missing; default data/touring.sqlite)
    /// or a PostgreSQL URL, postgres://USER:PASSWORD@HOST:PORT/DATABASE.
    #[arg(long, env = "DATABASE_URL")]
    pub database: Option<String>,
    /// The file that keeps the server's secret (made if missing). Default: beside a SQLite
    /// file, or data/touring.key with PostgreSQL; instances sharing one PostgreSQL database
    /// need the same secret.
    #[arg(long, env = "TOURING_KEY_FILE")]
    pub key_file: Option<PathBuf>,
    /// How long a bot at a digital table waits before it plays, in milliseconds: a human pace.
    #[arg(long, default_value_t = 1500, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub bot_delay_ms: u64,
    #[command(flatten)]
    pub limits: Limits,
}

/// `touring serve`'s arguments alone, to read them from the environment when no command was
/// given.
#[derive(clap::Parser)]
#[command(name = "touring")]
struct ServeOnly {
    #[command(flatten)]
    args: Args,
}

impl Args {
    /// The settings plain `touring` (no command) serves with: the defaults, and what the
    /// environment sets (`DATABASE_URL`, `TOURING_PORT`, the limits...). A setting that cannot
    /// be used stops it with clap's message, as it would `touring serve`.
    pub fn from_env() -> Result<Args, String> {
        <ServeOnly as clap::Parser>::try_parse_from(["touring"])
            .map(|only| only.args)
            .map_err(|e| e.render().to_string().trim_end().to_owned())
    }

    /// How the bots play at the tables.
    pub fn bot_pace(&self) -> BotPace {
        BotPace {
            delay: Duration::from_millis(self.bot_delay_ms),
            ..BotPace::default()
        }
    }

    /// The database these arguments name, or why they name none.
    pub fn database(&self) -> Result<Database, String> {
        Database::parse(self.database.as_deref())
    }

    /// The file of the server's secret.
    pub fn key_file(&self, database: &Database) -> PathBuf {
        self.key_file
            .clone()
            .unwrap_or_else(|| crate::app::secret::default_path(database))
    }
}

/// Opens the database and runs the server until it is stopped.
pub fn run(args: &Args) -> Result<(), String> {
    let database = args.database()?;
    // Held until the server stops: a second server on this SQLite file is refused.
    let mut lock = super::lock_database(&database)?;
    let app = App::open(&database, 8, Arc::new(SystemClock)).map_err(|e| {
        format!(
            "{} ({})",
            database.explain_connect_error(&e.to_string()),
            database.describe()
        )
    })?;
    crate::app::secret::open(&app, &args.key_file(&database)).map_err(|e| e.to_string())?;
    actix_web::rt::System::new().block_on(async move {
        let bound = super::bind(
            app,
            &args.listen.address,
            args.listen.port,
            args.bot_pace(),
            args.limits.clone(),
        )?;
        super::record_port(lock.as_mut(), &bound);
        // Instances over one PostgreSQL database tell each other what changed.
        if let Database::Postgres(url) = &database {
            bound
                .hub
                .relay(url)
                .map_err(|e| format!("cannot start the live updates between instances: {e}"))?;
        }
        // SIGTERM and Ctrl-C stop it gracefully, caught from now on.
        actix_web::rt::spawn(web::ops::stop_on_signals(
            bound.server.handle(),
            bound.hub.clone(),
        ));
        for line in super::where_to_open(
            "touring is running",
            &bound,
            args.limits.public_url.as_ref(),
        ) {
            super::print_line(&line)?;
        }
        super::print_line(&format!(
            "database: {} (stop with Ctrl-C or SIGTERM: live pages reconnect when it is back)",
            database.describe()
        ))?;
        super::print_line(&bound.capacity.describe())?;
        bound
            .server
            .await
            .map_err(|e| format!("the server stopped: {e}"))?;
        super::print_line("touring stopped")
    })
}
