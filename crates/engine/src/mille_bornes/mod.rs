//! Mille Bornes (Parker Brothers, 1962 rules with the 1988 revision as an option): one hand.
//!
//! Every rule here is stated in docs/rules.md with the test that checks it; the rulings are
//! those of `mille-bornes.md`. One game of this engine is one *hand*: the match to 5000 points
//! lives above it ([`score::match_winner`] says who has won it). As for the Touring games the
//! state is a plain `Clone` value of fixed size: hands are counts per kind of card, the draw
//! pile is an array, and nothing touches the heap while a hand is played. Discards are dead for
//! the rest of the hand, so there is never a reshuffle.
//!
//! Two decisions are taken out of the ordinary turn order, and the state says so in `pending`:
//! a coup fourré, which only the seat holding the matching safety may call (or pass), right
//! after the hazard and before anyone draws; and the Extension, which the side that reaches
//! exactly 700 miles decides.

use crate::shuffle::{rng_from_seed, shuffle};
use crate::{
    ActionList, Config, EventSink, NoEvents, Rules, RulesId, ScoreSheet, Seat, SetupError, Side,
    TimedDecision, TurnRefusal,
};

pub mod action;
pub mod cards;
pub mod event;
mod observation;
pub mod options;
mod refusal;
pub mod score;
pub mod view;

pub use action::Action;
pub use cards::{Card, Counts, KINDS};
pub use event::Event;
pub use observation::Observation;
pub use refusal::Refusal;
pub use score::{HandFacts, HandScore, SideFacts, match_winner};
pub use view::{DistanceCards, Pending as PendingView, PendingKind, SeatView, SideView, View};

const MAX_SEATS: usize = 6;
/// Two, three (each for himself or three partnerships of two) or two partnerships.
const MAX_SIDES: usize = 3;
/// The full pack.
const PACK: usize = 106;
/// Cards in hand between turns.
const HAND: u8 = 6;
/// The most cards a battle pile can hold: every hazard but the Speed Limits and every remedy but
/// the End of Limits.
const BATTLE: usize = 14 + 32;

/// The pack as printed in the rules, in the order of [`Card::ALL`].
const FULL_PACK: Counts = Counts::new([
    10, 10, 10, 12, 4, // distance
    3, 3, 3, 4, 5, // hazards
    6, 6, 6, 6, 14, // remedies
    1, 1, 1, 1, // safeties
]);

/// The cards of a pack in canonical order, as [`Counts::cards`] lists them, laid out at compile
/// time so that a deal without stacked cards starts from a copy.
const fn in_order(pack: &Counts) -> ([Card; PACK], usize) {
    let mut order = [Card::D25; PACK];
    let mut len = 0;
    let mut kind = 0;
    while kind < KINDS {
        let mut n = 0;
        while n < pack.0[kind] {
            order[len] = Card::ALL[kind];
            len += 1;
            n += 1;
        }
        kind += 1;
    }
    (order, len)
}

/// The pack of 101 for two or three each for himself (see [`pack`]).
const SHORT_PACK: Counts = {
    let mut counts = FULL_PACK;
    let mut i = 0;
    while i < Card::SHORT_PACK_REMOVED.len() {
        counts.0[Card::SHORT_PACK_REMOVED[i] as usize] -= 1;
        i += 1;
    }
    counts
};
const FULL_ORDER: ([Card; PACK], usize) = in_order(&FULL_PACK);
const SHORT_ORDER: ([Card; PACK], usize) = in_order(&SHORT_PACK);

/// The cards a configuration plays with: the full pack of 106, or 101 when two or three play
/// each for himself (one Stop, Accident, Out of Gas, Flat Tire and Speed Limit fewer).
pub fn pack(config: Config) -> Counts {
    let mut pack = FULL_PACK;
    if config.players <= 3 {
        for card in Card::SHORT_PACK_REMOVED {
            pack.remove(card, 1);
        }
    }
    pack
}

/// Does this table play the Extension (a 700-mile trip that may go on to 1000)? Every table
/// but the four-player partnership game.
pub const fn plays_extension(config: Config) -> bool {
    config.players != 4
}

/// The trip at the start of a hand: 1000 miles for four players, 700 for the others.
pub const fn trip(config: Config) -> u32 {
    if plays_extension(config) { 700 } else { 1000 }
}

/// A hand of cards: counts per kind, and a bit per kind held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Hand {
    counts: Counts,
    mask: u32,
    len: u8,
}

impl Hand {
    #[inline]
    fn has(&self, card: Card) -> bool {
        self.mask & card.bit() != 0
    }

    #[inline]
    fn add(&mut self, card: Card) {
        self.counts.add(card, 1);
        self.mask |= card.bit();
        self.len += 1;
    }

    #[inline]
    fn remove(&mut self, card: Card) {
        self.counts.remove(card, 1);
        if self.counts.get(card) == 0 {
            self.mask &= !card.bit();
        }
        self.len -= 1;
    }
}

/// The kinds in a set, in canonical order.
#[inline]
fn bits(mut kinds: u32) -> impl Iterator<Item = Card> {
    std::iter::from_fn(move || {
        (kinds != 0).then(|| {
            let card = Card::from_bit(kinds.trailing_zeros());
            kinds &= kinds - 1;
            card
        })
    })
}

/// One side's piles: battle, speed, safety area and distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SidePiles {
    /// The battle pile in order, bottom first. Kept in order because a safety that cancels the
    /// hazard on top uncovers the card beneath. Slots past `battle_len` are always `D25`, so
    /// equal piles compare equal.
    battle: [Card; BATTLE],
    battle_len: u8,
    /// The speed pile: Speed Limits and End of Limits alternate, since a Speed Limit never goes
    /// on a Speed Limit, so the counts and the top card say everything.
    speed_limits: u8,
    end_of_limits: u8,
    speed_top: Option<Card>,
    /// The safety area, a bit per safety in the order of [`Card::SAFETIES`].
    safeties: u8,
    /// Of those, the ones played as coups fourrés (crosswise).
    coups: u8,
    /// Distance cards played, by denomination (25, 50, 75, 100, 200).
    distance: [u8; 5],
    miles: u16,
    /// What may be played now, kept up to date by [`State::refresh`] whenever the side's piles
    /// or the trip change: the kinds the side may play on its own piles (the bit-set form of
    /// [`State::check_own`], safeties always) ...
    own: u32,
    /// ... and the hazards that may land on it (the bit-set form of [`State::check_hazard`]).
    open: u32,
}

impl SidePiles {
    const EMPTY: SidePiles = SidePiles {
        battle: [Card::D25; BATTLE],
        battle_len: 0,
        speed_limits: 0,
        end_of_limits: 0,
        speed_top: None,
        safeties: 0,
        coups: 0,
        distance: [0; 5],
        miles: 0,
        own: 0,
        open: 0,
    };

