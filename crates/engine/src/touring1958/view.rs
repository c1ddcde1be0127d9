//! What one seat (or a referee) may see of a game of Touring (1937-1958): the STATE object of
//! the engine protocol. The discard pile is face up, so its top card is public.
//!
//! Views are built from the state for one viewer, never by blanking a full view afterwards,
//! so a hand that the viewer may not see is never put into the structure at all.

use serde::Serialize;

use super::Status;
use super::cards::Card;

crate::touring_family::touring_views! {
    view {
        pub draw_pile: u32,
        /// Cards on the discard pile.
        pub discard: u32,
        /// The discard pile's top card (face up), if any.
        pub discard_top: Option<Card>,
        /// The miles of a complete trip (590, or 295 with three or six players).
        pub trip: u32,
    }
    /// One side: its Go pile, its Freeway pile and its mileage piles.
    side {
        /// The cards the side must still play, in order, before it may play miles.
        pub needs: Vec<Card>,
        pub go_top: Option<Card>,
        pub go_pile: u32,
        /// Freeway or Populated Area, if the side's Freeway pile has a card.
        pub freeway_top: Option<Card>,
        pub freeway_pile: u32,
    }
}

/// A count per mileage pile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct MilePiles {
    pub mile25: u8,
    pub mile35: u8,
    pub mile50: u8,
    pub mile75: u8,
}

impl MilePiles {
    /// From counts in pile order (25, 35, 50, 75).
    pub const fn from_array(a: [u8; 4]) -> MilePiles {
        MilePiles {
            mile25: a[0],
            mile35: a[1],
            mile50: a[2],
            mile75: a[3],
        }
    }

    /// Counts in pile order (25, 35, 50, 75).
    pub const fn to_array(self) -> [u8; 4] {
        [self.mile25, self.mile35, self.mile50, self.mile75]
    }

    /// The miles these piles are worth.
    pub fn miles(self) -> u32 {
        super::miles_of(self.to_array())
    }
}

crate::touring_family::view_impls!();
