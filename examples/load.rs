//! The load benchmark of issue 6: a big evening on one machine.
//!
//! Starts a real `touring serve` on 127.0.0.1 with a fresh database, creates an event of
//! `--tables` tables of 6 (three partnerships of two at each), opens every seat's live stream
//! (`/seat/{token}/live`, the stream the seat page subscribes to), gives the signal, and then
//! at every table plays one legal move every `--interval-ms` for `--duration` seconds: the seat
//! whose board (as received on its live stream) shows moves posts one of them to the JSON API.
//!
//! Like the pages of a real evening, it also holds the host console's stream and three
//! projector streams of the event, so their redraws cost what they would.
//!
//! The database is a fresh SQLite file, or (`--database postgres://…`) a fresh PostgreSQL
//! database made for the run on that server and dropped after it. `--instances N` starts N
//! servers over the one PostgreSQL database (sharing a key file, as instances behind one
//! address do) and spreads the seats over them: seat k's stream and moves go to instance
//! k mod N, so a table's fan-out crosses instances.
//!
//! Measured: the time from a move's POST to its answer; the time from the POST until every
//! other seat at the table has received a board that includes the move; the servers' memory
//! (VmRSS sampled, VmHWM at the end) and CPU time (reported per move: all instances' CPU over
//! the run divided by the moves answered); errors of every kind. At the end the servers are
//! stopped and every move answered with success is looked up in the database (lost moves). A
//! JSON summary goes to stdout; progress to stderr. Run it with `scripts/bench-load.sh` (which
//! builds the release binary first).

use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use bytes::{Buf, BytesMut};
use clap::Parser;
use futures_util::StreamExt;
use hdrhistogram::Histogram;
use memchr::memmem;
use serde_json::{Value, json};

type Error = Box<dyn std::error::Error + Send + Sync>;
type Result<T> = std::result::Result<T, Error>;

#[derive(Parser, Debug, Clone)]
#[command(about = "Load benchmark: many tables of 6 playing against a real touring server")]
struct Options {
    /// The `touring` binary (default: next to this program's folder, as cargo builds it).
    #[arg(long)]
    binary: Option<PathBuf>,
    /// Ask for each move's whole answer, the seat's state, instead of the minimal one (`Prefer:
    /// return=minimal`: the events and where the deal stands), as a client that does not
    /// follow the seat's live stream would. The bots read only the deal's position either way.
    #[arg(long)]
    full_answers: bool,
    /// Tables of 6 seats.
    #[arg(long, default_value_t = 100)]
    tables: usize,
    /// How long the tables play, in seconds.
    #[arg(long, default_value_t = 60)]
    duration: u64,
    /// Each table plays one move this often.
    #[arg(long, default_value_t = 2000)]
    interval_ms: u64,
    /// The event's seed and the bots' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A PostgreSQL server to run on (`postgres://user@host:port/db`): the run makes a fresh
    /// database there and drops it afterwards. Default: a fresh SQLite file.
    #[arg(long)]
    database: Option<String>,
    /// Servers to start over the one database (more than one needs PostgreSQL).
    #[arg(long, default_value_t = 1)]
    instances: usize,
    /// How the instances share the play: `seats` (seat k's stream and moves on instance k mod
    /// N, so every fan-out crosses instances) or `tables` (round robin by table: a table's
    /// seats all on one instance, which answers its moves and relays its notices; the others
    /// only hear them). With `tables` the summary gives each instance's CPU with the moves it
    /// answered and heard.
    #[arg(long, default_value = "seats")]
    spread: String,
    /// PostgreSQL's postmaster (the first line of its data folder's postmaster.pid): the CPU
    /// of it and of its children (the backends, the WAL writer) is reported per move.
    #[arg(long)]
    postmaster: Option<u32>,
    /// A stranger's flood during the play (issue 32): this many connections, each sending
    /// `--flood-requests` pipelined GETs of another event's projector and never reading the
    /// answers. 0: no flood.
    #[arg(long, default_value_t = 0)]
    flood_connections: usize,
    /// GETs each flood connection sends at once.
    #[arg(long, default_value_t = 4)]
    flood_requests: usize,
    /// Entries of the flooded event (seated in tables of 2 before the play).
    #[arg(long, default_value_t = 1200)]
    flood_entries: usize,
    /// Loopback addresses the flood comes from (127.0.0.10 and on): the server counts each as
    /// a device of its own, with its own limits.
    #[arg(long, default_value_t = 8)]
    flood_addresses: u8,
    /// Seconds each wave of flood connections is held before it is replaced by a new one.
    #[arg(long, default_value_t = 10)]
    flood_wave_s: u64,
    /// A stranger's loops on a costly page during the play (issue 49): this many clients, each
    /// from a loopback address of its own (127.0.0.30 and on, so each has its own limits),
    /// asking for the page again as soon as the last answer is in, through its pages in
    /// turn. 0: none.
    #[arg(long, default_value_t = 0)]
    costly_loops: usize,
    /// The page they ask for: `cards` (the members' cards of the stranger's own series, as its
    /// host), `tents` (the table tents of the stranger's own event, as its host), `standings`
    /// (that event's printed standings) or `screen` (its projector).
    #[arg(long, default_value = "cards")]
    costly_page: String,
    /// How big: the series' members (`cards`), or the event's entries (seated in tables of 2:
    /// `tents` prints half as many tables).
    #[arg(long, default_value_t = 3000)]
    costly_size: usize,
}

/// Players per table and per partnership: tables of 6 are three partnerships of two.
const TABLE_SIZE: usize = 6;
const PAIR: usize = 2;
/// Everything after setup must be over by then (a stuck run stops by itself).
const GRACE: Duration = Duration::from_secs(120);

fn main() {
    let options = Options::parse();
    match run(&options) {
        Ok(summary) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&summary).unwrap_or_default()
            );
        }
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(1);
        }
    }
}

/// The server process; killed when dropped, whatever happened.
struct ServerProcess {
    child: Child,
    base: String,
}

