//! Replays: every finished deal of a digital table, move by move, for whoever may read the
//! event's standings.
//!
//! A stored deal is its seed, its configuration and its actions, so a replay is the engine run
//! again up to a step. Only a deal that will never be played on is replayed, so every seat's
//! hand may be shown: a deal played to its end, or a deal cut at the signal once its round is
//! closed (its miles are those of the cut, and nobody won it). A deal still being played, or
//! cut in a round that is not closed yet, is refused exactly as a deal that does not exist, so
//! that nobody learns from the refusal that a table is playing it, let alone its cards.

use std::collections::BTreeMap;

use serde::Serialize;

use super::events::{self, EventRecord};
use super::play::{self, DIGITAL, DealSeats};
use super::seat::{DealInfo, Tablemate};
use super::turn_clock::StandIn;
use super::{App, AppError, AppResult, Tx, ViewerKey};
use crate::db::models::GameRow;
use crate::db::{Conn, queries};
use crate::engine::{Event, Game, ScoredRow, Seat};
use crate::tournament::EntryId;

/// How many steps' events a seat's board lists under "Lately".
const LATELY: u32 = super::deals::RECENT;

/// Names a deal of an event: its round, its table in that round, and its number at the table
/// (all counted from 1, as the pages show them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DealRef {
    pub round: u32,
    pub table: u32,
    pub deal: u32,
}

/// One side of a finished deal.
#[derive(Debug, Clone, Serialize)]
pub struct SideResult {
    pub entry: EntryId,
    pub names: Vec<String>,
    pub bot: bool,
    pub score: u32,
    pub won: bool,
}

/// A finished deal, as the list of replays shows it.
#[derive(Debug, Clone, Serialize)]
pub struct FinishedDeal {
    #[serde(flatten)]
    pub at: DealRef,
    /// Cut at the round's signal rather than played to its end: nobody won it.
    pub cut: bool,
    /// The sides in the deal's order (the first side played first).
    pub sides: Vec<SideResult>,
}

/// One seat of a replayed deal at a step: the board as that seat saw it.
#[derive(Debug, Clone, Serialize)]
pub struct SeatAtStep {
    pub seat: Seat,
    /// The player sitting there.
    pub name: String,
    /// What the seat saw (its own hand, every side's piles) and what happened lately as the
    /// seat heard it; no moves are offered.
    pub deal: DealInfo,
}

/// A finished deal replayed up to a step.
#[derive(Debug, Clone)]
pub struct Replay {
    pub event: EventRecord,
    pub at: DealRef,
    /// The actions played so far: 0 is the deal as dealt, `steps` the deal as it ended.
    pub step: u32,
    pub steps: u32,
    /// The seat that played the step's action (none at step 0).
    pub mover: Option<Seat>,
    /// Who played the step's action for its seat, if not the seat's player (the turn clock,
    /// or a bot the host handed the seat to).
    pub played_by: Option<StandIn>,
    /// What the step's action did, as a referee saw it.
    pub events: Vec<Event>,
    /// Who sits at the table, by side, with the deal's final scores as their miles; nobody is
    /// "you".
    pub tablemates: Vec<Tablemate>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatAtStep>,
    /// The deal's result.
    pub sides: Vec<SideResult>,
    /// Cut at the round's signal rather than played to its end: nobody won it.
    pub cut: bool,
    /// The deal's score rows by side at its last step, for rule sets whose score is more
    /// than the miles (a Mille Bornes hand cut at the signal scores its miles, safeties and
    /// coups fourrés only: [`crate::engine::Rules::hand_score_rows`]); none before it.
    pub hand_scores: Option<Vec<ScoredRow>>,
}

/// The refusal of a deal that cannot be replayed: not there, or not over yet (the same words,
/// so that the refusal tells nothing about a deal being played).
pub fn no_such_deal(at: DealRef) -> AppError {
    AppError::not_found(
        crate::i18n::Said::new("refused-no-such-deal")
            .number("deal", at.deal)
            .number("table", at.table)
            .number("round", at.round),
    )
}

