//! What the two Touring games (1926 and 1937-1958) share: they are one game with other cards
//! and numbers, as OpenSpiel's game variants share one implementation.
//!
//! Both keep hands as counts with a bit per kind held, Go piles whose top card matters, four
//! mileage piles with quotas, a draw pile that is rebuilt from what no longer matters when it
//! runs out, and the same deal. This module holds those pieces once, generic over the card;
//! each rule set's folder keeps what differs (its cards, the speed or Freeway machinery, its
//! delays, its events and views).

use serde::Serialize;

use crate::cards::{CardKind, Counts};
use crate::shuffle::{derive_seed, rng_from_seed, shuffle};
use crate::{ScoreSheet, ScoreUnit, Seat, SetupError, SheetRow, Side};

mod macros;
pub(crate) use macros::{
    determinize, observation_accessors, rules_accessors, side_view, touring_state, touring_views,
    view, view_impls,
};

/// The most seats at a Touring table.
pub const MAX_SEATS: usize = 6;
/// The most sides at a Touring table.
pub const MAX_SIDES: usize = 6;
/// Cards in hand between turns.
pub const HAND: u8 = 5;
/// The most kinds of card a Touring pack may have: a set of kinds is a `u16`, counted by lookup.
pub const MAX_KINDS: usize = 14;

/// Where a side stands in the race (or trip).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Has not played Go yet (in 1926, also after losing its miles for speeding).
    NotStarted,
    /// Free to play miles.
    Running,
    /// An opponent's delay lies on its Go pile; it must mend it and play Go.
    Delayed,
}

impl Status {
    /// Words for messages.
    pub const fn describe(self) -> &'static str {
        match self {
            Status::NotStarted => "not started",
            Status::Running => "running",
            Status::Delayed => "delayed",
        }
    }

    /// The key a message selects its words on (`refused-t26-target-not-running`).
    pub const fn key(self) -> &'static str {
        match self {
            Status::NotStarted => "not-started",
            Status::Running => "running",
            Status::Delayed => "delayed",
        }
    }
}

/// A Touring card: a kind of card with a Go card, which starts a side and gets it going again.
pub trait TouringCard: CardKind {
    /// The Go card.
    const GO: Self;
}

/// What a side must do before it may play miles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need<C> {
    /// Nothing: the side is running (Go is exposed).
    Running,
    /// Go, to start (in 1926, also to start again after speeding).
    Start,
    /// Go, to get going after a delay that is mended (in 1926, also after a Puncture).
    Go,
    /// This remedy, then Go (after the delay it mends).
    Mend(C),
}

impl<C: TouringCard> Need<C> {
    /// The side's status.
    pub const fn status(self) -> Status {
        match self {
            Need::Running => Status::Running,
            Need::Start => Status::NotStarted,
            Need::Go | Need::Mend(_) => Status::Delayed,
        }
    }

    /// The cards the side must play before it may play miles, in order.
    pub fn cards(self) -> Vec<C> {
        match self {
            Need::Running => Vec::new(),
            Need::Start | Need::Go => vec![C::GO],
            Need::Mend(remedy) => vec![remedy, C::GO],
        }
    }

    /// The card the side must play next, if any.
    #[inline]
    pub fn next(self) -> Option<C> {
        match self {
            Need::Running => None,
            Need::Start | Need::Go => Some(C::GO),
            Need::Mend(remedy) => Some(remedy),
        }
    }

    /// What playing `card` (a remedy or Go) leaves the side needing; or, when it may not be
    /// played, `Err(None)` for a side already running, and `Err(Some(needed))` for a card out
    /// of order.
    pub fn after(self, card: C) -> Result<Need<C>, Option<C>> {
        match self {
            Need::Running => Err(None),
            Need::Start | Need::Go if card == C::GO => Ok(Need::Running),
            Need::Mend(remedy) if card == remedy => Ok(Need::Go),
            need => Err(need.next()),
        }
    }
}

/// The bit of a kind in a set of kinds.
#[inline]
pub fn bit<C: CardKind>(card: C) -> u16 {
    1 << card.index()
}

