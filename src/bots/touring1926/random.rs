//! The random bot: a uniformly random legal action. The baseline every other bot must beat,
//! and as fast as the engine can make it.

use super::{Bot, BotRng, Level, Observation};
use crate::engine::touring1926::Action;

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
