//! One server per SQLite file. `touring serve` and `touring demo` hold a lock on a file beside
//! the database (`touring.sqlite.lock` for `touring.sqlite`) for as long as they run, with
//! their process id and, once they listen, their port written in it. A second server on the
//! same file is refused at start, told the first one's port: two would each run the bots and
//! the clock watcher, and neither's live pages would hear the other's moves (they are told
//! inside one process; PostgreSQL's instances tell each other, and are not locked).
//!
//! The lock is the operating system's (`flock` on Unix, `LockFileEx` on Windows, through
//! std's `File::try_lock`): it ends with the process however the process ends, so a server
//! that crashed leaves nothing to clean up. The file stays; only its lock counts. `touring
//! backup` and the tests' own connections do not take it: they may open the file beside a
//! running server.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The lock file of a database file: `touring.sqlite` has `touring.sqlite.lock`.
pub fn lock_path(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// What the running server wrote in its lock file (either may be missing: it is starting, or
/// the file could not be read).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Holder {
    pub pid: Option<u32>,
    pub port: Option<u16>,
}

impl Holder {
    /// Reads `pid N` and `port N` lines; anything else is skipped.
    fn parse(text: &str) -> Holder {
        let mut holder = Holder::default();
        for line in text.lines() {
            match line.trim().split_once(' ') {
                Some(("pid", n)) => holder.pid = n.trim().parse().ok(),
                Some(("port", n)) => holder.port = n.trim().parse().ok(),
                _ => {}
            }
        }
        holder
    }
}

/// Why the lock was not taken.
#[derive(Debug)]
pub enum LockError {
    /// Another process holds it: a server runs on this file.
    Held(Holder),
    /// The lock file cannot be made or locked (its folder, its permissions...).
    Io(PathBuf, std::io::Error),
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::Held(Holder {
                port: Some(port),
                pid,
            }) => {
                write!(
                    f,
                    "another touring server is running on this database (port {port}"
                )?;
                if let Some(pid) = pid {
                    write!(f, ", process {pid}")?;
                }
                write!(f, "): use that one, or stop it before starting this one")
            }
            LockError::Held(Holder { port: None, pid }) => {
                write!(f, "another touring server is running on this database")?;
                if let Some(pid) = pid {
                    write!(f, " (process {pid}, still starting)")?;
                }
                write!(f, ": stop it before starting this one")
            }
            LockError::Io(path, e) => write!(f, "cannot lock {}: {e}", path.display()),
        }
    }
}

/// The lock of a SQLite file, held until this is dropped (or the process ends).
#[derive(Debug)]
pub struct InstanceLock {
    file: File,
    path: PathBuf,
}

impl InstanceLock {
    /// Takes the lock of the database file at `database` (its folder is made if missing), or
    /// says who holds it.
    pub fn take(database: &Path) -> Result<InstanceLock, LockError> {
        let path = lock_path(database);
        let failed = |e| LockError::Io(path.clone(), e);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(failed)?;
        }
        // Not truncated on open: the file may be another server's, whose port it tells.
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(failed)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut text = String::new();
                // On Windows the holder's lock keeps others from reading: the port is then
                // not known.
                let _ = file.read_to_string(&mut text);
                return Err(LockError::Held(Holder::parse(&text)));
            }
            Err(TryLockError::Error(e)) => return Err(failed(e)),
        }
        let mut lock = InstanceLock { file, path };
        lock.write(&Holder {
            pid: Some(std::process::id()),
            port: None,
        })
        .map_err(|e| LockError::Io(lock.path.clone(), e))?;
        Ok(lock)
    }

    /// Writes the port this server listens on, for a second one to name.
    pub fn record_port(&mut self, port: u16) -> std::io::Result<()> {
        self.write(&Holder {
            pid: Some(std::process::id()),
            port: Some(port),
        })
    }

    /// The lock file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn write(&mut self, holder: &Holder) -> std::io::Result<()> {
        let mut text = String::new();
        if let Some(pid) = holder.pid {
            text.push_str(&format!("pid {pid}\n"));
        }
        if let Some(port) = holder.port {
            text.push_str(&format!("port {port}\n"));
        }
        self.file.set_len(0)?;
        self.file.seek(SeekFrom::Start(0))?;
        self.file.write_all(text.as_bytes())?;
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_one_file_is_refused_with_the_first_ones_port_until_it_is_let_go() {
        let dir = tempfile::tempdir().expect("dir");
        let database = dir.path().join("party.sqlite");
        let mut first = InstanceLock::take(&database).expect("the first lock");
        assert_eq!(first.path(), lock_path(&database));
        first.record_port(8123).expect("write the port");
        match InstanceLock::take(&database) {
            Err(LockError::Held(holder)) => {
                assert_eq!(holder.port, Some(8123));
                assert_eq!(holder.pid, Some(std::process::id()));
            }
            other => panic!("a second lock on one file: {other:?}"),
        }
        // Another database in the same folder has a lock of its own.
        InstanceLock::take(&dir.path().join("other.sqlite")).expect("another file's lock");
        drop(first);
        InstanceLock::take(&database).expect("the lock once let go");
    }

    #[test]
    fn a_lock_file_is_read_line_by_line_and_what_is_not_understood_is_skipped() {
        assert_eq!(
            Holder::parse("pid 12\nport 8080\n"),
            Holder {
                pid: Some(12),
                port: Some(8080)
            }
        );
        assert_eq!(Holder::parse("port x\nhello\n"), Holder::default());
    }
}
