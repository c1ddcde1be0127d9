//! Touring as Parker Brothers sold it from 1937 to 1958: "a trip of 590 miles".
//!
//! Every rule here is stated in docs/rules.md with the test that checks it; the rulings are
//! those of `touring-1958.md`. As for the 1926 game the state is a plain `Clone` value of fixed
//! size: hands and piles are counts per kind of card, the draw pile is an array, and nothing
//! touches the heap while a game is played. What differs from 1926: each side has its own
//! Freeway pile (50s and 75s need a Freeway exposed), the discard pile is face up, three delays
//! take a mileage card instead of stopping a side, and four or six may each play for himself
//! with two packs.

use crate::touring_family::{
    self as family, MAX_SEATS, MAX_SIDES, bits, nth_bit, popcount, rules_accessors, touring_state,
};
use crate::{
    ActionList, Config, EventSink, NoEvents, Rules, RulesId, ScoreSheet, Seat, SetupError, Side,
};

pub mod action;
pub mod cards;
pub mod event;
mod observation;
mod refusal;
pub mod view;

pub use action::Action;
pub use cards::{Card, Counts, KINDS};
pub use event::Event;
pub use observation::Observation;
pub use refusal::Refusal;
pub use view::{MilePiles, SeatView, SideView, View};

pub use crate::touring_family::Status;

/// The most cards a game uses: two packs.
const PACK: usize = 198;

/// One pack as printed on the rule sheet, in the order of [`Card::ALL`].
const ONE_PACK: Counts = Counts::new([13, 6, 3, 3, 7, 3, 7, 2, 2, 2, 19, 10, 10, 12]);

/// The mileage cards of the 590-mile trip (25, 35, 50, 75) and of the 295-mile trip.
const QUOTA_590: [u8; 4] = [8, 4, 2, 2];
const QUOTA_295: [u8; 4] = [4, 2, 1, 1];

/// Do four or six each play for himself, with two packs?
const fn two_packs(config: Config) -> bool {
    !config.partners && (config.players == 4 || config.players == 6)
}

/// Does the table play the short trip without one of each delay card (three players, or six
/// in partnerships)?
const fn short_trip(config: Config) -> bool {
    config.players == 3 || (config.players == 6 && config.partners)
}

/// The cards a configuration plays with: two packs when four or six each play for himself;
/// one of each delay card fewer when three play or six play partners.
pub fn pack(config: Config) -> Counts {
    let mut pack = ONE_PACK;
    if two_packs(config) {
        let once = pack;
        pack.add_all(&once);
    }
    if short_trip(config) {
        for card in Card::DELAYS {
            pack.remove(card, 1);
        }
    }
    pack
}

/// The mileage cards a complete trip takes (25, 35, 50, 75) for a configuration.
pub fn quota(config: Config) -> [u8; 4] {
    if short_trip(config) {
        QUOTA_295
    } else {
        QUOTA_590
    }
}

/// The miles of mileage piles in pile order (25, 35, 50, 75).
#[inline]
pub fn miles_of(piles: [u8; 4]) -> u32 {
    25 * u32::from(piles[0])
        + 35 * u32::from(piles[1])
        + 50 * u32::from(piles[2])
        + 75 * u32::from(piles[3])
}

/// The mileage cards, as a set of kinds.
const MILE_BITS: u16 =
    bit(Card::Mile25) | bit(Card::Mile35) | bit(Card::Mile50) | bit(Card::Mile75);
/// The two delays that stop a side.
const STOP_BITS: u16 = bit(Card::StopToRefuel) | bit(Card::MissedTheCurve);
/// The three delays that take a mileage card.
const TAKER_BITS: u16 =
    bit(Card::BurningOil) | bit(Card::BrokenSpring) | bit(Card::BrakeAdjustment);
/// Every card played on another side.
const ATTACK_BITS: u16 = bit(Card::PopulatedArea) | STOP_BITS | TAKER_BITS;

touring_state! {
    /// A game of Touring (1937-1958) in progress.
    pub struct State {
        /// The face-up discard pile.
        discard: TopPile = TopPile::default(),
        freeway: [TopPile; MAX_SIDES] = [TopPile::default(); MAX_SIDES],
        /// Per side, the cards an opponent may play on it now, as a set of kinds.
        open_to_attack: [u16; MAX_SIDES] = [0; MAX_SIDES],
    }
}