/// A hand: counts per kind, and a bit per kind held, so legal moves visit only what is there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hand<C, const N: usize> {
    pub counts: Counts<C, N>,
    pub mask: u16,
    pub len: u8,
}

impl<C: CardKind, const N: usize> Default for Hand<C, N> {
    fn default() -> Self {
        Hand {
            counts: Counts::EMPTY,
            mask: 0,
            len: 0,
        }
    }
}

impl<C: CardKind, const N: usize> Hand<C, N> {
    /// A hand holding these cards.
    pub fn from_counts(counts: Counts<C, N>) -> Self {
        let mut hand = Self::default();
        for card in counts.cards() {
            hand.add(card);
        }
        hand
    }

    #[inline]
    pub fn has(&self, card: C) -> bool {
        self.mask & bit(card) != 0
    }

    #[inline]
    pub fn add(&mut self, card: C) {
        self.counts.add(card, 1);
        self.mask |= bit(card);
        self.len += 1;
    }

    #[inline]
    pub fn remove(&mut self, card: C) {
        self.counts.remove(card, 1);
        if self.counts.get(card) == 0 {
            self.mask &= !bit(card);
        }
        self.len -= 1;
    }
}

/// A pile whose top card matters: a side's Go pile (or Freeway pile), the speed pile, the
/// discard pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TopPile<C, const N: usize> {
    pub counts: Counts<C, N>,
    pub len: u8,
    pub top: Option<C>,
}

impl<C: CardKind, const N: usize> Default for TopPile<C, N> {
    fn default() -> Self {
        TopPile {
            counts: Counts::EMPTY,
            len: 0,
            top: None,
        }
    }
}

impl<C: CardKind, const N: usize> TopPile<C, N> {
    #[inline]
    pub fn push(&mut self, card: C) {
        self.counts.add(card, 1);
        self.len += 1;
        self.top = Some(card);
    }

    /// Takes every card but the top one away (for a reshuffle).
    pub fn take_all_but_top(&mut self) -> Counts<C, N> {
        let mut taken = self.counts;
        self.counts = Counts::EMPTY;
        self.len = 0;
        if let Some(top) = self.top {
            taken.remove(top, 1);
            self.counts.add(top, 1);
            self.len = 1;
        }
        taken
    }

    /// Takes every card away.
    pub fn take_all(&mut self) -> Counts<C, N> {
        std::mem::take(self).counts
    }
}

/// The number of kinds in a set, by lookup (see [`crate::popcounts`]).
#[inline]
pub fn popcount(kinds: u16) -> u32 {
    const TABLE: [u8; 1 << MAX_KINDS] = crate::popcounts();
    u32::from(TABLE[usize::from(kinds) & ((1 << MAX_KINDS) - 1)])
}

/// The `n`-th kind (from 0) in a set, in canonical order.
#[inline]
pub fn nth_bit<C: CardKind>(mut kinds: u16, n: u32) -> Option<C> {
    for _ in 0..n {
        kinds &= kinds.wrapping_sub(1);
    }
    (kinds != 0).then(|| C::from_bit(kinds.trailing_zeros()))
}

/// The kinds in a set, in canonical order.
#[inline]
pub fn bits<C: CardKind>(mut kinds: u16) -> impl Iterator<Item = C> {
    std::iter::from_fn(move || {
        (kinds != 0).then(|| {
            let card = C::from_bit(kinds.trailing_zeros());
            kinds &= kinds - 1;
            card
        })
    })
}

/// The mileage cards of a pack whose piles have room under the quotas, as a set of kinds.
pub fn open_piles<C: CardKind>(miles: [C; 4], piles: [u8; 4], quota: [u8; 4]) -> u16 {
    miles
        .into_iter()
        .enumerate()
        .filter(|&(p, _)| piles[p] < quota[p])
        .fold(0, |kinds, (_, card)| kinds | bit(card))
}

