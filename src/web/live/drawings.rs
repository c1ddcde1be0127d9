//! Drawings shared by the streams that show the same page.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use super::Change;
use crate::cache::Cache;

/// One drawing of a page shared by every stream that shows the same thing: an event's three
/// projectors, or the standings pages open on fifty phones, read the database and render once
/// per change instead of once each. A stream uses the drawing when it was begun after the
/// last notice the stream heard ([`Change::heard`]), so it shows every change the stream was
/// told of; otherwise the stream draws anew and leaves its drawing for the others.
///
/// Keys are whatever makes two drawings the same (the page, the event, the address in its QR
/// code); a drawing is forgotten when the last stream holding its key closes. The slots are
/// kept in a [`Cache`] of [`MAX_SHARED`]: past that many pages open at once, a new one draws
/// for itself.
#[derive(Debug)]
pub struct Drawings<K> {
    slots: Cache<K, Weak<DrawingSlot>>,
}

/// How many pages' slots are shared at most (each a page some stream shows).
pub const MAX_SHARED: usize = 4096;

impl<K: std::hash::Hash + Eq + Clone> Default for Drawings<K> {
    fn default() -> Drawings<K> {
        Drawings::named("live_drawings")
    }
}

/// One key's latest drawing; streams wait here (asynchronously) while one of them draws. It
/// also keeps how long the last drawing took, which sets how often the streams redraw
/// ([`DrawingSlot::period`]).
#[derive(Debug, Default)]
pub struct DrawingSlot {
    pub drawing: Arc<tokio::sync::Mutex<Option<Drawing>>>,
    took_us: AtomicU64,
}

impl DrawingSlot {
    /// How long the streams of this slot gather changes before they redraw together: `floor`,
    /// or twenty times as long as the last drawing took if that is longer (in steps of a
    /// quarter second, so that every stream of the slot counts the same period), at most five
    /// seconds. A projector of a thousand tables that takes 45 ms to draw is drawn once a
    /// second, not twice: at most a twentieth of a core goes to one shared page, however big
    /// the party, and the rest to the moves.
    pub fn period(&self, floor: Duration) -> Duration {
        const STEP_US: u64 = 250_000;
        const MOST: Duration = Duration::from_secs(5);
        let paced_us = self.took_us.load(Ordering::Relaxed).saturating_mul(20);
        let paced = Duration::from_micros(paced_us.div_ceil(STEP_US) * STEP_US);
        floor.max(paced.min(MOST))
    }

    /// Notes how long a drawing took.
    pub fn took(&self, took: Duration) {
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.took_us.store(us, Ordering::Relaxed);
    }
}

/// A drawing: what the stream sends, and when its reading of the database began.
#[derive(Debug, Clone)]
pub struct Drawing {
    began: Instant,
    regions: Vec<(&'static str, String)>,
}

impl<K: std::hash::Hash + Eq + Clone> Drawings<K> {
    /// Shared drawings named `name` in `/metrics`.
    pub fn named(name: &'static str) -> Drawings<K> {
        Drawings {
            // A slot a stream still holds is not forgotten to make room.
            slots: Cache::new(name, MAX_SHARED).pinning(|slot| slot.strong_count() > 0),
        }
    }

    /// The slot of `key`, shared with every other open stream of the same key (a hit when
    /// one is open).
    pub fn slot(&self, key: K) -> Arc<DrawingSlot> {
        let mut made = None;
        let kept = self.slots.get_or_insert_with(
            key.clone(),
            |slot| slot.strong_count() > 0,
            || {
                let slot = Arc::new(DrawingSlot::default());
                let weak = Arc::downgrade(&slot);
                made = Some(slot);
                weak
            },
        );
        let new = made.is_some();
        self.slots.count(!new);
        if new {
            // The slots whose streams all closed are forgotten.
            self.slots.retain(|_, slot| slot.strong_count() > 0);
        }
        if let Some(slot) = made.or_else(|| kept.upgrade()) {
            return slot;
        }
        // Its last stream closed just now: a new slot.
        let slot = Arc::new(DrawingSlot::default());
        self.slots.insert(key, Arc::downgrade(&slot));
        slot
    }

    /// Slots some stream still holds.
    #[cfg(test)]
    fn held(&self) -> usize {
        let mut held = 0;
        self.slots.retain(|_, slot| {
            held += usize::from(slot.strong_count() > 0);
            true
        });
        held
    }
}

/// The regions for `change` from the drawing `kept` in a slot: the kept drawing when it shows
/// the change (after `allowed` says this stream may still see it), or else a new one from
/// `draw`, kept for the others (with the time it took, in `slot`). Runs where use cases do,
/// holding the slot's drawing.
pub fn shared_drawing<E>(
    slot: &DrawingSlot,
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
    slot.took(began.elapsed());
    *kept = Some(Drawing {
        began,
        regions: regions.clone(),
    });
    Ok(regions)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        shared_drawing(
            slot,
            &mut slot.drawing.blocking_lock(),
            change,
            || Ok(()),
            || draw(made),
        )
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
    fn a_shared_page_that_takes_long_to_draw_is_drawn_less_often() {
        let slot = DrawingSlot::default();
        let floor = Duration::from_millis(500);
        // Nothing drawn yet, or a quick drawing: the page's own period.
        assert_eq!(slot.period(floor), floor);
        slot.took(Duration::from_millis(20));
        assert_eq!(slot.period(floor), floor);
        // A drawing of 45 ms (a projector of a thousand tables): twenty times that, counted
        // in quarter seconds.
        slot.took(Duration::from_millis(45));
        assert_eq!(slot.period(floor), Duration::from_millis(1000));
        slot.took(Duration::from_millis(90));
        assert_eq!(slot.period(floor), Duration::from_millis(2000));
        // Never more than five seconds, however slow.
        slot.took(Duration::from_secs(3));
        assert_eq!(slot.period(floor), Duration::from_secs(5));
        // Quick again: back to the floor.
        slot.took(Duration::from_millis(10));
        assert_eq!(slot.period(floor), floor);
    }

    #[test]
    fn a_stream_no_longer_allowed_gets_no_shared_drawing() {
        let drawings: Drawings<i64> = Drawings::default();
        let slot = drawings.slot(1);
        let made = std::cell::Cell::new(0);
        let change = Change::everything_now();
        assert!(drawn(&slot, &change, &made).is_ok());
        let refused = shared_drawing(
            &slot,
            &mut slot.drawing.blocking_lock(),
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
        assert_eq!(drawings.slots.len(), 1);
    }
}
