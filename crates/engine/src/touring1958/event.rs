//! What happened at a table of Touring (1937-1958): one event per thing, in order.

use serde::Serialize;

use super::cards::Card;
use crate::{Seat, Side};

/// One thing that happened at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A seat drew the top card of the draw pile. `card` is null where the viewer may not see it.
    Drew { seat: Seat, card: Option<Card> },
    /// A seat played a card to its own side's Go, Freeway or mileage piles.
    Played { seat: Seat, side: Side, card: Card },
    /// A seat discarded a card face up: everyone sees it.
    Discarded { seat: Seat, card: Card },
    /// A seat (`by`) played Populated Area or a delay on a side. `taken` is the mileage card
    /// that Burning Oil, Broken Spring or Brake Adjustment took to the discard pile.
    Delayed {
        by: Seat,
        side: Side,
        card: Card,
        taken: Option<Card>,
    },
    /// A side played a 50 or 75 without a Freeway exposed: the card went to the discard pile.
    Speeding { seat: Seat, side: Side, card: Card },
    /// The draw pile ran out and was rebuilt; `draw_pile` is its new size.
    Reshuffled { draw_pile: u32 },
    /// A side completed its trip and won.
    Won { side: Side },
}

crate::hidden_cards!(Event<Card>: Drew);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleEvent;

    #[test]
    fn the_discard_is_face_up() {
        let discarded = Event::Discarded {
            seat: 0,
            card: Card::Mile25,
        };
        assert_eq!(
            discarded.seen_by(Some(1)),
            discarded,
            "the discard is face up"
        );
    }
}
