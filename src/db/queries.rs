//! The queries the use cases need, one small function each. Everything here runs inside the
//! caller's connection (and so inside its transaction).
//!
//! A query that wants one row reads the first with `get_result`, never with `first` (`LIMIT ?`):
//! SQLite (3.53, the bundled one) lets a bound LIMIT shape the query plan, so a statement with one is compiled
//! again every time it is run with its parameter bound, which cost a fifth of the server's time
//! under load. Every such query here is by a key, or ordered, so its first row is the answer.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::QueryResult;

use super::Conn;
use super::models::*;
use super::schema::*;

/// Runs a query on the backend's own connection (`conn` is that connection inside).
///
/// Through diesel's `MultiConnection` a query writes its whole SQL text out again every time it
/// runs (to find its prepared statement, and again to bind), which was a tenth of the server's
/// time under load. On the backend's own connection a query built from the same types finds
/// its prepared statement by its type, so its text is written once.
macro_rules! on_backend {
    ($conn:ident, $query:expr) => {
        match $conn {
            Conn::Postgres($conn) => $query,
            Conn::Sqlite($conn) => $query,
        }
    };
}

// ---------------------------------------------------------------- events

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

pub fn all_events(conn: &mut Conn) -> QueryResult<Vec<Event>> {
    on_backend!(conn, {
        events::table
            .order(events::id.desc())
            .select(Event::as_select())
            .load(conn)
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

// ---------------------------------------------------------------- server keys

pub fn server_key(conn: &mut Conn, name: &str) -> QueryResult<Option<String>> {
    on_backend!(conn, {
        server_keys::table
            .find(name)
            .select(server_keys::value)
            .get_result(conn)
            .optional()
    })
}

pub fn delete_server_key(conn: &mut Conn, name: &str) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::delete(server_keys::table.find(name)).execute(conn)
    })
}

// ---------------------------------------------------------------- entries and players

pub fn insert_entry(conn: &mut Conn, new: &NewEntry) -> QueryResult<Entry> {
    on_backend!(conn, {
        diesel::insert_into(entries::table)
            .values(new)
            .returning(Entry::as_returning())
            .get_result(conn)
    })
}

pub fn insert_player(conn: &mut Conn, new: &NewPlayer) -> QueryResult<Player> {
    on_backend!(conn, {
        diesel::insert_into(players::table)
            .values(new)
            .returning(Player::as_returning())
            .get_result(conn)
    })
}

pub fn entries_of_event(conn: &mut Conn, event_id: i64) -> QueryResult<Vec<Entry>> {
    on_backend!(conn, {
        entries::table
            .filter(entries::event_id.eq(event_id))
            .order((entries::position.asc(), entries::id.asc()))
            .select(Entry::as_select())
            .load(conn)
    })
}

/// The ids of an event's bot entries.
pub fn bot_entries_of_event(conn: &mut Conn, event_id: i64) -> QueryResult<Vec<i64>> {
    on_backend!(conn, {
        entries::table
            .filter(entries::event_id.eq(event_id))
            .filter(entries::is_bot.eq(true))
            .select(entries::id)
            .load(conn)
    })
}

pub fn entry(conn: &mut Conn, id: i64) -> QueryResult<Option<Entry>> {
    on_backend!(conn, {
        entries::table
            .find(id)
            .select(Entry::as_select())
            .get_result(conn)
            .optional()
    })
}

pub fn next_entry_position(conn: &mut Conn, event_id: i64) -> QueryResult<i32> {
    on_backend!(conn, {
        let max: Option<i32> = entries::table
            .filter(entries::event_id.eq(event_id))
            .select(diesel::dsl::max(entries::position))
            .get_result(conn)?;
        Ok(max.map_or(1, |m| m + 1))
    })
}

pub fn withdraw_entry(conn: &mut Conn, id: i64, round: i32) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(entries::table.find(id))
            .set(entries::withdrawn_round.eq(Some(round)))
            .execute(conn)
    })
}

/// A late entry that takes over a seat in the middle of a round plays that round.
pub fn set_entry_joined_round(conn: &mut Conn, id: i64, round: i32) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(entries::table.find(id))
            .set(entries::joined_round.eq(round))
            .execute(conn)
    })
}

