//! The shrewd bot of Touring (1937-1958): the shared search of [`crate::search`] over
//! deals of the cards it cannot see, playing each game forward with the steady bot at every
//! seat. A game that runs past the horizon is cut off and scored by how close each side is to
//! finishing; a finished game scores 1 for a win and 0 for a loss.

use super::{Observation, steady};
use crate::search::play_forward;
use touring_engine::touring1958::{Action, Card, State};
use touring_engine::{Rules, Side};

/// Knobs of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Turns a playout may run before it is cut off and scored.
    pub horizon: u32,
    /// The score of a cut-off game is a logistic function of the difference in turns to
    /// finish divided by this.
    pub scale: f64,
    /// How many standard errors better than the steady choice another move must score, in
    /// the same deals, to be played instead.
    pub z: f64,
}

impl Params {
    /// The knobs the 1926 game's search measured; they serve this game as well.
    pub const MEASURED: Params = Params {
        horizon: 60,
        scale: 4.0,
        z: 2.0,
    };
}

impl Default for Params {
    fn default() -> Params {
        Params::MEASURED
    }
}

/// Searches over deals of the unseen cards, playing forward with the steady bot.
pub type ShrewdBot = crate::search::ShrewdBot<Params>;

/// No action is played without search in this game.
pub(super) const ALWAYS: Option<Action> = None;

/// A 50 or 75 without a Freeway exposed is forfeited: never worth searching.
pub(super) fn worth_searching(observation: &Observation, action: Action) -> bool {
    let speeding = matches!(action, Action::Play { card, target: None } if card.needs_freeway())
        && !observation.freeway_exposed(observation.side());
    !speeding
}

/// Plays steady moves for every seat up to the horizon and scores the result for `me`.
pub fn playout(game: &mut State, me: Side, params: Params) -> f64 {
    let limit = game.turn().saturating_add(params.horizon);
    play_forward(game, limit, |game, legal| {
        steady::choose(&game.observe(game.to_move()), legal)
    });
    score(game, me, params)
}

/// 1 for a win, 0 for a loss; an unfinished game by how far each side is from finishing.
pub fn score(game: &State, me: Side, params: Params) -> f64 {
    if let Some(winner) = game.winner() {
        return if winner == me { 1.0 } else { 0.0 };
    }
    let sides = game.config().sides();
    let mine = turns_to_finish(game, me);
    let rival = (0..sides)
        .filter(|&s| s != me)
        .map(|s| turns_to_finish(game, s))
        .fold(f64::INFINITY, f64::min);
    1.0 / (1.0 + ((mine - rival) / params.scale).exp())
}

/// A rough count of the turns a side needs to finish: one per mileage card it must still
/// play, one more for a Freeway when it still needs 50s or 75s and has none exposed, and the
/// cards that mend its delay.
fn turns_to_finish(game: &State, side: Side) -> f64 {
    let quota = game.quota();
    let piles = game.piles(side);
    let plays: u32 = quota
        .iter()
        .zip(piles)
        .map(|(&q, n)| u32::from(q.saturating_sub(n)))
        .sum();
    let fast = piles[2] < quota[2] || piles[3] < quota[3];
    let freeway = if fast && !game.freeway_exposed(side) {
        1.5
    } else {
        0.0
    };
    let mending = match game.needs(side) {
        None => 0.0,
        Some(Card::Go) => 1.5,
        Some(_) => 3.0,
    };
    f64::from(plays) + freeway + mending
}
