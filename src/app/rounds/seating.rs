//! Seating round 1 (and storing any seated round): the ways to seat it, the host's order or
//! a draw, paper or digital tables.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use super::{RoundRecord, SEATED, latest, load, table_of};
use crate::app::events::{self, EventRecord};
use crate::app::play::{self, DIGITAL, PAPER};
use crate::app::{App, AppError, AppResult, HostKey};
use crate::db::models::{self, NewRound, NewRoundTable};
use crate::db::{Conn, queries};
use crate::i18n::Said;
use crate::tournament::{self, EntryId, FirstSeating, Remainder, RoundKind, Seating, SeatingPlan};

/// How the host wants round 1 seated.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SeatRequest {
    /// Mixed tables, byes or bots for numbers that don't divide (default: the proposal, see
    /// [`tournament::seating_options`]).
    pub remainder: Option<Remainder>,
    /// The host's order of entries; none means a draw from the event's seed.
    pub order: Option<Vec<EntryId>>,
    /// Without an order: seat the entries in the order the console lists them (the order
    /// they were added) rather than by a draw.
    #[serde(default)]
    pub listed_order: bool,
    /// Tables played with real cards, by number (the others are digital).
    #[serde(default)]
    pub paper_tables: Vec<u32>,
    /// Play every table with real cards.
    #[serde(default)]
    pub all_paper: bool,
}

/// The ways round 1 could be seated with the entries in now, the proposal first.
pub fn seating_options_in(conn: &mut Conn, event: &EventRecord) -> AppResult<Vec<SeatingPlan>> {
    let active = events::entries(conn, event.id())?
        .iter()
        .filter(|e| e.entry.is_active())
        .count();
    tournament::seating_options(&event.settings, active).map_err(|e| AppError::invalid(e.said()))
}

/// Seats round 1 (again, if it has not started yet); answers the round and the plan it
/// follows, whose `warning` says when the host chose an unfair one.
pub fn seat_first(
    conn: &mut Conn,
    event: &EventRecord,
    request: &SeatRequest,
    now: NaiveDateTime,
) -> AppResult<(RoundRecord, SeatingPlan)> {
    let existing = latest(conn, event)?;
    check_reseatable(existing.as_ref())?;
    if let Some(existing) = existing {
        queries::delete_round(conn, existing.row.id)?;
    }
    let listed: Vec<EntryId> = events::entries(conn, event.id())?
        .into_iter()
        .filter(|e| e.entry.is_active())
        .map(|e| e.id())
        .collect();
    let plan = plan_of(event, listed.len(), request)?;
    let remainder = plan.remainder;
    let plan_bots = if plan.bots > 0 {
        events::add_bots(conn, event, plan.bots, "steady", now)?
    } else {
        Vec::new()
    };
    let entries: Vec<tournament::Entry> = events::entries(conn, event.id())?
        .into_iter()
        .map(|e| e.entry)
        .collect();
    let seating = tournament::seat_first_round(
        &event.settings,
        &entries,
        &plan,
        &how_of(request, listed),
        &plan_bots,
    )
    .map_err(|e| AppError::invalid(e.said()))?;
    if remainder != event.settings.remainder {
        let mut settings = event.settings.clone();
        settings.remainder = remainder;
        events::update_settings(conn, event, settings, now)?;
    }
    let paper = paper_of(request, &seating)?;
    let round = create_round(conn, event, 1, &seating, &paper, now)?;
    Ok((round, plan))
}

/// The plan round 1 follows for `active` entries: the host's choice of remainder, or the
/// proposal.
pub(super) fn plan_of(
    event: &EventRecord,
    active: usize,
    request: &SeatRequest,
) -> AppResult<SeatingPlan> {
    match request.remainder {
        Some(remainder) => tournament::plan_for(&event.settings, active, remainder),
        None => tournament::propose(&event.settings, active),
    }
    .map_err(|e| AppError::invalid(e.said()))
}

/// How round 1 is seated: the host's order, the listed order (`listed`), or a draw.
pub(super) fn how_of(request: &SeatRequest, listed: Vec<EntryId>) -> FirstSeating {
    match &request.order {
        Some(order) => FirstSeating::HostOrder {
            order: order.clone(),
        },
        None if request.listed_order => FirstSeating::HostOrder { order: listed },
        None => FirstSeating::Draw,
    }
}

