//! Standings and the record of an evening: what the projector, the printouts, the JSON and
//! CSV exports and `touring simulate` all show.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::events::{self, EventRecord};
use super::rounds::{self, entry_names, round_report};
use super::spreadsheet::Spreadsheet;
use super::{App, AppResult, HostKey, Tx, ViewerKey};
use crate::db::queries;
use crate::tournament::{self, EntryId, Settings};

pub use super::rounds::{ByeReport, RoundReport, TableEntryReport, TableReport, label};
pub use super::standings::{Standings, round_results, spreadsheet_safe, standings};

/// One line of the standings, in an export.
#[derive(Debug, Clone, Serialize)]
pub struct StandingReport {
    pub place: u32,
    pub entry: String,
    pub names: Vec<String>,
    pub bot: bool,
    pub withdrawn: bool,
    pub miles: u64,
    pub rounds: Vec<Option<u32>>,
    pub rounds_won: u32,
    pub prize: Option<u32>,
    /// False for an entry withdrawn before playing any round: not placed (`place` is 0).
    pub ranked: bool,
    /// The rounds a late entry missed, scored by the host's choice (0 or the average).
    pub missed_rounds: Vec<u32>,
}

/// A correction, in an export.
#[derive(Debug, Clone, Serialize)]
pub struct CorrectionReport {
    pub round: u32,
    pub entry: String,
    /// The entry's name (partners joined by " & "), as the console shows it.
    pub name: String,
    pub old: Option<u32>,
    pub new: u32,
    pub reason: String,
    pub by: String,
    pub at: DateTime<Utc>,
}

/// A whole evening.
#[derive(Debug, Clone, Serialize)]
pub struct EventReport {
    pub event: EventSummary,
    pub rounds: Vec<RoundReport>,
    pub standings: Vec<StandingReport>,
    pub corrections: Vec<CorrectionReport>,
    /// The club prizes of an evening in a series that gives them per evening (see
    /// `tournament::evening_awards`); empty otherwise.
    pub club_prizes: Vec<tournament::Award>,
}

/// The event's identity and settings, in an export.
#[derive(Debug, Clone, Serialize)]
pub struct EventSummary {
    pub id: i64,
    pub status: String,
    /// The host closed the evening: the results are final (otherwise, once the status is
    /// finished, they are provisional).
    pub closed: bool,
    #[serde(flatten)]
    pub settings: Settings,
    pub entries: usize,
}

/// The full record of an evening.
pub fn report(tx: &mut Tx, event: &EventRecord) -> AppResult<EventReport> {
    let entries = events::entries(tx, event.id())?;
    let names = entry_names(&entries);
    let names_of = |id: EntryId| names.get(&id).map(|n| n.0.clone()).unwrap_or_default();
    let mut round_reports = Vec::new();
    for row in queries::rounds_of_event(tx, event.id())? {
        let round = rounds::load(tx, event, row.number)?;
        round_reports.push(round_report(tx, event, &round, &names)?);
    }
    let standings = standings(tx, event)?
        .rows
        .into_iter()
        .map(|s| StandingReport {
            place: s.place,
            entry: label(s.entry),
            names: names_of(s.entry),
            bot: s.bot,
            withdrawn: s.withdrawn,
            miles: s.total,
            rounds: s.miles,
            rounds_won: s.rounds_won,
            prize: s.prize,
            ranked: s.ranked,
            missed_rounds: s
                .missed
                .iter()
                .zip(1..)
                .filter_map(|(&missed, round)| missed.then_some(round))
                .collect(),
        })
        .collect();
    let round_numbers: BTreeMap<i64, u32> = queries::rounds_of_event(tx, event.id())?
        .iter()
        .map(|r| (r.id, u32::try_from(r.number).unwrap_or(0)))
        .collect();
    let corrections = queries::corrections_of_event(tx, event.id())?
        .into_iter()
        .map(|c| CorrectionReport {
            round: round_numbers.get(&c.round_id).copied().unwrap_or(0),
            entry: label(c.entry_id),
            name: names_of(c.entry_id).join(" & "),
            old: u32::try_from(c.old_miles).ok(),
            new: u32::try_from(c.new_miles).unwrap_or(0),
            reason: c.reason,
            by: c.made_by,
            at: super::utc(c.made_at),
        })
        .collect();
    Ok(EventReport {
        event: EventSummary {
            id: event.id(),
            status: event.row.status.clone(),
            closed: event.is_closed(),
            settings: event.settings.clone(),
            entries: entries.len(),
        },
        rounds: round_reports,
        standings,
        corrections,
        club_prizes: super::series::evening_awards(tx, event)?,
    })
}

