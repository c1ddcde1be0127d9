//! `touring demo`, the real binary, for the tests that open what it prints.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A running `touring demo`, killed when the test ends, passed or failed.
pub struct Demo(Child);

impl Drop for Demo {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Demo {
    /// Starts `touring demo` on a free port with its database in `dir` and bots that wait
    /// `bot_delay_ms` before they play; answers it and the lines it printed at start.
    pub fn start(dir: &Path, bot_delay_ms: u64) -> (Demo, Vec<String>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_touring"))
            .args(["demo", "--port", "0", "--bot-delay-ms"])
            .arg(bot_delay_ms.to_string())
            .arg("--database")
            .arg(dir.join("demo.sqlite"))
            .env_remove("DATABASE_URL")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start touring demo");
        let stdout = child.stdout.take().expect("stdout");
        let demo = Demo(child);
        let mut lines = BufReader::new(stdout).lines();
        let mut printed = Vec::new();
        for line in lines.by_ref() {
            let line = line.expect("a line of output");
            let done = line.starts_with("database:");
            printed.push(line);
            if done {
                break;
            }
        }
        // Keep draining stdout so the demo never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        (demo, printed)
    }
}

/// Every link printed after `label` (the first word after it on its line).
pub fn printed_links(printed: &[String], label: &str) -> Vec<String> {
    printed
        .iter()
        .filter_map(|l| l.strip_prefix(label))
        .filter_map(|rest| rest.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

/// The first link printed after `label`.
pub fn printed_link(printed: &[String], label: &str) -> String {
    printed_links(printed, label)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no {label} in {printed:?}"))
}