/// Deletes an entry and its players. Only for an entry that sits in no round: nothing else
/// refers to it then.
pub fn delete_entry(conn: &mut Conn, id: i64) -> QueryResult<()> {
    on_backend!(conn, {
        diesel::delete(
            series_seats::table.filter(
                series_seats::player_id.eq_any(
                    players::table
                        .filter(players::entry_id.eq(id))
                        .select(players::id),
                ),
            ),
        )
        .execute(conn)?;
        diesel::delete(players::table.filter(players::entry_id.eq(id))).execute(conn)?;
        diesel::delete(entries::table.find(id)).execute(conn)?;
        Ok(())
    })
}

pub fn players_of_event(conn: &mut Conn, event_id: i64) -> QueryResult<Vec<Player>> {
    on_backend!(conn, {
        players::table
            .inner_join(entries::table)
            .filter(entries::event_id.eq(event_id))
            .order((players::entry_id.asc(), players::member.asc()))
            .select(Player::as_select())
            .load(conn)
    })
}

pub fn players_of_entry(conn: &mut Conn, entry_id: i64) -> QueryResult<Vec<Player>> {
    on_backend!(conn, {
        players::table
            .filter(players::entry_id.eq(entry_id))
            .order(players::member.asc())
            .select(Player::as_select())
            .load(conn)
    })
}

pub fn player(conn: &mut Conn, id: i64) -> QueryResult<Option<Player>> {
    on_backend!(conn, {
        players::table
            .find(id)
            .select(Player::as_select())
            .get_result(conn)
            .optional()
    })
}

pub fn player_by_token_hash(conn: &mut Conn, hash: &str) -> QueryResult<Option<Player>> {
    on_backend!(conn, {
        players::table
            .filter(players::token_hash.eq(hash))
            .select(Player::as_select())
            .get_result(conn)
            .optional()
    })
}

pub fn rename_player(conn: &mut Conn, id: i64, name: &str) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(players::table.find(id))
            .set(players::name.eq(name))
            .execute(conn)
    })
}

/// A new seat link: the old link and every session on the seat end.
pub fn set_player_token(conn: &mut Conn, id: i64, hash: &str) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(players::table.find(id))
            .set((
                players::token_hash.eq(hash),
                players::epoch.eq(players::epoch + 1),
            ))
            .execute(conn)
    })
}

/// Hands a seat to a bot (`true`) or back to its player.
pub fn set_player_stand_in(conn: &mut Conn, id: i64, stand_in: bool) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(players::table.find(id))
            .set(players::stand_in.eq(stand_in))
            .execute(conn)
    })
}

/// The seat was handed to another player (its link no longer plays); its bot, if any, stops.
pub fn set_player_handed_to(conn: &mut Conn, id: i64, to: i64) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(players::table.find(id))
            .set((players::handed_to.eq(Some(to)), players::stand_in.eq(false)))
            .execute(conn)
    })
}

pub fn set_player_claim(conn: &mut Conn, id: i64, claimed: bool, epoch: i32) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(players::table.find(id))
            .set((players::claimed.eq(claimed), players::epoch.eq(epoch)))
            .execute(conn)
    })
}

pub fn claim_player_by_token_hash(conn: &mut Conn, hash: &str) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(
            players::table
                .filter(players::token_hash.eq(hash))
                .filter(players::claimed.eq(false)),
        )
        .set(players::claimed.eq(true))
        .execute(conn)
    })
}

// ---------------------------------------------------------------- rounds and tables

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

pub fn pauses_of_round(conn: &mut Conn, round_id: i64) -> QueryResult<Vec<Pause>> {
    on_backend!(conn, {
        pauses::table
            .filter(pauses::round_id.eq(round_id))
            .order(pauses::paused_at.asc())
            .select(Pause::as_select())
            .load(conn)
    })
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
    on_backend!(conn, {
        round_tables::table
            .inner_join(table_entries::table)
            .filter(round_tables::round_id.eq(round_id))
            .filter(table_entries::entry_id.eq(entry_id))
            .select(RoundTable::as_select())
            .get_result(conn)
            .optional()
    })
}

// ---------------------------------------------------------------- games and actions

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

