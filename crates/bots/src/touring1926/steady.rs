//! The steady bot: the rules of thumb of a good player, applied the same way every time.
//!
//! Every legal action gets a score and the best one is played (the first listed on a tie, so
//! the bot needs no randomness):
//!
//! 1. the card that wins the race;
//! 2. Go, to start;
//! 3. a delay on the leader (the opponent with the most miles, then the biggest robbery);
//! 4. the remedy or Go that mends a delay;
//! 5. Country when it lets us play a 10 and no opponent could use it first; City Limits when a
//!    running opponent could play a 10 and is ahead (or we cannot play one ourselves);
//! 6. the biggest mile card that fits, never a 10 within City Limits (that is speeding);
//! 7. otherwise, discard the card worth least: mile cards whose pile is full, a second speed
//!    card, remedies for delays that can no longer come (every such delay is in sight), extra
//!    Go cards, before anything the side still needs.
//!
//! "What can still come" is counted from what the seat can see: its hand, the table and what
//! it remembers of the deadwood. The search bot uses this bot to play its games forward, so it
//! is written to be quick: no allocation, a few dozen comparisons per action.

use super::Observation;
use crate::touring_family::{completes_trip, go_keep_value};
use touring_engine::Side;
use touring_engine::touring1926::{Action, Card, Counts, Speed, Status};

/// Knobs on the rules of thumb. [`Style::STEADY`] is the steady bot; the search bot plays its
/// games forward in a style tuned by self-play ([`Style::TUNED`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Play the smallest mile card that fits rather than the biggest (a 10 still goes down
    /// whenever the Country allows it): 1s and 3s cannot be robbed, 5s and 10s can.
    pub small_first: bool,
    /// Playing Country to lay a 10 when an opponent could lay one first (it moves first).
    pub country_contested: i32,
    /// Playing City Limits against an opponent who could lay a 10, when we could lay one too
    /// and are ahead.
    pub city_contested: i32,
    /// Keeping a second Go while running.
    pub second_go: i32,
    /// Keeping one remedy while its delay may still come.
    pub remedy: i32,
    /// Keeping a delay card.
    pub delay: i32,
    /// Keeping a mile card we still need: a base...
    pub mile: i32,
    /// ... plus this much times the room for it over the copies still unseen.
    pub scarcity: i32,
    /// Keeping Country within City Limits while holding 10s to play.
    pub country: i32,
    /// Keeping City Limits in the Country while an opponent needs 10s.
    pub city: i32,
    /// Keeping the one Go while running.
    pub first_go: i32,
    /// Keeping a second copy of a remedy.
    pub second_remedy: i32,
    /// Playing Country to lay a 10 when no opponent could lay one.
    pub country_free: i32,
    /// Keeping a 5 or 10 whose pile is full while a delay could still rob the pile.
    pub robbable: i32,
    /// Keeping City Limits within City Limits while an opponent needs 10s.
    pub city_in_city: i32,
    /// Keeping Country within City Limits without 10s to play.
    pub country_later: i32,
}

impl Style {
    /// The steady bot's rules of thumb.
    pub const STEADY: Style = Style {
        small_first: false,
        country_contested: 150,
        city_contested: 250,
        second_go: 20,
        remedy: 50,
        delay: 70,
        mile: 40,
        scarcity: 20,
        country: 35,
        city: 30,
        first_go: 60,
        second_remedy: 4,
        country_free: 700,
        robbable: 6,
        city_in_city: 10,
        country_later: 15,
    };

    /// The rules of thumb as self-play tuned them, for the search bot's playouts: smallest
    /// miles first, never Country when an opponent could use it first, one remedy kept above
    /// most mile cards, no second Go. It beats [`Style::STEADY`] in about 54.7% of two-player
    /// races (docs/bots.md).
    pub const TUNED: Style = Style {
        small_first: true,
        country_contested: -200,
        second_go: 5,
        remedy: 80,
        ..Style::STEADY
    };
}

