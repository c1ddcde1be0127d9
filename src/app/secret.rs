//! The server's secret: 64 random bytes in a file beside the database (owner-only), never in
//! the database, its backups or any answer. It signs the session cookies, derives the join and
//! viewer keys, and is mixed into every deal's seed so that a seed the host typed does not let
//! anyone predict the cards.
//!
//! The secret is installed once per process (`touring serve` and `touring demo` read it from
//! the file, `touring simulate` installs a fixed one so that its output stays reproducible);
//! a process that installs none gets a random one on first use.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use super::{AppError, AppResult};

/// Bytes in the secret (what a cookie key needs).
pub const LEN: usize = 64;

static SECRET: OnceLock<[u8; LEN]> = OnceLock::new();

/// Installs the process's secret. Returns false if one was already installed (it stays).
pub fn install(secret: [u8; LEN]) -> bool {
    SECRET.set(secret).is_ok()
}

/// The process's secret.
pub fn get() -> &'static [u8; LEN] {
    SECRET.get_or_init(|| {
        let mut bytes = [0u8; LEN];
        rand::fill(&mut bytes[..]);
        bytes
    })
}

/// The secret's file for a database file: `touring.sqlite` keeps it in `touring.sqlite.key`.
pub fn path_for(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(".key");
    PathBuf::from(name)
}

/// Where the secret is kept by default: beside a SQLite file; for PostgreSQL, which has no
/// file of ours, `data/touring.key` in the working directory. Every instance over one
/// PostgreSQL database needs the same secret (a copy of that file, or `--key-file`).
pub fn default_path(database: &crate::db::Database) -> PathBuf {
    match database {
        crate::db::Database::Sqlite(path) => path_for(path),
        crate::db::Database::Postgres(_) => Path::new("data").join("touring.key"),
    }
}

