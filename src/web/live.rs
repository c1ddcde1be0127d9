//! Live updates: after every change the use case's caller publishes a notice on the hub; each
//! open page (console, projector, standings, seat) listens on a server-sent event stream,
//! redraws the part that changed and sends it as HTML. Pages work without it.

use std::time::Duration;

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
