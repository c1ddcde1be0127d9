//! The cards of the 1937-1958 Touring pack and a fixed-size multiset of them.
//!
//! As in the 1926 game, cards of one kind are indistinguishable, so hands and piles are counts
//! per kind: a state is a few hundred bytes and never touches the heap.

crate::card_enum! {
    /// A kind of card. The discriminants are indexes into [`Counts`] and bits of a set of kinds.
    Card {
        Go, Freeway, PopulatedArea,
        StopToRefuel, Gasoline, MissedTheCurve, Wrecker,
        BurningOil, BrokenSpring, BrakeAdjustment,
        Mile25, Mile35, Mile50, Mile75,
    }
}

impl Card {
    /// The four mileage cards, smallest first: the order of a side's mileage piles.
    pub const MILES: [Card; 4] = [Card::Mile25, Card::Mile35, Card::Mile50, Card::Mile75];

    /// The five delay cards a table of three or six plays without one of each.
    pub const DELAYS: [Card; 5] = [
        Card::StopToRefuel,
        Card::MissedTheCurve,
        Card::BurningOil,
        Card::BrokenSpring,
        Card::BrakeAdjustment,
    ];

    /// The identifier used in the protocol and the API (`"missed_the_curve"`).
    pub const fn id(self) -> &'static str {
        match self {
            Card::Go => "go",
            Card::Freeway => "freeway",
            Card::PopulatedArea => "populated_area",
            Card::StopToRefuel => "stop_to_refuel",
            Card::Gasoline => "gasoline",
            Card::MissedTheCurve => "missed_the_curve",
            Card::Wrecker => "wrecker",
            Card::BurningOil => "burning_oil",
            Card::BrokenSpring => "broken_spring",
            Card::BrakeAdjustment => "brake_adjustment",
            Card::Mile25 => "mile25",
            Card::Mile35 => "mile35",
            Card::Mile50 => "mile50",
            Card::Mile75 => "mile75",
        }
    }

    /// The message of the card's name in the reader's language (`locales/*/touring.ftl`).
    pub const fn message(self) -> &'static str {
        match self {
            Card::Go => "t58-card-go",
            Card::Freeway => "t58-card-freeway",
            Card::PopulatedArea => "t58-card-populated_area",
            Card::StopToRefuel => "t58-card-stop_to_refuel",
            Card::Gasoline => "t58-card-gasoline",
            Card::MissedTheCurve => "t58-card-missed_the_curve",
            Card::Wrecker => "t58-card-wrecker",
            Card::BurningOil => "t58-card-burning_oil",
            Card::BrokenSpring => "t58-card-broken_spring",
            Card::BrakeAdjustment => "t58-card-brake_adjustment",
            Card::Mile25 => "t58-card-mile25",
            Card::Mile35 => "t58-card-mile35",
            Card::Mile50 => "t58-card-mile50",
            Card::Mile75 => "t58-card-mile75",
        }
    }

    /// The name printed on the card (`"Missed the Curve"`).
    pub const fn name(self) -> &'static str {
        match self {
            Card::Go => "Go",
            Card::Freeway => "Freeway",
            Card::PopulatedArea => "Populated Area",
            Card::StopToRefuel => "Stop to Refuel",
            Card::Gasoline => "Gasoline",
            Card::MissedTheCurve => "Missed the Curve",
            Card::Wrecker => "Wrecker",
            Card::BurningOil => "Burning Oil",
            Card::BrokenSpring => "Broken Spring",
            Card::BrakeAdjustment => "Brake Adjustment",
            Card::Mile25 => "25 Miles",
            Card::Mile35 => "35 Miles",
            Card::Mile50 => "50 Miles",
            Card::Mile75 => "75 Miles",
        }
    }

    /// Miles scored by a mileage card; 0 for every other card.
    #[inline]
    pub const fn miles(self) -> u32 {
        match self {
            Card::Mile25 => 25,
            Card::Mile35 => 35,
            Card::Mile50 => 50,
            Card::Mile75 => 75,
            _ => 0,
        }
    }

    /// Is this one of the four mileage cards?
    #[inline]
    pub const fn is_mile(self) -> bool {
        self as u8 >= Card::Mile25 as u8
    }

    /// For a mileage card, the index of its pile (0 = 25-mile pile .. 3 = 75-mile pile).
    #[inline]
    pub const fn pile(self) -> usize {
        (self as usize).wrapping_sub(Card::Mile25 as usize) & 3
    }

    /// Does this mileage card need a Freeway exposed (50 and 75)?
    #[inline]
    pub const fn needs_freeway(self) -> bool {
        matches!(self, Card::Mile50 | Card::Mile75)
    }

    /// Is this card played on another side (Populated Area and the five delays)?
    #[inline]
    pub const fn is_attack(self) -> bool {
        matches!(
            self,
            Card::PopulatedArea
                | Card::StopToRefuel
                | Card::MissedTheCurve
                | Card::BurningOil
                | Card::BrokenSpring
                | Card::BrakeAdjustment
        )
    }

    /// For Burning Oil, Broken Spring and Brake Adjustment, the mileage card it takes away.
    ///
    /// Ruling (touring-1958.md): the card faces' denominations are not in the rule texts;
    /// Burning Oil takes a 75, Broken Spring a 50, Brake Adjustment a 35. Change them here.
    #[inline]
    pub const fn takes(self) -> Option<Card> {
        match self {
            Card::BurningOil => Some(BURNING_OIL_TAKES),
            Card::BrokenSpring => Some(BROKEN_SPRING_TAKES),
            Card::BrakeAdjustment => Some(BRAKE_ADJUSTMENT_TAKES),
            _ => None,
        }
    }
}

/// The mileage card Burning Oil takes (a ruling: see [`Card::takes`]).
pub const BURNING_OIL_TAKES: Card = Card::Mile75;
/// The mileage card Broken Spring takes (a ruling: see [`Card::takes`]).
pub const BROKEN_SPRING_TAKES: Card = Card::Mile50;
/// The mileage card Brake Adjustment takes (a ruling: see [`Card::takes`]).
pub const BRAKE_ADJUSTMENT_TAKES: Card = Card::Mile35;

crate::card_kind!(Card, bits: 16);

/// A multiset of cards: how many of each kind.
pub type Counts = crate::Counts<Card, KINDS>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CardKind;

    #[test]
    fn mileage_cards_and_attacks_are_told_apart() {
        assert_eq!(Card::from_id("mile5"), None, "another game's card");
        for (p, card) in Card::MILES.into_iter().enumerate() {
            assert!(card.is_mile());
            assert_eq!(card.pile(), p);
        }
        assert!(!Card::BrakeAdjustment.is_mile());
        assert!(Card::Mile50.needs_freeway() && !Card::Mile35.needs_freeway());
        assert_eq!(Card::BurningOil.takes(), Some(Card::Mile75));
        assert_eq!(Card::BrokenSpring.takes(), Some(Card::Mile50));
        assert_eq!(Card::BrakeAdjustment.takes(), Some(Card::Mile35));
        assert!(Card::DELAYS.iter().all(|c| c.is_attack()));
        assert!(Card::PopulatedArea.is_attack() && !Card::Freeway.is_attack());
    }
}
