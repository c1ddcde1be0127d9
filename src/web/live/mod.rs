//! Live updates: after every change the use case's caller publishes a notice on the hub; each
//! open page (console, projector, standings, seat) listens on a server-sent event stream,
//! redraws the part that changed and sends it as HTML. Pages work without it.
//!
//! On PostgreSQL the hub also relays its notices to the other instances over the same
//! database ([`Hub::relay`]): a page whose stream another instance holds hears the change too.
//! An instance hears only the events it follows: those it has a live page of open, or a
//! drawing of kept for GETs ([`Following`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::{broadcast, watch};

use crate::app::deals::DealAt;

mod change;
mod clocks;
mod drawings;
mod wire;

pub use change::{Change, Gather, next_change};
pub use clocks::{CLOCK_LOOK, watch_clocks};
pub use drawings::{Drawing, DrawingSlot, Drawings, shared_drawing};
use wire::{decode, encode};

/// What changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    /// Anything about the event as a whole: entries, the round's clock, seating, scores.
    Event,
    /// A move at a table (only that table's seats need a new board; the console and the
    /// projector a new line), and where its deal stands after it when the notice knows.
    Table(i64, Option<DealAt>),
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
///
/// Notices are routed: a page listens to its event, and a seat only to its own table's moves,
/// so that a move wakes the few streams that draw it rather than every stream on the server.
#[derive(Debug, Clone)]
pub struct Hub {
    routes: Arc<Routes>,
    /// Where notices go out to the other instances (once [`Hub::relay`] started it), and the
    /// events this instance hears from them.
    relayed: Arc<Relayed>,
    /// The drawings that the streams of the same event-wide page share.
    drawings: Arc<Drawings<PageKey>>,
    /// Set when the server stops: every stream tells its page to reconnect, and ends.
    closing: Arc<watch::Sender<bool>>,
    /// Each event's version: how many notices were published for it (and for everything).
    versions: Arc<Versions>,
    /// The drawings that GETs of the same event-wide page share ([`super::kept`]).
    kept: Arc<KeptDrawings>,
}

/// How many notices were published, per event and for everything.
#[derive(Debug, Default)]
struct Versions {
    everything: std::sync::atomic::AtomicU64,
    events: Mutex<HashMap<i64, u64>>,
}

/// The projector's and the standings pages' drawings that GETs share, the printouts', and the
/// boards page moves left.
#[derive(Debug)]
pub struct KeptDrawings {
    /// The projector's regions but its QR code (whose address follows each request).
    pub screen: super::kept::KeptPages<Vec<(&'static str, String)>>,
    /// The standings page's table, whether the standings are final, and provisional.
    pub standings: super::kept::KeptPages<(String, bool, bool)>,
    /// A page of a printout in pages (its QR codes and lines, without the page's frame), by
    /// what it shows.
    pub printed: super::kept::KeptPages<String>,
    /// The boards page moves left, for the seat page's load after the move's redirect.
    pub moved_boards: super::kept::MovedBoards,
}

impl Default for KeptDrawings {
    fn default() -> KeptDrawings {
        use super::kept::{KeptPages, MAX_KEPT, MAX_KEPT_PRINTED};
        KeptDrawings {
            screen: KeptPages::holding("screen_pages", MAX_KEPT),
            standings: KeptPages::holding("standings_pages", MAX_KEPT),
            printed: KeptPages::holding("printed_pages", MAX_KEPT_PRINTED),
            moved_boards: super::kept::MovedBoards::default(),
        }
    }
}

/// What makes two streams' drawings the same: the page, the event, and the address the page
/// shows (the projector's QR code).
pub type PageKey = (&'static str, i64, String);

/// The channels of the notices, per event and per table.
#[derive(Debug)]
struct Routes {
    /// `Topic::Everything`, which every listener hears.
    everything: broadcast::Sender<Notice>,
    events: Mutex<HashMap<i64, EventChannels>>,
}

/// One event's channels; each is made when someone first listens and forgotten once nobody
/// listens any more.
#[derive(Debug, Default)]
struct EventChannels {
    /// Every notice of the event (the console, the projector, the standings).
    all: Option<broadcast::Sender<Notice>>,
    /// The event's own changes, without the moves (what a seat hears of other tables).
    own: Option<broadcast::Sender<Notice>>,
    /// The moves at one table.
    tables: HashMap<i64, broadcast::Sender<Notice>>,
}

impl EventChannels {
    fn is_unheard(&self) -> bool {
        self.all.is_none() && self.own.is_none() && self.tables.is_empty()
    }
}

/// How many notices a listener may fall behind before it is told it lagged (and redraws).
const BACKLOG: usize = 256;

/// The same for one table's moves, which only its own seats' streams hear, each drawing every
/// move at once: sixteen moves are eight seconds of a busy table. A party holds a channel per
/// table, each with room for its whole backlog: 256 would be 16 KB a table, a sixth of what a
/// thousand tables' streams hold.
const TABLE_BACKLOG: usize = 16;

/// Sends on a channel, forgetting it when nobody listens to it any more.
fn send_or_forget(channel: &mut Option<broadcast::Sender<Notice>>, notice: Notice) {
    if let Some(sender) = channel
        && sender.send(notice).is_err()
    {
        *channel = None;
    }
}

/// Listens to `sender`, making it first (with room for `backlog` notices) if nobody listened
/// yet.
fn listen(
    channel: &mut Option<broadcast::Sender<Notice>>,
    backlog: usize,
) -> broadcast::Receiver<Notice> {
    match channel {
        Some(sender) => sender.subscribe(),
        None => {
            let (sender, receiver) = broadcast::channel(backlog);
            *channel = Some(sender);
            receiver
        }
    }
}

/// What a page listens to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// Everything about an event, every table's moves included.
    Event(i64),
    /// An event's own changes and the moves at one table (none yet: `None`).
    Seat { event: i64, table: Option<i64> },
}

/// One page's subscription to the notices it wants.
#[derive(Debug)]
pub struct Listener {
    routes: Arc<Routes>,
    /// The relay hears the event's notices from the other instances while this is kept.
    _following: Following,
    everything: broadcast::Receiver<Notice>,
    event: broadcast::Receiver<Notice>,
    /// A seat's table, and its moves.
    table: Option<(i64, broadcast::Receiver<Notice>)>,
    seat_of: Option<i64>,
    closing: Closing,
}

impl Listener {
    /// What tells this listener's stream that the server is stopping.
    pub fn closing(&self) -> Closing {
        self.closing.clone()
    }

