//! Who holds a seat: by its link's token, or by a QR code's pick (a guest's browser session), and
//! the free seats a guest may pick.

use crate::app::events::EventRecord;
use crate::app::tokens::{hash_token, looks_like_token};
use crate::app::{App, AppError, AppResult, events, rounds};
use crate::db::models::Player;
use crate::db::{Conn, models, queries};
use crate::i18n::Said;

/// The refusal every unknown seat link gets.
pub fn seat_refusal() -> AppError {
    AppError::forbidden(Said::new("refused-seat-link"))
}

/// A player found by their seat link.
#[derive(Debug, Clone)]
pub struct SeatHolder {
    pub player: Player,
    pub entry: models::Entry,
    pub event: EventRecord,
}

/// Finds the player a seat link belongs to.
pub fn holder(conn: &mut Conn, token: &str) -> AppResult<SeatHolder> {
    if !looks_like_token(token) {
        return Err(seat_refusal());
    }
    let hash = hash_token(token);
    joined(queries::player_entry_event(
        conn,
        queries::PlayerBy::TokenHash(&hash),
    )?)
}

/// The holder read in one statement (the player, its entry and its event joined), or the
/// refusal every unknown seat gets.
fn joined(read: Option<(Player, models::Entry, models::Event)>) -> AppResult<SeatHolder> {
    let (player, entry, event) = read.ok_or_else(seat_refusal)?;
    Ok(SeatHolder {
        player,
        entry,
        event: events::record(event)?,
    })
}

/// Finds a player by id (a bot's seat, which the program plays).
pub fn holder_by_player(conn: &mut Conn, player: i64) -> AppResult<SeatHolder> {
    joined(queries::player_entry_event(
        conn,
        queries::PlayerBy::Id(player),
    )?)
}

/// Finds a player by id and seat epoch (a browser that picked its seat from a QR code): a
/// seat the host has released or renewed since the pick is refused.
pub fn holder_by_pick(conn: &mut Conn, player: i64, epoch: i32) -> AppResult<SeatHolder> {
    joined(
        queries::player_entry_event(conn, queries::PlayerBy::Id(player))?
            .filter(|(p, _, _)| p.epoch == epoch),
    )
}

/// How a seat is named in a request: by its link's token, or by the player (and the seat's
/// epoch) a browser picked.
#[derive(Debug, Clone)]
pub enum SeatKey {
    Token(String),
    Player(i64, i32),
}

impl SeatKey {
    pub fn holder(&self, conn: &mut Conn) -> AppResult<SeatHolder> {
        match self {
            SeatKey::Token(token) => holder(conn, token),
            SeatKey::Player(player, epoch) => holder_by_pick(conn, *player, *epoch),
        }
    }
}

/// What opening a seat link did to who holds the seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Opened {
    /// A browser had picked the seat from a QR code: the link took it back, and that
    /// browser's session on the seat ended (its open page is told so once the event's pages
    /// are woken).
    pub ended_pick: bool,
}

/// Opens a seat link: whoever opens it first holds the seat, and from then on nobody can pick
/// it from a QR code. The guest's own link is the stronger claim (the host handed it to that
/// guest), so a browser that had picked the seat holds it no longer. Answers the holder, or
/// the refusal every unknown seat link gets.
pub fn hold_by_link(conn: &mut Conn, token: &str) -> AppResult<(SeatHolder, Opened)> {
    let mut found = holder(conn, token)?;
    let player = &mut found.player;
    let opened = Opened {
        ended_pick: player.picked,
    };
    if !player.claimed || player.picked {
        queries::hold_player_by_link(conn, player.id, player.picked)?;
        if player.picked {
            player.epoch = player.epoch.wrapping_add(1);
        }
        player.claimed = true;
        player.picked = false;
    }
    Ok((found, opened))
}

/// A seat a guest may pick from a QR code: free, a person's (not a bot's), and at the table
/// whose key the guest holds (any table with the event's key, the projector's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickFrom {
    Event,
    Table(i32),
}

/// The players whose seats can be picked with this key now: id and name.
pub fn free_seats(
    conn: &mut Conn,
    event: &EventRecord,
    from: PickFrom,
    key: &str,
) -> AppResult<Vec<(i64, String)>> {
    check_pick_key(event, from, key)?;
    let entries = match from {
        PickFrom::Event => events::entries(conn, event.id())?
            .into_iter()
            .filter(|e| e.entry.is_active() && !e.row.is_bot)
            .map(|e| e.row.id)
            .collect(),
        PickFrom::Table(number) => match rounds::latest(conn, event)? {
            Some(round) => match rounds::table_of(conn, &round, number) {
                Ok(table) => queries::entries_of_table(conn, table.id)?
                    .into_iter()
                    .map(|te| te.entry_id)
                    .collect(),
                Err(_) => Vec::new(),
            },
            None => Vec::new(),
        },
    };
    let mut free = Vec::new();
    for entry in entries {
        if queries::entry(conn, entry)?.is_some_and(|e| e.is_bot) {
            continue;
        }
        for p in queries::players_of_entry(conn, entry)? {
            if !p.claimed {
                free.push((p.id, p.name));
            }
        }
    }
    Ok(free)
}

