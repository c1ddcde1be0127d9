//! Rounds, their pauses, their tables and who sits at each.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::QueryResult;

use crate::db::Conn;
use crate::db::models::*;
use crate::db::schema::*;

pub fn insert_round(conn: &mut Conn, new: &NewRound) -> QueryResult<Round> {
    on_backend!(conn, {
        diesel::insert_into(rounds::table)
            .values(new)
            .returning(Round::as_returning())
            .get_result(conn)
    })
}

/// An event's rounds, in order. Only rounds numbered from 1 are the event's: a seating being
/// stored in steps, or one replaced and being deleted in steps, has a number below 1 (see
/// [`set_round_place`]) and is seen by none of these queries.
pub fn rounds_of_event(conn: &mut Conn, event_id: i64) -> QueryResult<Vec<Round>> {
    on_backend!(conn, {
        rounds::table
            .filter(rounds::event_id.eq(event_id))
            .filter(rounds::number.gt(0))
            .order(rounds::number.asc())
            .select(Round::as_select())
            .load(conn)
    })
}

pub fn round(conn: &mut Conn, event_id: i64, number: i32) -> QueryResult<Option<Round>> {
    on_backend!(conn, {
        rounds::table
            .filter(rounds::event_id.eq(event_id))
            .filter(rounds::number.eq(number))
            .filter(rounds::number.gt(0))
            .select(Round::as_select())
            .get_result(conn)
            .optional()
    })
}

pub fn latest_round(conn: &mut Conn, event_id: i64) -> QueryResult<Option<Round>> {
    on_backend!(conn, {
        rounds::table
            .filter(rounds::event_id.eq(event_id))
            .filter(rounds::number.gt(0))
            .order(rounds::number.desc())
            .select(Round::as_select())
            .get_result(conn)
            .optional()
    })
}

/// An event's latest round and its pauses (in the order they began, sorted here as in
/// [`pauses_of_round`]), in one statement: the clock every move reads.
pub fn latest_round_and_pauses(
    conn: &mut Conn,
    event_id: i64,
) -> QueryResult<Option<(Round, Vec<Pause>)>> {
    let rows: Vec<(Round, Option<Pause>)> = on_backend!(conn, {
        let others = diesel::alias!(rounds as others);
        let latest = others
            .filter(others.field(rounds::event_id).eq(event_id))
            .filter(others.field(rounds::number).gt(0))
            .select(diesel::dsl::max(others.field(rounds::number)))
            .single_value();
        rounds::table
            .left_join(pauses::table)
            .filter(rounds::event_id.eq(event_id))
            .filter(rounds::number.nullable().eq(latest))
            .select((Round::as_select(), Option::<Pause>::as_select()))
            .load(conn)
    })?;
    Ok(super::parent_and_children(rows).map(|(round, pauses)| (round, in_order(pauses))))
}

/// Rounds whose clock may still be running or has just run out: started, neither stopped by
/// the host nor closed.
pub fn started_open_rounds(conn: &mut Conn) -> QueryResult<Vec<Round>> {
    on_backend!(conn, {
        rounds::table
            .filter(rounds::started_at.is_not_null())
            .filter(rounds::stopped_at.is_null())
            .filter(rounds::closed_at.is_null())
            .select(Round::as_select())
            .load(conn)
    })
}

pub fn round_by_id(conn: &mut Conn, id: i64) -> QueryResult<Round> {
    on_backend!(conn, {
        rounds::table
            .find(id)
            .select(Round::as_select())
            .get_result(conn)
    })
}

/// Saves a round's clock and state fields.
pub fn update_round(conn: &mut Conn, round: &Round) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(rounds::table.find(round.id))
            .set((
                rounds::state.eq(&round.state),
                rounds::length_seconds.eq(round.length_seconds),
                rounds::extended_seconds.eq(round.extended_seconds),
                rounds::started_at.eq(round.started_at),
                rounds::stopped_at.eq(round.stopped_at),
                rounds::closed_at.eq(round.closed_at),
                rounds::byes.eq(&round.byes),
                rounds::closing.eq(&round.closing),
            ))
            .execute(conn)
    })
}

pub fn delete_round(conn: &mut Conn, round_id: i64) -> QueryResult<()> {
    while !delete_round_part(conn, round_id, usize::MAX)? {}
    Ok(())
}

