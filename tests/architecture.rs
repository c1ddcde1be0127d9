//! The shape of the code, as ARCHITECTURE.md draws it, checked on the sources: the layers run
//! one way (web -> app -> (tournament, engine, db)), no two modules import each other in a
//! circle, and the rooms keep their size. A change that breaks one of these fails here, naming
//! the files, instead of being found by the next reader.
//!
//! A module is a folder or file two levels down (`app::seat`, `web::pages`, `engine::rules`)
//! or a top-level one (`i18n`, `protocol`). Its imports are the `crate::` and `super::` paths
//! its files name outside their unit tests (`#[cfg(test)] mod tests`, inline or in `tests.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

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

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module path of a file: `src/app/seat/state.rs` is `app::seat::state`, a `mod.rs` its
/// folder's.
fn module_of(file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src()).expect("a file under src");
    let mut parts: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The unit the rules speak of: the first two parts of a module path.
fn unit(path: &[String]) -> String {
    path.iter().take(2).cloned().collect::<Vec<_>>().join("::")
}

/// Is `path` (from the crate's root) a module of its own (`src/a/b.rs` or `src/a/b/`)?
fn is_module(path: &[String]) -> bool {
    let folder = path.iter().fold(src(), |p, part| p.join(part));
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

/// The paths a file's code names from `crate::` or `super::`, braces opened one level
/// (`crate::app::{seat, rounds::paper}` names `crate::app::seat` and `crate::app::rounds`).
fn paths_named(code: &str) -> Vec<Vec<String>> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut named = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < code.len() {
        let rest = &code[at..];
        let starts = (rest.starts_with("crate::") || rest.starts_with("super::"))
            && (at == 0 || !word(bytes[at - 1] as char));
        if !starts {
            at += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        }
        // The path: words joined by `::`.
        let mut parts = Vec::new();
        let mut i = at;
        loop {
            let len = code[i..].find(|c: char| !word(c)).unwrap_or(code.len() - i);
            parts.push(code[i..i + len].to_owned());
            i += len;
            if code[i..].starts_with("::") && code[i + 2..].starts_with(word) {
                i += 2;
            } else {
                break;
            }
        }
        if code[i..].starts_with("::{") {
            let inner_end = code[i..].find('}').map_or(code.len(), |e| i + e);
            for item in code[i + 3..inner_end].split(',') {
                let first: String = item.trim().chars().take_while(|&c| word(c)).collect();
                if !first.is_empty() && first != "self" {
                    let mut path = parts.clone();
                    path.push(first);
                    named.push(path);
                }
            }
            i = inner_end;
        }
        named.push(parts);
        at = i.max(at + 1);
    }
    named
}

/// The import graph between units: for each unit, the other units its files name.
fn imports() -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let mut graph: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for file in sources(&src()) {
        let module = module_of(&file);
        // A file of unit tests (`#[cfg(test)] mod tests;`) is not part of the shape.
        if module.last().is_some_and(|m| m == "tests") {
            continue;
        }
        let from = unit(&module);
        let shown = file
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(&file)
            .display()
            .to_string();
        let edges = graph.entry(from.clone()).or_default();
        for path in paths_named(&code_of(&file)) {
            let target: Vec<String> = if path[0] == "crate" {
                path[1..].to_vec()
            } else {
                let ups = path.iter().take_while(|p| *p == "super").count();
                let base = &module[..module.len().saturating_sub(ups)];
                base.iter().chain(&path[ups..]).cloned().collect()
            };
            if target.is_empty() {
                continue;
            }
            let depth = if target.len() >= 2 && is_module(&target[..2]) {
                2
            } else {
                1
            };
            if !is_module(&target[..1]) {
                continue;
            }
            let to = unit(&target[..depth]);
            if to != from {
                edges.entry(to).or_default().insert(shown.clone());
            }
        }
    }
    graph
}

/// The circles of a graph: its strongly connected components of more than one unit (Tarjan).
fn circles(graph: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
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

#[test]
fn no_two_modules_import_each_other_in_a_circle() {
    let graph = imports();
    let found = circles(&graph);
    let told: Vec<String> = found
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
        .collect();
    assert!(told.is_empty(), "import circles:\n{}", told.join("\n"));
}

#[test]
fn the_layers_run_one_way_web_app_then_tournament_engine_and_db() {
    // Which top-level modules each may import (besides itself); what is not listed is refused.
    let allowed: &[(&str, &[&str])] = &[
        ("engine", &["engine"]),
        // i18n: the languages and their messages, pure as the rooms below app.
        ("i18n", &["i18n"]),
        ("tournament", &["tournament", "engine", "i18n"]),
        ("db", &["db"]),
        ("bots", &["bots", "engine"]),
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
                "selfplay",
            ],
        ),
    ];
    let mut wrong = Vec::new();
    for (from, edges) in imports() {
        let top = from.split("::").next().unwrap_or_default();
        let Some((_, may)) = allowed.iter().find(|(room, _)| *room == top) else {
            continue;
        };
        for (to, files) in edges {
            let to_top = to.split("::").next().unwrap_or_default();
            if !may.contains(&to_top) {
                let files: Vec<&str> = files.iter().map(String::as_str).collect();
                wrong.push(format!("{from} -> {to} ({})", files.join(", ")));
            }
        }
    }
    // web holds no database: it reaches data through app only.
    for (from, edges) in imports() {
        if from.starts_with("web") || from.starts_with("cli") {
            for (to, files) in edges {
                if to == "db" || to.starts_with("db::") {
                    let files: Vec<&str> = files.iter().map(String::as_str).collect();
                    wrong.push(format!("{from} -> {to} ({})", files.join(", ")));
                }
            }
        }
    }
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
        "engine/touring1926",
        "engine/touring1958",
        "engine/mille_bornes",
    ];
    let mut long = Vec::new();
    for file in sources(&src()) {
        let relative = file
            .strip_prefix(src())
            .expect("under src")
            .to_string_lossy()
            .into_owned();
        let lines = std::fs::read_to_string(&file)
            .expect("read")
            .lines()
            .count();
        let limit = if relative.starts_with("app/") {
            600
        } else if rule_sets.iter().any(|r| relative.starts_with(r)) {
            continue;
        } else {
            800
        };
        if lines > limit {
            long.push(format!("src/{relative}: {lines} lines (at most {limit})"));
        }
    }
    assert!(long.is_empty(), "files too long:\n{}", long.join("\n"));
}

#[test]
fn the_import_reader_opens_braces_and_climbs_super() {
    let named = paths_named("use crate::app::{seat, rounds::paper, self};\nuse super::x;");
    let shown: Vec<String> = named.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        shown,
        [
            "crate::app::seat",
            "crate::app::rounds",
            "crate::app",
            "super::x"
        ]
    );
}

#[test]
fn a_circle_is_found_and_a_chain_is_not() {
    let graph = |edges: &[(&str, &str)]| {
        let mut graph: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
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