impl State {
    /// The miles on a side's piles.
    #[inline]
    pub fn miles(&self, side: Side) -> u32 {
        miles_of(self.piles[usize::from(side) % MAX_SIDES])
    }

    /// The side's status.
    pub fn status(&self, side: Side) -> Status {
        self.need[usize::from(side) % MAX_SIDES].status()
    }

    /// The card a side must play next before it may play miles (none: Go is exposed).
    pub fn needs(&self, side: Side) -> Option<Card> {
        self.need[usize::from(side) % MAX_SIDES].next()
    }

    /// The top of a side's Go pile.
    pub fn go_top(&self, side: Side) -> Option<Card> {
        self.go[usize::from(side) % MAX_SIDES].top
    }

    /// The top of a side's Freeway pile.
    pub fn freeway_top(&self, side: Side) -> Option<Card> {
        self.freeway[usize::from(side) % MAX_SIDES].top
    }

    /// Has a side a Freeway exposed?
    #[inline]
    pub fn freeway_exposed(&self, side: Side) -> bool {
        self.freeway[usize::from(side) % MAX_SIDES].top == Some(Card::Freeway)
    }

    /// The side's mileage piles (25, 35, 50, 75).
    pub fn piles(&self, side: Side) -> [u8; 4] {
        self.piles[usize::from(side) % MAX_SIDES]
    }

    /// How many cards of a kind a seat holds.
    pub fn held(&self, seat: Seat, card: Card) -> u8 {
        self.hands[usize::from(seat) % MAX_SEATS].counts.get(card)
    }

    /// The discard pile's top card, face up.
    pub fn discard_top(&self) -> Option<Card> {
        self.discard.top
    }

    /// Every card on the discard pile (all were put there face up).
    pub fn discard_pile(&self) -> Counts {
        self.discard.counts
    }

    /// Where every card is, summed: for the invariant that the pack is always complete.
    pub fn census(&self) -> Counts {
        let mut all = self.census_in_play();
        all.add_all(&self.discard.counts);
        for freeway in &self.freeway[..usize::from(self.sides)] {
            all.add_all(&freeway.counts);
        }
        all
    }

    /// The discard pile, each Go pile but its top card and each Freeway pile but its top card
    /// are shuffled into a new draw pile. Mileage stays on the table.
    #[cold]
    #[inline(never)]
    fn reshuffle<E: EventSink<Event>>(&mut self, events: &mut E) {
        let mut pool = self.discard.take_all();
        for side in 0..usize::from(self.sides) {
            pool.add_all(&self.go[side].take_all_but_top());
            pool.add_all(&self.freeway[side].take_all_but_top());
        }
        self.refill(&pool, events);
    }

    /// The kinds of card that side `me` may play on its own piles now, as a set of bits
    /// (whatever its hand holds).
    #[inline]
    fn plays(&self, me: Side) -> u16 {
        let m = usize::from(me);
        let freeway = if self.freeway[m].top == Some(Card::Freeway) {
            0
        } else {
            bit(Card::Freeway)
        };
        freeway | self.need[m].next().map_or(self.open[m], bit)
    }

    /// Recomputes what a side's mileage piles have room for and what may be played on it,
    /// after its piles, its Go pile or its Freeway pile changed.
    fn refresh(&mut self, side: usize) {
        let piles = self.piles[side];
        self.open[side] = family::open_piles(Card::MILES, piles, self.quota);
        let mut attacks = 0;
        if self.freeway[side].top == Some(Card::Freeway) {
            attacks |= bit(Card::PopulatedArea);
        }
        if self.need[side] == Need::Running {
            attacks |= STOP_BITS;
            for card in bits::<Card>(TAKER_BITS) {
                if card.takes().is_some_and(|taken| piles[taken.pile()] > 0) {
                    attacks |= bit(card);
                }
            }
        }
        self.open_to_attack[side] = attacks;
    }

    /// The attack cards in `hand` that side `me` may play on side `target`.
    #[inline(always)]
    fn attacks_on(&self, me: Side, target: Side, hand: u16) -> u16 {
        if target == me {
            0
        } else {
            hand & self.open_to_attack[usize::from(target)]
        }
    }

    /// How many legal attacks side `me` has with the attack cards in `attacks`.
    #[inline(always)]
    fn attack_count(&self, me: Side, attacks: u16) -> u32 {
        if attacks == 0 {
            return 0;
        }
        if self.sides == 2 {
            // The common table: one opponent, no loop.
            return popcount(attacks & self.open_to_attack[usize::from(1 - me)]);
        }
        let mut count = 0;
        for target in 0..self.sides {
            count += popcount(self.attacks_on(me, target, attacks));
        }
        count
    }

