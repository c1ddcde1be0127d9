//! What the app layer has to say, kept as a message id and its variables until a reader's
//! language says it.

use super::{Lang, Whole};

/// A message to say later in whatever language the reader reads: its id and its variables.
/// The app layer tells what it has to say so (a seat's message), says it in English for the
/// API, and the pages say it in the reader's language ([`Lang::say`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    pub id: &'static str,
    pub args: Vec<(&'static str, SaidArg)>,
}

/// A variable of a [`Said`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaidArg {
    Text(String),
    Number(i64),
    /// Another message, said first in the same language.
    Said(Box<Said>),
    /// Names joined as the language joins a list ("Ann and Bob", "Ann et Bob").
    Names(Vec<String>),
}

impl Said {
    pub fn new(id: &'static str) -> Said {
        Said {
            id,
            args: Vec::new(),
        }
    }

    #[must_use]
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Said {
        self.args.push((name, SaidArg::Text(value.into())));
        self
    }

    #[must_use]
    pub fn number(mut self, name: &'static str, value: impl Whole) -> Said {
        self.args.push((name, SaidArg::Number(value.whole())));
        self
    }

    #[must_use]
    pub fn said(mut self, name: &'static str, value: Said) -> Said {
        self.args.push((name, SaidArg::Said(Box::new(value))));
        self
    }

    #[must_use]
    pub fn names(mut self, name: &'static str, names: Vec<String>) -> Said {
        self.args.push((name, SaidArg::Names(names)));
        self
    }
}

impl Lang {
    /// A message the app layer told, in this language.
    pub fn say(&self, said: &Said) -> String {
        let mut msg = self.msg(said.id);
        for (name, value) in &said.args {
            msg = match value {
                SaidArg::Text(text) => msg.arg(name, text),
                SaidArg::Number(n) => msg.arg(name, *n),
                SaidArg::Said(inner) => msg.arg(name, self.say(inner)),
                SaidArg::Names(names) => msg.arg(name, self.and_list(names)),
            };
        }
        msg.text()
    }

    /// Several messages, one after the other.
    pub fn say_all(&self, said: &[Said]) -> String {
        said.iter()
            .map(|s| self.say(s))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Names joined as this language joins a list (`list-and`).
    fn and_list(&self, names: &[String]) -> String {
        let mut names = names.iter();
        let first = names.next().cloned().unwrap_or_default();
        names.fold(first, |list, name| {
            self.msg("list-and")
                .arg("first", list)
                .arg("last", name)
                .text()
        })
    }
}

/// A message in a JSON answer is said in English (the API's `error`, and the human words kept
/// in its fields); codes and field names stay as they are.
impl serde::Serialize for Said {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&Lang::ENGLISH.say(self))
    }
}
