//! The bots of Touring (1926): random, steady and shrewd, each choosing from one seat's
//! [`Observation`].

pub mod random;
pub mod shrewd;
pub mod steady;

use super::{BotError, BotRng, BotRules, Budget, Level, bot_rng};
use crate::engine::touring1926::{Action, Event, State};
use crate::engine::{Config, EventSink, Rules, Seat};

pub use crate::engine::touring1926::{DeadwoodMemory, Observation};
pub use random::RandomBot;
pub use shrewd::ShrewdBot;
pub use steady::SteadyBot;

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

/// What a seat may see, with what it remembers of the deadwood (`memory.seat()` is the seat).
pub fn observe_remembering(
    state: &State,
    memory: &DeadwoodMemory,
) -> Result<Observation, BotError> {
    let seat = memory.seat();
    let players = state.config().players;
    if seat >= players {
        return Err(BotError::NoSuchSeat {
            seat,
            last: players - 1,
        });
    }
    Ok(state.observe_remembering(seat, memory))
}

/// The action a bot of `level` plays for the seat of `memory`, which remembers what it saw go
/// into the deadwood (the search bot then deals those cards to nobody's hand).
pub fn choose_remembering(
    level: Level,
    state: &State,
    memory: &DeadwoodMemory,
    seed: u64,
    budget: Budget,
) -> Result<Action, BotError> {
    let seat = memory.seat();
    BotError::check_turn(
        state.config().players,
        state.winner(),
        state.to_move(),
        seat,
    )?;
    let observation = state.observe_remembering(seat, memory);
    let mut rng = bot_rng(seed);
    new_bot(level, budget)
        .act(&observation, &mut rng)
        .ok_or(BotError::NoLegalAction { seat })
}

impl BotRules for State {
    type Memory = Memories;
    type Player = Box<dyn Bot>;

    fn memory(players: u8) -> Memories {
        Memories::new(players)
    }

    fn player(level: Level, budget: Budget) -> Box<dyn Bot> {
        new_bot(level, budget)
    }

    fn act(
        &self,
        player: &mut Box<dyn Bot>,
        memory: &Memories,
        seat: Seat,
        rng: &mut BotRng,
    ) -> Option<Action> {
        player.act(&self.observe_remembering(seat, memory.of(seat)), rng)
    }
}

/// The action a bot of `level` plays for `seat`, remembering nothing of the deadwood.
pub fn choose(
    level: Level,
    state: &State,
    seat: Seat,
    seed: u64,
    budget: Budget,
) -> Result<Action, BotError> {
    choose_remembering(level, state, &DeadwoodMemory::new(seat), seed, budget)
}

/// Replays a stored deal with every seat's memory, then lets the bot choose for `seat`.
pub fn choose_in_deal(
    level: Level,
    config: Config,
    deal_seed: u64,
    history: &[Action],
    seat: Seat,
    seed: u64,
    budget: Budget,
) -> Result<Action, BotError> {
    let mut state =
        State::new_game(config, deal_seed, &[]).map_err(|e| BotError::Replay(e.to_string()))?;
    let mut memories = Memories::new(config.players);
    for &action in history {
        state
            .apply(action, &mut memories)
            .map_err(|e| BotError::Replay(e.to_string()))?;
    }
    choose_remembering(level, &state, memories.of(seat), seed, budget)
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

impl EventSink<Event> for Memories {
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
    use crate::engine::touring1926::Card;

    #[test]
    fn every_seat_remembers_only_what_it_may_see() {
        let mut memories = Memories::new(2);
        memories.push(Event::Discarded {
            seat: 0,
            card: Some(Card::Mile3),
        });
        assert_eq!(memories.of(0).seen().get(Card::Mile3), 1);
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
