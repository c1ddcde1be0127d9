//! Why an action of Touring (1937-1958) is refused. Every message says what was wrong in the
//! words of the rules, so a player (or a bot author) knows what to do instead.

use super::cards::Card;
use crate::touring_family::Status;
use crate::{RefusalWords, Side, TargetRefusal, TurnRefusal, Worded};

/// An action the rules do not allow. Nothing changes when one is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error(transparent)]
    Turn(#[from] TurnRefusal),
    #[error(transparent)]
    Target(#[from] TargetRefusal<Card>),
    #[error("you do not hold a {card} card")]
    NotInHand { card: Card },
    #[error(
        "your side has Go exposed already, so {card} is not needed; play miles or a delay, or discard it"
    )]
    AlreadyRunning { card: Card },
    #[error("your side must play {needed} next, not {card}")]
    OutOfOrder { card: Card, needed: Card },
    #[error("mileage cards need a Go exposed on your side: play {needed} first")]
    NotRunning { needed: Card },
    #[error("your {card} pile is complete: the trip takes exactly {quota} of them")]
    PileFull { card: Card, quota: u8 },
    #[error(
        "your side has a Freeway exposed already; Freeway is played on a Populated Area or to start the Freeway pile"
    )]
    FreewayExposed,
    #[error("{card} is played on your own side; play it without a target")]
    TargetNotAllowed { card: Card },
    #[error(
        "Populated Area is played on an opponent's exposed Freeway, and side {target} has none"
    )]
    NoFreeway { target: Side },
    #[error(
        "{card} is played only against a side with a Go exposed, and side {target} is {}",
        .status.describe()
    )]
    TargetNotRunning {
        target: Side,
        card: Card,
        status: Status,
    },
    #[error("{card} takes away a {taken} card, and side {target} has none")]
    NothingToTake {
        target: Side,
        card: Card,
        taken: Card,
    },
}

impl Worded for Refusal {
    fn words(&self) -> RefusalWords {
        let said = RefusalWords::new;
        match self {
            Refusal::Turn(refusal) => refusal.words(),
            Refusal::Target(refusal) => refusal.words(),
            Refusal::NotInHand { card } => said("refused-not-in-hand").card("card", *card),
            Refusal::AlreadyRunning { card } => {
                said("refused-t58-already-running").card("card", *card)
            }
            Refusal::OutOfOrder { card, needed } => said("refused-tour-out-of-order")
                .card("card", *card)
                .card("needed", *needed),
            Refusal::NotRunning { needed } => {
                said("refused-t58-not-running").card("needed", *needed)
            }
            Refusal::PileFull { card, quota } => said("refused-t58-pile-full")
                .card("card", *card)
                .number("quota", *quota),
            Refusal::FreewayExposed => said("refused-t58-freeway-exposed"),
            Refusal::TargetNotAllowed { card } => {
                said("refused-target-not-allowed").card("card", *card)
            }
            Refusal::NoFreeway { target } => {
                said("refused-t58-no-freeway").number("target", *target)
            }
            Refusal::TargetNotRunning {
                target,
                card,
                status,
            } => said("refused-t58-target-not-running")
                .card("card", *card)
                .number("target", *target)
                .text("status", status.key()),
            Refusal::NothingToTake {
                target,
                card,
                taken,
            } => said("refused-t58-nothing-to-take")
                .card("card", *card)
                .card("taken", *taken)
                .number("target", *target),
        }
    }
}
