//! The shrewd bot of Touring (1937-1958): the shared search of [`crate::bots::search`] over
//! deals of the cards it cannot see, playing each game forward with the steady bot at every
//! seat. A game that runs past the horizon is cut off and scored by how close each side is to
//! finishing; a finished game scores 1 for a win and 0 for a loss.

use super::{Bot, BotRng, Level, Observation, steady};
use crate::engine::touring1958::{Action, Card, State};
use crate::engine::{ActionList, MAX_ACTIONS, NoEvents, Rules, Side};

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

impl Default for Params {
    fn default() -> Params {
        Params {
            horizon: 60,
            scale: 4.0,
            z: 2.0,
        }
    }
}

/// Searches over deals of the unseen cards, playing forward with the steady bot.
pub type ShrewdBot = crate::bots::search::ShrewdBot<Params>;

impl Bot for ShrewdBot {
    fn level(&self) -> Level {
        Level::Shrewd
    }

    fn act(&mut self, observation: &Observation, rng: &mut BotRng) -> Option<Action> {
        let mut legal = ActionList::new();
        observation.legal_actions(&mut legal);
        // Steady's preference orders the candidates: ties go to the move it prefers, and its
        // first choice is only given up when search finds something clearly better.
        let mut scores = [0i32; MAX_ACTIONS];
        steady::scores(observation, &legal, &mut scores);
        let me = observation.side();
        let params = self.params;
        self.choose(
            &legal,
            &scores,
            params.z,
            rng,
            |action| !is_speeding(observation, action),
            &mut |rng| observation.determinize(rng),
            |game: &mut State| playout(game, me, params),
        )
    }
}

/// A 50 or 75 without a Freeway exposed is forfeited: never worth searching.
fn is_speeding(observation: &Observation, action: Action) -> bool {
    matches!(action, Action::Play { card, target: None } if card.needs_freeway())
        && !observation.freeway_exposed(observation.side())
}

/// Plays steady moves for every seat up to the horizon and scores the result for `me`.
pub fn playout(game: &mut State, me: Side, params: Params) -> f64 {
    let limit = game.turn().saturating_add(params.horizon);
    let mut legal = ActionList::new();
    while game.winner().is_none() && game.turn() < limit {
        let view = game.observe(game.to_move());
        game.legal_actions(&mut legal);
        let Some(action) = steady::choose(&view, &legal) else {
            break;
        };
        if game.apply(action, &mut NoEvents).is_err() {
            break;
        }
    }
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
