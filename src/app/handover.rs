//! A seat left empty in the middle of a round, handed to a late arrival: the late guest becomes
//! a new entry that takes over the seat's hand and its score so far (the round's score goes to
//! whoever holds the seat at the signal), and the guest who left is withdrawn from this round
//! on, keeping only the rounds before. The table's deal goes on; the old link no longer plays
//! and its page says why. (Handing a seat to a bot is `turn_clock::hand_seat`.)

use super::events::{self, EventRecord, PlayerLink};
use super::play::DealSeats;
use super::rounds;
use super::{App, AppError, AppResult, HostKey};
use crate::db::{Conn, queries};
use crate::tournament::{Members, MissedRounds};

/// What a hand-over did: the late arrival's seat link (shown once) and where they sit.
#[derive(Debug, Clone)]
pub struct HandedOver {
    /// The guest who left.
    pub from: String,
    /// The late arrival's new entry.
    pub entry: i64,
    /// The late arrival's seat link.
    pub link: PlayerLink,
    pub round: u32,
    pub table: u32,
}

/// Hands `player`'s seat at their table of the round being played to a late arrival called
/// `name`, who scores `missed` for each earlier round.
pub fn hand_to_late_arrival_in(
    conn: &mut Conn,
    event: &EventRecord,
    player: i64,
    name: &str,
    missed: MissedRounds,
    now: chrono::NaiveDateTime,
) -> AppResult<HandedOver> {
    if event.is_finished() {
        return Err(AppError::conflict(crate::i18n::Said::new(
            "refused-handover-over",
        )));
    }
    if event.settings.table_size.partners() {
        return Err(AppError::conflict(crate::i18n::Said::new(
            "refused-handover-partners",
        )));
    }
    let leaving = queries::players_of_event(conn, event.id())?
        .into_iter()
        .find(|p| p.id == player)
        .ok_or_else(|| no_such_player(player))?;
    let entry = queries::entry(conn, leaving.entry_id)?.ok_or_else(|| no_such_player(player))?;
    if entry.is_bot {
        return Err(AppError::conflict(crate::i18n::Said::new(
            "refused-handover-bot",
        )));
    }
    if entry.withdrawn_round.is_some() {
        return Err(AppError::conflict(
            crate::i18n::Said::new("refused-handover-withdrawn").text("name", leaving.name),
        ));
    }
    let round = rounds::latest(conn, event)?
        .filter(|r| !r.is_closed())
        .ok_or_else(|| AppError::conflict(crate::i18n::Said::new("refused-handover-no-round")))?;
    if round.is_seated() {
        return Err(AppError::conflict(
            crate::i18n::Said::new("refused-handover-not-started")
                .number("round", round.number())
                .text("name", leaving.name),
        ));
    }
    let table = queries::table_of_entry(conn, round.row.id, entry.id)?.ok_or_else(|| {
        AppError::conflict(
            crate::i18n::Said::new("refused-handover-bye")
                .text("name", leaving.name.clone())
                .number("round", round.number()),
        )
    })?;
    let members = Members::player(name).map_err(|e| {
        AppError::invalid(crate::i18n::Said::new("refused-late-guest").said("reason", e.said()))
    })?;
    let (late, links) = events::add_entry_with(conn, event, members, None, missed, now)?;
    let link = links
        .into_iter()
        .next()
        .ok_or_else(|| AppError::Internal("the late guest has no player".into()))?;
    // The late guest plays this round (from the seat's hand and score so far), and the guest
    // who left plays it no more.
    queries::set_entry_joined_round(conn, late.id, round.row.number)?;
    queries::withdraw_entry(conn, entry.id, round.row.number)?;
    queries::replace_table_entry(conn, table.id, entry.id, late.id)?;
    for game in queries::games_of_table(conn, table.id)? {
        let mut seats: DealSeats = serde_json::from_str(&game.seats)?;
        for p in &mut seats.players {
            if *p == leaving.id {
                *p = link.player;
            }
        }
        for side in &mut seats.sides {
            if *side == entry.id {
                *side = late.id;
            }
        }
        queries::set_game_seats(conn, game.id, &serde_json::to_string(&seats)?)?;
    }
    queries::set_player_handed_to(conn, leaving.id, link.player)?;
    Ok(HandedOver {
        from: leaving.name,
        entry: late.id,
        link,
        round: round.number(),
        table: u32::try_from(table.number).unwrap_or(0),
    })
}

/// Where a seat handed to a late arrival went, as the old link's page says it: the late
/// guest's name.
pub fn successor_name(conn: &mut Conn, to: i64) -> AppResult<String> {
    Ok(queries::player(conn, to)?
        .map(|p| p.name)
        .unwrap_or_else(|| "a late guest".into()))
}

// ---------------------------------------------------------------- use cases

/// The host hands a seat to a late arrival (see [`hand_to_late_arrival_in`]), within the
/// server's cap on entries.
pub fn hand_to_late_arrival(
    app: &App,
    host: &HostKey,
    cap: Option<usize>,
    player: i64,
    name: &str,
    missed: MissedRounds,
) -> AppResult<HandedOver> {
    let now = app.now_naive();
    app.write_as_host(host, |conn, event| {
        events::check_room(conn, event, cap)?;
        hand_to_late_arrival_in(conn, event, player, name, missed, now)
    })
}

/// The refusal of a player this event does not have.
fn no_such_player(player: i64) -> AppError {
    AppError::not_found(
        crate::i18n::Said::new("refused-no-such-player").text("player", player.to_string()),
    )
}
