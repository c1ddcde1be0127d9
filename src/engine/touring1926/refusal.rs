//! Why an action of Touring (1926) is refused. Every message says what was
//! wrong in the words of the rules, so a player (or a bot author) knows what to do instead.

use super::cards::Card;
use crate::engine::{Side, TurnRefusal};

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
    #[error("side {target} is {status} and cannot be delayed until it has played Go again")]
    TargetNotRunning { target: Side, status: &'static str },
    #[error(
        "that take is not allowed: this delay is worth {entitled} miles and you must take the most the 5- and 10-mile piles of side {target} allow within that ({best} miles): take {options}"
    )]
    BadTake {
        target: Side,
        entitled: u32,
        best: u32,
        options: String,
    },
}
