//! A deal read from the database and replayed: who sits where, the game, the recent events,
//! the moves played for their seats; and how a stored deal is replayed, from the replay kept
//! in the transaction's store and the actions stored since.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use super::Tx;
use crate::app::{AppError, AppResult};
use crate::db::models::GameRow;
use crate::db::queries;
use crate::engine::{Action, Config, Event, Game, Options, RulesId, Seat, TimedDecision};
use crate::tournament::{EntryId, GameMiles};

/// Who played a move for its seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StandIn {
    /// The seat's turn ran out on the turn clock.
    Clock,
    /// The host handed the seat to a bot.
    Bot,
}

impl StandIn {
    /// The stored form (`actions.played_by`).
    pub const fn stored(self) -> &'static str {
        match self {
            StandIn::Clock => "clock",
            StandIn::Bot => "bot",
        }
    }

    /// Reads the stored form; anything else is the seat's own move.
    pub fn parse(stored: Option<&str>) -> Option<StandIn> {
        match stored? {
            "clock" => Some(StandIn::Clock),
            "bot" => Some(StandIn::Bot),
            _ => None,
        }
    }

    /// The label every board and the replay give such a move.
    pub const fn label(self) -> &'static str {
        match self {
            StandIn::Clock => "played by the turn clock",
            StandIn::Bot => "played by a bot for the host",
        }
    }
}

/// A move of a recent action played for its seat, as a board shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StandInNote {
    /// The action's number in the deal (from 0).
    pub action: u32,
    pub seat: Seat,
    pub by: StandIn,
}

/// Who sits where in one deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealSeats {
    /// Player ids in seat order (seat 0 plays first).
    pub players: Vec<i64>,
    /// For each side of the game, the entry that plays it.
    pub sides: Vec<EntryId>,
}

impl DealSeats {
    /// The seats of a deal at a table whose entries are listed in table-side order with their
    /// players (one, or two partners). The first side rotates from deal to deal, so that
    /// nobody always plays first; partners sit opposite each other.
    pub fn for_deal(table: &[(EntryId, Vec<i64>)], partners: bool, deal: u32) -> DealSeats {
        let k = table.len().max(1);
        let shift = (deal.saturating_sub(1) as usize) % k;
        let sides: Vec<EntryId> = (0..k).map(|i| table[(i + shift) % k].0).collect();
        let per_entry = if partners { 2 } else { 1 };
        let players = (0..k * per_entry)
            .map(|seat| {
                let (_, members) = &table[(seat % k + shift) % k];
                members.get(seat / k).copied().unwrap_or_default()
            })
            .collect();
        DealSeats { players, sides }
    }

    /// The seat of a player, if they play in this deal.
    pub fn seat_of(&self, player: i64) -> Option<Seat> {
        self.players
            .iter()
            .position(|&p| p == player)
            .map(|s| s as Seat)
    }
}

/// A deal read from the database and replayed.
#[derive(Debug, Clone)]
pub struct LoadedDeal {
    pub row: GameRow,
    pub game: Game,
    pub seats: DealSeats,
    /// How many actions have been played: the number a client sends back with its next move.
    /// (The actions themselves are not kept: a deal's log grows with every move, and a kept
    /// replay is copied for each move; [`deal_history`] reads them.)
    pub actions: u32,
    /// The events of the last [`RECENT`] actions (a referee's view), each with the number of
    /// its action (in that order), kept from the one replay so that pages need not replay the
    /// deal again.
    pub events: Vec<(u32, Event)>,
    /// When the last action was played (when the deal was dealt, before any).
    pub last_at: NaiveDateTime,
    /// The actions played for their seats (the turn clock, or a bot the host handed the seat
    /// to), in order.
    pub stand_ins: Vec<StandInNote>,
    /// How long the table waits after a hazard (the event's Coup Fourré window).
    pub hidden_window: chrono::TimeDelta,
}

/// How many of the latest actions' events a loaded deal keeps.
pub const RECENT: u32 = 8;

/// How long a table waits for a hidden timed decision (Mille Bornes' wait after a hazard,
/// whether or not anyone may call Coup Fourré) when the rule set's options name no length.
pub const HIDDEN_DECISION_WINDOW: chrono::TimeDelta = chrono::TimeDelta::seconds(5);

/// How long a side has to decide an open question (Mille Bornes' Extension) before the table
/// goes on without it (the Extension is then declined).
pub const OPEN_DECISION_WINDOW: chrono::TimeDelta = chrono::TimeDelta::seconds(20);