/// Names and bot flags of every entry of the event.
fn entry_names(
    conn: &mut Conn,
    event: &EventRecord,
) -> AppResult<BTreeMap<EntryId, (Vec<String>, bool)>> {
    Ok(events::entries(conn, event.id())?
        .into_iter()
        .map(|e| {
            let names = e.players.iter().map(|p| p.name.clone()).collect();
            (e.id(), (names, e.row.is_bot))
        })
        .collect())
}

/// Whether a stored deal will never be played on: over, or cut in a closed round.
fn replayable(row: &GameRow, round: &crate::db::models::Round) -> bool {
    row.finished_at.is_some() || round.closed_at.is_some()
}

/// The miles of a deal by side: as stored when it was played to its end, or, for a deal cut at
/// the signal, as its last position counts them (which is what the round scored).
fn scores_of(tx: &mut Tx, row: &GameRow) -> AppResult<Vec<u32>> {
    match &row.scores {
        Some(text) if row.finished_at.is_some() => Ok(serde_json::from_str(text)?),
        _ => Ok(play::load_deal(tx, row.clone())?.game.scores()),
    }
}

/// The result of a deal from its miles by side.
fn sides_of(
    row: &GameRow,
    seats: &DealSeats,
    names: &BTreeMap<EntryId, (Vec<String>, bool)>,
    scores: &[u32],
) -> AppResult<Vec<SideResult>> {
    Ok(seats
        .sides
        .iter()
        .enumerate()
        .map(|(side, &entry)| {
            let (names, bot) = names.get(&entry).cloned().unwrap_or_default();
            SideResult {
                entry,
                names,
                bot,
                score: scores.get(side).copied().unwrap_or(0),
                won: row.winner_side == i32::try_from(side).ok(),
            }
        })
        .collect())
}

/// Every finished deal of the event, round by round, table by table.
pub fn finished_deals_in(tx: &mut Tx, event: &EventRecord) -> AppResult<Vec<FinishedDeal>> {
    let names = entry_names(tx, event)?;
    let mut out = Vec::new();
    for round in queries::rounds_of_event(tx, event.id())? {
        for table in queries::tables_of_round(tx, round.id)? {
            if table.mode != DIGITAL {
                continue;
            }
            for row in queries::games_of_table(tx, table.id)? {
                if !replayable(&row, &round) {
                    continue;
                }
                let seats: DealSeats = serde_json::from_str(&row.seats)?;
                let scores = scores_of(tx, &row)?;
                out.push(FinishedDeal {
                    at: DealRef {
                        round: round.number.unsigned_abs(),
                        table: table.number.unsigned_abs(),
                        deal: row.number.unsigned_abs(),
                    },
                    cut: row.finished_at.is_none(),
                    sides: sides_of(&row, &seats, &names, &scores)?,
                });
            }
        }
    }
    Ok(out)
}

/// The stored row of a finished deal of the event, or the one refusal.
fn finished_row(conn: &mut Conn, event: &EventRecord, at: DealRef) -> AppResult<GameRow> {
    let number = |n: u32| i32::try_from(n).map_err(|_| no_such_deal(at));
    let round =
        queries::round(conn, event.id(), number(at.round)?)?.ok_or_else(|| no_such_deal(at))?;
    let table_number = number(at.table)?;
    let table = queries::tables_of_round(conn, round.id)?
        .into_iter()
        .find(|t| t.number == table_number && t.mode == DIGITAL)
        .ok_or_else(|| no_such_deal(at))?;
    let deal = number(at.deal)?;
    queries::games_of_table(conn, table.id)?
        .into_iter()
        .find(|g| g.number == deal && replayable(g, &round))
        .ok_or_else(|| no_such_deal(at))
}

