//! Entries (a guest or a partnership) and their players, with the tokens of their seats.

use diesel::prelude::*;
use diesel::result::QueryResult;

use crate::db::Conn;
use crate::db::models::*;
use crate::db::schema::*;

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

/// A guest checked in this entry themselves, from the wall's QR code.
pub fn mark_checked_in(conn: &mut Conn, id: i64) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(entries::table.find(id))
            .set(entries::checked_in.eq(true))
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

/// The players of an event whose seat is handed to a bot (the bot task asks four times a
/// second, so it reads these few rather than every player).
pub fn stand_in_players_of_event(conn: &mut Conn, event_id: i64) -> QueryResult<Vec<i64>> {
    on_backend!(conn, {
        players::table
            .inner_join(entries::table)
            .filter(entries::event_id.eq(event_id))
            .filter(players::stand_in.eq(true))
            .select(players::id)
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

/// How [`player_entry_event`] picks the player: by its seat link's hashed token, or by id.
pub enum PlayerBy<'a> {
    TokenHash(&'a str),
    Id(i64),
}

/// A player with the entry and the event it belongs to, in one statement: a seat's every move
/// and every drawing of its board finds its holder so.
pub fn player_entry_event(
    conn: &mut Conn,
    by: PlayerBy,
) -> QueryResult<Option<(Player, Entry, Event)>> {
    on_backend!(conn, {
        let joined = players::table.inner_join(entries::table.inner_join(events::table));
        let selected = (Player::as_select(), Entry::as_select(), Event::as_select());
        match by {
            PlayerBy::TokenHash(hash) => joined
                .filter(players::token_hash.eq(hash))
                .select(selected)
                .get_result(conn)
                .optional(),
            PlayerBy::Id(id) => joined
                .filter(players::id.eq(id))
                .select(selected)
                .get_result(conn)
                .optional(),
        }
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
                players::picked.eq(false),
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

/// Frees a seat: nobody holds it, and the sessions of browsers that picked it end (its epoch
/// moves on).
pub fn free_player(conn: &mut Conn, id: i64) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(players::table.find(id))
            .set((
                players::claimed.eq(false),
                players::picked.eq(false),
                players::epoch.eq(players::epoch + 1),
            ))
            .execute(conn)
    })
}

/// A browser picked the seat from a QR code: it holds the seat (in the seat's epoch now).
pub fn pick_player(conn: &mut Conn, id: i64) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(players::table.find(id))
            .set((players::claimed.eq(true), players::picked.eq(true)))
            .execute(conn)
    })
}

/// The seat's own link was opened: the link holds the seat. A browser that had picked it
/// holds it no longer (`end_pick`: its epoch moves on, which ends the picker's session).
pub fn hold_player_by_link(conn: &mut Conn, id: i64, end_pick: bool) -> QueryResult<usize> {
    let bump = i32::from(end_pick);
    on_backend!(conn, {
        diesel::update(players::table.find(id))
            .set((
                players::claimed.eq(true),
                players::picked.eq(false),
                players::epoch.eq(players::epoch + bump),
            ))
            .execute(conn)
    })
}
