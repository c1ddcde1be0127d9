//! The shrewd bot of Mille Bornes: the shared search of [`crate::search`] over deals of the
//! cards it cannot see (the other hands and the draw pile), playing each hand forward to its end
//! with the steady bot at every seat. A hand is short and always ends (the draw pile is never
//! rebuilt), so every playout is played out and scored by its result: 1 for a won hand, 0 for a
//! lost one, a half for a tie, plus a small share for the margin of points, so that moves that
//! change the points but not the winner are told apart too.
//!
//! A coup fourré is always called (it is worth 300 points, lifts the hazard and gives a turn:
//! no deal makes passing better), and a safety is never discarded; everything else, the
//! Extension included, is searched.

use super::Observation;
use super::steady::{self, Style};
use crate::search::play_forward;
use touring_engine::mille_bornes::{Action, State};
use touring_engine::{Rules, Side};

/// Knobs of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// The share of a playout's score given by the margin of points rather than by the result.
    pub margin: f64,
    /// The margin of points that is worth half of `margin`'s share.
    pub scale: f64,
    /// How many standard errors better than the steady choice another move must score, in
    /// the same deals, to be played instead.
    pub z: f64,
    /// The habits every seat plays in the playouts.
    pub style: Style,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            margin: 0.2,
            scale: 400.0,
            z: 2.0,
            style: Style::TUNED,
        }
    }
}

/// A hand that somehow runs past this many actions in a playout is scored where it stands.
const PLAYOUT_LIMIT: u32 = 1000;

/// Searches over deals of the unseen cards, playing forward with the steady bot.
pub type ShrewdBot = crate::search::ShrewdBot<Params>;

/// A coup fourré is always called: no deal makes passing better.
pub(super) const ALWAYS: Option<Action> = Some(Action::CoupFourre);

/// A safety is never discarded: never worth searching.
pub(super) fn worth_searching(_: &Observation, action: Action) -> bool {
    !matches!(action, Action::Discard { card } if card.is_safety())
}

/// Plays steady moves for every seat to the end of the hand and scores it for `me`.
pub fn playout(game: &mut State, me: Side, params: Params) -> f64 {
    play_forward(game, PLAYOUT_LIMIT, |game, legal| {
        steady::choose_with(&game.observe(game.to_move()), legal, params.style)
    });
    score(game, me, params)
}

/// A won hand scores 1, a lost one 0 and a tie a half, with `params.margin` of that given
/// instead by the margin of points over the best opponent (a logistic curve). An unfinished
/// hand is scored by its points as they stand.
pub fn score(game: &State, me: Side, params: Params) -> f64 {
    let sides = game.config().sides();
    let mine = f64::from(game.score(me));
    let best = (0..sides)
        .filter(|&s| s != me)
        .map(|s| f64::from(game.score(s)))
        .fold(0.0, f64::max);
    let result = if mine > best {
        1.0
    } else if mine < best {
        0.0
    } else {
        0.5
    };
    let margin = 1.0 / (1.0 + (-(mine - best) / params.scale).exp());
    (1.0 - params.margin) * result + params.margin * margin
}
