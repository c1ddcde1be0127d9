//! The close: every table's miles, the movers (ties cut or chosen by the host), the scores
//! recorded and the next round seated, or the evening finished.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{
    RoundRecord, RoundStage, create_round, deadline, latest, load, paper_table_miles, reading,
    seating_of, table_of,
};
use crate::app::events::{self, EventRecord};
use crate::app::play::{self, DIGITAL, PAPER};
use crate::app::{App, AppError, AppResult, HostKey, Tx, utc};
use crate::db::models::{self, NewScore};
use crate::db::{Conn, queries};
use crate::i18n::Said;
use crate::tournament::{self, ClockState, Closing, EntryId};

/// Why a table's round scores are not known yet.
#[derive(Debug, Clone, Serialize)]
pub struct MissingScores {
    pub table: u32,
    pub reason: Said,
}

/// A round's tables read at once, as the pages that show them all need them: the tables, who
/// sits at each, every deal, and the deals in play replayed. A handful of queries whatever the
/// number of tables.
pub struct RoundTables {
    pub tables: Vec<models::RoundTable>,
    /// Per table: its entries in side order, and its deals in order.
    seated: HashMap<i64, Vec<models::TableEntry>>,
    games: HashMap<i64, Vec<models::GameRow>>,
    playing: HashMap<i64, Arc<play::LoadedDeal>>,
}

impl RoundTables {
    pub fn read(tx: &mut Tx, round: &RoundRecord) -> AppResult<RoundTables> {
        let games = queries::games_of_round(tx, round.row.id)?;
        let playing = crate::app::deals::deals_in_play(tx, &games)?;
        // Both queries are ordered (by side, by deal number), which grouping keeps.
        let mut seated: HashMap<i64, Vec<models::TableEntry>> = HashMap::new();
        for te in queries::entries_of_round(tx, round.row.id)? {
            seated.entry(te.table_id).or_default().push(te);
        }
        let mut by_table: HashMap<i64, Vec<models::GameRow>> = HashMap::new();
        for game in games {
            by_table.entry(game.table_id).or_default().push(game);
        }
        Ok(RoundTables {
            tables: queries::tables_of_round(tx, round.row.id)?,
            seated,
            games: by_table,
            playing,
        })
    }

    /// The entries at a table, in side order.
    pub fn entries_of(&self, table: i64) -> &[models::TableEntry] {
        self.seated.get(&table).map_or(&[], Vec::as_slice)
    }

    /// A table's deals, in order.
    pub fn games_of(&self, table: i64) -> &[models::GameRow] {
        self.games.get(&table).map_or(&[], Vec::as_slice)
    }

    /// What each entry at a digital table has scored this round.
    fn miles_of(&self, table: i64) -> AppResult<BTreeMap<EntryId, u32>> {
        let entries: Vec<EntryId> = self
            .entries_of(table)
            .iter()
            .map(|te| te.entry_id)
            .collect();
        play::miles_of(&entries, self.games_of(table), |id| {
            self.playing.get(&id).map(|deal| deal.miles())
        })
    }
}

/// Every table entry's miles for the round as they stand, and the tables whose scores are
/// still missing (paper tables without a confirmed card).
pub fn round_miles(
    tx: &mut Tx,
    event: &EventRecord,
    round: &RoundRecord,
) -> AppResult<(BTreeMap<EntryId, u32>, Vec<MissingScores>)> {
    if round.is_closed() {
        let mut miles = BTreeMap::new();
        for score in queries::scores_of_round(tx, round.row.id)? {
            miles.insert(score.entry_id, u32::try_from(score.miles).unwrap_or(0));
        }
        return Ok((miles, Vec::new()));
    }
    let tables = RoundTables::read(tx, round)?;
    miles_in(tx, event, &tables)
}

/// [`round_miles`] of an open round whose tables are read already.
pub fn miles_in(
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundTables,
) -> AppResult<(BTreeMap<EntryId, u32>, Vec<MissingScores>)> {
    let mut miles = BTreeMap::new();
    let mut missing = Vec::new();
    for table in &round.tables {
        let number = u32::try_from(table.number).unwrap_or(0);
        if table.mode == DIGITAL {
            miles.extend(round.miles_of(table.id)?);
            continue;
        }
        match paper_table_miles(conn, event, table) {
            Ok(Some(per_entry)) => miles.extend(per_entry),
            Ok(None) => missing.push(MissingScores {
                table: number,
                reason: Said::new("refused-cards-not-in"),
            }),
            Err(AppError::Invalid(reason)) => missing.push(MissingScores {
                table: number,
                reason,
            }),
            Err(other) => return Err(other),
        }
    }
    Ok((miles, missing))
}