    #[inline]
    fn battle_top(&self) -> Option<Card> {
        match self.battle_len {
            0 => None,
            n => Some(self.battle[usize::from(n) - 1]),
        }
    }

    #[inline]
    fn has(&self, safety: Card) -> bool {
        self.safeties & (1 << safety.safety_index()) != 0
    }

    #[inline]
    fn right_of_way(&self) -> bool {
        self.has(Card::RightOfWay)
    }

    /// Distance needs a Roll on top, or Right of Way with no hazard on top.
    #[inline]
    fn can_move(&self) -> bool {
        match self.battle_top() {
            Some(Card::Roll) => true,
            Some(top) if top.is_hazard() => false,
            _ => self.right_of_way(),
        }
    }

    /// Held to 25s and 50s: a Speed Limit shows (and Right of Way does not lift it).
    #[inline]
    fn limited(&self) -> bool {
        self.speed_top == Some(Card::SpeedLimit) && !self.right_of_way()
    }

    fn push_battle(&mut self, card: Card) {
        self.battle[usize::from(self.battle_len)] = card;
        self.battle_len += 1;
    }

    fn pop_battle(&mut self) -> Option<Card> {
        let top = self.battle_top()?;
        self.battle_len -= 1;
        self.battle[usize::from(self.battle_len)] = Card::D25;
        Some(top)
    }

    fn push_speed(&mut self, card: Card) {
        if card == Card::SpeedLimit {
            self.speed_limits += 1;
        } else {
            self.end_of_limits += 1;
        }
        self.speed_top = Some(card);
    }

    /// Takes the Speed Limit off the top of the speed pile; what shows beneath is an End of
    /// Limit, or nothing.
    fn pop_speed_limit(&mut self) {
        self.speed_limits -= 1;
        self.speed_top = (self.end_of_limits > 0).then_some(Card::EndOfLimit);
    }

    /// The kinds of distance, remedy, Roll, End of Limit and safety this side may play on its
    /// own piles, on a trip of `target` miles: the bit-set form of [`State::check_own`].
    fn own_now(&self, target: u16) -> u32 {
        let mut mask = SAFETIES;
        if self.can_move() {
            let room = u32::from(target).saturating_sub(u32::from(self.miles));
            let fastest = if self.limited() { 50 } else { 200 };
            // The distance cards are in bit order shortest first, so those that fit are the
            // lowest bits.
            let fitting = match room.min(fastest) {
                200.. => 5,
                100.. => 4,
                75.. => 3,
                50.. => 2,
                25.. => 1,
                _ => 0,
            };
            mask |= (1 << fitting) - 1;
            if self.distance[4] >= 2 {
                mask &= !Card::D200.bit();
            }
        }
        match self.battle_top() {
            None | Some(Card::Stop | Card::Gasoline | Card::SpareTire | Card::Repairs) => {
                mask |= Card::Roll.bit();
            }
            // The remedy that mends the hazard on top (as `Card::mends` says).
            Some(Card::OutOfGas) => mask |= Card::Gasoline.bit(),
            Some(Card::FlatTire) => mask |= Card::SpareTire.bit(),
            Some(Card::Accident) => mask |= Card::Repairs.bit(),
            Some(_) => {}
        }
        if self.speed_top == Some(Card::SpeedLimit) {
            mask |= Card::EndOfLimit.bit();
        }
        mask
    }

    /// The hazards that may land on this side: the bit-set form of [`State::check_hazard`].
    fn open_now(&self, hazard_on_hazard: bool) -> u32 {
        let battle = match self.battle_top() {
            Some(Card::Roll) => true,
            Some(top) if top.is_hazard() => hazard_on_hazard,
            _ => self.right_of_way(),
        };
        let mut mask = if battle {
            Card::OutOfGas.bit() | Card::FlatTire.bit() | Card::Accident.bit() | Card::Stop.bit()
        } else {
            0
        };
        if self.speed_top != Some(Card::SpeedLimit) {
            mask |= Card::SpeedLimit.bit();
        }
        mask & !PROTECTED[usize::from(self.safeties & 15)]
    }

    fn facts(&self) -> SideFacts {
        SideFacts {
            miles: u32::from(self.miles),
            safeties: self.safeties.count_ones(),
            coups_fourres: self.coups.count_ones(),
            two_hundreds: u32::from(self.distance[4]),
        }
    }
}

/// Everything that lies face up: what every seat sees alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Table {
    discard: Counts,
    discard_len: u8,
    discard_top: Option<Card>,
    piles: [SidePiles; MAX_SIDES],
    /// The trip: 700, or 1000 (four players, or after an Extension).
    target: u16,
    extension: Option<Side>,
    over: bool,
    completed_by: Option<Side>,
    /// The trip was completed with the draw pile empty (delayed action).
    delayed: bool,
}

impl Table {
    fn discard(&mut self, card: Card) {
        self.discard.add(card, 1);
        self.discard_len += 1;
        self.discard_top = Some(card);
    }

    /// Every card that lies face up: the discard pile and the piles of the first `sides` sides.
    fn face_up(&self, sides: u8) -> Counts {
        let mut all = self.discard;
        for piles in &self.piles[..usize::from(sides)] {
            for &card in &piles.battle[..usize::from(piles.battle_len)] {
                all.add(card, 1);
            }
            all.add(Card::SpeedLimit, piles.speed_limits);
            all.add(Card::EndOfLimit, piles.end_of_limits);
            for safety in Card::SAFETIES {
                if piles.has(safety) {
                    all.add(safety, 1);
                }
            }
            for (card, &n) in Card::DISTANCE.iter().zip(&piles.distance) {
                all.add(*card, n);
            }
        }
        all
    }
}

/// A decision the table waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// `seat` holds the safety against the `hazard` that seat `by` just played on `side`.
    CoupFourre {
        seat: Seat,
        by: Seat,
        side: Side,
        hazard: Card,
    },
    /// `seat`'s side has just reached exactly 700 miles.
    Extension { seat: Seat },
    /// Seat `by` just played a hazard that nobody may answer with a coup fourré, at a table that
    /// waits after every hazard all the same ([`Config::wait_after_hazard`]): only a pass ends
    /// the wait, and it is the table's, not a seat's.
    Wait { by: Seat },
}

/// A hand of Mille Bornes in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    config: Config,
    sides: u8,
    /// Indexed by seat, eight long so that a seat masked to three bits needs no bounds check.
    side_of: [Side; 8],
    /// The draw pile; the top card is the last one.
    draw: [Card; PACK],
    draw_len: u8,
    hands: [Hand; MAX_SEATS],
    table: Table,
    pending: Option<Pending>,
    to_move: Seat,
    turn: u32,
}

impl State {
    /// The side a seat plays for.
    #[inline]
    pub fn side_of(&self, seat: Seat) -> Side {
        self.side_of[usize::from(seat) & 7]
    }