/// How long a table of this configuration waits for a hidden timed decision: the seconds its
/// options choose (the event's, the same for every table and every decision of the evening).
pub fn hidden_window(config: &Config) -> chrono::TimeDelta {
    config
        .options
        .decision_seconds()
        .map_or(HIDDEN_DECISION_WINDOW, |s| {
            chrono::TimeDelta::seconds(i64::from(s))
        })
}

impl LoadedDeal {
    /// Miles per side, as the tournament counts them.
    pub fn miles(&self) -> GameMiles {
        GameMiles {
            sides: self.seats.sides.clone(),
            miles: self.game.scores(),
        }
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The out-of-turn decision the table waits for, with the time its answer is due.
    pub fn timed_decision(&self) -> Option<(TimedDecision<Action>, NaiveDateTime)> {
        let decision = self.game.timed_decision()?;
        let window = if decision.hidden {
            self.hidden_window
        } else {
            OPEN_DECISION_WINDOW
        };
        Some((decision, self.last_at + window))
    }

    /// The events of the last `count` actions (at most [`RECENT`]), as `viewer` may see them,
    /// newest last.
    pub fn recent_events(&self, count: u32, viewer: Option<Seat>) -> Vec<Event> {
        let from = self.actions.saturating_sub(count);
        // The kept events are in order: the recent ones are those after the first recent one
        // (sized once, not grown event by event, six times a move).
        let first = self.events.partition_point(|(number, _)| *number < from);
        let recent = &self.events[first..];
        let mut out = Vec::with_capacity(recent.len());
        out.extend(
            recent
                .iter()
                .map(|(_, event)| event.clone().seen_by(viewer)),
        );
        out
    }

    /// Keeps the events of action `number`, forgetting those older than [`RECENT`] actions.
    pub(in crate::app) fn remember(&mut self, number: u32, events: Vec<Event>) {
        self.events.extend(events.into_iter().map(|e| (number, e)));
        let from = (number + 1).saturating_sub(RECENT);
        self.events.retain(|(n, _)| *n >= from);
    }
}

/// Replays a stored deal: from the replay kept in the transaction's store and the actions
/// stored since, or from its first action. What it replayed is kept (see [`Tx::keep`]).
pub fn load_deal(tx: &mut Tx, row: GameRow) -> AppResult<LoadedDeal> {
    let deal = match tx.kept(&row) {
        Some(kept) => {
            let mut deal = LoadedDeal::clone(&kept);
            let from = deal.actions;
            deal.row = row;
            let newer = queries::actions_of_game_from(tx, deal.row.id, from as i32)?;
            if newer.is_empty() {
                return Ok(deal);
            }
            replay(&mut deal, newer)?;
            deal
        }
        None => {
            let stored = queries::actions_of_game(tx, row.id)?;
            replayed(row, stored)?
        }
    };
    tx.keep(&deal);
    Ok(deal)
}

/// A deal replayed from its row and all its stored actions.
fn replayed(row: GameRow, stored: Vec<crate::db::models::ActionRow>) -> AppResult<LoadedDeal> {
    let config = deal_config(&row)?;
    let seats: DealSeats = serde_json::from_str(&row.seats)?;
    let game = Game::new(config, row.seed as u64, &[])
        .map_err(|e| AppError::Internal(format!("deal {} cannot be set up: {e}", row.id)))?;
    let mut deal = LoadedDeal {
        last_at: row.started_at,
        row,
        game,
        seats,
        actions: 0,
        events: Vec::new(),
        stand_ins: Vec::new(),
        hidden_window: hidden_window(&config),
    };
    replay(&mut deal, stored)?;
    Ok(deal)
}

/// The configuration a stored deal was dealt with, with its options.
fn deal_config(row: &GameRow) -> AppResult<Config> {
    let rules = RulesId::parse(&row.rules).map_err(|e| AppError::Internal(e.to_string()))?;
    let players = u8::try_from(row.players)
        .map_err(|_| AppError::Internal(format!("deal {} has {} players", row.id, row.players)))?;
    let options = match &row.options {
        Some(text) => serde_json::from_str(text)?,
        None => serde_json::Value::Null,
    };
    let options = Options::from_stored(rules, &options)
        .map_err(|e| AppError::Internal(format!("deal {}'s options: {e}", row.id)))?;
    Config::new(rules, players, Some(row.partners))
        .and_then(|config| config.with_options(options))
        .map_err(|e| AppError::Internal(e.to_string()))
}

/// A stored action, as the engine takes it.
pub fn stored_action(rules: RulesId, row: &crate::db::models::ActionRow) -> AppResult<Action> {
    let value: serde_json::Value = serde_json::from_str(&row.action)?;
    Action::from_json(rules, &value).map_err(AppError::Internal)
}

/// The actions a deal was replayed with, in order, read from the database (what a bot's
/// search starts from).
pub fn deal_history(tx: &mut Tx, deal: &LoadedDeal) -> AppResult<Vec<Action>> {
    let rules = deal.game.config().rules;
    queries::actions_of_game(tx, deal.row.id)?
        .iter()
        .take(deal.actions as usize)
        .map(|row| stored_action(rules, row))
        .collect()
}

/// Plays stored actions (the ones after `deal.actions`, in order) on a deal.
fn replay(deal: &mut LoadedDeal, stored: Vec<crate::db::models::ActionRow>) -> AppResult<()> {
    let rules = deal.game.config().rules;
    let keep_from = (deal.actions + stored.len() as u32).saturating_sub(RECENT);
    for row in stored {
        let number = deal.actions;
        if row.number != number as i32 {
            return Err(AppError::Internal(format!(
                "deal {} does not replay: action {} is stored where {number} should be",
                deal.row.id, row.number
            )));
        }
        let action = stored_action(rules, &row)?;
        let mut events = Vec::new();
        deal.game.apply(action, &mut events).map_err(|e| {
            AppError::Internal(format!(
                "deal {} does not replay: action {number} is not legal: {e}",
                deal.row.id
            ))
        })?;
        if let Some(by) = StandIn::parse(row.played_by.as_deref()) {
            deal.stand_ins.push(StandInNote {
                action: number,
                seat: Seat::try_from(row.seat).unwrap_or_default(),
                by,
            });
        }
        deal.actions += 1;
        deal.last_at = row.created_at;
        if number >= keep_from {
            deal.remember(number, events);
        }
    }
    Ok(())
}

/// The current (last) deal of a table, if any: its row and the actions stored since the replay
/// kept of the table's deal, read in one statement (a move's deal costs one round trip to
/// PostgreSQL). Read whole when nothing of it is kept.
pub fn current_deal(tx: &mut Tx, table_id: i64) -> AppResult<Option<LoadedDeal>> {
    let from = tx
        .kept_latest_of_table(table_id)
        .map_or(0, |deal| deal.actions);
    let Some((row, stored)) = queries::latest_game_and_actions_from(tx, table_id, from as i32)?
    else {
        return Ok(None);
    };
    let deal = match tx.kept(&row) {
        // The kept replay (perhaps longer by now) and the actions it lacks.
        Some(kept) if kept.actions >= from => {
            let mut deal = LoadedDeal::clone(&kept);
            deal.row = row;
            let have = deal.actions as i32;
            let newer: Vec<_> = stored.into_iter().filter(|a| a.number >= have).collect();
            if newer.is_empty() {
                return Ok(Some(deal));
            }
            replay(&mut deal, newer)?;
            deal
        }
        _ if from == 0 => replayed(row, stored)?,
        // Another deal than the one kept (dealt by another instance), or its replay forgotten
        // meanwhile: the actions read are not all of them.
        _ => return load_deal(tx, row).map(Some),
    };
    tx.keep(&deal);
    Ok(Some(deal))
}

/// Every deal of a round that is still in play (not won), replayed: one query for how many
/// actions each has, and the replays kept in memory for those that have not moved on since
/// (after a move its replay is kept, so at a busy party nearly all of them).
pub fn deals_in_play(tx: &mut Tx, games: &[GameRow]) -> AppResult<HashMap<i64, Arc<LoadedDeal>>> {
    let open: Vec<&GameRow> = games.iter().filter(|g| g.scores.is_none()).collect();
    let ids: Vec<i64> = open.iter().map(|g| g.id).collect();
    let counts: HashMap<i64, i64> = queries::action_counts(tx, &ids)?.into_iter().collect();
    let mut out = HashMap::with_capacity(open.len());
    for row in open {
        let stored = counts.get(&row.id).copied().unwrap_or(0);
        let deal = match tx.kept(row) {
            Some(kept) if i64::from(kept.actions) == stored => kept,
            _ => Arc::new(load_deal(tx, row.clone())?),
        };
        out.insert(row.id, deal);
    }
    Ok(out)
}
