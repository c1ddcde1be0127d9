//! Wrong passwords: each client on each event, and each event from all clients together, may
//! miss a few times for free; past that, every miss doubles the wait before the next try (up
//! to 15 minutes), so the host's password cannot be guessed at leisure from the room's
//! network. A client's strikes on one event are its own: a right password on another event
//! does not forgive them. The event's own count, which strangers can run up, ends when the
//! host opens the console by the host link, so they cannot keep the host's password shut.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::{Client, Guards, lock};

/// Failed sign-ins that cost nothing: a host may mistype a few times.
const FREE_FAILURES_CLIENT: u32 = 5;
/// Failed sign-ins on one event, from any number of clients, before it waits too.
const FREE_FAILURES_EVENT: u32 = 20;
/// The longest wait between two sign-ins.
const MAX_SIGN_IN_WAIT: Duration = Duration::from_secs(15 * 60);
/// Failures are forgotten this long after the last one.
const FORGET_FAILURES: Duration = Duration::from_secs(60 * 60);

/// Failed sign-ins of one client, or on one event.
#[derive(Debug, Clone, Copy)]
struct Strikes {
    count: u32,
    last: Instant,
    until: Instant,
}

impl Strikes {
    /// One more failure: past the free ones, each doubles the wait (1 s, 2 s, 4 s... up to
    /// 15 minutes).
    fn strike(entry: Option<&Strikes>, free: u32, now: Instant) -> Strikes {
        let count = match entry {
            Some(s) if now.duration_since(s.last) < FORGET_FAILURES => s.count + 1,
            _ => 1,
        };
        let wait = match count.checked_sub(free) {
            Some(over) if over > 0 => {
                Duration::from_secs(1u64 << (over - 1).min(20)).min(MAX_SIGN_IN_WAIT)
            }
            _ => Duration::ZERO,
        };
        Strikes {
            count,
            last: now,
            until: now + wait,
        }
    }
}

/// Failed sign-ins, per client on each event and per event, with a growing wait.
#[derive(Debug, Default)]
pub(super) struct SignIns {
    clients: HashMap<(Client, i64), Strikes>,
    events: HashMap<i64, Strikes>,
}

impl SignIns {
    fn wait(&self, client: Client, event: i64, now: Instant) -> Option<Duration> {
        let until = [self.clients.get(&(client, event)), self.events.get(&event)]
            .into_iter()
            .flatten()
            .map(|s| s.until)
            .max()?;
        (until > now).then(|| until - now)
    }

    fn failed(&mut self, client: Client, event: i64, now: Instant) {
        if self.clients.len() + self.events.len() > 50_000 {
            self.clients
                .retain(|_, s| now.duration_since(s.last) < FORGET_FAILURES);
            self.events
                .retain(|_, s| now.duration_since(s.last) < FORGET_FAILURES);
        }
        let key = (client, event);
        let client_strikes = Strikes::strike(self.clients.get(&key), FREE_FAILURES_CLIENT, now);
        self.clients.insert(key, client_strikes);
        let event_strikes = Strikes::strike(self.events.get(&event), FREE_FAILURES_EVENT, now);
        self.events.insert(event, event_strikes);
    }

    /// A right password forgives this client's misses on this event, and only those.
    fn succeeded(&mut self, client: Client, event: i64) {
        self.clients.remove(&(client, event));
    }

    /// The host opened the console by the host link: the event's count, run up by anyone,
    /// starts again (each client's own misses stay).
    fn host_link_opened(&mut self, event: i64) {
        self.events.remove(&event);
    }
}

impl SignIns {
    /// Forgets failures older than an hour.
    pub(super) fn forget(&mut self, now: Instant) {
        self.clients
            .retain(|_, s| now.duration_since(s.last) < FORGET_FAILURES);
        self.events
            .retain(|_, s| now.duration_since(s.last) < FORGET_FAILURES);
    }
}

impl Guards {
    /// How long this client must wait before it may try the event's password again.
    pub fn sign_in_wait(&self, client: Client, event: i64) -> Option<Duration> {
        lock(&self.sign_ins).wait(client, event, Instant::now())
    }

