//! Games (one deal at a table) and the actions played in them.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::QueryResult;

use crate::db::Conn;
use crate::db::models::*;
use crate::db::schema::*;

/// Another entry takes over a table's seat (a late arrival, in the middle of a round).
pub fn replace_table_entry(
    conn: &mut Conn,
    table_id: i64,
    old_entry: i64,
    new_entry: i64,
) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(
            table_entries::table
                .filter(table_entries::table_id.eq(table_id))
                .filter(table_entries::entry_id.eq(old_entry)),
        )
        .set(table_entries::entry_id.eq(new_entry))
        .execute(conn)
    })
}

pub fn insert_game(conn: &mut Conn, new: &NewGame) -> QueryResult<GameRow> {
    on_backend!(conn, {
        diesel::insert_into(games::table)
            .values(new)
            .returning(GameRow::as_returning())
            .get_result(conn)
    })
}

pub fn games_of_table(conn: &mut Conn, table_id: i64) -> QueryResult<Vec<GameRow>> {
    on_backend!(conn, {
        games::table
            .filter(games::table_id.eq(table_id))
            .order(games::number.asc())
            .select(GameRow::as_select())
            .load(conn)
    })
}

/// Who sits where in a deal, rewritten when a late arrival takes over a seat.
pub fn set_game_seats(conn: &mut Conn, game_id: i64, seats: &str) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(games::table.find(game_id))
            .set(games::seats.eq(seats))
            .execute(conn)
    })
}

/// Every deal of a round, by table and then in order.
pub fn games_of_round(conn: &mut Conn, round_id: i64) -> QueryResult<Vec<GameRow>> {
    on_backend!(conn, {
        games::table
            .inner_join(round_tables::table)
            .filter(round_tables::round_id.eq(round_id))
            .order((games::table_id.asc(), games::number.asc()))
            .select(GameRow::as_select())
            .load(conn)
    })
}

/// The deals of a round still in play (not won: no scores stored), by table. The deals won
/// before are left out: they are most of a long evening's deals, and the bot task asks four
/// times a second.
pub fn open_games_of_round(conn: &mut Conn, round_id: i64) -> QueryResult<Vec<GameRow>> {
    on_backend!(conn, {
        games::table
            .inner_join(round_tables::table)
            .filter(round_tables::round_id.eq(round_id))
            .filter(games::scores.is_null())
            .order((games::table_id.asc(), games::number.asc()))
            .select(GameRow::as_select())
            .load(conn)
    })
}

/// How many actions each of these games has stored (games with none are left out).
///
/// Actions are numbered from 0 without a gap (`UNIQUE (game_id, number)`), so a game's count is
/// its last action's number plus one: one step down the index per game, where counting them
/// walked every action of every deal (the bot task asks four times a second for every deal of
/// a round; a long evening's counts grew to a fifth of the server's time).
pub fn action_counts(conn: &mut Conn, games: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    #[derive(QueryableByName)]
    struct Last {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        game: i64,
        #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Integer>)]
        last: Option<i32>,
    }
    if games.is_empty() {
        return Ok(Vec::new());
    }
    // The ids are numbers, written in as numbers: nothing else reaches the statement.
    let ids: Vec<String> = games.iter().map(i64::to_string).collect();
    let statement = format!(
        "SELECT g.id AS game, \
                (SELECT a.number FROM actions a WHERE a.game_id = g.id \
                 ORDER BY a.number DESC LIMIT 1) AS last \
         FROM games g WHERE g.id IN ({})",
        ids.join(", ")
    );
    let rows: Vec<Last> = on_backend!(conn, { diesel::sql_query(&statement).load(conn) })?;
    Ok(rows
        .into_iter()
        .filter_map(|row| Some((row.game, i64::from(row.last?) + 1)))
        .collect())
}

/// A table's latest deal.
pub fn latest_game_of_table(conn: &mut Conn, table_id: i64) -> QueryResult<Option<GameRow>> {
    on_backend!(conn, {
        games::table
            .filter(games::table_id.eq(table_id))
            .order(games::number.desc())
            .select(GameRow::as_select())
            .get_result(conn)
            .optional()
    })
}

/// A table's latest game with its actions from number `from` on, in order, in one statement
/// (one round trip on PostgreSQL, where a move reads its deal so): `from` is how many actions
/// the caller has replayed already of the game it expects, 0 to read them all. `None` when the
/// table has no game.
pub fn latest_game_and_actions_from(
    conn: &mut Conn,
    table_id: i64,
    from: i32,
) -> QueryResult<Option<(GameRow, Vec<ActionRow>)>> {
    let rows: Vec<(GameRow, Option<ActionRow>)> = on_backend!(conn, {
        let others = diesel::alias!(games as others);
        let latest = others
            .filter(others.field(games::table_id).eq(table_id))
            .select(diesel::dsl::max(others.field(games::number)))
            .single_value();
        games::table
            .left_join(
                actions::table.on(actions::game_id.eq(games::id).and(actions::number.ge(from))),
            )
            .filter(games::table_id.eq(table_id))
            .filter(games::number.nullable().eq(latest))
            .order(actions::number.asc())
            .select((GameRow::as_select(), Option::<ActionRow>::as_select()))
            .load(conn)
    })?;
    Ok(super::parent_and_children(rows))
}

pub fn game(conn: &mut Conn, id: i64) -> QueryResult<GameRow> {
    on_backend!(conn, {
        games::table
            .find(id)
            .select(GameRow::as_select())
            .get_result(conn)
    })
}

pub fn finish_game(
    conn: &mut Conn,
    game_id: i64,
    winner: Option<i32>,
    scores: &str,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(games::table.find(game_id))
            .set((
                games::finished_at.eq(Some(at)),
                games::winner_side.eq(winner),
                games::scores.eq(Some(scores)),
            ))
            .execute(conn)
    })
}

pub fn actions_of_game(conn: &mut Conn, game_id: i64) -> QueryResult<Vec<ActionRow>> {
    on_backend!(conn, {
        actions::table
            .filter(actions::game_id.eq(game_id))
            .order(actions::number.asc())
            .select(ActionRow::as_select())
            .load(conn)
    })
}

/// The actions of a game from number `from` on, in order.
pub fn actions_of_game_from(
    conn: &mut Conn,
    game_id: i64,
    from: i32,
) -> QueryResult<Vec<ActionRow>> {
    on_backend!(conn, {
        actions::table
            .filter(actions::game_id.eq(game_id))
            .filter(actions::number.ge(from))
            .order(actions::number)
            .select(ActionRow::as_select())
            .load(conn)
    })
}

pub fn insert_action(conn: &mut Conn, new: &NewAction) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::insert_into(actions::table)
            .values(new)
            .execute(conn)
    })
}
