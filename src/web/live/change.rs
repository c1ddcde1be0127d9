//! What changed while a page waited, gathered from the notices it heard.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use tokio::sync::broadcast;

use super::{Listener, Notice, Topic};
use crate::app::deals::DealAt;

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
///
/// A page that gathers sleeps until its deadline and then takes every notice that waited in
/// its channels, rather than waking for each: a console or a projector of a thousand tables
/// heard two thousand moves a second, each a wake of its connection's task and a timer set
/// and cancelled, to redraw twice a second. A channel that overflowed meanwhile says so
/// (missed notices), which redraws everything, as an event-wide page does anyway.
pub async fn next_change(listener: &mut Listener, gather: Gather) -> Option<Change> {
    let mut change = Change::default();
    match listener.recv().await {
        Err(broadcast::error::RecvError::Closed) => return None,
        first => change.add(first),
    }
    if let Some(deadline) = gather.deadline(tokio::time::Instant::now()) {
        tokio::time::sleep_until(deadline).await;
        listener.drain(|notice| change.add(notice));
        // Every notice taken was published, after its change was committed, before now.
        change.heard = Some(Instant::now());
    }
    Some(change)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// A hub with a console's listener of event 1, and a gathering of `period` under way
    /// (its first notice, a move at table 1, already published).
    fn gathering(
        hub: &super::super::Hub,
        period: Duration,
    ) -> tokio::task::JoinHandle<Option<Change>> {
        let mut console = hub.listen(super::super::Audience::Event(1));
        hub.publish(1, Topic::Table(1, None));
        tokio::spawn(async move { next_change(&mut console, Gather::For(period)).await })
    }

    #[actix_web::test]
    async fn a_page_that_gathers_takes_every_notice_of_its_period_at_its_end() {
        let hub = super::super::Hub::new();
        let before = Instant::now();
        let gathering = gathering(&hub, Duration::from_millis(200));
        tokio::time::sleep(Duration::from_millis(20)).await;
        // Published while the page sleeps: taken when it wakes, none lost.
        for table in 2..=40 {
            hub.publish(1, Topic::Table(table, None));
        }
        let change = gathering.await.expect("ran").expect("the hub is there");
        assert!(!change.everything, "nothing beyond moves: {change:?}");
        assert_eq!(change.tables.len(), 40);
        assert!(change.tables.keys().copied().eq(1..=40));
        let heard = change.heard.expect("heard");
        assert!(
            heard >= before + Duration::from_millis(200),
            "at the period's end"
        );
    }

    #[actix_web::test]
    async fn a_page_whose_notices_overflowed_while_it_gathered_redraws_everything() {
        let hub = super::super::Hub::new();
        let gathering = gathering(&hub, Duration::from_millis(100));
        tokio::time::sleep(Duration::from_millis(20)).await;
        for table in 0..1000 {
            hub.publish(1, Topic::Table(table, None));
        }
        let change = gathering.await.expect("ran").expect("the hub is there");
        assert!(change.everything, "missed notices redraw everything");
    }

    #[actix_web::test]
    async fn a_page_that_gathers_hears_an_event_change_in_its_period() {
        let hub = super::super::Hub::new();
        let gathering = gathering(&hub, Duration::from_millis(100));
        tokio::time::sleep(Duration::from_millis(20)).await;
        hub.publish(1, Topic::Event);
        let change = gathering.await.expect("ran").expect("the hub is there");
        assert!(change.everything);
    }
}
