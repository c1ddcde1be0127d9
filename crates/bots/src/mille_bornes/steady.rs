//! The steady bot of Mille Bornes: the habits of a good player. Every legal action gets a score
//! and the best one is played (the first listed on a tie, so no randomness):
//!
//! 1. Coup Fourré whenever it may be called: 300 points, the hazard gone and a turn;
//! 2. the distance card that completes the trip;
//! 3. a safety that lifts the hazard it is under (or Right of Way when it cannot start); other
//!    safeties are held for a coup fourré, and played only once none of their hazards can
//!    still come, when the draw pile runs low, or instead of discarding a card worth keeping;
//! 4. a hazard on the leader (the opponent with the most miles) while it rolls, the surest
//!    first: one whose safety is in sight cannot be answered with a coup fourré;
//! 5. the remedy it needs, then Roll; End of Limit when it holds big distance to play;
//! 6. a Speed Limit on a leader that still has room for big cards;
//! 7. the biggest distance card that fits, holding 200s for the finish (a 200 goes down only
//!    when it completes the trip);
//! 8. otherwise it discards the card worth least: distance the trip has no room for, hazards
//!    every opponent is safe from, remedies whose hazards can no longer hit it, extra Rolls,
//!    before anything it still needs. One remedy of each kind is kept while its hazard may come.
//!
//! At 700 miles it never extends when behind: only when stopping would already win, no
//! opponent is near the trip, it rolls with distance in hand and cards are left to draw, and
//! even a failed extension would leave it ahead.
//!
//! "What can still come" is counted from what the seat sees: its hand and every face-up card,
//! the discard pile included. The search bot plays its hands forward with this bot, so it is
//! quick: no allocation, a few dozen comparisons per action.

use super::Observation;
use touring_engine::Side;
use touring_engine::mille_bornes::{Action, Card, Counts};

/// Knobs on the habits. [`Style::STEADY`] is the steady bot; the search bot plays its hands
/// forward in a style tuned by self-play ([`Style::TUNED`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// A hazard on a rolling opponent (mending scores 2600, Roll 2500, distance about 300).
    pub attack: i32,
    /// A Speed Limit on an opponent with room for big distance.
    pub speed_limit: i32,
    /// Holding a safety for a coup fourré is worth this much: a discard that would throw more
    /// is avoided by laying the safety instead (it gives a turn, so nothing is lost).
    pub hold_safety: i32,
    /// Safeties are laid once the draw pile is down to this many cards per player.
    pub late_safety: u32,
    /// Play a 200 like any distance card, not only to complete the trip.
    pub free_two_hundreds: bool,
    /// Play the smallest distance card that fits rather than the biggest.
    pub small_first: bool,
    /// End of Limit without big distance in hand to play after it.
    pub end_of_limit: i32,
    /// Keeping one remedy while its hazard may still come.
    pub remedy: i32,
    /// Keeping the first and the second Roll.
    pub roll: i32,
    pub second_roll: i32,
    /// Keeping a hazard an opponent can still be hit with (the first copy; more copies less).
    pub hazard: i32,
    /// Keeping a distance card the trip has room for: this, plus more for bigger cards.
    pub distance: i32,
    /// At 700 miles, extend whenever stopping would lose the hand (the only way left to win).
    pub extend_when_behind: bool,
}

impl Style {
    /// The steady bot's habits.
    pub const STEADY: Style = Style {
        attack: 3000,
        speed_limit: 1500,
        hold_safety: 90,
        late_safety: 2,
        free_two_hundreds: false,
        small_first: false,
        end_of_limit: 280,
        remedy: 50,
        roll: 90,
        second_roll: 35,
        hazard: 70,
        distance: 32,
        extend_when_behind: false,
    };

    /// The habits as self-play tuned them, for the search bot's playouts.
    pub const TUNED: Style = Style::STEADY;
}

/// The steady choice among `legal`, the observing seat's legal actions.
pub fn choose(observation: &Observation, legal: &[Action]) -> Option<Action> {
    choose_with(observation, legal, Style::STEADY)
}

/// The choice among `legal` in a given style.
pub fn choose_with(observation: &Observation, legal: &[Action], style: Style) -> Option<Action> {
    // The two decisions out of turn need no judge.
    match legal.first() {
        Some(Action::CoupFourre) => return Some(Action::CoupFourre),
        Some(Action::Extend(_)) => {
            return Some(Action::Extend(extend_with(observation, style)));
        }
        _ => {}
    }
    let judge = Judge::new(observation, style);
    crate::best_scored(legal, |action| judge.score(action))
}

/// The steady bot's score for each legal action of a seat: higher is better. The search bot
/// ranks its candidates with it.
pub fn scores(observation: &Observation, legal: &[Action], out: &mut [i32]) {
    let judge = Judge::new(observation, Style::STEADY);
    crate::score_into(legal, out, |action| judge.score(action));
}

/// At exactly 700 miles, does the deciding side go on to 1000? Never when behind: only when
/// stopping now would win the hand, and the extension is nearly safe (see the module's doc).
pub fn should_extend(obs: &Observation) -> bool {
    extend_with(obs, Style::STEADY)
}

