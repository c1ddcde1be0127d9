//! Digital tables: deals, who sits where, and moves.
//!
//! A deal is stored as its seed and configuration plus one row per action; the state is the
//! replay. A move names how many actions its player had seen: if the table has moved on since,
//! the move is refused with the new state instead of being applied twice or out of turn.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDateTime;

use super::deals::{StandIn, StandInNote, Tx};
use super::events::EventRecord;
use super::{AppError, AppResult};
use crate::db::models::{GameRow, NewAction, NewGame, Round, RoundTable};
use crate::db::{Conn, queries};
use crate::engine::{Action, Config, Event, Seat};
use crate::i18n::Said;
use crate::tournament::{self, EntryId, GameMiles};

/// A table played on the players' phones, the rules enforced by the engine.
pub const DIGITAL: &str = "digital";
/// A table played with real cards; the scores are typed in.
pub const PAPER: &str = "paper";

pub use super::deals::{
    DealSeats, LoadedDeal, current_deal, deal_history, hidden_window, load_deal, stored_action,
};

/// A deal's options as stored with it: the rule set's JSON object, none when every option is
/// at its default (so deals of the Touring games store nothing).
fn stored_options(config: &Config) -> serde_json::Result<Option<String>> {
    let options = config.options.to_json();
    if options.is_empty() {
        Ok(None)
    } else {
        serde_json::to_string(&options).map(Some)
    }
}

/// The entries of a table in side order, each with its player ids.
pub fn table_players(conn: &mut Conn, table: &RoundTable) -> AppResult<Vec<(EntryId, Vec<i64>)>> {
    let mut out = Vec::new();
    for te in queries::entries_of_table(conn, table.id)? {
        let players = queries::players_of_entry(conn, te.entry_id)?
            .into_iter()
            .map(|p| p.id)
            .collect();
        out.push((te.entry_id, players));
    }
    Ok(out)
}

/// The engine configuration of a table.
pub fn table_config(event: &EventRecord, entries: usize) -> AppResult<Config> {
    event
        .settings
        .table_config(entries)
        .map_err(|e| AppError::Internal(format!("a table of {entries} entries: {e}")))
}

/// Deals deal number `deal` at a digital table.
pub fn start_deal(
    conn: &mut Conn,
    event: &EventRecord,
    round: &Round,
    table: &RoundTable,
    deal: i32,
    now: NaiveDateTime,
) -> AppResult<GameRow> {
    let players = table_players(conn, table)?;
    let new = NewDeal::at(event, round.number, table.number, &players, deal)?;
    Ok(queries::insert_game(conn, &new.row(table.id, now))?)
}

/// A new deal as it is stored, worked out from who sits at the table without the database
/// (so a whole round's deals can be worked out before its write begins).
#[derive(Debug, Clone)]
pub struct NewDeal {
    pub number: i32,
    pub rules: &'static str,
    pub players: i32,
    pub partners: bool,
    pub seed: i64,
    pub seats: String,
    pub options: Option<String>,
}

impl NewDeal {
    /// Deal number `deal` at table `table` of round `round`, whose entries are listed in
    /// table-side order with their players.
    pub fn at(
        event: &EventRecord,
        round: i32,
        table: i32,
        players: &[(EntryId, Vec<i64>)],
        deal: i32,
    ) -> AppResult<NewDeal> {
        let config = table_config(event, players.len())?;
        let seats = DealSeats::for_deal(players, config.partners, deal as u32);
        // Deals count from 1 here and from 0 in the tournament's seed labels. The server's
        // secret is mixed in so that no seat can work the deal out from the event's seed
        // (which the host may have typed); the stored seed replays the game without it.
        let seed = super::secret::deal_seed(tournament::game_seed(
            event.settings.seed,
            round.unsigned_abs(),
            table.unsigned_abs(),
            deal.unsigned_abs().saturating_sub(1),
        ));
        Ok(NewDeal {
            number: deal,
            rules: config.rules.id(),
            players: i32::from(config.players),
            partners: config.partners,
            seed: seed as i64,
            seats: serde_json::to_string(&seats)?,
            options: stored_options(&config)?,
        })
    }

    /// The row to insert for the table stored as `table_id`.
    pub fn row(&self, table_id: i64, now: NaiveDateTime) -> NewGame<'_> {
        NewGame {
            table_id,
            number: self.number,
            rules: self.rules,
            players: self.players,
            partners: self.partners,
            seed: self.seed,
            seats: &self.seats,
            started_at: now,
            options: self.options.as_deref(),
        }
    }
}

/// The round's miles so far at a digital table, per entry. A finished deal counts the scores
/// stored when it was won; `current`, the table's deal if the caller has it loaded already, is
/// not replayed again; only a deal that is neither is replayed.
pub fn table_miles(
    tx: &mut Tx,
    table: &RoundTable,
    entries: &[EntryId],
    current: Option<&LoadedDeal>,
) -> AppResult<BTreeMap<EntryId, u32>> {
    let games = queries::games_of_table(tx, table.id)?;
    // The other deals still in play, replayed (the current one is known: not copied).
    let mut others = HashMap::new();
    for row in &games {
        if row.scores.is_none() && current.is_none_or(|d| d.row.id != row.id) {
            others.insert(row.id, load_deal(tx, row.clone())?);
        }
    }
    miles_of(entries, &games, |id| match current {
        Some(deal) if deal.row.id == id => Some(deal.miles()),
        _ => others.get(&id).map(LoadedDeal::miles),
    })
}

