//! The one way the server keeps things it could read or draw again: a [`Cache`], a bounded map
//! with a name, a capacity and one eviction policy (the entry used least recently goes first),
//! that counts its hits and misses. Each cache is declared where it is used, with its name and
//! its bound; `/metrics` shows each one's size, capacity, hits and misses
//! (`touring_cache_entries`, `touring_cache_capacity`, `touring_cache_hits_total` and
//! `touring_cache_misses_total`, labelled `cache="<name>"`).
//!
//! A cache only keeps: what makes a kept value stale (an event's version, a digest, the text a
//! parse was made from) is the user's to say, as the test of a lookup ([`Cache::get_if`]).
//! Every layer may keep things here, as every layer may count in [`crate::metrics`].

use std::borrow::Borrow;
use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};

use prometheus::{IntCounter, IntGauge};

/// A bounded map: at most `capacity` entries; when a new key comes to a full cache, the key
/// used least recently goes (but a pinned one: see [`Cache::pinning`]).
pub struct Cache<K, V> {
    name: &'static str,
    capacity: usize,
    /// Entries the cache must not forget yet (one someone still uses).
    pinned: Option<fn(&V) -> bool>,
    inner: parking_lot::Mutex<Inner<K, V>>,
    hits: AtomicU64,
    misses: AtomicU64,
    measured: Measured,
}

struct Inner<K, V> {
    entries: HashMap<K, Entry<V>>,
    /// The keys by their last use, the least recent first.
    order: BTreeMap<u64, K>,
    /// Counts uses.
    clock: u64,
}

struct Entry<V> {
    value: V,
    used: u64,
}

/// The cache's figures in `/metrics` (shared by the caches of one name: a test process runs
/// many servers).
struct Measured {
    entries: IntGauge,
    hits: IntCounter,
    misses: IntCounter,
}

impl<K: Hash + Eq + Clone, V> Cache<K, V> {
    /// A cache named `name` (as `/metrics` shows it) that keeps at most `capacity` entries.
    pub fn new(name: &'static str, capacity: usize) -> Cache<K, V> {
        let metrics = crate::metrics::get();
        metrics
            .cache_capacity
            .with_label_values(&[name])
            .set(i64::try_from(capacity).unwrap_or(i64::MAX));
        Cache {
            name,
            capacity: capacity.max(1),
            pinned: None,
            inner: parking_lot::Mutex::new(Inner {
                entries: HashMap::new(),
                order: BTreeMap::new(),
                clock: 0,
            }),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            measured: Measured {
                entries: metrics.cache_entries.with_label_values(&[name]),
                hits: metrics.cache_hits.with_label_values(&[name]),
                misses: metrics.cache_misses.with_label_values(&[name]),
            },
        }
    }

    /// The same cache, that never forgets an entry `pinned` says is still in use to make room:
    /// a new key that finds every entry pinned is not kept.
    pub fn pinning(mut self, pinned: fn(&V) -> bool) -> Cache<K, V> {
        self.pinned = Some(pinned);
        self
    }

