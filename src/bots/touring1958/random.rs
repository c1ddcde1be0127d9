//! The random bot: a uniformly random legal action, the baseline every other bot must beat.

use super::{Bot, BotRng, Level, Observation};
use crate::engine::touring1958::Action;

/// Plays a uniformly random legal action.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn level(&self) -> Level {
        Level::Random
    }

    fn act(&mut self, observation: &Observation, rng: &mut BotRng) -> Option<Action> {
        observation.random_action(rng)
    }
}
