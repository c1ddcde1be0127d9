//! Touring as Parker Brothers sold it in 1926: "a race of 50 miles".
//!
//! Every rule here is stated in docs/rules.md with the test that checks it. The state is a
//! plain `Clone` value of fixed size: hands and piles are counts per kind of card, the draw
//! pile is an array, and nothing touches the heap while a game is played.

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

pub use action::{Action, Take};
pub use cards::{Card, Counts, KINDS};
pub use event::Event;
pub use observation::{DeadwoodMemory, Observation};
pub use refusal::Refusal;
pub use view::{MilePiles, SeatView, SideView, View};

/// The speed limit, shared by the whole table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// City Limits governs: at most 5 miles an hour; a 10 is speeding.
    City,
    /// Country governs: any mile card.
    Country,
}

pub use crate::touring_family::Status;

/// The full pack.
const PACK: usize = 100;

/// The pack as printed on the rule sheet.
const FULL_PACK: Counts = Counts::new([15, 4, 5, 3, 8, 3, 8, 2, 20, 10, 10, 12]);

/// Pile quotas (1, 3, 5, 10) of the 50-mile race and of the 30-mile race for three players.
const QUOTA_50: [u8; 4] = [8, 4, 2, 2];
const QUOTA_30: [u8; 4] = [4, 2, 2, 1];

/// The pack for a configuration: three players race without one of each delay card.
pub fn pack(config: Config) -> Counts {
    let mut pack = FULL_PACK;
    if config.players == 3 {
        for card in [Card::Collision, Card::OutOfGasoline, Card::Puncture] {
            pack.remove(card, 1);
        }
    }
    pack
}

/// The pile quotas (1, 3, 5, 10) for a configuration.
pub fn quota(config: Config) -> [u8; 4] {
    if config.players == 3 {
        QUOTA_30
    } else {
        QUOTA_50
    }
}

/// What a delay card leaves its target needing: Hauled In then Go after a Collision,
/// Gasoline then Go after Out of Gasoline, Go after a Puncture.
const fn after_delay(card: Card) -> Need {
    match card {
        Card::Collision => Need::Mend(Card::HauledIn),
        Card::OutOfGasoline => Need::Mend(Card::Gasoline),
        _ => Need::Go,
    }
}

/// The robbery a delay allows: every take of the largest total within the entitlement,
/// fewest cards first. With at most two cards in each pile there are at most two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakeOptions {
    options: [Take; 2],
    len: u8,
}

impl TakeOptions {
    const EMPTY: TakeOptions = TakeOptions {
        options: [Take {
            mile5: 0,
            mile10: 0,
        }; 2],
        len: 0,
    };

    /// Computes the options for a target holding `fives` 5s and `tens` 10s.
    pub const fn new(fives: u8, tens: u8, entitled: u32) -> TakeOptions {
        let mut result = TakeOptions::EMPTY;
        let mut best = 0;
        // More tens first, so the options come out fewest cards first. For each number of
        // tens only the most fives that fit can be best.
        let mut mile10 = tens as i32;
        while mile10 >= 0 {
            let mut mile5 = fives as i32;
            while mile5 >= 0 {
                let take = Take {
                    mile5: mile5 as u8,
                    mile10: mile10 as u8,
                };
                let miles = take.miles();
                if miles <= entitled {
                    if miles > best {
                        best = miles;
                        result.len = 0;
                    }
                    if miles == best && (result.len as usize) < result.options.len() {
                        result.options[result.len as usize] = take;
                        result.len += 1;
                    }
                    break;
                }
                mile5 -= 1;
            }
            mile10 -= 1;
        }
        // The empty take always fits, so there is at least one option.
        result
    }

    /// How many takes are allowed (at least one: the empty take when there is nothing).
    #[inline]
    pub const fn count(&self) -> u32 {
        self.len as u32
    }

    /// The allowed takes, fewest cards first.
    pub fn as_slice(&self) -> &[Take] {
        &self.options[..usize::from(self.len)]
    }

    /// The miles every allowed take removes.
    pub fn best(&self) -> u32 {
        self.options[0].miles()
    }
}