    /// Its name in `/metrics`.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The most entries it keeps.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Entries kept now.
    pub fn len(&self) -> usize {
        self.inner.lock().entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Lookups that found what they wanted, in this cache.
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    /// Lookups that did not (nothing kept, or a stale value), in this cache.
    pub fn misses(&self) -> u64 {
        self.misses.load(Ordering::Relaxed)
    }

    /// Counts a lookup whose outcome its user decides (a kept slot whose drawing is current or
    /// not: see [`Cache::get_or_insert_with`]).
    pub fn count(&self, hit: bool) {
        if hit {
            self.hits.fetch_add(1, Ordering::Relaxed);
            self.measured.hits.inc();
        } else {
            self.misses.fetch_add(1, Ordering::Relaxed);
            self.measured.misses.inc();
        }
    }

    /// The value kept for `key`, if there is one and `valid` says it is still good (a hit,
    /// and a use); otherwise `None` (a miss).
    pub fn get_if<Q>(&self, key: &Q, valid: impl FnOnce(&V) -> bool) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
        V: Clone,
    {
        let found = {
            let mut inner = self.inner.lock();
            inner.used(key, valid)
        };
        self.count(found.is_some());
        found
    }

    /// The value kept for `key`, if there is one (a hit, and a use).
    pub fn get<Q>(&self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
        V: Clone,
    {
        self.get_if(key, |_| true)
    }

    /// The value kept for `key`, without counting or using it (for a user that decides what to
    /// keep from what is kept).
    pub fn peek<Q>(&self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
        V: Clone,
    {
        let inner = self.inner.lock();
        inner.entries.get(key).map(|entry| entry.value.clone())
    }

    /// The value kept for `key` if `valid` says it is good, else `make`'s, kept in its place.
    /// Counts nothing: a user that keeps slots (filled later) says itself whether a lookup hit
    /// ([`Cache::count`]).
    pub fn get_or_insert_with(
        &self,
        key: K,
        valid: impl FnOnce(&V) -> bool,
        make: impl FnOnce() -> V,
    ) -> V
    where
        V: Clone,
    {
        let mut inner = self.inner.lock();
        if let Some(value) = inner.used(&key, valid) {
            return value;
        }
        let value = make();
        self.keep(&mut inner, key, value.clone());
        value
    }

    /// Keeps `value` for `key` (in place of what was kept for it).
    pub fn insert(&self, key: K, value: V) {
        let mut inner = self.inner.lock();
        self.keep(&mut inner, key, value);
    }

    /// Forgets `key`'s value and gives it back, if it is there and `valid` says it is good (a
    /// hit); `None` is a miss.
    pub fn take_if<Q>(&self, key: &Q, valid: impl FnOnce(&V) -> bool) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let taken = self.inner.lock().remove(key);
        self.measured.entries.sub(i64::from(taken.is_some()));
        let found = taken.filter(|value| valid(value));
        self.count(found.is_some());
        found
    }

    /// Forgets `key`'s value, if one is kept.
    pub fn remove<Q>(&self, key: &Q)
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let removed = self.inner.lock().remove(key);
        self.measured.entries.sub(i64::from(removed.is_some()));
    }

    /// Keeps only the entries `keep` says to keep.
    pub fn retain(&self, mut keep: impl FnMut(&K, &V) -> bool) {
        let mut inner = self.inner.lock();
        let before = inner.entries.len();
        let Inner { entries, order, .. } = &mut *inner;
        entries.retain(|key, entry| {
            let kept = keep(key, &entry.value);
            if !kept {
                order.remove(&entry.used);
            }
            kept
        });
        self.measured
            .entries
            .sub(gauge(before - inner.entries.len()));
    }

    /// Keeps `value` under the lock, making room first if the cache is full.
    fn keep(&self, inner: &mut Inner<K, V>, key: K, value: V) {
        if inner.remove(&key).is_some() {
            self.measured.entries.dec();
        }
        if inner.entries.len() >= self.capacity {
            // The least recently used entry that is not pinned.
            let pinned = self.pinned;
            let oldest = inner
                .order
                .iter()
                .find(|(_, key)| {
                    pinned.is_none_or(|pinned| {
                        !inner.entries.get(*key).is_some_and(|e| pinned(&e.value))
                    })
                })
                .map(|(_, key)| key.clone());
            match oldest {
                Some(oldest) => {
                    inner.remove(&oldest);
                    self.measured.entries.dec();
                }
                // Every entry is in use: this one is not kept.
                None => return,
            }
        }
        inner.clock += 1;
        let used = inner.clock;
        inner.order.insert(used, key.clone());
        inner.entries.insert(key, Entry { value, used });
        self.measured.entries.inc();
    }
}

impl<K, V> Inner<K, V>
where
    K: Hash + Eq + Clone,
{
    /// `key`'s value if `valid` says it is good, marked as used now.
    fn used<Q>(&mut self, key: &Q, valid: impl FnOnce(&V) -> bool) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
        V: Clone,
    {
        self.clock += 1;
        let now = self.clock;
        let entry = self
            .entries
            .get_mut(key)
            .filter(|entry| valid(&entry.value))?;
        let before = std::mem::replace(&mut entry.used, now);
        let value = entry.value.clone();
        if let Some(key) = self.order.remove(&before) {
            self.order.insert(now, key);
        }
        Some(value)
    }

    fn remove<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let entry = self.entries.remove(key)?;
        self.order.remove(&entry.used);
        Some(entry.value)
    }
}

