//! Live updates: after every change the use case's caller publishes a notice on the hub; each
//! open page (console, projector, standings, seat) listens on a server-sent event stream,
//! redraws the part that changed and sends it as HTML. Pages work without it.
//!
//! On PostgreSQL the hub also relays its notices to the other instances over the same
//! database ([`Hub::relay`]): a page whose stream another instance holds hears the change too.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};
use std::time::{Duration, Instant};

use actix_web::web;
use chrono::{DateTime, Utc};

use tokio::sync::{broadcast, watch};

use crate::app::deals::DealAt;

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
    /// Where notices go out to the other instances, once [`Hub::relay`] started it.
    relay: Arc<OnceLock<Relay>>,
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

/// The projector's and the standings pages' drawings that GETs share.
#[derive(Debug, Default)]
pub struct KeptDrawings {
    /// The projector's regions but its QR code (whose address follows each request).
    pub screen: super::kept::KeptPages<Vec<(&'static str, String)>>,
    /// The standings page's table, whether the standings are final, and provisional.
    pub standings: super::kept::KeptPages<(String, bool, bool)>,
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

/// Sends on a channel, forgetting it when nobody listens to it any more.
fn send_or_forget(channel: &mut Option<broadcast::Sender<Notice>>, notice: Notice) {
    if let Some(sender) = channel
        && sender.send(notice).is_err()
    {
        *channel = None;
    }
}

/// Listens to `sender`, making it first if nobody listened yet.
fn listen(channel: &mut Option<broadcast::Sender<Notice>>) -> broadcast::Receiver<Notice> {
    match channel {
        Some(sender) => sender.subscribe(),
        None => {
            let (sender, receiver) = broadcast::channel(BACKLOG);
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
            let receiver = listen(&mut channel);
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
            relay: Arc::default(),
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
    /// published before it.
    pub fn version(&self, event: i64) -> u64 {
        let everything = self
            .versions
            .everything
            .load(std::sync::atomic::Ordering::Acquire);
        let own = lock(&self.versions.events)
            .get(&event)
            .copied()
            .unwrap_or(0);
        everything.wrapping_add(own)
    }

    /// The drawings shared by the streams of the same event-wide page.
    pub fn drawings(&self) -> &Drawings<PageKey> {
        &self.drawings
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
                Audience::Event(_) => listen(&mut channels.all),
                Audience::Seat { .. } => listen(&mut channels.own),
            }
        };
        let mut listener = Listener {
            routes: self.routes.clone(),
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

/// A notice as sent between instances: ids and counts only, `INSTANCE EVENT e` for the event
/// as a whole, `INSTANCE EVENT t TABLE [GAME ACTIONS]` for a table (and where its deal stands).
fn encode(instance: u64, notice: Notice) -> String {
    match notice.topic {
        Topic::Event => format!("{instance} {} e", notice.event),
        Topic::Table(table, None) => format!("{instance} {} t {table}", notice.event),
        Topic::Table(table, Some(at)) => format!(
            "{instance} {} t {table} {} {}",
            notice.event, at.game, at.actions
        ),
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
        ("t", Some(table)) => {
            let table = table.parse().ok()?;
            match words.next() {
                None => Topic::Table(table, None),
                Some(game) => Topic::Table(
                    table,
                    Some(DealAt {
                        game: game.parse().ok()?,
                        actions: words.next()?.parse().ok()?,
                    }),
                ),
            }
        }
        ("all", None) => Topic::Everything,
        _ => return None,
    };
    words
        .next()
        .is_none()
        .then_some((instance, Notice { event, topic }))
}

/// What changed while a page waited: the tables where moves were played, or more.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Change {
    /// Something beyond moves changed (or notices were missed): redraw everything.
    pub everything: bool,
    /// The tables where moves were played, each with where its deal stands after the last of
    /// them, when the notices said.
    pub tables: std::collections::BTreeMap<i64, Option<DealAt>>,
    /// When the last of these notices was heard. Every change it tells of was committed
    /// before then, so a reading of the database begun at or after this instant shows them all
    /// (see [`Drawings`]). `None`: unknown, so only a fresh reading will do.
    pub heard: Option<Instant>,
}

impl Change {
    /// Everything, as of now: a page's first drawing.
    pub fn everything_now() -> Change {
        Change {
            everything: true,
            heard: Some(Instant::now()),
            ..Change::default()
        }
    }

    fn add(&mut self, notice: Result<Notice, broadcast::error::RecvError>) {
        self.heard = Some(Instant::now());
        match notice {
            Ok(Notice {
                topic: Topic::Table(table, at),
                ..
            }) => {
                let latest = self.tables.entry(table).or_insert(at);
                // The furthest position of the same deal; a new deal replaces the old.
                if let (Some(seen), Some(at)) = (*latest, at)
                    && (at.game != seen.game || at.actions > seen.actions)
                {
                    *latest = Some(at);
                }
            }
            // An event's change, everything, or missed notices.
            _ => self.everything = true,
        }
    }
}

/// How a stream gathers the notices that follow the first before it redraws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gather {
    /// For this long after the first.
    For(Duration),
    /// Until the next multiple of this long on the server's clock, the same instant for every
    /// stream: the pages that show the same thing (an event's projectors, its standings pages)
    /// then redraw together and can share one drawing ([`Drawings`]).
    Together(Duration),
}

impl Gather {
    fn deadline(self, now: tokio::time::Instant) -> Option<tokio::time::Instant> {
        match self {
            Gather::For(gather) if gather.is_zero() => None,
            Gather::For(gather) => Some(now + gather),
            Gather::Together(period) if period.is_zero() => None,
            Gather::Together(period) => {
                static EPOCH: OnceLock<tokio::time::Instant> = OnceLock::new();
                let epoch = *EPOCH.get_or_init(|| now);
                let period_ns = period.as_nanos().max(1);
                let since = now.saturating_duration_since(epoch).as_nanos();
                let next = (since / period_ns + 1) * period_ns;
                Some(epoch + Duration::from_nanos(u64::try_from(next).unwrap_or(u64::MAX)))
            }
        }
    }
}

/// Waits for the next notice, then gathers what else arrives until `gather` says, and reports
/// what changed. `None` when the hub is gone.
pub async fn next_change(listener: &mut Listener, gather: Gather) -> Option<Change> {
    let mut change = Change::default();
    match listener.recv().await {
        Err(broadcast::error::RecvError::Closed) => return None,
        first => change.add(first),
    }
    if let Some(deadline) = gather.deadline(tokio::time::Instant::now()) {
        while let Ok(notice) = tokio::time::timeout_at(deadline, listener.recv()).await {
            if notice == Err(broadcast::error::RecvError::Closed) {
                break;
            }
            change.add(notice);
        }
    }
    Some(change)
}

/// One drawing of a page shared by every stream that shows the same thing: an event's three
/// projectors, or the standings pages open on fifty phones, read the database and render once
/// per change instead of once each. A stream uses the drawing when it was begun after the
/// last notice the stream heard ([`Change::heard`]), so it shows every change the stream was
/// told of; otherwise the stream draws anew and leaves its drawing for the others.
///
/// Keys are whatever makes two drawings the same (the page, the event, the address in its QR
/// code); a drawing is forgotten when the last stream holding its key closes.
#[derive(Debug, Default)]
pub struct Drawings<K> {
    slots: Mutex<HashMap<K, Weak<DrawingSlot>>>,
}

/// One key's latest drawing; streams wait here (asynchronously) while one of them draws.
pub type DrawingSlot = tokio::sync::Mutex<Option<Drawing>>;

/// A drawing: what the stream sends, and when its reading of the database began.
#[derive(Debug, Clone)]
pub struct Drawing {
    began: Instant,
    regions: Vec<(&'static str, String)>,
}

impl<K: std::hash::Hash + Eq + Clone> Drawings<K> {
    /// The slot of `key`, shared with every other open stream of the same key.
    pub fn slot(&self, key: K) -> Arc<DrawingSlot> {
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(slot) = slots.get(&key).and_then(Weak::upgrade) {
            return slot;
        }
        slots.retain(|_, slot| slot.strong_count() > 0);
        let slot = Arc::new(tokio::sync::Mutex::new(None));
        slots.insert(key, Arc::downgrade(&slot));
        slot
    }

    /// Slots some stream still holds.
    #[cfg(test)]
    fn held(&self) -> usize {
        let slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        slots
            .values()
            .filter(|slot| slot.strong_count() > 0)
            .count()
    }
}

/// The regions for `change` from the drawing `kept` in a slot: the kept drawing when it shows
/// the change (after `allowed` says this stream may still see it), or else a new one from
/// `draw`, kept for the others. Runs where use cases do, holding the slot.
pub fn shared_drawing<E>(
    kept: &mut Option<Drawing>,
    change: &Change,
    allowed: impl FnOnce() -> Result<(), E>,
    draw: impl FnOnce() -> Result<Vec<(&'static str, String)>, E>,
) -> Result<Vec<(&'static str, String)>, E> {
    if let (Some(drawing), Some(heard)) = (kept.as_ref(), change.heard)
        && drawing.began >= heard
    {
        allowed()?;
        return Ok(drawing.regions.clone());
    }
    let began = Instant::now();
    let regions = draw()?;
    *kept = Some(Drawing {
        began,
        regions: regions.clone(),
    });
    Ok(regions)
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
        let running = ends.iter().filter(|end| !end.over).count();
        crate::metrics::get()
            .rounds_running
            .set(i64::try_from(running).unwrap_or(i64::MAX));
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
    use futures_util::FutureExt;

    /// The notice a listener has waiting, if any.
    fn waiting(listener: &mut Listener) -> Option<Notice> {
        listener.recv().now_or_never().and_then(Result::ok)
    }

    #[test]
    fn pages_that_gather_together_redraw_at_the_same_instant() {
        let period = Duration::from_millis(500);
        let now = tokio::time::Instant::now();
        let first = Gather::Together(period).deadline(now);
        let later = Gather::Together(period).deadline(now + Duration::from_millis(1));
        let Some(first) = first else {
            panic!("a gathering period gives a deadline");
        };
        assert!(first > now && first <= now + period, "within one period");
        // A notice heard a moment later, in the same period, ends its gathering at the same
        // instant; one heard in the next period at the next instant.
        if first > now + Duration::from_millis(1) {
            assert_eq!(later, Some(first));
        }
        assert_eq!(
            Gather::Together(period).deadline(first),
            Some(first + period)
        );
        // A gathering of its own ends a fixed time after the first notice.
        assert_eq!(Gather::For(period).deadline(now), Some(now + period));
        assert_eq!(Gather::For(Duration::ZERO).deadline(now), None);
    }

    /// A drawing counted by how often it was made.
    fn draw(made: &std::cell::Cell<u32>) -> Result<Vec<(&'static str, String)>, String> {
        made.set(made.get() + 1);
        Ok(vec![("region", format!("drawing {}", made.get()))])
    }

    /// What a stream allowed to see the page sends for `change` from `slot`.
    fn drawn(
        slot: &DrawingSlot,
        change: &Change,
        made: &std::cell::Cell<u32>,
    ) -> Result<Vec<(&'static str, String)>, String> {
        shared_drawing(&mut slot.blocking_lock(), change, || Ok(()), || draw(made))
    }

    #[test]
    fn a_shared_drawing_serves_only_the_changes_heard_before_it_was_begun() {
        let drawings: Drawings<i64> = Drawings::default();
        let slot = drawings.slot(1);
        let other = drawings.slot(1);
        let made = std::cell::Cell::new(0);
        let heard_first = Change::everything_now();
        let first = drawn(&slot, &heard_first, &made);
        assert_eq!(first, Ok(vec![("region", "drawing 1".to_owned())]));
        // Another stream told of the same change (heard before the drawing began) uses it.
        let again = drawn(&other, &heard_first, &made);
        assert_eq!(again, first);
        assert_eq!(made.get(), 1);
        // A change heard after the drawing began is not in it: a new drawing is made.
        std::thread::sleep(Duration::from_millis(1));
        let heard_later = Change::everything_now();
        let second = drawn(&other, &heard_later, &made);
        assert_eq!(second, Ok(vec![("region", "drawing 2".to_owned())]));
        // A change of unknown time never takes a kept drawing.
        let unknown = Change::default();
        let third = drawn(&slot, &unknown, &made);
        assert_eq!(third, Ok(vec![("region", "drawing 3".to_owned())]));
    }

    #[test]
    fn a_stream_no_longer_allowed_gets_no_shared_drawing() {
        let drawings: Drawings<i64> = Drawings::default();
        let slot = drawings.slot(1);
        let made = std::cell::Cell::new(0);
        let change = Change::everything_now();
        assert!(drawn(&slot, &change, &made).is_ok());
        let refused = shared_drawing(
            &mut slot.blocking_lock(),
            &change,
            || Err("the host keeps this page private".to_owned()),
            || draw(&made),
        );
        assert_eq!(refused, Err("the host keeps this page private".to_owned()));
        assert_eq!(made.get(), 1);
    }

    #[test]
    fn a_drawing_is_forgotten_when_its_last_stream_closes() {
        let drawings: Drawings<(&'static str, i64)> = Drawings::default();
        let screen = drawings.slot(("screen", 1));
        let same = drawings.slot(("screen", 1));
        let standings = drawings.slot(("standings", 1));
        assert!(Arc::ptr_eq(&screen, &same));
        assert!(!Arc::ptr_eq(&screen, &standings));
        assert_eq!(drawings.held(), 2);
        drop((screen, same));
        assert_eq!(drawings.held(), 1);
        drop(standings);
        assert_eq!(drawings.held(), 0);
        // The next stream starts a new slot and the forgotten ones are dropped from the map.
        let _again = drawings.slot(("screen", 1));
        assert_eq!(drawings.held(), 1);
        assert_eq!(lock(&drawings.slots).len(), 1);
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

    #[test]
    fn notices_between_instances_carry_ids_only_and_read_back() {
        let at = Some(DealAt {
            game: 9,
            actions: 31,
        });
        for topic in [
            Topic::Event,
            Topic::Table(17, None),
            Topic::Table(17, at),
            Topic::Everything,
        ] {
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
            "7 42 t 1 2 3 4",
            "7 42 t 1 x 3",
        ] {
            assert_eq!(decode(bad), None, "{bad:?}");
        }
    }
}
