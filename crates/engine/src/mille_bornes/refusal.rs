//! Why an action of Mille Bornes is refused. Every message says what was wrong in the words of
//! the rules, so a player (or a bot author) knows what to do instead.

use super::cards::Card;
use crate::{RefusalWords, Side, TargetRefusal, TurnRefusal, Worded};

/// An action the rules do not allow. Nothing changes when one is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error(transparent)]
    Turn(#[from] TurnRefusal),
    #[error("the hand is over")]
    HandOver,
    /// Said to every seat but the one deciding, so nobody learns who holds a safety.
    #[error("the table waits a moment after a hazard; play when it is your turn")]
    Waiting,
    #[error("you do not hold a {card} card")]
    NotInHand { card: Card },
    #[error(
        "a coup fourré may be called now: answer {{\"coup_fourre\":true}} or {{\"pass\":true}}"
    )]
    CoupFourrePending,
    #[error("your side reached 700 miles: answer {{\"extend\":true}} or {{\"extend\":false}}")]
    ExtensionPending,
    #[error("there is no coup fourré to call now")]
    NoCoupFourre,
    #[error("there is no extension to decide now: only a side that reaches exactly 700 decides")]
    NoExtension,
    #[error("{card} is played on your own side; play it without a target")]
    TargetNotAllowed { card: Card },
    #[error(transparent)]
    Target(#[from] TargetRefusal<Card>),
    #[error(
        "side {target} has played {safety}, which keeps {card} off it for the rest of the hand"
    )]
    Protected {
        target: Side,
        card: Card,
        safety: Card,
    },
    #[error("side {target} already shows a Speed Limit")]
    AlreadyLimited { target: Side },
    /// `top`: the battle pile's top card, `None` when it is empty.
    #[error(
        "{card} goes only on a Roll (or, against a side with Right of Way, on an empty battle pile or a remedy), and side {target}'s battle pile shows {}",
        .top.map_or("nothing", Card::name)
    )]
    NotRolling {
        target: Side,
        card: Card,
        top: Option<Card>,
    },
    #[error(
        "side {target} is already stopped by {top}: a hazard may not go on a hazard (play with the 1988 option to allow it)"
    )]
    HazardOnHazard { target: Side, top: Card },
    #[error("{card} mends {needed}, and your battle pile does not show it")]
    NothingToMend { card: Card, needed: Card },
    #[error("End of Limit goes on your own Speed Limit, and your speed pile shows none")]
    NotLimited,
    #[error("Roll goes on an empty battle pile, a Stop or a remedy; yours shows {top}")]
    CannotRoll { top: Card },
    #[error(
        "distance needs a Roll on top of your battle pile, or Right of Way with no hazard on top"
    )]
    NotMoving,
    #[error("a Speed Limit shows on your speed pile: only 25 and 50 miles may be played")]
    SpeedLimited,
    #[error("your side has played two 200-mile cards already: the most a hand allows")]
    TwoHundredsUsed,
    #[error("{card} would take your side to {would} miles, past the trip of {target}")]
    PastTheTrip { card: Card, would: u32, target: u32 },
}

/// The JSON answers to a decision, as the refusals name them.
const COUP_FOURRE: (&str, &str) = ("{\"coup_fourre\":true}", "{\"pass\":true}");
const EXTEND: (&str, &str) = ("{\"extend\":true}", "{\"extend\":false}");

impl Worded for Refusal {
    fn words(&self) -> RefusalWords {
        let said = RefusalWords::new;
        let answers = |id, (yes, no): (&str, &str)| said(id).text("yes", yes).text("no", no);
        match self {
            Refusal::Turn(refusal) => refusal.words(),
            Refusal::Target(refusal) => refusal.words(),
            Refusal::HandOver => said("refused-mb-hand-over"),
            // Alike for every seat: nobody learns who holds a safety.
            Refusal::Waiting => said("refused-mb-waiting"),
            Refusal::NotInHand { card } => said("refused-not-in-hand").card("card", *card),
            Refusal::CoupFourrePending => answers("refused-mb-coup-fourre-pending", COUP_FOURRE),
            Refusal::ExtensionPending => answers("refused-mb-extension-pending", EXTEND),
            Refusal::NoCoupFourre => said("refused-mb-no-coup-fourre"),
            Refusal::NoExtension => said("refused-mb-no-extension"),
            Refusal::TargetNotAllowed { card } => {
                said("refused-target-not-allowed").card("card", *card)
            }
            Refusal::Protected {
                target,
                card,
                safety,
            } => said("refused-mb-protected")
                .number("target", *target)
                .card("card", *card)
                .card("safety", *safety),
            Refusal::AlreadyLimited { target } => {
                said("refused-mb-already-limited").number("target", *target)
            }
            Refusal::NotRolling { target, card, top } => said("refused-mb-not-rolling")
                .card("card", *card)
                .number("target", *target)
                .words(
                    "top",
                    top.map_or(said("refused-mb-nothing"), |top| said(top.message())),
                ),
            Refusal::HazardOnHazard { target, top } => said("refused-mb-hazard-on-hazard")
                .number("target", *target)
                .card("top", *top),
            Refusal::NothingToMend { card, needed } => said("refused-mb-nothing-to-mend")
                .card("card", *card)
                .card("needed", *needed),
            Refusal::NotLimited => said("refused-mb-not-limited"),
            Refusal::CannotRoll { top } => said("refused-mb-cannot-roll").card("top", *top),
            Refusal::NotMoving => said("refused-mb-not-moving"),
            Refusal::SpeedLimited => said("refused-mb-speed-limited"),
            Refusal::TwoHundredsUsed => said("refused-mb-two-hundreds-used"),
            Refusal::PastTheTrip {
                card,
                would,
                target,
            } => said("refused-mb-past-the-trip")
                .card("card", *card)
                .number("would", *would)
                .number("trip", *target),
        }
    }
}
