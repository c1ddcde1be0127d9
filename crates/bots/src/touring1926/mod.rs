//! The bots of Touring (1926): random, steady and shrewd, each choosing from one seat's
//! [`Observation`].

pub mod shrewd;
pub mod steady;

use super::{BotRng, BotRules, Budget, Level};
use touring_engine::touring1926::{Action, Event, State};
use touring_engine::{EventSink, Seat};

pub use shrewd::ShrewdBot;
pub use touring_engine::touring1926::{DeadwoodMemory, Observation};

super::rule_set_bots!(styled);

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
    use touring_engine::touring1926::Card;

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
