//! One drawing of an event's public pages (the projector, the standings) shared by every GET
//! that asks for the same one, as their live streams already share theirs
//! ([`super::live::Drawings`]). A thousand GETs of an unchanged event read the database and
//! render once; a change to the event (any notice published for it on the hub) makes the next
//! GET draw afresh.
//!
//! A drawing is kept with the event's version ([`super::live::Hub::version`]) read before its
//! reading of the database began, so a change committed during the drawing leaves it stale and
//! the next GET draws again. GETs that arrive while one of them draws wait for that drawing
//! (one drawing per key at a time, however many ask). Only a few drawings are kept: the oldest
//! key not being drawn goes when the cache is full.
//!
//! A page of a printout (the tents, the members' cards) is kept the same way, its version
//! being a digest of everything it shows ([`digest`]): a GET reads what the page would show
//! (a small read) and draws it again only when that changed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

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

/// One key's drawing, if any; GETs wait here (asynchronously) while one of them draws.
pub type KeptSlot<V> = tokio::sync::Mutex<Option<Kept<V>>>;

/// A drawing, with the event's version it shows.
#[derive(Debug, Clone)]
pub struct Kept<V> {
    version: u64,
    drawn: Instant,
    /// Kept only [`TICKING_AGE`]: it shows a running clock.
    ticking: bool,
    value: Arc<V>,
}

impl<V> Kept<V> {
    pub fn new(version: u64, ticking: bool, value: V) -> Kept<V> {
        Kept {
            version,
            drawn: Instant::now(),
            ticking,
            value: Arc::new(value),
        }
    }

    /// The drawing, whatever it shows.
    pub fn value(&self) -> Arc<V> {
        self.value.clone()
    }

    /// The drawing, if it shows the event at `version` (and its clock is not too old).
    pub fn current(&self, version: u64) -> Option<Arc<V>> {
        let fresh = !self.ticking || self.drawn.elapsed() < TICKING_AGE;
        (self.version == version && fresh).then(|| self.value.clone())
    }
}

/// A key's slot, with when it was last asked for.
type Used<V> = (Instant, Arc<KeptSlot<V>>);

/// The drawings of one page kind, by event.
#[derive(Debug)]
pub struct KeptPages<V> {
    slots: Mutex<HashMap<KeptKey, Used<V>>>,
    /// Keys kept at most.
    most: usize,
}

impl<V> Default for KeptPages<V> {
    fn default() -> KeptPages<V> {
        KeptPages::holding(MAX_KEPT)
    }
}

impl<V> KeptPages<V> {
    /// Drawings that keep at most `most` keys.
    pub fn holding(most: usize) -> KeptPages<V> {
        KeptPages {
            slots: Mutex::default(),
            most,
        }
    }

    /// The slot of `key`, shared with every other GET of the same key.
    pub fn slot(&self, key: KeptKey) -> Arc<KeptSlot<V>> {
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        if let Some((used, slot)) = slots.get_mut(&key) {
            *used = now;
            return slot.clone();
        }
        if slots.len() >= self.most {
            // The least recently asked key nobody is drawing or waiting for.
            let oldest = slots
                .iter()
                .filter(|(_, (_, slot))| Arc::strong_count(slot) == 1)
                .min_by_key(|(_, (used, _))| *used)
                .map(|(key, _)| *key);
            if let Some(oldest) = oldest {
                slots.remove(&oldest);
            }
        }
        let slot = Arc::new(tokio::sync::Mutex::new(None));
        // Full of keys being drawn: this one is drawn without being kept.
        if slots.len() < self.most {
            slots.insert(key, (now, slot.clone()));
        }
        slot
    }

    /// Keys kept now.
    pub fn len(&self) -> usize {
        self.slots
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_drawing_serves_its_version_only() {
        let kept = Kept::new(3, false, "drawn");
        assert_eq!(kept.current(3).as_deref(), Some(&"drawn"));
        assert_eq!(kept.current(4), None);
    }

    #[test]
    fn a_ticking_clock_is_kept_briefly() {
        let mut kept = Kept::new(1, true, ());
        assert!(kept.current(1).is_some());
        kept.drawn = Instant::now() - TICKING_AGE;
        assert!(kept.current(1).is_none());
    }

    #[test]
    fn the_kept_pages_stay_few() {
        let pages: KeptPages<()> = KeptPages::default();
        let first = pages.slot(("screen", 0, 0));
        for event in 1..(MAX_KEPT as i64 * 3) {
            drop(pages.slot(("screen", event, 0)));
        }
        assert_eq!(pages.len(), MAX_KEPT);
        // A slot someone holds is not forgotten.
        assert!(Arc::ptr_eq(&first, &pages.slot(("screen", 0, 0))));
        // The printouts' pages are fewer.
        let printed: KeptPages<()> = KeptPages::holding(MAX_KEPT_PRINTED);
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
