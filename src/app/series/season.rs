//! A series' season: each evening's placed people and club prizes, and the standings over the
//! evenings.

use super::{SeriesRecord, load, stored_people};
use crate::app::events::EventRecord;
use crate::app::{App, AppResult, Tx, events};
use crate::db::{Conn, models, queries};
use crate::tournament;
use crate::tournament::{Appearance, Award, EntryId, Evening, People, SeriesStanding};
use serde::Serialize;
use std::collections::BTreeMap;

/// One evening of a series, as its standings list it.
#[derive(Debug, Clone, Serialize)]
pub struct EveningSummary {
    pub event: i64,
    pub name: String,
    pub status: String,
    pub closed: bool,
    pub date: chrono::DateTime<chrono::Utc>,
    /// The host made the evening's views private: the public season leaves its people out.
    pub private: bool,
    /// The evening's club prizes (those the series gives each evening).
    pub awards: Vec<Award>,
}

/// A series' standings and its evenings.
#[derive(Debug, Clone)]
pub struct SeriesStandings {
    pub series: SeriesRecord,
    pub evenings: Vec<EveningSummary>,
    pub standings: Vec<SeriesStanding>,
    /// The season's club prizes.
    pub awards: Vec<Award>,
    /// Every evening's placed people (none for a private evening in the public season), as
    /// counted.
    pub results: Vec<Evening>,
    /// Who is who.
    pub people: People,
}

/// The different tables each entry sat at in an evening's closed rounds.
pub(super) fn tables_visited(conn: &mut Conn, event: i64) -> AppResult<BTreeMap<EntryId, u32>> {
    let mut seen: std::collections::BTreeSet<(EntryId, i64)> = Default::default();
    for round in queries::rounds_of_event(conn, event)? {
        if crate::app::rounds::RoundStage::parse(&round.state)?
            != crate::app::rounds::RoundStage::Closed
        {
            continue;
        }
        for table in queries::tables_of_round(conn, round.id)? {
            for seat in queries::entries_of_table(conn, table.id)? {
                seen.insert((seat.entry_id, i64::from(table.number)));
            }
        }
    }
    let mut visited = BTreeMap::new();
    for (entry, _) in seen {
        *visited.entry(entry).or_insert(0) += 1;
    }
    Ok(visited)
}

/// Reads the people, the evenings and each evening's placed people.
pub(super) fn gather(
    tx: &mut Tx,
    series: &SeriesRecord,
) -> AppResult<(People, Vec<EveningSummary>, Vec<Evening>)> {
    let people = stored_people(tx, series.id())?;
    let mut summaries = Vec::new();
    let mut evenings = Vec::new();
    for row in queries::events_of_series(tx, series.id())? {
        let event = events::load(tx, row.id)?;
        let (summary, evening) = evening_of(tx, &event)?;
        summaries.push(summary);
        evenings.push(evening);
    }
    Ok((people, summaries, evenings))
}

/// One evening as the season sees it: its summary and its placed people.
pub(super) fn evening_of(tx: &mut Tx, event: &EventRecord) -> AppResult<(EveningSummary, Evening)> {
    let standings = crate::app::standings::standings(tx, event)?;
    // Prizes go by closed rounds played at a table: not a bye, nor a missed round.
    let results = crate::app::standings::round_results(tx, event)?;
    let tables = tables_visited(tx, event.id())?;
    let players: BTreeMap<i64, Vec<models::Player>> = events::entries(tx, event.id())?
        .into_iter()
        .map(|e| (e.id(), e.players))
        .collect();
    let mut appearances = Vec::new();
    for line in standings.rows.iter().filter(|l| l.ranked && !l.bot) {
        for player in players.get(&line.entry).into_iter().flatten() {
            let rounds = line
                .miles
                .iter()
                .zip(&line.missed)
                .enumerate()
                .map(|(i, (&miles, &missed))| {
                    let played = results
                        .get(i)
                        .is_some_and(|r| r.played_at_a_table(line.entry));
                    miles.filter(|_| played && !missed)
                })
                .collect();
            appearances.push(Appearance {
                player: player.id,
                name: player.name.clone(),
                total: line.total,
                place: line.place,
                rounds,
                rounds_won: line.rounds_won,
                tables: tables.get(&line.entry).copied().unwrap_or(0),
                withdrawn: line.withdrawn,
            });
        }
    }
    let summary = EveningSummary {
        event: event.id(),
        name: event.settings.name.clone(),
        status: event.row.status.clone(),
        closed: event.is_closed(),
        date: crate::app::utc(event.row.created_at),
        private: event.row.private_views,
        awards: Vec::new(),
    };
    let evening = Evening {
        event: event.id(),
        appearances,
        held: event.row.status == events::FINISHED,
    };
    Ok((summary, evening))
}

