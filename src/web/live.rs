//! Live updates: after every change the use case's caller publishes a notice on the hub; each
//! open page (console, projector, standings, seat) listens on a server-sent event stream,
//! redraws the part that changed and sends it as HTML. Pages work without it.

use std::collections::HashSet;
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
}

impl Default for Hub {
    fn default() -> Hub {
        Hub::new()
    }
}

impl Hub {
    pub fn new() -> Hub {
        let (sender, _) = broadcast::channel(4096);
        Hub { sender }
    }

    /// Tells every listener of the event what changed. Nobody listening is fine.
    pub fn publish(&self, event: i64, topic: Topic) {
        let _ = self.sender.send(Notice { event, topic });
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
            Ok(notice) if wanted(&notice) => break,
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
                if announced.insert((end.round, end.at)) {
                    hub.publish(end.event, Topic::Event);
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