/// Deletes up to `tables` of a round's tables with everything at them (deals, their moves,
/// paper cards, who sits there); once none is left, the round itself. Answers whether the
/// round is gone, so that a big round can be deleted in several short writes.
pub fn delete_round_part(conn: &mut Conn, round_id: i64, tables: usize) -> QueryResult<bool> {
    on_backend!(conn, {
        let mut ids: Vec<i64> = round_tables::table
            .filter(round_tables::round_id.eq(round_id))
            .select(round_tables::id)
            .load(conn)?;
        if ids.is_empty() {
            diesel::delete(scores::table.filter(scores::round_id.eq(round_id))).execute(conn)?;
            diesel::delete(pauses::table.filter(pauses::round_id.eq(round_id))).execute(conn)?;
            diesel::delete(rounds::table.find(round_id)).execute(conn)?;
            return Ok(true);
        }
        ids.truncate(tables);
        let games: Vec<i64> = games::table
            .filter(games::table_id.eq_any(&ids))
            .select(games::id)
            .load(conn)?;
        diesel::delete(actions::table.filter(actions::game_id.eq_any(&games))).execute(conn)?;
        diesel::delete(games::table.filter(games::id.eq_any(&games))).execute(conn)?;
        diesel::delete(paper_scores::table.filter(paper_scores::table_id.eq_any(&ids)))
            .execute(conn)?;
        diesel::delete(table_entries::table.filter(table_entries::table_id.eq_any(&ids)))
            .execute(conn)?;
        diesel::delete(round_tables::table.filter(round_tables::id.eq_any(&ids))).execute(conn)?;
        Ok(false)
    })
}

/// Gives a round its number and state: a number below 1 takes it out of the event's rounds
/// (a seating being stored, or one being deleted), 1 and up puts it in.
pub fn set_round_place(conn: &mut Conn, id: i64, number: i32, state: &str) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(rounds::table.find(id))
            .set((rounds::number.eq(number), rounds::state.eq(state)))
            .execute(conn)
    })
}

/// An event's rounds in a state, numbered below 1 or not (the rounds left out of the event
/// by [`set_round_place`] included).
pub fn any_rounds_in_state(conn: &mut Conn, event_id: i64, state: &str) -> QueryResult<Vec<Round>> {
    on_backend!(conn, {
        rounds::table
            .filter(rounds::event_id.eq(event_id))
            .filter(rounds::state.eq(state))
            .order(rounds::id.asc())
            .select(Round::as_select())
            .load(conn)
    })
}

/// A round's pauses, in the order they began. Sorted here: a round has a few, and sorted by
/// SQLite (whose index finds them by round only) they cost a sorter at every move.
pub fn pauses_of_round(conn: &mut Conn, round_id: i64) -> QueryResult<Vec<Pause>> {
    let pauses: Vec<Pause> = on_backend!(conn, {
        pauses::table
            .filter(pauses::round_id.eq(round_id))
            .select(Pause::as_select())
            .load(conn)
    })?;
    Ok(in_order(pauses))
}

/// A round's pauses in the order they began.
fn in_order(mut pauses: Vec<Pause>) -> Vec<Pause> {
    pauses.sort_by_key(|pause| (pause.paused_at, pause.id));
    pauses
}

pub fn insert_pause(conn: &mut Conn, round_id: i64, at: NaiveDateTime) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::insert_into(pauses::table)
            .values((pauses::round_id.eq(round_id), pauses::paused_at.eq(at)))
            .execute(conn)
    })
}

pub fn end_pause(conn: &mut Conn, pause_id: i64, at: NaiveDateTime) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(pauses::table.find(pause_id))
            .set(pauses::resumed_at.eq(Some(at)))
            .execute(conn)
    })
}

pub fn insert_table(conn: &mut Conn, new: &NewRoundTable) -> QueryResult<RoundTable> {
    on_backend!(conn, {
        diesel::insert_into(round_tables::table)
            .values(new)
            .returning(RoundTable::as_returning())
            .get_result(conn)
    })
}

/// Rows a batch insert sends in one statement (SQLite takes at most 32,766 values a statement).
const BATCH: usize = 1_000;

/// Inserts `rows` into `table`, a thousand a statement.
macro_rules! insert_batches {
    ($conn:ident, $table:expr, $rows:expr) => {{
        let mut inserted = 0;
        for chunk in $rows.chunks(BATCH) {
            inserted += on_backend!($conn, {
                diesel::insert_into($table).values(chunk).execute($conn)
            })?;
        }
        Ok(inserted)
    }};
}

