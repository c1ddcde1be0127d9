//! The cards of Mille Bornes and a fixed-size multiset of them.
//!
//! As in the Touring packs, cards of one kind are indistinguishable, so hands and most piles
//! are counts per kind and a state never touches the heap. The battle pile keeps its order
//! (see `SidePiles`), because a safety that cancels the hazard on top uncovers the card beneath.

crate::card_enum! {
    /// A kind of card. The discriminants are indexes into [`Counts`] and bits of a set of kinds.
    Card {
        D25, D50, D75, D100, D200,
        OutOfGas, FlatTire, Accident, SpeedLimit, Stop,
        Gasoline, SpareTire, Repairs, EndOfLimit, Roll,
        ExtraTank, PunctureProof, DrivingAce, RightOfWay,
    }
}

impl Card {
    /// The five distance cards, shortest first: the order of a side's distance piles.
    pub const DISTANCE: [Card; 5] = [Card::D25, Card::D50, Card::D75, Card::D100, Card::D200];

    /// The four safeties, in the order of the bits of a side's safety area.
    pub const SAFETIES: [Card; 4] = [
        Card::ExtraTank,
        Card::PunctureProof,
        Card::DrivingAce,
        Card::RightOfWay,
    ];

    /// The hazards a table of two or three plays without one of each (and one Speed Limit).
    pub const SHORT_PACK_REMOVED: [Card; 5] = [
        Card::Stop,
        Card::Accident,
        Card::OutOfGas,
        Card::FlatTire,
        Card::SpeedLimit,
    ];