/// A new game's draw pile (the top card last) and its length: `stacked` cards come off the
/// top first, in order; the rest of the pack follows in the order the seed shuffles it. The
/// hands are then dealt from it, five each one at a time from seat 0, and seat 0 draws its
/// sixth card as its turn begins.
pub fn deal<C: CardKind, const N: usize, const P: usize>(
    pack: Counts<C, N>,
    stacked: &[C],
    seed: u64,
    players: u8,
    hands: &mut [Hand<C, N>],
) -> Result<([C; P], u8), SetupError> {
    let rest = crate::setup::unstacked(pack, stacked)?;
    let mut rng = rng_from_seed(seed);
    let filler = C::all()[0];
    // The deal order, top card first: the stacked cards, then the rest shuffled.
    let mut order = [filler; P];
    let mut len = 0;
    for card in stacked.iter().copied().chain(rest.cards()) {
        order[len] = card;
        len += 1;
    }
    shuffle(&mut rng, &mut order[stacked.len()..len]);
    let mut draw = [filler; P];
    for (slot, &card) in draw[..len].iter_mut().zip(order[..len].iter().rev()) {
        *slot = card;
    }
    let mut draw_len = len as u8;
    for _ in 0..HAND {
        for seat in 0..players {
            draw_len -= 1;
            hands[usize::from(seat)].add(draw[usize::from(draw_len)]);
        }
    }
    Ok((draw, draw_len))
}

/// Lays the cards gathered for a reshuffle out as the new draw pile and shuffles it with the
/// seed of reshuffle number `reshuffles + 1`, derived from the game's seed. Returns its length.
pub fn refill<C: CardKind, const N: usize>(
    draw: &mut [C],
    pool: &Counts<C, N>,
    seed: u64,
    reshuffles: u32,
) -> u8 {
    let mut len = 0;
    for card in pool.cards() {
        draw[len] = card;
        len += 1;
    }
    let mut rng = rng_from_seed(derive_seed(seed, u64::from(reshuffles) + 1));
    shuffle(&mut rng, &mut draw[..len]);
    len as u8
}

/// Takes the top card of a draw pile into a hand; `None` when the pile is empty.
#[inline]
pub fn draw_top<C: CardKind, const N: usize>(
    draw: &[C],
    draw_len: &mut u8,
    hand: &mut Hand<C, N>,
) -> Option<C> {
    if *draw_len == 0 {
        return None;
    }
    *draw_len -= 1;
    let card = draw[usize::from(*draw_len)];
    hand.add(card);
    Some(card)
}

/// The seat after `seat`, round the table.
#[inline]
pub const fn next_seat(seat: Seat, players: u8) -> Seat {
    if seat + 1 == players { 0 } else { seat + 1 }
}

/// What is always in play, summed: the draw pile, the hands, the Go piles and the mileage piles.
/// Each rule set adds its own piles for its census.
pub fn census<C: CardKind, const N: usize>(
    draw: &[C],
    hands: &[Hand<C, N>],
    go: &[TopPile<C, N>],
    piles: &[[u8; 4]],
    miles: [C; 4],
) -> Counts<C, N> {
    let mut all = Counts::EMPTY;
    for &card in draw {
        all.add(card, 1);
    }
    for hand in hands {
        all.add_all(&hand.counts);
    }
    for (pile, side) in go.iter().zip(piles) {
        all.add_all(&pile.counts);
        for (card, &n) in miles.iter().zip(side) {
            all.add(*card, n);
        }
    }
    all
}

/// Every seat's hand size, for an observation.
pub fn hand_sizes<C: CardKind, const N: usize>(hands: &[Hand<C, N>]) -> [u8; MAX_SEATS] {
    let mut sizes = [0; MAX_SEATS];
    for (size, hand) in sizes.iter_mut().zip(hands) {
        *size = hand.len;
    }
    sizes
}