/// Inserts a round's tables.
pub fn insert_tables(conn: &mut Conn, rows: &[NewRoundTable]) -> QueryResult<usize> {
    insert_batches!(conn, round_tables::table, rows)
}

/// Inserts who sits at a round's tables.
pub fn insert_table_entries(conn: &mut Conn, rows: &[NewTableEntry]) -> QueryResult<usize> {
    insert_batches!(conn, table_entries::table, rows)
}

/// Inserts a round's first deals.
pub fn insert_games(conn: &mut Conn, rows: &[NewGame]) -> QueryResult<usize> {
    insert_batches!(conn, games::table, rows)
}

pub fn tables_of_round(conn: &mut Conn, round_id: i64) -> QueryResult<Vec<RoundTable>> {
    on_backend!(conn, {
        round_tables::table
            .filter(round_tables::round_id.eq(round_id))
            .order(round_tables::number.asc())
            .select(RoundTable::as_select())
            .load(conn)
    })
}

pub fn table(conn: &mut Conn, id: i64) -> QueryResult<RoundTable> {
    on_backend!(conn, {
        round_tables::table
            .find(id)
            .select(RoundTable::as_select())
            .get_result(conn)
    })
}

pub fn update_table_result(
    conn: &mut Conn,
    table_id: i64,
    progresses: Option<i64>,
    tie: Option<&str>,
) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(round_tables::table.find(table_id))
            .set((
                round_tables::progresses.eq(progresses),
                round_tables::tie.eq(tie),
            ))
            .execute(conn)
    })
}

pub fn set_table_host_choice(
    conn: &mut Conn,
    table_id: i64,
    entry: Option<i64>,
) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(round_tables::table.find(table_id))
            .set(round_tables::host_choice.eq(entry))
            .execute(conn)
    })
}

pub fn set_table_mode(conn: &mut Conn, table_id: i64, mode: &str) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(round_tables::table.find(table_id))
            .set(round_tables::mode.eq(mode))
            .execute(conn)
    })
}

pub fn insert_table_entry(conn: &mut Conn, new: &NewTableEntry) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::insert_into(table_entries::table)
            .values(new)
            .execute(conn)
    })
}

pub fn entries_of_table(conn: &mut Conn, table_id: i64) -> QueryResult<Vec<TableEntry>> {
    on_backend!(conn, {
        table_entries::table
            .filter(table_entries::table_id.eq(table_id))
            .order(table_entries::side.asc())
            .select(TableEntry::as_select())
            .load(conn)
    })
}

/// Everyone at a table: each seated entry (in side order) with whether it is a bot, and each of
/// its players (in member order).
pub fn seated_players(
    conn: &mut Conn,
    table_id: i64,
) -> QueryResult<Vec<(TableEntry, bool, Player)>> {
    on_backend!(conn, {
        table_entries::table
            .inner_join(entries::table.inner_join(players::table))
            .filter(table_entries::table_id.eq(table_id))
            .order((table_entries::side.asc(), players::member.asc()))
            .select((
                TableEntry::as_select(),
                entries::is_bot,
                Player::as_select(),
            ))
            .load(conn)
    })
}

pub fn entries_of_round(conn: &mut Conn, round_id: i64) -> QueryResult<Vec<TableEntry>> {
    on_backend!(conn, {
        table_entries::table
            .inner_join(round_tables::table)
            .filter(round_tables::round_id.eq(round_id))
            .order((round_tables::number.asc(), table_entries::side.asc()))
            .select(TableEntry::as_select())
            .load(conn)
    })
}

/// The table an entry sits at in a round, if any.
pub fn table_of_entry(
    conn: &mut Conn,
    round_id: i64,
    entry_id: i64,
) -> QueryResult<Option<RoundTable>> {
    // Driven from the entry's few tables (one a round it played), each looked up by key, and
    // the round picked here. Filtered by round in SQL, SQLite walked every table of the round
    // to find the entry's (a thousand at a big party, at every move); asked as `id IN (SELECT
    // ...)`, it built a temporary table for the list at every move (a pager and a page cache
    // opened and closed: 2% of a busy party's CPU).
    let tables: Vec<RoundTable> = on_backend!(conn, {
        table_entries::table
            .inner_join(round_tables::table)
            .filter(table_entries::entry_id.eq(entry_id))
            .select(RoundTable::as_select())
            .load(conn)
    })?;
    Ok(tables.into_iter().find(|table| table.round_id == round_id))
}