    #[inline]
    fn side(&self, side: Side) -> &SidePiles {
        // `min` rather than `%`: as safe for a bad side, and two instructions instead of five.
        &self.table.piles[usize::from(side).min(MAX_SIDES - 1)]
    }

    /// The miles a side has travelled.
    pub fn miles(&self, side: Side) -> u32 {
        u32::from(self.side(side).miles)
    }

    /// The top card of a side's battle pile.
    pub fn battle_top(&self, side: Side) -> Option<Card> {
        self.side(side).battle_top()
    }

    /// The top card of a side's speed pile.
    pub fn speed_top(&self, side: Side) -> Option<Card> {
        self.side(side).speed_top
    }

    /// Has a side this safety in its safety area?
    pub fn has_safety(&self, side: Side, safety: Card) -> bool {
        self.side(side).has(safety)
    }

    /// Was this safety played by the side as a coup fourré?
    pub fn is_coup_fourre(&self, side: Side, safety: Card) -> bool {
        safety.is_safety() && self.side(side).coups & (1 << safety.safety_index()) != 0
    }

    /// May a side play distance now?
    pub fn can_move(&self, side: Side) -> bool {
        self.side(side).can_move()
    }

    /// Is a side held to 25s and 50s?
    pub fn limited(&self, side: Side) -> bool {
        self.side(side).limited()
    }

    /// The 200-mile cards a side has played.
    pub fn two_hundreds(&self, side: Side) -> u32 {
        u32::from(self.side(side).distance[4])
    }

    /// The trip now: 700 or 1000.
    pub fn target(&self) -> u32 {
        u32::from(self.table.target)
    }

    /// The side that called the Extension.
    pub fn extension(&self) -> Option<Side> {
        self.table.extension
    }

    /// The side that completed the trip.
    pub fn completed_by(&self) -> Option<Side> {
        self.table.completed_by
    }

    /// The seat that may call a coup fourré now, if one may.
    pub fn coup_fourre_seat(&self) -> Option<Seat> {
        match self.pending {
            Some(Pending::CoupFourre { seat, .. }) => Some(seat),
            _ => None,
        }
    }

    /// The seat whose side decides the Extension now, if one does.
    pub fn extension_seat(&self) -> Option<Seat> {
        match self.pending {
            Some(Pending::Extension { seat }) => Some(seat),
            _ => None,
        }
    }

    /// How many cards of a kind a seat holds.
    pub fn held(&self, seat: Seat, card: Card) -> u8 {
        self.hands[usize::from(seat) % MAX_SEATS].counts.get(card)
    }

    /// How many cards a seat holds.
    pub fn hand_size(&self, seat: Seat) -> u8 {
        self.hands[usize::from(seat) % MAX_SEATS].len
    }

    /// Cards left to draw.
    pub fn draw_pile_len(&self) -> u32 {
        u32::from(self.draw_len)
    }

    /// Every card on the discard pile.
    pub fn discard_pile(&self) -> Counts {
        self.table.discard
    }

    /// The pack this hand is played with.
    pub fn pack(&self) -> Counts {
        pack(self.config)
    }

    /// Where every card is, summed: for the invariant that the pack is always complete.
    pub fn census(&self) -> Counts {
        let mut all = self.table.face_up(self.sides);
        for &card in &self.draw[..usize::from(self.draw_len)] {
            all.add(card, 1);
        }
        for hand in &self.hands[..usize::from(self.config.players)] {
            all.add_all(&hand.counts);
        }
        all
    }

    /// What the score of this hand needs to know, side by side.
    fn facts(&self) -> [SideFacts; MAX_SIDES] {
        std::array::from_fn(|s| self.table.piles[s].facts())
    }

    /// A side's score for the hand, row by row: every row once the hand is over, else what the
    /// hand would give if the round's signal cut it short now.
    pub fn hand_score(&self, side: Side) -> HandScore {
        let facts = self.facts();
        let hand = HandFacts {
            sides: &facts[..usize::from(self.sides)],
            completed_by: self.table.completed_by,
            delayed: self.table.delayed,
            extension: self.table.extension,
        };
        if self.table.over {
            score::score_hand(&hand, side)
        } else {
            score::score_cut_short(&hand, side)
        }
    }

    /// Every side's score for the hand as the round's signal cuts it short now: miles,
    /// safeties, all four and coups fourrés only. A finished hand keeps its full score.
    pub fn cut_short_scores(&self) -> Vec<HandScore> {
        if self.table.over {
            return (0..self.sides).map(|s| self.hand_score(s)).collect();
        }
        let facts = self.facts();
        let hand = HandFacts {
            sides: &facts[..usize::from(self.sides)],
            completed_by: None,
            delayed: false,
            extension: self.table.extension,
        };
        (0..self.sides)
            .map(|s| score::score_cut_short(&hand, s))
            .collect()
    }

    /// The seat of `side` that holds `safety`, if one does.
    fn holder(&self, side: Side, safety: Card) -> Option<Seat> {
        (0..self.config.players)
            .find(|&seat| self.side_of(seat) == side && self.hands[usize::from(seat)].has(safety))
    }

    /// The seat that plays after `from`: the next one round the table that still has a card to
    /// draw or to play. `None` when nobody has (the hand is played out).
    #[inline]
    fn following(&self, from: Seat) -> Option<Seat> {
        if self.draw_len > 0 {
            // Everyone draws: simply the next seat.
            return Some(self.next_seat(from));
        }
        let players = self.config.players;
        (1..=players)
            .map(|step| (from + step) % players)
            .find(|&seat| self.draw_len > 0 || self.hands[usize::from(seat)].len > 0)
    }

    /// The seat after `from` round the table.
    #[inline(always)]
    fn next_seat(&self, from: Seat) -> Seat {
        if from + 1 >= self.config.players {
            0
        } else {
            from + 1
        }
    }

    /// Draws the top card for a seat, if any is left.
    #[inline(always)]
    fn draw_for<E: EventSink<Event>>(&mut self, seat: Seat, events: &mut E) {
        if self.draw_len == 0 {
            return;
        }
        self.draw_len -= 1;
        let card = self.draw[usize::from(self.draw_len)];
        self.hands[usize::from(seat)].add(card);
        events.push(Event::Drew {
            seat,
            card: Some(card),
        });
    }

    /// Passes the turn to the seat after `from`, who draws; or ends a played-out hand.
    #[inline(always)]
    fn next_turn<E: EventSink<Event>>(&mut self, from: Seat, events: &mut E) {
        if self.draw_len > 0 {
            // While there are cards to draw the turn simply goes round.
            let seat = self.next_seat(from);
            self.to_move = seat;
            self.draw_for(seat, events);
        } else {
            self.next_turn_played_out(from, events);
        }
    }

