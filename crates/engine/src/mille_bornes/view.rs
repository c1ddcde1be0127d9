//! What one seat (or a referee) may see of a hand of Mille Bornes: the STATE object of the
//! engine protocol. Everything played lies face up, the discard pile too.
//!
//! Views are built from the state for one viewer, never by blanking a full view afterwards, so a
//! hand that the viewer may not see is never put into the structure at all. While a coup fourré
//! may be called, only the seat that may call it (and a referee) sees `pending` and is shown as
//! `to_move`; every other seat sees the seat that plays next if nobody calls, so the view never
//! says who holds a safety.

use serde::Serialize;

use super::cards::Card;
use super::score::HandScore;
use crate::{RulesId, Seat, Side};

/// A hand as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub rules: RulesId,
    pub players: u8,
    pub partners: bool,
    /// The 1988 option: a hazard may go on a hazard.
    pub hazard_on_hazard: bool,
    /// The seat this view is for; null for a referee's full view.
    pub viewer: Option<Seat>,
    pub to_move: Seat,
    /// Actions applied so far (turns, and the answers at decision points), from 0.
    pub turn: u32,
    /// The trip: 700 or 1000 miles.
    pub target: u32,
    pub draw_pile: u32,
    /// Cards on the discard pile (dead for the rest of the hand, face up).
    pub discard: u32,
    pub discard_top: Option<Card>,
    /// A decision the table waits for, if this viewer may see it.
    pub pending: Option<Pending>,
    /// The side that called the Extension, if one did.
    pub extension: Option<Side>,
    pub over: bool,
    pub completed_by: Option<Side>,
    /// The side with the most points in the finished hand (none while it goes on, or on a tie).
    pub winner: Option<Side>,
    /// Every side's points, row by row, once the hand is over.
    pub score: Option<Vec<HandScore>>,
    pub seats: Vec<SeatView>,
    pub sides: Vec<SideView>,
}

/// A decision the table waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Pending {
    pub kind: PendingKind,
    pub seat: Seat,
}

/// Which decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PendingKind {
    CoupFourre,
    Extension,
}

/// One seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    pub seat: Seat,
    pub side: Side,
    /// The cards in hand, or null where the viewer may not see them.
    pub hand: Option<Vec<Card>>,
    pub hand_size: u32,
}

/// One side's piles.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SideView {
    pub side: Side,
    pub seats: Vec<Seat>,
    pub battle_top: Option<Card>,
    pub battle_pile: u32,
    pub speed_top: Option<Card>,
    pub speed_pile: u32,
    /// The safeties in the safety area, coups fourrés included.
    pub safeties: Vec<Card>,
    /// The safeties that lie crosswise: played as coups fourrés.
    pub coups_fourres: Vec<Card>,
    /// Miles travelled.
    pub distance: u32,
    pub two_hundreds: u32,
    pub distance_cards: DistanceCards,
    /// May the side play distance now?
    pub can_move: bool,
    /// Is the side held to 25s and 50s?
    pub limited: bool,
    /// The side's points so far: the full score once the hand is over, else what a hand cut
    /// short now would give.
    pub points: u32,
}

/// The distance cards a side has played, by denomination.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct DistanceCards {
    pub d25: u8,
    pub d50: u8,
    pub d75: u8,
    pub d100: u8,
    pub d200: u8,
}

impl DistanceCards {
    /// From counts in pile order (25, 50, 75, 100, 200).
    pub const fn from_array(a: [u8; 5]) -> DistanceCards {
        DistanceCards {
            d25: a[0],
            d50: a[1],
            d75: a[2],
            d100: a[3],
            d200: a[4],
        }
    }

    /// Counts in pile order.
    pub const fn to_array(self) -> [u8; 5] {
        [self.d25, self.d50, self.d75, self.d100, self.d200]
    }
}

impl View {
    /// Points per side.
    pub fn points(&self) -> Vec<u32> {
        self.sides.iter().map(|s| s.points).collect()
    }
}

crate::rule_view!(View<Card>, scores: points, fn is_over(&self) -> bool {
    self.over
});