/// The steady choice among `legal`, the observing seat's legal actions.
pub fn choose(observation: &Observation, legal: &[Action]) -> Option<Action> {
    choose_with(observation, legal, Style::STEADY)
}

/// The choice among `legal` in a given style.
pub fn choose_with(observation: &Observation, legal: &[Action], style: Style) -> Option<Action> {
    let judge = Judge::new(observation, style);
    crate::best_scored(legal, |action| judge.score(action))
}

/// The steady bot's score for each legal action of a seat: higher is better. Exposed so the
/// search bot can rank its candidates.
pub fn scores(observation: &Observation, legal: &[Action], style: Style, out: &mut [i32]) {
    let judge = Judge::new(observation, style);
    crate::score_into(legal, out, |action| judge.score(action));
}

/// Never chosen while anything else is legal.
const NEVER: i32 = -1_000_000;

/// What the rules of thumb look at, worked out once per decision.
struct Judge {
    style: Style,
    me: Side,
    speed: Speed,
    status: Status,
    need: Option<Card>,
    hand: Counts,
    piles: [u8; 4],
    room: [u8; 4],
    miles: [u32; 6],
    unseen: Counts,
    /// Some opponent is running with room in its 10 pile: Country would let it play a 10.
    rival_can_ten: bool,
    /// ... and has at least our miles.
    rival_ahead_can_ten: bool,
    /// Some opponent has room in its 10 pile at all.
    rival_needs_ten: bool,
    sides: u8,
}

impl Judge {
    fn new(obs: &Observation, style: Style) -> Judge {
        let me = obs.side();
        let quota = obs.quota();
        let piles = obs.piles(me);
        let room: [u8; 4] = std::array::from_fn(|p| quota[p].saturating_sub(piles[p]));
        let sides = obs.sides();
        let mut miles = [0; 6];
        let mut rival_needs_ten = false;
        let mut rivals_running_with_ten_room = [false; 6];
        for side in 0..sides {
            let p = obs.piles(side);
            miles[usize::from(side)] =
                u32::from(p[0]) + 3 * u32::from(p[1]) + 5 * u32::from(p[2]) + 10 * u32::from(p[3]);
            if side != me {
                rival_needs_ten |= p[3] < quota[3];
                rivals_running_with_ten_room[usize::from(side)] =
                    p[3] < quota[3] && obs.status(side) == Status::Running;
            }
        }
        let mut rival_ahead_can_ten = false;
        for side in 0..usize::from(sides) {
            rival_ahead_can_ten |=
                rivals_running_with_ten_room[side] && miles[side] >= miles[usize::from(me)];
        }
        Judge {
            style,
            me,
            speed: obs.speed(),
            status: obs.status(me),
            need: obs.needs(me),
            hand: obs.hand(),
            piles,
            room,
            miles,
            unseen: obs.unseen(),
            rival_can_ten: rivals_running_with_ten_room.contains(&true),
            rival_ahead_can_ten,
            rival_needs_ten,
            sides,
        }
    }

    /// Can we play a 10 this turn without speeding?
    fn can_play_ten(&self) -> bool {
        self.status == Status::Running
            && self.speed == Speed::Country
            && self.room[3] > 0
            && self.hand.get(Card::Mile10) > 0
    }

    fn score(&self, action: Action) -> i32 {
        match action {
            Action::Discard { card } => -self.keep_value(card, self.hand.get(card)),
            Action::Play { card, target, take } => match card {
                Card::Go if self.status == Status::NotStarted => 2000,
                // Listed as legal only when they mend what the side needs.
                Card::Go | Card::HauledIn | Card::Gasoline => 900,
                Card::Mile1 | Card::Mile3 | Card::Mile5 | Card::Mile10 => self.mile_score(card),
                Card::Collision | Card::OutOfGasoline | Card::Puncture => {
                    let target = target.unwrap_or(if self.me == 0 { 1 } else { 0 });
                    let robbed = take.map_or(0, |t| t.miles()) as i32;
                    // Collision and Out of Gasoline stop a side for two cards, a Puncture for
                    // one: on an equal robbery the longer stop is worth more.
                    let stop = if card == Card::Puncture { 0 } else { 3 };
                    let leader = self.miles[usize::from(target) % 6] as i32;
                    1000 + 3 * leader + robbed + stop
                }
                Card::Country => self.country_score(),
                Card::CityLimits => self.city_score(),
            },
        }
    }

