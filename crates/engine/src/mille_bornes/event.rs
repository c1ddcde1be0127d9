//! What happened in a hand of Mille Bornes: one event per thing, in order.
//!
//! Passing up a coup fourré makes no event of its own: the pass shows only as the next seat's
//! draw, so the event stream never tells the table that someone could have called one.

use serde::Serialize;

use super::cards::Card;
use crate::{Seat, Side};

/// One thing that happened at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A seat drew the top card of the draw pile. `card` is null where the viewer may not see it.
    Drew { seat: Seat, card: Option<Card> },
    /// A seat played a distance card, a remedy or a Roll on its own side's piles.
    Played { seat: Seat, side: Side, card: Card },
    /// A seat (`by`) played a hazard on a side's battle or speed pile.
    Hazard { by: Seat, side: Side, card: Card },
    /// A seat played a safety to its side's safety area: it plays again.
    Safety { seat: Seat, side: Side, card: Card },
    /// A seat called Coup Fourré: the safety lies crosswise, and it plays again.
    CoupFourre { seat: Seat, side: Side, card: Card },
    /// A hazard a safety cancelled went from a side's pile to the discard pile.
    Cancelled { side: Side, card: Card },
    /// A seat lost its turn: it sat between the hazard's player and a coup fourré.
    TurnLost { seat: Seat },
    /// A seat discarded a card face up; it is out of play for the rest of the hand.
    Discarded { seat: Seat, card: Card },
    /// A side at exactly 700 miles chose to go on to 1000 (`extend`) or to stop.
    Extension { side: Side, extend: bool },
    /// The hand is over: a side completed the trip (`completed_by`) or every card was played.
    HandOver { completed_by: Option<Side> },
}

crate::hidden_cards!(Event<Card>: Drew);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_coup_fourre_reads_as_json() {
        let json = serde_json::to_value(Event::CoupFourre {
            seat: 0,
            side: 0,
            card: Card::DrivingAce,
        })
        .expect("json");
        assert_eq!(
            json,
            serde_json::json!({"event":"coup_fourre","seat":0,"side":0,"card":"driving_ace"})
        );
    }
}
