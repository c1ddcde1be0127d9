//! Notices between instances that share one PostgreSQL database: each instance keeps one
//! connection of its own (beside the pool) that `LISTEN`s and sends what this instance
//! publishes with `pg_notify`. An event's notices go on a channel of its own
//! (`touring_<event id>`), which an instance listens to only while the caller asks
//! ([`Outbox::listen`]: while it has a page of the event open), so an instance hears nothing of
//! the other events' changes; the shared channel `touring`, which every instance listens to,
//! carries what is not one event's. The payloads are short texts that the caller writes and
//! reads (ids only, never anything secret); this module only carries them. SQLite has no such
//! thing, and needs none: one file is served by one instance.
//!
//! The connection is tokio-postgres's (it waits for notices, where diesel's only polls), with
//! TLS by rustls as the URL's `sslmode` and `sslrootcert` say (`db::pg_tls`), as libpq does for
//! diesel's connections. A server certificate that does not verify stops the start, saying why.

use std::collections::BTreeSet;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::mpsc;
use tokio_postgres::AsyncMessage;
use tokio_postgres_rustls::MakeRustlsConnect;

use crate::db::pg_tls::PgTls;

/// The channel every instance listens on.
pub const CHANNEL: &str = "touring";

/// The channel of one event's notices (`touring_42`), as written in SQL (quoted: an id is any
/// number) and as `pg_notify` names it.
fn event_channel(event: i64) -> String {
    format!("{CHANNEL}_{event}")
}

/// How the relay's connection names itself to PostgreSQL (in `pg_stat_activity`).
pub const APPLICATION: &str = "touring live relay";

/// How long the listener waits before it tries a lost connection again.
const RETRY: Duration = Duration::from_secs(1);

/// What the listener hears.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// A payload some instance (this one included) sent on a channel listened to.
    Payload(String),
    /// These events' channels are listened to from now on (on the first connection, or when
    /// asked): what was sent on them before was not heard here.
    Listening(Vec<i64>),
    /// The connection was lost: nothing is heard until it is back.
    Lost,
    /// The connection is back, listening on the shared channel and on these events' channels
    /// again: notices sent meanwhile are lost, so whoever listens should treat everything as
    /// changed.
    Reconnected(Vec<i64>),
}

/// What the relay's thread is asked to do, in order.
#[derive(Debug)]
enum Command {
    /// Send a payload on an event's channel, or on the shared one (`None`).
    Send(Option<i64>, String),
    /// Listen to an event's channel, or no longer.
    Listen(i64),
    Unlisten(i64),
}

/// Where this instance's payloads go out, and how it says which events it listens to.
#[derive(Debug, Clone)]
pub struct Outbox {
    sender: mpsc::UnboundedSender<Command>,
}

impl Outbox {
    /// Sends a payload on the shared channel, to every instance, soon (a lost connection drops
    /// it; the listeners re-sync after a reconnect).
    pub fn send(&self, payload: String) {
        let _ = self.sender.send(Command::Send(None, payload));
    }

    /// Sends a payload on the event's channel: to the instances that listen to it.
    pub fn send_to(&self, event: i64, payload: String) {
        let _ = self.sender.send(Command::Send(Some(event), payload));
    }

    /// Listens to the event's channel from now on (and again after every reconnect), until
    /// [`Outbox::unlisten`]; `heard` is told [`Heard::Listening`] once it does.
    pub fn listen(&self, event: i64) {
        let _ = self.sender.send(Command::Listen(event));
    }

    /// No longer listens to the event's channel.
    pub fn unlisten(&self, event: i64) {
        let _ = self.sender.send(Command::Unlisten(event));
    }
}

/// How long the first connection may take before the start goes on without it (it is then
/// tried again and again, as after a lost connection).
const FIRST_CONNECTION: Duration = Duration::from_secs(10);

