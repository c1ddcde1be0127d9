//! Bots that play a seat, seeing only what that seat may see.
//!
//! Three levels share one trait, [`Bot`]: [`Level::Random`] plays a uniformly random legal
//! action, [`Level::Steady`] plays the rules of thumb of a good player, and [`Level::Shrewd`]
//! searches: it deals the cards it cannot see at random many times and plays each candidate
//! forward (see `docs/bots.md`).
//!
//! A bot is handed an [`Observation`], never a game: the observation is built from the game
//! for one seat, so no bot can look at another hand or the order of the draw pile. The server
//! holds an [`engine::Game`](crate::engine::Game) and calls [`choose`], which builds the
//! observation itself.

pub mod random;
pub mod shrewd;
pub mod steady;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use crate::engine::event::{Event, EventSink};
use crate::engine::{Action, Game, Rules, Seat, Side};

pub use crate::engine::touring1926::{DeadwoodMemory, Observation};
pub use random::RandomBot;
pub use shrewd::ShrewdBot;
pub use steady::SteadyBot;

/// The random stream a bot decides with. Fast and small: the search bot draws millions of
/// numbers a second, and the stream never decides a deal, so it needs no cryptographic quality.
pub type BotRng = Xoshiro256PlusPlus;

/// A bot's random stream for a seed.
pub fn bot_rng(seed: u64) -> BotRng {
    BotRng::seed_from_u64(seed)
}

/// How strong a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A uniformly random legal action.
    Random,
    /// Rules of thumb: start, mend, delay the leader, mind the speed, discard the dead.
    Steady,
    /// Search over the hidden cards, with steady play to look ahead.
    Shrewd,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Random, Level::Steady, Level::Shrewd];

    /// The level's name in the API and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Steady => "steady",
            Level::Shrewd => "shrewd",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A bot level name that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot \"{0}\"; the bots are random, steady and shrewd")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(name: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == name)
            .ok_or_else(|| UnknownLevel(crate::engine::action::truncate(name, 40)))
    }
}

/// How long the search bot may think about one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time per move: the strength a real table gets, but not reproducible.
    Time(Duration),
    /// A fixed number of playouts per move: the same seed gives the same move on any machine.
    Playouts(u32),
}

impl Budget {
    /// The budget for games with people: 200 ms a move.
    pub const DEFAULT: Budget = Budget::Time(Duration::from_millis(200));
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// A player that chooses its seat's action from what that seat may see.
pub trait Bot: Send {
    /// The bot's level.
    fn level(&self) -> Level;

    /// The action to play, or `None` when it is not the observing seat's turn (or the race is
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

/// Why a bot was not asked to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    #[error("the race is over: side {winner} won")]
    GameOver { winner: Side },
    #[error("it is seat {to_move}'s turn, not seat {seat}'s")]
    NotYourTurn { seat: Seat, to_move: Seat },
    #[error("there is no seat {seat}: this game has seats 0 to {last}")]
    NoSuchSeat { seat: Seat, last: Seat },
    /// Cannot happen with the real pack (a discard is always legal); reported, not hidden.
    #[error("seat {seat} has no legal action")]
    NoLegalAction { seat: Seat },
}

/// What `seat` of a game may see. Fails for a seat the game does not have.
pub fn observe(game: &Game, seat: Seat) -> Result<Observation, BotError> {
    observe_remembering(game, &DeadwoodMemory::new(seat))
}

/// What a seat may see, with what it remembers of the deadwood (`memory.seat()` is the seat).
pub fn observe_remembering(game: &Game, memory: &DeadwoodMemory) -> Result<Observation, BotError> {
    let seat = memory.seat();
    let players = game.config().players;
    if seat >= players {
        return Err(BotError::NoSuchSeat {
            seat,
            last: players - 1,
        });
    }
    Ok(match game {
        Game::Touring1926(state) => state.observe_remembering(seat, memory),
    })
}

/// The action a bot of `level` plays for `seat`, deciding from that seat's view only.
///
/// `seed` makes the choice reproducible: with [`Budget::Playouts`] (or any level but shrewd),
/// the same game, seat and seed give the same action. This is what the server calls.
pub fn choose(
    level: Level,
    game: &Game,
    seat: Seat,
    seed: u64,
    budget: Budget,
) -> Result<Action, BotError> {
    choose_remembering(level, game, &DeadwoodMemory::new(seat), seed, budget)
}

/// [`choose`], for a seat that remembers what it saw go into the deadwood (the search bot then
/// deals those cards to nobody's hand).
pub fn choose_remembering(
    level: Level,
    game: &Game,
    memory: &DeadwoodMemory,
    seed: u64,
    budget: Budget,
) -> Result<Action, BotError> {
    let seat = memory.seat();
    let observation = observe_remembering(game, memory)?;
    if let Some(winner) = game.winner() {
        return Err(BotError::GameOver { winner });
    }
    if game.to_move() != seat {
        return Err(BotError::NotYourTurn {
            seat,
            to_move: game.to_move(),
        });
    }
    let mut rng = bot_rng(seed);
    new_bot(level, budget)
        .act(&observation, &mut rng)
        .ok_or(BotError::NoLegalAction { seat })
}

/// Every seat's deadwood memory, fed as the game's events happen: pass it to `apply` as the
/// event sink. It allocates nothing, so bot self-play stays quick.
#[derive(Clone, Copy, Debug)]
pub struct Memories {
    memories: [DeadwoodMemory; 6],
    players: u8,
}

impl Memories {
    /// Empty memories for every seat of a table.
    pub fn new(players: u8) -> Memories {
        Memories {
            memories: std::array::from_fn(|seat| DeadwoodMemory::new(seat as Seat)),
            players: players.min(6),
        }
    }

    /// One seat's memory.
    pub fn of(&self, seat: Seat) -> &DeadwoodMemory {
        &self.memories[usize::from(seat) % 6]
    }
}

impl EventSink for Memories {
    #[inline]
    fn push(&mut self, event: Event) {
        for memory in &mut self.memories[..usize::from(self.players)] {
            memory.record(event);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_print_and_serialise_in_lowercase() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
            assert_eq!(level.to_string(), level.name());
            let json = serde_json::to_string(&level).expect("serialise");
            assert_eq!(json, format!("\"{}\"", level.name()));
            let back: Level = serde_json::from_str(&json).expect("deserialise");
            assert_eq!(back, level);
        }
        let err = "Steady".parse::<Level>().expect_err("names are lowercase");
        assert!(
            err.to_string().contains("random, steady and shrewd"),
            "{err}"
        );
    }

    #[test]
    fn the_default_budget_is_200_ms_a_move() {
        assert_eq!(Budget::default(), Budget::Time(Duration::from_millis(200)));
    }

    #[test]
    fn every_seat_remembers_only_what_it_may_see() {
        let mut memories = Memories::new(2);
        memories.push(Event::Discarded {
            seat: 0,
            card: Some(crate::engine::Card::Mile3),
        });
        assert_eq!(memories.of(0).seen().get(crate::engine::Card::Mile3), 1);
        assert_eq!(
            memories.of(1).seen().total(),
            0,
            "another seat's discard is face down"
        );
        memories.push(Event::Reshuffled { draw_pile: 40 });
        assert_eq!(
            memories.of(0).seen().total(),
            0,
            "the deadwood was shuffled away"
        );
    }
}
