//! What one seat may know of a hand of Mille Bornes.
//!
//! Bots decide from their own seat's knowledge only. An [`Observation`] is that knowledge as a
//! small fixed-size value: the seat's own hand, everything face up (every side's piles and the
//! dead discard pile) and the sizes of what lies face down. It is built from the state *for* one
//! seat, so a hidden card is never copied into it, and a pending coup fourré is in it only for
//! the seat that may call it: like the view, it never says who holds a safety.
//!
//! [`Observation::determinize`] deals the cards the seat cannot see (the other hands and the
//! draw pile) at random: a complete hand that looks exactly the same from the seat, which is
//! what the search bot plays forward.

use rand::Rng;

use super::score::{self, HandFacts, HandScore, SideFacts};
use super::{Action, Card, Counts, MAX_SEATS, MAX_SIDES, PACK, Pending, SidePiles, State, Table};
use crate::shuffle::shuffle;
use crate::{ActionList, Config, Rules, Seat, Side};

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

crate::observation_basics!(MAX_SEATS);

impl Observation {
    /// Is the observing seat asked to act now?
    pub fn is_my_turn(&self) -> bool {
        self.my_turn
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

    #[inline]
    fn piles(&self, side: Side) -> &SidePiles {
        &self.table.piles[usize::from(side) % MAX_SIDES]
    }

    /// The top card of a side's battle pile.
    pub fn battle_top(&self, side: Side) -> Option<Card> {
        self.piles(side).battle_top()
    }

    /// The top card of a side's speed pile.
    pub fn speed_top(&self, side: Side) -> Option<Card> {
        self.piles(side).speed_top
    }

    /// May a side play distance now?
    pub fn can_move(&self, side: Side) -> bool {
        self.piles(side).can_move()
    }

    /// Is a side held to 25s and 50s?
    pub fn limited(&self, side: Side) -> bool {
        self.piles(side).limited()
    }

    /// Has a side this safety in its safety area?
    pub fn has_safety(&self, side: Side, safety: Card) -> bool {
        safety.is_safety() && self.piles(side).has(safety)
    }

    /// The 200-mile cards a side has played.
    pub fn two_hundreds(&self, side: Side) -> u32 {
        u32::from(self.piles(side).distance[4])
    }

    /// The side that called the Extension, if one did.
    pub fn extension(&self) -> Option<Side> {
        self.table.extension
    }

    /// What the score of the hand needs to know of a side, as its piles show now.
    pub fn facts(&self, side: Side) -> SideFacts {
        self.piles(side).facts()
    }

    /// A side's score if the hand ended now with `completed_by` completing the trip (or nobody):
    /// what stopping at 700 would give, for the Extension decision.
    pub fn score_if_over(&self, completed_by: Option<Side>, side: Side) -> HandScore {
        let facts: [SideFacts; MAX_SIDES] = std::array::from_fn(|s| self.table.piles[s].facts());
        let hand = HandFacts {
            sides: &facts[..usize::from(self.sides())],
            completed_by,
            delayed: completed_by.is_some() && self.draw_len == 0,
            extension: self.table.extension,
        };
        score::score_hand(&hand, side)
    }

    /// The cards this seat cannot place: the pack less its own hand and everything face up.
    /// They are in the other hands and the draw pile, in some order.
    pub fn unseen(&self) -> Counts {
        let mut unseen = super::pack(self.config);
        let seen = self.table.face_up(self.sides());
        for (n, (&s, &h)) in unseen.0.iter_mut().zip(seen.0.iter().zip(&self.hand.0)) {
            *n -= s + h;
        }
        unseen
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

    /// A complete hand that looks exactly like this observation from the seat: the unseen
    /// cards dealt at random into the other hands (as many as each holds) and the draw pile.
    /// Meant for the seat asked to act: the copy has that seat to move.
    pub fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> State {
        let mut state = self.skeleton();
        let mut cards = [Card::D25; PACK];
        let mut len = 0;
        for card in self.unseen().cards() {
            cards[len] = card;
            len += 1;
        }
        shuffle(rng, &mut cards[..len]);
        let mut dealt = cards[..len].iter().copied();
        for seat in 0..self.config.players {
            if seat != self.seat {
                let hand = &mut state.hands[usize::from(seat)];
                for card in dealt
                    .by_ref()
                    .take(usize::from(self.hand_sizes[usize::from(seat)]))
                {
                    hand.add(card);
                }
            }
        }
        for card in dealt {
            state.draw[usize::from(state.draw_len)] = card;
            state.draw_len += 1;
        }
        debug_assert_eq!(
            state.draw_len, self.draw_len,
            "the observation is consistent"
        );
        state
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
    use crate::shuffle::rng_from_seed;
    use crate::{NoEvents, RulesId};

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

    #[test]
    fn determinized_hands_are_complete_and_look_the_same_from_the_seat() {
        let mut rng = rng_from_seed(5);
        let mut hidden_differ = 0;
        for players in [2u8, 3, 4, 6] {
            let config = Config::new(RulesId::MilleBornes, players, None).expect("config");
            for seed in 0..10 {
                let mut game = State::new_game(config, seed, &[]).expect("game");
                while !game.is_over() {
                    let seat = game.to_move();
                    let obs = game.observe(seat);
                    let copy = obs.determinize(&mut rng);
                    assert_eq!(copy.census(), copy.pack(), "every card is somewhere");
                    assert_eq!(copy.observe(seat), obs);
                    let mut mine = ActionList::new();
                    let mut real = ActionList::new();
                    copy.legal_actions(&mut mine);
                    game.legal_actions(&mut real);
                    assert_eq!(mine, real);
                    let mut unseen = obs.unseen();
                    for other in (0..players).filter(|&s| s != seat) {
                        for card in Card::ALL {
                            unseen.remove(card, game.held(other, card));
                        }
                        hidden_differ += usize::from(
                            Card::ALL
                                .iter()
                                .any(|&c| copy.held(other, c) != game.held(other, c)),
                        );
                    }
                    assert_eq!(unseen.total(), game.draw_pile_len(), "the rest is to draw");
                    let action = game.random_action(&mut rng).expect("action");
                    game.apply(action, &mut NoEvents).expect("legal");
                }
            }
        }
        assert!(hidden_differ > 1000, "the deals differ: {hidden_differ}");
    }
}
