//! Storage: SQLite through diesel, with the migrations embedded in the binary.
//!
//! This module knows tables, not HTTP. Queries are written with diesel's query builder and
//! portable types (BIGINT ids, TEXT for JSON, TIMESTAMP in UTC) so that a PostgreSQL backend can
//! join through diesel's `MultiConnection` without rewriting them.

pub mod models;
pub mod queries;
pub mod schema;

use std::path::{Path, PathBuf};
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::r2d2::{self, ConnectionManager, CustomizeConnection};
use diesel::sqlite::SqliteConnection;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

/// The connection type the whole program uses.
pub type Conn = SqliteConnection;
/// A pool of connections.
pub type Pool = r2d2::Pool<ConnectionManager<Conn>>;
/// A connection borrowed from the pool.
pub type PooledConn = r2d2::PooledConnection<ConnectionManager<Conn>>;

/// The migrations, compiled in: a fresh machine needs no migration tool.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");

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
    Pool(#[from] r2d2::PoolError),
    #[error("cannot bring the database up to date: {0}")]
    Migration(String),
    #[error("database error: {0}")]
    Query(#[from] diesel::result::Error),
}

/// Settings every pooled connection gets: write-ahead logging so readers never block the
/// writer, a busy timeout so concurrent writers wait instead of failing, and foreign keys.
#[derive(Debug, Clone, Copy)]
struct Pragmas;

impl CustomizeConnection<Conn, r2d2::Error> for Pragmas {
    fn on_acquire(&self, conn: &mut Conn) -> Result<(), r2d2::Error> {
        // The busy timeout comes first: the pool opens its connections side by side, and
        // switching to WAL needs a moment's lock that the others must wait for, not fail on.
        conn.batch_execute(
            "PRAGMA busy_timeout = 10000; \
             PRAGMA journal_mode = WAL; \
             PRAGMA synchronous = NORMAL; \
             PRAGMA foreign_keys = ON;",
        )
        .map_err(r2d2::Error::QueryError)
    }
}

/// Turns a `DATABASE_URL` or `--database` value into a file path (`sqlite://x`, `sqlite:x`
/// and a plain path are all accepted).
pub fn path_from_url(url: &str) -> PathBuf {
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    PathBuf::from(path)
}

/// Opens (creating if needed) the database file, runs the migrations and returns a pool.
pub fn open(path: &Path, max_connections: u32) -> Result<Pool, DbError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| DbError::Directory {
            path: dir.display().to_string(),
            source,
        })?;
    }
    let manager = ConnectionManager::<Conn>::new(path.to_string_lossy());
    let pool = r2d2::Pool::builder()
        .max_size(max_connections)
        .connection_timeout(Duration::from_secs(10))
        .connection_customizer(Box::new(Pragmas))
        .build(manager)?;
    let mut conn = pool.get()?;
    conn.run_pending_migrations(MIGRATIONS)
        .map_err(|e| DbError::Migration(e.to_string()))?;
    Ok(pool)
}
