//! What one seat may know of a game of Touring (1937-1958), and full games that agree with it.
//!
//! Bots decide from their own seat's knowledge only. An [`Observation`] is that knowledge as a
//! small fixed-size value: the seat's own hand, everything face up (the Go, Freeway and
//! mileage piles, and the whole discard pile, which is face up in this game: a seat that
//! watched saw every card go there) and the sizes of what lies face down (other hands, the draw
//! pile). It is built from the state *for* one seat, so a hidden card is never copied into it.
//!
//! [`Observation::determinize`] deals the cards the seat cannot place at random into the other
//! hands and the draw pile, and gives the new game a fresh seed: the real seed decides the
//! coming reshuffles, so it is hidden information too.

use rand::Rng;

use super::{Action, Card, Counts, Status};
use super::{MAX_SEATS, MAX_SIDES, Need, PACK, State, TopPile};
use crate::engine::shuffle::shuffle;
use crate::engine::{ActionList, Config, Rules, Seat, Side};

/// Everything one seat may know about a game at one moment. Two games that look the same from
/// a seat give equal observations, which is what lets a test prove that a bot cannot tell them
/// apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observation {
    config: Config,
    seat: Seat,
    to_move: Seat,
    turn: u32,
    reshuffles: u32,
    winner: Option<Side>,
    hand: Counts,
    hand_sizes: [u8; MAX_SEATS],
    draw_len: u8,
    discard: TopPile,
    go: [TopPile; MAX_SIDES],
    freeway: [TopPile; MAX_SIDES],
    piles: [[u8; 4]; MAX_SIDES],
    need: [Need; MAX_SIDES],
}

