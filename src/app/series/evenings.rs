//! An evening taken into a series after it was made, or taken out of one. Either takes proof
//! of hosting the series; taking an evening in also takes proof of hosting the evening, so
//! neither host can move the other's evening alone. A closed evening stays as it is: the
//! season it counted in does not change behind its guests' backs.

use super::{SeriesProof, load, load_as_host};
use crate::app::events::{self, EventRecord};
use crate::app::{App, AppError, AppResult, HostKey};
use crate::db::{Conn, queries};
use crate::i18n::Said;

/// A closed evening is not moved.
fn still_open(event: &EventRecord) -> AppResult<()> {
    if event.is_closed() {
        return Err(AppError::conflict(
            Said::new("refused-series-evening-closed")
                .text("evening", event.settings.name.as_str()),
        ));
    }
    Ok(())
}

/// The name of the series `id`, for a message.
fn series_name(conn: &mut Conn, id: i64) -> AppResult<String> {
    Ok(load(conn, id)?.row.name)
}

/// Takes the evening `host` proves into the series `proof` proves; answers the series' name.
/// An evening already in it stays; one in another series must be taken out of that one
/// first (by its host).
pub fn attach_evening(
    app: &App,
    series: i64,
    proof: &SeriesProof,
    host: &HostKey,
) -> AppResult<String> {
    app.write(|conn| {
        let name = load_as_host(conn, series, proof)?.row.name;
        let event = events::load_as_host(conn, host)?;
        match event.row.series_id {
            Some(id) if id == series => return Ok(name),
            Some(other) => {
                return Err(AppError::conflict(
                    Said::new("refused-series-evening-elsewhere")
                        .text("evening", event.settings.name.as_str())
                        .text("series", series_name(conn, other)?),
                ));
            }
            None => {}
        }
        still_open(&event)?;
        queries::set_event_series(conn, event.id(), Some(series))?;
        Ok(name)
    })
}

/// Takes the evening `event` out of the series `proof` proves: the series' host alone may
/// (the season is theirs), or the evening's host (`host`) with the series' proof; answers
/// the series' name. The evening keeps everything but its series; the seats the series' host
/// had given to its people are given no more.
pub fn detach_evening(
    app: &App,
    series: i64,
    proof: &SeriesProof,
    event: i64,
    host: Option<&HostKey>,
) -> AppResult<String> {
    app.write(|conn| {
        let name = load_as_host(conn, series, proof)?.row.name;
        let record = match host {
            Some(host) if host.event == event => events::load_as_host(conn, host)?,
            Some(_) => return Err(events::host_refusal()),
            None => events::load(conn, event)?,
        };
        if record.row.series_id != Some(series) {
            return Err(AppError::not_found(
                Said::new("refused-series-not-its-evening")
                    .text("evening", record.settings.name.as_str()),
            ));
        }
        still_open(&record)?;
        queries::set_event_series(conn, event, None)?;
        Ok(name)
    })
}