    fn mile_score(&self, card: Card) -> i32 {
        if card == Card::Mile10 && self.speed == Speed::City {
            return NEVER;
        }
        if completes_trip(self.room, card.pile()) {
            return 3000;
        }
        if self.style.small_first && card != Card::Mile10 {
            400 - 10 * card.miles() as i32
        } else {
            300 + 10 * card.miles() as i32
        }
    }

    fn country_score(&self) -> i32 {
        let tens_to_play = self.room[3] > 0 && self.hand.get(Card::Mile10) > 0;
        if self.status == Status::Running && tens_to_play {
            if self.rival_can_ten {
                // The rival moves first in the Country: only worth it when nothing else is.
                self.style.country_contested
            } else {
                self.style.country_free
            }
        } else if !self.rival_needs_ten {
            // Harmless to everybody: the same as discarding it, a little worse.
            -self.keep_value(Card::Country, self.hand.get(Card::Country)) - 1
        } else {
            -200
        }
    }

    fn city_score(&self) -> i32 {
        if self.rival_can_ten {
            if self.can_play_ten() && !self.rival_ahead_can_ten {
                self.style.city_contested
            } else {
                650
            }
        } else if self.room[3] == 0 || self.status != Status::Running {
            // Slows nobody who matters and halves what a delay can take from us.
            let exposed = self.piles[2] + self.piles[3] > 0;
            if exposed && self.delays_can_come() {
                60
            } else {
                -self.keep_value(Card::CityLimits, self.hand.get(Card::CityLimits)) - 1
            }
        } else {
            -200
        }
    }

    fn delays_can_come(&self) -> bool {
        self.unseen.get(Card::Collision)
            + self.unseen.get(Card::OutOfGasoline)
            + self.unseen.get(Card::Puncture)
            > 0
    }

    /// What keeping the `copies`-th card of a kind is worth (the one a discard would throw).
    fn keep_value(&self, card: Card, copies: u8) -> i32 {
        let first = copies <= 1;
        match card {
            Card::Go => {
                let running = [self.style.first_go, self.style.second_go, 2];
                go_keep_value(self.need, Card::Go, copies, running)
            }
            Card::HauledIn => self.remedy_value(Card::HauledIn, Card::Collision, first),
            Card::Gasoline => self.remedy_value(Card::Gasoline, Card::OutOfGasoline, first),
            Card::Collision | Card::OutOfGasoline | Card::Puncture => {
                if self.sides > 1 {
                    self.style.delay
                } else {
                    0
                }
            }
            Card::Country => {
                if !first {
                    3
                } else if self.room[3] == 0 {
                    2
                } else if self.speed == Speed::Country {
                    12
                } else if self.hand.get(Card::Mile10) > 0 {
                    self.style.country
                } else {
                    self.style.country_later
                }
            }
            Card::CityLimits => {
                if !first {
                    2
                } else if !self.rival_needs_ten {
                    3
                } else if self.speed == Speed::Country {
                    self.style.city
                } else {
                    self.style.city_in_city
                }
            }
            Card::Mile1 | Card::Mile3 | Card::Mile5 | Card::Mile10 => {
                let p = card.pile();
                let room = self.room[p];
                if copies <= room {
                    // Needed: the scarcer it is among the unseen cards, the more it is worth.
                    let unseen = i32::from(self.unseen.get(card));
                    self.style.mile + self.style.scarcity * i32::from(room) / (unseen + 1)
                } else if p >= 2 && self.delays_can_come() {
                    // Room may open again when a delay robs the pile.
                    self.style.robbable
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
        } else if self.unseen.get(delay) > 0 {
            if first {
                self.style.remedy
            } else {
                self.style.second_remedy
            }
        } else {
            0
        }
    }
}
