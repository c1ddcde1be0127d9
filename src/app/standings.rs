//! The standings of an evening: the results of its closed rounds, and the miles so far of a
//! round being played.

use serde::Serialize;

use super::events::{self, EventRecord};
use super::rounds;
use super::{AppResult, Tx};
use crate::db::{Conn, queries};
use crate::tournament::{self, EntryId, RoundResult, Standing};

/// The standings of an event.
#[derive(Debug, Clone, Serialize)]
pub struct Standings {
    /// The host closed the evening: these are the final standings.
    pub is_final: bool,
    /// The evening is over but not closed by the host: the standings are provisional (scores
    /// can still be corrected).
    pub provisional: bool,
    /// A round being played whose miles so far are counted in (not yet recorded).
    pub live_round: Option<u32>,
    /// Rounds counted.
    pub rounds: u32,
    pub rows: Vec<Standing>,
    /// What the totals count: miles, or points (Mille Bornes).
    pub unit: crate::engine::ScoreUnit,
}

/// The results of every closed round, as the standings count them.
pub fn round_results(conn: &mut Conn, event: &EventRecord) -> AppResult<Vec<RoundResult>> {
    let mut results = Vec::new();
    for round in queries::rounds_of_event(conn, event.id())? {
        if rounds::RoundStage::parse(&round.state)? != rounds::RoundStage::Closed {
            continue;
        }
        let miles = queries::scores_of_round(conn, round.id)?
            .into_iter()
            .map(|s| (s.entry_id, u32::try_from(s.miles).unwrap_or(0)))
            .collect();
        // A mover decided by a cut or by the host (a stored tie) did not win the round.
        let won = queries::tables_of_round(conn, round.id)?
            .into_iter()
            .filter(|t| t.tie.is_none())
            .filter_map(|t| t.progresses)
            .collect();
        let byes: Vec<EntryId> = serde_json::from_str(&round.byes)?;
        results.push(RoundResult {
            round: u32::try_from(round.number).unwrap_or(0),
            miles,
            won,
            byes,
        });
    }
    Ok(results)
}

/// The standings now: closed rounds, plus the miles so far of a round being played.
pub fn standings(tx: &mut Tx, event: &EventRecord) -> AppResult<Standings> {
    let mut results = round_results(tx, event)?;
    let mut live_round = None;
    if let Some(round) = rounds::latest(tx, event)?
        && round.stage == rounds::RoundStage::Started
    {
        let (miles, _) = rounds::round_miles(tx, event, &round)?;
        live_round = Some(round.number());
        let byes: Vec<EntryId> = serde_json::from_str(&round.row.byes)?;
        results.push(RoundResult {
            round: round.number(),
            miles,
            won: Vec::new(),
            byes,
        });
    }
    let entries: Vec<tournament::Entry> = events::entries(tx, event.id())?
        .into_iter()
        .map(|e| e.entry)
        .collect();
    let rows = tournament::standings(&event.settings, &entries, &results);
    Ok(Standings {
        is_final: event.is_closed(),
        provisional: event.is_provisional(),
        live_round,
        rounds: results.len() as u32,
        rows,
        unit: event.settings.rules.unit(),
    })
}

/// A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a carriage
/// return first) gets a `'` in front, so that it shows as text and never runs.
pub fn spreadsheet_safe(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell.to_owned()
    }
}
