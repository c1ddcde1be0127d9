//! A round's miles: summed over a table's games, checked against what a round can score, and
//! the score of an entry on a bye.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::settings::{ByeScore, RoundKind, Settings};
use super::{EntryId, list_ids};
use touring_i18n::Said;

/// The miles of one game at a table: `miles[i]` is the side played by `sides[i]`. Entries
/// may change sides between deals, so every game says who played which side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameMiles {
    pub sides: Vec<EntryId>,
    pub miles: Vec<u32>,
}

/// Sums a table's games per entry: the round's miles when a finished race is followed by a
/// new deal (timed rounds), or the games of a round by games. Every entry of `table` gets a
/// total, 0 if no game was played; every game must list each entry of the table once.
pub fn sum_games(
    table: &[EntryId],
    games: &[GameMiles],
) -> Result<BTreeMap<EntryId, u32>, ScoreError> {
    let mut totals: BTreeMap<EntryId, u32> = table.iter().map(|&e| (e, 0)).collect();
    for (index, game) in games.iter().enumerate() {
        let number = index + 1;
        if game.sides.len() != game.miles.len() {
            return Err(ScoreError::GameSides {
                game: number,
                sides: game.sides.len(),
                scores: game.miles.len(),
            });
        }
        let mut seen = BTreeSet::new();
        for (&entry, &miles) in game.sides.iter().zip(&game.miles) {
            if !seen.insert(entry) {
                return Err(ScoreError::SideTwice {
                    game: number,
                    entry,
                });
            }
            let Some(total) = totals.get_mut(&entry) else {
                return Err(ScoreError::NotAtTable {
                    game: number,
                    entry,
                });
            };
            *total = total.saturating_add(miles);
        }
        let missing: Vec<EntryId> = table
            .iter()
            .copied()
            .filter(|e| !seen.contains(e))
            .collect();
        if !missing.is_empty() {
            return Err(ScoreError::GameMissing {
                game: number,
                entries: missing,
            });
        }
    }
    Ok(totals)
}

/// What an entry on a bye scores, given the miles of every entry that played at a table in
/// the round: their sum divided by their number, rounded down (or 0 when the host chose so).
pub fn bye_miles(rule: ByeScore, played: &[u32]) -> u32 {
    match rule {
        ByeScore::Zero => 0,
        ByeScore::RoundAverage => {
            let sum: u64 = played.iter().map(|&m| u64::from(m)).sum();
            let average = sum.checked_div(played.len() as u64).unwrap_or(0);
            u32::try_from(average).unwrap_or(u32::MAX)
        }
    }
}

/// Checks one entry's miles for a round at a table of `entries_at_table` entries: no more
/// than the round can hold (one race of 50 or 30 miles when tables wait for the signal, one
/// per game in a round by games; no bound when tables deal again).
pub fn check_miles(
    settings: &Settings,
    entries_at_table: usize,
    entry: EntryId,
    miles: u32,
) -> Result<(), ScoreError> {
    match settings.max_round_miles(entries_at_table) {
        Some(max) if miles > max => Err(ScoreError::TooManyMiles { entry, miles, max }),
        _ => Ok(()),
    }
}

/// Whether a table has finished its round after `finished_games` games, its sides' totals
/// over them being `totals`: a round by games after its games, a round to points once a side
/// has won the game its rule set plays across hands ([`touring_engine::RulesId::match_winner`]:
/// in Mille Bornes the first side to 5000 at the end of a hand, the higher total if more than
/// one is there, another hand if they are level). A timed round is never done by games: the signal ends it.
pub fn table_done(settings: &Settings, finished_games: u32, totals: &[u32]) -> bool {
    match settings.round {
        RoundKind::Games { games } => finished_games >= u32::from(games),
        RoundKind::Points { .. } => settings.rules.match_winner(totals).is_some(),
        RoundKind::Timed { .. } => false,
    }
}

/// Why scores were refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum ScoreError {
    #[error("game {game} lists {sides} sides but {scores} scores: give one score per side")]
    GameSides {
        game: usize,
        sides: usize,
        scores: usize,
    },
    #[error("game {game} lists entry #{entry} twice: each entry plays one side")]
    SideTwice { game: usize, entry: EntryId },
    #[error("game {game} lists entry #{entry}, which does not sit at this table")]
    NotAtTable { game: usize, entry: EntryId },
    #[error(
        "game {game} leaves out {}: every entry at the table plays every game",
        list_ids(.entries)
    )]
    GameMissing { game: usize, entries: Vec<EntryId> },
    #[error(
        "entry #{entry} is given a score of {miles}, but a round at its table can score at most {max}: check the score"
    )]
    TooManyMiles {
        entry: EntryId,
        miles: u32,
        max: u32,
    },
}

impl ScoreError {
    /// The refusal, to say in the reader's language.
    pub fn said(&self) -> Said {
        match self {
            ScoreError::GameSides {
                game,
                sides,
                scores,
            } => Said::new("refused-game-sides")
                .number("game", *game)
                .number("sides", *sides)
                .number("scores", *scores),
            ScoreError::SideTwice { game, entry } => Said::new("refused-game-side-twice")
                .number("game", *game)
                .text("entry", entry.to_string()),
            ScoreError::NotAtTable { game, entry } => Said::new("refused-game-not-at-table")
                .number("game", *game)
                .text("entry", entry.to_string()),
            ScoreError::GameMissing { game, entries } => Said::new("refused-game-missing")
                .number("game", *game)
                .said("entries", entry_names(entries)),
            ScoreError::TooManyMiles { entry, miles, max } => Said::new("refused-too-many-miles")
                .text("entry", entry.to_string())
                .number("miles", *miles)
                .number("max", *max),
        }
    }
}

/// Entries as messages name them: "#3", "#3 and #5", "#2, #3 and #5".
pub(crate) fn entry_names(entries: &[EntryId]) -> Said {
    and_said(
        entries
            .iter()
            .map(|id| Said::new("refused-entry").text("entry", id.to_string()))
            .collect(),
    )
}

/// Numbers as a list: "3", "2 and 5", "1, 2 and 3".
pub(crate) fn numbers_said(numbers: impl IntoIterator<Item = u64>) -> Said {
    and_said(
        numbers
            .into_iter()
            .map(|n| Said::new("refused-number").number("n", n))
            .collect(),
    )
}

/// Messages as a list the reader's language joins: "a", "a and b", "a, b and c".
pub(crate) fn and_said(items: Vec<Said>) -> Said {
    let mut items = items.into_iter().rev();
    let Some(last) = items.next() else {
        return Said::new("refused-nothing");
    };
    let Some(before) = items.next() else {
        return last;
    };
    let pair = Said::new("list-and")
        .said("first", before)
        .said("last", last);
    items.fold(pair, |rest, item| {
        Said::new("refused-comma-list")
            .said("first", item)
            .said("rest", rest)
    })
}
