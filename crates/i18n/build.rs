//! Embeds the translations: every `.ftl` file of every folder of the repository's `locales/`.

use std::path::PathBuf;

fn main() {
    locales();
}

/// Writes `$OUT_DIR/locales.rs`: every language folder of `locales/` (its name, a language
/// tag) with its `.ftl` files, each embedded with `include_str!`, sorted by name, so that a
/// new folder (or file) is in the next build without a line of code naming it.
fn locales() {
    println!("cargo:rerun-if-changed=../../locales");
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default())
        .join("../../locales");
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
