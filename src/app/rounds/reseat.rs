//! Seating round 1 without holding the write lock for long.
//!
//! Seating a big event (5,000 entries, 2,500 tables) used to run in one write transaction:
//! reading the entries, drawing the seating, and storing every table, its entries and its
//! first deal, about 0.3 s during which no other party could write. Now it goes in steps, none
//! of which writes more than [`TABLES_PER_WRITE`] tables:
//!
//! 1. the seating and every row to store are worked out in a read transaction (which waits for
//!    no writer and blocks none), purely in `tournament` and [`play::NewDeal`];
//! 2. they are stored as a *staged* round, numbered below 1 so that no query of the event's
//!    rounds sees it, in several short writes;
//! 3. one write of a few rows checks that nothing the seating was worked out from has changed
//!    (the event's row, its entries, its latest round) and switches the staged round in as
//!    round 1, the replaced round out (*discarded*, numbered below 1 too);
//! 4. the discarded round is deleted in short writes.
//!
//! When something did change, the seating is worked out once more; when it changed again,
//! the host is told to seat again. A seating staged meanwhile by another request is discarded
//! by the switch, and stops storing at its next step.
//!
//! A plan that needs bots (they are entries, added by the write) is seated the old way, in
//! one transaction.

use std::collections::HashMap;

use chrono::NaiveDateTime;

use super::seating::{
    SeatRequest, check_reseatable, how_of, insert_seated_round, paper_of, plan_of, seat_first,
};
use super::{RoundOverview, RoundRecord, latest, overview};
use crate::app::events::{self, EventRecord};
use crate::app::play::{DIGITAL, NewDeal, PAPER};
use crate::app::{App, AppError, AppResult, HostKey};
use crate::db::models::{NewRoundTable, NewTableEntry};
use crate::db::{Conn, queries};
use crate::tournament::{self, EntryId, Seating, SeatingPlan};

/// The refusal when the event kept changing while round 1 was being seated (its message).
pub const CHANGED: &str = "refused-reseat-changed";

/// Seats round 1; answers the round seated and the plan it followed (with its warning, if it
/// is unfair).
pub fn seat_first_round(
    app: &App,
    host: &HostKey,
    request: &SeatRequest,
) -> AppResult<(RoundRecord, SeatingPlan)> {
    seat_first_apart(app, host, request)
}

/// Seats round 1; answers the round as the API shows it and the plan's warning, if unfair.
pub fn seat_round(
    app: &App,
    host: &HostKey,
    request: &SeatRequest,
) -> AppResult<(RoundOverview, Option<String>)> {
    let (round, plan) = seat_first_apart(app, host, request)?;
    // The round as the API shows it, read after the write (not inside it).
    let overview = app.read_as_host(host, |conn, event| overview(conn, event, round, app.now()))?;
    Ok((overview, plan.warning))
}

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
    .map_err(|e| AppError::invalid(e.said()))?;
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

/// A seating being stored in steps: out of the event's rounds until it is switched in.
pub const STAGED: &str = "staged";
/// A seating replaced (or never switched in): out of the event's rounds, deleted in steps.
pub const DISCARDED: &str = "discarded";
/// Tables stored, or deleted, per write: each write stays a few milliseconds long.
const TABLES_PER_WRITE: usize = 200;

