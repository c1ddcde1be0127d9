//! The events: creating, reading and changing one, and the epochs that sign links out.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::QueryResult;

use crate::db::Conn;
use crate::db::models::*;
use crate::db::schema::*;

pub fn insert_event(conn: &mut Conn, new: &NewEvent) -> QueryResult<Event> {
    on_backend!(conn, {
        diesel::insert_into(events::table)
            .values(new)
            .returning(Event::as_returning())
            .get_result(conn)
    })
}

/// Whether any event is stored: a read of the events table that costs the same however many
/// there are (the health check's proof that the database answers).
pub fn any_event(conn: &mut Conn) -> QueryResult<bool> {
    on_backend!(conn, {
        diesel::select(diesel::dsl::exists(events::table.select(events::id))).get_result(conn)
    })
}

pub fn event(conn: &mut Conn, id: i64) -> QueryResult<Option<Event>> {
    on_backend!(conn, {
        events::table
            .find(id)
            .select(Event::as_select())
            .get_result(conn)
            .optional()
    })
}

pub fn update_event_settings(
    conn: &mut Conn,
    id: i64,
    name: &str,
    settings: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(events::table.find(id))
            .set((
                events::name.eq(name),
                events::settings.eq(settings),
                events::updated_at.eq(now),
            ))
            .execute(conn)
    })
}

/// Closes an evening for good: its results are final (the host's explicit close).
pub fn close_event(conn: &mut Conn, id: i64, now: NaiveDateTime) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(events::table.find(id))
            .set((events::closed_at.eq(Some(now)), events::updated_at.eq(now)))
            .execute(conn)
    })
}

pub fn set_event_status(
    conn: &mut Conn,
    id: i64,
    status: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(events::table.find(id))
            .set((events::status.eq(status), events::updated_at.eq(now)))
            .execute(conn)
    })
}

pub fn set_host_password(conn: &mut Conn, id: i64, hash: Option<&str>) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(events::table.find(id))
            .set(events::host_password_hash.eq(hash))
            .execute(conn)
    })
}

/// Ends every host session of the event (logout, a new host token); with a hash, it is the
/// new host token's.
pub fn bump_host_epoch(conn: &mut Conn, id: i64, token_hash: Option<&str>) -> QueryResult<usize> {
    on_backend!(conn, {
        let bump = events::host_epoch.eq(events::host_epoch + 1);
        match token_hash {
            Some(hash) => diesel::update(events::table.find(id))
                .set((bump, events::host_token_hash.eq(hash)))
                .execute(conn),
            None => diesel::update(events::table.find(id))
                .set(bump)
                .execute(conn),
        }
    })
}

/// New join keys (they are derived from the server's secret and this number).
pub fn bump_join_epoch(conn: &mut Conn, id: i64) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(events::table.find(id))
            .set(events::join_epoch.eq(events::join_epoch + 1))
            .execute(conn)
    })
}

pub fn bump_view_epoch(conn: &mut Conn, id: i64) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(events::table.find(id))
            .set(events::view_epoch.eq(events::view_epoch + 1))
            .execute(conn)
    })
}

pub fn set_private_views(conn: &mut Conn, id: i64, private: bool) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(events::table.find(id))
            .set(events::private_views.eq(private))
            .execute(conn)
    })
}
