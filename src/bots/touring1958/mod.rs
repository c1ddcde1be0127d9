//! The bots of Touring (1937-1958): random, steady and shrewd, each choosing from one seat's
//! [`Observation`]. The discard pile is face up in this game, so an observation already holds
//! everything a seat remembers: the bots need no memory of past events.

pub mod random;
pub mod shrewd;
pub mod steady;

use super::{BotRng, BotRules, Budget, Level};
use crate::engine::touring1958::{Action, State};
use crate::engine::{NoEvents, Seat};

pub use crate::engine::touring1958::Observation;
pub use random::RandomBot;
pub use shrewd::ShrewdBot;
pub use steady::SteadyBot;

/// A player that chooses its seat's action from what that seat may see.
pub trait Bot: Send {
    /// The bot's level.
    fn level(&self) -> Level;

    /// The action to play, or `None` when it is not the observing seat's turn (or the game is
    /// over). The action is always one of the seat's legal actions.
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
}
