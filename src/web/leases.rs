//! The task that keeps this instance's leases on the events' timed work: every second it asks
//! the app to renew them and take its share (`app::leases`), so that the bots' task and the
//! clock watcher, which ask the app which events are theirs, do each event's work on one
//! instance only. When the server stops it lets its events go, for the others to take at once.

use actix_web::web;

use super::live::Hub;
use crate::app::{App, leases};

/// Starts the task on the current actix system: from now on the app does only the timed work
/// of the events it holds (on PostgreSQL; on SQLite it keeps every event, asking nothing).
pub fn spawn(app: web::Data<App>, hub: Hub) {
    leases::share(&app);
    actix_web::rt::spawn(keep(app, hub));
}

async fn keep(app: web::Data<App>, hub: Hub) {
    let mut closing = hub.closing();
    loop {
        super::run_logged(
            &app,
            "leases: cannot renew this instance's leases",
            leases::keep,
        )
        .await;
        tokio::select! {
            () = tokio::time::sleep(leases::RENEW_EVERY) => {}
            () = closing.wait() => break,
        }
    }
    super::run_logged(
        &app,
        "leases: cannot let this instance's events go",
        leases::leave,
    )
    .await;
}