    /// [`State::next_turn`] once the draw pile is gone: seats with nothing left are passed.
    #[inline(never)]
    fn next_turn_played_out<E: EventSink<Event>>(&mut self, from: Seat, events: &mut E) {
        match self.following(from) {
            Some(seat) => {
                self.to_move = seat;
                self.draw_for(seat, events);
            }
            None => {
                self.to_move = from;
                self.table.over = true;
                events.push(Event::HandOver { completed_by: None });
            }
        }
    }

    /// The seat to move discards a card it holds, and the turn passes on.
    #[inline(always)]
    fn discard_from_hand<E: EventSink<Event>>(&mut self, seat: Seat, card: Card, events: &mut E) {
        self.hands[usize::from(seat)].remove(card);
        self.table.discard(card);
        events.push(Event::Discarded { seat, card });
        self.next_turn(seat, events);
    }

    /// A seat that played a safety plays again: it draws and plays (or, with nothing left to
    /// draw or play, the turn passes on).
    fn extra_turn<E: EventSink<Event>>(&mut self, seat: Seat, events: &mut E) {
        self.to_move = seat;
        if self.draw_len > 0 {
            self.draw_for(seat, events);
        } else if self.hands[usize::from(seat)].len == 0 {
            self.next_turn(seat, events);
        }
    }

    /// A side completes the trip: the hand is over.
    fn complete<E: EventSink<Event>>(&mut self, side: Side, events: &mut E) {
        self.table.over = true;
        self.table.completed_by = Some(side);
        self.table.delayed = self.draw_len == 0;
        events.push(Event::HandOver {
            completed_by: Some(side),
        });
    }

    /// Lays a safety in a side's area (crosswise for a coup fourré) and cancels the hazards in
    /// progress it covers: the top of the battle pile while it is a hazard the side is now safe
    /// from (what was beneath shows again), and a Speed Limit for Right of Way.
    fn lay_safety<E: EventSink<Event>>(
        &mut self,
        seat: Seat,
        side: Side,
        safety: Card,
        coup: bool,
        events: &mut E,
    ) {
        let piles = &mut self.table.piles[usize::from(side)];
        piles.safeties |= 1 << safety.safety_index();
        if coup {
            piles.coups |= 1 << safety.safety_index();
            events.push(Event::CoupFourre {
                seat,
                side,
                card: safety,
            });
        } else {
            events.push(Event::Safety {
                seat,
                side,
                card: safety,
            });
        }
        loop {
            let piles = &mut self.table.piles[usize::from(side)];
            let covered = piles
                .battle_top()
                .filter(|top| top.safety().is_some_and(|s| piles.has(s)));
            let Some(hazard) = covered else { break };
            piles.pop_battle();
            self.table.discard(hazard);
            events.push(Event::Cancelled { side, card: hazard });
        }
        let piles = &mut self.table.piles[usize::from(side)];
        if piles.speed_top == Some(Card::SpeedLimit) && piles.right_of_way() {
            piles.pop_speed_limit();
            self.table.discard(Card::SpeedLimit);
            events.push(Event::Cancelled {
                side,
                card: Card::SpeedLimit,
            });
        }
        self.refresh(side);
    }

    /// Which side a hazard is aimed at: the one named, or the only opponent.
    fn resolve_target(&self, me: Side, card: Card, target: Option<Side>) -> Result<Side, Refusal> {
        Ok(crate::resolve_target(self.sides, me, card, target)?)
    }

    /// May this hazard go on side `target` now?
    fn check_hazard(&self, card: Card, target: Side) -> Result<(), Refusal> {
        let piles = self.side(target);
        if let Some(safety) = card.safety().filter(|&s| piles.has(s)) {
            return Err(Refusal::Protected {
                target,
                card,
                safety,
            });
        }
        if card == Card::SpeedLimit {
            return if piles.speed_top == Some(Card::SpeedLimit) {
                Err(Refusal::AlreadyLimited { target })
            } else {
                Ok(())
            };
        }
        match piles.battle_top() {
            Some(Card::Roll) => Ok(()),
            Some(top) if top.is_hazard() => {
                if options::of(&self.config).hazard_on_hazard {
                    Ok(())
                } else {
                    Err(Refusal::HazardOnHazard { target, top })
                }
            }
            // Against Right of Way, Out of Gas, Flat Tire and Accident also go on an empty
            // battle pile or a remedy (Stop never reaches here: Right of Way prevents it).
            _ if piles.right_of_way() => Ok(()),
            top => Err(Refusal::NotRolling { target, card, top }),
        }
    }

    /// May side `me` play this distance card, remedy or Roll on its own piles now?
    fn check_own(&self, me: Side, card: Card) -> Result<(), Refusal> {
        let piles = self.side(me);
        if card.is_distance() {
            if !piles.can_move() {
                return Err(Refusal::NotMoving);
            }
            if piles.limited() && card.miles() > 50 {
                return Err(Refusal::SpeedLimited);
            }
            if card == Card::D200 && piles.distance[4] >= 2 {
                return Err(Refusal::TwoHundredsUsed);
            }
            let would = u32::from(piles.miles) + card.miles();
            if would > u32::from(self.table.target) {
                return Err(Refusal::PastTheTrip {
                    card,
                    would,
                    target: u32::from(self.table.target),
                });
            }
            return Ok(());
        }
        match card {
            Card::Roll => match piles.battle_top() {
                None | Some(Card::Stop | Card::Gasoline | Card::SpareTire | Card::Repairs) => {
                    Ok(())
                }
                Some(top) => Err(Refusal::CannotRoll { top }),
            },
            Card::EndOfLimit => {
                if piles.speed_top == Some(Card::SpeedLimit) {
                    Ok(())
                } else {
                    Err(Refusal::NotLimited)
                }
            }
            _ => match card.mends() {
                Some(needed) if piles.battle_top() == Some(needed) => Ok(()),
                Some(needed) => Err(Refusal::NothingToMend { card, needed }),
                // Safeties and hazards are not checked here.
                None => Ok(()),
            },
        }
    }

