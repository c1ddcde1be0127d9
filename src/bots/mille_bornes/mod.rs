//! The bots of Mille Bornes, each choosing from one seat's [`Observation`].
//!
//! Random, steady and shrewd, as for the Touring games: [`RandomBot`] plays a uniformly random
//! legal action, [`SteadyBot`] the habits of a good player and [`ShrewdBot`] searches over deals
//! of the cards it cannot see, playing each hand forward with steady. The observation already
//! holds everything a seat may know (the discard pile is face up and dead), so the bots need no
//! memory of past events.

pub mod random;
pub mod shrewd;
pub mod steady;

use super::{BotError, BotRng, BotRules, Budget, Level};
use crate::engine::mille_bornes::{Action, State};
use crate::engine::{NoEvents, Rules, Seat};

pub use crate::engine::mille_bornes::Observation;
pub use random::RandomBot;
pub use shrewd::ShrewdBot;
pub use steady::SteadyBot;

/// A player that chooses its seat's action from what that seat may see.
pub trait Bot: Send {
    /// The level the bot was asked for.
    fn level(&self) -> Level;

    /// The action to play, or `None` when the observing seat is not asked to act (or the hand
    /// is over). The action is always one of the seat's legal actions.
    fn act(&mut self, observation: &Observation, rng: &mut BotRng) -> Option<Action>;
}

/// A bot of a level. The budget matters only to the search bot.
pub fn new_bot(level: Level, budget: Budget) -> Box<dyn Bot> {
    match level {
        Level::Random => Box::new(RandomBot),
        Level::Steady => Box::new(SteadyBot),
        Level::Shrewd => Box::new(ShrewdBot::new(budget)),
    }
}

impl BotRules for State {
    type Memory = NoEvents;
    type Player = Box<dyn Bot>;

    fn memory(_players: u8) -> NoEvents {
        NoEvents
    }

    fn player(level: Level, budget: Budget) -> Box<dyn Bot> {
        new_bot(level, budget)
    }

    fn act(
        &self,
        player: &mut Box<dyn Bot>,
        _memory: &NoEvents,
        seat: Seat,
        rng: &mut BotRng,
    ) -> Option<Action> {
        player.act(&self.observe(seat), rng)
    }

    /// A hand may end without a winner, so an ended hand leaves the bot nothing to play.
    fn check_turn(&self, seat: Seat) -> Result<(), BotError> {
        if self.is_over() {
            return Err(BotError::NoLegalAction { seat });
        }
        BotError::check_turn(self.config().players, None, self.to_move(), seat)
    }
}
