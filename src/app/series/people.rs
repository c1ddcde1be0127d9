//! Who is who in a series: its people, and linking two names or splitting them.

use super::{SeriesProof, SeriesRecord, gather, load_as_host, refused};
use crate::app::{App, AppError, AppResult, Tx};
use crate::db::models::NewSeriesPerson;
use crate::db::{Conn, queries};
use crate::tournament;
use crate::tournament::{People, Person};
use serde::Serialize;
use std::collections::BTreeMap;

/// One person of a series, as the host's people list shows them.
#[derive(Debug, Clone, Serialize)]
pub struct PersonOut {
    pub name: String,
    /// Evenings attended.
    pub evenings: u32,
    /// Other names that count as this person.
    pub also: Vec<String>,
    /// The seats they held (player id, and the evening with the name as typed), for the
    /// console's form that splits a seat off when one name is two people.
    #[serde(skip)]
    pub seats: Vec<(i64, String)>,
}

/// The people of a series for its host: everyone who came, with the names linked to them.
pub fn people(app: &App, id: i64, proof: &SeriesProof) -> AppResult<Vec<PersonOut>> {
    app.read(|conn| {
        let series = load_as_host(conn, id, proof)?;
        people_in(conn, &series)
    })
}

/// The people of a series, with the names linked to them, by name.
pub(super) fn people_in(tx: &mut Tx, series: &SeriesRecord) -> AppResult<Vec<PersonOut>> {
    let id = series.id();
    {
        let (people, summaries, evenings) = gather(tx, series)?;
        let mut seats: BTreeMap<tournament::Who, Vec<(i64, String)>> = BTreeMap::new();
        for (summary, evening) in summaries.iter().zip(&evenings) {
            for seat in &evening.appearances {
                seats
                    .entry(people.who(seat))
                    .or_default()
                    .push((seat.player, format!("{} ({})", summary.name, seat.name)));
            }
        }
        let standings = tournament::series_standings(series.counting, &people, &evenings);
        let stored = queries::people_of_series(tx, id)?;
        let mut out: Vec<PersonOut> = standings
            .into_iter()
            .map(|s| PersonOut {
                also: stored
                    .iter()
                    .filter(|p| {
                        p.same_as.is_some() && tournament::Who::Person(people.root(p.id)) == s.who
                    })
                    .map(|p| p.name.clone())
                    .collect(),
                seats: seats.remove(&s.who).unwrap_or_default(),
                name: s.name,
                evenings: s.evenings,
            })
            .collect();
        out.sort_by_key(|p| tournament::sort_key(&p.name));
        Ok(out)
    }
}

/// The stored person holding a name, made when there is none yet.
pub(super) fn person_named(
    conn: &mut Conn,
    series: i64,
    people: &People,
    name: &str,
    now: chrono::NaiveDateTime,
) -> AppResult<i64> {
    if let Some(person) = people.named(name) {
        return Ok(person.id);
    }
    let name = tournament::clean_name(name, "the person's name")
        .map_err(|e| AppError::invalid(e.said()))?;
    Ok(queries::insert_series_person(
        conn,
        &NewSeriesPerson {
            series_id: series,
            name: &name,
            created_at: now,
        },
    )?
    .id)
}

pub(super) fn stored_people(conn: &mut Conn, id: i64) -> AppResult<People> {
    let persons = queries::people_of_series(conn, id)?
        .into_iter()
        .map(|p| Person {
            id: p.id,
            name: p.name,
            same_as: p.same_as,
        })
        .collect();
    let seats = queries::seats_of_series(conn, id)?
        .into_iter()
        .map(|s| (s.player_id, s.person_id));
    Ok(People::new(persons, seats))
}

/// Links two names: `name` is the same person as `with` and counts under `with`'s name.
pub fn link(app: &App, id: i64, proof: &SeriesProof, name: &str, with: &str) -> AppResult<()> {
    let now = app.now_naive();
    app.write(|conn| {
        load_as_host(conn, id, proof)?;
        let people = stored_people(conn, id)?;
        people.check_link(name, with).map_err(refused)?;
        let from = person_named(conn, id, &people, name, now)?;
        let people = stored_people(conn, id)?;
        let to = person_named(conn, id, &people, with, now)?;
        let people = stored_people(conn, id)?;
        // Linked to the person `with` counts as, so that links never chain into a loop.
        let to = people.root(to);
        queries::set_same_as(conn, from, Some(to))?;
        Ok(())
    })
}

/// Splits a linked name off again: it is its own person.
pub fn unlink(app: &App, id: i64, proof: &SeriesProof, name: &str) -> AppResult<()> {
    app.write(|conn| {
        load_as_host(conn, id, proof)?;
        let people = stored_people(conn, id)?;
        let person = people.check_unlink(name).map_err(refused)?;
        queries::set_same_as(conn, person, None)?;
        Ok(())
    })
}
