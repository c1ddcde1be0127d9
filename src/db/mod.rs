//! Storage: SQLite or PostgreSQL through diesel, with each backend's migrations embedded in the
//! binary.
//!
//! This module knows tables, not HTTP. Queries are written with diesel's query builder and
//! portable types (BIGINT ids, TEXT for JSON, TIMESTAMP in UTC) and run on [`Conn`], one
//! connection type for both backends (diesel's `MultiConnection`). What only one backend has
//! (SQLite's pragmas and immediate transactions, PostgreSQL's isolation levels) is chosen here,
//! by matching on the connection.

pub mod instance;
pub mod models;
pub mod pg_tls;
pub mod queries;
pub mod schema;

use std::path::{Path, PathBuf};
use std::time::Duration;

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::pg::PgConnection;
use diesel::r2d2::{self, R2D2Connection};
use diesel::sqlite::SqliteConnection;
use diesel::{Connection, ConnectionError};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

/// The connection type the whole program uses: PostgreSQL or SQLite. SQLite comes last
/// because it takes any text as a file name; we never rely on that order anyway, since
/// [`Manager`] builds the variant that [`Database`] names.
#[derive(diesel::MultiConnection)]
pub enum Conn {
    Postgres(PgConnection),
    Sqlite(SqliteConnection),
}

/// A pool of connections.
pub type Pool = r2d2::Pool<Manager>;
/// A connection borrowed from the pool.
pub type PooledConn = r2d2::PooledConnection<Manager>;

/// SQLite's migrations, compiled in: a fresh machine needs no migration tool.
pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
/// PostgreSQL's migrations: the same schema in PostgreSQL's words.
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// What `DATABASE_URL` and `--database` accept, said when they hold something else.
pub const ACCEPTED: &str = "a SQLite file path (or sqlite://PATH), or a PostgreSQL URL \
                            (postgres://USER:PASSWORD@HOST:PORT/DATABASE or postgresql://...)";

/// Where the data lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file, created if missing.
    Sqlite(PathBuf),
    /// A PostgreSQL database (it must exist; the tables are made at start).
    Postgres(String),
}

impl Database {
    /// Reads a `DATABASE_URL` or `--database` value: `postgres://` and `postgresql://` name
    /// PostgreSQL; `sqlite://PATH`, `sqlite:PATH` and a plain path name a SQLite file; nothing
    /// (or an empty value) is the default file. Any other scheme is refused, so that a URL
    /// meant for another database never becomes a folder of that name.
    pub fn parse(value: Option<&str>) -> Result<Database, String> {
        let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
            return Ok(Database::Sqlite(default_path()));
        };
        if value.starts_with("postgres://") || value.starts_with("postgresql://") {
            // TLS options the relay cannot honour are told now, not at the first notice.
            pg_tls::PgTls::from_url(value)?;
            return Ok(Database::Postgres(value.to_owned()));
        }
        if let Some(path) = value
            .strip_prefix("sqlite://")
            .or_else(|| value.strip_prefix("sqlite:"))
        {
            if path.is_empty() {
                return Err(format!(
                    "the database sqlite: names no file; give {ACCEPTED}"
                ));
            }
            return Ok(Database::Sqlite(PathBuf::from(path)));
        }
        if let Some(scheme) = scheme(value) {
            return Err(format!(
                "touring cannot store its data at {scheme}:... (only SQLite and PostgreSQL \
                 are supported); give {ACCEPTED}"
            ));
        }
        Ok(Database::Sqlite(PathBuf::from(value)))
    }

    /// The database, as said to a person: a file's path, or a URL without its password.
    pub fn describe(&self) -> String {
        match self {
            Database::Sqlite(path) => path.display().to_string(),
            Database::Postgres(url) => without_password(url),
        }
    }

    /// A failed connection's message, with what a refused TLS certificate means in plain
    /// words first (libpq says only "certificate verify failed").
    pub fn explain_connect_error(&self, message: &str) -> String {
        match self {
            Database::Postgres(url) => {
                pg_tls::explain_libpq(url, message).unwrap_or_else(|| message.to_owned())
            }
            Database::Sqlite(_) => message.to_owned(),
        }
    }

    /// Is this PostgreSQL?
    pub fn is_postgres(&self) -> bool {
        matches!(self, Database::Postgres(_))
    }
}