    /// An ordinary turn: play or discard one card.
    fn play_turn<E: EventSink<Event>>(
        &mut self,
        action: Action,
        events: &mut E,
    ) -> Result<(), Refusal> {
        let seat = self.to_move;
        let me = self.side_of(seat);
        let Some(card) = action.card() else {
            return Err(Refusal::NoCoupFourre);
        };
        if !self.hands[usize::from(seat)].has(card) {
            return Err(Refusal::NotInHand { card });
        }
        let target = match action {
            Action::Play { target, .. } => target,
            _ => None,
        };
        if let Action::Discard { .. } = action {
            self.discard_from_hand(seat, card, events);
            return Ok(());
        }
        if card.is_hazard() {
            let target = self.resolve_target(me, card, target)?;
            if self.side(target).open & card.bit() == 0 {
                // Not among the hazards that may land there: the check says why.
                self.check_hazard(card, target)?;
            }
            self.hands[usize::from(seat)].remove(card);
            let piles = &mut self.table.piles[usize::from(target)];
            if card == Card::SpeedLimit {
                piles.push_speed(card);
            } else {
                piles.push_battle(card);
            }
            self.refresh(target);
            events.push(Event::Hazard {
                by: seat,
                side: target,
                card,
            });
            let safety = card.safety().unwrap_or(Card::RightOfWay);
            match self.holder(target, safety) {
                Some(holder) => {
                    self.pending = Some(Pending::CoupFourre {
                        seat: holder,
                        by: seat,
                        side: target,
                        hazard: card,
                    });
                    self.to_move = holder;
                }
                None if options::of(&self.config).wait_after_hazard => {
                    self.pending = Some(Pending::Wait { by: seat });
                    self.to_move = seat;
                }
                None => self.next_turn(seat, events),
            }
            return Ok(());
        }
        if target.is_some() {
            return Err(Refusal::TargetNotAllowed { card });
        }
        if card.is_safety() {
            self.hands[usize::from(seat)].remove(card);
            self.lay_safety(seat, me, card, false, events);
            self.extra_turn(seat, events);
            return Ok(());
        }
        if self.side(me).own & card.bit() == 0 {
            // Not among the plays the side's piles allow: the check says why.
            self.check_own(me, card)?;
        }
        self.hands[usize::from(seat)].remove(card);
        let piles = &mut self.table.piles[usize::from(me)];
        if card.is_distance() {
            piles.distance[usize::from(card as u8)] += 1;
            piles.miles += card.miles() as u16;
        } else if card == Card::EndOfLimit {
            piles.push_speed(card);
        } else {
            piles.push_battle(card);
        }
        let miles = piles.miles;
        self.refresh(me);
        events.push(Event::Played {
            seat,
            side: me,
            card,
        });
        if card.is_distance() && miles == self.table.target {
            if self.table.target == 700 && plays_extension(self.config) {
                self.pending = Some(Pending::Extension { seat });
            } else {
                self.complete(me, events);
            }
        } else {
            self.next_turn(seat, events);
        }
        Ok(())
    }

    /// The holder calls Coup Fourré: the safety goes crosswise, the hazard to the discard pile,
    /// the holder draws a replacement and then takes a full extra turn; the seats between the
    /// hazard's player and the holder lose their turns.
    fn call_coup_fourre<E: EventSink<Event>>(
        &mut self,
        seat: Seat,
        by: Seat,
        side: Side,
        hazard: Card,
        events: &mut E,
    ) {
        let safety = hazard.safety().unwrap_or(Card::RightOfWay);
        self.pending = None;
        self.hands[usize::from(seat)].remove(safety);
        self.lay_safety(seat, side, safety, true, events);
        let players = self.config.players;
        let mut between = (by + 1) % players;
        while between != seat {
            events.push(Event::TurnLost { seat: between });
            between = (between + 1) % players;
        }
        self.draw_for(seat, events);
        self.extra_turn(seat, events);
    }

    /// A state before the deal: every pile empty, nothing in hand or to draw.
    fn empty(config: Config) -> State {
        let mut state = State {
            config,
            sides: config.sides(),
            side_of: std::array::from_fn(|seat| config.side_of(seat as Seat)),
            draw: [Card::D25; PACK],
            draw_len: 0,
            hands: [Hand::default(); MAX_SEATS],
            table: Table {
                discard: Counts::EMPTY,
                discard_len: 0,
                discard_top: None,
                piles: [SidePiles::EMPTY; MAX_SIDES],
                target: trip(config) as u16,
                extension: None,
                over: false,
                completed_by: None,
                delayed: false,
            },
            pending: None,
            to_move: 0,
            turn: 0,
        };
        state.refresh_all();
        state
    }

    /// The pending decision and the seat to move as `viewer` may see them: while a coup fourré
    /// may be called, a seat other than the holder sees no decision and the seat that plays next
    /// if nobody calls.
    fn seen_pending(&self, viewer: Option<Seat>) -> (Option<PendingView>, Seat) {
        match self.pending {
            None => (None, self.to_move),
            Some(Pending::Extension { seat }) => (
                Some(PendingView {
                    kind: PendingKind::Extension,
                    seat,
                }),
                seat,
            ),
            Some(Pending::CoupFourre { seat, by, .. }) => {
                if viewer.is_none_or(|v| v == seat) {
                    (
                        Some(PendingView {
                            kind: PendingKind::CoupFourre,
                            seat,
                        }),
                        seat,
                    )
                } else {
                    (None, self.following(by).unwrap_or(by))
                }
            }
            Some(Pending::Wait { by }) => (None, self.following(by).unwrap_or(by)),
        }
    }

    fn side_view(&self, side: Side) -> SideView {
        let piles = self.side(side);
        let listed = |mask: u8| {
            Card::SAFETIES
                .into_iter()
                .filter(|s| mask & (1 << s.safety_index()) != 0)
                .collect()
        };
        SideView {
            side,
            seats: self.config.seats_of(side),
            battle_top: piles.battle_top(),
            battle_pile: u32::from(piles.battle_len),
            speed_top: piles.speed_top,
            speed_pile: u32::from(piles.speed_limits + piles.end_of_limits),
            safeties: listed(piles.safeties),
            coups_fourres: listed(piles.coups),
            distance: u32::from(piles.miles),
            two_hundreds: u32::from(piles.distance[4]),
            distance_cards: DistanceCards::from_array(piles.distance),
            can_move: piles.can_move(),
            limited: piles.limited(),
            points: self.hand_score(side).total,
        }
    }

    /// Lists the legal actions of the seat to move into `out`.
    fn list_actions(&self, out: &mut ActionList<Action>) {
        out.clear();
        if self.table.over {
            return;
        }
        match self.pending {
            Some(Pending::CoupFourre { .. }) => {
                out.push(Action::CoupFourre);
                out.push(Action::Pass);
                return;
            }
            Some(Pending::Extension { .. }) => {
                out.push(Action::Extend(true));
                out.push(Action::Extend(false));
                return;
            }
            Some(Pending::Wait { .. }) => {
                out.push(Action::Pass);
                return;
            }
            None => {}
        }
        let plays = self.plays();
        for card in bits(plays.hand) {
            if card.is_hazard() {
                for (target, &mask) in plays.hazards.iter().enumerate() {
                    if mask & card.bit() != 0 {
                        out.push(Action::attack(card, target as Side));
                    }
                }
            } else if plays.own & card.bit() != 0 {
                out.push(Action::play(card));
            }
        }
        for card in bits(plays.hand) {
            out.push(Action::discard(card));
        }
    }

    /// What the seat to move may play in an ordinary turn, as bit sets of kinds.
    #[inline(always)]
    fn plays(&self) -> Plays {
        let seat = self.to_move;
        let me = self.side_of(seat);
        let hand = self.hands[usize::from(seat)].mask;
        let mut hazards = [0u32; MAX_SIDES];
        if hand & HAZARDS != 0 {
            for target in 0..self.sides {
                if target != me {
                    hazards[usize::from(target)] = hand & self.side(target).open;
                }
            }
        }
        Plays {
            hand,
            own: hand & self.side(me).own,
            hazards,
        }
    }