/// Deals the cards a seat cannot place, shuffled, for a determinized game: into the other
/// seats' hands to their sizes, then `face_down` of them onto `deadwood` (the part of a face-down
/// discard pile the seat does not know), then the rest onto the draw pile.
#[allow(clippy::too_many_arguments)]
pub fn deal_unseen<C: CardKind, const N: usize, R: rand::Rng + ?Sized>(
    unseen: &Counts<C, N>,
    rng: &mut R,
    observer: Seat,
    hand_sizes: &[u8],
    hands: &mut [Hand<C, N>],
    (deadwood, face_down): (&mut Counts<C, N>, u8),
    draw: &mut [C],
    draw_len: &mut u8,
) {
    let mut cards = [C::all()[0]; 256];
    let mut len = 0;
    for card in unseen.cards() {
        cards[len] = card;
        len += 1;
    }
    shuffle(rng, &mut cards[..len]);
    let mut dealt = cards[..len].iter().copied();
    for ((seat, &size), hand) in (0..).zip(hand_sizes).zip(hands) {
        if seat != observer {
            for card in dealt.by_ref().take(usize::from(size)) {
                hand.add(card);
            }
        }
    }
    for card in dealt.by_ref().take(usize::from(face_down)) {
        deadwood.add(card, 1);
    }
    for card in dealt {
        draw[usize::from(*draw_len)] = card;
        *draw_len += 1;
    }
}

/// One seat of a view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView<C> {
    pub seat: Seat,
    pub side: Side,
    /// The cards in hand, or null where the viewer may not see them.
    pub hand: Option<Vec<C>>,
    pub hand_size: u32,
}

/// Every seat as `viewer` may see it (`None`: a referee, who sees every hand).
pub fn seat_views<C: CardKind, const N: usize>(
    hands: &[Hand<C, N>],
    side_of: &[Side],
    viewer: Option<Seat>,
) -> Vec<SeatView<C>> {
    hands
        .iter()
        .zip(side_of)
        .zip(0..)
        .map(|((hand, &side), seat)| {
            let visible = viewer.is_none_or(|v| v == seat);
            SeatView {
                seat,
                side,
                hand: visible.then(|| hand.counts.cards().collect()),
                hand_size: u32::from(hand.len),
            }
        })
        .collect()
}

/// A paper score card for a race: a row per mileage card with its quota and how many the pack
/// holds.
pub fn mile_sheet<C: CardKind, const N: usize>(
    miles: [C; 4],
    labels: [&'static str; 4],
    value: impl Fn(C) -> u32,
    quota: [u8; 4],
    pack: Counts<C, N>,
) -> ScoreSheet {
    ScoreSheet {
        unit: ScoreUnit::Miles,
        rows: miles
            .into_iter()
            .zip(labels)
            .zip(quota)
            .map(|((card, label), quota)| SheetRow {
                id: card.id(),
                label,
                value: value(card),
                quota: Some(u32::from(quota)),
                pack: Some(u32::from(pack.get(card))),
                most: None,
                full_bonus: 0,
            })
            .collect(),
    }
}

/// What lies face up on the sides' piles, added to `table`: every card of each side's Go pile
/// (`go`) and the mileage cards on its piles (`piles`, counts of the `miles` cards).
pub fn face_up<C: CardKind, const N: usize>(
    mut table: Counts<C, N>,
    go: &[TopPile<C, N>],
    piles: &[[u8; 4]],
    miles: [C; 4],
) -> Counts<C, N> {
    for (pile, counts) in go.iter().zip(piles) {
        table.add_all(&pile.counts);
        for (&card, &n) in miles.iter().zip(counts) {
            table.add(card, n);
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::touring1958::Card;

    #[test]
    fn popcount_and_nth_bit_agree_with_the_standard_library() {
        for kinds in 0..(1u16 << MAX_KINDS) {
            assert_eq!(popcount(kinds), kinds.count_ones());
            let listed: Vec<Card> = bits(kinds).collect();
            for (n, &card) in listed.iter().enumerate() {
                assert_eq!(nth_bit::<Card>(kinds, n as u32), Some(card));
            }
            assert_eq!(nth_bit::<Card>(kinds, listed.len() as u32), None);
        }
    }
}