/// The club prizes of one evening of a series (none when it is in no series, or its series
/// gives none per evening): for the winners' screen, the printed standings and the exports.
pub fn evening_awards(tx: &mut Tx, event: &EventRecord) -> AppResult<Vec<Award>> {
    let Some(id) = event.row.series_id else {
        return Ok(Vec::new());
    };
    let series = load(tx, id)?;
    if series.prizes.evening.is_empty() {
        return Ok(Vec::new());
    }
    let people = stored_people(tx, id)?;
    let (_, evening) = evening_of(tx, event)?;
    Ok(tournament::evening_awards(
        &series.prizes.evening,
        &people,
        &evening,
    ))
}

/// The season's standings: public, like an evening's standings page. An evening whose host
/// made its views private is listed, but its people, scores and prizes are left out of the
/// public season (its standings are for those holding its viewer key): the public page says
/// how many such evenings it leaves out. The series' console and each guest's own page count
/// every evening (see [`season`]).
pub fn standings(app: &App, id: i64) -> AppResult<SeriesStandings> {
    app.read(|conn| {
        let series = load(conn, id)?;
        season(conn, series, true)
    })
}

/// The season: `public` leaves out the people of private evenings (the public page and
/// exports); otherwise every evening counts (the host's console, a guest's own page).
pub(super) fn season(
    tx: &mut Tx,
    series: SeriesRecord,
    public: bool,
) -> AppResult<SeriesStandings> {
    let (people, summaries, evenings) = gather(tx, &series)?;
    Ok(counted(series, people, (summaries, evenings), public))
}

/// The season counted from what [`gather`] read: `public` as in [`season`].
pub(super) fn counted(
    series: SeriesRecord,
    people: People,
    (mut summaries, mut evenings): (Vec<EveningSummary>, Vec<Evening>),
    public: bool,
) -> SeriesStandings {
    if public {
        for (summary, evening) in summaries.iter().zip(evenings.iter_mut()) {
            if summary.private {
                evening.appearances.clear();
                evening.held = false;
            }
        }
    }
    let standings = tournament::series_standings(series.counting, &people, &evenings);
    for (summary, evening) in summaries.iter_mut().zip(&evenings) {
        summary.awards = tournament::evening_awards(&series.prizes.evening, &people, evening);
    }
    let awards = tournament::season_awards(&series.prizes.season, &people, &evenings, &standings);
    SeriesStandings {
        series,
        evenings: summaries,
        standings,
        awards,
        results: evenings,
        people,
    }
}

/// The season's standings as CSV for people reading `lang` (see
/// [`Spreadsheet`](crate::app::spreadsheet::Spreadsheet)): one line per person, each evening's score (empty where
/// they did not come; a score not counted in brackets), the total, what is counted and,
/// when the series gives season prizes, those the person takes.
pub fn standings_csv(season: &SeriesStandings, lang: crate::i18n::Lang) -> AppResult<String> {
    use crate::app::spreadsheet::Spreadsheet;
    let mut sheet = Spreadsheet::new(lang);
    let mut header: Vec<String> = ["csv-place", "csv-name", "csv-evenings"]
        .iter()
        .map(|id| sheet.words(id))
        .collect();
    header.extend(season.evenings.iter().map(|e| Spreadsheet::text(&e.name)));
    header.extend(
        ["csv-total", "csv-counted"]
            .iter()
            .map(|id| sheet.words(id)),
    );
    // The season's prizes each person takes, when the series gives any.
    let prizes = !season.series.prizes.season.is_empty();
    if prizes {
        header.push(sheet.words("csv-prizes"));
    }
    sheet.line(&header)?;
    for s in &season.standings {
        let mut line = vec![
            s.place.to_string(),
            Spreadsheet::text(&s.name),
            s.evenings.to_string(),
        ];
        line.extend(
            s.scores
                .iter()
                .zip(&s.counts)
                .map(|(score, &counts)| match (score, counts) {
                    (None, _) => String::new(),
                    (Some(v), true) => v.to_string(),
                    (Some(v), false) => format!("({v})"),
                }),
        );
        line.extend([s.total.to_string(), s.counted.to_string()]);
        if prizes {
            let taken: Vec<&str> = season
                .awards
                .iter()
                .filter(|a| a.who.contains(&s.who))
                .map(|a| a.prize.title())
                .collect();
            line.push(Spreadsheet::text(&taken.join("; ")));
        }
        sheet.line(&line)?;
    }
    sheet.finish()
}