    /// Waits for the next notice; `Err(Lagged)` when notices were missed (the page redraws
    /// everything), `Err(Closed)` when the hub is gone.
    pub async fn recv(&mut self) -> Result<Notice, broadcast::error::RecvError> {
        match &mut self.table {
            Some((_, table)) => tokio::select! {
                notice = self.everything.recv() => notice,
                notice = self.event.recv() => notice,
                notice = table.recv() => notice,
            },
            None => tokio::select! {
                notice = self.everything.recv() => notice,
                notice = self.event.recv() => notice,
            },
        }
    }

    /// Takes every notice waiting in this listener's channels, without waiting for more: `Ok`
    /// for each, `Err(Lagged)` for a channel that overflowed (notices were missed). A closed
    /// channel (the hub is gone) gives nothing more.
    pub fn drain(&mut self, mut take: impl FnMut(Result<Notice, broadcast::error::RecvError>)) {
        use broadcast::error::{RecvError, TryRecvError};
        let mut from = |receiver: &mut broadcast::Receiver<Notice>| {
            loop {
                match receiver.try_recv() {
                    Ok(notice) => take(Ok(notice)),
                    Err(TryRecvError::Lagged(missed)) => take(Err(RecvError::Lagged(missed))),
                    Err(TryRecvError::Empty | TryRecvError::Closed) => break,
                }
            }
        };
        from(&mut self.everything);
        from(&mut self.event);
        if let Some((_, table)) = &mut self.table {
            from(table);
        }
    }