    /// Brings a side's bit sets of what may be played up to date with its piles and the trip;
    /// called after every change to either.
    fn refresh(&mut self, side: Side) {
        let target = self.table.target;
        let hazard_on_hazard = options::of(&self.config).hazard_on_hazard;
        let piles = &mut self.table.piles[usize::from(side)];
        piles.own = piles.own_now(target);
        piles.open = piles.open_now(hazard_on_hazard);
    }

    fn refresh_all(&mut self) {
        for side in 0..self.sides {
            self.refresh(side);
        }
    }

    /// The play of a playable kind when no hazard may go on two sides: on its own piles, or
    /// on the one side the hazard may go on.
    #[inline]
    fn play_of_kind(plays: &Plays, card: Card) -> Action {
        let bit = card.bit();
        let [a, b, _] = plays.hazards;
        if bit & plays.own != 0 {
            Action::play(card)
        } else if a & bit != 0 {
            Action::attack(card, 0)
        } else if b & bit != 0 {
            Action::attack(card, 1)
        } else {
            Action::attack(card, 2)
        }
    }

    /// The action at `index` of [`State::list_actions`]'s list in an ordinary turn, found
    /// from the bit sets without building the list.
    #[inline]
    fn ordinary_action(plays: &Plays, mut index: u32) -> Option<Action> {
        let [a, b, c] = plays.hazards;
        if a & b | a & c | b & c == 0 {
            // No hazard may go on two sides (always so with two sides): every playable kind
            // is one action, in bit order.
            let playable = plays.own | a | b | c;
            let count = kinds_in(playable);
            return if index < count {
                Some(State::play_of_kind(plays, nth_kind(playable, index)))
            } else if index - count < kinds_in(plays.hand) {
                Some(Action::discard(nth_kind(plays.hand, index - count)))
            } else {
                None
            };
        }
        for card in bits(plays.hand) {
            if card.is_hazard() {
                for (target, &mask) in plays.hazards.iter().enumerate() {
                    if mask & card.bit() != 0 {
                        if index == 0 {
                            return Some(Action::attack(card, target as Side));
                        }
                        index -= 1;
                    }
                }
            } else if plays.own & card.bit() != 0 {
                if index == 0 {
                    return Some(Action::play(card));
                }
                index -= 1;
            }
        }
        bits(plays.hand).nth(index as usize).map(Action::discard)
    }

    /// [`Rules::apply`] in general: every decision, with every refusal. Kept out of line, so
    /// that `apply`'s short path for a discard stays a small function (inlined here, it costs
    /// that path a bigger frame: about 2% of a random decision).
    #[inline(never)]
    fn decide<E: EventSink<Event>>(
        &mut self,
        action: Action,
        events: &mut E,
    ) -> Result<(), Refusal> {
        if self.table.over {
            return Err(Refusal::HandOver);
        }
        match (self.pending, action) {
            (Some(Pending::CoupFourre { .. }), Action::Pass) => {
                let Some(Pending::CoupFourre { by, .. }) = self.pending.take() else {
                    return Err(Refusal::NoCoupFourre);
                };
                self.next_turn(by, events);
            }
            (
                Some(Pending::CoupFourre {
                    seat,
                    by,
                    side,
                    hazard,
                }),
                Action::CoupFourre,
            ) => self.call_coup_fourre(seat, by, side, hazard, events),
            (Some(Pending::CoupFourre { .. }), _) => return Err(Refusal::CoupFourrePending),
            (Some(Pending::Wait { by }), Action::Pass) => {
                self.pending = None;
                self.next_turn(by, events);
            }
            (Some(Pending::Wait { .. }), _) => return Err(Refusal::Waiting),
            (Some(Pending::Extension { seat }), Action::Extend(extend)) => {
                let side = self.side_of(seat);
                self.pending = None;
                events.push(Event::Extension { side, extend });
                if extend {
                    self.table.target = 1000;
                    self.table.extension = Some(side);
                    self.refresh_all();
                    self.next_turn(seat, events);
                } else {
                    self.complete(side, events);
                }
            }
            (Some(Pending::Extension { .. }), _) => return Err(Refusal::ExtensionPending),
            (None, Action::CoupFourre | Action::Pass) => return Err(Refusal::NoCoupFourre),
            (None, Action::Extend(_)) => return Err(Refusal::NoExtension),
            (None, _) => self.play_turn(action, events)?,
        }
        self.turn += 1;
        Ok(())
    }
}

/// The `index`-th kind (from 0) of a set, in bit order; the set has more than `index`.
#[inline]
fn nth_kind(mut kinds: u32, index: u32) -> Card {
    for _ in 0..index {
        kinds &= kinds - 1;
    }
    Card::from_bit(kinds.trailing_zeros())
}

/// How many kinds a set holds, by lookup (see [`crate::popcounts`]): the 19 kinds fit
/// two lookups in a table of 1024.
#[inline]
fn kinds_in(kinds: u32) -> u32 {
    const HALF: u32 = 10;
    const COUNTS: [u8; 1 << HALF] = crate::popcounts();
    const MASK: u32 = (1 << HALF) - 1;
    debug_assert!(kinds >> (2 * HALF) == 0, "a set of kinds has {KINDS} bits");
    u32::from(COUNTS[(kinds & MASK) as usize])
        + u32::from(COUNTS[((kinds >> HALF) & MASK) as usize])
}

/// The kinds the seat to move may play: its hand, those it may play on its own piles, and the
/// hazards it may play on each other side.
struct Plays {
    hand: u32,
    own: u32,
    hazards: [u32; MAX_SIDES],
}

/// The four safeties' bits.
const SAFETIES: u32 = Card::ExtraTank.bit()
    | Card::PunctureProof.bit()
    | Card::DrivingAce.bit()
    | Card::RightOfWay.bit();

/// The hazards a side's safety area protects it from, by the area's bits.
const PROTECTED: [u32; 16] = {
    let mut table = [0u32; 16];
    let mut area = 0;
    while area < 16 {
        let mut hazards = 0;
        let mut h = 0;
        while h < HAZARD_KINDS.len() {
            if let Some(safety) = HAZARD_KINDS[h].safety()
                && area & (1 << safety.safety_index()) != 0
            {
                hazards |= HAZARD_KINDS[h].bit();
            }
            h += 1;
        }
        table[area] = hazards;
        area += 1;
    }
    table
};

const HAZARD_KINDS: [Card; 5] = [
    Card::OutOfGas,
    Card::FlatTire,
    Card::Accident,
    Card::SpeedLimit,
    Card::Stop,
];

/// The five hazards' bits.
const HAZARDS: u32 = Card::OutOfGas.bit()
    | Card::FlatTire.bit()
    | Card::Accident.bit()
    | Card::SpeedLimit.bit()
    | Card::Stop.bit();

