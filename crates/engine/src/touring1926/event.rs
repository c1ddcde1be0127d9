//! What happened: one event per thing, in order, as a rules engine applies an action.

use serde::Serialize;

use super::action::Take;
use super::cards::Card;
use crate::{Seat, Side};

/// One thing that happened at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A seat drew the top card of the draw pile. `card` is null where the viewer may not see it.
    Drew { seat: Seat, card: Option<Card> },
    /// A seat played a card to its own side's piles or to the speed pile.
    Played { seat: Seat, side: Side, card: Card },
    /// A seat discarded a card face down. `card` is null where the viewer may not see it.
    Discarded { seat: Seat, card: Option<Card> },
    /// A seat (`by`) laid a delay on a side's Go pile and took miles from it.
    Delayed {
        by: Seat,
        side: Side,
        card: Card,
        taken: Take,
    },
    /// A side played a 10 while City Limits governed: `forfeited` miles go to the deadwood
    /// (the 10 itself not counted) and the side must play Go again.
    Speeding {
        seat: Seat,
        side: Side,
        forfeited: u32,
    },
    /// The draw pile ran out and was rebuilt; `draw_pile` is its new size.
    Reshuffled { draw_pile: u32 },
    /// A side completed every mile pile and won the race.
    Won { side: Side },
}

crate::hidden_cards!(Event<Card>: Drew, Discarded);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleEvent;

    #[test]
    fn what_is_played_is_seen_by_everyone() {
        let won = Event::Won { side: 0 };
        assert_eq!(won.seen_by(Some(1)), won);
        let played = Event::Played {
            seat: 0,
            side: 0,
            card: Card::Go,
        };
        assert_eq!(played.seen_by(Some(1)), played);
    }
}