fn extend_with(obs: &Observation, style: Style) -> bool {
    let me = obs.side();
    let sides = obs.sides();
    let stopped = |side| obs.score_if_over(Some(me), side).total;
    let mine = stopped(me);
    let behind = (0..sides).any(|s| s != me && stopped(s) >= mine);
    if behind {
        return style.extend_when_behind;
    }
    // A failed extension: nobody completes, and every opponent takes the 200 bonus.
    let base = |side| obs.score_if_over(None, side).total;
    let still_ahead = (0..sides).all(|s| s == me || base(s) + 200 < base(me));
    let nobody_near = (0..sides).all(|s| s == me || obs.miles(s) <= 300);
    let hand = obs.hand();
    let distance_in_hand: u32 = [Card::D25, Card::D50, Card::D75, Card::D100]
        .into_iter()
        .map(|c| c.miles() * u32::from(hand.get(c)))
        .sum();
    still_ahead
        && nobody_near
        && obs.can_move(me)
        && distance_in_hand >= 200
        && obs.draw_pile_len() >= 20
}

/// Never chosen while anything else is legal.
const NEVER: i32 = -1_000_000;

/// What the habits look at, worked out once per decision.
struct Judge {
    style: Style,
    me: Side,
    sides: u8,
    target: u32,
    miles: [u32; 3],
    hand: Counts,
    unseen: Counts,
    draw: u32,
    players: u32,
    top: Option<Card>,
    rolling: bool,
    limited: bool,
    right_of_way: bool,
    two_hundreds: u32,
    /// The safeties of each side, by [`Card::SAFETIES`] bit.
    safe: [u8; 3],
    /// Each side can move now (a hazard needs a rolling target).
    moving: [bool; 3],
    /// What [`should_extend`] says, when the side decides the Extension.
    extend: bool,
}

impl Judge {
    fn new(obs: &Observation, style: Style) -> Judge {
        let me = obs.side();
        let sides = obs.sides();
        let mut miles = [0; 3];
        let mut safe = [0; 3];
        let mut moving = [false; 3];
        for side in 0..sides {
            let s = usize::from(side);
            miles[s] = obs.miles(side);
            moving[s] = obs.can_move(side);
            for safety in Card::SAFETIES {
                if obs.has_safety(side, safety) {
                    safe[s] |= 1 << safety.safety_index();
                }
            }
        }
        Judge {
            style,
            me,
            sides,
            target: obs.target(),
            miles,
            hand: obs.hand(),
            unseen: obs.unseen(),
            draw: obs.draw_pile_len(),
            players: u32::from(obs.config().players),
            top: obs.battle_top(me),
            rolling: obs.can_move(me),
            limited: obs.limited(me),
            right_of_way: obs.has_safety(me, Card::RightOfWay),
            two_hundreds: obs.two_hundreds(me),
            safe,
            moving,
            extend: obs.decides_extension() && extend_with(obs, style),
        }
    }

    fn has_safety(&self, side: Side, safety: Card) -> bool {
        self.safe[usize::from(side) % 3] & (1 << safety.safety_index()) != 0
    }

    fn my_miles(&self) -> u32 {
        self.miles[usize::from(self.me) % 3]
    }

    /// Miles still to go.
    fn room(&self) -> u32 {
        self.target.saturating_sub(self.my_miles())
    }

    fn score(&self, action: Action) -> i32 {
        match action {
            Action::CoupFourre => 100_000,
            Action::Pass => 0,
            Action::Extend(extend) => i32::from(extend == self.extend),
            Action::Discard { card } => -self.keep_value(card, self.hand.get(card)),
            Action::Play {
                card,
                target: Some(target),
            } => self.attack_score(card, target),
            Action::Play { card, target: None } => {
                if card.is_distance() {
                    self.distance_score(card)
                } else if card.is_safety() {
                    self.safety_score(card)
                } else if card.is_hazard() {
                    // A hazard without a target only at a table of two: the one opponent.
                    self.attack_score(card, 1 - self.me.min(1))
                } else {
                    self.remedy_score(card)
                }
            }
        }
    }

    fn distance_score(&self, card: Card) -> i32 {
        let miles = card.miles();
        if miles == self.room() {
            return 5000;
        }
        if card == Card::D200 && !self.style.free_two_hundreds {
            // Held for the finish.
            return NEVER;
        }
        if self.style.small_first {
            300 - miles as i32 / 5
        } else {
            300 + miles as i32 / 5
        }
    }

    /// Can a hazard that `safety` prevents still be played on us?
    fn hazards_can_come(&self, safety: Card) -> bool {
        Card::ALL
            .into_iter()
            .filter(|c| c.is_hazard() && c.safety() == Some(safety))
            .any(|c| self.unseen.get(c) > 0)
    }

    fn safety_score(&self, safety: Card) -> i32 {
        let lifts = match self.top {
            Some(top) if top.is_hazard() => top.safety() == Some(safety),
            _ => false,
        } || (safety == Card::RightOfWay && self.limited);
        if lifts {
            return 4000;
        }
        if safety == Card::RightOfWay && !self.rolling && self.hand.get(Card::Roll) == 0 {
            // It rolls for us: nothing on the battle pile stops us but the want of a Roll.
            return 3900;
        }
        if !self.hazards_can_come(safety) || self.draw <= self.style.late_safety * self.players {
            return 3800;
        }
        // Held for a coup fourré: played only rather than discard a card worth more.
        -self.style.hold_safety
    }

