//! Entries: what moves from table to table. A single player, or a partnership of two who
//! play together all evening; either may be a clearly labelled bot.

use serde::{Deserialize, Serialize};

use super::EntryId;
use super::names::{NameError, clean_name};
use super::settings::{Settings, TableSize};
use touring_i18n::Said;

/// Who an entry is.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Members {
    /// One player, for events played each for himself (tables of two or three).
    Player { name: String },
    /// Two partners, for events played in partnerships (tables of four or six). They are one
    /// entry, so they can never be split by the movement.
    Partners { names: [String; 2] },
}

impl Members {
    /// A single player, with the name checked and trimmed.
    pub fn player(name: &str) -> Result<Members, NameError> {
        Ok(Members::Player {
            name: clean_name(name, "the player's name")?,
        })
    }

    /// A partnership, with both names checked and trimmed.
    pub fn partners(first: &str, second: &str) -> Result<Members, NameError> {
        Ok(Members::Partners {
            names: [
                clean_name(first, "the first partner's name")?,
                clean_name(second, "the second partner's name")?,
            ],
        })
    }

    /// Members for the `number`th bot of an event: "Bot 3", or "Bot 3a" and "Bot 3b" in a
    /// partnership event. The entry's `bot` flag is what labels it; the name only helps.
    pub fn for_bot(table_size: TableSize, number: u32) -> Members {
        if table_size.partners() {
            Members::Partners {
                names: [format!("Bot {number}a"), format!("Bot {number}b")],
            }
        } else {
            Members::Player {
                name: format!("Bot {number}"),
            }
        }
    }

    /// The players' names: one, or the two partners'.
    pub fn names(&self) -> &[String] {
        match self {
            Members::Player { name } => std::slice::from_ref(name),
            Members::Partners { names } => names,
        }
    }

    /// Whether this is a partnership.
    pub const fn is_partnership(&self) -> bool {
        matches!(self, Members::Partners { .. })
    }

    /// The name to show: "Ann", or "Ann & Bob".
    pub fn display(&self) -> String {
        match self {
            Members::Player { name } => name.clone(),
            Members::Partners { names: [a, b] } => format!("{a} & {b}"),
        }
    }
}

/// An entry of an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The database's id.
    pub id: EntryId,
    pub members: Members,
    /// A bot, labelled as such wherever it appears. Bots never take prizes.
    pub bot: bool,
    /// Withdrawn entries keep their scores but are not seated again.
    pub withdrawn: bool,
    /// The first round the entry can play (1 for everyone present at the start).
    pub joined_round: u32,
    /// What a late entry scores for each round before `joined_round`, as the host chose when
    /// adding it: 0 (the default) or that round's average.
    #[serde(default)]
    pub missed_rounds: MissedRounds,
    /// For a withdrawn entry, the first round it no longer plays: it keeps what it scored
    /// in the rounds before and scores nothing from this one on. `None` when not known (every
    /// recorded score is kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn_from: Option<u32>,
}

/// What a late entry scores for a round it missed, by the host's choice when adding it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissedRounds {
    /// The default: a missed round scores 0.
    #[default]
    Zero,
    /// A missed round scores that round's average: the miles of every entry that played at
    /// a table, divided by their number, rounded down (what a bye scores by default).
    RoundAverage,
}

impl MissedRounds {
    /// The choice in words, for the host: "missed rounds score 0".
    pub const fn describe(self) -> &'static str {
        match self {
            MissedRounds::Zero => "missed rounds score 0",
            MissedRounds::RoundAverage => "missed rounds score the round's average",
        }
    }

    /// Reads the word the API and the console's form send: `zero` or `round_average`.
    pub fn parse(word: &str) -> Result<MissedRounds, Said> {
        match word.trim() {
            "zero" | "0" => Ok(MissedRounds::Zero),
            "round_average" | "average" => Ok(MissedRounds::RoundAverage),
            other => Err(Said::new("refused-missed-rounds-choice")
                .text("word", other.chars().take(20).collect::<String>())),
        }
    }
}

impl Entry {
    /// A person's entry, active, joining at `joined_round`.
    pub fn person(id: EntryId, members: Members, joined_round: u32) -> Entry {
        Entry {
            id,
            members,
            bot: false,
            withdrawn: false,
            joined_round,
            missed_rounds: MissedRounds::Zero,
            withdrawn_from: None,
        }
    }

