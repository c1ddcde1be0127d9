//! The shape of the code, as ARCHITECTURE.md draws it, checked on the sources: the pure rooms
//! are packages that depend on no web or database crate, the application's layers run one way
//! (web -> app -> (tournament, engine, db)), no modules import each other in a circle at any
//! depth, and the rooms keep their size. A change that breaks one of these fails here, naming
//! the files, instead of being found by the next reader.
//!
//! Each package's sources are read as text: a file's imports are the `crate::` and `super::`
//! paths its code names outside its unit tests (`#[cfg(test)] mod tests`, inline or in
//! `tests.rs`), each taken to the deepest module it reaches. An import joins two modules
//! where their paths part: `app::rounds::reseat` naming `app::rounds::seating::Plan` is an
//! edge between the siblings `reseat` and `seating` of `app::rounds`, and `web::pages::host::
//! slips` naming `web::pages::screen::qr_svg` one between `host` and `screen` of `web::pages`.
//! A module naming its own ancestor or descendant (a `super::Item`, a `pub use child::Item`)
//! is nesting, not an edge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A graph of modules: for each module, the modules it imports and the files that do.
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("read a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The pure rooms, each a package of its own in `crates/`, by the name the application's
/// sources use for it (`crate::engine` is `touring_engine`, re-exported in `src/lib.rs`).
const PACKAGES: [(&str, &str); 4] = [
    ("engine", "touring_engine"),
    ("bots", "touring_bots"),
    ("tournament", "touring_tournament"),
    ("i18n", "touring_i18n"),
];

/// The source roots: the application's `src/` and each package's.
fn roots() -> Vec<PathBuf> {
    let mut roots = vec![repository().join("src")];
    roots.extend(
        PACKAGES
            .iter()
            .map(|(room, _)| repository().join("crates").join(room).join("src")),
    );
    roots
}

/// The module path of a file under `root`: `app/seat/state.rs` is `app::seat::state`, a
/// `mod.rs` its folder's, `lib.rs` and `main.rs` the root's (an empty path).
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(root).expect("a file under its root");
    let mut parts: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main") {
        parts.clear();
    }
    parts
}

/// Is `path` (from `root`) a module of its own (`a/b.rs` or `a/b/`)?
fn is_module(root: &Path, path: &[String]) -> bool {
    let folder = path.iter().fold(root.to_path_buf(), |p, part| p.join(part));
    folder.is_dir() || folder.with_extension("rs").is_file()
}

/// A file's text without its unit tests and comment lines.
fn code_of(file: &Path) -> String {
    let text = std::fs::read_to_string(file).expect("read a source file");
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(at) => &text[..at],
        None => &text[..],
    };
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The path that starts at `at` (words joined by `::`) and, where it opens braces, every path
/// inside them, at any depth: `crate::app::{seat, rounds::{paper, close}}` names
/// `crate::app`, `crate::app::seat`, `crate::app::rounds::paper` and `crate::app::rounds::close`.
/// Answers the paths and where the path ends.
fn path_at(code: &str, at: usize, prefix: &[String], named: &mut Vec<Vec<String>>) -> usize {
    let mut parts = prefix.to_vec();
    let mut i = at;
    loop {
        let len = code[i..]
            .find(|c: char| !is_word(c))
            .unwrap_or(code.len() - i);
        if len == 0 {
            break;
        }
        parts.push(code[i..i + len].to_owned());
        i += len;
        if code[i..].starts_with("::") && code[i + 2..].starts_with(is_word) {
            i += 2;
        } else {
            break;
        }
    }
    if !parts.is_empty() {
        named.push(parts.clone());
    }
    if code[i..].starts_with("::{") {
        i += 3;
        loop {
            let skipped = code[i..].len() - code[i..].trim_start().len();
            i += skipped;
            if code[i..].starts_with('}') {
                return i + 1;
            }
            if i >= code.len() {
                return i;
            }
            if code[i..].starts_with(is_word) {
                if code[i..].starts_with("self") && !code[i + 4..].starts_with(is_word) {
                    i += 4;
                } else {
                    i = path_at(code, i, &parts, named);
                }
            } else {
                // `as name`, a glob, a comma.
                i += code[i..].chars().next().map_or(1, char::len_utf8);
            }
            // Whatever follows the item up to the next comma or the closing brace.
            while i < code.len() && !code[i..].starts_with(',') && !code[i..].starts_with('}') {
                i += code[i..].chars().next().map_or(1, char::len_utf8);
            }
            if code[i..].starts_with(',') {
                i += 1;
            }
        }
    }
    i
}