pub(super) fn check_pick_key(event: &EventRecord, from: PickFrom, key: &str) -> AppResult<()> {
    let expected = match from {
        PickFrom::Event => event.join_key(),
        PickFrom::Table(number) => event.table_key(number),
    };
    if crate::app::tokens::same_hash(&expected, key) {
        Ok(())
    } else {
        Err(AppError::forbidden(Said::new("refused-qr-link")))
    }
}

/// Picks a free seat with a QR code's key and holds it: answers the player and the seat's
/// epoch for the browser's session. A seat someone holds is refused: only the host, or the
/// seat's own link, can take it back.
pub fn pick(
    conn: &mut Conn,
    event: &EventRecord,
    from: PickFrom,
    key: &str,
    player: i64,
) -> AppResult<(i64, i32)> {
    let free = free_seats(conn, event, from, key)?;
    if !free.iter().any(|(id, _)| *id == player) {
        return Err(AppError::forbidden(Said::new("refused-seat-not-free")));
    }
    let row = queries::player(conn, player)?.ok_or_else(seat_refusal)?;
    queries::pick_player(conn, row.id)?;
    Ok((row.id, row.epoch))
}

/// Gives back the seat a browser picked before (`held`: the player and epoch its session
/// keeps), if the pick still holds it: a browser holds one picked seat at a time. Answers the
/// event of the seat given back, whose open pages are to be told.
pub fn give_back_pick(conn: &mut Conn, held: Option<(i64, i32)>) -> AppResult<Option<i64>> {
    let Some((player, epoch)) = held else {
        return Ok(None);
    };
    match holder_by_pick(conn, player, epoch) {
        Ok(old) if old.player.picked => {
            queries::free_player(conn, old.player.id)?;
            Ok(Some(old.event.id()))
        }
        _ => Ok(None),
    }
}

/// A seat picked from a QR code: the player and the seat's epoch for the browser's session,
/// and the event of the seat this browser gave back for it, if it held one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Picked {
    pub player: i64,
    pub epoch: i32,
    pub gave_back: Option<i64>,
}

/// What a guest who opens a QR code's join page may pick.
#[derive(Debug, Clone)]
pub struct PickList {
    /// The event's name.
    pub event_name: String,
    /// The free seats this key opens: the player and their name.
    pub free: Vec<(i64, String)>,
    /// The name of the seat this browser already holds in this event, if it does (a guest
    /// who scans the code again, or reopens the page, goes back to it).
    pub held: Option<String>,
}

/// The free seats a guest may pick with this key (of a table, or the event's), and the seat
/// this browser already holds here (`held`: the player and epoch its session keeps).
pub fn free_seats_for(
    app: &App,
    event: i64,
    from: PickFrom,
    key: &str,
    held: Option<(i64, i32)>,
) -> AppResult<PickList> {
    app.read(|conn| {
        let record = events::load(conn, event)?;
        pick_list_in(conn, &record, from, key, held)
    })
}

/// [`free_seats_for`] in a caller's transaction.
pub(super) fn pick_list_in(
    conn: &mut Conn,
    record: &EventRecord,
    from: PickFrom,
    key: &str,
    held: Option<(i64, i32)>,
) -> AppResult<PickList> {
    let free = free_seats(conn, record, from, key)?;
    let held = match held {
        Some((player, epoch)) => match holder_by_pick(conn, player, epoch) {
            Ok(holder) if holder.event.id() == record.id() => Some(holder.player.name),
            _ => None,
        },
        None => None,
    };
    Ok(PickList {
        event_name: record.settings.name.clone(),
        free,
        held,
    })
}

/// Picks a free seat for a browser that holds `held` (its session's earlier pick, if any),
/// which it gives back: a browser holds one picked seat at a time.
pub fn pick_seat(
    app: &App,
    event: i64,
    from: PickFrom,
    key: &str,
    (player, held): (i64, Option<(i64, i32)>),
) -> AppResult<Picked> {
    app.write(|conn| {
        let record = events::load(conn, event)?;
        // A refused pick rolls the whole transaction back: the old seat stays held.
        let gave_back = give_back_pick(conn, held)?;
        let (player, epoch) = pick(conn, &record, from, key, player)?;
        Ok(Picked {
            player,
            epoch,
            gave_back,
        })
    })
}

/// The event a seat belongs to.
pub fn event_of_seat(app: &App, key: &SeatKey) -> AppResult<i64> {
    app.read(|conn| Ok(key.holder(conn)?.event.id()))
}
