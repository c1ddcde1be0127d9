//! A consistent copy of a SQLite database, taken while the server runs (`touring backup FILE`).
//!
//! The copy is made with SQLite's `VACUUM INTO`, not with the online backup API. Both read one
//! consistent snapshot while the server keeps writing (in WAL mode a reader never blocks the
//! writer and sees only committed transactions), but they differ in how they get there:
//!
//! - the backup API copies pages in steps and *restarts from the beginning* whenever another
//!   connection writes in between, so on a busy evening (phones sending moves every second) it
//!   may never finish unless it copies everything in one step, which is what `VACUUM INTO` does
//!   anyway;
//! - `VACUUM INTO` runs inside one read transaction, needs only the SQL interface diesel already
//!   gives us (no `unsafe` calls into libsqlite3-sys), and writes a compact file with no free
//!   pages and no write-ahead log beside it: a single file that can be copied anywhere.
//!
//! The copy is written to a temporary file in the target's folder and then renamed into place,
//! so a crash or a full disk never leaves a half-written backup under the chosen name, and a
//! backup file that existed before is replaced only with `--force`.

use std::path::{Path, PathBuf};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use diesel::sqlite::SqliteConnection;

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct Check {
    #[diesel(sql_type = Text)]
    quick_check: String,
}

/// Writes a consistent copy of the database at `source` to `target` and answers how many events
/// the copy holds. Refuses to replace an existing `target` unless `force`.
pub fn backup(source: &Path, target: &Path, force: bool) -> Result<i64, String> {
    if !source.is_file() {
        return Err(format!(
            "there is no database at {}; give the right file with --database (or DATABASE_URL)",
            source.display()
        ));
    }
    if same_file(source, target) {
        return Err(format!(
            "{} is the database itself; write the backup to another file",
            target.display()
        ));
    }
    if target.exists() && !force {
        return Err(format!(
            "{} already exists; choose a new file name, or add --force to replace it",
            target.display()
        ));
    }
    let mut conn = open(source)?;
    // A file that is not ours (or not SQLite) is refused before anything is written.
    count_events(&mut conn).map_err(|e| {
        format!(
            "{} is not a touring database ({e}); check --database",
            source.display()
        )
    })?;

    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => PathBuf::from("."),
    };
    // VACUUM INTO writes only into a new or empty file, so an empty temporary file in the same
    // folder is the destination; the rename that follows is atomic on one file system.
    let temporary = tempfile::Builder::new()
        .prefix(".touring-backup-")
        .suffix(".sqlite")
        .tempfile_in(&dir)
        .map_err(|e| format!("cannot write in {}: {e}", dir.display()))?;
    let temporary_path = temporary.path().to_string_lossy().into_owned();
    diesel::sql_query("VACUUM INTO ?")
        .bind::<Text, _>(temporary_path)
        .execute(&mut conn)
        .map_err(|e| format!("the copy failed: {e}; nothing was written"))?;
    drop(conn);

    let mut copy = open(temporary.path())?;
    let check = diesel::sql_query("PRAGMA quick_check")
        .load::<Check>(&mut copy)
        .map_err(|e| format!("the copy cannot be read back: {e}; nothing was written"))?;
    if check.iter().any(|c| c.quick_check != "ok") {
        return Err("the copy did not pass SQLite's check; nothing was written".into());
    }
    let copied = count_events(&mut copy)
        .map_err(|e| format!("the copy cannot be read back: {e}; nothing was written"))?;
    drop(copy);

    let persisted = if force {
        temporary.persist(target).map(|_| ())
    } else {
        // Refuses if someone created the file since the check above.
        temporary.persist_noclobber(target).map(|_| ())
    };
    persisted.map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            format!(
                "{} already exists; choose a new file name, or add --force to replace it",
                target.display()
            )
        } else {
            format!("cannot write {}: {}", target.display(), e.error)
        }
    })?;
    Ok(copied)
}

/// Opens an existing SQLite file, waiting (rather than failing) while a writer holds a lock.
fn open(path: &Path) -> Result<SqliteConnection, String> {
    let mut conn = SqliteConnection::establish(&path.to_string_lossy())
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    conn.batch_execute("PRAGMA busy_timeout = 10000;")
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    Ok(conn)
}

fn count_events(conn: &mut SqliteConnection) -> QueryResult<i64> {
    diesel::sql_query("SELECT COUNT(*) AS n FROM events")
        .get_result::<Count>(conn)
        .map(|c| c.n)
}

/// Do two paths name the same existing file?
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
