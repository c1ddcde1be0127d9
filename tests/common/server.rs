//! A real `touring serve` process on 127.0.0.1 with a fresh database of its own: a SQLite file
//! in a temporary directory, or, when `TOURING_TEST_DATABASE` names a PostgreSQL server
//! (postgres://USER@HOST:PORT/DATABASE, a user who may create databases), a new database there,
//! dropped when the test ends. CI runs the integration tests once on each.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use diesel::{Connection, RunQueryDsl};
use serde_json::Value;
use touring::db::Database;

/// The environment variable that runs the tests on PostgreSQL.
pub const TEST_DATABASE: &str = "TOURING_TEST_DATABASE";

/// The PostgreSQL server the tests run on, if `TOURING_TEST_DATABASE` names one.
pub fn postgres() -> Option<String> {
    let url = std::env::var(TEST_DATABASE)
        .ok()
        .filter(|url| !url.is_empty())?;
    assert!(
        url.starts_with("postgres://") || url.starts_with("postgresql://"),
        "{TEST_DATABASE} should be a postgres:// URL (or unset for SQLite), not {url}"
    );
    Some(url)
}

/// The PostgreSQL server for a test that runs on PostgreSQL only (several instances over one
/// database): `None` after saying that `test` is skipped when `TOURING_TEST_DATABASE` names
/// none. In CI (`CI=true`) such a test fails instead of passing unseen: CI runs it in its
/// PostgreSQL pass, and its SQLite pass leaves it out by name (.ci/run: `--skip instances::`).
pub fn postgres_only(test: &str) -> Option<String> {
    if let Some(url) = postgres() {
        return Some(url);
    }
    let ci = std::env::var("CI")
        .is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"));
    assert!(
        !ci,
        "{test} runs on PostgreSQL only, and CI=true: set {TEST_DATABASE} to a PostgreSQL \
         server (bash .ci/postgres prints one), or leave it out by name (--skip instances::)"
    );
    eprintln!("{test}: skipped, {TEST_DATABASE} names no PostgreSQL server");
    None
}

/// A database of one test's own on the PostgreSQL server of `TOURING_TEST_DATABASE`, dropped
/// (with every connection to it) when this is dropped.
pub struct PgDatabase {
    admin: String,
    name: String,
    pub url: String,
}

impl PgDatabase {
    /// Creates a new, empty database on the server `admin` points at.
    pub fn create(admin: &str) -> PgDatabase {
        static COUNT: AtomicU32 = AtomicU32::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let name = format!(
            "touring_test_{}_{}_{nanos}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::SeqCst)
        );
        let mut conn = diesel::PgConnection::establish(admin)
            .unwrap_or_else(|e| panic!("{TEST_DATABASE}: cannot connect to {admin}: {e}"));
        diesel::sql_query(format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .expect("create a database for the test");
        PgDatabase {
            admin: admin.to_owned(),
            url: with_database(admin, &name),
            name,
        }
    }
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        if let Ok(mut conn) = diesel::PgConnection::establish(&self.admin) {
            let _ = diesel::sql_query(format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ))
            .execute(&mut conn);
        }
    }
}

/// The URL with its database name replaced (its options kept).
fn with_database(url: &str, name: &str) -> String {
    let start = url.find("://").map_or(0, |i| i + 3);
    let (head, tail) = url.split_at(start);
    let end = tail.find(['/', '?']).unwrap_or(tail.len());
    let options = tail.find('?').map_or("", |i| &tail[i..]);
    format!("{head}{}/{name}{options}", &tail[..end])
}

/// A fresh database for one test: on PostgreSQL when the tests run there, else a SQLite file
/// in `dir`.
pub fn fresh_database(dir: &Path) -> (Database, Option<PgDatabase>) {
    match postgres() {
        Some(admin) => {
            let pg = PgDatabase::create(&admin);
            (Database::Postgres(pg.url.clone()), Some(pg))
        }
        None => (Database::Sqlite(dir.join("touring.sqlite")), None),
    }
}

pub struct Server {
    child: Option<Child>,
    pub base: String,
    pub database: Database,
    options: Vec<String>,
    _dir: Option<tempfile::TempDir>,
    _key_dir: Option<tempfile::TempDir>,
    _postgres: Option<PgDatabase>,
    client: reqwest::blocking::Client,
    /// What the server has written to its standard error (its log), also passed on to ours.
    log: std::sync::Arc<std::sync::Mutex<String>>,
}

impl Server {
    /// Starts a server with a fresh database (on PostgreSQL when the tests run there).
    pub fn start() -> Server {
        Server::start_with(&[])
    }

    /// Starts a server with a fresh database and extra `touring serve` options.
    pub fn start_with(options: &[&str]) -> Server {
        let dir = tempfile::tempdir().expect("temporary directory");
        let (database, postgres) = fresh_database(dir.path());
        let mut server = Server::start_on_with(&database, options);
        server._dir = Some(dir);
        server._postgres = postgres;
        server
    }

    /// Starts a server with a fresh SQLite file, whichever backend the tests run on (for what
    /// only SQLite has: its file, its backups, its write lock).
    pub fn start_sqlite() -> Server {
        let dir = tempfile::tempdir().expect("temporary directory");
        let mut server = Server::start_on(&Database::Sqlite(dir.path().join("touring.sqlite")));
        server._dir = Some(dir);
        server
    }

    /// Starts a server on an existing database.
    pub fn start_on(database: &Database) -> Server {
        Server::start_on_with(database, &[])
    }

