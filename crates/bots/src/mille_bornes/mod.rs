//! The bots of Mille Bornes, each choosing from one seat's [`Observation`].
//!
//! Random, steady and shrewd, as for the Touring games: [`RandomBot`] plays a uniformly random
//! legal action, [`SteadyBot`] the habits of a good player and [`ShrewdBot`] searches over deals
//! of the cards it cannot see, playing each hand forward with steady. The observation already
//! holds everything a seat may know (the discard pile is face up and dead), so the bots need no
//! memory of past events.

pub mod shrewd;
pub mod steady;

use super::{BotError, BotRng, BotRules, Budget, Level};
use touring_engine::mille_bornes::{Action, State};
use touring_engine::{NoEvents, Rules, Seat};

pub use shrewd::ShrewdBot;
pub use touring_engine::mille_bornes::Observation;

super::rule_set_bots!(no_memory {
    /// A hand may end without a winner, so an ended hand leaves the bot nothing to play.
    fn check_turn(&self, seat: Seat) -> Result<(), BotError> {
        if self.is_over() {
            return Err(BotError::NoLegalAction { seat });
        }
        BotError::check_turn(self.config().players, None, self.to_move(), seat)
    }
});

#[cfg(test)]
mod random_tests {
    use super::*;
    use crate::bot_rng;

    #[test]
    fn the_random_bot_plays_whole_hands_with_legal_actions_only() {
        let mut rng = bot_rng(9);
        let mut bot = RandomBot;
        for mut game in touring_engine::mille_bornes::test_hands(10) {
            while !game.is_over() {
                let observation = game.observe(game.to_move());
                let action = bot.act(&observation, &mut rng).expect("an action");
                assert!(game.is_legal(action), "{action}");
                game.apply(action, &mut NoEvents).expect("legal");
            }
        }
    }
}
