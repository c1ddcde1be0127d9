//! One drawing of an event's public pages (the projector, the standings) shared by every GET
//! that asks for the same one, as their live streams already share theirs
//! ([`super::live::Drawings`]). A thousand GETs of an unchanged event read the database and
//! render once; a change to the event (any notice published for it on the hub) makes the next
//! GET draw afresh.
//!
//! A drawing is kept with the event's version ([`super::live::Hub::version`]) read before its
//! reading of the database began, so a change committed during the drawing leaves it stale and
//! the next GET draws again. On PostgreSQL a kept drawing follows its event (it holds the live
//! hub's `Following`, as a [`Held`]), so that this instance hears the event's changes made on
//! the others while it keeps the drawing; a version that is not known (the relay does not hear the
//! event yet) keeps nothing. GETs that arrive while one of them draws wait for that drawing
//! (one drawing per key at a time, however many ask). Only a few drawings are kept, each kind
//! in a [`Cache`] of its own: the key used least recently and not being drawn goes when the
//! cache is full.
//!
//! The seat page keeps here the board a move from the page left, for the page load that
//! follows the move's redirect ([`MovedBoards`]).
//!
//! A page of a printout (the tents, the members' cards) is kept the same way, its version
//! being a digest of everything it shows ([`digest`]): a GET reads what the page would show
//! (a small read) and draws it again only when that changed.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::app::deals::DealAt;
use crate::app::seat::{self, SeatBoard, SeatKey};
use crate::app::{App, AppResult};
use crate::cache::Cache;

/// Drawings kept at once (each an event's projector or standings).
pub const MAX_KEPT: usize = 64;

/// While a round's clock is ticking the projector's drawing says how much time is left: it is
/// kept no longer than this.
pub const TICKING_AGE: Duration = Duration::from_secs(1);

/// Pages of printouts kept at once: each is at most a few hundred kilobytes.
pub const MAX_KEPT_PRINTED: usize = 16;

