//! Live updates: after every change the use case's caller publishes a notice on the hub; each
//! open page (console, projector, standings, seat) listens on a server-sent event stream,
//! redraws the part that changed and sends it as HTML. Pages work without it.
//!
//! On PostgreSQL the hub also relays its notices to the other instances over the same
//! database ([`Hub::relay`]): a page whose stream another instance holds hears the change too.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use actix_web::web;
use chrono::{DateTime, Utc};

use tokio::sync::broadcast;

/// What changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    /// Anything about the event as a whole: entries, the round's clock, seating, scores.
    Event,
    /// A move at a table (only that table's seats need a new board; the console and the
    /// projector a new line).
    Table(i64),
    /// Anything anywhere: the notices between instances were interrupted (the database
    /// restarted), so every page redraws whatever its event and table.
    Everything,
}

/// One notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Notice {
    pub event: i64,
    pub topic: Topic,
}

/// Where notices are published and listened to.
#[derive(Debug, Clone)]
pub struct Hub {
    sender: broadcast::Sender<Notice>,
    /// Where notices go out to the other instances, once [`Hub::relay`] started it.
    relay: Arc<OnceLock<Relay>>,
}

/// This instance's end of the relay between instances.
#[derive(Debug)]
struct Relay {
    /// Tags this instance's notices, so that it skips them when they come back.
    instance: u64,
    outbox: crate::app::relay::Outbox,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub::new()
    }
}

impl Hub {
    pub fn new() -> Hub {
        let (sender, _) = broadcast::channel(4096);
        Hub {
            sender,
            relay: Arc::default(),
        }
    }

    /// Tells every listener of the event what changed, on this instance and (once relayed) on
    /// the others. Nobody listening is fine.
    pub fn publish(&self, event: i64, topic: Topic) {
        self.publish_here(Notice { event, topic });
        if let Some(relay) = self.relay.get() {
            relay
                .outbox
                .send(encode(relay.instance, Notice { event, topic }));
        }
    }

    /// Tells this instance's listeners only (what every instance finds out by itself, like a
    /// round's end, and what came from another instance).
    pub fn publish_here(&self, notice: Notice) {
        let _ = self.sender.send(notice);
    }

    /// Relays notices between the instances that share this PostgreSQL database: publishes this
    /// instance's notices there too, and publishes here what the others send. After the relay
    /// reconnects every page redraws. Call once, when the server starts; a second call does
    /// nothing.
    pub fn relay(&self, url: &str) -> std::io::Result<()> {
        if self.relay.get().is_some() {
            return Ok(());
        }
        let instance: u64 = rand::random();
        let here = self.clone();
        let outbox = crate::app::relay::start(url.to_owned(), move |heard| match heard {
            crate::app::relay::Heard::Payload(payload) => match decode(&payload) {
                Some((from, notice)) if from != instance => here.publish_here(notice),
                Some(_) => {}
                None => log::warn!("live updates between instances: unreadable notice"),
            },
            crate::app::relay::Heard::Reconnected => here.publish_here(Notice {
                event: 0,
                topic: Topic::Everything,
            }),
        })?;
        let _ = self.relay.set(Relay { instance, outbox });
        Ok(())
    }