    fn remedy_score(&self, card: Card) -> i32 {
        match card {
            Card::Roll if self.right_of_way => -self.keep_value(card, self.hand.get(card)),
            Card::Roll => 2500,
            Card::EndOfLimit => {
                let room = self.room();
                let big = [Card::D75, Card::D100, Card::D200]
                    .into_iter()
                    .any(|c| self.hand.get(c) > 0 && c.miles() <= room);
                if big { 2000 } else { self.style.end_of_limit }
            }
            // Listed as legal only when they mend the hazard on top.
            _ => 2600,
        }
    }

    /// The opponent with the most miles.
    fn leader(&self) -> Side {
        (0..self.sides)
            .filter(|&s| s != self.me)
            .max_by_key(|&s| self.miles[usize::from(s)])
            .unwrap_or(self.me)
    }

    fn attack_score(&self, card: Card, target: Side) -> i32 {
        let t = usize::from(target) % 3;
        let lead = if target == self.leader() { 100 } else { 0 };
        // A hazard whose safety is in sight cannot come back as a coup fourré.
        let sure = match card.safety() {
            Some(safety) if self.unseen.get(safety) == 0 => 60,
            _ => 0,
        };
        let to_go = self.target.saturating_sub(self.miles[t]);
        if card == Card::SpeedLimit {
            if to_go <= 50 {
                return -self.keep_value(card, self.hand.get(card));
            }
            return self.style.speed_limit + lead + sure;
        }
        if !self.moving[t] {
            // The 1988 option: a hazard on a hazard only replaces what they must mend.
            return 150 + lead;
        }
        let scarce = card
            .remedy()
            .map_or(0, |r| 30 - 2 * i32::from(self.unseen.get(r)).min(15));
        self.style.attack + lead + sure + scarce + (self.miles[t] / 10) as i32
    }

    /// Can this hazard still be played on some opponent (it has not played the safety)?
    fn hazard_useful(&self, card: Card) -> bool {
        let Some(safety) = card.safety() else {
            return false;
        };
        (0..self.sides).any(|s| s != self.me && !self.has_safety(s, safety))
    }

    /// What keeping the `copies`-th card of a kind is worth (the one a discard would throw).
    fn keep_value(&self, card: Card, copies: u8) -> i32 {
        let first = copies <= 1;
        match card {
            Card::ExtraTank | Card::PunctureProof | Card::DrivingAce | Card::RightOfWay => 1000,
            Card::D25 | Card::D50 | Card::D75 | Card::D100 | Card::D200 => {
                let miles = card.miles();
                if miles > self.room() || (card == Card::D200 && self.two_hundreds >= 2) {
                    return 0;
                }
                // Copies beyond what the trip has room for are worth little.
                let wanted = self.room() / miles;
                if u32::from(copies) > wanted {
                    return 2;
                }
                self.style.distance
                    + match card {
                        Card::D200 => 23,
                        Card::D100 => 18,
                        Card::D75 => 8,
                        Card::D50 => 4,
                        _ => 0,
                    }
            }
            Card::Stop | Card::Accident | Card::OutOfGas | Card::FlatTire => {
                if !self.hazard_useful(card) {
                    0
                } else if first {
                    self.style.hazard
                } else {
                    self.style.hazard * 2 / 3
                }
            }
            Card::SpeedLimit => {
                if !self.hazard_useful(card) {
                    0
                } else if first {
                    30
                } else {
                    5
                }
            }
            Card::Roll => {
                if self.right_of_way {
                    0
                } else {
                    match copies {
                        0 | 1 => self.style.roll,
                        2 => self.style.second_roll,
                        _ => 8,
                    }
                }
            }
            Card::EndOfLimit => self.remedy_value(
                Card::SpeedLimit,
                Card::RightOfWay,
                first,
                self.style.remedy / 2,
            ),
            Card::Gasoline => {
                self.remedy_value(Card::OutOfGas, Card::ExtraTank, first, self.style.remedy)
            }
            Card::SpareTire => self.remedy_value(
                Card::FlatTire,
                Card::PunctureProof,
                first,
                self.style.remedy,
            ),
            Card::Repairs => {
                self.remedy_value(Card::Accident, Card::DrivingAce, first, self.style.remedy)
            }
        }
    }

    /// A remedy is needed now, or kept (one copy) while its hazard may still be played on us.
    fn remedy_value(&self, hazard: Card, safety: Card, first: bool, kept: i32) -> i32 {
        let needed = self.top == Some(hazard) || (hazard == Card::SpeedLimit && self.limited);
        if needed {
            500
        } else if self.has_safety(self.me, safety) || self.hand.get(safety) > 0 {
            0
        } else if self.unseen.get(hazard) > 0 {
            if first { kept } else { 3 }
        } else {
            0
        }
    }
}
