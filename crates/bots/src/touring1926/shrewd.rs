//! The shrewd bot: a search over the cards it cannot see.
//!
//! For each decision it repeatedly *determinizes* its observation (deals the unseen cards at
//! random into the other hands, the unknown deadwood and the draw pile, with a fresh seed for
//! future reshuffles), plays every candidate action in that same deal, and plays each game
//! forward with the steady bot at every seat. A game that runs past the horizon is cut off and
//! scored by how close each side is to finishing; a finished game scores 1 for a win and 0 for
//! a loss. The candidate with the best mean score is played.
//!
//! Two things make the few thousand playouts a move affords go far:
//!
//! - **Common deals.** All candidates are compared in the same deals, so the luck of the deal
//!   cancels out of their differences; only the effect of the action remains.
//! - **Sequential halving.** The budget is split into rounds; after each round the worse half
//!   of the candidates is dropped, so most playouts go to the moves that are close.
//!
//! With [`Budget::Playouts`] the bot is deterministic for a given random seed; with
//! [`Budget::Time`] it measures its speed on the first deals and spends the time it was given.

use super::{Observation, steady};
use crate::search::play_forward;
use touring_engine::touring1926::{Action, Card, Counts, Speed, State};
use touring_engine::{Rules, Side};

/// Knobs of the search, with the values `touring selfplay` measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Turns a playout may run before it is cut off and scored.
    pub horizon: u32,
    /// How many playouts one unfinished side's "turns to finish" is worth on the 0..1 scale:
    /// the score of a cut-off game is a logistic function of the difference divided by this.
    pub scale: f64,
    /// How many standard errors better than the steady choice another move must score, in
    /// the same deals, to be played instead.
    pub z: f64,
    /// The style the bot plays its games forward in, and prefers when search cannot decide.
    pub style: steady::Style,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            horizon: 60,
            scale: 4.0,
            z: 2.0,
            style: steady::Style::TUNED,
        }
    }
}

/// Searches over deals of the unseen cards, playing forward with the steady bot.
pub type ShrewdBot = crate::search::ShrewdBot<Params>;

/// No action is played without search in this game.
pub(super) const ALWAYS: Option<Action> = None;

/// A 10 within City Limits forfeits every mile: never worth searching.
pub(super) fn worth_searching(observation: &Observation, action: Action) -> bool {
    let speeding = matches!(
        action,
        Action::Play {
            card: Card::Mile10,
            ..
        }
    ) && observation.speed() == Speed::City;
    !speeding
}

/// Plays steady moves for every seat up to the horizon and scores the result for `me`.
pub fn playout(game: &mut State, me: Side, params: Params) -> f64 {
    let limit = game.turn().saturating_add(params.horizon);
    play_forward(game, limit, |game, legal| {
        steady::choose_with(&game.observe(game.to_move()), legal, params.style)
    });
    score(game, me, params)
}

/// 1 for a win, 0 for a loss; an unfinished game by how far each side is from finishing.
pub fn score(game: &State, me: Side, params: Params) -> f64 {
    if let Some(winner) = game.winner() {
        return if winner == me { 1.0 } else { 0.0 };
    }
    let sides = game.config().sides();
    let view = game.observe(0);
    let table = view.on_table();
    let pack = view.pack();
    let distance = |side: Side| turns_to_finish(game, &view, &table, &pack, side);
    let mine = distance(me);
    let rival = (0..sides)
        .filter(|&s| s != me)
        .map(distance)
        .fold(f64::INFINITY, f64::min);
    1.0 / (1.0 + ((mine - rival) / params.scale).exp())
}

/// A rough count of the turns a side needs to finish: one per mile card it must still play,
/// plus the cards that mend its delay, each one turn if the side holds it and otherwise the
/// draws it takes to find one. (Counting the draws needed to find missing mile cards too was
/// tried and misled the search: see docs/bots.md.)
fn turns_to_finish(
    game: &State,
    view: &Observation,
    table: &Counts,
    pack: &Counts,
    side: Side,
) -> f64 {
    let config = game.config();
    let quota = game.quota();
    let piles = game.piles(side);
    let held = |card: Card| -> u8 {
        (0..config.players)
            .filter(|&seat| config.side_of(seat) == side)
            .map(|seat| game.held(seat, card))
            .sum()
    };
    let plays: u32 = quota
        .iter()
        .zip(piles)
        .map(|(&q, n)| u32::from(q.saturating_sub(n)))
        .sum();
    let mut mending = 0.0;
    if let Some(next) = view.needs(side) {
        // Cards anywhere but the table and this side's hands: where the side must draw from.
        let elsewhere =
            |card: Card| f64::from(pack.get(card).saturating_sub(table.get(card) + held(card)));
        let pool: f64 = Card::ALL
            .iter()
            .map(|&c| elsewhere(c))
            .sum::<f64>()
            .max(1.0);
        let cards: &[Card] = if next == Card::Go {
            &[Card::Go]
        } else {
            &[next, Card::Go]
        };
        for &card in cards {
            mending += if held(card) > 0 {
                1.0
            } else {
                pool / (elsewhere(card) + 0.5)
            };
        }
    }
    f64::from(plays) + mending
}