/// The scheme of a URL-like value (`mysql` in `mysql://...`, `http` in `http:x`), if it has
/// one of two letters or more (`C:\...` is a Windows path, not a scheme).
fn scheme(value: &str) -> Option<&str> {
    let (scheme, _) = value.split_once(':')?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    (scheme.len() >= 2
        && first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then_some(scheme)
}

/// `postgres://user:secret@host/db` as `postgres://user:***@host/db`.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{scheme}://{name}:***@{host}{path}"),
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

/// The database file used when none is given: `data/touring.sqlite` in the working directory.
pub fn default_path() -> PathBuf {
    Path::new("data").join("touring.sqlite")
}

/// Why the database could not be opened or used.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("cannot create the data directory {path}: {source}")]
    Directory {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot open the database: {0}")]
    Connect(r2d2::Error),
    #[error("cannot open the database: {0}")]
    Pool(#[from] r2d2::PoolError),
    #[error("cannot bring the database up to date: {0}")]
    Migration(String),
    #[error("database error: {0}")]
    Query(#[from] diesel::result::Error),
}

/// Makes the pool's connections: the backend [`Database`] names, never a guess from the text.
/// Every SQLite connection gets write-ahead logging so readers never block the writer, a busy
/// timeout so concurrent writers wait instead of failing, and foreign keys.
#[derive(Debug, Clone)]
pub struct Manager {
    database: Database,
}

impl Manager {
    pub fn new(database: Database) -> Manager {
        Manager { database }
    }

    /// One new connection to the database.
    pub fn connect(database: &Database) -> Result<Conn, r2d2::Error> {
        match database {
            Database::Postgres(url) => Ok(Conn::Postgres(
                PgConnection::establish(url).map_err(r2d2::Error::ConnectionError)?,
            )),
            Database::Sqlite(path) => {
                let mut conn = SqliteConnection::establish(&path.to_string_lossy())
                    .map_err(r2d2::Error::ConnectionError)?;
                // The busy timeout comes first: the pool opens its connections side by side,
                // and switching to WAL needs a moment's lock that the others must wait for.
                // Each connection caches up to 8 MB of pages (SQLite's default is 2 MB) and reads
                // the file through a memory map: in WAL mode a connection drops its cache
                // whenever another has committed, which at a busy party is before nearly every
                // read, and mapped pages come back without a system call. Every commit is
                // synced to disk before it returns (`synchronous = FULL`): a move is answered
                // only once it would survive the machine losing power (a laptop's battery
                // dying), not only a crash of the server.
                conn.batch_execute(
                    "PRAGMA busy_timeout = 10000; \
                     PRAGMA journal_mode = WAL; \
                     PRAGMA synchronous = FULL; \
                     PRAGMA foreign_keys = ON; \
                     PRAGMA cache_size = -8192; \
                     PRAGMA mmap_size = 268435456;",
                )
                .map_err(r2d2::Error::QueryError)?;
                Ok(Conn::Sqlite(conn))
            }
        }
    }
}

impl r2d2::ManageConnection for Manager {
    type Connection = Conn;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<Conn, r2d2::Error> {
        Manager::connect(&self.database)
    }

    fn is_valid(&self, conn: &mut Conn) -> Result<(), r2d2::Error> {
        conn.ping().map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut Conn) -> bool {
        std::thread::panicking() || conn.is_broken()
    }
}

/// Opens the database (creating a SQLite file if needed), runs the migrations and returns a
/// pool.
pub fn open(database: &Database, max_connections: u32) -> Result<Pool, DbError> {
    if let Database::Sqlite(path) = database
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(|source| DbError::Directory {
            path: dir.display().to_string(),
            source,
        })?;
    }
    // One connection first, so that a wrong address or password is told at once and in the
    // database's own words (the pool would only time out).
    let mut first = Manager::connect(database).map_err(DbError::Connect)?;
    migrate(&mut first)?;
    drop(first);
    let pool = r2d2::Pool::builder()
        .max_size(max_connections)
        .connection_timeout(Duration::from_secs(10))
        // A SQLite file does not go away under an open connection, so it is not asked
        // whether it is there before every use (a statement per use case); a PostgreSQL
        // connection may have been cut by the server.
        .test_on_check_out(matches!(database, Database::Postgres(_)))
        .build(Manager::new(database.clone()))?;
    Ok(pool)
}

/// A key for PostgreSQL's advisory lock that lets one instance at a time migrate.
const MIGRATION_LOCK: i64 = 0x0074_6f75_7269_6e67; // "touring" in ASCII

/// Runs the backend's pending migrations. On PostgreSQL, instances starting together take
/// turns (an advisory lock), so that none sees a half-made schema.
pub fn migrate(conn: &mut Conn) -> Result<(), DbError> {
    let failed = |e: Box<dyn std::error::Error + Send + Sync>| DbError::Migration(e.to_string());
    match conn {
        Conn::Sqlite(conn) => conn
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .map(|_| ())
            .map_err(failed),
        Conn::Postgres(conn) => {
            conn.batch_execute(&format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))?;
            let done = conn.run_pending_migrations(POSTGRES_MIGRATIONS).map(|_| ());
            conn.batch_execute(&format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))?;
            done.map_err(failed)
        }
    }
}