/// Where and how the relay connects.
struct Link {
    config: tokio_postgres::Config,
    connector: MakeRustlsConnect,
    tls: PgTls,
}

/// Starts the relay on a thread of its own and returns its outbox; `heard` is called (on that
/// thread) for every notice on a channel listened to, when it listens to more, and when its
/// connection is lost and back. Runs as long as the
/// process does. TLS options it cannot honour, and a server certificate that does not verify
/// at the first connection, are errors that say why.
pub fn start(url: String, heard: impl Fn(Heard) + Send + 'static) -> std::io::Result<Outbox> {
    let invalid = |e: String| std::io::Error::new(std::io::ErrorKind::InvalidInput, e);
    let tls = PgTls::from_url(&url).map_err(invalid)?;
    let link = Link {
        config: tls.tokio_postgres_config().map_err(invalid)?,
        connector: MakeRustlsConnect::new(tls.rustls_config().map_err(invalid)?),
        tls,
    };
    let (sender, receiver) = mpsc::unbounded_channel();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let (first, first_heard) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("touring-relay".into())
        .spawn(move || runtime.block_on(run(link, receiver, heard, first)))?;
    match first_heard.recv() {
        Ok(Ok(())) => {}
        Ok(Err(why)) => return Err(invalid(why)),
        Err(_) => {
            return Err(std::io::Error::other(
                "the relay's thread ended at its start",
            ));
        }
    }
    crate::metrics::get().relay_enabled.set(1);
    Ok(Outbox { sender })
}

/// Tries a first connection and tells `first` whether TLS refused the server; then connects,
/// listens and sends until the connection breaks, then again, forever.
async fn run(
    link: Link,
    mut outbox: mpsc::UnboundedReceiver<Command>,
    heard: impl Fn(Heard),
    first: std::sync::mpsc::Sender<Result<(), String>>,
) {
    // Any other failure (the server not there yet) is tried again below, as always.
    if let Ok(Err(error)) = tokio::time::timeout(
        FIRST_CONNECTION,
        link.config.connect(link.connector.clone()),
    )
    .await
        && let Some(why) = link.tls.explain(&error)
    {
        let _ = first.send(Err(why));
        return;
    }
    let _ = first.send(Ok(()));
    let mut connected_before = false;
    // The events listened to, kept across connections: each is listened to again after one.
    let mut events = BTreeSet::new();
    loop {
        match serve(&link, &mut outbox, &heard, connected_before, &mut events).await {
            Ok(()) => return, // the outbox is gone: the server stopped
            Err(Lost { connected }) => {
                if connected {
                    heard(Heard::Lost);
                }
                connected_before |= connected;
                tokio::time::sleep(RETRY).await;
            }
        }
    }
}

/// The connection broke (`connected`: after it had started listening).
struct Lost {
    connected: bool,
}

