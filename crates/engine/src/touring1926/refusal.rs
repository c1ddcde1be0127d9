//! Why an action of Touring (1926) is refused. Every message says what was
//! wrong in the words of the rules, so a player (or a bot author) knows what to do instead.

use super::cards::Card;
use crate::touring_family::Status;
use crate::{RefusalWords, Side, TurnRefusal, Worded};

/// An action the rules do not allow. Nothing changes when one is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error(transparent)]
    Turn(#[from] TurnRefusal),
    #[error("you do not hold a {card} card")]
    NotInHand { card: Card },
    #[error(
        "your side is already running, so {card} is not needed; play miles or a delay, or discard it"
    )]
    AlreadyRunning { card: Card },
    #[error("your side must play {needed} next, not {card}")]
    OutOfOrder { card: Card, needed: Card },
    #[error("mile cards need your side to be running: play {needed} first")]
    NotRunning { needed: Card },
    #[error("your {card} pile is complete: it holds its {quota} cards")]
    PileFull { card: Card, quota: u8 },
    #[error("{card} governs already; only {other} changes the speed")]
    SpeedUnchanged { card: Card, other: Card },
    #[error("only delay cards are played on another side; play {card} without a target")]
    TargetNotAllowed { card: Card },
    #[error("only a delay card takes miles; play {card} without \"take\"")]
    TakeNotAllowed { card: Card },
    #[error("say which side to delay with \"target\": more than one side can be delayed")]
    TargetMissing,
    #[error("there is no side {target} at this table")]
    NoSuchSide { target: Side },
    #[error("side {target} is your own side: delays are played on an opponent")]
    OwnSide { target: Side },
    #[error(
        "side {target} is {} and cannot be delayed until it has played Go again",
        .status.describe()
    )]
    TargetNotRunning { target: Side, status: Status },
    /// `options`: the takes allowed, each as the JSON list of its cards.
    #[error(
        "that take is not allowed: this delay is worth {entitled} miles and you must take the most the 5- and 10-mile piles of side {target} allow within that ({best} miles): take {}",
        .options.join(" or ")
    )]
    BadTake {
        target: Side,
        entitled: u32,
        best: u32,
        options: Vec<String>,
    },
}

impl Worded for Refusal {
    fn words(&self) -> RefusalWords {
        let said = RefusalWords::new;
        match self {
            Refusal::Turn(refusal) => refusal.words(),
            Refusal::NotInHand { card } => said("refused-not-in-hand").card("card", *card),
            Refusal::AlreadyRunning { card } => {
                said("refused-t26-already-running").card("card", *card)
            }
            Refusal::OutOfOrder { card, needed } => said("refused-tour-out-of-order")
                .card("card", *card)
                .card("needed", *needed),
            Refusal::NotRunning { needed } => {
                said("refused-t26-not-running").card("needed", *needed)
            }
            Refusal::PileFull { card, quota } => said("refused-t26-pile-full")
                .card("card", *card)
                .number("quota", *quota),
            Refusal::SpeedUnchanged { card, other } => said("refused-t26-speed-unchanged")
                .card("card", *card)
                .card("other", *other),
            Refusal::TargetNotAllowed { card } => {
                said("refused-t26-target-not-allowed").card("card", *card)
            }
            Refusal::TakeNotAllowed { card } => {
                said("refused-t26-take-not-allowed").card("card", *card)
            }
            Refusal::TargetMissing => said("refused-t26-target-missing"),
            Refusal::NoSuchSide { target } => {
                said("refused-no-such-side").number("target", *target)
            }
            Refusal::OwnSide { target } => said("refused-t26-own-side").number("target", *target),
            Refusal::TargetNotRunning { target, status } => said("refused-t26-target-not-running")
                .number("target", *target)
                .text("status", status.key()),
            Refusal::BadTake {
                target,
                entitled,
                best,
                options,
            } => said("refused-t26-bad-take")
                .number("target", *target)
                .number("entitled", *entitled)
                .number("best", *best)
                .words("options", either(options)),
        }
    }
}

/// The takes allowed, joined by the reader's "or" (each is the JSON the move sends).
fn either(options: &[String]) -> RefusalWords {
    let mut options = options.iter();
    let first = options.next().cloned().unwrap_or_default();
    options.fold(
        RefusalWords::new("refused-as-sent").text("move", first),
        |list, next| {
            RefusalWords::new("refused-either")
                .words("first", list)
                .words(
                    "next",
                    RefusalWords::new("refused-as-sent").text("move", next.clone()),
                )
        },
    )
}