/// What closing the round would do now: movers, cuts for ties, the next seating.
pub fn preview_close_in(
    tx: &mut Tx,
    event: &EventRecord,
    round: &RoundRecord,
) -> AppResult<Closing> {
    let (miles, missing) = round_miles(tx, event, round)?;
    if let Some(first) = missing.first() {
        return Err(AppError::conflict(
            Said::new("refused-table-without-scores")
                .number("table", first.table)
                .said("reason", first.reason.clone()),
        ));
    }
    let seating = seating_of(tx, round)?;
    let choices = host_choices(tx, round)?;
    tournament::close_round(&event.settings, round.number(), &seating, &miles, &choices)
        .map_err(|e| AppError::conflict(e.said()))
}

pub(super) fn host_choices(
    conn: &mut Conn,
    round: &RoundRecord,
) -> AppResult<BTreeMap<u32, EntryId>> {
    Ok(queries::tables_of_round(conn, round.row.id)?
        .into_iter()
        .filter_map(|t| Some((u32::try_from(t.number).ok()?, t.host_choice?)))
        .collect())
}

/// The host names the entry that progresses from a table where entries are tied (or takes
/// the choice back with `None`). Only before the round is closed.
pub fn choose_mover_in(
    conn: &mut Conn,
    event: &EventRecord,
    number: i32,
    table_number: i32,
    entry: Option<EntryId>,
) -> AppResult<()> {
    let round = load(conn, event, number)?;
    if round.is_closed() {
        return Err(AppError::conflict(Said::new("refused-mover-round-closed")));
    }
    let table = table_of(conn, &round, table_number)?;
    if let Some(entry) = entry {
        let at_table = queries::entries_of_table(conn, table.id)?
            .iter()
            .any(|te| te.entry_id == entry);
        if !at_table {
            return Err(AppError::invalid(
                Said::new("refused-mover-not-seated")
                    .text("entry", entry.to_string())
                    .number("table", table_number),
            ));
        }
    }
    queries::set_table_host_choice(conn, table.id, entry)?;
    Ok(())
}

/// What closing a round did.
#[derive(Debug, Clone, Serialize)]
pub struct CloseSummary {
    pub closing: Closing,
    /// The next round, seated, if the evening goes on.
    pub next_round: Option<i32>,
    /// The evening is over and the standings are final.
    pub finished: bool,
    /// Why the evening ended, if it did.
    pub finished_because: Option<tournament::LimitReached>,
}

/// Closes a round: records every score, decides the movers, and seats the next round (or
/// ends the evening when the rounds or the time are over).
pub fn close_in(
    tx: &mut Tx,
    event: &EventRecord,
    number: i32,
    now: DateTime<Utc>,
) -> AppResult<CloseSummary> {
    let mut round = load(tx, event, number)?;
    if round.is_closed() {
        return Err(AppError::conflict(
            Said::new("refused-round-already-closed").number("round", number),
        ));
    }
    let state = reading(tx, event, &round, now)?.state;
    if state != ClockState::Over {
        return Err(AppError::conflict(Said::new(match state {
            ClockState::NotStarted => "refused-close-not-started",
            _ => "refused-close-still-played",
        })));
    }
    let closing = preview_close_in(tx, event, &round)?;
    record_closing(tx, &round, &closing)?;
    round.set_stage(RoundStage::Closed);
    round.row.closed_at = Some(now.naive_utc());
    if round.row.stopped_at.is_none() {
        round.row.stopped_at = round
            .clock()
            .read(now, deadline(tx, event)?)
            .planned_end
            .map(|t| t.naive_utc());
    }
    round.row.closing = Some(serde_json::to_string(&closing)?);
    queries::update_round(tx, &round.row)?;
    let (next_round, finished_because) = seat_next(tx, event, &round, &closing, now)?;
    Ok(CloseSummary {
        closing,
        next_round,
        finished: finished_because.is_some(),
        finished_because,
    })
}

