//! Seating round 1 without holding the write lock while the seating is worked out.
//!
//! Seating a big event (5,000 entries, 2,500 tables) used to run in one write transaction:
//! reading the entries, drawing the seating, and storing every table, its entries and its
//! first deal a row (and a few reads) at a time, about 0.3 s during which no other party
//! could write. Now the seating and every row to store are worked out in a read transaction
//! (which waits for no writer and blocks none), purely in `tournament` and
//! [`play::NewDeal`]; the write then checks that nothing the seating was worked out from has
//! changed since (the event's row, its entries, its latest round), and stores everything in a
//! few batch inserts. When something did change, the seating is worked out once more; when it
//! changed again, the host is told to seat again.
//!
//! A plan that needs bots (they are entries, added by the write) is seated the old way, in
//! one transaction.

use std::collections::HashMap;

use chrono::NaiveDateTime;

use super::seating::{
    SeatRequest, check_reseatable, how_of, insert_seated_round, paper_of, plan_of, seat_first,
};
use super::{RoundRecord, latest};
use crate::app::events::{self, EventRecord};
use crate::app::play::{DIGITAL, NewDeal, PAPER};
use crate::app::{App, AppError, AppResult, HostKey};
use crate::db::models::{NewRoundTable, NewTableEntry};
use crate::db::{Conn, queries};
use crate::tournament::{self, EntryId, Seating, SeatingPlan};

/// The refusal when the event kept changing while round 1 was being seated.
pub const CHANGED: &str = "the event changed while round 1 was being seated (an entry or a \
     setting was changed at the same moment): look at the entries and seat round 1 again";

/// What a seating was worked out from: it is stored only if this is still so.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Inputs {
    /// The event's settings, status and last change.
    event: (String, String, NaiveDateTime),
    /// Each entry: id, position, bot, round joined, round withdrawn.
    entries: Vec<(i64, i32, bool, i32, Option<i32>)>,
    /// The latest round: id and state.
    latest: Option<(i64, String)>,
}

fn inputs(conn: &mut Conn, event: &EventRecord) -> AppResult<Inputs> {
    let entries = queries::entries_of_event(conn, event.id())?
        .into_iter()
        .map(|e| {
            (
                e.id,
                e.position,
                e.is_bot,
                e.joined_round,
                e.withdrawn_round,
            )
        })
        .collect();
    let latest = queries::latest_round(conn, event.id())?.map(|r| (r.id, r.state));
    Ok(Inputs {
        event: (
            event.row.settings.clone(),
            event.row.status.clone(),
            event.row.updated_at,
        ),
        entries,
        latest,
    })
}

/// A seating of round 1 worked out, with every row it stores.
#[derive(Debug, Clone)]
pub struct Prepared {
    inputs: Inputs,
    plan: SeatingPlan,
    seating: Seating,
    /// Each table's first deal (`None`: played with real cards).
    deals: Vec<Option<NewDeal>>,
}

/// Works out round 1's seating and its rows, reading only. `None` when the plan needs bots
/// (seated by [`seat_first`] in one write).
pub fn prepare(
    conn: &mut Conn,
    event: &EventRecord,
    request: &SeatRequest,
) -> AppResult<Option<Prepared>> {
    let inputs = inputs(conn, event)?;
    check_reseatable(latest(conn, event)?.as_ref())?;
    let records = events::entries(conn, event.id())?;
    let listed: Vec<EntryId> = records
        .iter()
        .filter(|e| e.entry.is_active())
        .map(|e| e.id())
        .collect();
    let plan = plan_of(event, listed.len(), request)?;
    if plan.bots > 0 {
        return Ok(None);
    }
    let entries: Vec<tournament::Entry> = records.into_iter().map(|e| e.entry).collect();
    let seating = tournament::seat_first_round(
        &event.settings,
        &entries,
        &plan,
        &how_of(request, listed),
        &[],
    )
    .map_err(|e| AppError::invalid(e.to_string()))?;
    let paper = paper_of(request, &seating)?;
    let mut players: HashMap<EntryId, Vec<i64>> = HashMap::new();
    // In member order, as the query sorts them.
    for player in queries::players_of_event(conn, event.id())? {
        players.entry(player.entry_id).or_default().push(player.id);
    }
    let deals = seating
        .tables
        .iter()
        .map(|table| {
            if paper.contains(&table.number) {
                return Ok(None);
            }
            let at_table: Vec<(EntryId, Vec<i64>)> = table
                .entries
                .iter()
                .map(|entry| (*entry, players.get(entry).cloned().unwrap_or_default()))
                .collect();
            let number = i32::try_from(table.number).unwrap_or(i32::MAX);
            NewDeal::at(event, 1, number, &at_table, 1).map(Some)
        })
        .collect::<AppResult<Vec<_>>>()?;
    Ok(Some(Prepared {
        inputs,
        plan,
        seating,
        deals,
    }))
}

