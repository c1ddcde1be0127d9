//! A refused move as words for a person: a message id of the app's messages and its variables,
//! said later in the reader's language. The engine knows no language (its `Display` is the
//! English of the protocol), so it describes a refusal as data, as [`RuleOptions::describe`]
//! does an option, and the app layer says it.
//!
//! [`RuleOptions::describe`]: super::RuleOptions::describe

use super::{CardKind, TargetRefusal, TurnRefusal};

/// A refusal as a message: its id (in `locales/*/touring.ftl` or `mille-bornes.ftl`) and the
/// values of its variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusalWords {
    pub id: &'static str,
    pub args: Vec<(&'static str, WordArg)>,
}

/// A variable of [`RefusalWords`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WordArg {
    /// A number, written as the reader's language writes numbers.
    Number(i64),
    /// Text that is the same in every language (a move as JSON, a rule set's name).
    Text(String),
    /// Another message, said first in the same language: a card's name (`t26-card-go`), a
    /// side's status, cards joined.
    Words(Box<RefusalWords>),
}

impl RefusalWords {
    pub fn new(id: &'static str) -> RefusalWords {
        RefusalWords {
            id,
            args: Vec::new(),
        }
    }

    #[must_use]
    pub fn number(mut self, name: &'static str, value: impl Into<i64>) -> RefusalWords {
        self.args.push((name, WordArg::Number(value.into())));
        self
    }

    #[must_use]
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> RefusalWords {
        self.args.push((name, WordArg::Text(value.into())));
        self
    }

    #[must_use]
    pub fn words(mut self, name: &'static str, value: RefusalWords) -> RefusalWords {
        self.args.push((name, WordArg::Words(Box::new(value))));
        self
    }

    /// A card, placed by the message of its name so that it is said in the reader's language.
    #[must_use]
    pub fn card(self, name: &'static str, card: impl CardKind) -> RefusalWords {
        self.words(name, RefusalWords::new(card.message()))
    }
}

/// A refusal that can say itself to a person ([`RefusalWords`]); its `Display` stays the
/// protocol's English.
pub trait Worded {
    fn words(&self) -> RefusalWords;
}

impl Worded for TurnRefusal {
    fn words(&self) -> RefusalWords {
        match *self {
            TurnRefusal::GameOver { winner } => {
                RefusalWords::new("refused-game-over").number("winner", winner)
            }
            TurnRefusal::NotYourTurn { seat, to_move } => {
                RefusalWords::new("refused-not-your-turn")
                    .number("seat", seat)
                    .number("to_move", to_move)
            }
        }
    }
}

impl<C: CardKind + std::fmt::Display> Worded for TargetRefusal<C> {
    fn words(&self) -> RefusalWords {
        match *self {
            TargetRefusal::Missing { card } => {
                RefusalWords::new("refused-target-missing").card("card", card)
            }
            TargetRefusal::NoSuchSide { target } => {
                RefusalWords::new("refused-no-such-side").number("target", target)
            }
            TargetRefusal::OwnSide { target, card } => RefusalWords::new("refused-own-side-card")
                .number("target", target)
                .card("card", card),
        }
    }
}

/// A move that could not be read (its JSON is not an action of the table's game): the detail,
/// in the protocol's English, is placed as it is.
pub fn unreadable(detail: &str) -> RefusalWords {
    RefusalWords::new("refused-move-unreadable").text("detail", detail)
}