impl ServerProcess {
    fn start(binary: &Path, database: &str, key_file: &Path) -> Result<ServerProcess> {
        let mut child = Command::new(binary)
            .args([
                "serve",
                "--address",
                "127.0.0.1",
                "--port",
                "0",
                "--database",
                database,
                "--key-file",
            ])
            .arg(key_file)
            // Thousands of streams and moves from one address: raise the per-client limits
            // through the same settings an operator would use.
            .args([
                "--streams-per-client",
                "0",
                "--connections-per-client",
                "0",
                "--writes-per-second",
                "0",
                "--entries-per-minute",
                "0",
                "--events-per-hour",
                "0",
                "--max-entries",
                "0",
            ])
            .env_remove("DATABASE_URL")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let stdout = child.stdout.take().ok_or("the server has no stdout")?;
        let mut lines = BufReader::new(stdout).lines();
        let first = lines.next().transpose()?.unwrap_or_default();
        // Keep draining stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        let base = first
            .split("open ")
            .nth(1)
            .map(|s| s.trim().trim_end_matches('/').to_owned())
            .ok_or_else(|| format!("the server did not say where it listens: {first:?}"))?;
        let server = ServerProcess { child, base };
        if !server.base.starts_with("http://127.0.0.1:") {
            return Err(format!("not a loopback address: {}", server.base).into());
        }
        Ok(server)
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Asks the server to stop (SIGTERM), then kills it if it has not stopped in 10 s.
    fn stop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.pid().to_string()])
            .status();
        let give_up = Instant::now() + Duration::from_secs(10);
        while Instant::now() < give_up {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn run(options: &Options) -> Result<Value> {
    let binary = match &options.binary {
        Some(binary) => binary.clone(),
        None => std::env::current_exe()?
            .parent()
            .and_then(Path::parent)
            .map(|dir| dir.join("touring"))
            .ok_or("cannot find the touring binary: pass --binary")?,
    };
    if options.instances == 0 {
        return Err("--instances must be at least 1".into());
    }
    if !matches!(options.spread.as_str(), "seats" | "tables") {
        return Err("--spread is seats or tables".into());
    }
    let dir = tempfile::tempdir()?;
    let database = match &options.database {
        Some(url) => FreshDatabase::postgres(url)?,
        None if options.instances > 1 => {
            return Err(
                "several instances share one PostgreSQL database: give --database postgres://…"
                    .into(),
            );
        }
        None => FreshDatabase::Sqlite(dir.path().join("load.sqlite")),
    };
    let key_file = dir.path().join("touring.key");
    let mut servers = Vec::new();
    for _ in 0..options.instances {
        let server = ServerProcess::start(&binary, &database.argument(), &key_file)?;
        eprintln!("load: server {} (pid {})", server.base, server.pid());
        servers.push(server);
    }
    let bases: Vec<String> = servers.iter().map(|s| s.base.clone()).collect();
    let pids: Vec<u32> = servers.iter().map(ServerProcess::pid).collect();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let outcome = runtime.block_on(async {
        let limit = Duration::from_secs(options.duration) + GRACE + Duration::from_secs(180);
        tokio::time::timeout(limit, evening(options, &bases, &pids))
            .await
            .map_err(|_| Error::from("the run did not finish in time"))?
    });
    runtime.shutdown_timeout(Duration::from_secs(1));
    for server in &mut servers {
        server.stop();
    }
    let (mut summary, event, answered) = outcome?;
    let (lost, stored) = lost_moves(&database.to_open(), event, &answered)?;
    drop(database);
    summary["database"] = json!(if options.database.is_some() {
        "postgres"
    } else {
        "sqlite"
    });
    summary["instances"] = json!(options.instances);
    summary["answers"] = json!(if options.full_answers {
        "full"
    } else {
        "minimal"
    });
    summary["moves_stored"] = json!(stored);
    summary["lost_moves"] = json!(lost);
    let errors = summary["errors"]["total"].as_u64().unwrap_or(u64::MAX);
    let p99_answer = summary["answer_ms"]["p99"].as_f64().unwrap_or(f64::MAX);
    let p99_fanout = summary["fanout_ms"]["p99"].as_f64().unwrap_or(f64::MAX);
    let rss = summary["rss_mb"]["peak"].as_f64().unwrap_or(f64::MAX);
    let cpu = summary["server_cpu_ms_per_move"]
        .as_f64()
        .unwrap_or(f64::MAX);
    // Issue 29's targets, for 1,000 tables offering 2,000 moves a second (at least 1,900
    // answered: 95% of what is offered).
    let offered = options.tables as f64 * 1000.0 / options.interval_ms.max(1) as f64;
    let answered_per_s = summary["moves_per_s"].as_f64().unwrap_or(0.0);
    summary["targets"] = json!({
        "answered_95_percent_of_offered": answered_per_s >= 0.95 * offered,
        "p99_answer_under_25_ms": p99_answer < 25.0,
        "p99_fanout_under_50_ms": p99_fanout < 50.0,
        "rss_at_most_300_mb": rss <= 300.0,
        "cpu_per_move_at_most_0_35_ms": cpu <= 0.35,
        "zero_errors": errors == 0,
        "zero_lost_moves": lost == 0,
    });
    Ok(summary)
}

/// Fairness: each table's p99 answer (nearest rank), and the slowest table's, so that a table
/// the server starves shows even when the run's p99 over every answer looks well.
fn tables_p99(answered: &[Answered]) -> Value {
    let mut by_table: BTreeMap<i64, Vec<u64>> = BTreeMap::new();
    for a in answered {
        by_table.entry(a.table).or_default().push(a.micros);
    }
    let mut p99s: Vec<(u64, i64, usize)> = by_table
        .into_iter()
        .map(|(table, mut micros)| {
            micros.sort_unstable();
            let rank = ((micros.len() as f64 * 0.99).ceil() as usize).clamp(1, micros.len());
            (micros[rank - 1], table, micros.len())
        })
        .collect();
    p99s.sort_unstable();
    let ms = |micros: u64| (micros as f64 / 10.0).round() / 100.0;
    match (p99s.get(p99s.len() / 2), p99s.last()) {
        (Some(median), Some(&(slowest, table, answers))) => json!({
            "median_table_ms": ms(median.0),
            "slowest_table_ms": ms(slowest),
            "slowest_table": table,
            "slowest_table_answers": answers,
        }),
        _ => Value::Null,
    }
}

/// The run's database: a SQLite file in the run's folder, or a PostgreSQL database made for the
/// run (and dropped when this is dropped).
enum FreshDatabase {
    Sqlite(PathBuf),
    Postgres {
        /// The server's database the run connected to first (to make and drop its own).
        admin: String,
        name: String,
        url: String,
    },
}

impl FreshDatabase {
    fn postgres(url: &str) -> Result<FreshDatabase> {
        use diesel::{Connection, RunQueryDsl};
        let name = format!("touring_load_{}", std::process::id());
        // postgres://user@host:port/database?options: the run's database replaces `database`.
        let rest = url
            .split_once("://")
            .map(|(_, rest)| rest)
            .ok_or("--database must be a postgres:// URL")?;
        let (authority, tail) = rest.split_once('/').unwrap_or((rest, ""));
        let query = tail.split_once('?').map(|(_, q)| format!("?{q}"));
        let scheme = &url[..url.len() - rest.len()];
        let fresh = format!("{scheme}{authority}/{name}{}", query.unwrap_or_default());
        let mut admin = diesel::PgConnection::establish(url)
            .map_err(|e| format!("cannot connect to {url}: {e}"))?;
        diesel::sql_query(format!("DROP DATABASE IF EXISTS {name}")).execute(&mut admin)?;
        diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut admin)?;
        Ok(FreshDatabase::Postgres {
            admin: url.to_owned(),
            name,
            url: fresh,
        })
    }

    /// What `touring serve --database` is given.
    fn argument(&self) -> String {
        match self {
            FreshDatabase::Sqlite(path) => path.display().to_string(),
            FreshDatabase::Postgres { url, .. } => url.clone(),
        }
    }

    fn to_open(&self) -> touring::db::Database {
        match self {
            FreshDatabase::Sqlite(path) => touring::db::Database::Sqlite(path.clone()),
            FreshDatabase::Postgres { url, .. } => touring::db::Database::Postgres(url.clone()),
        }
    }
}

impl Drop for FreshDatabase {
    fn drop(&mut self) {
        use diesel::{Connection, RunQueryDsl};
        if let FreshDatabase::Postgres { admin, name, .. } = self
            && let Ok(mut admin) = diesel::PgConnection::establish(admin)
        {
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin);
        }
    }
}

/// A board's position: (deal number, actions played in it). Later positions compare greater.
type Key = (u32, u32);

/// What one seat last received on its live stream.
#[derive(Default)]
struct SeatView {
    token: String,
    /// The instance this seat's page talks to.
    base: String,
    /// The latest boards' positions and when they arrived (newest last).
    history: VecDeque<(Key, Instant)>,
    /// The moves the latest board offers (JSON), empty when it is not this seat's turn.
    moves: Vec<String>,
    seen: u32,
    /// Boards received so far.
    boards: u64,
}

/// A move on its way: sent at `sent`; `target` is the position of its answer.
struct Pending {
    sent: Instant,
    mover: usize,
    target: Option<Key>,
    arrived: Vec<Option<Instant>>,
}