/// What every entry at a table has scored in its deals (in order): a finished deal's stored
/// scores, a deal in play's scores so far (`in_play`, by game id).
pub fn miles_of(
    entries: &[EntryId],
    games: &[GameRow],
    in_play: impl Fn(i64) -> Option<GameMiles>,
) -> AppResult<BTreeMap<EntryId, u32>> {
    let mut deals: Vec<GameMiles> = Vec::with_capacity(games.len());
    for row in games {
        if let Some(scores) = &row.scores {
            let seats: DealSeats = serde_json::from_str(&row.seats)?;
            deals.push(GameMiles {
                sides: seats.sides,
                miles: serde_json::from_str(scores)?,
            });
        } else {
            let miles = in_play(row.id).ok_or_else(|| {
                AppError::Internal(format!("deal {} in play was not read", row.id))
            })?;
            deals.push(miles);
        }
    }
    tournament::sum_games(entries, &deals).map_err(|e| AppError::Internal(e.to_string()))
}

/// How many of a table's deals (`games`, all of them) are finished, and each entry's total
/// over those (in the table's side order): what a round by games or to points is done by.
pub fn finished_totals(
    conn: &mut Conn,
    table: &RoundTable,
    games: &[GameRow],
) -> AppResult<(u32, Vec<u32>)> {
    let entries: Vec<EntryId> = queries::entries_of_table(conn, table.id)?
        .iter()
        .map(|te| te.entry_id)
        .collect();
    let finished: Vec<GameRow> = games
        .iter()
        .filter(|g| g.scores.is_some())
        .cloned()
        .collect();
    let miles = miles_of(&entries, &finished, |_| None)?;
    let totals = entries
        .iter()
        .map(|e| miles.get(e).copied().unwrap_or(0))
        .collect();
    Ok((u32::try_from(finished.len()).unwrap_or(u32::MAX), totals))
}

/// What a move did.
#[derive(Debug, Clone)]
pub struct MoveOutcome {
    /// The events, as the mover may see them.
    pub events: Vec<Event>,
    /// The deal after the move (a new deal if the deal ended and the table deals again).
    pub deal: LoadedDeal,
    /// The deal ended with this move.
    pub finished: bool,
    /// Whether the table changed and its pages should be told. A pass on a hidden decision
    /// (a coup fourré let go) is only noted: it takes effect when the table's wait is over,
    /// so that nobody learns from the table that there was a decision.
    pub changed: bool,
}

/// A move as a player sends it.
#[derive(Debug, Clone, Copy)]
pub struct Move {
    pub seat: Seat,
    /// How many actions of the deal the player had seen.
    pub seen: u32,
    pub action: Action,
}

/// The words every seat but the deciding one hears while the table waits after a hazard: the
/// same whether or not a seat may call Coup Fourré, with the same time left.
fn wait_message(due: NaiveDateTime, now: NaiveDateTime) -> Said {
    let left = (due - now).num_milliseconds().max(0);
    let seconds = (left + 999) / 1000;
    Said::new("refused-hazard-wait").number("seconds", seconds)
}

/// Applies a move in the table's current deal, after checking that the mover saw the latest
/// state. The caller has checked the round's clock.
///
/// While the table waits for a hidden decision (Mille Bornes' coup fourré, or the same wait
/// after a hazard nobody can answer), only the deciding seat may act, and its pass is noted
/// rather than played: [`apply_timeout`] plays it when the wait is over, as it does for a
/// seat that does not answer.
pub fn apply_move(
    tx: &mut Tx,
    table: (&EventRecord, &Round, &RoundTable),
    deal: LoadedDeal,
    Move { seat, seen, action }: Move,
    now: NaiveDateTime,
) -> AppResult<MoveOutcome> {
    if deal.is_over() {
        return Err(AppError::stale(Said::new("refused-deal-over")));
    }
    if seen > deal.actions {
        // Not a table that moved on: a number no state of this deal showed (another deal's,
        // or made up). The answer carries the table as it stands, with its own count.
        return Err(AppError::stale(
            Said::new("refused-seen-ahead")
                .number("seen", seen)
                .number("actions", deal.actions),
        ));
    }
    if seen != deal.actions {
        return Err(AppError::stale(
            Said::new("refused-table-moved-on").number("actions", deal.actions - seen),
        ));
    }
    if let Some((decision, due)) = deal.timed_decision()
        && decision.hidden
    {
        if decision.seat != Some(seat) {
            return Err(AppError::invalid(wait_message(due, now)));
        }
        if action == decision.on_timeout {
            return Ok(MoveOutcome {
                events: Vec::new(),
                deal,
                finished: false,
                changed: false,
            });
        }
    }
    record(tx, table, deal, seat, action, now, true, None)
}