impl State {
    /// What `seat` may know of this game.
    pub fn observe(&self, seat: Seat) -> Observation {
        let seat = seat % self.config.players;
        let mut hand_sizes = [0; MAX_SEATS];
        for (size, hand) in hand_sizes.iter_mut().zip(&self.hands) {
            *size = hand.len;
        }
        Observation {
            config: self.config,
            seat,
            to_move: self.to_move,
            turn: self.turn,
            reshuffles: self.reshuffles,
            winner: self.winner,
            hand: self.hands[usize::from(seat)].counts,
            hand_sizes,
            draw_len: self.draw_len,
            discard: self.discard,
            go: self.go,
            freeway: self.freeway,
            piles: self.piles,
            need: self.need,
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

    /// How many sides race.
    pub fn sides(&self) -> u8 {
        self.config.sides()
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Is it the observing seat's turn (and the trip still on)?
    pub fn is_my_turn(&self) -> bool {
        self.winner.is_none() && self.to_move == self.seat
    }

    /// Completed turns.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The side that won, once the game is over.
    pub fn winner(&self) -> Option<Side> {
        self.winner
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

    /// Every card on the face-up discard pile.
    pub fn discard_pile(&self) -> Counts {
        self.discard.counts
    }

    /// A side's status.
    pub fn status(&self, side: Side) -> Status {
        self.need[usize::from(side) % MAX_SIDES].status()
    }

    /// The card a side must play next before it may play miles (none: Go is exposed).
    pub fn needs(&self, side: Side) -> Option<Card> {
        self.need[usize::from(side) % MAX_SIDES].next()
    }

    /// Has a side a Freeway exposed?
    pub fn freeway_exposed(&self, side: Side) -> bool {
        self.freeway[usize::from(side) % MAX_SIDES].top == Some(Card::Freeway)
    }

    /// A side's mileage piles (25, 35, 50, 75).
    pub fn piles(&self, side: Side) -> [u8; 4] {
        self.piles[usize::from(side) % MAX_SIDES]
    }

    /// The mileage cards a complete trip takes (25, 35, 50, 75).
    pub fn quota(&self) -> [u8; 4] {
        super::quota(self.config)
    }

    /// A side's miles.
    pub fn miles(&self, side: Side) -> u32 {
        super::miles_of(self.piles(side))
    }

    /// The pack this game is played with.
    pub fn pack(&self) -> Counts {
        super::pack(self.config)
    }

    /// Cards lying face up: the discard pile and every side's piles.
    pub fn face_up(&self) -> Counts {
        let mut table = self.discard.counts;
        for side in 0..usize::from(self.config.sides()) {
            table.add_all(&self.go[side].counts);
            table.add_all(&self.freeway[side].counts);
            for (card, &n) in Card::MILES.iter().zip(&self.piles[side]) {
                table.add(*card, n);
            }
        }
        table
    }

    /// The cards this seat cannot place: in other hands or the draw pile. The pack minus the
    /// own hand and what lies face up.
    pub fn unseen(&self) -> Counts {
        let mut seen = self.face_up();
        seen.add_all(&self.hand);
        let pack = self.pack();
        Counts::new(std::array::from_fn(|i| pack.0[i].saturating_sub(seen.0[i])))
    }

    /// The legal actions of the observing seat (none when it is not its turn). They depend only
    /// on the own hand and the table, so no hidden card is needed to list them.
    pub fn legal_actions(&self, out: &mut ActionList<Action>) {
        if self.is_my_turn() {
            self.skeleton().legal_actions(out);
        } else {
            out.clear();
        }
    }

    /// A legal action of the observing seat chosen uniformly at random (none when it is not its
    /// turn): the random bot.
    pub fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.is_my_turn() {
            self.skeleton().random_action(rng)
        } else {
            None
        }
    }

    /// The state with only what this seat knows: other hands and the draw pile are empty.
    /// Enough to list the seat's legal actions; [`Observation::determinize`] fills in the rest.
    fn skeleton(&self) -> State {
        let mut state = State::empty(self.config, 0);
        let own = &mut state.hands[usize::from(self.seat)];
        for card in self.hand.cards() {
            own.add(card);
        }
        state.discard = self.discard;
        state.go = self.go;
        state.freeway = self.freeway;
        state.piles = self.piles;
        state.need = self.need;
        state.to_move = self.to_move;
        state.turn = self.turn;
        state.winner = self.winner;
        state.reshuffles = self.reshuffles;
        for side in 0..MAX_SIDES {
            state.refresh(side);
        }
        state
    }

    /// A complete game that looks exactly like this observation from the observing seat: the
    /// unseen cards are dealt at random into the other hands and the draw pile, and the game
    /// gets a random seed for its future reshuffles.
    pub fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> State {
        let mut state = self.skeleton();
        let mut cards = [Card::Go; PACK];
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
        state.seed = rng.next_u64();
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shuffle::rng_from_seed;
    use crate::engine::{NoEvents, RulesId};

    fn configs() -> Vec<Config> {
        let mut all = Vec::new();
        for players in [2u8, 3, 4, 6] {
            for partners in [false, true] {
                if let Ok(config) = Config::new(RulesId::Touring1958, players, Some(partners)) {
                    all.push(config);
                }
            }
        }
        all
    }

    #[test]
    fn determinized_games_are_complete_and_look_the_same_from_the_seat() {
        let mut rng = rng_from_seed(3);
        for config in configs() {
            for seed in 0..8 {
                let mut game = State::new_game(config, seed, &[]).expect("game");
                while !game.is_over() && game.turn() < 600 {
                    let seat = game.turn() as u8 % config.players;
                    let obs = game.observe(seat);
                    let copy = obs.determinize(&mut rng);
                    assert_eq!(copy.census(), copy.pack(), "every card is somewhere");
                    assert_eq!(copy.observe(seat), obs);
                    let mut mine = ActionList::new();
                    let mut real = ActionList::new();
                    obs.legal_actions(&mut mine);
                    if seat == game.to_move() {
                        game.legal_actions(&mut real);
                    }
                    assert_eq!(mine, real);
                    let action = game.random_action(&mut rng).expect("action");
                    game.apply(action, &mut NoEvents).expect("legal");
                }
            }
        }
    }

    #[test]
    fn an_observation_never_holds_another_hand() {
        let config = Config::new(RulesId::Touring1958, 2, None).expect("config");
        let game = State::new_game(config, 11, &[]).expect("game");
        let obs = game.observe(1);
        assert_eq!(obs.hand(), game.hands[1].counts);
        let mut rng = rng_from_seed(5);
        let copy = obs.determinize(&mut rng);
        let mut other = game.clone();
        other.hands[0] = copy.hands[0];
        other.draw = copy.draw;
        other.seed = copy.seed;
        assert_eq!(other.observe(1), obs, "seat 1 cannot tell the deals apart");
    }
}