/// Stores a closing's scores and movers.
pub(super) fn record_closing(
    conn: &mut Conn,
    round: &RoundRecord,
    closing: &Closing,
) -> AppResult<()> {
    let tables = queries::tables_of_round(conn, round.row.id)?;
    let mut source: BTreeMap<EntryId, &'static str> = BTreeMap::new();
    for te in queries::entries_of_round(conn, round.row.id)? {
        let paper = tables
            .iter()
            .any(|t| t.id == te.table_id && t.mode == PAPER);
        source.insert(te.entry_id, if paper { PAPER } else { DIGITAL });
    }
    for (&entry, &miles) in &closing.miles {
        queries::upsert_score(
            conn,
            &NewScore {
                round_id: round.row.id,
                entry_id: entry,
                miles: i32::try_from(miles).unwrap_or(i32::MAX),
                source: source.get(&entry).copied().unwrap_or("bye"),
            },
        )?;
    }
    for outcome in &closing.tables {
        if let Some(table) = tables.iter().find(|t| t.number as u32 == outcome.table) {
            let tie = match &outcome.decision {
                tournament::MoverDecision::MostMiles => None,
                other => Some(serde_json::to_string(other)?),
            };
            queries::update_table_result(conn, table.id, Some(outcome.mover), tie.as_deref())?;
        }
    }
    Ok(())
}

/// After a close: seats the next round, or finishes the evening. Returns the next round's
/// number, or why the evening is over.
pub(super) fn seat_next(
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundRecord,
    closing: &Closing,
    now: DateTime<Utc>,
) -> AppResult<(Option<i32>, Option<tournament::LimitReached>)> {
    let started = round.number();
    let first_start = queries::round(conn, event.id(), 1)?.and_then(|r| r.started_at);
    if let Err(reached) =
        tournament::may_start_round(&event.settings, started, first_start.map(utc), now)
    {
        queries::set_event_status(conn, event.id(), events::FINISHED, now.naive_utc())?;
        return Ok((None, Some(reached)));
    }
    let entries: Vec<tournament::Entry> = events::entries(conn, event.id())?
        .into_iter()
        .map(|e| e.entry)
        .collect();
    let next = match tournament::prepare_next_round(&event.settings, &closing.next, &entries) {
        Err(tournament::SeatingError::BotsNeeded { count }) => {
            events::add_bots(conn, event, count, "steady", now.naive_utc())?;
            let entries: Vec<tournament::Entry> = events::entries(conn, event.id())?
                .into_iter()
                .map(|e| e.entry)
                .collect();
            tournament::prepare_next_round(&event.settings, &closing.next, &entries)
        }
        other => other,
    }
    .map_err(|e| AppError::conflict(e.said()))?;
    for bot in &next.released_bots {
        // Released after this round: the bot keeps it, and plays no more.
        queries::withdraw_entry(conn, *bot, round.row.number + 1)?;
    }
    let paper: Vec<u32> = queries::tables_of_round(conn, round.row.id)?
        .iter()
        .filter(|t| t.mode == PAPER)
        .map(|t| t.number as u32)
        .collect();
    let created = create_round(
        conn,
        event,
        round.row.number + 1,
        &next.seating,
        &paper,
        now.naive_utc(),
    )?;
    Ok((Some(created.row.number), None))
}

/// Seats the latest round again when it was seated by the movement and has not started, and
/// `entry` sits in it (at a table or on a bye): after a withdrawal, so that the withdrawn
/// entry plays no more rounds and its seat goes, by the roster's rules, to whoever waits
/// longest, a late entry or a bot. Round 1 is left alone: the host seats it again. Answers
/// whether the round was seated again.
pub fn reseat_without_in(
    conn: &mut Conn,
    event: &EventRecord,
    entry: EntryId,
    now: DateTime<Utc>,
) -> AppResult<bool> {
    let Some(round) = latest(conn, event)? else {
        return Ok(false);
    };
    if !round.is_seated() || round.row.number < 2 {
        return Ok(false);
    }
    if !seating_of(conn, &round)?.entries().contains(&entry) {
        return Ok(false);
    }
    let previous = load(conn, event, round.row.number - 1)?;
    let closing: Closing = previous.closing()?;
    queries::delete_round(conn, round.row.id)?;
    seat_next(conn, event, &previous, &closing, now)?;
    Ok(true)
}