/// The paths a file's code names from `crate::`, `super::` or one of the packages.
fn paths_named(code: &str) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut named = Vec::new();
    let mut at = 0;
    while at < code.len() {
        let rest = &code[at..];
        let after_word = at > 0 && is_word(bytes[at - 1] as char);
        let starts = !after_word
            && (rest.starts_with("crate::")
                || rest.starts_with("super::")
                || PACKAGES
                    .iter()
                    .any(|(_, package)| rest.starts_with(&format!("{package}::"))));
        if starts {
            at = path_at(code, at, &[], &mut named).max(at + 1);
        } else {
            at += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    named
}

/// The module a path from `module` reaches under `root`, from its root: `None` for a path
/// that leaves the package (into another package, a crate of the registry).
fn target_of(root: &Path, module: &[String], path: &[String]) -> Option<Vec<String>> {
    let full: Vec<String> = if path[0] == "crate" {
        path[1..].to_vec()
    } else if path[0] == "super" {
        let ups = path.iter().take_while(|p| *p == "super").count();
        let base = &module[..module.len().checked_sub(ups)?];
        base.iter().chain(&path[ups..]).cloned().collect()
    } else {
        // A package named by its own name: the room it is re-exported as.
        let room = PACKAGES.iter().find(|(_, package)| *package == path[0])?.0;
        std::iter::once(room.to_owned())
            .chain(path[1..].iter().cloned())
            .collect()
    };
    let depth = (0..=full.len())
        .rev()
        .find(|&n| n == 0 || is_module(root, &full[..n]) || is_package(root, &full[..n]))?;
    Some(full[..depth].to_vec())
}

/// Is `path` one of the packages, as the application re-exports them (`engine`)?
fn is_package(root: &Path, path: &[String]) -> bool {
    root == repository().join("src")
        && path.len() == 1
        && PACKAGES.iter().any(|(room, _)| *room == path[0])
}

/// Every import of a root's files, as (from module, to module, file shown).
fn imports_of(root: &Path) -> Vec<(Vec<String>, Vec<String>, String)> {
    let mut found = Vec::new();
    for file in sources(root) {
        let module = module_of(root, &file);
        // A file of unit tests (`#[cfg(test)] mod tests;`) is not part of the shape.
        if module.last().is_some_and(|m| m == "tests") {
            continue;
        }
        let shown = file
            .strip_prefix(repository())
            .unwrap_or(&file)
            .display()
            .to_string();
        for path in paths_named(&code_of(&file)) {
            if let Some(target) = target_of(root, &module, &path) {
                found.push((module.clone(), target, shown.clone()));
            }
        }
    }
    found
}

/// The import graph of a root at every depth: an import joins the two modules where the
/// importing module's path and the imported one part (siblings under one parent); an import
/// of an ancestor or a descendant joins nothing.
fn graph_of(root: &Path, package: &str) -> Graph {
    let mut graph = Graph::new();
    for (from, to, file) in imports_of(root) {
        let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        if shared == from.len() || shared == to.len() {
            continue;
        }
        let name = |path: &[String]| {
            std::iter::once(package.to_owned())
                .chain(path[..=shared].iter().cloned())
                .collect::<Vec<_>>()
                .join("::")
        };
        graph
            .entry(name(&from))
            .or_default()
            .entry(name(&to))
            .or_default()
            .insert(file);
    }
    graph
}

/// The circles of a graph: its strongly connected components of more than one module (Tarjan).
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, v: &'g str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flat_map(|e| e.keys()) {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    component.push(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

/// The circles of a graph in words, each edge with the files that make it.
fn told(graph: &Graph) -> Vec<String> {
    circles(graph)
        .iter()
        .map(|circle| {
            let edges: Vec<String> = circle
                .iter()
                .flat_map(|from| {
                    graph[from]
                        .iter()
                        .filter(|(to, _)| circle.contains(to))
                        .map(move |(to, files)| {
                            let files: Vec<&str> = files.iter().map(String::as_str).collect();
                            format!("  {from} -> {to} ({})", files.join(", "))
                        })
                })
                .collect();
            format!("{}:\n{}", circle.join(", "), edges.join("\n"))
        })
        .collect()
}

#[test]
fn no_modules_import_each_other_in_a_circle_at_any_depth() {
    let mut found = Vec::new();
    for (root, package) in roots()
        .iter()
        .zip(std::iter::once("touring").chain(PACKAGES.iter().map(|(_, package)| *package)))
    {
        found.extend(told(&graph_of(root, package)));
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// The `[dependencies]` of a package's manifest, by name.
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).expect("read a manifest");
    let mut in_dependencies = false;
    let mut names = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
        } else if in_dependencies
            && let Some((name, _)) = line.split_once('=')
            && !line.starts_with('#')
        {
            names.push(name.trim().to_owned());
        }
    }
    names
}

