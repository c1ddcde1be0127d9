//! A round as the record of an evening gives it (the exports, the printouts, the API's
//! round): its tables, who sat at each with their miles, and its byes.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{RoundRecord, RoundStage, round_miles};
use crate::app::events::{EntryRecord, EventRecord};
use crate::app::{AppResult, Tx, utc};
use crate::db::queries;
use crate::tournament::{self, EntryId, MoverDecision};

/// The names of an event's entries (`entries`: all of them), and whether each is a bot, by
/// entry: what a report labels them with.
pub fn entry_names(entries: &[EntryRecord]) -> BTreeMap<EntryId, (Vec<String>, bool)> {
    entries
        .iter()
        .map(|e| {
            (
                e.id(),
                (
                    e.players.iter().map(|p| p.name.clone()).collect(),
                    e.row.is_bot,
                ),
            )
        })
        .collect()
}

/// An entry's label in exports: "E" and its id.
pub fn label(entry: EntryId) -> String {
    format!("E{entry}")
}

/// One entry at a table, in an export.
#[derive(Debug, Clone, Serialize)]
pub struct TableEntryReport {
    pub entry: String,
    pub names: Vec<String>,
    pub bot: bool,
    pub miles: Option<u32>,
}

/// One table of a round, in an export.
#[derive(Debug, Clone, Serialize)]
pub struct TableReport {
    pub table: u32,
    pub mode: String,
    pub entries: Vec<TableEntryReport>,
    pub progresses: Option<String>,
    /// The mover was decided by a cut (a draw from the seed) or by the host, among tied entries.
    pub tie_drawn: bool,
    /// Who was tied for the most miles, when they were.
    pub tied: Vec<String>,
    pub host_chose: bool,
}

/// One round, in an export.
#[derive(Debug, Clone, Serialize)]
pub struct RoundReport {
    pub round: u32,
    pub state: RoundStage,
    pub started_at: Option<DateTime<Utc>>,
    pub stopped_at: Option<DateTime<Utc>>,
    pub tables: Vec<TableReport>,
    pub byes: Vec<ByeReport>,
}

/// An entry that sat out a round.
#[derive(Debug, Clone, Serialize)]
pub struct ByeReport {
    pub entry: String,
    pub names: Vec<String>,
    pub miles: Option<u32>,
}

pub fn round_report(
    tx: &mut Tx,
    event: &EventRecord,
    round: &RoundRecord,
    names: &BTreeMap<EntryId, (Vec<String>, bool)>,
) -> AppResult<RoundReport> {
    let (miles, _) = round_miles(tx, event, round)?;
    let closing: Option<tournament::Closing> = round
        .row
        .closing
        .as_deref()
        .map(serde_json::from_str)
        .transpose()?;
    let mut tables = Vec::new();
    for table in queries::tables_of_round(tx, round.row.id)? {
        let entries = queries::entries_of_table(tx, table.id)?
            .into_iter()
            .map(|te| {
                let (entry_names, bot) = names.get(&te.entry_id).cloned().unwrap_or_default();
                TableEntryReport {
                    entry: label(te.entry_id),
                    names: entry_names,
                    bot,
                    miles: miles.get(&te.entry_id).copied(),
                }
            })
            .collect();
        let decision: Option<MoverDecision> =
            table.tie.as_deref().map(serde_json::from_str).transpose()?;
        let (tie_drawn, tied, host_chose) = match decision {
            Some(MoverDecision::Cut { tied, .. }) => (true, tied, false),
            Some(MoverDecision::Host { tied, .. }) => (true, tied, true),
            _ => (false, Vec::new(), false),
        };
        tables.push(TableReport {
            table: u32::try_from(table.number).unwrap_or(0),
            mode: table.mode,
            entries,
            progresses: table.progresses.map(label),
            tie_drawn,
            tied: tied.into_iter().map(label).collect(),
            host_chose,
        });
    }
    let byes: Vec<EntryId> = serde_json::from_str(&round.row.byes)?;
    let bye_miles: BTreeMap<EntryId, u32> = closing
        .map(|c| c.byes.iter().map(|b| (b.entry, b.miles)).collect())
        .unwrap_or_default();
    Ok(RoundReport {
        round: round.number(),
        state: round.stage,
        started_at: round.row.started_at.map(utc),
        stopped_at: round.row.stopped_at.map(utc),
        tables,
        byes: byes
            .into_iter()
            .map(|b| ByeReport {
                entry: label(b),
                names: names.get(&b).map(|n| n.0.clone()).unwrap_or_default(),
                miles: bye_miles.get(&b).copied(),
            })
            .collect(),
    })
}
