//! Why a game cannot be set up, or why an action is refused. Every message says what was
//! wrong in the words of the rules, so a player (or a bot author) knows what to do instead.

use super::cards::Card;
use super::{Seat, Side};

/// A game that cannot be set up as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("unknown rules \"{0}\"; the rules available are: touring-1926")]
    UnknownRules(String),
    #[error("a game has 2 to 6 players, not {0}")]
    Players(u64),
    #[error("partners play four or six at a table, so {0} players cannot play partners")]
    Partners(u8),
    #[error(
        "the deck list asks for {asked} {card} cards but this pack has only {available} (three players play without one of each delay card)"
    )]
    StackedDeck {
        card: &'static str,
        asked: u32,
        available: u32,
    },
}

/// An action the rules do not allow. Nothing changes when one is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    #[error("the race is over: side {winner} has won")]
    GameOver { winner: Side },
    #[error("it is not seat {seat}'s turn: seat {to_move} is to play")]
    NotYourTurn { seat: Seat, to_move: Seat },
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