/// Stores a prepared seating as a staged round, out of the event's rounds (nobody sees it),
/// in writes of [`TABLES_PER_WRITE`] tables. Answers the staged round's id.
fn stage(app: &App, event: &EventRecord, prepared: &Prepared) -> AppResult<i64> {
    let staged = app.write(|conn| {
        // Numbered 0 for a moment, then below 1 by its own id: never another round's number.
        let row = insert_seated_round(conn, event, 0, &prepared.seating)?;
        queries::set_round_place(conn, row.id, staged_number(row.id), STAGED)?;
        Ok(row.id)
    })?;
    let tables: Vec<_> = prepared
        .seating
        .tables
        .iter()
        .zip(&prepared.deals)
        .collect();
    for part in tables.chunks(TABLES_PER_WRITE) {
        let now = app.now_naive();
        app.write(|conn| {
            // A later seating switched in meanwhile and discarded this one: stop storing it.
            if !is_staged(conn, staged)? {
                return Err(AppError::stale(crate::i18n::Said::new(CHANGED)));
            }
            let new_tables: Vec<NewRoundTable> = part
                .iter()
                .map(|(table, deal)| NewRoundTable {
                    round_id: staged,
                    number: i32::try_from(table.number).unwrap_or(i32::MAX),
                    mode: if deal.is_some() { DIGITAL } else { PAPER },
                })
                .collect();
            queries::insert_tables(conn, &new_tables)?;
            let stored: HashMap<i32, i64> = queries::tables_of_round(conn, staged)?
                .into_iter()
                .map(|t| (t.number, t.id))
                .collect();
            let mut seated = Vec::new();
            let mut games = Vec::new();
            for (table, deal) in part {
                let table_id = i32::try_from(table.number)
                    .ok()
                    .and_then(|n| stored.get(&n).copied())
                    .ok_or_else(|| {
                        AppError::Internal(format!("table {} was not stored", table.number))
                    })?;
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
            Ok(())
        })?;
    }
    Ok(staged)
}

/// Whether a seating is still staged: not discarded (nor deleted) by a later seating.
fn is_staged(conn: &mut Conn, id: i64) -> AppResult<bool> {
    match queries::round_by_id(conn, id) {
        Ok(round) => Ok(round.state == STAGED),
        Err(diesel::result::Error::NotFound) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// The number a staged or discarded round has: below 1, and its own.
fn staged_number(id: i64) -> i32 {
    -i32::try_from(id.rem_euclid(i64::from(i32::MAX))).unwrap_or(i32::MAX)
}

/// Switches a staged seating in as round 1, in the caller's write, if nothing it was worked out
/// from changed meanwhile (`None` if something did: nothing was written). The round it
/// replaces, and any other seating staged meanwhile, are discarded: out of the event at once,
/// deleted afterwards by [`purge`]. A few rows change, whatever the event's size.
fn switch(
    conn: &mut Conn,
    event: &EventRecord,
    prepared: &Prepared,
    staged: i64,
    now: NaiveDateTime,
) -> AppResult<Option<RoundRecord>> {
    if inputs(conn, event)? != prepared.inputs || !is_staged(conn, staged)? {
        return Ok(None);
    }
    if let Some((existing, _)) = &prepared.inputs.latest {
        queries::set_round_place(conn, *existing, staged_number(*existing), DISCARDED)?;
    }
    for other in queries::any_rounds_in_state(conn, event.id(), STAGED)? {
        if other.id != staged {
            queries::set_round_place(conn, other.id, other.number, DISCARDED)?;
        }
    }
    let remainder = prepared.plan.remainder;
    if remainder != event.settings.remainder {
        let mut settings = event.settings.clone();
        settings.remainder = remainder;
        events::update_settings(conn, event, settings, now)?;
    }
    queries::set_round_place(conn, staged, 1, super::SEATED)?;
    Ok(Some(RoundRecord::new(
        queries::round_by_id(conn, staged)?,
        Vec::new(),
    )?))
}

/// Deletes an event's discarded seatings, [`TABLES_PER_WRITE`] tables a write.
fn purge(app: &App, event: i64) -> AppResult<()> {
    let discarded = app.read(|conn| Ok(queries::any_rounds_in_state(conn, event, DISCARDED)?))?;
    for round in discarded {
        while !app.write(|conn| {
            Ok(queries::delete_round_part(
                conn,
                round.id,
                TABLES_PER_WRITE,
            )?)
        })? {}
    }
    Ok(())
}

/// Seats round 1 (again, if it has not started): worked out apart from any write, stored in
/// short writes out of the event's sight, then switched in by one write of a few rows; the
/// round it replaces is deleted afterwards in short writes. Answers the round and the plan it
/// follows.
pub fn seat_first_apart(
    app: &App,
    host: &HostKey,
    request: &SeatRequest,
) -> AppResult<(RoundRecord, SeatingPlan)> {
    for _ in 0..2 {
        let (event, prepared) = app.read_as_host(host, |conn, event| {
            Ok((event.clone(), prepare(conn, event, request)?))
        })?;
        let Some(prepared) = prepared else {
            return app.write_as_host(host, |conn, event| {
                seat_first(conn, event, request, app.now_naive())
            });
        };
        let staged = stage(app, &event, &prepared)?;
        let switched = app.write_as_host(host, |conn, event| {
            switch(conn, event, &prepared, staged, app.now_naive())
        })?;
        if switched.is_none() {
            app.write(|conn| {
                queries::set_round_place(conn, staged, staged_number(staged), DISCARDED)?;
                Ok(())
            })?;
        }
        purge(app, event.id())?;
        if let Some(round) = switched {
            return Ok((round, prepared.plan));
        }
    }
    Err(AppError::stale(crate::i18n::Said::new(CHANGED)))
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
        let staged = stage(&app, &event_record(&app, &host), &prepared).expect("staged");
        let stored = app
            .write_as_host(&host, |conn, event| {
                switch(conn, event, &prepared, staged, app.now_naive())
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
    fn event_record(app: &App, host: &HostKey) -> EventRecord {
        app.read_as_host(host, |_, event| Ok(event.clone()))
            .expect("the event")
    }

    /// Every row of every round of the event, hidden ones included: (rounds, tables, seats,
    /// deals).
    fn rows(app: &App, event: i64) -> (usize, usize, usize, usize) {
        app.read(|conn| {
            let mut rounds = Vec::new();
            for state in [crate::app::rounds::SEATED, STAGED, DISCARDED] {
                rounds.extend(queries::any_rounds_in_state(conn, event, state)?);
            }
            let (mut tables, mut seats, mut deals) = (0, 0, 0);
            for round in &rounds {
                for table in queries::tables_of_round(conn, round.id)? {
                    tables += 1;
                    seats += queries::entries_of_table(conn, table.id)?.len();
                    deals += queries::games_of_table(conn, table.id)?.len();
                }
            }
            Ok((rounds.len(), tables, seats, deals))
        })
        .expect("the rows")
    }

    #[test]
    fn a_seating_being_stored_is_out_of_sight_until_it_is_switched_in() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let pool = db::open(&Database::Sqlite(dir.path().join("staged.sqlite")), 2).expect("db");
        let app = App::new(pool, Arc::new(SystemClock));
        let host = event_of(&app, 900);
        let request = SeatRequest::default();
        let (first, _) = seat_first_apart(&app, &host, &request).expect("seated");
        let event = event_record(&app, &host);
        let prepared = app
            .read_as_host(&host, |conn, event| prepare(conn, event, &request))
            .expect("prepared")
            .expect("no bots");
        let staged = stage(&app, &event, &prepared).expect("staged");
        // Stored in several writes, yet the event still shows the first seating, alone.
        let shown = app
            .read(|conn| Ok(queries::rounds_of_event(conn, event.id())?))
            .expect("rounds");
        assert_eq!(shown.len(), 1);
        assert_eq!(shown[0].id, first.row.id);
        assert_eq!(rows(&app, event.id()), (2, 900, 1800, 900));
        let round = app
            .write_as_host(&host, |conn, event| {
                switch(conn, event, &prepared, staged, app.now_naive())
            })
            .expect("switched")
            .expect("nothing changed meanwhile");
        assert_eq!(round.row.id, staged);
        assert_eq!(round.row.number, 1);
        // The first seating is out of sight at once, and deleted in parts afterwards.
        let shown = app
            .read(|conn| Ok(queries::rounds_of_event(conn, event.id())?))
            .expect("rounds");
        assert_eq!(shown.iter().map(|r| r.id).collect::<Vec<_>>(), vec![staged]);
        purge(&app, event.id()).expect("purged");
        assert_eq!(rows(&app, event.id()), (1, 450, 900, 450));
    }

    #[test]
    fn a_seating_switched_in_discards_one_staged_meanwhile() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let pool = db::open(&Database::Sqlite(dir.path().join("two.sqlite")), 2).expect("db");
        let app = App::new(pool, Arc::new(SystemClock));
        let host = event_of(&app, 12);
        let request = SeatRequest::default();
        seat_first_apart(&app, &host, &request).expect("seated");
        let event = event_record(&app, &host);
        let prepared = app
            .read_as_host(&host, |conn, event| prepare(conn, event, &request))
            .expect("prepared")
            .expect("no bots");
        let slow = stage(&app, &event, &prepared).expect("staged");
        // Another seating of the same event goes all the way through meanwhile.
        seat_first_apart(&app, &host, &request).expect("seated again");
        let late = app
            .write_as_host(&host, |conn, event| {
                switch(conn, event, &prepared, slow, app.now_naive())
            })
            .expect("no error");
        assert!(late.is_none(), "a discarded seating was switched in");
        assert!(
            !app.read(|conn| is_staged(conn, slow)).expect("the round"),
            "the slow seating is still staged"
        );
        // Nothing is left of it once purged; the event has its one round 1.
        purge(&app, event.id()).expect("purged");
        assert_eq!(rows(&app, event.id()), (1, 6, 12, 6));
    }
}