/// The mile cards, as a set of kinds.
const MILE_BITS: u16 = bit(Card::Mile1) | bit(Card::Mile3) | bit(Card::Mile5) | bit(Card::Mile10);

/// The delay cards, as a set of kinds.
const DELAY_BITS: u16 = bit(Card::Collision) | bit(Card::OutOfGasoline) | bit(Card::Puncture);

/// Every [`TakeOptions`] there can be: by fives held (0-2), tens held (0-2) and hours (1 or 2)
/// times the speed's rate (5 or 10), i.e. entitlements 5, 10 and 20 miles.
const TAKE_TABLE: [[[TakeOptions; 3]; 3]; 3] = {
    let mut table = [[[TakeOptions::EMPTY; 3]; 3]; 3];
    let mut fives = 0;
    while fives < 3 {
        let mut tens = 0;
        while tens < 3 {
            let mut e = 0;
            while e < 3 {
                table[fives][tens][e] = TakeOptions::new(fives as u8, tens as u8, 5 << e);
                e += 1;
            }
            tens += 1;
        }
        fives += 1;
    }
    table
};

/// The take options for a target's 5- and 10-mile piles and an entitlement of 5, 10 or 20.
#[inline]
fn take_options(fives: u8, tens: u8, entitled: u32) -> &'static TakeOptions {
    let e = match entitled {
        5 => 0,
        10 => 1,
        _ => 2,
    };
    &TAKE_TABLE[usize::from(fives.min(2))][usize::from(tens.min(2))][e]
}

/// Miles a delay entitles its player to take: 5 an hour within City Limits, 10 in the Country.
pub const fn entitlement(card: Card, speed: Speed) -> u32 {
    card.delay_hours()
        * match speed {
            Speed::City => 5,
            Speed::Country => 10,
        }
}

touring_state! {
    /// A game of Touring (1926) in progress.
    pub struct State {
        deadwood: Counts = Counts::EMPTY,
        speed_pile: TopPile = TopPile::default(),
        speed: Speed = Speed::City,
    }
}

impl State {
    /// The miles on a side's piles.
    #[inline]
    pub fn miles(&self, side: Side) -> u32 {
        let p = self.piles[usize::from(side)];
        u32::from(p[0]) + 3 * u32::from(p[1]) + 5 * u32::from(p[2]) + 10 * u32::from(p[3])
    }

    /// The side's status.
    pub fn status(&self, side: Side) -> Status {
        self.need[usize::from(side)].status()
    }

    /// The governing speed.
    pub fn speed(&self) -> Speed {
        self.speed
    }

    /// The side's mile piles (1, 3, 5, 10).
    pub fn piles(&self, side: Side) -> [u8; 4] {
        self.piles[usize::from(side)]
    }

    /// How many cards of a kind a seat holds.
    pub fn held(&self, seat: Seat, card: Card) -> u8 {
        self.hands[usize::from(seat)].counts.get(card)
    }

    /// Where every card is, summed: for the invariant that the pack is always complete.
    pub fn census(&self) -> Counts {
        let mut all = self.census_in_play();
        all.add_all(&self.deadwood);
        all.add_all(&self.speed_pile.counts);
        all
    }

    /// The default target of a delay played without one: the only opponent, if there is one.
    fn only_opponent(&self, me: Side) -> Option<Side> {
        (self.sides == 2).then(|| 1 - me)
    }

    /// Rule 4: the deadwood and the Go piles (each but its top card) and the speed cards that
    /// no longer govern are shuffled into a new draw pile. Mile piles stay on the table.
    #[cold]
    #[inline(never)]
    fn reshuffle<E: EventSink<Event>>(&mut self, events: &mut E) {
        let mut pool = std::mem::take(&mut self.deadwood);
        for pile in &mut self.go[..usize::from(self.sides)] {
            pool.add_all(&pile.take_all_but_top());
        }
        pool.add_all(&self.speed_pile.take_all_but_top());
        self.refill(&pool, events);
    }

    /// May side `me` delay side `target` now? Only an opponent that is running.
    #[inline]
    fn can_delay(&self, me: Side, target: Side) -> bool {
        target != me && self.need[usize::from(target)] == Need::Running
    }

