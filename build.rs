//! Build-time facts the binary carries: its migrations (embedded, so a change to one rebuilds
//! it) and the commit it was built from, for `touring --version`. (The translations are
//! embedded by the build script of `crates/i18n`.)

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rustc-env=TOURING_COMMIT={}", commit());
}

/// The commit, as `commit 0123456789ab`; `unknown commit` when there is no git or no
/// repository (a source tarball, a container build without `.git`). `TOURING_COMMIT` in the
/// build's environment names it instead (a Docker build passes it in).
fn commit() -> String {
    println!("cargo:rerun-if-env-changed=TOURING_COMMIT");
    if let Ok(given) = std::env::var("TOURING_COMMIT") {
        let given = given.trim();
        if !given.is_empty() {
            return format!("commit {}", short(given));
        }
    }
    let Some(hash) = git(&["rev-parse", "HEAD"]) else {
        return "unknown commit".to_owned();
    };
    // Build again when HEAD moves: HEAD itself (a checkout) and the branch it names (a
    // commit), loose or packed. Only files that exist: cargo runs a build script on every build
    // while a file it watches is missing.
    if let Some(dir) = git(&["rev-parse", "--git-dir"]).map(PathBuf::from) {
        let mut watched = vec![dir.join("HEAD")];
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            let common = git(&["rev-parse", "--git-common-dir"]).map_or(dir, PathBuf::from);
            watched.push(common.join(branch));
            watched.push(common.join("packed-refs"));
        }
        for file in watched.iter().filter(|file| file.is_file()) {
            println!("cargo:rerun-if-changed={}", file.display());
        }
    }
    format!("commit {}", short(&hash))
}

/// The first twelve characters of a commit's hash.
fn short(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}

/// What a git command prints (trimmed), or `None` when git is missing or fails.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}