    /// A bot's entry, active, joining at `joined_round`.
    pub fn bot(id: EntryId, members: Members, joined_round: u32) -> Entry {
        Entry {
            id,
            members,
            bot: true,
            withdrawn: false,
            joined_round,
            missed_rounds: MissedRounds::Zero,
            withdrawn_from: None,
        }
    }

    /// Whether the entry takes part in the rounds still to come.
    pub const fn is_active(&self) -> bool {
        !self.withdrawn
    }

    /// The name to show.
    pub fn name(&self) -> String {
        self.members.display()
    }
}

/// Why an entry does not fit an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum EntryError {
    #[error(
        "this event plays partners at tables of {players}: enter both partners' names for each entry"
    )]
    PartnersNeeded { players: u8 },
    #[error(
        "this event plays each for himself at tables of {players}: enter one name for each entry"
    )]
    SingleNeeded { players: u8 },
    #[error("{0}")]
    Name(NameError),
}

impl EntryError {
    /// The refusal, to say in the reader's language.
    pub fn said(&self) -> Said {
        match self {
            EntryError::PartnersNeeded { players } => {
                Said::new("refused-entry-partners-needed").number("players", *players)
            }
            EntryError::SingleNeeded { players } => {
                Said::new("refused-entry-single-needed").number("players", *players)
            }
            EntryError::Name(name) => name.said(),
        }
    }
}

/// Checks that an entry's members fit the event: partnerships exactly when the tables are of
/// four or six.
pub fn check_entry(settings: &Settings, members: &Members) -> Result<(), EntryError> {
    let players = settings.table_size.players();
    match (settings.table_size.partners(), members.is_partnership()) {
        (true, false) => Err(EntryError::PartnersNeeded { players }),
        (false, true) => Err(EntryError::SingleNeeded { players }),
        _ => Ok(()),
    }
}

/// The most lines one pasted guest list may hold: more than any room seats, few enough that one
/// paste is one short write.
pub const MAX_GUEST_LINES: usize = 300;

/// A line or a name as a refusal of a guest list quotes it: its first 40 characters, so that
/// a list's problems stay short enough to show.
pub fn guest_list_quote(text: &str) -> String {
    touring_engine::json::truncate(text, 40)
}

/// Reads a pasted guest list: one entry per line, a partnership as "Ann & Bob". Blank lines
/// are skipped. Every line is checked, and every refusal names its line, so the host fixes them
/// all at once: a partnership in an event of single players (or the other way round), a name
/// the rules of names refuse, and a name typed twice in the list (as [`name_key`] compares).
///
/// [`name_key`]: super::name_key
pub fn guest_list(text: &str, partners: bool) -> Result<Vec<(usize, Members)>, Vec<Said>> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty())
        .collect();
    if lines.is_empty() {
        return Err(vec![Said::new("refused-guests-empty")]);
    }
    if lines.len() > MAX_GUEST_LINES {
        return Err(vec![
            Said::new("refused-guests-too-many")
                .number("count", lines.len())
                .number("max", MAX_GUEST_LINES),
        ]);
    }
    let mut problems = Vec::new();
    let mut entries = Vec::new();
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (number, line) in lines {
        let parts: Vec<&str> = line.split('&').map(str::trim).collect();
        let members = match (partners, parts.as_slice()) {
            (true, [first, second]) => Members::partners(first, second),
            (true, _) => {
                problems.push(
                    Said::new("refused-guests-line-partners")
                        .number("line", number)
                        .text("text", guest_list_quote(line)),
                );
                continue;
            }
            (false, [name]) => Members::player(name),
            (false, _) => {
                problems.push(
                    Said::new("refused-guests-line-single")
                        .number("line", number)
                        .text("text", guest_list_quote(line)),
                );
                continue;
            }
        };
        let members = match members {
            Ok(members) => members,
            Err(e) => {
                problems.push(
                    Said::new("refused-guests-line-name")
                        .number("line", number)
                        .said("reason", e.said()),
                );
                continue;
            }
        };
        for name in members.names() {
            if let Some(first) = seen.insert(super::name_key(name), number) {
                problems.push(
                    Said::new("refused-guests-line-twice")
                        .number("line", number)
                        .text("name", guest_list_quote(name))
                        .number("first", first),
                );
            }
        }
        entries.push((number, members));
    }
    if problems.is_empty() {
        Ok(entries)
    } else {
        Err(problems)
    }
}