/// A table where each plays for himself, in the words of a refusal.
const ALONE: &str = "players each for himself";
/// The tables this game seats, in words.
const SEATED: &str = "2 or 3 players each for himself, or 4 or 6 in partnerships of two";

/// The hands tests play: every table size, each with the seeds `0..seeds` (for the tests of
/// this package, and of the bots through the `testing` feature).
#[cfg(any(test, feature = "testing"))]
pub fn test_hands(seeds: u64) -> impl Iterator<Item = State> {
    [2u8, 3, 4, 6].into_iter().flat_map(move |players| {
        let config = Config::new(RulesId::MilleBornes, players, None).expect("config");
        (0..seeds).map(move |seed| State::new_game(config, seed, &[]).expect("game"))
    })
}

impl Rules for State {
    type Options = options::Options;
    type Card = Card;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Refusal = Refusal;

    const RULES: RulesId = RulesId::MilleBornes;
    const TIMED_DECISIONS: bool = true;

    fn check(config: Config) -> Result<(), SetupError> {
        let playable = match config.players {
            2 | 3 => !config.partners,
            4 | 6 => config.partners,
            _ => false,
        };
        crate::setup::seat_if(playable, Self::RULES, config, ALONE, SEATED)
    }

    fn score_sheet(config: Config) -> ScoreSheet {
        score::sheet(trip(config), plays_extension(config))
    }

    fn check_paper(config: Config, sides: &[Vec<u32>]) -> Result<(), Vec<crate::PaperNote>> {
        let rows: Vec<score::PaperRows> = sides
            .iter()
            .map(|counts| std::array::from_fn(|i| counts.get(i).copied().unwrap_or(0)))
            .collect();
        score::check_paper(
            usize::from(config.sides()),
            trip(config),
            plays_extension(config),
            &rows,
        )
        .map(drop)
        .map_err(|problems| {
            problems
                .iter()
                .map(|problem| {
                    let (side, row) = problem.place();
                    crate::PaperNote {
                        side,
                        row,
                        message: problem.to_string(),
                        words: crate::Worded::words(problem),
                    }
                })
                .collect()
        })
    }

    const MATCH_POINTS: Option<u32> = Some(score::MATCH);

    fn match_winner(totals: &[u32]) -> Option<Side> {
        score::match_winner(totals)
    }

    fn hand_score_rows(&self) -> Option<Vec<crate::ScoredRow>> {
        Some(score::rows(&self.cut_short_scores()))
    }

    fn new_game(config: Config, seed: u64, stacked: &[Card]) -> Result<State, SetupError> {
        Self::check(config)?;
        let pack = pack(config);
        let rest = crate::setup::unstacked(pack, stacked)?;
        let mut rng = rng_from_seed(seed);
        // The deal order, top card first: the stacked cards, then the rest shuffled.
        let (mut order, len) = match (stacked.is_empty(), config.players <= 3) {
            (true, true) => SHORT_ORDER,
            (true, false) => FULL_ORDER,
            (false, _) => {
                let mut order = [Card::D25; PACK];
                let mut len = 0;
                for card in stacked.iter().copied().chain(rest.cards()) {
                    order[len] = card;
                    len += 1;
                }
                (order, len)
            }
        };
        shuffle(&mut rng, &mut order[stacked.len()..len]);
        let mut state = State::empty(config);
        for (slot, &card) in state.draw[..len].iter_mut().zip(order[..len].iter().rev()) {
            *slot = card;
        }
        state.draw_len = len as u8;
        // Six cards each, one at a time, from seat 0; then seat 0 draws its seventh.
        for _ in 0..HAND {
            for seat in 0..config.players {
                state.draw_len -= 1;
                let card = state.draw[usize::from(state.draw_len)];
                state.hands[usize::from(seat)].add(card);
            }
        }
        state.draw_for(0, &mut NoEvents);
        Ok(state)
    }

    fn config(&self) -> Config {
        self.config
    }

    #[inline]
    fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The side with the most points in the finished hand; none while the hand goes on, and
    /// none when the best are level (the hand is over all the same: see [`Rules::is_over`]).
    fn winner(&self) -> Option<Side> {
        if !self.table.over {
            return None;
        }
        let totals: Totals = std::array::from_fn(|s| {
            if s < usize::from(self.sides) {
                self.hand_score(s as Side).total
            } else {
                0
            }
        });
        let best = totals.iter().copied().max()?;
        let mut leaders = (0..self.sides).filter(|&s| totals[usize::from(s)] == best);
        let first = leaders.next()?;
        leaders.next().is_none().then_some(first)
    }

    fn is_over(&self) -> bool {
        self.table.over
    }

    fn timed_decision(&self) -> Option<TimedDecision<Action>> {
        if self.table.over {
            return None;
        }
        match self.pending? {
            Pending::CoupFourre { seat, .. } => Some(TimedDecision {
                seat: Some(seat),
                hidden: true,
                on_timeout: Action::Pass,
            }),
            Pending::Wait { .. } => Some(TimedDecision {
                seat: None,
                hidden: true,
                on_timeout: Action::Pass,
            }),
            Pending::Extension { seat } => Some(TimedDecision {
                seat: Some(seat),
                hidden: false,
                on_timeout: Action::Extend(false),
            }),
        }
    }

    #[inline]
    fn turn(&self) -> u32 {
        self.turn
    }

    /// Discards are dead in Mille Bornes: the draw pile is never rebuilt.
    fn reshuffles(&self) -> u32 {
        0
    }

    /// The side's points for the hand (see [`State::hand_score`]).
    fn score(&self, side: Side) -> u32 {
        self.hand_score(side).total
    }

    /// Nothing in Mille Bornes throws away a side's own miles: no move warns. Stopping at 700
    /// is a choice (the Extension), not a danger, and the seat page names it as such.
    fn warning(&self, _action: Action) -> Option<String> {
        None
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        self.list_actions(out);
    }

    #[inline(always)]
    fn random_action<G: rand::Rng + ?Sized>(&self, rng: &mut G) -> Option<Action> {
        if self.table.over {
            return None;
        }
        if self.pending.is_some() {
            // A decision: two choices at most, listed as `legal_actions` lists them.
            let mut list = ActionList::new();
            self.list_actions(&mut list);
            return match list.len() as u32 {
                0 => None,
                count => list.get(crate::shuffle::pick(rng, count) as usize).copied(),
            };
        }
        // An ordinary turn: count the choices from the bit sets and find the one drawn, the
        // same action `legal_actions` lists at that index, without building the list.
        let plays = self.plays();
        let [a, b, c] = plays.hazards;
        if a & b | a & c | b & c == 0 {
            // No hazard may go on two sides (always so with two sides): each playable kind is
            // one action.
            let playable = plays.own | a | b | c;
            let plays_count = kinds_in(playable);
            let count = plays_count + kinds_in(plays.hand);
            if count == 0 {
                return None;
            }
            let index = crate::shuffle::pick(rng, count);
            return Some(if index < plays_count {
                State::play_of_kind(&plays, nth_kind(playable, index))
            } else {
                Action::discard(nth_kind(plays.hand, index - plays_count))
            });
        }
        let count =
            kinds_in(plays.own) + kinds_in(a) + kinds_in(b) + kinds_in(c) + kinds_in(plays.hand);
        match count {
            0 => None,
            count => State::ordinary_action(&plays, crate::shuffle::pick(rng, count)),
        }
    }

