//! Leases on the events' timed work, between the instances that share one PostgreSQL database
//! (`instances`, `event_leases`): who is alive, who keeps which event's time. Times are the
//! database's own clock (`clock_timestamp()`), so that instances on machines whose clocks
//! differ still agree on when a lease ends. PostgreSQL only: one server serves a SQLite file,
//! and it keeps every event without asking.

use diesel::prelude::*;
use diesel::result::QueryResult;
use diesel::sql_types::{Array, BigInt, Bool, Double, Nullable, Text};

use crate::db::Conn;

/// An event whose round runs (a round started and not closed), with its lease if it has one.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct EventKeeper {
    #[diesel(sql_type = BigInt)]
    pub event_id: i64,
    /// The instance that holds the lease, if any.
    #[diesel(sql_type = Nullable<Text>)]
    pub holder: Option<String>,
    /// Whether that lease still runs (false: it expired, anyone may take it).
    #[diesel(sql_type = Bool)]
    pub live: bool,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct Event {
    #[diesel(sql_type = BigInt)]
    event_id: i64,
}

fn postgres(conn: &mut Conn) -> QueryResult<&mut diesel::PgConnection> {
    match conn {
        Conn::Postgres(pg) => Ok(pg),
        Conn::Sqlite(_) => Err(diesel::result::Error::QueryBuilderError(
            "leases are kept on PostgreSQL only: one server serves a SQLite file".into(),
        )),
    }
}

/// Says that `instance` is alive for `seconds` more, and renews every lease it holds for as
/// long: two statements, however many events it keeps.
pub fn renew(conn: &mut Conn, instance: &str, seconds: f64) -> QueryResult<()> {
    let pg = postgres(conn)?;
    diesel::sql_query(
        "INSERT INTO instances (id, alive_until) \
         VALUES ($1, clock_timestamp() + make_interval(secs => $2)) \
         ON CONFLICT (id) DO UPDATE SET alive_until = EXCLUDED.alive_until",
    )
    .bind::<Text, _>(instance)
    .bind::<Double, _>(seconds)
    .execute(pg)?;
    diesel::sql_query(
        "UPDATE event_leases SET expires_at = clock_timestamp() + make_interval(secs => $2) \
         WHERE holder = $1",
    )
    .bind::<Text, _>(instance)
    .bind::<Double, _>(seconds)
    .execute(pg)?;
    Ok(())
}

/// How many instances are alive now (this one included once it has renewed).
pub fn instances_alive(conn: &mut Conn) -> QueryResult<i64> {
    let pg = postgres(conn)?;
    let count: Count = diesel::sql_query(
        "SELECT count(*) AS n FROM instances WHERE alive_until > clock_timestamp()",
    )
    .get_result(pg)?;
    Ok(count.n)
}

/// Every event whose round runs, with its lease (holder and whether it is live), by id.
pub fn events_to_keep(conn: &mut Conn) -> QueryResult<Vec<EventKeeper>> {
    let pg = postgres(conn)?;
    diesel::sql_query(
        "SELECT r.event_id, l.holder, COALESCE(l.expires_at > clock_timestamp(), FALSE) AS live \
         FROM (SELECT DISTINCT event_id FROM rounds WHERE state = 'started') r \
         LEFT JOIN event_leases l ON l.event_id = r.event_id \
         ORDER BY r.event_id",
    )
    .load(pg)
}

/// Lets go of `instance`'s leases on every event but `keep`, so that others may take them.
pub fn release_all_but(conn: &mut Conn, instance: &str, keep: &[i64]) -> QueryResult<usize> {
    let pg = postgres(conn)?;
    diesel::sql_query("DELETE FROM event_leases WHERE holder = $1 AND NOT (event_id = ANY($2))")
        .bind::<Text, _>(instance)
        .bind::<Array<BigInt>, _>(keep)
        .execute(pg)
}

/// Takes the leases of `events` that nobody holds or whose lease expired, for `seconds`, in
/// one statement; answers the events taken (one another instance took meanwhile is not).
pub fn claim(
    conn: &mut Conn,
    instance: &str,
    events: &[i64],
    seconds: f64,
) -> QueryResult<Vec<i64>> {
    if events.is_empty() {
        return Ok(Vec::new());
    }
    let pg = postgres(conn)?;
    let taken: Vec<Event> = diesel::sql_query(
        "INSERT INTO event_leases (event_id, holder, expires_at) \
         SELECT e, $1, clock_timestamp() + make_interval(secs => $3) FROM unnest($2) AS e \
         ON CONFLICT (event_id) DO UPDATE \
         SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at \
         WHERE event_leases.expires_at <= clock_timestamp() \
         RETURNING event_id",
    )
    .bind::<Text, _>(instance)
    .bind::<Array<BigInt>, _>(events)
    .bind::<Double, _>(seconds)
    .load(pg)?;
    Ok(taken.into_iter().map(|e| e.event_id).collect())
}

/// Forgets instances and leases that ended more than a minute ago (their events' rounds ended,
/// or their instance is gone), so that both tables stay small.
pub fn forget_old(conn: &mut Conn) -> QueryResult<()> {
    let pg = postgres(conn)?;
    diesel::sql_query(
        "DELETE FROM instances WHERE alive_until < clock_timestamp() - interval '1 minute'",
    )
    .execute(pg)?;
    diesel::sql_query(
        "DELETE FROM event_leases WHERE expires_at < clock_timestamp() - interval '1 minute'",
    )
    .execute(pg)?;
    Ok(())
}

/// Lets go of everything `instance` holds and says it is gone (a server stopping cleanly), so
/// that the others take its events at their next look instead of when its leases expire.
pub fn leave(conn: &mut Conn, instance: &str) -> QueryResult<()> {
    let pg = postgres(conn)?;
    diesel::sql_query("DELETE FROM event_leases WHERE holder = $1")
        .bind::<Text, _>(instance)
        .execute(pg)?;
    diesel::sql_query("DELETE FROM instances WHERE id = $1")
        .bind::<Text, _>(instance)
        .execute(pg)?;
    Ok(())
}
