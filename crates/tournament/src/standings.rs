//! Standings: places by total miles, ties for a place settled by rounds won, then shared; and
//! the prizes.
//!
//! Rulings: bots are placed like everyone else (their miles are real) but never take a prize;
//! withdrawn entries are listed with their miles and place, marked withdrawn, and take no
//! prize either, since they are not there to receive it. A prize passes to the next person.
//! A withdrawn entry keeps what it scored before it withdrew and scores nothing from then on;
//! one withdrawn before playing any round at a table is not ranked at all (listed apart, after
//! everyone else), so a bye's average never places it above players. A late entry scores,
//! for each round it missed, what the host chose when adding it: 0 or that round's average,
//! marked as such.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::EntryId;
use super::entry::{Entry, MissedRounds};
use super::movement::Closing;
use super::scores::bye_miles;
use super::settings::{ByeScore, Settings};

/// What one round contributes to the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    pub round: u32,
    /// Every entry's miles for the round (tables and byes).
    pub miles: BTreeMap<EntryId, u32>,
    /// The entries that won the round: strictly the most miles at their table (a cut for a
    /// tie moves the entry on but is not a win); empty while the round is open.
    pub won: Vec<EntryId>,
    /// The entries that sat out the round (their miles are the bye's score).
    #[serde(default)]
    pub byes: Vec<EntryId>,
}

impl RoundResult {
    /// The round's average: the miles of every entry that played at a table, divided by
    /// their number, rounded down.
    pub fn average(&self) -> u32 {
        let played: Vec<u32> = self
            .miles
            .iter()
            .filter(|(e, _)| !self.byes.contains(e))
            .map(|(_, &m)| m)
            .collect();
        bye_miles(ByeScore::RoundAverage, &played)
    }

    /// Whether an entry played this round at a table (not on a bye).
    pub fn played_at_a_table(&self, entry: EntryId) -> bool {
        self.miles.contains_key(&entry) && !self.byes.contains(&entry)
    }
}

impl From<&Closing> for RoundResult {
    fn from(closing: &Closing) -> RoundResult {
        RoundResult {
            round: closing.round,
            miles: closing.miles.clone(),
            won: closing.winners(),
            byes: closing.byes.iter().map(|b| b.entry).collect(),
        }
    }
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub entry: EntryId,
    pub name: String,
    /// 1 for the most miles; tied entries share a place and the next place skips (1, 2, 2, 4).
    /// 0 for an entry that is not ranked.
    pub place: u32,
    /// Miles per round, in the order of the rounds given; `None` where the entry did not take
    /// part (a bot not yet brought in, or an entry that had withdrawn).
    pub miles: Vec<Option<u32>>,
    /// Per round: the score is what a late entry scores for a round it missed (0 or the
    /// round's average, by the host's choice), not miles played.
    pub missed: Vec<bool>,
    pub total: u64,
    /// Rounds won: rounds where the entry had strictly the most miles at its table.
    pub rounds_won: u32,
    /// The prize (1 = first prize), when the entry takes one.
    pub prize: Option<u32>,
    pub bot: bool,
    pub withdrawn: bool,
    /// False for an entry withdrawn before playing any round at a table: it has no place
    /// and is listed apart, after the others.
    pub ranked: bool,
}

/// One entry's line before it is placed.
fn line(entry: &Entry, rounds: &[RoundResult]) -> Standing {
    // A withdrawn entry keeps the rounds before the one it no longer plays.
    let keeps = |round: u32| !entry.withdrawn || entry.withdrawn_from.is_none_or(|w| round < w);
    let ranked = !entry.withdrawn
        || rounds
            .iter()
            .any(|r| keeps(r.round) && r.played_at_a_table(entry.id));
    let mut miles = Vec::with_capacity(rounds.len());
    let mut missed = Vec::with_capacity(rounds.len());
    for r in rounds {
        let (score, late) = if !ranked || !keeps(r.round) {
            (None, false)
        } else if let Some(&m) = r.miles.get(&entry.id) {
            (Some(m), false)
        } else if r.round < entry.joined_round && !entry.bot {
            let score = match entry.missed_rounds {
                MissedRounds::Zero => 0,
                MissedRounds::RoundAverage => r.average(),
            };
            (Some(score), true)
        } else {
            (None, false)
        };
        miles.push(score);
        missed.push(late);
    }
    let total = miles.iter().flatten().map(|&m| u64::from(m)).sum();
    let rounds_won = rounds
        .iter()
        .filter(|r| ranked && keeps(r.round))
        .map(|r| r.won.iter().filter(|&&m| m == entry.id).count() as u32)
        .sum();
    Standing {
        entry: entry.id,
        name: entry.name(),
        place: 0,
        miles,
        missed,
        total,
        rounds_won,
        prize: None,
        bot: entry.bot,
        withdrawn: entry.withdrawn,
        ranked,
    }
}

/// The standings of `entries` over `rounds`: sorted by place, then by entry id; the entries
/// that are not ranked (withdrawn before playing any round) come last, by id.
///
/// Places go by total miles, then by rounds won; entries equal on both share the place.
/// Prizes go to people still in the event, ranked the same way among themselves: the first
/// `settings.prizes` places of that ranking take a prize, and entries sharing a place share
/// the prize (so more entries than prizes may take one, never a prize numbered above
/// `settings.prizes`).
pub fn standings(settings: &Settings, entries: &[Entry], rounds: &[RoundResult]) -> Vec<Standing> {
    let mut lines: Vec<Standing> = entries.iter().map(|entry| line(entry, rounds)).collect();
    let key = |s: &Standing| (std::cmp::Reverse(s.total), std::cmp::Reverse(s.rounds_won));
    lines.sort_by_key(|s| (!s.ranked, key(s), s.entry));

    let mut place = 0;
    let mut prize_rank = 0;
    let mut eligible_seen = 0;
    let mut previous = None;
    let mut previous_eligible = None;
    for (index, line) in lines.iter_mut().enumerate() {
        if !line.ranked {
            continue;
        }
        let this = key(line);
        if previous != Some(this) {
            place = index as u32 + 1;
            previous = Some(this);
        }
        line.place = place;
        if !line.bot && !line.withdrawn {
            eligible_seen += 1;
            if previous_eligible != Some(this) {
                prize_rank = eligible_seen;
                previous_eligible = Some(this);
            }
            if prize_rank <= settings.prizes {
                line.prize = Some(prize_rank);
            }
        }
    }
    lines
}

/// A count with its noun as people say it: "1 round", "2 rounds", "0 rounds".
pub fn counted(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A place or a prize as people say it: "1st", "2nd", "3rd", "11th", "22nd".
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod ordinal_tests {
    use touring_i18n::{Lang, Said};

    /// The places this module writes in English are the ones the translations say.
    #[test]
    fn an_ordinal_is_the_one_the_english_translation_says() {
        for n in [1u32, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111] {
            let said = Said::new("place").number("place", n);
            assert_eq!(super::ordinal(n), Lang::ENGLISH.say(&said), "{n}");
        }
    }
}