    /// Adds every legal play of the attack cards in `attacks` by side `me` to `out`: by target,
    /// then by card.
    fn push_attacks(&self, me: Side, attacks: u16, out: &mut ActionList<Action>) {
        for target in 0..self.sides {
            for card in bits(self.attacks_on(me, target, attacks)) {
                out.push(Action::attack(card, target));
            }
        }
    }

    /// The legal action at `index` in the order of `legal_actions`: plays on one's own piles,
    /// then attacks (by target, then by card), then discards.
    #[inline(always)]
    fn locate(&self, me: Side, hand: u16, plays: u16, index: u32) -> Option<Action> {
        let own = popcount(plays);
        if index < own {
            return nth_bit(plays, index).map(Action::play);
        }
        let mut index = index - own;
        let attacks = hand & ATTACK_BITS;
        if attacks != 0 && self.sides == 2 {
            let target = 1 - me;
            let on = attacks & self.open_to_attack[usize::from(target)];
            let n = popcount(on);
            if index < n {
                return nth_bit(on, index).map(|card| Action::attack(card, target));
            }
            index -= n;
        } else if attacks != 0 {
            for target in 0..self.sides {
                let on = self.attacks_on(me, target, attacks);
                let n = popcount(on);
                if index < n {
                    return nth_bit(on, index).map(|card| Action::attack(card, target));
                }
                index -= n;
            }
        }
        nth_bit(hand, index).map(Action::discard)
    }

    /// Resolves and checks the target of Populated Area or a delay.
    fn check_attack(&self, me: Side, card: Card, target: Option<Side>) -> Result<Side, Refusal> {
        let target = crate::resolve_target(self.sides, me, card, target)?;
        if self.open_to_attack[usize::from(target)] & bit(card) != 0 {
            return Ok(target);
        }
        let t = usize::from(target);
        Err(match card {
            Card::PopulatedArea => Refusal::NoFreeway { target },
            _ if self.need[t] != Need::Running => Refusal::TargetNotRunning {
                target,
                card,
                status: self.need[t].status(),
            },
            _ => Refusal::NothingToTake {
                target,
                card,
                taken: card.takes().unwrap_or(Card::Mile75),
            },
        })
    }

    /// Plays a mileage card for side `me`: onto its pile, or forfeited for speeding.
    fn play_miles<E: EventSink<Event>>(
        &mut self,
        seat: Seat,
        me: Side,
        card: Card,
        events: &mut E,
    ) -> Result<(), Refusal> {
        let m = usize::from(me);
        self.check_miles(m, card)?;
        self.hands[usize::from(seat)].remove(card);
        if card.needs_freeway() && self.freeway[m].top != Some(Card::Freeway) {
            // Speeding: the card is forfeited to the discard pile and nothing else happens.
            self.discard.push(card);
            events.push(Event::Speeding {
                seat,
                side: me,
                card,
            });
            return Ok(());
        }
        self.lay_miles(seat, me, card, events);
        Ok(())
    }

    /// Plays Populated Area or a delay on another side, `target` (checked by `check_attack`).
    fn attack<E: EventSink<Event>>(
        &mut self,
        seat: Seat,
        card: Card,
        target: Side,
        events: &mut E,
    ) {
        let t = usize::from(target);
        self.hands[usize::from(seat)].remove(card);
        let mut taken = None;
        match card {
            Card::PopulatedArea => self.freeway[t].push(card),
            Card::StopToRefuel => {
                self.go[t].push(card);
                self.need[t] = Need::Mend(Card::Gasoline);
            }
            Card::MissedTheCurve => {
                self.go[t].push(card);
                self.need[t] = Need::Mend(Card::Wrecker);
            }
            _ => {
                // Burning Oil, Broken Spring, Brake Adjustment: the mileage card goes to the
                // discard pile with the delay card on top of it; the side is not stopped.
                if let Some(mile) = card.takes() {
                    self.piles[t][mile.pile()] -= 1;
                    self.discard.push(mile);
                    taken = Some(mile);
                }
                self.discard.push(card);
            }
        }
        self.refresh(t);
        events.push(Event::Delayed {
            by: seat,
            side: target,
            card,
            taken,
        });
    }

