//! Which events' timed work this instance does: the bots' moves, the turn clock, the waits
//! whose time is up and the round's end. Nobody posts for those, so some instance must do them,
//! and only one: two instances playing the same bot's move both do the work and one of them
//! rolls back (the table's unique key keeps the data right).
//!
//! Instances over one PostgreSQL database share the events out through leases in the database
//! (`db::queries::leases`): every second each instance says it is alive and renews all its
//! leases in one statement, then takes its share of the events whose round runs: as many as
//! the events divided by the instances alive, rounded up. One that holds more lets the extra
//! go, for another to take; an event whose lease expired (its holder was killed, or lost the
//! database) is anyone's. A lease lasts [`LEASE`], so a killed instance's events are taken over
//! within [`LEASE`] and one more look ([`RENEW_EVERY`]). The queries a second are the same
//! however many events run. An instance trusts its leases only until they would expire from
//! its last renewal: cut off from the database, it stops doing their work in time for another
//! to take them.
//!
//! One server serves a SQLite file (a second one is refused at start), so it keeps every event
//! without a query: [`Held::All`]. An app that no server runs (a test, a command) keeps every
//! event too; a server calls [`share`] at start.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{App, AppResult, Tx};
use crate::db::queries::leases as queries;

/// How long a lease runs after its holder's last renewal.
pub const LEASE: Duration = Duration::from_secs(3);

/// How often an instance renews its leases and takes its share.
pub const RENEW_EVERY: Duration = Duration::from_secs(1);

/// How long before its lease would expire an instance stops trusting it: a move it began then
/// still ends before another instance may take the event.
const MARGIN: Duration = Duration::from_secs(1);

/// The events whose timed work this instance does now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Held {
    /// Every event (SQLite; an app that no server runs).
    All,
    /// These events only.
    Only(Arc<HashSet<i64>>),
}

impl Held {
    /// Does this instance do the timed work of `event`?
    pub fn keeps(&self, event: i64) -> bool {
        match self {
            Held::All => true,
            Held::Only(events) => events.contains(&event),
        }
    }
}

/// This instance's leases: its id, and the events it holds until when.
#[derive(Debug)]
pub struct Leases {
    /// The instance's name in the `instances` and `event_leases` tables.
    id: String,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// Whether this app shares the work with other instances (a server on PostgreSQL).
    sharing: bool,
    held: Arc<HashSet<i64>>,
    /// Until when the held leases may be trusted (none yet: nothing is held).
    until: Option<Instant>,
}

impl Default for Leases {
    fn default() -> Leases {
        Leases {
            id: format!("{}-{:016x}", std::process::id(), rand::random::<u64>()),
            state: Mutex::default(),
        }
    }
}