/// How a transaction begins on each backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Reads one consistent snapshot and never waits for (nor blocks) the writers. SQLite: a
    /// deferred transaction in WAL mode; PostgreSQL: REPEATABLE READ, READ ONLY.
    Read,
    /// Writes as if alone. SQLite: an immediate transaction (one writer at a time, the others
    /// queue); PostgreSQL: SERIALIZABLE beside other writers (holding the writers' lock
    /// shared), where a conflicting writer fails with a serialization failure and is run
    /// again (see [`is_retryable`]).
    Write,
    /// Writes truly alone, for a write that kept colliding (a host's stop among a table's
    /// stream of moves must not starve). SQLite: as [`Access::Write`]; PostgreSQL: waits for
    /// the writers' lock exclusively (across every instance) before it begins, so that no
    /// other writer runs beside it.
    WriteAlone,
}

/// PostgreSQL's advisory lock of the writers: every write holds it shared for its
/// transaction, and a write that kept colliding takes it exclusively before it begins.
const WRITERS_LOCK: i64 = 0x0074_6f75_7269_6e68;

impl Conn {
    /// Runs `f` in one transaction begun for `access`: all of it or nothing.
    pub fn transaction_for<T, E>(
        &mut self,
        access: Access,
        f: impl FnOnce(&mut Conn) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<diesel::result::Error>,
    {
        match (&mut *self, access) {
            (Conn::Sqlite(conn), Access::Read) => {
                AnsiTransactionManager::begin_transaction_sql(conn, "BEGIN")?
            }
            (Conn::Sqlite(conn), Access::Write | Access::WriteAlone) => {
                AnsiTransactionManager::begin_transaction_sql(conn, "BEGIN IMMEDIATE")?
            }
            (Conn::Postgres(conn), Access::Read) => AnsiTransactionManager::begin_transaction_sql(
                conn,
                "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
            )?,
            (Conn::Postgres(conn), Access::Write) => AnsiTransactionManager::begin_transaction_sql(
                conn,
                &format!(
                    "BEGIN ISOLATION LEVEL SERIALIZABLE; \
                     SELECT pg_advisory_xact_lock_shared({WRITERS_LOCK})"
                ),
            )?,
            (Conn::Postgres(conn), Access::WriteAlone) => {
                // Taken before BEGIN, so that the snapshot is made once the others are done.
                conn.batch_execute(&format!("SELECT pg_advisory_lock({WRITERS_LOCK})"))?;
                let begun = AnsiTransactionManager::begin_transaction_sql(
                    conn,
                    "BEGIN ISOLATION LEVEL SERIALIZABLE",
                );
                if let Err(error) = begun {
                    let _ =
                        conn.batch_execute(&format!("SELECT pg_advisory_unlock({WRITERS_LOCK})"));
                    return Err(error.into());
                }
            }
        }
        let result = self.finish_transaction(f);
        if let (Conn::Postgres(conn), Access::WriteAlone) = (&mut *self, access) {
            // A connection that cannot say this is broken, and its lock ends with it.
            let _ = conn.batch_execute(&format!("SELECT pg_advisory_unlock({WRITERS_LOCK})"));
        }
        result
    }

    /// Runs `f` in the transaction just begun, then commits, or rolls back and keeps the
    /// first error: the rest of diesel's own `transaction`.
    fn finish_transaction<T, E>(
        &mut self,
        f: impl FnOnce(&mut Conn) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<diesel::result::Error>,
    {
        match f(self) {
            Ok(value) => {
                <Conn as TransactionManager<Conn>>::commit_transaction(self)?;
                Ok(value)
            }
            Err(error) => match <Conn as TransactionManager<Conn>>::rollback_transaction(self) {
                Ok(()) | Err(diesel::result::Error::BrokenTransactionManager) => Err(error),
                Err(rollback) => Err(rollback.into()),
            },
        }
    }

    /// SQLite: begins the write transaction that a group of writes shares (`BEGIN
    /// IMMEDIATE`). Each write then runs in a savepoint of it ([`Conn::in_savepoint`]) and
    /// [`Conn::commit`] or [`Conn::rollback`] ends it for all of them.
    pub fn begin_group(&mut self) -> Result<(), diesel::result::Error> {
        match self {
            Conn::Sqlite(conn) => {
                AnsiTransactionManager::begin_transaction_sql(conn, "BEGIN IMMEDIATE")
            }
            Conn::Postgres(_) => Err(diesel::result::Error::QueryBuilderError(
                "a group of writes shares one transaction only on SQLite".into(),
            )),
        }
    }

    /// Runs `f` in a savepoint of the transaction begun: kept if it succeeds, undone alone if
    /// it fails.
    pub fn in_savepoint<T, E>(&mut self, f: impl FnOnce(&mut Conn) -> Result<T, E>) -> Result<T, E>
    where
        E: From<diesel::result::Error>,
    {
        self.transaction(f)
    }

    /// Commits the transaction begun (SQLite syncs it to disk before this returns).
    pub fn commit(&mut self) -> Result<(), diesel::result::Error> {
        <Conn as TransactionManager<Conn>>::commit_transaction(self)
    }

    /// Rolls the transaction begun back.
    pub fn rollback(&mut self) -> Result<(), diesel::result::Error> {
        <Conn as TransactionManager<Conn>>::rollback_transaction(self)
    }

    /// Is this PostgreSQL?
    pub fn is_postgres(&self) -> bool {
        matches!(self, Conn::Postgres(_))
    }
}

/// Did a transaction fail only because another one ran at the same time, so that running it
/// again will do? (PostgreSQL's serialization failures; SQLite's writers queue instead.)
pub fn is_retryable(error: &diesel::result::Error) -> bool {
    matches!(
        error,
        diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::SerializationFailure,
            _
        )
    ) || matches!(error, diesel::result::Error::RollbackErrorOnCommit { commit_error, .. }
        if is_retryable(commit_error))
}

/// Establishes one connection outside any pool (for the backup command and the tests).
pub fn establish(database: &Database) -> Result<Conn, ConnectionError> {
    Manager::connect(database).map_err(|e| match e {
        r2d2::Error::ConnectionError(e) => e,
        r2d2::Error::QueryError(e) => ConnectionError::CouldntSetupConfiguration(e),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::RunQueryDsl;

    #[test]
    fn postgres_urls_select_postgresql() {
        for url in [
            "postgres://touring@127.0.0.1:5432/touring",
            "postgresql://touring:secret@db.example/touring?sslmode=disable",
        ] {
            assert_eq!(
                Database::parse(Some(url)),
                Ok(Database::Postgres(url.into()))
            );
        }
    }

    #[test]
    fn paths_and_sqlite_urls_and_nothing_select_a_sqlite_file() {
        assert_eq!(Database::parse(None), Ok(Database::Sqlite(default_path())));
        assert_eq!(
            Database::parse(Some("")),
            Ok(Database::Sqlite(default_path()))
        );
        for (value, path) in [
            ("party.sqlite", "party.sqlite"),
            ("/var/lib/touring/x.sqlite", "/var/lib/touring/x.sqlite"),
            ("sqlite:///tmp/x.sqlite", "/tmp/x.sqlite"),
            ("sqlite:x.sqlite", "x.sqlite"),
            (r"C:\touring\x.sqlite", r"C:\touring\x.sqlite"),
            ("./odd:name.sqlite", "./odd:name.sqlite"),
        ] {
            assert_eq!(
                Database::parse(Some(value)),
                Ok(Database::Sqlite(PathBuf::from(path))),
                "{value}"
            );
        }
    }

    #[test]
    fn other_schemes_are_refused_saying_what_is_accepted() {
        for (value, scheme, rest) in [
            (
                "mysql://root:pw@localhost/touring",
                "mysql",
                "root:pw@localhost",
            ),
            ("http://example.org/db", "http", "example.org"),
            (
                "postgre://typo@localhost/touring",
                "postgre",
                "typo@localhost",
            ),
            ("mariadb:x", "mariadb", "mariadb:x"),
        ] {
            let error = Database::parse(Some(value)).expect_err(value);
            assert!(error.contains(&format!("{scheme}:...")), "{error}");
            assert!(error.contains("postgres://"), "{error}");
            assert!(error.contains("SQLite file path"), "{error}");
            assert!(
                !error.contains(rest),
                "no user or password is repeated: {error}"
            );
        }
    }

    #[derive(diesel::QueryableByName)]
    struct Synchronous {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        synchronous: i32,
    }

    /// A connection to a new SQLite file in `dir`, opened as the server opens its own.
    fn fresh_sqlite(dir: &tempfile::TempDir) -> SqliteConnection {
        let database = Database::Sqlite(dir.path().join("fresh.sqlite"));
        let Conn::Sqlite(conn) = Manager::connect(&database).expect("connect") else {
            panic!("a SQLite connection");
        };
        conn
    }

    #[test]
    fn an_acknowledged_write_survives_power_loss() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let mut conn = fresh_sqlite(&dir);
        let answer: Synchronous = diesel::sql_query("PRAGMA synchronous")
            .get_result(&mut conn)
            .expect("read the pragma");
        // 2 is FULL: a commit returns only once the write-ahead log is synced to disk.
        assert_eq!(answer.synchronous, 2);
    }

    #[derive(diesel::QueryableByName)]
    struct CompileOption {
        #[diesel(sql_type = diesel::sql_types::Text)]
        compile_options: String,
    }

    /// `.cargo/config.toml` builds SQLite in multi-thread mode: no lock around each call on a
    /// connection, which only one thread uses at a time.
    #[test]
    fn sqlite_is_built_without_a_lock_per_connection() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let mut conn = fresh_sqlite(&dir);
        let options: Vec<CompileOption> = diesel::sql_query("PRAGMA compile_options")
            .load(&mut conn)
            .expect("read the build's options");
        let options: Vec<String> = options.into_iter().map(|o| o.compile_options).collect();
        assert!(options.iter().any(|o| o == "THREADSAFE=2"), "{options:?}");
    }

    #[test]
    fn a_postgres_password_is_never_shown() {
        let database = Database::Postgres("postgres://me:hunter2@db:5432/touring".into());
        assert_eq!(database.describe(), "postgres://me:***@db:5432/touring");
        let no_password = Database::Postgres("postgres://me@db/touring".into());
        assert_eq!(no_password.describe(), "postgres://me@db/touring");
    }
}
