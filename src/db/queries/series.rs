//! Series (a club's season): its evenings and its people.

use diesel::prelude::*;
use diesel::result::QueryResult;

use crate::db::Conn;
use crate::db::models::*;
use crate::db::schema::*;

pub fn insert_series(conn: &mut Conn, new: &NewSeries) -> QueryResult<Series> {
    on_backend!(conn, {
        diesel::insert_into(series::table)
            .values(new)
            .returning(Series::as_returning())
            .get_result(conn)
    })
}

pub fn series(conn: &mut Conn, id: i64) -> QueryResult<Option<Series>> {
    on_backend!(conn, {
        series::table
            .find(id)
            .select(Series::as_select())
            .get_result(conn)
            .optional()
    })
}

pub fn update_series(
    conn: &mut Conn,
    id: i64,
    name: &str,
    counting: &str,
    count_best: Option<i32>,
    prizes: (&str, &str),
) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(series::table.find(id))
            .set((
                series::name.eq(name),
                series::counting.eq(counting),
                series::count_best.eq(count_best),
                series::evening_prizes.eq(prizes.0),
                series::season_prizes.eq(prizes.1),
            ))
            .execute(conn)
    })
}

/// Moves the series' host epoch on (every console session ends), with a new host token's hash
/// when one is given.
pub fn bump_series_epoch(conn: &mut Conn, id: i64, token_hash: Option<&str>) -> QueryResult<usize> {
    on_backend!(conn, {
        let bump = series::host_epoch.eq(series::host_epoch + 1);
        match token_hash {
            Some(hash) => diesel::update(series::table.find(id))
                .set((bump, series::host_token_hash.eq(hash)))
                .execute(conn),
            None => diesel::update(series::table.find(id))
                .set(bump)
                .execute(conn),
        }
    })
}

/// The evenings of a series, in the order they were made.
pub fn events_of_series(conn: &mut Conn, series_id: i64) -> QueryResult<Vec<Event>> {
    on_backend!(conn, {
        events::table
            .filter(events::series_id.eq(series_id))
            .order((events::created_at, events::id))
            .select(Event::as_select())
            .load(conn)
    })
}

/// Puts an evening in a series, or takes it out (`None`). Taken out, its seats given to the
/// series' people are theirs no more: the series' people are the series' own.
pub fn set_event_series(
    conn: &mut Conn,
    event_id: i64,
    series_id: Option<i64>,
) -> QueryResult<usize> {
    on_backend!(conn, {
        if series_id.is_none() {
            diesel::delete(
                series_seats::table.filter(
                    series_seats::player_id.eq_any(
                        players::table
                            .inner_join(entries::table)
                            .filter(entries::event_id.eq(event_id))
                            .select(players::id),
                    ),
                ),
            )
            .execute(conn)?;
        }
        diesel::update(events::table.find(event_id))
            .set(events::series_id.eq(series_id))
            .execute(conn)
    })
}

pub fn people_of_series(conn: &mut Conn, series_id: i64) -> QueryResult<Vec<SeriesPerson>> {
    on_backend!(conn, {
        series_people::table
            .filter(series_people::series_id.eq(series_id))
            .order(series_people::id)
            .select(SeriesPerson::as_select())
            .load(conn)
    })
}

pub fn insert_series_person(conn: &mut Conn, new: &NewSeriesPerson) -> QueryResult<SeriesPerson> {
    on_backend!(conn, {
        diesel::insert_into(series_people::table)
            .values(new)
            .returning(SeriesPerson::as_returning())
            .get_result(conn)
    })
}

pub fn set_same_as(conn: &mut Conn, person: i64, same_as: Option<i64>) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(series_people::table.find(person))
            .set(series_people::same_as.eq(same_as))
            .execute(conn)
    })
}

/// The seats of a series' evenings that the host gave to a person.
pub fn seats_of_series(conn: &mut Conn, series_id: i64) -> QueryResult<Vec<SeriesSeat>> {
    on_backend!(conn, {
        series_seats::table
            .inner_join(series_people::table)
            .filter(series_people::series_id.eq(series_id))
            .select(SeriesSeat::as_select())
            .load(conn)
    })
}

/// Gives a seat to a person (replacing whom it was given to before).
pub fn set_series_seat(conn: &mut Conn, seat: &SeriesSeat) -> QueryResult<()> {
    on_backend!(conn, {
        diesel::delete(series_seats::table.find(seat.player_id)).execute(conn)?;
        diesel::insert_into(series_seats::table)
            .values(seat)
            .execute(conn)?;
        Ok(())
    })
}
