//! What one seat may know of a game of Touring (1926), and full games that agree with it.
//!
//! Bots must decide from their own seat's knowledge only. An [`Observation`] is that knowledge
//! as a small fixed-size value: the seat's own hand, everything on the table, the sizes of
//! what lies face down (other hands, the draw pile, the deadwood) and, if the seat kept track,
//! the cards it knows went into the deadwood. It is built from the state *for* one seat, so a
//! hidden card is never copied into it.
//!
//! Search bots then need complete games to play forward. [`Observation::determinize`] deals the
//! cards the seat cannot place at random into the other hands, the unknown part of the deadwood
//! and the draw pile, and gives the new game a fresh seed: the real seed decides the coming
//! reshuffles, so it is hidden information too.

use rand::Rng;

use super::{Action, Card, Counts, Event, Speed, Status};
use super::{Hand, MAX_SEATS, MAX_SIDES, Need, State, TopPile, pack, quota};
use crate::{ActionList, Config, RuleEvent, Rules, Seat, Side};

/// Everything one seat may know about a game at one moment.
///
/// The Go piles and the speed pile are kept whole, not just their top cards: every card on them
/// was played face up, so a seat that watched the game knows them (and after a reshuffle only
/// the tops are left, which is what the state then holds too). Two games that look the same
/// from a seat give equal observations, which is what lets a test prove that a bot cannot tell
/// them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observation {
    config: Config,
    seat: Seat,
    to_move: Seat,
    turn: u32,
    reshuffles: u32,
    winner: Option<Side>,
    speed: Speed,
    hand: Counts,
    hand_sizes: [u8; MAX_SEATS],
    draw_len: u8,
    deadwood_len: u8,
    /// Cards this seat knows lie in the deadwood (its own discards, cards taken by delays),
    /// since the last reshuffle; empty unless a [`DeadwoodMemory`] was given.
    known_deadwood: Counts,
    go: [TopPile; MAX_SIDES],
    speed_pile: TopPile,
    piles: [[u8; 4]; MAX_SIDES],
    need: [Need; MAX_SIDES],
}

impl State {
    /// What `seat` may know of this game, without memory of the deadwood.
    pub fn observe(&self, seat: Seat) -> Observation {
        self.observe_remembering(seat, &DeadwoodMemory::new(seat))
    }

    /// What `seat` may know of this game, with what it remembers going into the deadwood.
    ///
    /// The memory is capped by the real deadwood kind by kind, so a memory fed the wrong events
    /// cannot produce an observation that no deal agrees with. A memory fed the seat's own
    /// events is never capped, so nothing hidden leaks through the cap.
    pub fn observe_remembering(&self, seat: Seat, memory: &DeadwoodMemory) -> Observation {
        let seat = seat % self.config.players;
        let mut known_deadwood = Counts::EMPTY;
        if memory.seat == seat {
            for card in Card::ALL {
                known_deadwood.add(card, memory.seen.get(card).min(self.deadwood.get(card)));
            }
        }
        let hand_sizes = crate::touring_family::hand_sizes(&self.hands);
        Observation {
            config: self.config,
            seat,
            to_move: self.to_move,
            turn: self.turn,
            reshuffles: self.reshuffles,
            winner: self.winner,
            speed: self.speed,
            hand: self.hands[usize::from(seat)].counts,
            hand_sizes,
            draw_len: self.draw_len,
            deadwood_len: self.deadwood.total() as u8,
            known_deadwood,
            go: self.go,
            speed_pile: self.speed_pile,
            piles: self.piles,
            need: self.need,
        }
    }
}

crate::touring_family::observation_accessors!(
    skeleton: deadwood = known_deadwood, speed_pile = speed_pile, speed = speed
);

impl Observation {
    /// The governing speed.
    pub fn speed(&self) -> Speed {
        self.speed
    }

    /// Cards in the deadwood.
    pub fn deadwood_len(&self) -> u32 {
        u32::from(self.deadwood_len)
    }

    /// Cards the seat knows lie in the deadwood.
    pub fn known_deadwood(&self) -> Counts {
        self.known_deadwood
    }

    /// The top card of a side's Go pile.
    pub fn go_top(&self, side: Side) -> Option<Card> {
        self.go[usize::from(side) % MAX_SIDES].top
    }

    /// Every card on a side's Go pile.
    pub fn go_pile(&self, side: Side) -> Counts {
        self.go[usize::from(side) % MAX_SIDES].counts
    }

    /// Every card on the speed pile.
    pub fn speed_pile(&self) -> Counts {
        self.speed_pile.counts
    }

    /// The pile quotas (1, 3, 5, 10).
    pub fn quota(&self) -> [u8; 4] {
        quota(self.config)
    }

    /// A side's miles.
    pub fn miles(&self, side: Side) -> u32 {
        self.piles(side)
            .iter()
            .zip(Card::MILES)
            .map(|(&n, card)| u32::from(n) * card.miles())
            .sum()
    }

    /// The pack this game is played with.
    pub fn pack(&self) -> Counts {
        pack(self.config)
    }

