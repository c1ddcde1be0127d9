//! The log: warnings and errors, and one access line per request (target `touring::access`),
//! on standard error as text or as JSON lines (`--log-format`). RUST_LOG chooses what is
//! logged: by default warnings, and the access lines.
//!
//! Nothing logged names a token, a hand or a client's address: an access line carries the
//! route's pattern (`/seat/{token}`), never the path or its query string.

use std::io::Write as _;
use std::sync::OnceLock;

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
    // A second start (tests) keeps the first.
    let _ = builder.try_init();
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
    fn a_text_access_line_reads_in_one_line() {
        assert_eq!(
            LINE.line(LogFormat::Text),
            "GET /seat/{token} 200 1.5 ms request abc"
        );
    }
}