    /// The kinds of card other than delays that side `me` may play now, as a set of bits
    /// (whatever its hand holds).
    #[inline]
    fn plays(&self, me: Side) -> u16 {
        let m = usize::from(me);
        let speed = match self.speed {
            Speed::City => bit(Card::Country),
            Speed::Country => bit(Card::CityLimits),
        };
        speed | self.need[m].next().map_or(self.open[m], bit)
    }

    /// Recomputes which of a side's mile piles have room, after its piles changed.
    fn refresh(&mut self, side: usize) {
        self.open[side] = family::open_piles(Card::MILES, self.piles[side], self.quota);
    }

    /// How many legal delay plays side `me` has with the delay cards in `delays`.
    #[inline(always)]
    fn attack_count(&self, me: Side, delays: u16) -> u32 {
        if delays == 0 {
            0
        } else {
            self.delay_count_of(me, delays)
        }
    }

    #[inline(never)]
    fn delay_count_of(&self, me: Side, delays: u16) -> u32 {
        let one_hour = popcount(delays & !bit(Card::Puncture));
        let two_hours = u32::from(delays & bit(Card::Puncture) != 0);
        let (e1, e2) = (
            entitlement(Card::Collision, self.speed),
            entitlement(Card::Puncture, self.speed),
        );
        let mut count = 0;
        for target in 0..self.sides {
            if self.can_delay(me, target) {
                let p = self.piles[usize::from(target)];
                count += one_hour * take_options(p[2], p[3], e1).count()
                    + two_hours * take_options(p[2], p[3], e2).count();
            }
        }
        count
    }

    /// Calls `f` with every legal play of a delay card by side `me`: per target that can be
    /// delayed, per allowed take, fewest cards first.
    #[inline]
    fn for_each_delay(&self, me: Side, card: Card, mut f: impl FnMut(Action)) {
        let entitled = entitlement(card, self.speed);
        for target in 0..self.sides {
            if self.can_delay(me, target) {
                let p = self.piles[usize::from(target)];
                for &take in take_options(p[2], p[3], entitled).as_slice() {
                    f(Action::delay(card, target, take));
                }
            }
        }
    }

    /// Adds every legal play of the delay cards in `delays` by side `me` to `out`.
    fn push_attacks(&self, me: Side, delays: u16, out: &mut ActionList<Action>) {
        for card in bits(delays) {
            self.for_each_delay(me, card, |action| out.push(action));
        }
    }

    /// The legal action at `index` in the order of `legal_actions`: plays other than delays,
    /// then delays, then discards.
    #[inline(always)]
    fn locate(&self, me: Side, hand: u16, plays: u16, index: u32) -> Option<Action> {
        let simple = popcount(plays);
        if index < simple {
            return nth_bit(plays, index).map(Action::play);
        }
        let index = index - simple;
        let delays = hand & DELAY_BITS;
        if delays == 0 {
            return nth_bit(hand, index).map(Action::discard);
        }
        self.locate_delay(me, hand, delays, index)
    }