/// One connection's life: listens (on the shared channel and `events`' channels), reports a
/// reconnect, forwards notices, sends payloads and listens to more or fewer events as asked.
async fn serve(
    link: &Link,
    outbox: &mut mpsc::UnboundedReceiver<Command>,
    heard: &impl Fn(Heard),
    connected_before: bool,
    events: &mut BTreeSet<i64>,
) -> Result<(), Lost> {
    let lost = |connected: bool, what: &str, error: tokio_postgres::Error| {
        // A server's error says what it is in its message, not in the error's own text.
        match (error.as_db_error(), link.tls.explain(&error)) {
            (Some(db), _) => log::warn!(
                "live updates between instances: {what}: {}; trying again",
                db.message()
            ),
            (None, Some(why)) => {
                log::warn!("live updates between instances: {what}: {why}; trying again")
            }
            (None, None) => {
                log::warn!("live updates between instances: {what}: {error}; trying again")
            }
        }
        Lost { connected }
    };
    let (client, mut connection) = link
        .config
        .connect(link.connector.clone())
        .await
        .map_err(|e| lost(false, "cannot connect to PostgreSQL", e))?;
    // The connection's messages (notices among them) arrive only while it is polled, and the
    // client's queries are answered only then too: it runs as a task of its own.
    let (notices, mut incoming) = mpsc::unbounded_channel();
    let mut driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(message) = messages.next().await {
            match message {
                Ok(AsyncMessage::Notification(n)) if n.channel().starts_with(CHANNEL) => {
                    let _ = notices.send(n.payload().to_owned());
                }
                Ok(_) => {}
                Err(e) => return Some(e),
            }
        }
        None
    });
    let ended = |connected: bool, end: Result<Option<tokio_postgres::Error>, _>| match end {
        Ok(Some(error)) => lost(connected, "connection lost", error),
        _ => {
            log::warn!("live updates between instances: connection closed; trying again");
            Lost { connected }
        }
    };
    let mut listen = format!("SET application_name = '{APPLICATION}'; LISTEN {CHANNEL};");
    for event in events.iter() {
        listen.push_str(&format!(" LISTEN \"{}\";", event_channel(*event)));
    }
    let metrics = crate::metrics::get();
    let result = async {
        tokio::select! {
            result = client.batch_execute(&listen) => {
                result.map_err(|e| lost(false, "cannot listen", e))?
            }
            end = &mut driver => return Err(ended(false, end)),
        }
        metrics.relay_connected.set(1);
        metrics.relay_events.set(gauge_value(events.len()));
        let listening = events.iter().copied().collect();
        if connected_before {
            log::info!("live updates between instances: connected to PostgreSQL again");
            metrics.relay_reconnections.inc();
            heard(Heard::Reconnected(listening));
        } else {
            heard(Heard::Listening(listening));
        }
        loop {
            tokio::select! {
                end = &mut driver => return Err(ended(true, end)),
                Some(payload) = incoming.recv() => {
                    metrics.relay_notices.with_label_values(&["heard"]).inc();
                    heard(Heard::Payload(payload));
                }
                command = outbox.recv() => {
                    let Some(command) = command else { return Ok(()) };
                    tokio::select! {
                        end = &mut driver => return Err(ended(true, end)),
                        done = obey(&client, command, events, heard) => {
                            done.map_err(|(what, e)| lost(true, what, e))?;
                        }
                    }
                    metrics.relay_events.set(gauge_value(events.len()));
                }
            }
        }
    }
    .await;
    metrics.relay_connected.set(0);
    metrics.relay_events.set(0);
    driver.abort();
    result
}

fn gauge_value(count: usize) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}

/// Does what the outbox asked on the connection; a failure says what could not be done.
async fn obey(
    client: &tokio_postgres::Client,
    command: Command,
    events: &mut BTreeSet<i64>,
    heard: &impl Fn(Heard),
) -> Result<(), (&'static str, tokio_postgres::Error)> {
    match command {
        Command::Send(event, payload) => {
            let channel = event.map_or_else(|| CHANNEL.to_owned(), event_channel);
            client
                .execute("SELECT pg_notify($1, $2)", &[&channel, &payload])
                .await
                .map_err(|e| ("cannot send a notice", e))?;
            crate::metrics::get()
                .relay_notices
                .with_label_values(&["sent"])
                .inc();
        }
        // Listened to again after a reconnect even if this fails: it is in `events` already.
        Command::Listen(event) if events.insert(event) => {
            let sql = format!("LISTEN \"{}\"", event_channel(event));
            client
                .batch_execute(&sql)
                .await
                .map_err(|e| ("cannot listen", e))?;
            heard(Heard::Listening(vec![event]));
        }
        Command::Unlisten(event) if events.remove(&event) => {
            let sql = format!("UNLISTEN \"{}\"", event_channel(event));
            client
                .batch_execute(&sql)
                .await
                .map_err(|e| ("cannot stop listening", e))?;
        }
        Command::Listen(_) | Command::Unlisten(_) => {}
    }
    Ok(())
}
