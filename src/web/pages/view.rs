//! View models shared by the pages: a round with its tables and clock, the standings, the
//! seating. Built from the use cases' data; the templates only lay them out.

use std::collections::BTreeMap;

use crate::app::events::{self, EventRecord};
use crate::app::play::{self, DIGITAL, PAPER};
use crate::app::rounds::{self, RoundRecord};
use crate::app::{App, AppResult, report};
use crate::db::{Conn, queries};
use crate::engine::{ScoreSheet, SheetRow};
use crate::tournament::{ClockState, EntryId, MoverDecision};

/// An entry as the pages name it.
#[derive(Debug, Clone)]
pub struct Named {
    pub id: EntryId,
    pub name: String,
    pub bot: bool,
}

/// Every entry's name, by id.
pub fn names(conn: &mut Conn, event: &EventRecord) -> AppResult<BTreeMap<EntryId, Named>> {
    Ok(events::entries(conn, event.id())?
        .into_iter()
        .map(|e| {
            (
                e.id(),
                Named {
                    id: e.id(),
                    name: e.entry.name(),
                    bot: e.row.is_bot,
                },
            )
        })
        .collect())
}

/// One entry at a table.
#[derive(Debug, Clone)]
pub struct Seated {
    pub entry: Named,
    pub side: usize,
    pub miles: Option<u32>,
    pub mover: bool,
}

/// A table in a round.
#[derive(Debug, Clone)]
pub struct TableView {
    pub number: i32,
    pub paper: bool,
    /// playing, waiting, scores in, waiting for scores, seated.
    pub status: &'static str,
    pub entries: Vec<Seated>,
    /// How the mover was decided when entries were tied ("cut for it" or "host's choice").
    pub tie: Option<String>,
    /// The entries tied for the most miles, when they are (closing preview).
    pub tied: Vec<Named>,
    /// Deals played at the table this round.
    pub deals: usize,
}

/// A round with its clock and tables.
#[derive(Debug, Clone)]
pub struct RoundView {
    pub number: u32,
    /// seated, running, paused, over or closed.
    pub state: &'static str,
    pub left_ms: Option<i64>,
    pub timed: bool,
    pub tables: Vec<TableView>,
    pub byes: Vec<Named>,
    /// Tables whose scores are missing, with why.
    pub missing: Vec<(u32, String)>,
}

impl RoundView {
    pub fn clock(&self) -> String {
        match (self.state, self.timed) {
            ("seated", _) => "Ready".into(),
            ("closed", _) => "Closed".into(),
            ("over", _) => "Time".into(),
            (_, true) => super::clock_text(self.left_ms),
            (_, false) => "Playing".into(),
        }
    }

    /// The clock's milliseconds for the script to count down (only while running).
    pub fn ticking_ms(&self) -> Option<i64> {
        (self.state == "running" && self.timed)
            .then_some(self.left_ms)
            .flatten()
    }

    pub fn is(&self, state: &str) -> bool {
        self.state == state
    }

    pub fn has_paper(&self) -> bool {
        self.tables.iter().any(|t| t.paper)
    }
}

/// The state words of a round.
pub fn state_word(round: &RoundRecord, state: ClockState) -> &'static str {
    if round.is_closed() {
        return "closed";
    }
    match state {
        ClockState::NotStarted => "seated",
        ClockState::Running => "running",
        ClockState::Paused => "paused",
        ClockState::Over => "over",
    }
}