    /// Counts a wrong password.
    pub fn sign_in_failed(&self, client: Client, event: i64) {
        lock(&self.sign_ins).failed(client, event, Instant::now());
    }

    /// A right password forgives the client's earlier mistakes on that event.
    pub fn sign_in_succeeded(&self, client: Client, event: i64) {
        lock(&self.sign_ins).succeeded(client, event);
    }

    /// The host link opened the event's console: wrong passwords from anyone no longer hold
    /// its password sign-in shut.
    pub fn host_link_opened(&self, event: i64) {
        lock(&self.sign_ins).host_link_opened(event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_passwords_wait_longer_and_longer() {
        let mut sign_ins = SignIns::default();
        let client: Client = "192.0.2.7".parse().expect("address");
        let now = Instant::now();
        for _ in 0..FREE_FAILURES_CLIENT {
            assert_eq!(sign_ins.wait(client, 1, now), None);
            sign_ins.failed(client, 1, now);
        }
        assert_eq!(sign_ins.wait(client, 1, now), None);
        sign_ins.failed(client, 1, now);
        assert_eq!(sign_ins.wait(client, 1, now), Some(Duration::from_secs(1)));
        sign_ins.failed(client, 1, now);
        assert_eq!(sign_ins.wait(client, 1, now), Some(Duration::from_secs(2)));
        sign_ins.failed(client, 1, now);
        assert_eq!(sign_ins.wait(client, 1, now), Some(Duration::from_secs(4)));
        // Another device may still try another event, and this event for a while.
        let other: Client = "192.0.2.8".parse().expect("address");
        assert_eq!(sign_ins.wait(other, 2, now), None);
        assert_eq!(sign_ins.wait(other, 1, now), None);
        sign_ins.succeeded(client, 1);
        assert_eq!(sign_ins.wait(client, 1, now), None);
    }

    #[test]
    fn a_right_password_on_another_event_does_not_forgive_misses_on_this_one() {
        let mut sign_ins = SignIns::default();
        let client: Client = "192.0.2.7".parse().expect("address");
        let now = Instant::now();
        for _ in 0..=FREE_FAILURES_CLIENT {
            sign_ins.failed(client, 1, now);
        }
        assert_eq!(sign_ins.wait(client, 1, now), Some(Duration::from_secs(1)));
        // Its misses on event 1 do not hold it back from event 2, whose host it may be.
        assert_eq!(sign_ins.wait(client, 2, now), None);
        sign_ins.succeeded(client, 2);
        assert_eq!(
            sign_ins.wait(client, 1, now),
            Some(Duration::from_secs(1)),
            "event 1's wait stands"
        );
        sign_ins.failed(client, 1, now + Duration::from_secs(1));
        assert_eq!(
            sign_ins.wait(client, 1, now + Duration::from_secs(1)),
            Some(Duration::from_secs(2)),
            "and keeps growing"
        );
    }

    #[test]
    fn strangers_misses_shut_the_password_until_the_host_link_opens_the_console() {
        let mut sign_ins = SignIns::default();
        let now = Instant::now();
        let stranger = |n: u32| -> Client { std::net::Ipv4Addr::from(0xC000_0200 + n).into() };
        // 21 strangers, one wrong password each: none is past its own free misses.
        for n in 0..=FREE_FAILURES_EVENT {
            sign_ins.failed(stranger(n), 1, now);
        }
        let host: Client = "198.51.100.1".parse().expect("address");
        assert_eq!(
            sign_ins.wait(host, 1, now),
            Some(Duration::from_secs(1)),
            "the event's count holds everyone back"
        );
        assert_eq!(sign_ins.wait(host, 2, now), None, "another event is open");
        sign_ins.host_link_opened(1);
        assert_eq!(sign_ins.wait(host, 1, now), None);
        // A stranger past its own free misses still waits.
        for _ in 0..FREE_FAILURES_CLIENT {
            sign_ins.failed(stranger(0), 1, now);
        }
        assert!(sign_ins.wait(stranger(0), 1, now).is_some());
        assert_eq!(sign_ins.wait(host, 1, now), None);
    }
}