/// Plays the answer of the decision the table waits for once its time is up: the table's
/// move, not a seat's. Refused (as stale) when there is nothing to wait for or the time is not
/// up yet.
pub fn apply_timeout(
    tx: &mut Tx,
    table: (&EventRecord, &Round, &RoundTable),
    deal: LoadedDeal,
    seen: u32,
    now: NaiveDateTime,
) -> AppResult<MoveOutcome> {
    let Some((decision, due)) = deal.timed_decision() else {
        return Err(AppError::stale(Said::new("refused-wait-for-nobody")));
    };
    if seen != deal.actions || now < due {
        return Err(AppError::stale(Said::new("refused-wait-not-over")));
    }
    let seat = decision.seat.unwrap_or_else(|| deal.game.to_move());
    record(tx, table, deal, seat, decision.on_timeout, now, false, None)
}

/// Plays a move for the seat to move, by a stand-in (see [`super::turn_clock`]): stored as
/// played for the seat, so that the boards and the replay say so. Refused (as stale) when the
/// deal is over or the table waits for a decision with its own window.
pub fn apply_for_seat(
    tx: &mut Tx,
    table: (&EventRecord, &Round, &RoundTable),
    deal: LoadedDeal,
    seat: Seat,
    action: Action,
    now: NaiveDateTime,
    by: StandIn,
) -> AppResult<MoveOutcome> {
    if deal.is_over() || deal.timed_decision().is_some() || deal.game.to_move() != seat {
        return Err(AppError::stale(Said::new("refused-seat-not-on-turn")));
    }
    record(tx, table, deal, seat, action, now, true, Some(by))
}

/// Applies and stores one action, finishing the deal (and dealing the next) if it ends it.
#[allow(clippy::too_many_arguments)]
fn record(
    tx: &mut Tx,
    (event, round, table): (&EventRecord, &Round, &RoundTable),
    mut deal: LoadedDeal,
    seat: Seat,
    action: Action,
    now: NaiveDateTime,
    as_seat: bool,
    by: Option<StandIn>,
) -> AppResult<MoveOutcome> {
    let mut events = Vec::new();
    if as_seat {
        deal.game.apply_as(seat, action, &mut events)
    } else {
        deal.game.apply(action, &mut events)
    }
    .map_err(|e| AppError::invalid(crate::tournament::said(crate::engine::Worded::words(&e))))?;
    queries::insert_action(
        tx,
        &NewAction {
            game_id: deal.row.id,
            number: deal.actions as i32,
            seat: i32::from(seat),
            action: &action.to_json().to_string(),
            created_at: now,
            played_by: by.map(StandIn::stored),
        },
    )?;
    if let Some(by) = by {
        deal.stand_ins.push(StandInNote {
            action: deal.actions,
            seat,
            by,
        });
    }
    deal.actions += 1;
    deal.last_at = now;
    deal.remember(deal.actions - 1, events.clone());
    let events: Vec<Event> = events.into_iter().map(|e| e.seen_by(Some(seat))).collect();
    let finished = deal.game.is_over();
    tx.keep(&deal);
    if finished {
        // A Mille Bornes hand can end level: it is over, with no winner.
        let winner = deal.game.winner().map(i32::from);
        let scores = serde_json::to_string(&deal.game.scores())?;
        queries::finish_game(tx, deal.row.id, winner, &scores, now)?;
        let games = queries::games_of_table(tx, table.id)?;
        let (dealt, totals) = finished_totals(tx, table, &games)?;
        let by_games_left = matches!(
            event.settings.round,
            tournament::RoundKind::Games { .. } | tournament::RoundKind::Points { .. }
        ) && !tournament::table_done(&event.settings, dealt, &totals);
        if event.settings.deals_again() || by_games_left {
            let next = start_deal(tx, event, round, table, deal.row.number + 1, now)?;
            deal = load_deal(tx, next)?;
        }
    }
    Ok(MoveOutcome {
        events,
        deal,
        finished,
        changed: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_side_rotates_between_deals_and_partners_sit_opposite() {
        let table = vec![(10, vec![1, 2]), (20, vec![3, 4])];
        let first = DealSeats::for_deal(&table, true, 1);
        assert_eq!(first.sides, vec![10, 20]);
        assert_eq!(first.players, vec![1, 3, 2, 4]);
        let second = DealSeats::for_deal(&table, true, 2);
        assert_eq!(second.sides, vec![20, 10]);
        assert_eq!(second.players, vec![3, 1, 4, 2]);
        let solo = DealSeats::for_deal(&[(1, vec![7]), (2, vec![8]), (3, vec![9])], false, 3);
        assert_eq!(solo.sides, vec![3, 1, 2]);
        assert_eq!(solo.players, vec![9, 7, 8]);
        assert_eq!(solo.seat_of(7), Some(1));
        assert_eq!(solo.seat_of(5), None);
    }
}