    // Generic over the sink, so it is inlined where the caller's sink is known.
    fn apply<E: EventSink<Event>>(
        &mut self,
        action: Action,
        events: &mut E,
    ) -> Result<(), Refusal> {
        // The commonest decision, a discard in an ordinary turn, without the general case's
        // dispatch; anything else, or a card not in hand, goes the general way.
        if let (None, false, Action::Discard { card }) = (self.pending, self.table.over, action) {
            let seat = self.to_move;
            if self.hands[usize::from(seat)].has(card) {
                self.discard_from_hand(seat, card, events);
                self.turn += 1;
                return Ok(());
            }
        }
        self.decide(action, events)
    }

    /// As [`Rules::apply`], for a given seat. While a coup fourré may be called, every seat but
    /// the holder is told only that the table waits, so a refusal never names the holder.
    fn apply_as<E: EventSink<Event>>(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut E,
    ) -> Result<(), Refusal> {
        if self.table.over {
            return Err(Refusal::HandOver);
        }
        if let Some(Pending::CoupFourre { seat: holder, .. }) = self.pending {
            if seat != holder {
                return Err(Refusal::Waiting);
            }
        } else if let Some(Pending::Wait { .. }) = self.pending {
            return Err(Refusal::Waiting);
        } else if seat != self.to_move {
            return Err(TurnRefusal::NotYourTurn {
                seat,
                to_move: self.to_move,
            }
            .into());
        }
        self.apply(action, events)
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        let players = self.config.players;
        let seats = (0..players)
            .map(|seat| {
                let hand = &self.hands[usize::from(seat)];
                let visible = viewer.is_none_or(|v| v == seat);
                SeatView {
                    seat,
                    side: self.side_of(seat),
                    hand: visible.then(|| hand.counts.cards().collect()),
                    hand_size: u32::from(hand.len),
                }
            })
            .collect();
        let (pending, to_move) = self.seen_pending(viewer);
        View {
            rules: self.config.rules,
            players,
            partners: self.config.partners,
            hazard_on_hazard: options::of(&self.config).hazard_on_hazard,
            viewer,
            to_move,
            turn: self.turn,
            target: u32::from(self.table.target),
            draw_pile: u32::from(self.draw_len),
            discard: u32::from(self.table.discard_len),
            discard_top: self.table.discard_top,
            pending,
            extension: self.table.extension,
            over: self.table.over,
            completed_by: self.table.completed_by,
            winner: self.winner(),
            score: self
                .table
                .over
                .then(|| (0..self.sides).map(|s| self.hand_score(s)).collect()),
            seats,
            sides: (0..self.sides).map(|s| self.side_view(s)).collect(),
        }
    }
}

/// Every side's total, in a fixed-size array.
type Totals = [u32; MAX_SIDES];

#[cfg(test)]
mod tests {
    use super::*;

    use super::options::WithOptions;

    fn config(players: u8) -> Config {
        Config::new(RulesId::MilleBornes, players, None).expect("config")
    }

    #[test]
    fn packs_and_trips_follow_the_rules() {
        assert_eq!(pack(config(2)).total(), 101);
        assert_eq!(pack(config(3)).total(), 101);
        assert_eq!(pack(config(4)).total(), 106);
        assert_eq!(pack(config(6)).total(), 106);
        assert_eq!(trip(config(2)), 700);
        assert_eq!(trip(config(4)), 1000);
        assert_eq!(trip(config(6)), 700);
    }

    #[test]
    fn a_battle_pile_never_overflows() {
        // Every battle card of the pack fits in one pile.
        let p = FULL_PACK;
        let battle: u32 = Card::ALL
            .into_iter()
            .filter(|c| (c.is_battle_hazard() || c.is_remedy()) && *c != Card::EndOfLimit)
            .map(|c| u32::from(p.get(c)))
            .sum();
        assert_eq!(battle as usize, BATTLE);
    }

    /// The legal list as the check functions give it, one card at a time: what the bit sets
    /// of `plays` must agree with.
    fn listed_by_checks(game: &State) -> Vec<Action> {
        let seat = game.to_move;
        let me = game.side_of(seat);
        let hand = game.hands[usize::from(seat)].mask;
        let mut out = Vec::new();
        for card in bits(hand) {
            if card.is_hazard() {
                for target in (0..game.sides).filter(|&t| t != me) {
                    if game.check_hazard(card, target).is_ok() {
                        out.push(Action::attack(card, target));
                    }
                }
            } else if card.is_safety() || game.check_own(me, card).is_ok() {
                out.push(Action::play(card));
            }
        }
        out.extend(bits(hand).map(Action::discard));
        out
    }

    #[test]
    fn the_bit_sets_of_legal_plays_agree_with_the_rules_checks() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(11);
        let mut turns = 0;
        for (players, hazard_on_hazard, wait) in [
            (2, false, false),
            (2, true, true),
            (3, false, false),
            (4, false, true),
            (6, true, false),
        ] {
            let config = Config::new(RulesId::MilleBornes, players, None)
                .expect("config")
                .with_hazard_on_hazard(hazard_on_hazard)
                .expect("the 1988 option")
                .with_wait_after_hazard(wait);
            for seed in 0..60 {
                let mut game = State::new_game(config, seed, &[]).expect("deal");
                while !game.is_over() {
                    for piles in &game.table.piles[..usize::from(game.sides)] {
                        // The kept bit sets are those the piles give now.
                        assert_eq!(piles.own, piles.own_now(game.table.target), "{game:?}");
                        assert_eq!(piles.open, piles.open_now(hazard_on_hazard), "{game:?}");
                    }
                    if game.pending.is_none() {
                        turns += 1;
                        let expected = listed_by_checks(&game);
                        let mut listed = ActionList::new();
                        game.legal_actions(&mut listed);
                        assert_eq!(listed.as_slice(), expected.as_slice(), "{game:?}");
                        let plays = game.plays();
                        for (index, action) in expected.iter().enumerate() {
                            assert_eq!(State::ordinary_action(&plays, index as u32), Some(*action));
                        }
                    }
                    let action = game.random_action(&mut rng).expect("an action");
                    game.apply(action, &mut NoEvents).expect("legal");
                }
            }
        }
        assert!(turns > 10_000, "{turns} turns checked");
    }
}