/// The tables of `seating` played with real cards, as the host asked.
pub(super) fn paper_of(request: &SeatRequest, seating: &Seating) -> AppResult<Vec<u32>> {
    let numbers: Vec<u32> = seating.tables.iter().map(|t| t.number).collect();
    if let Some(unknown) = request.paper_tables.iter().find(|n| !numbers.contains(n)) {
        return Err(AppError::invalid(
            Said::new("refused-no-paper-table")
                .number("table", *unknown)
                .number("tables", numbers.len()),
        ));
    }
    Ok(if request.all_paper {
        numbers
    } else {
        request.paper_tables.clone()
    })
}

/// Refuses to seat round 1 again once it has started (or a later round exists).
pub(super) fn check_reseatable(existing: Option<&RoundRecord>) -> AppResult<()> {
    match existing {
        Some(existing) if existing.number() > 1 || !existing.is_seated() => {
            Err(AppError::conflict(Said::new("refused-reseat-started")))
        }
        _ => Ok(()),
    }
}

/// Stores a seated round's own row (its tables come after).
pub(super) fn insert_seated_round(
    conn: &mut Conn,
    event: &EventRecord,
    number: i32,
    seating: &Seating,
) -> AppResult<models::Round> {
    let length = match event.settings.round {
        RoundKind::Timed { seconds } => Some(i32::try_from(seconds).unwrap_or(i32::MAX)),
        RoundKind::Games { .. } | RoundKind::Points { .. } => None,
    };
    Ok(queries::insert_round(
        conn,
        &NewRound {
            event_id: event.id(),
            number,
            state: SEATED,
            length_seconds: length,
            extended_seconds: 0,
            byes: &serde_json::to_string(&seating.byes)?,
        },
    )?)
}

/// Stores a seated round: its tables, who sits where, and the first deal at digital tables.
pub(super) fn create_round(
    conn: &mut Conn,
    event: &EventRecord,
    number: i32,
    seating: &Seating,
    paper_tables: &[u32],
    now: NaiveDateTime,
) -> AppResult<RoundRecord> {
    let row = insert_seated_round(conn, event, number, seating)?;
    for table in &seating.tables {
        let mode = if paper_tables.contains(&table.number) {
            PAPER
        } else {
            DIGITAL
        };
        let stored = queries::insert_table(
            conn,
            &NewRoundTable {
                round_id: row.id,
                number: i32::try_from(table.number).unwrap_or(i32::MAX),
                mode,
            },
        )?;
        for (side, &entry) in table.entries.iter().enumerate() {
            queries::insert_table_entry(
                conn,
                &models::NewTableEntry {
                    table_id: stored.id,
                    entry_id: entry,
                    side: side as i32,
                },
            )?;
        }
        if mode == DIGITAL {
            play::start_deal(conn, event, &row, &stored, 1, now)?;
        }
    }
    RoundRecord::new(row, Vec::new())
}

/// Switches a table of a round that has not started between digital play and real cards.
pub fn set_table_mode_in(
    conn: &mut Conn,
    event: &EventRecord,
    number: i32,
    table_number: i32,
    paper: bool,
    now: NaiveDateTime,
) -> AppResult<()> {
    let round = load(conn, event, number)?;
    if !round.is_seated() {
        return Err(AppError::conflict(Said::new("refused-table-mode-started")));
    }
    let table = table_of(conn, &round, table_number)?;
    let mode = if paper { PAPER } else { DIGITAL };
    if table.mode == mode {
        return Ok(());
    }
    queries::set_table_mode(conn, table.id, mode)?;
    if !paper && queries::games_of_table(conn, table.id)?.is_empty() {
        play::start_deal(conn, event, &round.row, &table, 1, now)?;
    }
    Ok(())
}

/// Ways to seat round 1, the proposal first, each with its description.
pub fn seating_options(app: &App, host: &HostKey) -> AppResult<Vec<(SeatingPlan, String)>> {
    app.read_as_host(host, |conn, event| {
        Ok(seating_options_in(conn, event)?
            .into_iter()
            .map(|p| {
                let description = p.describe(&event.settings);
                (p, description)
            })
            .collect())
    })
}

/// A table plays with real cards (paper) or on phones.
pub fn set_table_mode(
    app: &App,
    host: &HostKey,
    number: i32,
    table: i32,
    paper: bool,
) -> AppResult<()> {
    app.write_as_host(host, |conn, event| {
        set_table_mode_in(conn, event, number, table, paper, app.now_naive())
    })
}