/// A finished deal of the event replayed up to `step` (0: as dealt).
pub fn replay_in(tx: &mut Tx, event: &EventRecord, at: DealRef, step: u32) -> AppResult<Replay> {
    let row = finished_row(tx, event, at)?;
    let names = entry_names(tx, event)?;
    let stored = queries::actions_of_game(tx, row.id)?;
    let movers: Vec<Seat> = stored
        .iter()
        .map(|a| Seat::try_from(a.seat).unwrap_or_default())
        .collect();
    let played_by = step
        .checked_sub(1)
        .and_then(|n| stored.get(n as usize))
        .and_then(|a| StandIn::parse(a.played_by.as_deref()));
    let players: BTreeMap<i64, String> = queries::players_of_event(tx, event.id())?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    let cut = row.finished_at.is_none();
    let loaded = play::load_deal(tx, row)?;
    let steps = loaded.actions;
    if step > steps {
        return Err(AppError::invalid(
            crate::i18n::Said::new("refused-replay-step")
                .number("steps", steps)
                .number("step", step),
        ));
    }
    let mut game = Game::new(loaded.game.config(), loaded.row.seed as u64, &[])
        .map_err(|e| AppError::Internal(format!("deal {} cannot be set up: {e}", loaded.row.id)))?;
    // The events of the last few steps, each with its step (an action's step is its number + 1).
    let mut lately: Vec<(u32, Event)> = Vec::new();
    let from = step.saturating_sub(LATELY);
    let rules = loaded.game.config().rules;
    for (number, row) in stored.iter().take(step as usize).enumerate() {
        let action = play::stored_action(rules, row)?;
        let mut events = Vec::new();
        game.apply(action, &mut events).map_err(|e| {
            AppError::Internal(format!(
                "deal {} does not replay: action {number} is not legal: {e}",
                loaded.row.id
            ))
        })?;
        let at_step = number as u32 + 1;
        if at_step > from {
            lately.extend(events.into_iter().map(|e| (at_step, e)));
        }
    }
    let scores = if cut {
        loaded.game.scores()
    } else {
        scores_of(tx, &loaded.row)?
    };
    let sides = sides_of(&loaded.row, &loaded.seats, &names, &scores)?;
    let tablemates: Vec<Tablemate> = sides
        .iter()
        .enumerate()
        .map(|(side, result)| Tablemate {
            entry: result.entry,
            names: result.names.clone(),
            bot: result.bot,
            table_side: side,
            side: u8::try_from(side).ok(),
            seats: (0..loaded.seats.players.len())
                .filter(|&seat| usize::from(game.config().side_of(seat as Seat)) == side)
                .map(|seat| seat as Seat)
                .collect(),
            round_miles: result.score,
            you: false,
        })
        .collect();
    let seats = loaded
        .seats
        .players
        .iter()
        .enumerate()
        .map(|(seat, player)| {
            let seat = seat as Seat;
            SeatAtStep {
                seat,
                name: players
                    .get(player)
                    .cloned()
                    .unwrap_or_else(|| format!("seat {seat}")),
                deal: DealInfo {
                    number: loaded.row.number,
                    seat,
                    actions: step,
                    your_turn: !game.is_over() && game.to_move() == seat,
                    view: game.view(Some(seat)),
                    legal: Vec::new(),
                    warnings: Vec::new(),
                    recent: lately
                        .iter()
                        .map(|(_, e)| e.clone().seen_by(Some(seat)))
                        .collect(),
                    wait: None,
                    stand_ins: loaded
                        .stand_ins
                        .iter()
                        .filter(|note| note.action < step && note.action + LATELY >= step)
                        .copied()
                        .collect(),
                    turn: None,
                },
            }
        })
        .collect();
    let events = lately
        .iter()
        .filter(|(n, _)| *n == step && step > 0)
        .map(|(_, e)| e.clone().seen_by(None))
        .collect();
    let hand_scores = if step == steps {
        game.hand_score_rows()
    } else {
        None
    };
    Ok(Replay {
        event: event.clone(),
        at,
        step,
        steps,
        mover: step
            .checked_sub(1)
            .and_then(|n| movers.get(n as usize))
            .copied(),
        played_by,
        events,
        tablemates,
        seats,
        sides,
        cut,
        hand_scores,
    })
}

// ---------------------------------------------------------------- use cases, one transaction each

/// The event and its finished deals, for a reader of its standings.
pub fn finished_deals(
    app: &App,
    viewer: &ViewerKey,
) -> AppResult<(EventRecord, Vec<FinishedDeal>)> {
    app.read_as_viewer(viewer, |conn, event| {
        Ok((event.clone(), finished_deals_in(conn, event)?))
    })
}

/// A finished deal replayed up to a step, for a reader of the event's standings.
pub fn replay(app: &App, viewer: &ViewerKey, at: DealRef, step: u32) -> AppResult<Replay> {
    app.read_as_viewer(viewer, |conn, event| replay_in(conn, event, at, step))
}
