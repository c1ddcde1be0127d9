//! The steady bot of Touring (1937-1958): the 1926 bot's habits, adapted. Every legal action
//! gets a score and the best one is played (the first listed on a tie, so no randomness):
//!
//! 1. the mileage card that completes the trip;
//! 2. Go, to start;
//! 3. a delay on the leader (the opponent with the most miles): Missed the Curve and Stop to
//!    Refuel stop it, the others take the biggest mileage card they can;
//! 4. the remedy or Go that mends a delay; Populated Area on a leader that can still use its
//!    Freeway; Freeway when 50s or 75s are still wanted;
//! 5. the biggest mileage card that fits, never a 50 or 75 without a Freeway (speeding);
//! 6. otherwise, discard the card worth least: mileage cards the trip has no room for,
//!    remedies for delays that can no longer come (all are in sight), extra Go and Freeway
//!    cards, before anything the side still needs.
//!
//! "What can still come" is counted from what the seat sees: its hand and every face-up card,
//! the discard pile included. The search bot plays its games forward with this bot, so it is
//! quick: no allocation, a few dozen comparisons per action.

use super::Observation;
use crate::touring_family::{completes_trip, go_keep_value};
use touring_engine::touring1958::{Action, Card, Counts, Status};

/// The steady choice among `legal`, the observing seat's legal actions.
pub fn choose(observation: &Observation, legal: &[Action]) -> Option<Action> {
    let judge = Judge::new(observation);
    crate::best_scored(legal, |action| judge.score(action))
}

/// The steady bot's score for each legal action of a seat: higher is better. The search bot
/// ranks its candidates with it.
pub fn scores(observation: &Observation, legal: &[Action], out: &mut [i32]) {
    let judge = Judge::new(observation);
    crate::score_into(legal, out, |action| judge.score(action));
}

/// Never chosen while anything else is legal.
const NEVER: i32 = -1_000_000;

/// What the rules of thumb look at, worked out once per decision.
struct Judge {
    status: Status,
    need: Option<Card>,
    freeway: bool,
    hand: Counts,
    room: [u8; 4],
    miles: [u32; 6],
    unseen: Counts,
    /// Some opponent has a Freeway exposed and room for a 50 or 75.
    rival_on_freeway: bool,
    sides: u8,
}

impl Judge {
    fn new(obs: &Observation) -> Judge {
        let me = obs.side();
        let quota = obs.quota();
        let piles = obs.piles(me);
        let sides = obs.sides();
        let mut miles = [0; 6];
        let mut rival_on_freeway = false;
        for side in 0..sides {
            miles[usize::from(side)] = obs.miles(side);
            let p = obs.piles(side);
            if side != me && obs.freeway_exposed(side) && (p[2] < quota[2] || p[3] < quota[3]) {
                rival_on_freeway = true;
            }
        }
        Judge {
            status: obs.status(me),
            need: obs.needs(me),
            freeway: obs.freeway_exposed(me),
            hand: obs.hand(),
            room: std::array::from_fn(|p| quota[p].saturating_sub(piles[p])),
            miles,
            unseen: obs.unseen(),
            rival_on_freeway,
            sides,
        }
    }

    /// Room left for 50s and 75s.
    fn fast_room(&self) -> bool {
        self.room[2] + self.room[3] > 0
    }

    fn score(&self, action: Action) -> i32 {
        match action {
            Action::Discard { card } => -self.keep_value(card, self.hand.get(card)),
            Action::Play { card, target } => {
                let leader = target.map_or(0, |t| self.miles[usize::from(t) % 6] as i32 / 5);
                match card {
                    Card::Go if self.status == Status::NotStarted => 2000,
                    // Listed as legal only when they mend what the side needs.
                    Card::Go | Card::Wrecker | Card::Gasoline => 900,
                    Card::Freeway if self.fast_room() => 850,
                    Card::Freeway => -self.keep_value(card, self.hand.get(card)) - 1,
                    Card::Mile25 | Card::Mile35 | Card::Mile50 | Card::Mile75 => {
                        self.mile_score(card)
                    }
                    Card::StopToRefuel | Card::MissedTheCurve => 1000 + leader + 10,
                    Card::BurningOil | Card::BrokenSpring | Card::BrakeAdjustment => {
                        1000 + leader + card.takes().map_or(0, |c| c.miles() as i32 / 10)
                    }
                    Card::PopulatedArea => 800 + leader,
                }
            }
        }
    }

    fn mile_score(&self, card: Card) -> i32 {
        if card.needs_freeway() && !self.freeway {
            return NEVER;
        }
        if completes_trip(self.room, card.pile()) {
            return 3000;
        }
        300 + card.miles() as i32
    }

    fn delays_can_come(&self, delay: Card) -> bool {
        self.unseen.get(delay) > 0
    }

    /// What keeping the `copies`-th card of a kind is worth (the one a discard would throw).
    fn keep_value(&self, card: Card, copies: u8) -> i32 {
        let first = copies <= 1;
        match card {
            Card::Go => go_keep_value(self.need, Card::Go, copies, [60, 20, 2]),
            Card::Wrecker => self.remedy_value(Card::Wrecker, Card::MissedTheCurve, first),
            Card::Gasoline => self.remedy_value(Card::Gasoline, Card::StopToRefuel, first),
            Card::Freeway => {
                if !self.fast_room() {
                    0
                } else if !first {
                    4
                } else if self.freeway {
                    // Kept for the Populated Area that may come.
                    if self.delays_can_come(Card::PopulatedArea) {
                        30
                    } else {
                        3
                    }
                } else {
                    120
                }
            }
            Card::PopulatedArea => {
                if self.rival_on_freeway {
                    45
                } else {
                    15
                }
            }
            Card::StopToRefuel | Card::MissedTheCurve => {
                if self.sides > 1 {
                    70
                } else {
                    0
                }
            }
            Card::BurningOil | Card::BrokenSpring | Card::BrakeAdjustment => 55,
            Card::Mile25 | Card::Mile35 | Card::Mile50 | Card::Mile75 => {
                let room = self.room[card.pile()];
                if copies <= room {
                    // Needed: the scarcer it is among the unseen cards, the more it is worth.
                    let unseen = i32::from(self.unseen.get(card));
                    40 + 20 * i32::from(room) / (unseen + 1) + card.miles() as i32 / 25
                } else {
                    0
                }
            }
        }
    }

    /// A remedy is needed now, or kept (one copy) while its delay may still be played on us.
    fn remedy_value(&self, remedy: Card, delay: Card, first: bool) -> i32 {
        if self.need == Some(remedy) {
            200
        } else if self.delays_can_come(delay) {
            if first { 50 } else { 4 }
        } else {
            0
        }
    }
}
