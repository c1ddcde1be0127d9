//! Names of events, players and hosts: trimmed, 1 to 200 characters, any script. Long
//! names are allowed (pages wrap them); what would break a printed tent is refused.
//!
//! Names are printed on table tents, score cards and a projector, so the one thing refused
//! besides an empty or overlong name is a control character (a line break or a tab), which
//! would break those layouts and cannot be seen on screen.

use serde::{Deserialize, Serialize};

/// The longest name, in characters (Unicode scalar values) after trimming.
pub const MAX_NAME_CHARS: usize = 200;

/// Why a name was refused. `what` says whose name it is ("the event's name", "the second
/// partner's name"...), so a form with several names can say which one is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum NameError {
    #[error("{what} is empty: type at least one letter")]
    Empty { what: String },
    #[error(
        "{what} \"{start}…\" is {chars} characters long; a name may have at most {max}, so shorten it",
        max = MAX_NAME_CHARS
    )]
    TooLong {
        what: String,
        /// The first characters of the name, to recognise it by.
        start: String,
        chars: usize,
    },
    #[error("{what} contains a line break, tab or other control character: type it on one line")]
    ControlCharacter { what: String },
}

/// Trims a name and checks it: 1..=200 characters, no control characters, anything else
/// (accents, any script, emoji) welcome. `what` names the field in the message.
pub fn clean_name(raw: &str, what: &str) -> Result<String, NameError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(NameError::Empty {
            what: what.to_string(),
        });
    }
    if name.chars().any(char::is_control) {
        return Err(NameError::ControlCharacter {
            what: what.to_string(),
        });
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(NameError::TooLong {
            what: what.to_string(),
            start: name.chars().take(20).collect(),
            chars,
        });
    }
    Ok(name.to_string())
}
