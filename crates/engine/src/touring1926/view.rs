//! What one seat (or a referee) may see of a game: the STATE object of the engine protocol.
//!
//! Views are built from the state for one viewer, never by blanking a full view afterwards,
//! so a hand that the viewer may not see is never put into the structure at all.

use serde::Serialize;

use super::cards::Card;
use super::{Speed, Status};
use crate::{Seat, Side};

crate::touring_family::touring_views! {
    view {
        pub speed: Speed,
        pub draw_pile: u32,
        pub deadwood: u32,
        pub speed_pile: u32,
        /// The miles that win the race (50, or 30 with three players).
        pub race: u32,
    }
    /// One side: its Go pile and mile piles.
    side {
        pub go_top: Option<Card>,
        /// The cards the side must still play, in order, before it may play miles.
        pub needs: Vec<Card>,
        pub go_pile: u32,
    }
}

/// A count per mile pile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct MilePiles {
    pub mile1: u8,
    pub mile3: u8,
    pub mile5: u8,
    pub mile10: u8,
}

impl MilePiles {
    /// From counts in pile order (1, 3, 5, 10).
    pub const fn from_array(a: [u8; 4]) -> MilePiles {
        MilePiles {
            mile1: a[0],
            mile3: a[1],
            mile5: a[2],
            mile10: a[3],
        }
    }

    /// Counts in pile order (1, 3, 5, 10).
    pub const fn to_array(self) -> [u8; 4] {
        [self.mile1, self.mile3, self.mile5, self.mile10]
    }

    /// The miles these piles are worth.
    pub fn miles(self) -> u32 {
        self.to_array()
            .iter()
            .zip(Card::MILES)
            .map(|(&n, card)| u32::from(n) * card.miles())
            .sum()
    }
}

crate::touring_family::view_impls!();

impl View {
    /// The side a seat plays for.
    pub fn side_of(&self, seat: Seat) -> Option<Side> {
        self.seats.get(usize::from(seat)).map(|s| s.side)
    }

    /// Is the race over?
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }
}