    /// Starts a server on an existing database, with extra `touring serve` options. On
    /// PostgreSQL the options should name a `--key-file`, or the secret is made in data/.
    pub fn start_on_with(database: &Database, options: &[&str]) -> Server {
        let mut options: Vec<String> = options.iter().map(|o| (*o).to_owned()).collect();
        let key_dir = match database {
            Database::Postgres(_) if !options.iter().any(|o| o == "--key-file") => {
                let dir = tempfile::tempdir().expect("temporary directory");
                options.push("--key-file".into());
                options.push(dir.path().join("touring.key").display().to_string());
                Some(dir)
            }
            _ => None,
        };
        let argument = match database {
            Database::Sqlite(path) => path.display().to_string(),
            Database::Postgres(url) => url.clone(),
        };
        // Any free port, unless the options name one.
        let port: &[&str] = if options.iter().any(|o| o == "--port") {
            &[]
        } else {
            &["--port", "0"]
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_touring"))
            .arg("serve")
            .args(port)
            .arg("--database")
            .arg(argument)
            .args(&options)
            .env_remove("DATABASE_URL")
            .env_remove("TOURING_KEY_FILE")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start touring serve");
        let log = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        if let Some(stderr) = child.stderr.take() {
            let log = log.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    eprintln!("{line}");
                    if let Ok(mut log) = log.lock() {
                        log.push_str(&line);
                        log.push('\n');
                    }
                }
            });
        }
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let first = lines
            .next()
            .and_then(Result::ok)
            .expect("the server prints where to open it");
        let base = first
            .split("open ")
            .nth(1)
            .expect("an address in the first line")
            .trim_end_matches('/')
            .to_owned();
        // Keep draining stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        let client = reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(20))
            .build()
            .expect("client");
        Server {
            child: Some(child),
            base,
            database: database.clone(),
            options,
            _dir: None,
            _key_dir: key_dir,
            _postgres: None,
            client,
            log,
        }
    }

    /// The server's log so far (its standard error).
    pub fn log(&self) -> String {
        self.log.lock().map(|log| log.clone()).unwrap_or_default()
    }

    /// The SQLite file of this server (panics on PostgreSQL: start it with `start_sqlite`).
    pub fn file(&self) -> &Path {
        match &self.database {
            Database::Sqlite(path) => path,
            Database::Postgres(_) => panic!("this test needs a SQLite server"),
        }
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Sends SIGTERM, as systemd and Docker do to stop a service, and waits for the server to
    /// exit; answers its exit status. Fails when it has not exited after `patience` (then it
    /// is killed).
    pub fn terminate(&mut self, patience: Duration) -> std::process::ExitStatus {
        let mut child = self.child.take().expect("a running server");
        let sent = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(sent.success(), "kill -TERM {}", child.id());
        let give_up = std::time::Instant::now() + patience;
        loop {
            if let Some(status) = child.try_wait().expect("wait for the server") {
                return status;
            }
            if std::time::Instant::now() > give_up {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the server had not exited {patience:?} after SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.base
            .rsplit(':')
            .next()
            .and_then(|port| port.parse().ok())
            .expect("a port at the end of the server's address")
    }

    /// Kills this server and starts a new one on the same database (and secret).
    pub fn restart(&mut self) {
        self.kill();
        self.start_again(&[]);
    }

    /// Starts a new server on the same database, secret and port, once this one has stopped
    /// (after [`Server::terminate`]): what a service manager does, so that open pages find it
    /// where they left it.
    pub fn start_again_on_the_same_port(&mut self) {
        self.kill();
        let port = self.port().to_string();
        if self.options.iter().any(|o| o == "--port") {
            self.start_again(&[]);
        } else {
            self.start_again(&["--port", &port]);
        }
    }

    /// Starts a new server on the same database and secret, with these options added.
    fn start_again(&mut self, extra: &[&str]) {
        let mut options: Vec<&str> = self.options.iter().map(String::as_str).collect();
        options.extend_from_slice(extra);
        let mut next = Server::start_on_with(&self.database, &options);
        next._dir = self._dir.take();
        next._key_dir = self._key_dir.take();
        next._postgres = self._postgres.take();
        std::mem::swap(self, &mut next);
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn client(&self) -> &reqwest::blocking::Client {
        &self.client
    }

    /// GET, returning the status and the JSON body.
    pub fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        answer(request.send().expect("GET"))
    }

    /// POST a JSON body, returning the status and the JSON body.
    pub fn post(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
        self.send(reqwest::Method::POST, path, token, body)
    }

    pub fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> (u16, Value) {
        let mut request = self.client.request(method, self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        answer(request.send().expect("request"))
    }

    /// GET the raw text of a path.
    pub fn text(&self, path: &str, token: Option<&str>) -> (u16, String) {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().expect("GET");
        let status = response.status().as_u16();
        (status, response.text().expect("text"))
    }
}

/// The drawings of `page` (the projector's, a printout's…) made for GETs so far, from the
/// server's `/metrics`.
pub fn drawings(server: &Server, page: &str) -> u64 {
    let (status, text) = server.text("/metrics", None);
    assert_eq!(status, 200, "{text}");
    let wanted = format!("touring_page_drawings_total{{page=\"{page}\"}} ");
    text.lines()
        .find_map(|line| line.strip_prefix(&wanted))
        .map_or(0, |n| n.trim().parse().expect("a count"))
}

/// The seconds an answer's `Retry-After` header asks to wait (it must have one).
pub fn retry_after(response: &reqwest::blocking::Response) -> u64 {
    response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("a Retry-After in seconds")
}

fn answer(response: reqwest::blocking::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().expect("body");
    let value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("answer {status} is not JSON ({e}): {text}"));
    (status, value)
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}