/// A round as the console, the projector and the seating chart show it.
pub fn round_view(
    app: &App,
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundRecord,
    names: &BTreeMap<EntryId, Named>,
) -> AppResult<RoundView> {
    let reading = rounds::reading(conn, event, round, app.now())?;
    let state = state_word(round, reading.state);
    let (miles, missing) = rounds::round_miles(conn, event, round)?;
    let named = |id: EntryId| {
        names.get(&id).cloned().unwrap_or(Named {
            id,
            name: format!("entry {id}"),
            bot: false,
        })
    };
    let mut tables = Vec::new();
    for table in queries::tables_of_round(conn, round.row.id)? {
        let (deals, last_over) = if table.mode == DIGITAL {
            play::deals_dealt(conn, table.id)?
        } else {
            (0, false)
        };
        let paper = table.mode == PAPER;
        let cards_in = paper && rounds::table_done(conn, event, &table)?;
        let status = match state {
            "seated" => "seated",
            "closed" => "scores in",
            _ if paper && cards_in => "scores in",
            "over" if paper => "waiting for scores",
            "over" => "scores in",
            _ if last_over => "waiting",
            _ => "playing",
        };
        let decision: Option<MoverDecision> = table
            .tie
            .as_deref()
            .and_then(|t| serde_json::from_str(t).ok());
        let tie = match &decision {
            Some(MoverDecision::Cut { tied, drawn }) => Some(format!(
                "cut for it among {}: {} drawn",
                tied.iter()
                    .map(|&t| named(t).name)
                    .collect::<Vec<_>>()
                    .join(", "),
                named(*drawn).name
            )),
            Some(MoverDecision::Host { tied, drawn }) => Some(format!(
                "tied among {}: the host chose {}",
                tied.iter()
                    .map(|&t| named(t).name)
                    .collect::<Vec<_>>()
                    .join(", "),
                named(*drawn).name
            )),
            _ => None,
        };
        let entries: Vec<Seated> = queries::entries_of_table(conn, table.id)?
            .into_iter()
            .map(|te| Seated {
                entry: named(te.entry_id),
                side: usize::try_from(te.side).unwrap_or(0),
                miles: if paper && !cards_in && !round.is_closed() {
                    None
                } else {
                    miles.get(&te.entry_id).copied()
                },
                mover: table.progresses == Some(te.entry_id),
            })
            .collect();
        let best = entries.iter().filter_map(|s| s.miles).max();
        let tied: Vec<Named> = match best {
            Some(best) if entries.iter().filter(|s| s.miles == Some(best)).count() > 1 => entries
                .iter()
                .filter(|s| s.miles == Some(best))
                .map(|s| s.entry.clone())
                .collect(),
            _ => Vec::new(),
        };
        tables.push(TableView {
            number: table.number,
            paper,
            status,
            entries,
            tie,
            tied,
            deals,
        });
    }
    let byes: Vec<EntryId> = serde_json::from_str(&round.row.byes)?;
    Ok(RoundView {
        number: round.number(),
        state,
        left_ms: reading.left_ms,
        timed: round.row.length_seconds.is_some(),
        tables,
        byes: byes.into_iter().map(named).collect(),
        missing: missing.into_iter().map(|m| (m.table, m.reason)).collect(),
    })
}

/// One line of the standings.
#[derive(Debug, Clone)]
pub struct StandingRow {
    pub place: u32,
    pub shared: bool,
    pub name: String,
    pub bot: bool,
    pub withdrawn: bool,
    pub rounds: Vec<String>,
    pub total: u64,
    pub rounds_won: u32,
    pub prize: Option<u32>,
}

/// The standings as the pages show them.
#[derive(Debug, Clone)]
pub struct StandingsView {
    pub is_final: bool,
    pub live_round: Option<u32>,
    pub rounds: Vec<u32>,
    pub rows: Vec<StandingRow>,
}

/// The standings now.
pub fn standings_view(
    conn: &mut Conn,
    event: &EventRecord,
    names: &BTreeMap<EntryId, Named>,
) -> AppResult<StandingsView> {
    let standings = report::standings(conn, event)?;
    let rounds = standings.rows.first().map_or(0, |r| r.miles.len());
    let mut places: BTreeMap<u32, usize> = BTreeMap::new();
    for row in &standings.rows {
        *places.entry(row.place).or_default() += 1;
    }
    let rows = standings
        .rows
        .iter()
        .map(|s| StandingRow {
            place: s.place,
            shared: places.get(&s.place).copied().unwrap_or(0) > 1,
            name: names
                .get(&s.entry)
                .map_or_else(|| s.name.clone(), |n| n.name.clone()),
            bot: s.bot,
            withdrawn: s.withdrawn,
            rounds: s
                .miles
                .iter()
                .map(|m| m.map_or_else(|| "–".to_owned(), |m| m.to_string()))
                .collect(),
            total: s.total,
            rounds_won: s.rounds_won,
            prize: s.prize,
        })
        .collect();
    Ok(StandingsView {
        is_final: standings.is_final,
        live_round: standings.live_round,
        rounds: (1..=rounds as u32).collect(),
        rows,
    })
}

/// "1st", "2nd", "3rd"...
/// The score sheets of an event's tables, by how many entries sit at the table.
#[derive(Debug, Clone, Default)]
pub struct Sheets(Vec<(usize, ScoreSheet)>);

impl Sheets {
    /// The sheets of every table size the event's settings allow.
    pub fn of(settings: &crate::tournament::Settings) -> Sheets {
        Sheets(
            (1..=6)
                .filter_map(|entries| {
                    let config = settings.table_config(entries).ok()?;
                    Some((entries, config.rules.score_sheet(config)))
                })
                .collect(),
        )
    }

    /// The rows of the score card of a table with this many entries.
    pub fn rows(&self, entries: usize) -> Vec<SheetRow> {
        self.0
            .iter()
            .find(|(n, _)| *n == entries)
            .or_else(|| self.0.first())
            .map(|(_, sheet)| sheet.rows.clone())
            .unwrap_or_default()
    }

    /// "miles" or "points".
    pub fn unit(&self) -> &'static str {
        self.0.first().map_or("miles", |(_, s)| s.unit.word())
    }
}

pub fn ordinal(n: &u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_read_as_people_say_them() {
        let said: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            said,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }
}