/// Stores a prepared seating of round 1 in the caller's write, if nothing it was worked out
/// from changed meanwhile (`None` if something did: nothing was written).
pub fn store(
    conn: &mut Conn,
    event: &EventRecord,
    prepared: &Prepared,
    now: NaiveDateTime,
) -> AppResult<Option<RoundRecord>> {
    if inputs(conn, event)? != prepared.inputs {
        return Ok(None);
    }
    if let Some((existing, _)) = &prepared.inputs.latest {
        queries::delete_round(conn, *existing)?;
    }
    let remainder = prepared.plan.remainder;
    if remainder != event.settings.remainder {
        let mut settings = event.settings.clone();
        settings.remainder = remainder;
        events::update_settings(conn, event, settings, now)?;
    }
    let row = insert_seated_round(conn, event, 1, &prepared.seating)?;
    let tables = &prepared.seating.tables;
    let new_tables: Vec<NewRoundTable> = tables
        .iter()
        .zip(&prepared.deals)
        .map(|(table, deal)| NewRoundTable {
            round_id: row.id,
            number: i32::try_from(table.number).unwrap_or(i32::MAX),
            mode: if deal.is_some() { DIGITAL } else { PAPER },
        })
        .collect();
    queries::insert_tables(conn, &new_tables)?;
    let stored: HashMap<i32, i64> = queries::tables_of_round(conn, row.id)?
        .into_iter()
        .map(|t| (t.number, t.id))
        .collect();
    let id_of = |number: u32| -> AppResult<i64> {
        i32::try_from(number)
            .ok()
            .and_then(|n| stored.get(&n).copied())
            .ok_or_else(|| AppError::Internal(format!("table {number} was not stored")))
    };
    let mut seated = Vec::new();
    let mut games = Vec::new();
    for (table, deal) in tables.iter().zip(&prepared.deals) {
        let table_id = id_of(table.number)?;
        for (side, &entry) in table.entries.iter().enumerate() {
            seated.push(NewTableEntry {
                table_id,
                entry_id: entry,
                side: side as i32,
            });
        }
        if let Some(deal) = deal {
            games.push(deal.row(table_id, now));
        }
    }
    queries::insert_table_entries(conn, &seated)?;
    queries::insert_games(conn, &games)?;
    Ok(Some(RoundRecord::new(row, Vec::new())?))
}

/// Seats round 1 (again, if it has not started): worked out apart from the write, stored in
/// one short write. Answers the round and the plan it follows.
pub fn seat_first_apart(
    app: &App,
    host: &HostKey,
    request: &SeatRequest,
) -> AppResult<(RoundRecord, SeatingPlan)> {
    for _ in 0..2 {
        let prepared = app.read_as_host(host, |conn, event| prepare(conn, event, request))?;
        let Some(prepared) = prepared else {
            return app.write_as_host(host, |conn, event| {
                seat_first(conn, event, request, app.now_naive())
            });
        };
        let stored = app.write_as_host(host, |conn, event| {
            store(conn, event, &prepared, app.now_naive())
        })?;
        if let Some(round) = stored {
            return Ok((round, prepared.plan));
        }
    }
    Err(AppError::Stale(CHANGED.into()))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::app::SystemClock;
    use crate::db::{self, Database};
    use crate::tournament::{Members, Settings};

    fn event_of(app: &App, players: u32) -> HostKey {
        let (event, token) =
            events::create_event(app, Settings::new("Apart", 3)).expect("an event");
        app.write(|conn| {
            for n in 1..=players {
                let members = Members::player(&format!("Player {n}")).expect("a name");
                events::add_entry_in(conn, &event, members, None, app.now_naive())?;
            }
            Ok(())
        })
        .expect("entries");
        HostKey::token(event.id(), token)
    }

    #[test]
    fn reseating_is_refused_when_the_event_changed_meanwhile() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let pool = db::open(&Database::Sqlite(dir.path().join("apart.sqlite")), 2).expect("db");
        let app = App::new(pool, Arc::new(SystemClock));
        let host = event_of(&app, 8);
        let request = SeatRequest::default();
        seat_first_apart(&app, &host, &request).expect("seated");
        let prepared = app
            .read_as_host(&host, |conn, event| prepare(conn, event, &request))
            .expect("prepared")
            .expect("no bots for 8 players");
        // Someone adds an entry between the working out and the write.
        app.write_as_host(&host, |conn, event| {
            let members = Members::player("Late").expect("a name");
            events::add_entry_in(conn, event, members, None, app.now_naive()).map(drop)
        })
        .expect("a late entry");
        let before = app
            .read_as_host(&host, |conn, event| {
                Ok(latest(conn, event)?.map(|r| r.row.id))
            })
            .expect("the round");
        let stored = app
            .write_as_host(&host, |conn, event| {
                store(conn, event, &prepared, app.now_naive())
            })
            .expect("no error");
        assert!(stored.is_none(), "a stale seating was stored");
        let after = app
            .read_as_host(&host, |conn, event| {
                Ok(latest(conn, event)?.map(|r| r.row.id))
            })
            .expect("the round");
        assert_eq!(before, after, "the refused write changed the round");
        // Seated again, the late entry is in (a bye or a table).
        let (_, plan) = seat_first_apart(&app, &host, &request).expect("seated again");
        assert_eq!(plan.entries(), 9);
    }
}
