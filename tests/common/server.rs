//! A real `touring serve` process on 127.0.0.1 with a database in a temporary directory.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

pub struct Server {
    child: Option<Child>,
    pub base: String,
    pub database: PathBuf,
    _dir: Option<tempfile::TempDir>,
    client: reqwest::blocking::Client,
}

impl Server {
    /// Starts a server with a fresh database.
    pub fn start() -> Server {
        let dir = tempfile::tempdir().expect("temporary directory");
        let database = dir.path().join("touring.sqlite");
        let mut server = Server::start_on(&database);
        server._dir = Some(dir);
        server
    }

    /// Starts a server with a fresh database and extra `touring serve` options.
    pub fn start_with(options: &[&str]) -> Server {
        let dir = tempfile::tempdir().expect("temporary directory");
        let database = dir.path().join("touring.sqlite");
        let mut server = Server::start_on_with(&database, options);
        server._dir = Some(dir);
        server
    }

    /// Starts a server on an existing database file.
    pub fn start_on(database: &Path) -> Server {
        Server::start_on_with(database, &[])
    }

    /// Starts a server on an existing database file, with extra `touring serve` options.
    pub fn start_on_with(database: &Path, options: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_touring"))
            .args(["serve", "--port", "0", "--database"])
            .arg(database)
            .args(options)
            .env_remove("DATABASE_URL")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start touring serve");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let first = lines
            .next()
            .and_then(Result::ok)
            .expect("the server prints where to open it");
        let base = first
            .split("open ")
            .nth(1)
            .expect("an address in the first line")
            .trim_end_matches('/')
            .to_owned();
        // Keep draining stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        let client = reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(20))
            .build()
            .expect("client");
        Server {
            child: Some(child),
            base,
            database: database.to_owned(),
            _dir: None,
            client,
        }
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Kills this server and starts a new one on the same database.
    pub fn restart(&mut self) {
        self.kill();
        let dir = self._dir.take();
        let mut next = Server::start_on(&self.database);
        next._dir = dir;
        std::mem::swap(self, &mut next);
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn client(&self) -> &reqwest::blocking::Client {
        &self.client
    }

    /// GET, returning the status and the JSON body.
    pub fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        answer(request.send().expect("GET"))
    }

    /// POST a JSON body, returning the status and the JSON body.
    pub fn post(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
        self.send(reqwest::Method::POST, path, token, body)
    }

    pub fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> (u16, Value) {
        let mut request = self.client.request(method, self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        answer(request.send().expect("request"))
    }

    /// GET the raw text of a path.
    pub fn text(&self, path: &str, token: Option<&str>) -> (u16, String) {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().expect("GET");
        let status = response.status().as_u16();
        (status, response.text().expect("text"))
    }
}

fn answer(response: reqwest::blocking::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().expect("body");
    let value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("answer {status} is not JSON ({e}): {text}"));
    (status, value)
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}