/// What makes two GETs' drawings the same: the page (or its language), the event (or series),
/// and the page of a printout in pages (0 for a page that is one).
pub type KeptKey = (&'static str, i64, u32);

/// A version that stands for everything a drawing shows: the same inputs, the same digest.
pub fn digest(inputs: &impl std::hash::Hash) -> u64 {
    use std::hash::BuildHasher;
    foldhash::quality::FixedState::with_seed(DIGEST_SEED).hash_one(inputs)
}

/// The seed of [`digest`]'s hash.
const DIGEST_SEED: u64 = 0x6b65_7074;

/// What a kept drawing holds while it is kept, and lets go of when it is dropped: the live hub's
/// following of the event (`web::live::Following`), named only as something held so that this
/// module, which the hub owns, does not import it back.
pub type Held = Box<dyn std::any::Any + Send + Sync>;

/// One key's drawing, if any; GETs wait here (asynchronously) while one of them draws.
pub type KeptSlot<V> = tokio::sync::Mutex<Option<Kept<V>>>;

/// A drawing, with the event's version it shows (`None`: unknown, never current).
#[derive(Debug, Clone)]
pub struct Kept<V> {
    version: Option<u64>,
    /// Keeps the version moving with the event's changes on other instances while kept.
    _following: Option<Arc<Held>>,
    drawn: Instant,
    /// Kept only [`TICKING_AGE`]: it shows a running clock.
    ticking: bool,
    value: Arc<V>,
}

impl<V> Kept<V> {
    pub fn new(version: Option<u64>, ticking: bool, value: V) -> Kept<V> {
        Kept {
            version,
            _following: None,
            drawn: Instant::now(),
            ticking,
            value: Arc::new(value),
        }
    }

    /// Follows the event while kept (see [`Held`]).
    fn following(self, following: Option<Held>) -> Kept<V> {
        Kept {
            _following: following.map(Arc::new),
            ..self
        }
    }

    /// The drawing, whatever it shows.
    pub fn value(&self) -> Arc<V> {
        self.value.clone()
    }

    /// The drawing, if it shows the event at `version` (and its clock is not too old).
    pub fn current(&self, version: Option<u64>) -> Option<Arc<V>> {
        let fresh = !self.ticking || self.drawn.elapsed() < TICKING_AGE;
        (self.version.is_some() && self.version == version && fresh).then(|| self.value.clone())
    }
}

/// The drawings of one page kind, by event: a [`Cache`] of slots, one per key, that never
/// forgets a slot someone draws in or waits for.
#[derive(Debug)]
pub struct KeptPages<V> {
    slots: Cache<KeptKey, Arc<KeptSlot<V>>>,
}

/// What [`KeptPages::drawing`] found: the drawing kept, or a new one with what its drawing
/// read besides.
pub enum Found<V, T> {
    Kept(Arc<V>),
    Drawn(Arc<V>, T),
}

impl<V> KeptPages<V> {
    /// Drawings named `name` (in `/metrics`) that keep at most `most` keys.
    pub fn holding(name: &'static str, most: usize) -> KeptPages<V> {
        KeptPages {
            // A slot someone holds (drawing, or waiting for the drawing) is not forgotten.
            slots: Cache::new(name, most).pinning(|slot| Arc::strong_count(slot) > 1),
        }
    }

    /// The slot of `key`, shared with every other GET of the same key (when the cache is full
    /// of keys being drawn, this one is drawn without being kept).
    pub fn slot(&self, key: KeptKey) -> Arc<KeptSlot<V>> {
        self.slots.get_or_insert_with(key, |_| true, Arc::default)
    }

    /// The drawing of `key` at the version `version` reads (once the key's slot is this GET's):
    /// the one kept when it is current (a hit), or else `draw`'s (a miss), kept, and counted
    /// as a drawing of `page` in `/metrics`. GETs of one key wait while one of them draws.
    pub async fn drawing<T, E>(
        &self,
        key: KeptKey,
        page: &str,
        version: impl FnOnce() -> Option<u64>,
        following: Option<Held>,
        draw: impl Future<Output = Result<(T, V, bool), E>>,
    ) -> Result<Found<V, T>, E> {
        let slot = self.slot(key);
        let mut kept = slot.lock().await;
        let version = version();
        if let Some(drawing) = kept.as_ref().and_then(|k| k.current(version)) {
            self.slots.count(true);
            return Ok(Found::Kept(drawing));
        }
        self.slots.count(false);
        let (besides, value, ticking) = draw.await?;
        crate::metrics::get()
            .page_drawings
            .with_label_values(&[page])
            .inc();
        let kept_now = Kept::new(version, ticking, value).following(following);
        let drawing = kept_now.value();
        *kept = Some(kept_now);
        Ok(Found::Drawn(drawing, besides))
    }

    /// Keys kept now.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How long a board a page move left waits for the page load after the move's redirect.
const MOVED_BOARD_LIFE: chrono::TimeDelta = chrono::TimeDelta::seconds(10);

/// How many such boards wait at most (one per seat that has just moved).
pub const MAX_MOVED_BOARDS: usize = 1024;

/// The boards page moves left ([`seat::play_page_move`]'s answers), each for the one load of
/// the seat page that follows its move's redirect, by seat (its link's token, or the player
/// and seat epoch a browser picked), with the deal's version it shows.
#[derive(Debug)]
pub struct MovedBoards {
    boards: Cache<String, MovedBoard>,
}

#[derive(Debug)]
struct MovedBoard {
    board: SeatBoard,
    at: DealAt,
    when: chrono::DateTime<chrono::Utc>,
}

/// A seat's key among the moved boards (another epoch is another seat).
fn seat_of(key: &SeatKey) -> String {
    match key {
        SeatKey::Token(token) => format!("token {token}"),
        SeatKey::Player(player, epoch) => format!("player {player} {epoch}"),
    }
}

impl Default for MovedBoards {
    fn default() -> MovedBoards {
        MovedBoards {
            boards: Cache::new("moved_boards", MAX_MOVED_BOARDS),
        }
    }
}

impl MovedBoards {
    /// Keeps the board a move of this seat left at `at` (a move at a table without a deal
    /// leaves none).
    pub fn keep(&self, app: &App, key: &SeatKey, board: SeatBoard, at: Option<DealAt>) {
        if let Some(at) = at {
            let when = app.now();
            self.boards
                .insert(seat_of(key), MovedBoard { board, at, when });
        }
    }

    /// The board a move of this seat left, taken: if it is recent, and no later move at its
    /// table is kept on this instance.
    pub fn take(&self, app: &App, key: &SeatKey) -> Option<SeatBoard> {
        self.boards
            .take_if(&seat_of(key), |moved| {
                seat::board_still_shows(app, moved.at, moved.when, MOVED_BOARD_LIFE)
            })
            .map(|moved| moved.board)
    }

    /// The seat page's board: the one a move from this page has just left (see
    /// [`MovedBoards::take`]), else read ([`seat::page_board`]). Runs where use cases do.
    pub fn page_board(&self, app: &App, key: &SeatKey) -> AppResult<(SeatBoard, seat::Opened)> {
        match self.take(app, key) {
            Some(board) => Ok((board, seat::Opened::default())),
            None => seat::page_board(app, key),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_drawing_serves_its_version_only() {
        let kept = Kept::new(Some(3), false, "drawn");
        assert_eq!(kept.current(Some(3)).as_deref(), Some(&"drawn"));
        assert_eq!(kept.current(Some(4)), None);
        // An unknown version (the relay does not hear the event) is never current.
        assert_eq!(kept.current(None), None);
        assert_eq!(Kept::new(None, false, "drawn").current(None), None);
    }

    #[test]
    fn a_ticking_clock_is_kept_briefly() {
        let mut kept = Kept::new(Some(1), true, ());
        assert!(kept.current(Some(1)).is_some());
        kept.drawn = Instant::now() - TICKING_AGE;
        assert!(kept.current(Some(1)).is_none());
    }

    #[test]
    fn the_kept_pages_stay_few() {
        let pages: KeptPages<()> = KeptPages::holding("test_screen_pages", MAX_KEPT);
        let first = pages.slot(("screen", 0, 0));
        for event in 1..(MAX_KEPT as i64 * 3) {
            drop(pages.slot(("screen", event, 0)));
        }
        assert_eq!(pages.len(), MAX_KEPT);
        // A slot someone holds is not forgotten.
        assert!(Arc::ptr_eq(&first, &pages.slot(("screen", 0, 0))));
        // The printouts' pages are fewer.
        let printed: KeptPages<()> = KeptPages::holding("test_printed_pages", MAX_KEPT_PRINTED);
        for page in 0..(MAX_KEPT_PRINTED as u32 * 3) {
            drop(printed.slot(("tents", 1, page)));
        }
        assert_eq!(printed.len(), MAX_KEPT_PRINTED);
    }

    #[test]
    fn a_digest_changes_with_what_the_page_shows() {
        let page = |names: &[&str]| digest(&("en", "http://a", names));
        assert_eq!(page(&["Ann", "Bob"]), page(&["Ann", "Bob"]));
        assert_ne!(page(&["Ann", "Bob"]), page(&["Ann", "Bo"]));
        assert_ne!(
            page(&["Ann", "Bob"]),
            digest(&("en", "http://b", &["Ann", "Bob"][..]))
        );
    }
}