    /// A seat's stream follows its table: from now on it hears that table's moves (and no
    /// longer the previous table's). Nothing for an event-wide listener.
    pub fn follow_table(&mut self, table: Option<i64>) {
        let Some(event) = self.seat_of else {
            return;
        };
        if self.table.as_ref().map(|(t, _)| *t) == table {
            return;
        }
        self.table = table.map(|table| {
            let mut events = lock(&self.routes.events);
            let channels = events.entry(event).or_default();
            let mut channel = channels.tables.remove(&table);
            let receiver = listen(&mut channel, TABLE_BACKLOG);
            if let Some(sender) = channel {
                channels.tables.insert(table, sender);
            }
            (table, receiver)
        });
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// This instance's end of the relay between instances.
#[derive(Debug)]
struct Relay {
    /// Tags this instance's notices, so that it skips them when they come back.
    instance: u64,
    outbox: crate::app::relay::Outbox,
}

/// How long a GET waits for the relay to hear an event it did not follow yet (one round trip
/// to PostgreSQL) before it draws the page without keeping the drawing.
const FOLLOW_WAIT: std::time::Duration = std::time::Duration::from_millis(500);

/// The relay, and the events this instance follows: the relay listens to an event's channel
/// while something here follows the event (a live page, a kept drawing), and to no other.
#[derive(Debug)]
struct Relayed {
    relay: OnceLock<Relay>,
    events: Mutex<HashMap<i64, Followed>>,
    /// Moves on whenever the relay starts hearing events, for whoever waits for one.
    hearing: watch::Sender<u64>,
}

/// How many follow an event here, and whether the relay hears its channel now.
#[derive(Debug, Default)]
struct Followed {
    followers: usize,
    heard: bool,
}

impl Relayed {
    fn new() -> Relayed {
        Relayed {
            relay: OnceLock::new(),
            events: Mutex::default(),
            hearing: watch::channel(0).0,
        }
    }

    /// Follows the event: the first follower asks the relay to listen to its channel.
    fn follow(self: &Arc<Relayed>, event: i64) -> Following {
        let mut events = lock(&self.events);
        let followed = events.entry(event).or_default();
        followed.followers += 1;
        // Asked under the lock, so that the relay is asked in the order the counts changed.
        if followed.followers == 1
            && let Some(relay) = self.relay.get()
        {
            relay.outbox.listen(event);
        }
        Following {
            relayed: self.clone(),
            event,
        }
    }

    fn leave(&self, event: i64) {
        let mut events = lock(&self.events);
        let Some(followed) = events.get_mut(&event) else {
            return;
        };
        followed.followers = followed.followers.saturating_sub(1);
        if followed.followers == 0 {
            events.remove(&event);
            if let Some(relay) = self.relay.get() {
                relay.outbox.unlisten(event);
            }
        }
    }

    /// Whether every notice of the event reaches this instance now: always without a relay;
    /// with one, while it listens to the event's channel.
    fn hears(&self, event: i64) -> bool {
        self.relay.get().is_none() || lock(&self.events).get(&event).is_some_and(|f| f.heard)
    }

    /// The relay listens to these events' channels now (`true`), or to none (`false`: its
    /// connection was lost).
    fn heard(&self, listening: &[i64], heard: bool) {
        {
            let mut events = lock(&self.events);
            if heard {
                for event in listening {
                    if let Some(followed) = events.get_mut(event) {
                        followed.heard = true;
                    }
                }
            } else {
                events.values_mut().for_each(|f| f.heard = false);
            }
        }
        // After the lock is let go: a waiter checks `hears` while it holds the watch's.
        self.hearing.send_modify(|n| *n = n.wrapping_add(1));
    }
}

/// This instance follows an event while this is kept (see [`Hub::follow`]).
#[derive(Debug)]
pub struct Following {
    relayed: Arc<Relayed>,
    event: i64,
}

impl Drop for Following {
    fn drop(&mut self) {
        self.relayed.leave(self.event);
    }
}

impl Default for Hub {
    fn default() -> Hub {
        Hub::new()
    }
}

impl Hub {
    pub fn new() -> Hub {
        let (everything, _) = broadcast::channel(BACKLOG);
        Hub {
            routes: Arc::new(Routes {
                everything,
                events: Mutex::default(),
            }),
            relayed: Arc::new(Relayed::new()),
            drawings: Arc::default(),
            closing: Arc::new(watch::channel(false).0),
            versions: Arc::default(),
            kept: Arc::default(),
        }
    }

    /// The server is stopping: every open stream tells its page to reconnect and ends (a live
    /// stream never ends by itself, so the server could not finish its requests), and so does
    /// every stream opened from now on.
    pub fn close_streams(&self) {
        self.closing.send_replace(true);
    }

    /// Whether the server is stopping ([`Hub::close_streams`]).
    pub fn is_closing(&self) -> bool {
        *self.closing.borrow()
    }

    /// What a stream waits on to learn that the server is stopping.
    pub fn closing(&self) -> Closing {
        Closing(self.closing.subscribe())
    }

    /// The drawings that GETs of the same event-wide page share.
    pub fn kept(&self) -> &KeptDrawings {
        &self.kept
    }

    /// The event's version: it moves on with every notice heard for the event (or for
    /// everything) on this instance, so a drawing made at one version shows every change
    /// published before it. `None` while the relay does not hear the event (this instance does
    /// not follow it, or the relay's connection is lost): the version may then stand still
    /// while the event changes on another instance.
    pub fn version(&self, event: i64) -> Option<u64> {
        if !self.relayed.hears(event) {
            return None;
        }
        let everything = self
            .versions
            .everything
            .load(std::sync::atomic::Ordering::Acquire);
        let own = lock(&self.versions.events)
            .get(&event)
            .copied()
            .unwrap_or(0);
        Some(everything.wrapping_add(own))
    }

    /// Follows the event on this instance for as long as the answer is kept: the relay hears
    /// its notices from the other instances. Waits (a moment at most) until the relay hears
    /// them, so that [`Hub::version`] has the event's version.
    pub async fn follow(&self, event: i64) -> Following {
        let following = self.relayed.follow(event);
        let mut hearing = self.relayed.hearing.subscribe();
        let relayed = &self.relayed;
        let _ = tokio::time::timeout(FOLLOW_WAIT, hearing.wait_for(|_| relayed.hears(event))).await;
        following
    }

    /// The drawings shared by the streams of the same event-wide page.
    pub fn drawings(&self) -> &Drawings<PageKey> {
        &self.drawings
    }

    /// Tells every listener of the event what changed, on this instance and (once relayed) on
    /// the others. Nobody listening is fine.
    pub fn publish(&self, event: i64, topic: Topic) {
        self.publish_here(Notice { event, topic });
        if let Some(relay) = self.relayed.relay.get() {
            let payload = encode(relay.instance, Notice { event, topic });
            // An event's notice goes to the instances that follow it; nothing is sent that
            // is not one event's today, but it would go to every instance.
            match topic {
                Topic::Everything => relay.outbox.send(payload),
                Topic::Event | Topic::Table(..) => relay.outbox.send_to(event, payload),
            }
        }
    }

    /// Tells this instance's listeners only (what every instance finds out by itself, like a
    /// round's end, and what came from another instance).
    pub fn publish_here(&self, notice: Notice) {
        if notice.topic == Topic::Everything {
            self.versions
                .everything
                .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
            let _ = self.routes.everything.send(notice);
            return;
        }
        *lock(&self.versions.events).entry(notice.event).or_insert(0) += 1;
        let mut events = lock(&self.routes.events);
        let Some(channels) = events.get_mut(&notice.event) else {
            return;
        };
        send_or_forget(&mut channels.all, notice);
        match notice.topic {
            Topic::Table(table, _) => {
                if let Some(sender) = channels.tables.get(&table)
                    && sender.send(notice).is_err()
                {
                    channels.tables.remove(&table);
                }
            }
            _ => send_or_forget(&mut channels.own, notice),
        }
        if channels.is_unheard() {
            events.remove(&notice.event);
        }
    }

    /// Relays notices between the instances that share this PostgreSQL database: publishes this
    /// instance's notices there too, and publishes here what the others send of the events
    /// this instance follows. When the relay starts hearing an event, that event's pages
    /// redraw (a change made meanwhile was not heard); after the relay reconnects every page
    /// redraws. Call once, when the server starts; a second call does nothing.
    pub fn relay(&self, url: &str) -> std::io::Result<()> {
        use crate::app::relay::Heard;
        if self.relayed.relay.get().is_some() {
            return Ok(());
        }
        let instance: u64 = rand::random();
        let here = self.clone();
        let outbox = crate::app::relay::start(url.to_owned(), move |heard| match heard {
            Heard::Payload(payload) => match decode(&payload) {
                Some((from, notice)) if from != instance => here.publish_here(notice),
                Some(_) => {}
                None => log::warn!("live updates between instances: unreadable notice"),
            },
            // The pages redraw first, then the events count as heard: a GET that waited for
            // them reads the version after this notice, and its drawing is kept at it.
            Heard::Listening(events) => {
                for event in &events {
                    here.publish_here(Notice {
                        event: *event,
                        topic: Topic::Event,
                    });
                }
                here.relayed.heard(&events, true);
            }
            Heard::Lost => here.relayed.heard(&[], false),
            Heard::Reconnected(events) => {
                here.publish_here(Notice {
                    event: 0,
                    topic: Topic::Everything,
                });
                here.relayed.heard(&events, true);
            }
        })?;
        // The events followed before the relay started are listened to now (the relay listens
        // to an event once, however often asked).
        let events = lock(&self.relayed.events);
        let relay = self
            .relayed
            .relay
            .get_or_init(|| Relay { instance, outbox });
        for event in events.keys() {
            relay.outbox.listen(*event);
        }
        Ok(())
    }

    /// Tells the table's pages that a move was played there, unless the move changed nothing
    /// anyone may see yet (a coup fourré let go: see `app::play::apply_move`).
    pub fn publish_move(&self, table: &crate::app::seat::TableRef) {
        if table.changed {
            self.publish(table.event, Topic::Table(table.table, table.deal));
        }
    }

    /// Listens to the notices an audience wants.
    pub fn listen(&self, audience: Audience) -> Listener {
        let everything = self.routes.everything.subscribe();
        let (event, seat_of, table) = match audience {
            Audience::Event(event) => (event, None, None),
            Audience::Seat { event, table } => (event, Some(event), table),
        };
        let receiver = {
            let mut events = lock(&self.routes.events);
            let channels = events.entry(event).or_default();
            match audience {
                Audience::Event(_) => listen(&mut channels.all, BACKLOG),
                Audience::Seat { .. } => listen(&mut channels.own, BACKLOG),
            }
        };
        let mut listener = Listener {
            routes: self.routes.clone(),
            _following: self.relayed.follow(event),
            everything,
            event: receiver,
            table: None,
            seat_of,
            closing: self.closing(),
        };
        listener.follow_table(table);
        listener
    }

    /// How many events have someone listening (for tests: channels nobody hears are forgotten).
    pub fn events_heard(&self) -> usize {
        lock(&self.routes.events).len()
    }
}

/// Tells a stream that the server is stopping (see [`Hub::close_streams`]).
#[derive(Debug, Clone)]
pub struct Closing(watch::Receiver<bool>);

impl Closing {
    /// Whether the server is stopping now.
    pub fn now(&self) -> bool {
        *self.0.borrow()
    }

    /// Waits until the server is stopping (or its hub is gone).
    pub async fn wait(&mut self) {
        let _ = self.0.wait_for(|closing| *closing).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::FutureExt;

    /// The notice a listener has waiting, if any.
    fn waiting(listener: &mut Listener) -> Option<Notice> {
        listener.recv().now_or_never().and_then(Result::ok)
    }

    #[test]
    fn a_move_wakes_only_its_tables_seats_and_the_event_wide_pages() {
        let hub = Hub::new();
        let mut console = hub.listen(Audience::Event(1));
        let mut here = hub.listen(Audience::Seat {
            event: 1,
            table: Some(10),
        });
        let mut there = hub.listen(Audience::Seat {
            event: 1,
            table: Some(11),
        });
        let mut elsewhere = hub.listen(Audience::Event(2));
        hub.publish(1, Topic::Table(10, None));
        let moved = Some(Notice {
            event: 1,
            topic: Topic::Table(10, None),
        });
        assert_eq!(waiting(&mut console), moved);
        assert_eq!(waiting(&mut here), moved);
        assert_eq!(waiting(&mut there), None);
        assert_eq!(waiting(&mut elsewhere), None);
        // The event's own changes reach every seat of the event; everything reaches everyone.
        hub.publish(1, Topic::Event);
        for listener in [&mut console, &mut here, &mut there] {
            assert_eq!(waiting(listener).map(|n| n.topic), Some(Topic::Event));
        }
        assert_eq!(waiting(&mut elsewhere), None);
        hub.publish_here(Notice {
            event: 0,
            topic: Topic::Everything,
        });
        for listener in [&mut console, &mut here, &mut there, &mut elsewhere] {
            assert_eq!(waiting(listener).map(|n| n.topic), Some(Topic::Everything));
        }
    }

    #[test]
    fn a_seat_that_changes_table_hears_its_new_table_only() {
        let hub = Hub::new();
        let mut seat = hub.listen(Audience::Seat {
            event: 1,
            table: Some(10),
        });
        seat.follow_table(Some(12));
        hub.publish(1, Topic::Table(10, None));
        assert_eq!(waiting(&mut seat), None);
        hub.publish(1, Topic::Table(12, None));
        assert_eq!(
            waiting(&mut seat).map(|n| n.topic),
            Some(Topic::Table(12, None))
        );
    }

    #[test]
    fn closing_the_streams_wakes_every_stream_and_every_later_one() {
        let hub = Hub::new();
        let mut open = hub.closing();
        assert!(!open.now() && !hub.is_closing());
        assert!(
            open.wait().now_or_never().is_none(),
            "no stream closes before"
        );
        hub.close_streams();
        assert!(open.wait().now_or_never().is_some());
        let mut later = hub.closing();
        assert!(later.now() && hub.is_closing());
        assert!(later.wait().now_or_never().is_some());
    }

    #[test]
    fn channels_nobody_hears_are_forgotten() {
        let hub = Hub::new();
        let seat = hub.listen(Audience::Seat {
            event: 1,
            table: Some(10),
        });
        let page = hub.listen(Audience::Event(2));
        assert_eq!(hub.events_heard(), 2);
        drop(seat);
        drop(page);
        hub.publish(1, Topic::Table(10, None));
        hub.publish(1, Topic::Event);
        hub.publish(2, Topic::Table(20, None));
        assert_eq!(hub.events_heard(), 0);
    }
}
