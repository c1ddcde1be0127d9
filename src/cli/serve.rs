//! `touring serve` (and plain `touring`): the web server.

use std::path::PathBuf;
use std::sync::Arc;

use crate::app::{App, SystemClock};
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
}

impl Default for Args {
    fn default() -> Args {
        Args {
            address: "127.0.0.1".into(),
            port: 8080,
            database: std::env::var("DATABASE_URL").ok(),
        }
    }
}

impl Args {
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
    actix_web::rt::System::new().block_on(async move {
        let (server, addr) = web::bind(app, &args.address, args.port).map_err(|e| {
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