impl Leases {
    /// This instance's id in the lease tables.
    pub fn id(&self) -> &str {
        &self.id
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // The state is whole after any panic (each change is one assignment).
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// From now on, this app does only the timed work of the events it holds a lease on (none
    /// until [`keep`] has taken some).
    fn share(&self) {
        self.state().sharing = true;
    }

    /// The events whose timed work this instance does now.
    pub fn held(&self) -> Held {
        let state = self.state();
        if !state.sharing {
            return Held::All;
        }
        match state.until {
            Some(until) if Instant::now() < until => Held::Only(state.held.clone()),
            _ => Held::Only(Arc::default()),
        }
    }

    fn set(&self, held: HashSet<i64>, until: Instant) {
        let mut state = self.state();
        let count = i64::try_from(held.len()).unwrap_or(i64::MAX);
        state.held = Arc::new(held);
        state.until = Some(until);
        crate::metrics::get().leases_held.set(count);
    }
}

/// What an instance should hold, from the events to keep and the instances alive: the events
/// it holds within its share, and how many more it may take. `events` are the events whose
/// round runs, with their holders.
fn share_out(me: &str, events: &[queries::EventKeeper], alive: i64) -> (Vec<i64>, Vec<i64>, usize) {
    let alive = usize::try_from(alive.max(1)).unwrap_or(1);
    let share = events.len().div_ceil(alive);
    let mut mine: Vec<i64> = events
        .iter()
        .filter(|e| e.holder.as_deref() == Some(me))
        .map(|e| e.event_id)
        .collect();
    // Beyond its share, an instance keeps its oldest events and lets the newest go.
    mine.truncate(share);
    let free: Vec<i64> = events
        .iter()
        .filter(|e| e.holder.is_none() || !e.live)
        .filter(|e| e.holder.as_deref() != Some(me))
        .map(|e| e.event_id)
        .collect();
    let room = share - mine.len();
    (mine, free, room)
}

/// One look, in one transaction: says this instance is alive, renews its leases, lets go of
/// those beyond its share (and of events whose round no longer runs), and takes free ones up
/// to its share. Answers the events it holds.
fn look(tx: &mut Tx, me: &str) -> AppResult<HashSet<i64>> {
    let seconds = LEASE.as_secs_f64();
    queries::renew(tx, me, seconds)?;
    let alive = queries::instances_alive(tx)?;
    let events = queries::events_to_keep(tx)?;
    let (mine, mut free, room) = share_out(me, &events, alive);
    queries::release_all_but(tx, me, &mine)?;
    // Instances taking at the same moment start at different events, so they rarely collide.
    rand::seq::SliceRandom::shuffle(free.as_mut_slice(), &mut rand::rng());
    free.truncate(room);
    let taken = queries::claim(tx, me, &free, seconds)?;
    if rand::random_ratio(1, 60) {
        queries::forget_old(tx)?;
    }
    Ok(mine.into_iter().chain(taken).collect())
}

/// From now on, on PostgreSQL, this app does only the timed work of the events it holds a
/// lease on (a server calls this at start, then [`keep`] every [`RENEW_EVERY`]); on SQLite it
/// goes on keeping every event.
pub fn share(app: &App) {
    let postgres = match app.is_postgres() {
        Some(postgres) => postgres,
        None => app.pool().get().is_ok_and(|conn| conn.is_postgres()),
    };
    if postgres {
        app.leases().share();
    }
}

/// Renews this instance's leases and takes its share of the events (see the module's words);
/// nothing to do on SQLite or in an app that shares nothing. Answers how many events it holds.
pub fn keep(app: &App) -> AppResult<usize> {
    let leases = app.leases();
    if !leases.state().sharing {
        return Ok(0);
    }
    let began = Instant::now();
    let held = app.write(|tx| look(tx, leases.id()))?;
    let count = held.len();
    leases.set(held, began + LEASE - MARGIN);
    Ok(count)
}

/// Lets go of every lease this instance holds (a server stopping cleanly), so that the others
/// take its events at their next look; it does no timed work from now on.
pub fn leave(app: &App) -> AppResult<()> {
    let leases = app.leases();
    if !leases.state().sharing {
        return Ok(());
    }
    leases.set(HashSet::new(), Instant::now());
    app.write(|tx| Ok(queries::leave(tx, leases.id())?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keeper(event: i64, holder: Option<&str>, live: bool) -> queries::EventKeeper {
        queries::EventKeeper {
            event_id: event,
            holder: holder.map(str::to_owned),
            live,
        }
    }

    #[test]
    fn a_lone_instance_takes_every_event() {
        let events: Vec<_> = (1..=8).map(|e| keeper(e, None, false)).collect();
        let (mine, free, room) = share_out("a", &events, 1);
        assert!(mine.is_empty());
        assert_eq!(free.len(), 8);
        assert_eq!(room, 8);
    }

    #[test]
    fn an_instance_holding_every_event_lets_half_go_when_a_second_comes() {
        let events: Vec<_> = (1..=8).map(|e| keeper(e, Some("a"), true)).collect();
        let (mine, free, room) = share_out("a", &events, 2);
        assert_eq!(mine, vec![1, 2, 3, 4]);
        assert!(free.is_empty());
        assert_eq!(room, 0);
        // The second finds nothing free until the first has let go, then takes the rest.
        let (_, free, room) = share_out("b", &events, 2);
        assert!(free.is_empty());
        assert_eq!(room, 4);
    }

    #[test]
    fn the_events_of_an_instance_whose_leases_expired_are_free() {
        let events = vec![
            keeper(1, Some("a"), true),
            keeper(2, Some("dead"), false),
            keeper(3, Some("dead"), false),
        ];
        let (mine, free, room) = share_out("a", &events, 1);
        assert_eq!(mine, vec![1]);
        assert_eq!(free, vec![2, 3]);
        assert_eq!(room, 2);
    }

    #[test]
    fn an_odd_event_goes_to_one_instance_only() {
        let events = vec![
            keeper(1, Some("a"), true),
            keeper(2, Some("a"), true),
            keeper(3, Some("b"), true),
        ];
        assert_eq!(share_out("a", &events, 2), (vec![1, 2], vec![], 0));
        assert_eq!(share_out("b", &events, 2), (vec![3], vec![], 1));
    }

    #[test]
    fn an_app_no_server_runs_keeps_every_event_and_a_sharing_one_none_until_it_looked() {
        let leases = Leases::default();
        assert!(leases.held().keeps(7));
        leases.share();
        assert!(!leases.held().keeps(7));
        leases.set(HashSet::from([7]), Instant::now() + Duration::from_secs(60));
        assert!(leases.held().keeps(7));
        assert!(!leases.held().keeps(8));
        // Leases not renewed in time are not trusted.
        leases.set(HashSet::from([7]), Instant::now());
        assert!(!leases.held().keeps(7));
    }
}
