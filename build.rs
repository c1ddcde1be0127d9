//! Build-time facts the binary carries: its migrations (embedded, so a change to one rebuilds
//! it), its translations (every `.ftl` file of every folder of `locales/`, embedded), and the
//! commit it was built from, for `touring --version`.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rustc-env=TOURING_COMMIT={}", commit());
    locales();
}

/// Writes `$OUT_DIR/locales.rs`: every language folder of `locales/` (its name, a language
/// tag) with its `.ftl` files, each embedded with `include_str!`, sorted by name, so that a
/// new folder (or file) is in the next build without a line of code naming it.
fn locales() {
    println!("cargo:rerun-if-changed=locales");
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("locales");
    let mut languages: Vec<(String, Vec<PathBuf>)> = Vec::new();
    for folder in sorted(&root).into_iter().filter(|p| p.is_dir()) {
        println!("cargo:rerun-if-changed={}", folder.display());
        let files: Vec<PathBuf> = sorted(&folder)
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
            .collect();
        let name = folder.file_name().map(|n| n.to_string_lossy().into_owned());
        languages.extend(name.map(|name| (name, files)));
    }
    let mut code = String::from("&[\n");
    for (language, files) in &languages {
        code.push_str(&format!("    ({language:?}, &[\n"));
        for file in files {
            let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
            code.push_str(&format!(
                "        ({:?}, include_str!({:?})),\n",
                name.unwrap_or_default(),
                file.display().to_string()
            ));
        }
        code.push_str("    ]),\n");
    }
    code.push_str("]\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default()).join("locales.rs");
    if let Err(e) = std::fs::write(&out, code) {
        panic!("cannot write {}: {e}", out.display());
    }
}

/// The entries of a folder, sorted by name (none when it cannot be read).
fn sorted(folder: &std::path::Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    entries.sort();
    entries
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