/// Every deal of a round, by table and then in order.
/// Who sits where in a deal, rewritten when a late arrival takes over a seat.
pub fn set_game_seats(conn: &mut Conn, game_id: i64, seats: &str) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(games::table.find(game_id))
            .set(games::seats.eq(seats))
            .execute(conn)
    })
}

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

/// How many actions each of these games has stored (games with none are left out).
pub fn action_counts(conn: &mut Conn, games: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    on_backend!(conn, {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        actions::table
            .filter(actions::game_id.eq_any(games))
            .group_by(actions::game_id)
            .select((actions::game_id, diesel::dsl::count_star()))
            .load(conn)
    })
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

pub fn action_count(conn: &mut Conn, game_id: i64) -> QueryResult<i64> {
    on_backend!(conn, {
        actions::table
            .filter(actions::game_id.eq(game_id))
            .count()
            .get_result(conn)
    })
}

pub fn insert_action(conn: &mut Conn, new: &NewAction) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::insert_into(actions::table)
            .values(new)
            .execute(conn)
    })
}

// ---------------------------------------------------------------- scores

pub fn scores_of_round(conn: &mut Conn, round_id: i64) -> QueryResult<Vec<Score>> {
    on_backend!(conn, {
        scores::table
            .filter(scores::round_id.eq(round_id))
            .select(Score::as_select())
            .load(conn)
    })
}

pub fn scores_of_event(conn: &mut Conn, event_id: i64) -> QueryResult<Vec<(Score, i32)>> {
    on_backend!(conn, {
        scores::table
            .inner_join(rounds::table)
            .filter(rounds::event_id.eq(event_id))
            .filter(rounds::number.gt(0))
            .select((Score::as_select(), rounds::number))
            .load(conn)
    })
}

/// Records (or replaces) an entry's miles for a round.
pub fn upsert_score(conn: &mut Conn, new: &NewScore) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::delete(
            scores::table
                .filter(scores::round_id.eq(new.round_id))
                .filter(scores::entry_id.eq(new.entry_id)),
        )
        .execute(conn)?;
        diesel::insert_into(scores::table).values(new).execute(conn)
    })
}

pub fn paper_scores_of_table(conn: &mut Conn, table_id: i64) -> QueryResult<Vec<PaperScore>> {
    on_backend!(conn, {
        paper_scores::table
            .filter(paper_scores::table_id.eq(table_id))
            .order(paper_scores::side.asc())
            .select(PaperScore::as_select())
            .load(conn)
    })
}

/// Enters (or re-enters, unconfirmed) a side's score card.
pub fn upsert_paper_score(conn: &mut Conn, new: &NewPaperScore) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::delete(
            paper_scores::table
                .filter(paper_scores::table_id.eq(new.table_id))
                .filter(paper_scores::side.eq(new.side)),
        )
        .execute(conn)?;
        diesel::insert_into(paper_scores::table)
            .values(new)
            .execute(conn)
    })
}

pub fn confirm_paper_score(
    conn: &mut Conn,
    id: i64,
    by: &str,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(paper_scores::table.find(id))
            .set((
                paper_scores::confirmed_by.eq(Some(by)),
                paper_scores::confirmed_at.eq(Some(at)),
            ))
            .execute(conn)
    })
}

pub fn insert_correction(conn: &mut Conn, new: &NewCorrection) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::insert_into(corrections::table)
            .values(new)
            .execute(conn)
    })
}

pub fn corrections_of_event(conn: &mut Conn, event_id: i64) -> QueryResult<Vec<Correction>> {
    on_backend!(conn, {
        corrections::table
            .filter(corrections::event_id.eq(event_id))
            .order(corrections::id.asc())
            .select(Correction::as_select())
            .load(conn)
    })
}

/// Every round in a state (of every event): the started ones are where bots may have a move.
pub fn rounds_in_state(conn: &mut Conn, state: &str) -> QueryResult<Vec<Round>> {
    on_backend!(conn, {
        rounds::table
            .filter(rounds::state.eq(state))
            .order(rounds::id.asc())
            .select(Round::as_select())
            .load(conn)
    })
}

// ---------------------------------------------------------------- series

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

pub fn set_event_series(conn: &mut Conn, event_id: i64, series_id: i64) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(events::table.find(event_id))
            .set(events::series_id.eq(Some(series_id)))
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
