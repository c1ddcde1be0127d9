//! The stop signal, announced when a round's time runs out.

use std::collections::HashSet;
use std::time::Duration;

use actix_web::web;
use chrono::{DateTime, Utc};

use super::{Hub, Topic};

/// How often, at the most, the clock watcher looks at the rounds when no end is near: a pause,
/// a resume or an extension moves an end, and the watcher sees it within this time.
pub const CLOCK_LOOK: Duration = Duration::from_secs(1);

/// Announces the stop signal: when a running round's time runs out, nobody posts anything, yet
/// every open console, projector and seat page must freeze at that moment. This task watches
/// the ends of the running rounds of the events whose time this instance keeps (its leases:
/// `app::leases`) and publishes an event notice for each round whose time has come, to every
/// instance (once per end, so an extended round that runs out again is announced again; an
/// instance that takes an event over announces its ended round once more, which only redraws).
/// Runs for as long as the server does.
pub async fn watch_clocks(app: web::Data<crate::app::App>, hub: Hub) {
    let mut announced: HashSet<(i64, DateTime<Utc>)> = HashSet::new();
    loop {
        let now = app.now();
        // A look-up that fails is logged and tried again at the next look.
        let ends = crate::web::run_logged(
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
                // One instance keeps the event's time, and tells every instance's pages.
                if announced.insert((end.round, end.at)) {
                    hub.publish(end.event, Topic::Event);
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
