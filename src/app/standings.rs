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
    let live = match rounds::latest(tx, event)? {
        Some(round) if round.stage == rounds::RoundStage::Started => {
            let (miles, _) = rounds::round_miles(tx, event, &round)?;
            let byes: Vec<EntryId> = serde_json::from_str(&round.row.byes)?;
            Some(RoundResult {
                round: round.number(),
                miles,
                won: Vec::new(),
                byes,
            })
        }
        _ => None,
    };
    let entries = events::entries(tx, event.id())?;
    standings_with(tx, event, &entries, live)
}

/// The standings beside a drawing of the latest round that has read the entries and the
/// round's miles already (the projector draws both): they are not read again.
pub fn standings_beside(
    tx: &mut Tx,
    event: &EventRecord,
    board: &rounds::RoundBoard,
) -> AppResult<Standings> {
    let live = match &board.round {
        Some(round) if round.stage == rounds::RoundStage::Started => Some(RoundResult {
            round: round.number,
            miles: round.miles.clone(),
            won: Vec::new(),
            byes: round.byes.clone(),
        }),
        _ => None,
    };
    standings_with(tx, event, &board.entries, live)
}

/// The standings from the closed rounds, the event's entries, and the live round's results so
/// far (`live`), if a round is being played.
fn standings_with(
    tx: &mut Tx,
    event: &EventRecord,
    entries: &[events::EntryRecord],
    live: Option<RoundResult>,
) -> AppResult<Standings> {
    let mut results = round_results(tx, event)?;
    let live_round = live.as_ref().map(|live| live.round);
    results.extend(live);
    let entries: Vec<tournament::Entry> = entries.iter().map(|e| e.entry.clone()).collect();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Settings;

    /// The projector draws the standings from the entries and the live round's miles it read
    /// for its round board: they are the standings every other page reads for itself.
    #[test]
    fn standings_beside_the_round_board_are_the_standings() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let names = ["Ann", "Bob", "Cy", "Di", "Ed"];
        let (app, _, event, _) =
            crate::app::testing::round_one_in_play(dir.path(), Settings::new("Beside", 3), &names);
        let (read, beside) = app
            .read(|conn| {
                let event = events::load(conn, event)?;
                let read = standings(conn, &event)?;
                let board = rounds::board_in(conn, &event, None, chrono::Utc::now())?;
                Ok((read, standings_beside(conn, &event, &board)?))
            })
            .expect("the standings");
        // Round 1 is being played: both count it live, with every entry in.
        assert_eq!(read.live_round, Some(1));
        assert_eq!(read.rows.len(), names.len());
        assert_eq!(
            serde_json::to_value(&beside).expect("json"),
            serde_json::to_value(&read).expect("json")
        );
    }
}