    /// The bit of this kind in a set of kinds.
    #[inline]
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }

    /// The identifier used in the protocol and the API (`"out_of_gas"`).
    pub const fn id(self) -> &'static str {
        match self {
            Card::D25 => "d25",
            Card::D50 => "d50",
            Card::D75 => "d75",
            Card::D100 => "d100",
            Card::D200 => "d200",
            Card::OutOfGas => "out_of_gas",
            Card::FlatTire => "flat_tire",
            Card::Accident => "accident",
            Card::SpeedLimit => "speed_limit",
            Card::Stop => "stop",
            Card::Gasoline => "gasoline",
            Card::SpareTire => "spare_tire",
            Card::Repairs => "repairs",
            Card::EndOfLimit => "end_of_limit",
            Card::Roll => "roll",
            Card::ExtraTank => "extra_tank",
            Card::PunctureProof => "puncture_proof",
            Card::DrivingAce => "driving_ace",
            Card::RightOfWay => "right_of_way",
        }
    }

    /// The message of the card's name in the reader's language (`locales/*/mille-bornes.ftl`).
    pub const fn message(self) -> &'static str {
        match self {
            Card::D25 => "mb-card-d25",
            Card::D50 => "mb-card-d50",
            Card::D75 => "mb-card-d75",
            Card::D100 => "mb-card-d100",
            Card::D200 => "mb-card-d200",
            Card::OutOfGas => "mb-card-out_of_gas",
            Card::FlatTire => "mb-card-flat_tire",
            Card::Accident => "mb-card-accident",
            Card::SpeedLimit => "mb-card-speed_limit",
            Card::Stop => "mb-card-stop",
            Card::Gasoline => "mb-card-gasoline",
            Card::SpareTire => "mb-card-spare_tire",
            Card::Repairs => "mb-card-repairs",
            Card::EndOfLimit => "mb-card-end_of_limit",
            Card::Roll => "mb-card-roll",
            Card::ExtraTank => "mb-card-extra_tank",
            Card::PunctureProof => "mb-card-puncture_proof",
            Card::DrivingAce => "mb-card-driving_ace",
            Card::RightOfWay => "mb-card-right_of_way",
        }
    }

    /// The name printed on the card.
    pub const fn name(self) -> &'static str {
        match self {
            Card::D25 => "25 Miles",
            Card::D50 => "50 Miles",
            Card::D75 => "75 Miles",
            Card::D100 => "100 Miles",
            Card::D200 => "200 Miles",
            Card::OutOfGas => "Out of Gas",
            Card::FlatTire => "Flat Tire",
            Card::Accident => "Accident",
            Card::SpeedLimit => "Speed Limit",
            Card::Stop => "Stop",
            Card::Gasoline => "Gasoline",
            Card::SpareTire => "Spare Tire",
            Card::Repairs => "Repairs",
            Card::EndOfLimit => "End of Limit",
            Card::Roll => "Roll",
            Card::ExtraTank => "Extra Tank",
            Card::PunctureProof => "Puncture-Proof",
            Card::DrivingAce => "Driving Ace",
            Card::RightOfWay => "Right of Way",
        }
    }

    /// Miles of a distance card; 0 for every other card.
    #[inline]
    pub const fn miles(self) -> u32 {
        match self {
            Card::D25 => 25,
            Card::D50 => 50,
            Card::D75 => 75,
            Card::D100 => 100,
            Card::D200 => 200,
            _ => 0,
        }
    }

    /// Is this a distance card?
    #[inline]
    pub const fn is_distance(self) -> bool {
        (self as u8) <= Card::D200 as u8
    }

    /// Is this one of the five hazards (Speed Limit included)?
    #[inline]
    pub const fn is_hazard(self) -> bool {
        matches!(
            self,
            Card::OutOfGas | Card::FlatTire | Card::Accident | Card::SpeedLimit | Card::Stop
        )
    }

    /// Is this a hazard that goes on a battle pile (every hazard but Speed Limit)?
    #[inline]
    pub const fn is_battle_hazard(self) -> bool {
        self.is_hazard() && !matches!(self, Card::SpeedLimit)
    }

    /// Is this a remedy (Roll and End of Limit included)?
    #[inline]
    pub const fn is_remedy(self) -> bool {
        matches!(
            self,
            Card::Gasoline | Card::SpareTire | Card::Repairs | Card::EndOfLimit | Card::Roll
        )
    }

    /// Is this one of the four safeties?
    #[inline]
    pub const fn is_safety(self) -> bool {
        (self as u8) >= Card::ExtraTank as u8
    }

    /// For a safety, its bit in a side's safety area (0..4).
    #[inline]
    pub const fn safety_index(self) -> usize {
        (self as usize).wrapping_sub(Card::ExtraTank as usize) & 3
    }

    /// For a hazard, the safety that prevents it (Right of Way for both Stop and Speed Limit).
    pub const fn safety(self) -> Option<Card> {
        match self {
            Card::OutOfGas => Some(Card::ExtraTank),
            Card::FlatTire => Some(Card::PunctureProof),
            Card::Accident => Some(Card::DrivingAce),
            Card::SpeedLimit | Card::Stop => Some(Card::RightOfWay),
            _ => None,
        }
    }

    /// For a hazard, the remedy played on it.
    pub const fn remedy(self) -> Option<Card> {
        match self {
            Card::OutOfGas => Some(Card::Gasoline),
            Card::FlatTire => Some(Card::SpareTire),
            Card::Accident => Some(Card::Repairs),
            Card::SpeedLimit => Some(Card::EndOfLimit),
            Card::Stop => Some(Card::Roll),
            _ => None,
        }
    }

    /// For Gasoline, Spare Tire, Repairs and End of Limit: the hazard it mends.
    pub const fn mends(self) -> Option<Card> {
        match self {
            Card::Gasoline => Some(Card::OutOfGas),
            Card::SpareTire => Some(Card::FlatTire),
            Card::Repairs => Some(Card::Accident),
            Card::EndOfLimit => Some(Card::SpeedLimit),
            _ => None,
        }
    }
}

crate::card_kind!(Card, bits: 32);

/// A multiset of cards: how many of each kind.
pub type Counts = crate::Counts<Card, KINDS>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CardKind;

    #[test]
    fn every_card_is_exactly_one_of_distance_hazard_remedy_safety() {
        assert_eq!(Card::from_id("mile25"), None, "another game's card");
        for card in Card::ALL {
            let kinds = [
                card.is_distance(),
                card.is_hazard(),
                card.is_remedy(),
                card.is_safety(),
            ];
            assert_eq!(kinds.iter().filter(|&&k| k).count(), 1, "{card}");
        }
        for hazard in Card::ALL.into_iter().filter(|c| c.is_hazard()) {
            let remedy = hazard.remedy().expect("a remedy");
            assert!(hazard.safety().is_some_and(Card::is_safety));
            if remedy != Card::Roll {
                assert_eq!(remedy.mends(), Some(hazard));
            }
        }
        for (i, safety) in Card::SAFETIES.into_iter().enumerate() {
            assert_eq!(safety.safety_index(), i);
        }
    }
}