    /// Cards lying face up: every mile pile, every Go pile and the speed pile.
    pub fn on_table(&self) -> Counts {
        let sides = usize::from(self.config.sides());
        let (go, piles) = (&self.go[..sides], &self.piles[..sides]);
        crate::touring_family::face_up(self.speed_pile.counts, go, piles, Card::MILES)
    }

    /// The cards this seat cannot place: in other hands, the draw pile or the unknown part of
    /// the deadwood. The pack minus the own hand, the table and the known deadwood.
    pub fn unseen(&self) -> Counts {
        let mut seen = self.on_table();
        seen.add_all(&self.hand);
        seen.add_all(&self.known_deadwood);
        let pack = self.pack();
        Counts::new(std::array::from_fn(|i| pack.0[i].saturating_sub(seen.0[i])))
    }
    /// How many cards of the deadwood this seat does not know.
    fn unknown_deadwood(&self) -> u8 {
        self.deadwood_len
            .saturating_sub(self.known_deadwood.total() as u8)
    }
}

crate::touring_family::determinize!(deadwood, unknown_deadwood);

/// The cards one seat has seen go face down into the deadwood since the last reshuffle: its
/// own discards and the mile cards taken by delays. Feed it every event of the game; it blanks
/// what its seat may not see itself, so it cannot learn another seat's discards.
///
/// Miles forfeited for speeding are not counted: the event gives their total, not the cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeadwoodMemory {
    seat: Seat,
    seen: Counts,
}

impl DeadwoodMemory {
    /// An empty memory for a seat.
    pub const fn new(seat: Seat) -> DeadwoodMemory {
        DeadwoodMemory {
            seat,
            seen: Counts::EMPTY,
        }
    }

    /// The seat whose memory this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The cards remembered.
    pub fn seen(&self) -> Counts {
        self.seen
    }

    /// Takes note of one event of the game, as the seat may see it.
    #[inline]
    pub fn record(&mut self, event: Event) {
        match event.seen_by(Some(self.seat)) {
            Event::Discarded {
                card: Some(card), ..
            } => self.seen.add(card, 1),
            Event::Delayed { taken, .. } => {
                self.seen.add(Card::Mile5, taken.mile5);
                self.seen.add(Card::Mile10, taken.mile10);
            }
            Event::Reshuffled { .. } => self.seen = Counts::EMPTY,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shuffle::rng_from_seed;
    use crate::{NoEvents, RulesId};

    fn configs() -> Vec<Config> {
        let mut all = Vec::new();
        for players in 2..=6u8 {
            all.push(Config::new(RulesId::Touring1926, players, Some(false)).expect("solo"));
            if players == 4 || players == 6 {
                all.push(Config::new(RulesId::Touring1926, players, Some(true)).expect("pairs"));
            }
        }
        all
    }

    #[test]
    fn determinized_games_are_complete_and_look_the_same_from_the_seat() {
        let mut rng = rng_from_seed(3);
        for config in configs() {
            for seed in 0..12 {
                let mut game = State::new_game(config, seed, &[]).expect("game");
                let mut memories: Vec<DeadwoodMemory> =
                    (0..config.players).map(DeadwoodMemory::new).collect();
                while !game.is_over() && game.turn() < 400 {
                    let seat = game.turn() as u8 % config.players;
                    let obs = game.observe_remembering(seat, &memories[usize::from(seat)]);
                    let copy = obs.determinize(&mut rng);
                    assert_eq!(copy.census(), copy.pack(), "every card is somewhere");
                    assert_eq!(
                        copy.observe_remembering(seat, &memories[usize::from(seat)]),
                        obs
                    );
                    let mut mine = ActionList::new();
                    let mut real = ActionList::new();
                    obs.legal_actions(&mut mine);
                    if seat == game.to_move() {
                        game.legal_actions(&mut real);
                    }
                    assert_eq!(mine, real);
                    let action = game.random_action(&mut rng).expect("action");
                    let mut events = Vec::new();
                    game.apply(action, &mut events).expect("legal");
                    for event in events {
                        for memory in &mut memories {
                            memory.record(event);
                        }
                    }
                    for memory in &memories {
                        let known = memory.seen();
                        for card in Card::ALL {
                            assert!(known.get(card) <= game.deadwood.get(card), "{card}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn an_observation_never_holds_another_hand() {
        let config = Config::new(RulesId::Touring1926, 2, None).expect("config");
        let game = State::new_game(config, 11, &[]).expect("game");
        let obs = game.observe(1);
        assert_eq!(obs.hand(), game.hands[1].counts);
        let mut other = game.clone();
        // Swap seat 0's hand with cards from the draw pile: seat 1 cannot tell.
        let mut rng = rng_from_seed(5);
        let copy = obs.determinize(&mut rng);
        other.hands[0] = copy.hands[0];
        other.draw = copy.draw;
        other.seed = copy.seed;
        assert_eq!(other.observe(1), obs);
        let mut moved = game.clone();
        moved
            .apply(
                moved.random_action(&mut rng).expect("action"),
                &mut NoEvents,
            )
            .expect("legal");
        assert_ne!(moved.observe(1), obs, "a turn played is seen");
    }
}
