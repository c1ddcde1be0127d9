//! The random bot: a uniformly random legal action, the baseline every other bot must beat. At a
//! decision point (coup fourré, Extension) it picks one of the two answers at random too.

use super::{Bot, BotRng, Level, Observation};
use crate::engine::mille_bornes::Action;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::bot_rng;
    use crate::engine::mille_bornes::State;
    use crate::engine::{Config, NoEvents, Rules, RulesId};

    #[test]
    fn the_random_bot_plays_whole_hands_with_legal_actions_only() {
        let mut rng = bot_rng(9);
        let mut bot = RandomBot;
        for players in [2u8, 3, 4, 6] {
            let config = Config::new(RulesId::MilleBornes, players, None).expect("config");
            for seed in 0..10 {
                let mut game = State::new_game(config, seed, &[]).expect("game");
                while !game.is_over() {
                    let seat = game.to_move();
                    let action = bot.act(&game.observe(seat), &mut rng).expect("an action");
                    assert!(game.is_legal(action), "{action}");
                    game.apply(action, &mut NoEvents).expect("legal");
                }
            }
        }
    }
}
