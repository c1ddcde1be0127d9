//! The cards of the Touring pack and small fixed-size collections of them.
//!
//! Cards of one kind are indistinguishable, so piles and hands are kept as counts per kind.
//! That keeps every state a few hundred bytes with no heap, which is what lets self-play run
//! millions of decisions a second.

use serde::{Deserialize, Serialize};

/// A kind of card. The discriminants are indexes into [`Counts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum Card {
    #[serde(rename = "go")]
    Go = 0,
    #[serde(rename = "city_limits")]
    CityLimits = 1,
    #[serde(rename = "country")]
    Country = 2,
    #[serde(rename = "collision")]
    Collision = 3,
    #[serde(rename = "hauled_in")]
    HauledIn = 4,
    #[serde(rename = "out_of_gasoline")]
    OutOfGasoline = 5,
    #[serde(rename = "gasoline")]
    Gasoline = 6,
    #[serde(rename = "puncture")]
    Puncture = 7,
    #[serde(rename = "mile1")]
    Mile1 = 8,
    #[serde(rename = "mile3")]
    Mile3 = 9,
    #[serde(rename = "mile5")]
    Mile5 = 10,
    #[serde(rename = "mile10")]
    Mile10 = 11,
}

/// How many kinds of card there are.
pub const KINDS: usize = 12;

impl Card {
    /// Every kind, in the canonical order used to lay out a fresh pack before shuffling.
    pub const ALL: [Card; KINDS] = [
        Card::Go,
        Card::CityLimits,
        Card::Country,
        Card::Collision,
        Card::HauledIn,
        Card::OutOfGasoline,
        Card::Gasoline,
        Card::Puncture,
        Card::Mile1,
        Card::Mile3,
        Card::Mile5,
        Card::Mile10,
    ];

    /// The four mile cards, smallest first: the order of a side's mile piles.
    pub const MILES: [Card; 4] = [Card::Mile1, Card::Mile3, Card::Mile5, Card::Mile10];

    /// The card at a position of [`Card::ALL`].
    #[inline]
    pub const fn from_index(index: usize) -> Card {
        Card::ALL[index]
    }

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
pub type Counts = crate::engine::Counts<Card, KINDS>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::CardKind;

    #[test]
    fn card_ids_round_trip_and_match_serde() {
        for card in Card::ALL {
            assert_eq!(Card::from_id(card.id()), Some(card));
            let json = serde_json::to_string(&card).expect("serialise");
            assert_eq!(json, format!("\"{}\"", card.id()));
            assert_eq!(Card::from_index(card.index()), card);
        }
        assert_eq!(Card::from_id("mile2"), None);
    }

    #[test]
    fn delay_hours_are_printed_on_the_cards() {
        assert_eq!(Card::Collision.delay_hours(), 1);
        assert_eq!(Card::OutOfGasoline.delay_hours(), 1);
        assert_eq!(Card::Puncture.delay_hours(), 2);
        assert!(!Card::Go.is_delay());
        assert!(Card::MILES.iter().all(|c| c.is_mile()));
        assert!(!Card::Puncture.is_mile());
    }
}