    /// What a discard does, once the card is out of the hand.
    fn discarded<E: EventSink<Event>>(&mut self, seat: Seat, card: Card, events: &mut E) {
        self.discard.push(card);
        events.push(Event::Discarded { seat, card });
    }

    /// Plays a card of side `me`'s hand: on its own piles, or (Populated Area or a delay) on
    /// `target`.
    fn play<E: EventSink<Event>>(
        &mut self,
        seat: Seat,
        me: Side,
        card: Card,
        target: Option<Side>,
        events: &mut E,
    ) -> Result<(), Refusal> {
        let m = usize::from(me);
        if card.is_attack() {
            let target = self.check_attack(me, card, target)?;
            self.attack(seat, card, target, events);
        } else if target.is_some() {
            return Err(Refusal::TargetNotAllowed { card });
        } else if card.is_mile() {
            self.play_miles(seat, me, card, events)?;
        } else {
            match card {
                Card::Freeway => {
                    if self.freeway[m].top == Some(Card::Freeway) {
                        return Err(Refusal::FreewayExposed);
                    }
                    self.freeway[m].push(card);
                }
                _ => {
                    // Go, Wrecker or Gasoline, on the side's Go pile.
                    self.need[m] = State::check_remedy(self.need[m], card)?;
                    self.go[m].push(card);
                }
            }
            self.hands[usize::from(seat)].remove(card);
            self.refresh(m);
            events.push(Event::Played {
                seat,
                side: me,
                card,
            });
        }
        Ok(())
    }

    fn side_view(&self, side: Side) -> SideView {
        let s = usize::from(side);
        family::side_view!(
            self,
            side,
            freeway_top: self.freeway[s].top,
            freeway_pile: u32::from(self.freeway[s].len),
        )
    }
}

/// A table where each plays for himself, in the words of a refusal.
const ALONE: &str = "players";
/// The tables this game seats, in words.
const SEATED: &str = "2, 3, 4 or 6 players (partners only with 4 or 6)";

impl Rules for State {
    const RULES: RulesId = RulesId::Touring1958;

    fn check(config: Config) -> Result<(), SetupError> {
        let playable = matches!(config.players, 2 | 3 | 4 | 6)
            && (!config.partners || config.players == 4 || config.players == 6);
        crate::setup::seat_if(playable, Self::RULES, config, ALONE, SEATED)
    }

    rules_accessors!(
        labels: ["25-mile", "35-mile", "50-mile", "75-mile"],
        attacks: ATTACK_BITS,
        play: target
    );

    fn view(&self, viewer: Option<Seat>) -> View {
        family::view!(
            self,
            viewer,
            draw_pile: u32::from(self.draw_len),
            discard: u32::from(self.discard.len),
            discard_top: self.discard.top,
            trip: miles_of(self.quota),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_trips_follow_the_sheet() {
        let config = |players, partners| {
            Config::new(RulesId::Touring1958, players, Some(partners)).expect("config")
        };
        assert_eq!(pack(config(2, false)).total(), 99);
        assert_eq!(pack(config(3, false)).total(), 94);
        assert_eq!(pack(config(4, true)).total(), 99);
        assert_eq!(pack(config(4, false)).total(), 198);
        assert_eq!(pack(config(6, true)).total(), 94);
        assert_eq!(pack(config(6, false)).total(), 198);
        assert_eq!(miles_of(quota(config(2, false))), 590);
        assert_eq!(miles_of(quota(config(3, false))), 295);
        assert_eq!(miles_of(quota(config(6, true))), 295);
        assert_eq!(miles_of(quota(config(6, false))), 590);
    }

    #[test]
    fn the_draw_pile_can_never_be_empty_after_a_reshuffle_with_the_real_packs() {
        // After a reshuffle only hands, mileage piles and the piles' tops stay out of the draw
        // pile. Mileage piles hold less than a trip each (a complete trip ends the game).
        for players in [2u8, 3, 4, 6] {
            for partners in [false, true] {
                let Ok(config) = Config::new(RulesId::Touring1958, players, Some(partners)) else {
                    continue;
                };
                let trip: u32 = quota(config).iter().map(|&n| u32::from(n)).sum();
                let out = u32::from(players) * 6 + u32::from(config.sides()) * (trip - 1 + 2);
                assert!(pack(config).total() > out, "{config:?}");
            }
        }
    }
}