/// Reads the secret from its file, or writes a new one there (owner-only permissions), or,
/// if the file is missing and `legacy` is given (the key an older version kept in the
/// database), writes that one so that sessions survive the upgrade.
pub fn load_or_create(path: &Path, legacy: Option<&[u8]>) -> AppResult<[u8; LEN]> {
    let problem = |what: &str, e: std::io::Error| {
        AppError::Internal(format!(
            "the server's secret {}: {what}: {e}",
            path.display()
        ))
    };
    match std::fs::read(path) {
        Ok(bytes) => {
            return <[u8; LEN]>::try_from(bytes.as_slice()).map_err(|_| {
                AppError::Internal(format!(
                    "the server's secret {} is not {LEN} bytes long: remove it to make a new one (every session ends)",
                    path.display()
                ))
            });
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(problem("cannot be read", e)),
    }
    let mut secret = [0u8; LEN];
    match legacy.and_then(|bytes| <[u8; LEN]>::try_from(bytes).ok()) {
        Some(old) => secret = old,
        None => rand::fill(&mut secret[..]),
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(|e| problem("cannot make its folder", e))?;
    // Written whole into a temporary file (owner-only) and then linked into place unless the
    // file is there by then: instances starting together over one PostgreSQL database, in
    // one folder, all end up with the one secret that landed first.
    let mut file =
        tempfile::NamedTempFile::new_in(dir).map_err(|e| problem("cannot be created", e))?;
    file.write_all(&secret)
        .and_then(|()| file.as_file().sync_all())
        .map_err(|e| problem("cannot be written", e))?;
    match file.persist_noclobber(path) {
        Ok(_) => {}
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {
            return load_or_create(path, None);
        }
        Err(e) => return Err(problem("cannot be created", e.error)),
    }
    Ok(secret)
}

/// Opens the secret in `file` and installs it: made on first start (from the key an older
/// version kept in the database, which is then removed from the database). A new secret made
/// for a database that already holds events (a backup restored without its key file, most
/// likely) is logged as a warning: what was printed with the old one no longer works.
pub fn open(app: &super::App, file: &Path) -> AppResult<()> {
    let (legacy, holds_events) = app.write(|conn| {
        let hex = crate::db::queries::server_key(conn, "session")?;
        let legacy = hex.map(|hex| {
            (0..hex.len() / 2)
                .filter_map(|i| u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok())
                .collect::<Vec<u8>>()
        });
        Ok((legacy, crate::db::queries::any_event(conn)?))
    })?;
    let missing = !file.exists();
    let secret = load_or_create(file, legacy.as_deref())?;
    if missing && legacy.is_none() && holds_events {
        log::warn!("{}", new_key_for_old_events(file));
    }
    app.write(|conn| Ok(crate::db::queries::delete_server_key(conn, "session")?))?;
    install(secret);
    Ok(())
}

/// What a server says when it made a new secret for a database that already holds events.
pub fn new_key_for_old_events(file: &Path) -> String {
    format!(
        "there was no key file at {}, but this database holds events: a new key was made, so \
         the join keys, table tents and member cards printed before no longer work here, and \
         every browser signs in again. If this is a copy (a backup being restored), stop the \
         server, put the original's key file at {} and start again",
        file.display(),
        file.display()
    )
}

/// What `touring backup` says once the copy of `source` is written to `copy`: the copy
/// needs the server's key file beside it, or its join keys, tents and member cards stop
/// working.
pub fn backup_needs_key(source: &Path, copy: &Path) -> String {
    let key = path_for(source);
    let beside = path_for(copy);
    if key.is_file() {
        format!(
            "the copy holds no key: keep {} with it, as {}, or its join keys, table tents \
             and member cards stop working when it is restored (the file is secret: store \
             it as safely as the copy)",
            key.display(),
            beside.display()
        )
    } else {
        format!(
            "the copy holds no key: keep the server's key file (its --key-file) with it, as \
             {}, or its join keys, table tents and member cards stop working when it is \
             restored (the file is secret: store it as safely as the copy)",
            beside.display()
        )
    }
}

/// The fixed secret of `touring simulate`, whose output must repeat for a given seed.
pub const SIMULATION: [u8; LEN] = [0x5e; LEN];

/// HMAC-SHA-256 of the parts under the process's secret, for one purpose (the label).
fn mac(label: &str, parts: &[&[u8]]) -> [u8; 32] {
    mac_with(get(), label, parts)
}

fn mac_with(secret: &[u8], label: &str, parts: &[&[u8]]) -> [u8; 32] {
    // HMAC takes a key of any length: this cannot fail.
    let Ok(mut mac) = <Hmac<Sha256> as KeyInit>::new_from_slice(secret) else {
        return [0; 32];
    };
    mac.update(label.as_bytes());
    for part in parts {
        mac.update(&(part.len() as u64).to_le_bytes());
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

/// The seed a deal is dealt from: the tournament's seed for it, mixed with the secret.
pub fn deal_seed(derived: u64) -> u64 {
    let out = mac("deal", &[&derived.to_le_bytes()]);
    let mut first = [0u8; 8];
    first.copy_from_slice(&out[..8]);
    u64::from_le_bytes(first)
}

/// A join key: `table` for the key of one table's tent, None for the event's (the projector's
/// QR code). 32 hex digits, like a token.
pub fn join_key(event: i64, epoch: i32, table: Option<i32>) -> String {
    let table = table.map_or(-1, i64::from);
    let out = mac(
        "join",
        &[
            &event.to_le_bytes(),
            &epoch.to_le_bytes(),
            &table.to_le_bytes(),
        ],
    );
    super::tokens::hex(&out[..16])
}

/// The viewer key of an event's private views (the projector and standings, never a seat).
/// 32 hex digits, like a token; its own epoch, so that new join keys leave it alone.
pub fn viewer_key(event: i64, epoch: i32) -> String {
    let out = mac("view", &[&event.to_le_bytes(), &epoch.to_le_bytes()]);
    super::tokens::hex(&out[..16])
}

/// The key of a member's card in a series: who the member is ("person 12", "name ann club"),
/// bound to the series' host token (its stored hash), so that a new token makes new cards.
/// 32 hex digits, like a token.
pub fn member_key(series: i64, token_hash: &str, who: &str) -> String {
    let out = mac(
        "member",
        &[&series.to_le_bytes(), token_hash.as_bytes(), who.as_bytes()],
    );
    super::tokens::hex(&out[..16])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_event_epoch_and_table_and_look_like_tokens() {
        let a = join_key(1, 0, None);
        assert!(super::super::tokens::looks_like_token(&a));
        assert_ne!(a, join_key(2, 0, None));
        assert_ne!(a, join_key(1, 1, None));
        assert_ne!(a, join_key(1, 0, Some(1)));
        assert_eq!(a, join_key(1, 0, None));
        let viewer = viewer_key(1, 0);
        assert!(super::super::tokens::looks_like_token(&viewer));
        assert_ne!(viewer, a);
        assert_ne!(viewer, viewer_key(1, 1));
        assert_ne!(viewer, viewer_key(2, 0));
    }

    #[test]
    fn the_mac_depends_on_the_secret() {
        assert_ne!(
            mac_with(&[1; LEN], "deal", &[b"x"]),
            mac_with(&[2; LEN], "deal", &[b"x"])
        );
    }

    #[test]
    fn instances_starting_together_share_the_secret_that_landed_first() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("data").join("touring.key");
        let made: Vec<[u8; LEN]> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| load_or_create(&path, None).expect("a secret")))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("thread"))
                .collect()
        });
        assert!(made.iter().all(|s| *s == made[0]));
        assert_eq!(std::fs::read(&path).expect("the file"), made[0].to_vec());
        let left: Vec<_> = std::fs::read_dir(path.parent().expect("folder"))
            .expect("folder")
            .collect();
        assert_eq!(left.len(), 1, "no temporary file is left behind");
    }

    #[test]
    fn a_new_secret_file_is_owner_only_and_read_back() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = path_for(&dir.path().join("t.sqlite"));
        let made = load_or_create(&path, None).expect("made");
        assert_eq!(load_or_create(&path, None).expect("read"), made);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path)
                .expect("metadata")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let legacy = path_for(&dir.path().join("old.sqlite"));
        assert_eq!(
            load_or_create(&legacy, Some(&[7; LEN])).expect("kept"),
            [7; LEN]
        );
    }
}
