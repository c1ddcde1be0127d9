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
use super::{Hand, MAX_SEATS, MAX_SIDES, Need, State, TopPile};
use crate::{ActionList, Config, Rules, Seat, Side};

/// Everything one seat may know about a game at one moment. Two games that look the same from
/// a seat give equal observations, which is what lets a test prove that a bot cannot tell them
/// apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observation {
    config: Config,
    seat: Seat,
    hand: Counts,
    hand_sizes: [u8; MAX_SEATS],
    draw_len: u8,
    to_move: Seat,
    turn: u32,
    reshuffles: u32,
    winner: Option<Side>,
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
        let hand_sizes = crate::touring_family::hand_sizes(&self.hands);
        Observation {
            config: self.config,
            seat,
            hand: self.hands[usize::from(seat)].counts,
            hand_sizes,
            draw_len: self.draw_len,
            to_move: self.to_move,
            turn: self.turn,
            reshuffles: self.reshuffles,
            winner: self.winner,
            discard: self.discard,
            go: self.go,
            freeway: self.freeway,
            piles: self.piles,
            need: self.need,
        }
    }
}

crate::touring_family::observation_accessors!(
    skeleton: discard = discard, freeway = freeway
);

impl Observation {
    /// Every card on the face-up discard pile.
    pub fn discard_pile(&self) -> Counts {
        self.discard.counts
    }

    /// Has a side a Freeway exposed?
    pub fn freeway_exposed(&self, side: Side) -> bool {
        self.freeway[usize::from(side) % MAX_SIDES].top == Some(Card::Freeway)
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
        let sides = usize::from(self.config.sides());
        let on_go = crate::touring_family::face_up(
            self.discard.counts,
            &self.go[..sides],
            &self.piles[..sides],
            Card::MILES,
        );
        self.freeway[..sides]
            .iter()
            .fold(on_go, |mut table, freeway| {
                table.add_all(&freeway.counts);
                table
            })
    }

    /// The cards this seat cannot place: in other hands or the draw pile. The pack minus the
    /// own hand and what lies face up.
    pub fn unseen(&self) -> Counts {
        let mut seen = self.face_up();
        seen.add_all(&self.hand);
        let pack = self.pack();
        Counts::new(std::array::from_fn(|i| pack.0[i].saturating_sub(seen.0[i])))
    }
}

crate::touring_family::determinize!();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shuffle::rng_from_seed;
    use crate::{NoEvents, RulesId};

    fn configs() -> Vec<Config> {
        [2u8, 3, 4, 6]
            .into_iter()
            .flat_map(|players| [(players, false), (players, true)])
            .filter_map(|(players, partners)| {
                Config::new(RulesId::Touring1958, players, Some(partners)).ok()
            })
            .collect()
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
                    let mut mine = ActionList::new();
                    let mut real = ActionList::new();
                    let copy = obs.determinize(&mut rng);
                    assert_eq!(copy.census(), copy.pack(), "every card is somewhere");
                    assert_eq!(copy.observe(seat), obs);
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