/// The standings as CSV for people, in the evening's language (see [`Spreadsheet`]): one line
/// per entry, the score of each round, total, rounds won, prize.
pub fn standings_csv(report: &EventReport) -> AppResult<String> {
    let rounds = report.rounds.len();
    let mut sheet = Spreadsheet::new(report.event.settings.language);
    let mut header: Vec<String> = [
        "csv-place",
        "csv-entry",
        "csv-names",
        "csv-bot",
        "csv-withdrawn",
    ]
    .iter()
    .map(|id| sheet.words(id))
    .collect();
    header.extend((1..=rounds).map(|r| sheet.round(r)));
    header.extend(
        ["csv-total", "csv-rounds-won", "csv-prize"]
            .iter()
            .map(|id| sheet.words(id)),
    );
    sheet.line(&header)?;
    for s in &report.standings {
        let mut line = vec![
            if s.ranked {
                s.place.to_string()
            } else {
                String::new()
            },
            Spreadsheet::text(&s.entry),
            Spreadsheet::text(&s.names.join(" & ")),
            sheet.yes_no(s.bot),
            sheet.yes_no(s.withdrawn),
        ];
        line.extend((0..rounds).map(|r| {
            s.rounds
                .get(r)
                .copied()
                .flatten()
                .map_or(String::new(), |m| m.to_string())
        }));
        line.extend([
            s.miles.to_string(),
            s.rounds_won.to_string(),
            s.prize.map_or(String::new(), |p| p.to_string()),
        ]);
        sheet.line(&line)?;
    }
    sheet.finish()
}

// ---------------------------------------------------------------- use cases, one transaction each

/// The whole evening, for its host: settings, every round and table, standings, corrections.
pub fn export(app: &App, host: &HostKey) -> AppResult<EventReport> {
    app.read_as_host(host, report)
}

/// The standings as CSV, for the host.
pub fn export_csv(app: &App, host: &HostKey) -> AppResult<String> {
    app.read_as_host(host, |conn, event| standings_csv(&report(conn, event)?))
}

/// Every correction of an event, for its host.
pub fn corrections(app: &App, host: &HostKey) -> AppResult<Vec<CorrectionReport>> {
    app.read_as_host(host, |conn, event| Ok(report(conn, event)?.corrections))
}

/// The standings for a reader: final or not, the round counted live, and the rows.
#[derive(Debug, Clone)]
pub struct PublicStandings {
    pub is_final: bool,
    /// Over but not closed by the host: the results may still be corrected.
    pub provisional: bool,
    pub live_round: Option<u32>,
    pub rows: Vec<StandingReport>,
}

/// The standings, for a reader.
pub fn public_standings(app: &App, viewer: &ViewerKey) -> AppResult<PublicStandings> {
    app.read_as_viewer(viewer, |conn, event| {
        let rows = report(conn, event)?.standings;
        let standings = standings(conn, event)?;
        Ok(PublicStandings {
            is_final: standings.is_final,
            provisional: standings.provisional,
            live_round: standings.live_round,
            rows,
        })
    })
}

/// The standings now, with the event, for a reader (the standings page and its updates).
/// The club prizes of an evening in a series, for a reader of its standings.
pub fn club_prizes(app: &App, viewer: &ViewerKey) -> AppResult<Vec<tournament::Award>> {
    app.read_as_viewer(viewer, |conn, event| {
        super::series::evening_awards(conn, event)
    })
}

pub fn live_standings(app: &App, viewer: &ViewerKey) -> AppResult<(EventRecord, Standings)> {
    app.read_as_viewer(viewer, |conn, event| {
        Ok((event.clone(), standings(conn, event)?))
    })
}

/// What the projector shows: the latest round with its tables and clock, and the standings.
#[derive(Debug, Clone)]
pub struct Screen {
    pub board: rounds::RoundBoard,
    pub standings: Standings,
    /// Once the evening is over: the club prizes of its series, if it gives any per evening.
    pub club_prizes: Vec<tournament::Award>,
}

/// The projector's picture, for a reader.
pub fn screen(app: &App, viewer: &ViewerKey) -> AppResult<Screen> {
    app.read_as_viewer(viewer, |conn, event| {
        // The latest round, then the standings from the entries and miles it read.
        let board = rounds::board_in(conn, event, None, app.now())?;
        let standings = super::standings::standings_beside(conn, event, &board)?;
        Ok(Screen {
            board,
            standings,
            club_prizes: if event.is_finished() {
                super::series::evening_awards(conn, event)?
            } else {
                Vec::new()
            },
        })
    })
}