#[derive(Default)]
struct Table {
    number: i64,
    seats: Vec<SeatView>,
    pending: Option<Pending>,
    /// The position of the latest answer.
    latest: Option<Key>,
}

/// A move the server answered with success.
struct Answered {
    table: i64,
    deal: i64,
    number: u32,
    action: Value,
    /// How long the answer took, in microseconds.
    micros: u64,
}

struct Stats {
    answer: Histogram<u64>,
    fanout: Histogram<u64>,
    errors: BTreeMap<String, u64>,
    answered: Vec<Answered>,
    /// Ticks at which a table could not play: its previous move had not reached every seat.
    skipped: u64,
}

impl Stats {
    fn error(&mut self, kind: impl Into<String>) {
        *self.errors.entry(kind.into()).or_default() += 1;
    }
}

struct Shared {
    tables: Vec<Mutex<Table>>,
    stats: Mutex<Stats>,
    /// Set when the run is over: streams that end then are no error.
    stopping: AtomicBool,
    connected: AtomicUsize,
    /// Boards received by the seats' streams, their bytes, and the most bytes of one.
    boards: AtomicUsize,
    board_bytes: AtomicUsize,
    board_bytes_max: AtomicUsize,
    /// Redraws received by the console's and the projectors' streams.
    console_redraws: AtomicUsize,
    projector_redraws: AtomicUsize,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Sets up the event, runs the evening and measures it. Answers the summary, the event's id
/// and the moves answered with success.
async fn evening(
    options: &Options,
    bases: &[String],
    pids: &[u32],
) -> Result<(Value, i64, Vec<Answered>)> {
    let base = bases[0].as_str();
    // A connection idle for the server's keep-alive (5 s) is closed by the server; one the
    // client sends a move on just as it closes fails with "connection closed before message
    // completed". Idle connections are let go a second earlier, as browsers do.
    let api = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .pool_idle_timeout(Duration::from_secs(4))
        .build()?;
    let streams = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .pool_max_idle_per_host(0)
        .build()?;

    // The server before anything (what a server of no party holds).
    let rss_empty = memory(pids).0;
    // The event: one round, long enough for the whole run.
    let started = Instant::now();
    let round_seconds = (options.duration + 900).clamp(600, 86_400);
    let created = post_ok(
        &api,
        &format!("{base}/api/v1/events"),
        None,
        json!({"name": "Load", "table_size": TABLE_SIZE, "seed": options.seed,
               "round": {"kind": "timed", "seconds": round_seconds},
               "length": {"kind": "rounds", "rounds": 1}}),
    )
    .await?;
    let event = created["event"]["id"].as_i64().ok_or("no event id")?;
    let host = created["host_token"]
        .as_str()
        .ok_or("no host token")?
        .to_owned();
    let events = format!("{base}/api/v1/events/{event}");
    let mut tokens = Vec::new();
    for pair in 0..options.tables * TABLE_SIZE / PAIR {
        let names: Vec<String> = (0..PAIR).map(|i| format!("P{pair}-{i}")).collect();
        let answer = post_ok(
            &api,
            &format!("{events}/entries"),
            Some(&host),
            json!({ "names": names }),
        )
        .await?;
        for link in answer["links"].as_array().ok_or("no links")? {
            tokens.push(link["token"].as_str().ok_or("no token")?.to_owned());
        }
    }
    post_ok(&api, &format!("{events}/rounds"), Some(&host), json!({})).await?;

    // Where everyone sits.
    let mut by_table: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    for token in tokens {
        let state: Value = api
            .get(format!("{base}/api/v1/seats/{token}"))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        let table = state["seat"]["table"]
            .as_i64()
            .ok_or("a seat without a table")?;
        by_table.entry(table).or_default().push(token);
    }
    if by_table.len() != options.tables || by_table.values().any(|s| s.len() != TABLE_SIZE) {
        return Err(format!("expected {} tables of {TABLE_SIZE}", options.tables).into());
    }
    // Every guest entered and seated, no page open yet.
    let rss_seated = memory(pids).0;
    let shared = Arc::new(Shared {
        tables: by_table
            .iter()
            .map(|(&number, seats)| {
                Mutex::new(Table {
                    number,
                    seats: seats
                        .iter()
                        .enumerate()
                        .map(|(s, token)| SeatView {
                            token: token.clone(),
                            base: bases[instance_of(options, number, s, bases.len())].clone(),
                            ..SeatView::default()
                        })
                        .collect(),
                    ..Table::default()
                })
            })
            .collect(),
        stats: Mutex::new(Stats {
            answer: Histogram::new_with_bounds(1, 600_000_000, 3)?,
            fanout: Histogram::new_with_bounds(1, 600_000_000, 3)?,
            errors: BTreeMap::new(),
            answered: Vec::new(),
            skipped: 0,
        }),
        stopping: AtomicBool::new(false),
        connected: AtomicUsize::new(0),
        boards: AtomicUsize::new(0),
        board_bytes: AtomicUsize::new(0),
        board_bytes_max: AtomicUsize::new(0),
        console_redraws: AtomicUsize::new(0),
        projector_redraws: AtomicUsize::new(0),
    });

    // Every seat's live stream, as its page opens it.
    let mut listeners = Vec::new();
    for (t, table) in shared.tables.iter().enumerate() {
        let urls: Vec<String> = lock(table)
            .seats
            .iter()
            .map(|seat| format!("{}/seat/{}/live", seat.base, seat.token))
            .collect();
        for (s, url) in urls.into_iter().enumerate() {
            listeners.push(tokio::spawn(listen(
                streams.clone(),
                url,
                shared.clone(),
                t,
                s,
            )));
        }
    }
    // The host's console (signed in with the host link) and three projectors, spread over the
    // instances like the seats.
    let host_browser = reqwest::Client::builder()
        .cookie_store(true)
        .pool_max_idle_per_host(0)
        .build()?;
    host_browser
        .get(format!("{base}/events/{event}/host?token={host}"))
        .send()
        .await?
        .error_for_status()?;
    listeners.push(tokio::spawn(watch_page(
        host_browser,
        format!("{base}/events/{event}/live/console"),
        shared.clone(),
        Page::Console,
    )));
    for p in 0..3 {
        let base = &bases[p % bases.len()];
        listeners.push(tokio::spawn(watch_page(
            streams.clone(),
            format!("{base}/events/{event}/live/screen"),
            shared.clone(),
            Page::Projector,
        )));
    }
    let seats = options.tables * TABLE_SIZE;
    wait_until("every live stream sends its first board", || {
        shared
            .tables
            .iter()
            .all(|t| lock(t).seats.iter().all(|s| s.boards > 0))
    })
    .await?;
    let setup_s = started.elapsed().as_secs_f64();
    eprintln!(
        "load: {} tables, {seats} seats, {} live streams open after {setup_s:.1} s",
        options.tables,
        shared.connected.load(Ordering::SeqCst)
    );

    // The signal; every table's first seat to move gets its moves.
    post_ok(
        &api,
        &format!("{events}/rounds/1/start"),
        Some(&host),
        json!({}),
    )
    .await?;
    wait_until("every table has a seat to move", || {
        shared
            .tables
            .iter()
            .all(|t| lock(t).seats.iter().any(|s| !s.moves.is_empty()))
    })
    .await?;

    // A stranger's flood of another event's projector, if asked, for the whole play.
    let flood_path = if options.flood_connections > 0 {
        Some(flood_event(&api, base, options.flood_entries).await?)
    } else {
        None
    };
    let flooding = Arc::new(AtomicBool::new(true));
    let flooder = flood_path.map(|path| {
        let (address, flooding, options) = (base.to_owned(), flooding.clone(), options.clone());
        std::thread::spawn(move || flood(&address, &path, &options, &flooding))
    });
    // A stranger's loops on a costly page, if asked, for the whole play.
    let costly = if options.costly_loops > 0 {
        let (clients, paths) = costly_setup(&api, base, options).await?;
        let paths = Arc::new(paths);
        clients
            .into_iter()
            .enumerate()
            .map(|(i, client)| {
                tokio::spawn(costly_loop(
                    client,
                    base.to_owned(),
                    paths.clone(),
                    i,
                    flooding.clone(),
                ))
            })
            .collect()
    } else {
        Vec::new()
    };

    // The evening: every table plays every interval, the tables spread over the interval.
    let rss_before = memory(pids);
    let cpu_before = cpu_seconds(pids);
    let each_before: Vec<Option<f64>> = pids.iter().map(|&pid| cpu_seconds_of(pid)).collect();
    let postgres_before = options.postmaster.and_then(cpu_seconds_of_tree);
    let client_cpu_before = cpu_seconds_of(std::process::id());
    let redraws_before = (
        shared.console_redraws.load(Ordering::SeqCst),
        shared.projector_redraws.load(Ordering::SeqCst),
    );
    let sampling = Arc::new(AtomicBool::new(true));
    let sampler = tokio::spawn(sample_rss(pids.to_vec(), sampling.clone()));
    let interval = Duration::from_millis(options.interval_ms);
    let run_for = Duration::from_secs(options.duration);
    let begin = tokio::time::Instant::now();
    let mut bots = Vec::new();
    for t in 0..options.tables {
        let offset = interval.mul_f64(t as f64 / options.tables as f64);
        bots.push(tokio::spawn(bot(
            api.clone(),
            shared.clone(),
            t,
            begin + offset,
            begin + run_for,
            interval,
            options.seed.wrapping_mul(1000).wrapping_add(t as u64),
            options.full_answers,
        )));
    }
    for handle in bots {
        handle.await?;
    }
    let played_s = begin.elapsed().as_secs_f64();
    flooding.store(false, Ordering::SeqCst);
    let flooded = match flooder {
        Some(handle) => Some(handle.join().map_err(|_| "the flood's thread panicked")?),
        None => None,
    };
    let mut looped = CostlyStats::default();
    for handle in costly {
        looped.add(&handle.await?);
    }
    // The last moves' updates are still on their way.
    let drained = tokio::time::Instant::now() + Duration::from_secs(10);
    while tokio::time::Instant::now() < drained
        && shared.tables.iter().any(|t| lock(t).pending.is_some())
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let cpu_after = cpu_seconds(pids);
    let each_after: Vec<Option<f64>> = pids.iter().map(|&pid| cpu_seconds_of(pid)).collect();
    let postgres_after = options.postmaster.and_then(cpu_seconds_of_tree);
    let client_cpu_after = cpu_seconds_of(std::process::id());
    let redraws = (
        shared.console_redraws.load(Ordering::SeqCst) - redraws_before.0,
        shared.projector_redraws.load(Ordering::SeqCst) - redraws_before.1,
    );
    sampling.store(false, Ordering::SeqCst);
    let sampled = sampler.await?;
    let (rss_peak, timeline) = (sampled.peak, &sampled.timeline);
    let (_, hwm) = memory(pids);
    let (rss_end, _) = memory(pids);
    shared.stopping.store(true, Ordering::SeqCst);
    for handle in &listeners {
        handle.abort();
    }
    let unfinished = shared
        .tables
        .iter()
        .filter(|t| lock(t).pending.is_some())
        .count() as u64;

    let mut stats = lock(&shared.stats);
    if unfinished > 0 {
        *stats
            .errors
            .entry("fanout_never_arrived".into())
            .or_default() += unfinished;
    }
    let total_errors: u64 = stats.errors.values().sum();
    let ms = |h: &Histogram<u64>, q: f64| {
        (h.value_at_quantile(q) as f64 / 1000.0 * 100.0).round() / 100.0
    };
    let moves = stats.answer.len();
    let tables_p99 = tables_p99(&stats.answered);
    let boards = shared.boards.load(Ordering::SeqCst).max(1);
    let board_kb =
        (shared.board_bytes.load(Ordering::SeqCst) as f64 / boards as f64 / 102.4).round() / 10.0;
    let mb = |kb: u64| (kb as f64 / 1024.0 * 10.0).round() / 10.0;
    let cpu = cpu_after.zip(cpu_before).map(|(a, b)| a - b);
    let client_cpu = client_cpu_after.zip(client_cpu_before).map(|(a, b)| a - b);
    let per_move = |seconds: f64, moves: u64| {
        (moves > 0).then(|| (seconds * 1000.0 / moves as f64 * 1000.0).round() / 1000.0)
    };
    // Each instance's CPU, with the moves it answered and those of the others it heard (by
    // table: the instance of a move's table answered it).
    let instances: Vec<Value> = each_after
        .iter()
        .zip(&each_before)
        .enumerate()
        .map(|(i, (after, before))| {
            let cpu = after.zip(*before).map(|(a, b)| a - b);
            let answered = stats
                .answered
                .iter()
                .filter(|a| instance_of(options, a.table, 0, pids.len()) == i)
                .count() as u64;
            json!({
                "cpu_ms": cpu.map(|c| (c * 1000.0).round()),
                "moves_answered": answered,
                "moves_heard": moves - answered,
                "cpu_ms_per_move_answered": cpu.and_then(|c| per_move(c, answered)),
            })
        })
        .collect();
    let postgres_cpu = postgres_after.zip(postgres_before).map(|(a, b)| a - b);
    let summary = json!({
        "tables": options.tables,
        "seats": seats,
        "live_streams": shared.connected.load(Ordering::SeqCst),
        "setup_s": (setup_s * 10.0).round() / 10.0,
        "duration_s": (played_s * 10.0).round() / 10.0,
        "interval_ms": options.interval_ms,
        "moves_answered": moves,
        "moves_per_s": (moves as f64 / played_s * 10.0).round() / 10.0,
        "answer_ms": {"p50": ms(&stats.answer, 0.5), "p99": ms(&stats.answer, 0.99),
                      "max": ms(&stats.answer, 1.0)},
        "tables_p99_answer_ms": tables_p99,
        "fanout_ms": {"measured": stats.fanout.len(), "p50": ms(&stats.fanout, 0.5),
                      "p99": ms(&stats.fanout, 0.99), "max": ms(&stats.fanout, 1.0)},
        "rss_mb": {"empty": mb(rss_empty), "seated": mb(rss_seated),
                   "before_play": mb(rss_before.0), "peak": mb(rss_peak.max(rss_end)),
                   "end": mb(rss_end), "hwm": mb(hwm),
                   // Ten samples spread over the play, first to last: flat, or growing.
                   "during_play": timeline.iter().map(|&kb| mb(kb)).collect::<Vec<_>>(),
                   // The resident set's two parts over the same samples: the server's own
                   // memory, and the database file's pages it maps (the kernel's page cache,
                   // shared, given back under memory pressure).
                   "peak_anonymous": mb(sampled.peak_anon),
                   "anonymous_during_play": sampled.anon.iter().map(|&kb| mb(kb)).collect::<Vec<_>>(),
                   "file_during_play": sampled.file.iter().map(|&kb| mb(kb)).collect::<Vec<_>>()},
        // What one seated guest (entered, seated, no page open) and one idle live stream
        // (its page open, before any move) cost the server.
        "kb_per_seated_guest": per(rss_seated.saturating_sub(rss_empty), seats),
        "kb_per_live_stream": per(
            rss_before.0.saturating_sub(rss_seated),
            shared.connected.load(Ordering::SeqCst)
        ),
        "server_cpu_percent_of_one_core": cpu.map(|c| (c / played_s * 1000.0).round() / 10.0),
        "server_cpu_ms_per_move": cpu
            .filter(|_| moves > 0)
            .map(|c| (c * 1000.0 / moves as f64 * 1000.0).round() / 1000.0),
        "per_instance": (options.spread == "tables").then_some(instances),
        "spread": options.spread,
        "postgres_cpu_ms_per_move": postgres_cpu.and_then(|c| per_move(c, moves)),
        "postgres_cpu_percent_of_one_core": postgres_cpu
            .map(|c| (c / played_s * 1000.0).round() / 10.0),
        // The load client shares the machine: what it takes, the server cannot have.
        "client_cpu_percent_of_one_core": client_cpu
            .map(|c| (c / played_s * 1000.0).round() / 10.0),
        "board_kb_mean": board_kb,
        "board_kb_max": (shared.board_bytes_max.load(Ordering::SeqCst) as f64 / 102.4).round() / 10.0,
        "console_redraws": redraws.0,
        "projector_redraws": redraws.1,
        "skipped_ticks": stats.skipped,
        "errors": {"total": total_errors, "by_kind": stats.errors},
        "flood": flooded,
        "costly": (options.costly_loops > 0).then(|| json!({
            "page": options.costly_page,
            "size": options.costly_size,
            "loops": options.costly_loops,
            "answered_200": looped.ok,
            "refused_429": looped.refused,
            "other": looped.other,
            "received_mb": (looped.bytes as f64 / 1048576.0 * 10.0).round() / 10.0,
            "slowest_answer_ms": looped.slowest_ms,
        })),
    });
    let answered = std::mem::take(&mut stats.answered);
    Ok((summary, event, answered))
}

/// The stranger's costly page, made ready: its series or event of `--costly-size`, and one
/// client per loop (each from its own loopback address, holding its own host session where
/// the page is a host's). Answers the clients and the pages they ask for in turn.
async fn costly_setup(
    api: &reqwest::Client,
    base: &str,
    options: &Options,
) -> Result<(Vec<reqwest::Client>, Vec<String>)> {
    let size = options.costly_size;
    // The series (for cards) and the event (in it) that the stranger makes.
    let series = if options.costly_page == "cards" {
        let made = post_ok(
            api,
            &format!("{base}/api/v1/series"),
            None,
            json!({"name": "Costly"}),
        )
        .await?;
        Some((
            made["series"]["id"].as_i64().ok_or("no series id")?,
            made["host_token"].as_str().ok_or("no token")?.to_owned(),
        ))
    } else {
        None
    };
    let mut settings = json!({"name": "Costly evening"});
    if let Some((id, _)) = &series {
        settings["series"] = json!(id);
    }
    let created = post_ok(
        api,
        &format!("{base}/api/v1/events"),
        series.as_ref().map(|(_, token)| token.as_str()),
        settings,
    )
    .await?;
    let event = created["event"]["id"].as_i64().ok_or("no event id")?;
    let host = created["host_token"].as_str().ok_or("no host token")?;
    let events = format!("{base}/api/v1/events/{event}");
    for n in 0..size {
        post_ok(
            api,
            &format!("{events}/entries"),
            Some(host),
            json!({ "names": [format!("Member {n}")] }),
        )
        .await?;
    }
    if series.is_none() {
        post_ok(api, &format!("{events}/rounds"), Some(host), json!({})).await?;
    }
    // Every page of a printout in pages, in turn (a main without pages answers them all
    // whole): the kept drawings help only as far as they may.
    let pages = |things: usize| (1..=things.div_ceil(50).max(1)).collect::<Vec<_>>();
    let (paths, host_link) = match (options.costly_page.as_str(), &series) {
        ("cards", Some((id, token))) => (
            pages(size)
                .into_iter()
                .map(|p| format!("/series/{id}/host/cards?page={p}"))
                .collect(),
            Some(format!("/series/{id}/host?token={token}")),
        ),
        ("tents", _) => (
            pages(size / 2)
                .into_iter()
                .map(|p| format!("/events/{event}/print/tents?page={p}"))
                .collect(),
            Some(format!("/events/{event}/host?token={host}")),
        ),
        ("standings", _) => (vec![format!("/events/{event}/print/standings")], None),
        ("screen", _) => (vec![format!("/events/{event}/screen")], None),
        (other, _) => return Err(format!("no costly page {other:?}").into()),
    };
    let mut clients = Vec::new();
    for i in 0..options.costly_loops {
        let client = reqwest::Client::builder()
            .local_address(std::net::IpAddr::from([127, 0, 0, 30 + (i % 200) as u8]))
            .cookie_store(true)
            .timeout(Duration::from_secs(60))
            .build()?;
        if let Some(link) = &host_link {
            client
                .get(format!("{base}{link}"))
                .send()
                .await?
                .error_for_status()?;
        }
        clients.push(client);
    }
    let first = clients[0]
        .get(format!("{base}{}", paths[0]))
        .send()
        .await?
        .error_for_status()?
        .bytes()
        .await?;
    eprintln!(
        "load: {} loops on {} ({} pages), the first is {} KB",
        options.costly_loops,
        paths[0],
        paths.len(),
        first.len() / 1024
    );
    Ok((clients, paths))
}

/// What the loops on a costly page were answered.
#[derive(Debug, Default)]
struct CostlyStats {
    ok: u64,
    refused: u64,
    other: u64,
    bytes: u64,
    slowest_ms: u64,
}

impl CostlyStats {
    fn add(&mut self, other: &CostlyStats) {
        self.ok += other.ok;
        self.refused += other.refused;
        self.other += other.other;
        self.bytes += other.bytes;
        self.slowest_ms = self.slowest_ms.max(other.slowest_ms);
    }
}

/// One loop on a costly page until `running` ends: each answer read whole, then the next
/// page asked for; after a refusal (429) it waits 100 ms, as a client that is told to wait
/// may not.
async fn costly_loop(
    client: reqwest::Client,
    base: String,
    paths: Arc<Vec<String>>,
    offset: usize,
    running: Arc<AtomicBool>,
) -> CostlyStats {
    let mut stats = CostlyStats::default();
    let mut k = offset;
    while running.load(Ordering::SeqCst) {
        let path = &paths[k % paths.len()];
        k += 1;
        let asked = Instant::now();
        let status = match client.get(format!("{base}{path}")).send().await {
            Ok(answer) => {
                let status = answer.status().as_u16();
                stats.bytes += answer.bytes().await.map_or(0, |b| b.len() as u64);
                status
            }
            Err(_) => 0,
        };
        stats.slowest_ms = stats.slowest_ms.max(asked.elapsed().as_millis() as u64);
        match status {
            200 => stats.ok += 1,
            429 => {
                stats.refused += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            _ => stats.other += 1,
        }
    }
    stats
}

/// Makes the event a stranger floods: `entries` players, round 1 seated in tables of 2, so its
/// projector shows every table and the standings of every entry. Answers the projector's path.
async fn flood_event(api: &reqwest::Client, base: &str, entries: usize) -> Result<String> {
    let created = post_ok(
        api,
        &format!("{base}/api/v1/events"),
        None,
        json!({"name": "Flooded"}),
    )
    .await?;
    let event = created["event"]["id"].as_i64().ok_or("no event id")?;
    let host = created["host_token"].as_str().ok_or("no host token")?;
    let events = format!("{base}/api/v1/events/{event}");
    for n in 0..entries {
        post_ok(
            api,
            &format!("{events}/entries"),
            Some(host),
            json!({ "names": [format!("Guest {n}")] }),
        )
        .await?;
    }
    post_ok(api, &format!("{events}/rounds"), Some(host), json!({})).await?;
    let path = format!("/events/{event}/screen");
    let page = api
        .get(format!("{base}{path}"))
        .send()
        .await?
        .bytes()
        .await?;
    eprintln!(
        "load: flooding {path}: {entries} entries, the projector is {} KB",
        page.len() / 1024
    );
    Ok(path)
}

/// The flood, in waves until `flooding` ends: each wave opens `--flood-connections`
/// connections from `--flood-addresses` loopback addresses, sends `--flood-requests` pipelined
/// GETs of `path` on each and reads nothing; after `--flood-wave-s` it reads what arrived (to
/// count the answers) and whether the server closed the connection, and opens the next wave.
fn flood(base: &str, path: &str, options: &Options, flooding: &AtomicBool) -> Value {
    use std::io::{Read, Write};
    let Ok(server) = base
        .trim_start_matches("http://")
        .parse::<std::net::SocketAddr>()
    else {
        return json!({"error": "the server's address"});
    };
    let request = format!("GET {path} HTTP/1.1\r\nHost: {server}\r\nUser-Agent: flood\r\n\r\n");
    let burst = request.repeat(options.flood_requests);
    let (mut waves, mut opened, mut failed, mut sent) = (0u64, 0u64, 0u64, 0u64);
    let (mut ok, mut refused, mut closed) = (0u64, 0u64, 0u64);
    while flooding.load(Ordering::SeqCst) {
        waves += 1;
        let mut held = Vec::with_capacity(options.flood_connections);
        for c in 0..options.flood_connections {
            let from = std::net::IpAddr::from([
                127,
                0,
                0,
                10 + (c % usize::from(options.flood_addresses.max(1))) as u8,
            ]);
            let connected = (|| -> std::io::Result<std::net::TcpStream> {
                let socket =
                    socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
                socket.bind(&std::net::SocketAddr::new(from, 0).into())?;
                socket.connect_timeout(&server.into(), Duration::from_secs(2))?;
                let mut stream = std::net::TcpStream::from(socket);
                stream.write_all(burst.as_bytes())?;
                Ok(stream)
            })();
            match connected {
                Ok(stream) => {
                    opened += 1;
                    sent += options.flood_requests as u64;
                    held.push(stream);
                }
                Err(_) => failed += 1,
            }
        }
        let until = Instant::now() + Duration::from_secs(options.flood_wave_s);
        while flooding.load(Ordering::SeqCst) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(50));
        }
        // What arrived: the status lines of the answers, and whether the server has closed.
        let mut chunk = vec![0u8; 64 * 1024];
        for mut stream in held {
            if stream.set_nonblocking(true).is_err() {
                continue;
            }
            let mut carry: Vec<u8> = Vec::new();
            loop {
                match stream.read(&mut chunk) {
                    Ok(0) => {
                        closed += 1;
                        break;
                    }
                    Ok(n) => {
                        carry.extend_from_slice(&chunk[..n]);
                        ok += memmem::find_iter(&carry, b"HTTP/1.1 200").count() as u64;
                        refused += memmem::find_iter(&carry, b"HTTP/1.1 429").count() as u64;
                        let keep = carry.len().saturating_sub(11);
                        carry.drain(..keep);
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
                    Err(_) => {
                        closed += 1;
                        break;
                    }
                }
            }
        }
    }
    json!({
        "connections_per_wave": options.flood_connections,
        "requests_per_connection": options.flood_requests,
        "addresses": options.flood_addresses,
        "wave_s": options.flood_wave_s,
        "waves": waves,
        "connections_opened": opened,
        "connections_refused_or_failed": failed,
        "requests_sent": sent,
        "answers_200_read_afterwards": ok,
        "answers_429_read_afterwards": refused,
        "connections_closed_by_the_server_by_the_end_of_their_wave": closed,
    })
}

/// POSTs JSON and answers the body, or an error naming the status and body.
async fn post_ok(
    client: &reqwest::Client,
    url: &str,
    bearer: Option<&str>,
    body: Value,
) -> Result<Value> {
    let mut request = client.post(url).json(&body);
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    let response = request.send().await?;
    let status = response.status();
    let text = response.text().await?;
    if !status.is_success() {
        return Err(format!("POST {url}: {status} {text}").into());
    }
    Ok(serde_json::from_str(&text)?)
}

/// Waits (up to two minutes) until `done` holds.
async fn wait_until(what: &str, done: impl Fn() -> bool) -> Result<()> {
    let give_up = Instant::now() + GRACE;
    while !done() {
        if Instant::now() > give_up {
            return Err(format!("gave up waiting until {what}").into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// One seat's page: reads its live stream and keeps what the latest board shows.
async fn listen(client: reqwest::Client, url: String, shared: Arc<Shared>, t: usize, s: usize) {
    let response = match client.get(&url).send().await {
        Ok(response) if response.status().is_success() => response,
        Ok(response) => {
            lock(&shared.stats).error(format!("live_stream_status_{}", response.status().as_u16()));
            return;
        }
        Err(_) => {
            lock(&shared.stats).error("live_stream_connect");
            return;
        }
    };
    shared.connected.fetch_add(1, Ordering::SeqCst);
    let mut frames = Frames::new(response);
    while let Some(frame) = frames.next().await {
        let Ok(frame) = frame else {
            if !shared.stopping.load(Ordering::SeqCst) {
                lock(&shared.stats).error("live_stream_broken");
            }
            return;
        };
        let now = Instant::now();
        let Ok(frame) = std::str::from_utf8(&frame) else {
            lock(&shared.stats).error("live_stream_not_utf8");
            return;
        };
        if event_name(frame) != Some("board") {
            continue;
        }
        shared.boards.fetch_add(1, Ordering::Relaxed);
        let bytes = data_length(frame);
        shared.board_bytes.fetch_add(bytes, Ordering::Relaxed);
        shared.board_bytes_max.fetch_max(bytes, Ordering::Relaxed);
        let (key, moves) = read_board(frame);
        let mut table = lock(&shared.tables[t]);
        let seat = &mut table.seats[s];
        seat.boards += 1;
        if let Some(key) = key {
            seat.history.push_back((key, now));
            if seat.history.len() > 16 {
                seat.history.pop_front();
            }
            seat.seen = key.1;
        }
        // A hand the stream did not send again (unchanged: see web/pages/parts.rs) offers
        // the moves it offered.
        if let Some(moves) = moves {
            seat.moves = moves;
        }
        if let (Some(key), Some(pending)) = (key, table.pending.as_mut())
            && s != pending.mover
            && pending.arrived[s].is_none()
            && pending.target.is_some_and(|target| key >= target)
        {
            pending.arrived[s] = Some(now);
        }
        finish_fanout(&mut table, &shared.stats);
    }
    if !shared.stopping.load(Ordering::SeqCst) {
        lock(&shared.stats).error("live_stream_ended");
    }
}

/// The event-wide pages the load holds.
#[derive(Clone, Copy)]
enum Page {
    Console,
    Projector,
}

/// The console's or a projector's page: reads its live stream and counts its redraws.
async fn watch_page(client: reqwest::Client, url: String, shared: Arc<Shared>, page: Page) {
    let response = match client.get(&url).send().await {
        Ok(response) if response.status().is_success() => response,
        Ok(response) => {
            lock(&shared.stats).error(format!("page_stream_status_{}", response.status().as_u16()));
            return;
        }
        Err(_) => {
            lock(&shared.stats).error("page_stream_connect");
            return;
        }
    };
    let counter = match page {
        Page::Console => &shared.console_redraws,
        Page::Projector => &shared.projector_redraws,
    };
    let mut frames = Frames::new(response);
    let mut last_at = None;
    while let Some(frame) = frames.next().await {
        let Ok(frame) = frame else {
            if !shared.stopping.load(Ordering::SeqCst) {
                lock(&shared.stats).error("page_stream_broken");
            }
            return;
        };
        // A redraw sends its regions one after the other: count each burst once.
        let now = Instant::now();
        let named = std::str::from_utf8(&frame)
            .ok()
            .and_then(event_name)
            .is_some_and(|name| !name.is_empty());
        if named
            && last_at.is_none_or(|at: Instant| now.duration_since(at) > Duration::from_millis(50))
        {
            counter.fetch_add(1, Ordering::SeqCst);
        }
        last_at = Some(now);
    }
    if !shared.stopping.load(Ordering::SeqCst) {
        lock(&shared.stats).error("page_stream_ended");
    }
}

/// Records a move's fan-out once every other seat has it.
fn finish_fanout(table: &mut Table, stats: &Mutex<Stats>) {
    let Some(pending) = &table.pending else {
        return;
    };
    if pending.target.is_none() {
        return;
    }
    let mut last = pending.sent;
    for (s, arrived) in pending.arrived.iter().enumerate() {
        match arrived {
            Some(at) => last = last.max(*at),
            None if s == pending.mover => {}
            None => return,
        }
    }
    let micros = last.duration_since(pending.sent).as_micros() as u64;
    let _ = lock(stats).fanout.record(micros.max(1));
    table.pending = None;
}

/// Splits a server-sent event stream into its frames (the text between blank lines), in time
/// linear in the bytes: each byte is searched once, however many chunks a frame comes in.
/// (A general parser that re-reads its buffer at every chunk spent more CPU on the console's
/// and projectors' 100 KB redraws than the server spent drawing them.)
struct Frames {
    body: std::pin::Pin<Box<dyn futures_util::Stream<Item = reqwest::Result<bytes::Bytes>> + Send>>,
    buffer: BytesMut,
    /// Where the search for the next frame's end resumes.
    searched: usize,
}

impl Frames {
    fn new(response: reqwest::Response) -> Self {
        Frames {
            body: Box::pin(response.bytes_stream()),
            buffer: BytesMut::new(),
            searched: 0,
        }
    }

    /// The next whole frame, without its blank line; `None` when the stream ends.
    async fn next(&mut self) -> Option<reqwest::Result<BytesMut>> {
        loop {
            let from = self.searched.saturating_sub(1);
            if let Some(at) = memmem::find(&self.buffer[from..], b"\n\n") {
                let frame = self.buffer.split_to(from + at);
                self.buffer.advance(2);
                self.searched = 0;
                return Some(Ok(frame));
            }
            self.searched = self.buffer.len();
            match self.body.next().await? {
                Ok(chunk) => self.buffer.extend_from_slice(&chunk),
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

/// A frame's `event:` name (`None` for a comment or a frame without one).
fn event_name(frame: &str) -> Option<&str> {
    frame
        .lines()
        .find_map(|line| line.strip_prefix("event:"))
        .map(str::trim_start)
}

/// The length of a frame's data (its `data:` lines joined by newlines).
fn data_length(frame: &str) -> usize {
    let (lines, bytes) = frame
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .fold((0usize, 0), |(n, b), data| {
            (n + 1, b + data.strip_prefix(' ').unwrap_or(data).len())
        });
    bytes + lines.saturating_sub(1)
}

/// The position (`data-deal`, `data-actions`) and the offered moves of a board (its HTML, or
/// the frame that carries it: each attribute is on one line); no moves when the stream did not
/// send the hand again (it is the same as in the last board).
fn read_board(html: &str) -> (Option<Key>, Option<Vec<String>>) {
    let attribute = |name: &str| -> Option<u32> {
        let at = memmem::find(html.as_bytes(), name.as_bytes())? + name.len();
        let rest = &html[at..];
        rest[..rest.find('"')?].parse().ok()
    };
    let key = attribute("data-deal=\"").zip(attribute("data-actions=\""));
    let marker = "name=\"action\" value=\"";
    let moves = memmem::find_iter(html.as_bytes(), marker.as_bytes())
        .filter_map(|at| {
            let rest = &html[at + marker.len()..];
            Some(&rest[..rest.find('"')?])
        })
        .map(|escaped| html_escape::decode_html_entities(escaped).into_owned())
        .collect();
    let same =
        memmem::find(html.as_bytes(), b"<touring-part data-part=\"play\"").is_some_and(|at| {
            html[at..]
                .split('>')
                .next()
                .is_some_and(|tag| tag.ends_with(" data-same"))
        });
    (key, (!same).then_some(moves))
}

/// One table's bots: every interval, the seat to move plays one of its moves.
#[allow(clippy::too_many_arguments)]
async fn bot(
    client: reqwest::Client,
    shared: Arc<Shared>,
    t: usize,
    first: tokio::time::Instant,
    end: tokio::time::Instant,
    interval: Duration,
    seed: u64,
    full_answers: bool,
) {
    let mut dice = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut ticks = tokio::time::interval_at(first, interval);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let tick = ticks.tick().await;
        if tick >= end {
            return;
        }
        // The seat whose up-to-date board offers moves.
        let chosen = {
            let mut table = lock(&shared.tables[t]);
            if table.pending.is_some() {
                lock(&shared.stats).skipped += 1;
                continue;
            }
            let latest = table.latest;
            let mover = table.seats.iter().position(|s| {
                !s.moves.is_empty()
                    && latest.is_none_or(|l| s.history.back().is_some_and(|h| h.0 >= l))
            });
            let Some(mover) = mover else {
                lock(&shared.stats).skipped += 1;
                continue;
            };
            dice ^= dice << 13;
            dice ^= dice >> 7;
            dice ^= dice << 17;
            let seat = &table.seats[mover];
            let action = seat.moves[(dice % seat.moves.len() as u64) as usize].clone();
            let (token, seen, number) = (seat.token.clone(), seat.seen, table.number);
            let base = seat.base.clone();
            let deal = seat.history.back().map_or(0, |h| h.0.0);
            let sent = Instant::now();
            table.pending = Some(Pending {
                sent,
                mover,
                target: None,
                arrived: vec![None; TABLE_SIZE],
            });
            (mover, base, token, seen, action, number, deal, sent)
        };
        let (mover, base, token, seen, action, number, deal, sent) = chosen;
        let Ok(action) = serde_json::from_str::<Value>(&action) else {
            lock(&shared.stats).error("unreadable_move_in_board");
            lock(&shared.tables[t]).pending = None;
            continue;
        };
        let result = async {
            let mut request = client
                .post(format!("{base}/api/v1/seats/{token}/moves"))
                .json(&json!({"seen": seen, "action": action}));
            if !full_answers {
                // The bot follows the seat's stream: the deal's position is all it reads.
                request = request.header("Prefer", "return=minimal");
            }
            let response = request.send().await?;
            let status = response.status().as_u16();
            let bytes = response.bytes().await?;
            // An answer that is not JSON is told with its status and length.
            let body: std::result::Result<Value, String> = serde_json::from_slice(&bytes)
                .map_err(|e| format!("status {status}, {} bytes: {e}", bytes.len()));
            Ok::<_, reqwest::Error>((status, body))
        }
        .await;
        let answered_in = sent.elapsed();
        let mut table = lock(&shared.tables[t]);
        match result {
            Ok((200, Ok(body))) => {
                let after = if full_answers {
                    &body["seat"]["deal"]
                } else {
                    &body["deal"]
                };
                let target = after["number"]
                    .as_u64()
                    .zip(after["actions"].as_u64())
                    .map(|(d, a)| (d as u32, a as u32));
                {
                    let mut stats = lock(&shared.stats);
                    let micros = (answered_in.as_micros() as u64).max(1);
                    let _ = stats.answer.record(micros);
                    stats.answered.push(Answered {
                        table: number,
                        deal: i64::from(deal),
                        number: seen,
                        action,
                        micros,
                    });
                }
                let Some(target) = target else {
                    lock(&shared.stats).error("answer_without_deal");
                    table.pending = None;
                    continue;
                };
                table.latest = Some(target);
                let history: Vec<Option<Instant>> = table
                    .seats
                    .iter()
                    .map(|s| {
                        s.history
                            .iter()
                            .find(|(k, _)| *k >= target)
                            .map(|(_, at)| *at)
                    })
                    .collect();
                if let Some(pending) = table.pending.as_mut() {
                    pending.target = Some(target);
                    for (s, at) in history.into_iter().enumerate() {
                        if s != mover && pending.arrived[s].is_none() {
                            pending.arrived[s] = at;
                        }
                    }
                }
                finish_fanout(&mut table, &shared.stats);
            }
            Ok((status, Ok(body))) => {
                let code = body["code"].as_str().unwrap_or("unknown").to_owned();
                lock(&shared.stats).error(format!("move_{status}_{code}"));
                table.pending = None;
            }
            Ok((_, Err(why))) => {
                eprintln!(
                    "load: a move's answer at table {} was not JSON: {why}",
                    table.number
                );
                lock(&shared.stats).error("move_answer_not_json");
                table.pending = None;
            }
            Err(e) => {
                let kind = if e.is_timeout() {
                    "move_timeout"
                } else {
                    "move_failed"
                };
                // What failed, with its causes (a connection closed, refused, reset...).
                let mut why = e.to_string();
                let mut source = std::error::Error::source(&e);
                while let Some(cause) = source {
                    why.push_str(&format!(": {cause}"));
                    source = cause.source();
                }
                eprintln!("load: a move failed at table {}: {why}", table.number);
                lock(&shared.stats).error(kind);
                table.pending = None;
            }
        }
    }
}

/// Samples the servers' VmRSS every 100 ms while `running`; answers the peak of the largest
/// and ten of the samples spread evenly from the first to the last (kB).
async fn sample_rss(pids: Vec<u32>, running: Arc<AtomicBool>) -> Sampled {
    let mut samples = Vec::new();
    while running.load(Ordering::SeqCst) {
        samples.push((memory(&pids).0, parts(&pids)));
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let peak = samples.iter().map(|s| s.0).max().unwrap_or(0);
    let peak_anon = samples.iter().map(|s| s.1.0).max().unwrap_or(0);
    let spread: Vec<_> = match samples.len() {
        0 => Vec::new(),
        n => (0..10).map(|i| samples[i * (n - 1) / 9]).collect(),
    };
    Sampled {
        peak,
        peak_anon,
        timeline: spread.iter().map(|s| s.0).collect(),
        anon: spread.iter().map(|s| s.1.0).collect(),
        file: spread.iter().map(|s| s.1.1).collect(),
    }
}

/// The server's memory during play, in kB: its resident set, and the two parts of it.
struct Sampled {
    peak: u64,
    /// The largest anonymous part (the server's own memory).
    peak_anon: u64,
    /// Ten samples spread over the play, first to last.
    timeline: Vec<u64>,
    anon: Vec<u64>,
    /// The file-backed part: mostly the SQLite database, which the server maps.
    file: Vec<u64>,
}

/// kB per item, to a tenth.
fn per(kb: u64, items: usize) -> f64 {
    (kb as f64 / items.max(1) as f64 * 10.0).round() / 10.0
}

/// The largest (VmRSS, VmHWM) of the processes, in kB.
fn memory(pids: &[u32]) -> (u64, u64) {
    pids.iter()
        .map(|&pid| memory_of(pid))
        .fold((0, 0), |(r, h), (pr, ph)| (r.max(pr), h.max(ph)))
}

/// The process's (VmRSS, VmHWM) in kB, zero when unreadable.
fn memory_of(pid: u32) -> (u64, u64) {
    (status_kb(pid, "VmRSS:"), status_kb(pid, "VmHWM:"))
}

/// The largest (RssAnon, RssFile) of the processes, in kB: what the server allocated, and the
/// pages of files it maps (the SQLite database, read through a memory map) that are resident.
fn parts(pids: &[u32]) -> (u64, u64) {
    pids.iter()
        .map(|&pid| (status_kb(pid, "RssAnon:"), status_kb(pid, "RssFile:")))
        .fold((0, 0), |(a, f), (pa, pf)| (a.max(pa), f.max(pf)))
}

/// A field of the process's /proc status in kB, zero when unreadable.
fn status_kb(pid: u32, name: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix(name))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kb| kb.parse().ok())
        .unwrap_or(0)
}

/// The processes' user and system CPU time in seconds, summed.
/// The instance that seat `s` of table `number` uses: by seat, or (`--spread tables`) by table.
fn instance_of(options: &Options, number: i64, s: usize, instances: usize) -> usize {
    let number = number.unsigned_abs() as usize;
    if options.spread == "tables" {
        number % instances
    } else {
        (number * TABLE_SIZE + s) % instances
    }
}

/// The CPU time of a process and of its children (PostgreSQL's postmaster and its backends).
fn cpu_seconds_of_tree(parent: u32) -> Option<f64> {
    let mut total = cpu_seconds_of(parent)?;
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // The fields after the command's closing parenthesis: state, then the parent's pid.
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        if after
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse::<u32>().ok())
            == Some(parent)
        {
            total += cpu_seconds_of(pid).unwrap_or(0.0);
        }
    }
    Some(total)
}

fn cpu_seconds(pids: &[u32]) -> Option<f64> {
    pids.iter().map(|&pid| cpu_seconds_of(pid)).sum()
}

/// The process's user and system CPU time in seconds (clock ticks of 1/100 s).
fn cpu_seconds_of(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which is in parentheses and may hold spaces).
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Looks every answered move up in the database: answers (lost, stored actions in all).
fn lost_moves(
    database: &touring::db::Database,
    event: i64,
    answered: &[Answered],
) -> Result<(u64, u64)> {
    use touring::db::{self, queries};
    let pool = db::open(database, 1)?;
    let mut conn = pool.get()?;
    let round = queries::round(&mut conn, event, 1)?.ok_or("round 1 is not stored")?;
    let mut stored: BTreeMap<(i64, i64), Vec<Value>> = BTreeMap::new();
    let mut total = 0;
    for table in queries::tables_of_round(&mut conn, round.id)? {
        for game in queries::games_of_table(&mut conn, table.id)? {
            let actions = queries::actions_of_game(&mut conn, game.id)?;
            total += actions.len() as u64;
            stored.insert(
                (i64::from(table.number), i64::from(game.number)),
                actions
                    .iter()
                    .map(|a| serde_json::from_str(&a.action).unwrap_or(Value::Null))
                    .collect(),
            );
        }
    }
    let lost = answered
        .iter()
        .filter(|a| {
            stored
                .get(&(a.table, a.deal))
                .and_then(|actions| actions.get(a.number as usize))
                != Some(&a.action)
        })
        .count() as u64;
    Ok((lost, total))
}
