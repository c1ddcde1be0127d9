//! Seat slips: one slip per guest who has not opened their seat yet, with their name, their
//! table this round and a QR code of their own seat link, printed to cut and hand out at the
//! door. A seat link is kept only as a hash, so the slips carry new links: printing them stops
//! any link of those guests sent before (nobody was using it: their seats were never opened).

use super::events::{self, EventRecord};
use super::{App, AppResult, HostKey, rounds};
use crate::db::queries;

/// One guest's slip.
#[derive(Debug, Clone)]
pub struct Slip {
    pub name: String,
    /// Their table in the latest round, once it is seated.
    pub table: Option<i32>,
    /// The new seat link's token.
    pub token: String,
}

/// New seat links for every guest of the event whose seat nobody has opened yet (not bots,
/// not withdrawn entries), in the order of the entries, and the event.
pub fn make_slips(app: &App, host: &HostKey) -> AppResult<(EventRecord, Vec<Slip>)> {
    app.write_as_host(host, |conn, event| {
        let round = rounds::latest(conn, event)?;
        let mut slips = Vec::new();
        for entry in events::entries(conn, event.id())? {
            if entry.row.is_bot || !entry.entry.is_active() {
                continue;
            }
            let table = match &round {
                Some(round) => {
                    queries::table_of_entry(conn, round.row.id, entry.id())?.map(|t| t.number)
                }
                None => None,
            };
            for player in entry.players.iter().filter(|p| !p.claimed) {
                let link = events::renew_link_in(conn, event, player.id)?;
                slips.push(Slip {
                    name: link.name,
                    table,
                    token: link.token,
                });
            }
        }
        Ok((event.clone(), slips))
    })
}
