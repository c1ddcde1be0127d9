//! The cards of the Touring pack and small fixed-size collections of them.
//!
//! Cards of one kind are indistinguishable, so piles and hands are kept as counts per kind.
//! That keeps every state a few hundred bytes with no heap, which is what lets self-play run
//! millions of decisions a second.

crate::card_enum! {
    /// A kind of card. The discriminants are indexes into [`Counts`].
    Card {
        Go,
        CityLimits, Country,
        Collision, HauledIn, OutOfGasoline, Gasoline, Puncture,
        Mile1, Mile3, Mile5, Mile10,
    }
}

impl Card {
    /// The four mile cards, smallest first: the order of a side's mile piles.
    pub const MILES: [Card; 4] = [Card::Mile1, Card::Mile3, Card::Mile5, Card::Mile10];

    /// The identifier used in the protocol and the API (`"hauled_in"`).
    pub const fn id(self) -> &'static str {
        match self {
            Card::Go => "go",
            Card::CityLimits => "city_limits",
            Card::Country => "country",
            Card::Collision => "collision",
            Card::HauledIn => "hauled_in",
            Card::OutOfGasoline => "out_of_gasoline",
            Card::Gasoline => "gasoline",
            Card::Puncture => "puncture",
            Card::Mile1 => "mile1",
            Card::Mile3 => "mile3",
            Card::Mile5 => "mile5",
            Card::Mile10 => "mile10",
        }
    }

    /// The message of the card's name in the reader's language (`locales/*/touring.ftl`).
    pub const fn message(self) -> &'static str {
        match self {
            Card::Go => "t26-card-go",
            Card::CityLimits => "t26-card-city_limits",
            Card::Country => "t26-card-country",
            Card::Collision => "t26-card-collision",
            Card::HauledIn => "t26-card-hauled_in",
            Card::OutOfGasoline => "t26-card-out_of_gasoline",
            Card::Gasoline => "t26-card-gasoline",
            Card::Puncture => "t26-card-puncture",
            Card::Mile1 => "t26-card-mile1",
            Card::Mile3 => "t26-card-mile3",
            Card::Mile5 => "t26-card-mile5",
            Card::Mile10 => "t26-card-mile10",
        }
    }

    /// The name printed on the card (`"Hauled In"`).
    pub const fn name(self) -> &'static str {
        match self {
            Card::Go => "Go",
            Card::CityLimits => "City Limits",
            Card::Country => "Country",
            Card::Collision => "Collision",
            Card::HauledIn => "Hauled In",
            Card::OutOfGasoline => "Out of Gasoline",
            Card::Gasoline => "Gasoline",
            Card::Puncture => "Puncture",
            Card::Mile1 => "1 Mile",
            Card::Mile3 => "3 Miles",
            Card::Mile5 => "5 Miles",
            Card::Mile10 => "10 Miles",
        }
    }

    /// Miles scored by a mile card; 0 for every other card.
    #[inline]
    pub const fn miles(self) -> u32 {
        match self {
            Card::Mile1 => 1,
            Card::Mile3 => 3,
            Card::Mile5 => 5,
            Card::Mile10 => 10,
            _ => 0,
        }
    }

    /// Is this one of the four mile cards?
    #[inline]
    pub const fn is_mile(self) -> bool {
        self as u8 >= Card::Mile1 as u8
    }

    /// For a mile card, the index of its pile (0 = 1-mile pile .. 3 = 10-mile pile).
    #[inline]
    pub const fn pile(self) -> usize {
        self as usize - Card::Mile1 as usize
    }

    /// Hours of delay printed on a delay card; 0 for every other card.
    #[inline]
    pub const fn delay_hours(self) -> u32 {
        match self {
            Card::Collision | Card::OutOfGasoline => 1,
            Card::Puncture => 2,
            _ => 0,
        }
    }

    /// Is this a delay card (Collision, Out of Gasoline, Puncture)?
    #[inline]
    pub const fn is_delay(self) -> bool {
        self.delay_hours() > 0
    }
}

crate::card_kind!(Card, bits: 16);

/// A multiset of cards: how many of each kind.
pub type Counts = crate::Counts<Card, KINDS>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CardKind;

    #[test]
    fn delay_hours_are_printed_on_the_cards() {
        assert_eq!(Card::from_id("mile2"), None, "another game's card");
        assert_eq!(Card::Collision.delay_hours(), 1);
        assert_eq!(Card::OutOfGasoline.delay_hours(), 1);
        assert_eq!(Card::Puncture.delay_hours(), 2);
        assert!(!Card::Go.is_delay());
        assert!(Card::MILES.iter().all(|c| c.is_mile()));
        assert!(!Card::Puncture.is_mile());
    }
}