/// Ends the evening now: a round seated but not started is dropped. The results are
/// provisional (the last round can still be corrected) until the host closes the evening.
pub fn finish_event_in(conn: &mut Conn, event: &EventRecord, now: DateTime<Utc>) -> AppResult<()> {
    if event.is_finished() {
        return Err(AppError::conflict(Said::new(
            "refused-event-already-finished",
        )));
    }
    if let Some(round) = latest(conn, event)? {
        if round.is_seated() {
            queries::delete_round(conn, round.row.id)?;
        } else if !round.is_closed() {
            return Err(AppError::conflict(
                Said::new("refused-finish-round-played").number("round", round.row.number),
            ));
        }
    }
    queries::set_event_status(conn, event.id(), events::FINISHED, now.naive_utc())?;
    Ok(())
}

/// Closes the evening for good, the host's explicit and confirmed act: the evening is ended
/// first if it is not over yet (as [`finish_event_in`] does), then its results and prizes are
/// final and every correction afterwards is refused.
pub fn close_event_in(conn: &mut Conn, event: &EventRecord, now: DateTime<Utc>) -> AppResult<()> {
    if event.is_closed() {
        return Err(AppError::conflict(Said::new(
            "refused-evening-already-closed",
        )));
    }
    if !event.is_finished() {
        finish_event_in(conn, event, now)?;
    }
    queries::close_event(conn, event.id(), now.naive_utc())?;
    Ok(())
}

/// What closing round `number` would do now.
pub fn preview_close(app: &App, host: &HostKey, number: i32) -> AppResult<Closing> {
    app.read_as_host(host, |conn, event| {
        let round = load(conn, event, number)?;
        preview_close_in(conn, event, &round)
    })
}

/// Closes round `number`: scores recorded, movers moved, the next round seated.
pub fn close(app: &App, host: &HostKey, number: i32) -> AppResult<CloseSummary> {
    app.write_as_host(host, |conn, event| close_in(conn, event, number, app.now()))
}

/// The host's choice of mover among tied entries (None: cut for it).
pub fn choose_mover(
    app: &App,
    host: &HostKey,
    number: i32,
    table: i32,
    entry: Option<EntryId>,
) -> AppResult<()> {
    app.write_as_host(host, |conn, event| {
        choose_mover_in(conn, event, number, table, entry)
    })
}

/// Ends the evening: the standings are provisional until the host closes it.
pub fn finish_event(app: &App, host: &HostKey) -> AppResult<()> {
    app.write_as_host(host, |conn, event| finish_event_in(conn, event, app.now()))
}

/// Closes the evening: its results and prizes are final; no score can be corrected after.
pub fn close_event(app: &App, host: &HostKey) -> AppResult<()> {
    app.write_as_host(host, |conn, event| close_event_in(conn, event, app.now()))
}

/// Withdraws an entry: it keeps what it scored before and plays no more rounds. If it sits
/// at a table of a round being played, its seat is filled at the next seating; if the movement
/// has seated it in the next round, not started yet, that round is seated again without it.
/// The round stored is the first it no longer plays: the round being played or seated now, or
/// the next after a closed one.
pub fn withdraw_entry_in(conn: &mut Conn, event: &EventRecord, entry_id: i64) -> AppResult<()> {
    let entry = events::entry_of(conn, event, entry_id)?;
    if entry.withdrawn_round.is_some() {
        return Err(AppError::conflict(Said::new("refused-already-withdrawn")));
    }
    let round = match queries::latest_round(conn, event.id())? {
        None => 1,
        Some(r) if r.state == super::CLOSED => r.number + 1,
        Some(r) => r.number,
    };
    queries::withdraw_entry(conn, entry.id, round)?;
    Ok(())
}

/// Withdraws an entry: it keeps its scores and is not seated again.
pub fn withdraw_entry(app: &App, host: &HostKey, entry: i64) -> AppResult<()> {
    app.write_as_host(host, |conn, event| {
        withdraw_entry_in(conn, event, entry)?;
        reseat_without_in(conn, event, entry, app.now())?;
        Ok(())
    })
}
