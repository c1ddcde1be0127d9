//! The `touring` command line: one module per subcommand.

mod backup;
mod demo;
mod engine;
mod healthcheck;
mod selfplay;
mod serve;
mod simulate;

use std::io::{self, Write};

use clap::{Parser, Subcommand};

use crate::engine::RulesId;

/// What `touring --version` says after the name: the version and the commit it was built from
/// (`0.1.0 (commit 0123456789ab)`, or `(unknown commit)` when the build had no git).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("TOURING_COMMIT"), ")");

/// The command line.
#[derive(Parser)]
#[command(name = "touring", version = VERSION, about = "Progressive Touring card parties")]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// How the log (standard error) is written: text for people, or one JSON object per line
    /// for log collectors. RUST_LOG chooses what is logged (by default warnings, and a line
    /// per request: touring::access=info).
    #[arg(
        long,
        global = true,
        env = "TOURING_LOG_FORMAT",
        value_enum,
        default_value_t
    )]
    pub log_format: crate::logging::LogFormat,
}

#[derive(Subcommand)]
enum Command {
    /// Write a consistent copy of the database, even while the server runs.
    Backup(backup::Args),
    /// Start the server with a demo evening: six bots, two open seats, 90-second rounds.
    Demo(demo::Args),
    /// Drive one table's rules engine with JSON lines on stdin/stdout (docs/engine-protocol.md).
    Engine,
    /// Ask a running server's /healthz (for container health checks): exit 0 when healthy.
    Healthcheck(healthcheck::Args),
    /// Play complete games between bots and print a JSON summary.
    Selfplay(selfplay::Args),
    /// Start the web server (what `touring` does without a command).
    Serve(serve::Args),
    /// Play a whole event with bots at every seat and print it as JSON.
    Simulate(simulate::Args),
}

impl Cli {
    /// Runs the chosen command.
    pub fn run(self) -> Result<(), String> {
        match self.command {
            Some(Command::Backup(args)) => backup::run(&args),
            Some(Command::Demo(args)) => demo::run(&args),
            Some(Command::Engine) => engine::run(),
            Some(Command::Healthcheck(args)) => healthcheck::run(&args),
            Some(Command::Selfplay(args)) => selfplay::run(&args),
            Some(Command::Serve(args)) => serve::run(&args),
            Some(Command::Simulate(args)) => simulate::run(&args),
            None => serve::run(&serve::Args::from_env()?),
        }
    }
}

fn parse_rules(id: &str) -> Result<RulesId, String> {
    RulesId::parse(id).map_err(|e| e.to_string())
}

/// The address to open the server by on this machine: where it listens, or, listening on every
/// interface, the machine's network address (loopback when none was found).
fn here(bound: &crate::web::Bound) -> String {
    let addr = bound.addr;
    if !addr.ip().is_unspecified() {
        return format!("http://{addr}");
    }
    if let Some(url) = &bound.network_url {
        return url.to_string();
    }
    let loopback = match addr.ip() {
        std::net::IpAddr::V4(_) => std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        std::net::IpAddr::V6(_) => std::net::IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
    };
    format!(
        "http://{}",
        std::net::SocketAddr::new(loopback, addr.port())
    )
}

/// The lines a server prints when it starts: where to open it, and the address guests' phones
/// will use (or why they cannot use one yet). `given` is `--public-url`.
fn where_to_open(
    running: &str,
    bound: &crate::web::Bound,
    given: Option<&crate::web::address::PublicUrl>,
) -> Vec<String> {
    let mut lines = vec![format!("{running}: open {}/", here(bound))];
    match (&bound.public_url, given) {
        (Some(url), Some(_)) => lines.push(format!(
            "guests' phones use {url} (--public-url): the QR codes and links carry it"
        )),
        (Some(url), None) => lines.push(format!(
            "guests' phones use {url}, this machine's network address: the QR codes carry it \
             (give --public-url if they reach it by another)"
        )),
        (None, _) if bound.addr.ip().is_loopback() => lines.push(
            "only this computer can open it: for guests' phones, start with --address 0.0.0.0 \
             (or --public-url URL behind a proxy)"
                .to_owned(),
        ),
        (None, _) if bound.addr.ip().is_unspecified() => lines.push(
            "no network address found for guests' phones: the QR codes carry the address each \
             page was opened by; give --public-url http://<your Wi-Fi address>:PORT"
                .to_owned(),
        ),
        (None, _) => {}
    }
    lines
}

/// Takes the lock of a SQLite database for this server, or says which server holds it (its
/// port). PostgreSQL is not locked: its instances tell each other what changed.
fn lock_database(
    database: &crate::app::Database,
) -> Result<Option<crate::app::InstanceLock>, String> {
    match database {
        crate::app::Database::Sqlite(path) => crate::app::InstanceLock::take(path)
            .map(Some)
            .map_err(|e| format!("{}: {e}", path.display())),
        crate::app::Database::Postgres(_) => Ok(None),
    }
}

/// Writes the port the server listens on in its database's lock, for a second server started
/// on the same file to name (failing costs only that).
fn record_port(lock: Option<&mut crate::app::InstanceLock>, bound: &crate::web::Bound) {
    if let Some(lock) = lock
        && let Err(e) = lock.record_port(bound.addr.port())
    {
        log::warn!("cannot write the port in {}: {e}", lock.path().display());
    }
}

/// Binds the web server, or says in words why it cannot listen where it was asked to.
fn bind(
    app: crate::app::App,
    address: &str,
    port: u16,
    pace: crate::web::bots::BotPace,
    limits: crate::web::limits::Limits,
) -> Result<crate::web::Bound, String> {
    crate::web::bind_with(app, address, port, pace, limits).map_err(|e| match e.kind() {
        std::io::ErrorKind::InvalidInput => e.to_string(),
        std::io::ErrorKind::AddrInUse => format!(
            "port {port} on {address} is already in use; stop the other program or choose another with --port"
        ),
        _ => format!("cannot listen on {address}:{port}: {e}"),
    })
}

/// Prints one line to standard output, reporting (not panicking on) a closed pipe.
fn print_line(line: &str) -> Result<(), String> {
    let mut out = io::stdout().lock();
    writeln!(out, "{line}")
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write standard output: {e}"))
}
