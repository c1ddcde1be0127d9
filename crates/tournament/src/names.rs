//! Names of events, players and hosts: trimmed, 1 to 200 characters, any script. Long
//! names are allowed (pages wrap them); what would break a printed tent is refused.
//!
//! Names are printed on table tents, score cards and a projector, so besides an empty or
//! overlong name three things are refused: a control character (a line break or a tab), which
//! would break those layouts; a character that turns or isolates the direction of the text
//! (U+202E and its kin) or an invisible space (U+200B, U+FEFF...), which can disguise a name
//! as another; and a name with no visible character at all. Two players of an event may not
//! share a name, as [`name_key`] compares them (case, spacing and invisible characters aside).

use serde::{Deserialize, Serialize};

use touring_i18n::Said;

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
    #[error(
        "{what} contains an invisible character that changes how text is shown ({code}): type the name without it"
    )]
    Disguising {
        what: String,
        /// The character as written in Unicode charts, such as "U+202E".
        code: String,
    },
    #[error("{what} has no visible character: type at least one letter")]
    Invisible { what: String },
}

impl NameError {
    /// The refusal, to say in the reader's language.
    pub fn said(&self) -> Said {
        match self {
            NameError::Empty { what } => Said::new("refused-name-empty").said("what", whose(what)),
            NameError::TooLong { what, start, chars } => Said::new("refused-name-too-long")
                .said("what", whose(what))
                .text("start", start.clone())
                .number("chars", *chars)
                .number("max", MAX_NAME_CHARS),
            NameError::ControlCharacter { what } => {
                Said::new("refused-name-control").said("what", whose(what))
            }
            NameError::Disguising { what, code } => Said::new("refused-name-disguising")
                .said("what", whose(what))
                .text("code", code.clone()),
            NameError::Invisible { what } => {
                Said::new("refused-name-invisible").said("what", whose(what))
            }
        }
    }
}

/// Whose name a [`NameError`] is about, as a message ([`clean_name`]'s callers name it in
/// English, which the error keeps for its `Display`).
fn whose(what: &str) -> Said {
    Said::new(match what {
        "the event's name" => "refused-name-of-event",
        "the player's name" => "refused-name-of-player",
        "the first partner's name" => "refused-name-of-first-partner",
        "the second partner's name" => "refused-name-of-second-partner",
        "the series' name" => "refused-name-of-series",
        "the person's name" => "refused-name-of-person",
        "the name of who corrects" => "refused-name-of-corrector",
        _ => "refused-name-of-other",
    })
}

/// Characters that reverse or isolate the direction of text, and invisible spaces: refused in
/// names, where they only serve to disguise one name as another.
pub fn is_disguising(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{200B}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
    )
}

/// Characters that draw nothing by themselves: spaces, joiners (which emoji and some scripts
/// need inside a name), variation selectors, fillers, tags.
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || c.is_control()
        || is_disguising(c)
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200C}'
                | '\u{200D}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FFA0}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// What two names are compared by: the visible characters, in lower case, words separated by
/// one space. "Ann  Lee", "ann lee" and "Ann\u{200D}Lee" are the same name.
pub fn name_key(name: &str) -> String {
    let visible: String = name
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| c == ' ' || !is_invisible(c))
        .collect();
    visible
        .split(' ')
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// What people are sorted by, as a reader of English or French expects: letters before their
/// accents and their case. The first part is the name's [`name_key`] with every letter
/// folded to its base ("é" is "e", "œ" is "oe", "ß" is "ss"), so "élodie" comes before
/// "Jérôme" and "Émile" beside "Emile"; the second part is the [`name_key`] itself, so two
/// names that fold alike still come in one order every time. Both languages sort alike at
/// this level; a language whose alphabet differs (Swedish "å" after "z") would need its own.
pub fn sort_key(name: &str) -> (String, String) {
    use unicode_normalization::UnicodeNormalization;
    let key = name_key(name);
    let mut folded = String::with_capacity(key.len());
    for c in key.nfd() {
        match c {
            _ if unicode_normalization::char::is_combining_mark(c) => {}
            'œ' => folded.push_str("oe"),
            'æ' => folded.push_str("ae"),
            'ß' => folded.push_str("ss"),
            'ø' => folded.push('o'),
            'đ' => folded.push('d'),
            'ł' => folded.push('l'),
            _ => folded.push(c),
        }
    }
    (folded, key)
}

/// Trims a name and checks it: 1..=200 characters, at least one of them visible, no control
/// or direction-changing characters, anything else (accents, any script, emoji) welcome. `what` names the field in the message.
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
    if let Some(c) = name.chars().find(|&c| is_disguising(c)) {
        return Err(NameError::Disguising {
            what: what.to_string(),
            code: format!("U+{:04X}", u32::from(c)),
        });
    }
    if name.chars().all(is_invisible) {
        return Err(NameError::Invisible {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(names: &[&str]) -> Vec<String> {
        let mut names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
        names.sort_by_key(|n| sort_key(n));
        names
    }

    #[test]
    fn a_name_with_an_accent_or_a_small_letter_is_not_sorted_after_z() {
        assert_eq!(
            sorted(&[
                "Jérôme", "élodie", "Zoé", "Benoît", "Élise", "ANNE", "Œdipe", "oscar"
            ]),
            [
                "ANNE", "Benoît", "Élise", "élodie", "Jérôme", "Œdipe", "oscar", "Zoé"
            ]
        );
    }

    #[test]
    fn names_that_fold_alike_keep_one_order_and_stay_apart() {
        assert_eq!(
            sorted(&["Émile", "Emile", "emile"]),
            ["Emile", "emile", "Émile"]
        );
        assert_ne!(sort_key("Émile"), sort_key("Emile"));
        assert_eq!(sort_key("Ann  Lee"), sort_key("ann lee"));
        assert_eq!(sort_key("Straße").0, "strasse");
    }
}