    /// Tells the table's pages that a move was played there, unless the move changed nothing
    /// anyone may see yet (a coup fourré let go: see `app::play::apply_move`).
    pub fn publish_move(&self, table: &crate::app::seat::TableRef) {
        if table.changed {
            self.publish(table.event, Topic::Table(table.table));
        }
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Notice> {
        self.sender.subscribe()
    }
}

/// A notice as sent between instances: ids only, `INSTANCE EVENT e` for the event as a whole,
/// `INSTANCE EVENT t TABLE` for a table.
fn encode(instance: u64, notice: Notice) -> String {
    match notice.topic {
        Topic::Event => format!("{instance} {} e", notice.event),
        Topic::Table(table) => format!("{instance} {} t {table}", notice.event),
        Topic::Everything => format!("{instance} 0 all"),
    }
}

/// Reads [`encode`]'s text: the sending instance and the notice.
fn decode(payload: &str) -> Option<(u64, Notice)> {
    let mut words = payload.split(' ');
    let instance = words.next()?.parse().ok()?;
    let event = words.next()?.parse().ok()?;
    let topic = match (words.next()?, words.next()) {
        ("e", None) => Topic::Event,
        ("t", Some(table)) => Topic::Table(table.parse().ok()?),
        ("all", None) => Topic::Everything,
        _ => return None,
    };
    words
        .next()
        .is_none()
        .then_some((instance, Notice { event, topic }))
}

/// How long a busy stream gathers notices before it redraws once (the console and the
/// projector at a big party would otherwise redraw for every single move).
pub const GATHER: Duration = Duration::from_millis(250);

/// Waits for the next notice that `wanted` accepts, then gathers what else arrives within
/// `gather` and reports whether anything relevant happened. `None` when the hub is gone.
pub async fn next_change(
    receiver: &mut broadcast::Receiver<Notice>,
    wanted: impl Fn(&Notice) -> bool,
    gather: Duration,
) -> Option<()> {
    loop {
        match receiver.recv().await {
            Ok(notice) if notice.topic == Topic::Everything || wanted(&notice) => break,
            Ok(_) => continue,
            // Fell behind: something certainly changed; redraw.
            Err(broadcast::error::RecvError::Lagged(_)) => break,
            Err(broadcast::error::RecvError::Closed) => return None,
        }
    }
    if !gather.is_zero() {
        let deadline = tokio::time::Instant::now() + gather;
        while let Ok(Ok(_)) = tokio::time::timeout_at(deadline, receiver.recv()).await {}
    }
    Some(())
}

/// How often, at the most, the clock watcher looks at the rounds when no end is near: a pause,
/// a resume or an extension moves an end, and the watcher sees it within this time.
pub const CLOCK_LOOK: Duration = Duration::from_secs(1);

/// Announces the stop signal: when a running round's time runs out, nobody posts anything, yet
/// every open console, projector and seat page must freeze at that moment. This task watches
/// the ends of the running rounds and publishes an event notice for each round whose time has
/// come (once per end, so an extended round that runs out again is announced again). Runs for
/// as long as the server does.
pub async fn watch_clocks(app: web::Data<crate::app::App>, hub: Hub) {
    let mut announced: HashSet<(i64, DateTime<Utc>)> = HashSet::new();
    loop {
        let now = app.now();
        // A look-up that fails is logged and tried again at the next look.
        let ends = super::run_logged(
            &app,
            "clock watcher: cannot read the rounds' ends",
            move |app| crate::app::rounds::clock_ends_at(app, now),
        )
        .await
        .unwrap_or_default();
        let mut next = CLOCK_LOOK;
        for end in &ends {
            if end.over {
                // Every instance watches the same ends, so each tells its own pages only.
                if announced.insert((end.round, end.at)) {
                    hub.publish_here(Notice {
                        event: end.event,
                        topic: Topic::Event,
                    });
                }
            } else if let Ok(wait) = (end.at - now).to_std() {
                // Wake just after the end, so that the clock reads it as over.
                next = next.min(wait + Duration::from_millis(20));
            }
        }
        // Forget ends that are no longer there (closed rounds), so the set stays small.
        announced.retain(|(round, at)| ends.iter().any(|e| e.round == *round && e.at == *at));
        tokio::time::sleep(next).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_between_instances_carry_ids_only_and_read_back() {
        for topic in [Topic::Event, Topic::Table(17), Topic::Everything] {
            let event = if topic == Topic::Everything { 0 } else { 42 };
            let notice = Notice { event, topic };
            let payload = encode(7, notice);
            assert!(
                payload
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == ' ')
            );
            assert_eq!(decode(&payload), Some((7, notice)));
        }
        for bad in [
            "",
            "7",
            "7 42",
            "7 42 t",
            "7 42 x",
            "7 42 e 1",
            "x 42 e",
            "7 42 t 1 2",
        ] {
            assert_eq!(decode(bad), None, "{bad:?}");
        }
    }
}