    /// The rest of [`State::locate`] when the hand holds delay cards.
    #[inline(never)]
    fn locate_delay(&self, me: Side, hand: u16, delays: u16, mut index: u32) -> Option<Action> {
        {
            let mut found = None;
            for card in bits(delays) {
                self.for_each_delay(me, card, |action| {
                    if index == 0 && found.is_none() {
                        found = Some(action);
                    }
                    index = index.wrapping_sub(1);
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        nth_bit(hand, index).map(Action::discard)
    }

    /// Resolves and checks a delay's target and take.
    fn check_delay(
        &self,
        me: Side,
        card: Card,
        (target, take): (Option<Side>, Option<Take>),
    ) -> Result<(Side, Take), Refusal> {
        let target = target
            .or_else(|| self.only_opponent(me))
            .ok_or(Refusal::TargetMissing)?;
        if target >= self.sides {
            return Err(Refusal::NoSuchSide { target });
        }
        if target == me {
            return Err(Refusal::OwnSide { target });
        }
        let need = self.need[usize::from(target)];
        if need != Need::Running {
            return Err(Refusal::TargetNotRunning {
                target,
                status: need.status(),
            });
        }
        let piles = self.piles[usize::from(target)];
        let entitled = entitlement(card, self.speed);
        let options = take_options(piles[2], piles[3], entitled);
        match take {
            None => Ok((target, options.as_slice()[0])),
            Some(take) if options.as_slice().contains(&take) => Ok((target, take)),
            Some(_) => Err(Refusal::BadTake {
                target,
                entitled,
                best: options.best(),
                options: options
                    .as_slice()
                    .iter()
                    .map(|t| {
                        let ids: Vec<String> = t
                            .card_list()
                            .iter()
                            .map(|c| format!("\"{}\"", c.id()))
                            .collect();
                        format!("[{}]", ids.join(","))
                    })
                    .collect(),
            }),
        }
    }

    /// What a discard does, once the card is out of the hand.
    fn discarded<E: EventSink<Event>>(&mut self, seat: Seat, card: Card, events: &mut E) {
        self.deadwood.add(card, 1);
        events.push(Event::Discarded {
            seat,
            card: Some(card),
        });
    }

    /// Plays a card of side `me`'s hand: a remedy or Go on its Go pile, a speed card, miles,
    /// or a delay on `target`, taking `take` of its miles.
    fn play<E: EventSink<Event>>(
        &mut self,
        seat: Seat,
        me: Side,
        card: Card,
        (target, take): (Option<Side>, Option<Take>),
        events: &mut E,
    ) -> Result<(), Refusal> {
        let m = usize::from(me);
        if !card.is_delay() {
            if target.is_some() {
                return Err(Refusal::TargetNotAllowed { card });
            }
            if take.is_some() {
                return Err(Refusal::TakeNotAllowed { card });
            }
        }
        match card {
            Card::Go | Card::HauledIn | Card::Gasoline => {
                self.need[m] = State::check_remedy(self.need[m], card)?;
                self.hands[usize::from(seat)].remove(card);
                self.go[m].push(card);
                events.push(Event::Played {
                    seat,
                    side: me,
                    card,
                });
            }
            Card::CityLimits | Card::Country => {
                let (wanted, other) = if card == Card::Country {
                    (Speed::City, Card::CityLimits)
                } else {
                    (Speed::Country, Card::Country)
                };
                if self.speed != wanted {
                    return Err(Refusal::SpeedUnchanged { card, other });
                }
                self.hands[usize::from(seat)].remove(card);
                self.speed_pile.push(card);
                self.speed = if card == Card::Country {
                    Speed::Country
                } else {
                    Speed::City
                };
                events.push(Event::Played {
                    seat,
                    side: me,
                    card,
                });
            }
            Card::Mile1 | Card::Mile3 | Card::Mile5 | Card::Mile10 => {
                self.check_miles(m, card)?;
                self.hands[usize::from(seat)].remove(card);
                if card == Card::Mile10 && self.speed == Speed::City {
                    // Rule (c): speeding forfeits every mile card laid down.
                    let forfeited = self.miles(me);
                    for (mile, n) in Card::MILES.iter().zip(self.piles[m]) {
                        self.deadwood.add(*mile, n);
                    }
                    self.deadwood.add(card, 1);
                    self.piles[m] = [0; 4];
                    self.refresh(m);
                    self.need[m] = Need::Start;
                    events.push(Event::Speeding {
                        seat,
                        side: me,
                        forfeited,
                    });
                } else {
                    self.lay_miles(seat, me, card, events);
                }
            }
            Card::Collision | Card::OutOfGasoline | Card::Puncture => {
                let (target, take) = self.check_delay(me, card, (target, take))?;
                let t = usize::from(target);
                self.hands[usize::from(seat)].remove(card);
                self.go[t].push(card);
                self.need[t] = after_delay(card);
                self.piles[t][2] -= take.mile5;
                self.piles[t][3] -= take.mile10;
                self.refresh(t);
                self.deadwood.add(Card::Mile5, take.mile5);
                self.deadwood.add(Card::Mile10, take.mile10);
                events.push(Event::Delayed {
                    by: seat,
                    side: target,
                    card,
                    taken: take,
                });
            }
        }
        Ok(())
    }

    fn side_view(&self, side: Side) -> SideView {
        family::side_view!(self, side)
    }
}

impl Rules for State {
    const RULES: RulesId = RulesId::Touring1926;

    fn check(_config: Config) -> Result<(), SetupError> {
        // Two, three, four or six, each for himself or (four and six) in partnerships: every
        // configuration that `Config::new` lets through.
        Ok(())
    }

    rules_accessors!(
        labels: ["1-mile", "3-mile", "5-mile", "10-mile"],
        attacks: DELAY_BITS,
        play: target, take
    );

    fn warning(&self, action: Action) -> Option<String> {
        // Rule (c): a 10 within City Limits is speeding and forfeits every mile laid down.
        if action != Action::play(Card::Mile10)
            || self.speed != Speed::City
            || !self.is_legal(action)
        {
            return None;
        }
        let miles = self.miles(self.side_of(self.to_move));
        Some(format!(
            "a 10 within City Limits is speeding: your side loses all its {miles} miles and \
             needs Go to start again"
        ))
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        family::view!(
            self,
            viewer,
            speed: self.speed,
            draw_pile: u32::from(self.draw_len),
            deadwood: self.deadwood.total(),
            speed_pile: u32::from(self.speed_pile.len),
            race: MilePiles::from_array(self.quota).miles(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NoEvents, RulesId};

    fn two() -> Config {
        Config::new(RulesId::Touring1926, 2, None).expect("config")
    }

    #[test]
    fn nothing_to_draw_even_after_a_reshuffle_plays_the_turn_from_five() {
        // Unreachable with the real pack (see the next test), so the state is forced: the draw
        // pile, the deadwood, the Go piles and the speed pile are emptied, and seat 0 plays
        // Country, leaving nothing that a reshuffle could gather.
        let mut g = State::new_game(two(), 5, &[Card::Country]).expect("game");
        g.draw_len = 0;
        g.deadwood = Counts::EMPTY;
        g.go = [TopPile::default(); MAX_SIDES];
        g.speed_pile = TopPile::default();
        let mut events = Vec::new();
        g.apply(Action::play(Card::Country), &mut events)
            .expect("Country");
        assert!(events.contains(&Event::Reshuffled { draw_pile: 0 }));
        assert!(!events.iter().any(|e| matches!(e, Event::Drew { .. })));
        assert_eq!(g.to_move, 1);
        assert_eq!(g.hands[1].len, 5, "nothing to draw: seat 1 plays from five");
        let card = Card::from_bit(g.hands[1].mask.trailing_zeros());
        assert!(
            g.is_legal(Action::discard(card)),
            "seat 1 can still play its turn"
        );
        g.apply(Action::discard(card), &mut NoEvents)
            .expect("discard");
        assert_eq!(g.hands[1].len, 4);
        assert_eq!(g.hands[0].len, 6, "seat 0 drew the discard, reshuffled");
    }

    #[test]
    fn the_draw_pile_can_never_be_empty_after_a_reshuffle_with_the_real_pack() {
        // Hands hold at most 6 x 5 cards and mile piles at most every mile card (52); with the
        // Go piles' and the speed pile's tops that leaves at least 100 - 30 - 52 - 7 = 11 cards.
        let pack = pack(Config::new(RulesId::Touring1926, 6, Some(false)).expect("config"));
        let mile_cards: u32 = Card::MILES.iter().map(|&c| u32::from(pack.get(c))).sum();
        assert!(pack.total() - 6 * 5 - mile_cards - 7 > 0);
    }

    #[test]
    fn take_table_matches_a_brute_force_search() {
        for fives in 0..=2u8 {
            for tens in 0..=2u8 {
                for entitled in [5, 10, 20] {
                    let mut all = Vec::new();
                    for a in 0..=fives {
                        for b in 0..=tens {
                            let t = Take {
                                mile5: a,
                                mile10: b,
                            };
                            if t.miles() <= entitled {
                                all.push(t);
                            }
                        }
                    }
                    let best = all.iter().map(|t| t.miles()).max().unwrap_or(0);
                    let mut expected: Vec<Take> =
                        all.into_iter().filter(|t| t.miles() == best).collect();
                    expected.sort_by_key(|t| t.cards());
                    assert_eq!(
                        take_options(fives, tens, entitled).as_slice(),
                        expected.as_slice(),
                        "fives {fives} tens {tens} entitled {entitled}"
                    );
                }
            }
        }
    }
}
