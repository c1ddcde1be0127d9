//! What one seat may know of a hand of Mille Bornes.
//!
//! Bots decide from their own seat's knowledge only. An [`Observation`] is that knowledge as a
//! small fixed-size value: the seat's own hand, everything face up (every side's piles and the
//! dead discard pile) and the sizes of what lies face down. It is built from the state *for* one
//! seat, so a hidden card is never copied into it, and a pending coup fourré is in it only for
//! the seat that may call it: like the view, it never says who holds a safety.

use rand::Rng;

use super::{Action, Counts, MAX_SEATS, Pending, State, Table};
use crate::engine::{ActionList, Config, Rules, Seat, Side};

/// Everything one seat may know about a hand at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observation {
    config: Config,
    seat: Seat,
    /// Whether the seat is asked to act now (its turn, or its coup fourré to call).
    my_turn: bool,
    turn: u32,
    pending: Option<Pending>,
    hand: Counts,
    hand_sizes: [u8; MAX_SEATS],
    draw_len: u8,
    table: Table,
}

impl State {
    /// What `seat` may know of this hand.
    pub fn observe(&self, seat: Seat) -> Observation {
        let seat = seat % self.config.players;
        let mut hand_sizes = [0; MAX_SEATS];
        for (size, hand) in hand_sizes.iter_mut().zip(&self.hands) {
            *size = hand.len;
        }
        let waiting = matches!(self.pending, Some(Pending::Wait { .. }));
        let pending = match self.pending {
            Some(Pending::CoupFourre { seat: holder, .. }) if holder != seat => None,
            Some(Pending::Wait { .. }) => None,
            other => other,
        };
        Observation {
            config: self.config,
            seat,
            my_turn: !self.table.over && !waiting && self.to_move == seat,
            turn: self.turn,
            pending,
            hand: self.hands[usize::from(seat)].counts,
            hand_sizes,
            draw_len: self.draw_len,
            table: self.table,
        }
    }
}

impl Observation {
    /// The table's configuration.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The seat this observation belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The side of the observing seat.
    pub fn side(&self) -> Side {
        self.config.side_of(self.seat)
    }

    /// Is the observing seat asked to act now?
    pub fn is_my_turn(&self) -> bool {
        self.my_turn
    }

    /// Actions applied so far.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The observing seat's own hand.
    pub fn hand(&self) -> Counts {
        self.hand
    }

    /// How many cards a seat holds.
    pub fn hand_size(&self, seat: Seat) -> u8 {
        self.hand_sizes[usize::from(seat) % MAX_SEATS]
    }

    /// Cards left in the draw pile.
    pub fn draw_pile_len(&self) -> u32 {
        u32::from(self.draw_len)
    }

    /// Every card on the discard pile.
    pub fn discard_pile(&self) -> Counts {
        self.table.discard
    }

    /// Miles a side has travelled.
    pub fn miles(&self, side: Side) -> u32 {
        u32::from(self.table.piles[usize::from(side) % super::MAX_SIDES].miles)
    }

    /// The trip now: 700 or 1000.
    pub fn target(&self) -> u32 {
        u32::from(self.table.target)
    }

    /// May the observing seat call a coup fourré now?
    pub fn may_call_coup_fourre(&self) -> bool {
        self.my_turn && matches!(self.pending, Some(Pending::CoupFourre { .. }))
    }

    /// Must the observing seat decide the Extension now?
    pub fn decides_extension(&self) -> bool {
        self.my_turn && matches!(self.pending, Some(Pending::Extension { .. }))
    }

    /// The legal actions of the observing seat (none when it is not asked to act). They depend
    /// only on the own hand and the table, so no hidden card is needed to list them.
    pub fn legal_actions(&self, out: &mut ActionList<Action>) {
        if self.my_turn {
            self.skeleton().legal_actions(out);
        } else {
            out.clear();
        }
    }

    /// A legal action of the observing seat chosen uniformly at random (none when it is not
    /// asked to act): the random bot.
    pub fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.my_turn {
            self.skeleton().random_action(rng)
        } else {
            None
        }
    }

    /// The state with only what this seat knows: other hands and the draw pile are empty.
    /// Enough to list the seat's legal actions.
    fn skeleton(&self) -> State {
        let mut state = State::empty(self.config);
        let own = &mut state.hands[usize::from(self.seat)];
        for card in self.hand.cards() {
            own.add(card);
        }
        state.table = self.table;
        state.pending = self.pending;
        state.to_move = self.seat;
        state.turn = self.turn;
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shuffle::rng_from_seed;
    use crate::engine::{NoEvents, RulesId};

    #[test]
    fn an_observation_lists_exactly_the_legal_actions_of_the_seat_to_move() {
        let mut rng = rng_from_seed(3);
        for players in [2u8, 3, 4, 6] {
            let config = Config::new(RulesId::MilleBornes, players, None).expect("config");
            for seed in 0..20 {
                let mut game = State::new_game(config, seed, &[]).expect("game");
                while !game.is_over() {
                    let seat = game.to_move();
                    let mut mine = ActionList::new();
                    let mut real = ActionList::new();
                    game.observe(seat).legal_actions(&mut mine);
                    game.legal_actions(&mut real);
                    assert_eq!(mine, real);
                    let other = (seat + 1) % players;
                    game.observe(other).legal_actions(&mut mine);
                    assert!(mine.is_empty());
                    let action = game.random_action(&mut rng).expect("action");
                    game.apply(action, &mut NoEvents).expect("legal");
                }
            }
        }
    }
}
