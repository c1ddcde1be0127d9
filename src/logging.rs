//! The log: warnings and errors, and one access line per request (target `touring::access`),
//! on standard error as text or as JSON lines (`--log-format`). RUST_LOG chooses what is
//! logged: by default warnings, and the access lines.
//!
//! Nothing logged names a token, a hand or a client's address: an access line carries the
//! route's pattern (`/seat/{token}`), never the path or its query string.
//!
//! A request that is not well-formed HTTP (a 500 KB header, a garbled request line) is
//! refused by actix-http before any handler runs, and actix-http logs it as an error: anyone
//! on the network could fill the log with errors. Those lines are told instead as refused
//! requests (target `touring::refused`), a warning at most once a minute that counts the
//! others ([`Refused`]).

use std::io::Write as _;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde_json::{Map, Value};

/// How log lines are written.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LogFormat {
    /// `[time LEVEL target] message`, for people.
    #[default]
    Text,
    /// One JSON object per line (`time`, `level`, `target`, and `message` or an access
    /// line's fields), for log collectors.
    Json,
}

/// What is logged when RUST_LOG says nothing.
pub const DEFAULT_FILTER: &str = "warn,touring::access=info";

/// The target of the access lines.
pub const ACCESS: &str = "touring::access";

static FORMAT: OnceLock<LogFormat> = OnceLock::new();

/// Starts the log, in this format.
pub fn init(format: LogFormat) {
    let _ = FORMAT.set(format);
    let mut builder =
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(DEFAULT_FILTER));
    if format == LogFormat::Json {
        builder.format(|buf, record| {
            let time = buf.timestamp_millis().to_string();
            let line = json_line(
                &time,
                record.level(),
                record.target(),
                &record.args().to_string(),
            );
            writeln!(buf, "{line}")
        });
    }
    let inner = builder.build();
    let level = inner.filter();
    // A second start (tests) keeps the first.
    if log::set_boxed_logger(Box::new(Log {
        inner,
        refused: Mutex::default(),
    }))
    .is_ok()
    {
        log::set_max_level(level);
    }
}

/// The target of the lines that tell requests refused as malformed.
pub const REFUSED: &str = "touring::refused";

/// At most one line this often tells requests refused as malformed; the others are counted
/// into the next.
pub const REFUSED_EVERY: Duration = Duration::from_secs(60);

/// The log: env_logger's, with actix-http's lines about malformed requests told as refused
/// requests.
struct Log {
    inner: env_logger::Logger,
    refused: Mutex<Refused>,
}

impl log::Log for Log {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        self.inner.enabled(metadata)
    }

    fn log(&self, record: &log::Record<'_>) {
        let Some(why) = malformed_request(record) else {
            self.inner.log(record);
            return;
        };
        let line = match self.refused.lock() {
            Ok(mut refused) => refused.count(Instant::now()),
            Err(_) => None,
        };
        if let Some(before) = line {
            let said = refused_line(&why, before);
            self.inner.log(
                &log::Record::builder()
                    .level(log::Level::Warn)
                    .target(REFUSED)
                    .args(format_args!("{said}"))
                    .build(),
            );
        }
    }

    fn flush(&self) {
        self.inner.flush();
    }
}

/// Why actix-http refused a request that was not well-formed HTTP, if `record` is its line
/// about one ("stream error: request parse error: message head is too large").
fn malformed_request(record: &log::Record<'_>) -> Option<String> {
    if !record.target().starts_with("actix_http::h1") {
        return None;
    }
    let message = record.args().to_string();
    message
        .strip_prefix("stream error: request parse error: ")
        .map(str::to_owned)
}

/// The requests refused as malformed since the last line that told them.
#[derive(Debug, Default)]
struct Refused {
    /// When the last line was written.
    last: Option<Instant>,
    /// Refused since, not told yet.
    untold: u64,
}

impl Refused {
    /// Counts one refusal at `now`; answers how many came untold before it when it is time
    /// for a line, `None` when it is only counted.
    fn count(&mut self, now: Instant) -> Option<u64> {
        match self.last {
            Some(last) if now.duration_since(last) < REFUSED_EVERY => {
                self.untold += 1;
                None
            }
            _ => {
                self.last = Some(now);
                Some(std::mem::take(&mut self.untold))
            }
        }
    }
}

/// The line that tells a request refused as malformed, and the others refused since the last
/// line.
fn refused_line(why: &str, before: u64) -> String {
    let mut line = format!("refused a request that was not well-formed HTTP ({why})");
    if before > 0 {
        line.push_str(&format!(
            "; {before} more were refused since the last such line"
        ));
    }
    line
}