#[test]
fn the_pure_rooms_are_packages_with_no_web_or_database_crate_among_their_dependencies() {
    // What each package may build on: the rooms below it, and crates that do no I/O of their
    // own. A web or database crate (actix, askama, diesel, tokio, reqwest...) is refused.
    let pure = [
        "serde",
        "serde_json",
        "rand",
        "arrayvec",
        "thiserror",
        "log",
        "chrono",
        "fluent-bundle",
        "fluent-syntax",
        "intl-memoizer",
        "unic-langid",
        "unicode-normalization",
    ];
    let below: &[(&str, &[&str])] = &[
        ("engine", &[]),
        ("bots", &["touring-engine"]),
        ("i18n", &[]),
        ("tournament", &["touring-engine", "touring-i18n"]),
    ];
    let mut wrong = Vec::new();
    for (room, rooms) in below {
        let manifest = repository().join("crates").join(room).join("Cargo.toml");
        for name in dependencies(&manifest) {
            if !pure.contains(&name.as_str()) && !rooms.contains(&name.as_str()) {
                wrong.push(format!("crates/{room}: {name}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "dependencies a pure room may not have:\n{}",
        wrong.join("\n")
    );
    // And the application builds on them as packages, not as copies of their folders.
    for (room, package) in PACKAGES {
        assert!(
            !repository().join("src").join(room).exists(),
            "src/{room} is a package now: crates/{room}"
        );
        let lib = std::fs::read_to_string(repository().join("src/lib.rs")).expect("lib.rs");
        assert!(
            lib.contains(&format!("pub use {package} as {room};")),
            "src/lib.rs re-exports {package} as {room}"
        );
    }
}

#[test]
fn the_layers_run_one_way_web_app_then_tournament_engine_and_db() {
    // Which top-level modules of the application each may import (besides itself); what is
    // not listed is refused. (The packages' own imports are kept by their manifests.)
    let allowed: &[(&str, &[&str])] = &[
        ("db", &["db"]),
        (
            "app",
            &[
                "app",
                "tournament",
                "engine",
                "db",
                "bots",
                "i18n",
                "metrics",
                "cache",
                "selfplay",
            ],
        ),
        ("cache", &["cache", "metrics"]),
    ];
    let src = repository().join("src");
    let mut wrong = Vec::new();
    for (from, to, file) in imports_of(&src) {
        let (Some(top), Some(to_top)) = (from.first(), to.first()) else {
            continue;
        };
        if let Some((_, may)) = allowed.iter().find(|(room, _)| room == top)
            && !may.contains(&to_top.as_str())
        {
            wrong.push(format!("{} -> {} ({file})", from.join("::"), to.join("::")));
        }
        // web holds no database: it reaches data through app only.
        if (top == "web" || top == "cli") && to_top == "db" {
            wrong.push(format!("{} -> {} ({file})", from.join("::"), to.join("::")));
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_file_in_app_is_over_600_lines_nor_elsewhere_over_800_but_a_rule_sets_engine() {
    // A rule set's engine folder holds its whole rule book, and may be longer.
    let rule_sets = [
        "crates/engine/src/touring1926",
        "crates/engine/src/touring1958",
        "crates/engine/src/mille_bornes",
    ];
    let mut long = Vec::new();
    for file in roots().iter().flat_map(|root| sources(root)) {
        let relative = file
            .strip_prefix(repository())
            .expect("under the repository")
            .to_string_lossy()
            .into_owned();
        let lines = std::fs::read_to_string(&file)
            .expect("read")
            .lines()
            .count();
        let limit = if relative.starts_with("src/app/") {
            600
        } else if rule_sets.iter().any(|r| relative.starts_with(r)) {
            continue;
        } else {
            800
        };
        if lines > limit {
            long.push(format!("{relative}: {lines} lines (at most {limit})"));
        }
    }
    assert!(long.is_empty(), "files too long:\n{}", long.join("\n"));
}

#[test]
fn the_import_reader_opens_braces_at_any_depth_and_climbs_super() {
    let named = paths_named(
        "use crate::app::{seat, rounds::{paper, close as shut}, self};\nuse super::x;\n\
         let y = touring_engine::Game::new();",
    );
    let shown: Vec<String> = named.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        shown,
        [
            "crate::app",
            "crate::app::seat",
            "crate::app::rounds",
            "crate::app::rounds::paper",
            "crate::app::rounds::close",
            "super::x",
            "touring_engine::Game::new",
        ]
    );
}

#[test]
fn an_import_joins_siblings_where_their_paths_part() {
    // The two circles the text scan of two levels missed: siblings deep in app::rounds, and a
    // child of web::pages::host that reaches web::pages::screen, which reaches host again.
    let src = repository().join("src");
    let edge = |from: &str, path: &str| {
        let from: Vec<String> = from.split("::").map(str::to_owned).collect();
        let path: Vec<String> = path.split("::").map(str::to_owned).collect();
        let to = target_of(&src, &from, &path).expect("a module");
        let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        (from[..=shared].join("::"), to[..=shared].join("::"))
    };
    assert_eq!(
        edge("app::rounds::reseat", "super::seating::x"),
        (
            "app::rounds::reseat".to_owned(),
            "app::rounds::seating".to_owned()
        )
    );
    assert_eq!(
        edge(
            "web::pages::host::slips",
            "crate::web::pages::screen::qr_svg"
        ),
        (
            "web::pages::host".to_owned(),
            "web::pages::screen".to_owned()
        )
    );
    assert_eq!(
        edge("app::seat::state", "crate::engine::Game"),
        ("app".to_owned(), "engine".to_owned())
    );
}

#[test]
fn a_circle_is_found_and_a_chain_is_not() {
    let graph = |edges: &[(&str, &str)]| {
        let mut graph = Graph::new();
        for (from, to) in edges {
            graph
                .entry((*from).to_owned())
                .or_default()
                .insert((*to).to_owned(), BTreeSet::new());
            graph.entry((*to).to_owned()).or_default();
        }
        graph
    };
    assert_eq!(
        circles(&graph(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])),
        [["a", "b", "c"]]
    );
    assert!(circles(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])).is_empty());
}

/// The files that are test modules of their own: `name.rs` (or `name/mod.rs`) declared by a
/// `#[cfg(test)] mod name;` in their parent.
fn test_module_files(root: &Path) -> BTreeSet<PathBuf> {
    let mut found = BTreeSet::new();
    for file in sources(root) {
        let text = std::fs::read_to_string(&file).expect("read a source file");
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let stem = file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let folder = match file.parent() {
            Some(parent) if matches!(stem, "mod" | "lib" | "main") => parent.to_path_buf(),
            Some(parent) => parent.join(stem),
            None => continue,
        };
        for pair in lines.windows(2) {
            if pair[0] != "#[cfg(test)]" {
                continue;
            }
            let declared = pair[1]
                .split_whitespace()
                .skip_while(|word| *word != "mod")
                .nth(1)
                .and_then(|name| name.strip_suffix(';'));
            if let Some(name) = declared {
                found.insert(folder.join(format!("{name}.rs")));
                found.insert(folder.join(name).join("mod.rs"));
            }
        }
    }
    found
}

/// The lines (from 1) of `text` that import everything of the parent module (`use super::*`)
/// outside a `#[cfg(test)]` module. A line's modules are read from the indentation that
/// `cargo fmt` keeps: each less indented line above it that opens a `mod` encloses it.
fn globs_outside_tests(text: &str, whole_file_is_tests: bool) -> Vec<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        if line.trim() != "use super::*;" {
            continue;
        }
        let mut depth = indent(line);
        let mut in_tests = whole_file_is_tests;
        for (above, outer) in lines[..at].iter().enumerate().rev() {
            if in_tests || depth == 0 {
                break;
            }
            if outer.trim().is_empty() || indent(outer) >= depth {
                continue;
            }
            depth = indent(outer);
            let opens_mod = outer
                .split_whitespace()
                .take_while(|word| *word != "{")
                .any(|word| word == "mod");
            if opens_mod {
                in_tests = lines[..above]
                    .iter()
                    .rev()
                    .map(|l| l.trim())
                    .take_while(|l| l.starts_with("#[") || l.starts_with("///"))
                    .any(|l| l == "#[cfg(test)]");
            }
        }
        if !in_tests {
            found.push(at + 1);
        }
    }
    found
}

#[test]
fn no_module_imports_all_of_its_parent_outside_its_tests() {
    // A `use super::*` pulls in the parent's private imports too: a child module then uses
    // names that nothing in its own file says where they come from.
    let mut globs = Vec::new();
    for root in roots() {
        let test_files = test_module_files(&root);
        for file in sources(&root) {
            let text = std::fs::read_to_string(&file).expect("read a source file");
            for line in globs_outside_tests(&text, test_files.contains(&file)) {
                let relative = file
                    .strip_prefix(repository())
                    .expect("under the repository");
                globs.push(format!("{}:{line}", relative.display()));
            }
        }
    }
    assert!(
        globs.is_empty(),
        "`use super::*` outside a test module (name what the module uses):\n{}",
        globs.join("\n")
    );
}

#[test]
fn a_parent_glob_is_seen_outside_test_modules_and_allowed_inside_them() {
    let code = "use super::*;\n\
                mod inner {\n    use super::*;\n}\n\
                #[cfg(test)]\nmod tests {\n    use super::*;\n    fn f() {\n        use super::*;\n    }\n}\n\
                macro_rules! m {\n    () => {\n        #[cfg(test)]\n        mod kept_tests {\n            use super::*;\n        }\n    };\n}\n";
    assert_eq!(globs_outside_tests(code, false), [1, 3]);
    assert!(globs_outside_tests("use super::*;\n", true).is_empty());
}