impl<K, V> Drop for Cache<K, V> {
    fn drop(&mut self) {
        self.measured
            .entries
            .sub(gauge(self.inner.get_mut().entries.len()));
    }
}

impl<K, V> std::fmt::Debug for Cache<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cache")
            .field("name", &self.name)
            .field("capacity", &self.capacity)
            .field("hits", &self.hits)
            .field("misses", &self.misses)
            .finish_non_exhaustive()
    }
}

/// A count as a gauge's step.
fn gauge(count: usize) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_full_cache_forgets_the_key_used_least_recently() {
        let cache: Cache<u32, u32> = Cache::new("test_lru", 3);
        for key in 0..3 {
            cache.insert(key, key * 10);
        }
        // 0 is used again: 1 is now the least recently used, and goes for 3.
        assert_eq!(cache.get(&0), Some(0));
        cache.insert(3, 30);
        assert_eq!(cache.len(), 3);
        assert_eq!(cache.get(&1), None);
        assert_eq!(cache.get(&0), Some(0));
        assert_eq!(cache.get(&3), Some(30));
        // A key kept again takes no more room.
        cache.insert(3, 31);
        assert_eq!(cache.len(), 3);
        assert_eq!(cache.get(&3), Some(31));
    }

    #[test]
    fn a_cache_counts_its_hits_and_misses_and_a_stale_value_is_a_miss() {
        let cache: Cache<&str, u32> = Cache::new("test_counts", 4);
        assert_eq!(cache.get("a"), None);
        cache.insert("a", 1);
        assert_eq!(cache.get("a"), Some(1));
        assert_eq!(cache.get_if("a", |v| *v == 2), None);
        assert_eq!((cache.hits(), cache.misses()), (1, 2));
        // Taken: a hit, and gone.
        assert_eq!(cache.take_if("a", |_| true), Some(1));
        assert!(cache.is_empty());
        assert_eq!(cache.take_if("a", |_| true), None);
        assert_eq!((cache.hits(), cache.misses()), (2, 3));
        // The process's figures follow.
        let metrics = crate::metrics::get();
        assert!(metrics.cache_hits.with_label_values(&["test_counts"]).get() >= 2);
        assert_eq!(
            metrics
                .cache_entries
                .with_label_values(&["test_counts"])
                .get(),
            0
        );
    }

    #[test]
    fn a_pinned_entry_is_not_forgotten_to_make_room() {
        let cache: Cache<u32, Arc<()>> =
            Cache::new("test_pinned", 2).pinning(|slot| Arc::strong_count(slot) > 1);
        let held = cache.get_or_insert_with(0, |_| true, Arc::default);
        drop(cache.get_or_insert_with(1, |_| true, Arc::default));
        drop(cache.get_or_insert_with(2, |_| true, Arc::default));
        assert_eq!(cache.len(), 2);
        assert!(Arc::ptr_eq(
            &held,
            &cache.get_or_insert_with(0, |_| true, Arc::default)
        ));
        // Every entry held: a new one is given but not kept.
        let other = cache.get_or_insert_with(2, |_| true, Arc::default);
        let more = cache.get_or_insert_with(3, |_| true, Arc::default);
        assert_eq!(cache.len(), 2);
        assert!(!Arc::ptr_eq(
            &more,
            &cache.get_or_insert_with(3, |_| true, Arc::default)
        ));
        drop((held, other));
    }
}
