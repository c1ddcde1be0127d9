//! `touring backup FILE`: a consistent copy of the database, taken while the server runs (see
//! [`crate::app::backup`] for how).

use std::path::PathBuf;

use crate::app::Database;
use crate::app::backup::backup;

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Where to write the copy (a new file; see --force).
    pub file: PathBuf,
    /// The SQLite database to copy. Default: data/touring.sqlite. (A PostgreSQL database is
    /// backed up with PostgreSQL's own pg_dump; this command says how.)
    #[arg(long, env = "DATABASE_URL")]
    pub database: Option<String>,
    /// Replace FILE if it exists.
    #[arg(long)]
    pub force: bool,
}

/// Copies the database named by `args` to `args.file`.
pub fn run(args: &Args) -> Result<(), String> {
    let source = match Database::parse(args.database.as_deref())? {
        Database::Sqlite(path) => path,
        Database::Postgres(url) => return Err(postgres_advice(&url)),
    };
    let target = &args.file;
    let events = backup(&source, target, args.force)?;
    let size = std::fs::metadata(target).map(|m| m.len()).unwrap_or(0);
    super::print_line(&format!(
        "backed up {} to {} ({events} event(s), {size} bytes)",
        source.display(),
        target.display()
    ))?;
    super::print_line(&crate::app::secret::backup_needs_key(&source, target))
}

/// What `touring backup` says for a PostgreSQL database: PostgreSQL's own tools copy it
/// consistently while the servers run, and restore it.
fn postgres_advice(url: &str) -> String {
    let shown = Database::Postgres(url.to_owned()).describe();
    format!(
        "the database is PostgreSQL ({shown}); `touring backup` copies SQLite files only. \
         Back PostgreSQL up with its own pg_dump, which takes one consistent snapshot while \
         the servers run: pg_dump --format=custom --file=touring.dump \"$DATABASE_URL\" \
         (restore into an empty database with pg_restore --dbname=\"$DATABASE_URL\" touring.dump)"
    )
}