/// The format the log was started with.
pub fn format() -> LogFormat {
    FORMAT.get().copied().unwrap_or_default()
}

/// One record as a JSON object: the time, level and target, then the message, or, for an
/// access line (whose message is the JSON object of its fields), its fields.
pub fn json_line(time: &str, level: log::Level, target: &str, message: &str) -> Value {
    let mut line = Map::new();
    line.insert("time".into(), time.into());
    line.insert("level".into(), level.as_str().into());
    line.insert("target".into(), target.into());
    match serde_json::from_str::<Map<String, Value>>(message) {
        Ok(fields) if target == ACCESS => line.extend(fields),
        _ => {
            line.insert("message".into(), message.into());
        }
    }
    Value::Object(line)
}

/// One request, as its access line tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct Access<'a> {
    pub method: &'a str,
    /// The route's pattern (`/seat/{token}`), or `unmatched`: never the path, which may hold a
    /// token.
    pub route: &'a str,
    pub status: u16,
    /// Until the answer began (a live stream's: until it opened).
    pub latency_ms: f64,
    pub request_id: &'a str,
}

impl Access<'_> {
    /// Logs the line (target [`ACCESS`], level info), in the log's format.
    pub fn log(&self) {
        if !log::log_enabled!(target: ACCESS, log::Level::Info) {
            return;
        }
        log::info!(target: ACCESS, "{}", self.line(format()));
    }

    /// The line's message in `format`.
    pub fn line(&self, format: LogFormat) -> String {
        let Access {
            method,
            route,
            status,
            latency_ms,
            request_id,
        } = self;
        match format {
            LogFormat::Text => {
                format!("{method} {route} {status} {latency_ms:.1} ms request {request_id}")
            }
            LogFormat::Json => serde_json::json!({
                "message": format!("{method} {route} {status}"),
                "method": method,
                "route": route,
                "status": status,
                "latency_ms": (latency_ms * 1000.0).round() / 1000.0,
                "request_id": request_id,
            })
            .to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: Access<'static> = Access {
        method: "GET",
        route: "/seat/{token}",
        status: 200,
        latency_ms: 1.5,
        request_id: "abc",
    };

    #[test]
    fn a_json_access_line_carries_its_fields_typed() {
        let message = LINE.line(LogFormat::Json);
        let line = json_line(
            "2026-11-25T17:00:00.000Z",
            log::Level::Info,
            ACCESS,
            &message,
        );
        assert_eq!(
            line,
            serde_json::json!({"time": "2026-11-25T17:00:00.000Z", "level": "INFO",
                "target": "touring::access", "message": "GET /seat/{token} 200",
                "method": "GET", "route": "/seat/{token}", "status": 200,
                "latency_ms": 1.5, "request_id": "abc"})
        );
    }

    #[test]
    fn a_json_log_line_of_another_target_keeps_its_message_as_text() {
        let message = r#"{"status": 200}"#;
        let line = json_line("t", log::Level::Warn, "touring::web", message);
        assert_eq!(line["message"], message);
        assert_eq!(line.get("status"), None);
    }

    #[test]
    fn malformed_requests_are_told_once_a_minute_with_the_count_of_the_others() {
        let mut refused = Refused::default();
        let start = Instant::now();
        assert_eq!(refused.count(start), Some(0), "the first is told");
        for second in 1..=10 {
            assert_eq!(refused.count(start + Duration::from_secs(second)), None);
        }
        assert_eq!(
            refused.count(start + REFUSED_EVERY),
            Some(10),
            "a minute on, one line counts the ten"
        );
        assert_eq!(
            refused_line("message head is too large", 10),
            "refused a request that was not well-formed HTTP (message head is too large); \
             10 more were refused since the last such line"
        );
    }

    #[test]
    fn only_actix_https_lines_about_a_malformed_request_are_taken_as_one() {
        let record = |target: &'static str, message: &'static str| {
            malformed_request(
                &log::Record::builder()
                    .level(log::Level::Error)
                    .target(target)
                    .args(format_args!("{message}"))
                    .build(),
            )
        };
        assert_eq!(
            record(
                "actix_http::h1::dispatcher",
                "stream error: request parse error: message head is too large"
            )
            .as_deref(),
            Some("message head is too large")
        );
        assert_eq!(
            record("actix_http::h1::dispatcher", "stream error: body error: x"),
            None
        );
        assert_eq!(
            record(
                "touring::web",
                "stream error: request parse error: message head is too large"
            ),
            None
        );
    }

    #[test]
    fn a_text_access_line_reads_in_one_line() {
        assert_eq!(
            LINE.line(LogFormat::Text),
            "GET /seat/{token} 200 1.5 ms request abc"
        );
    }
}
