//! Standings: places by total miles, ties for a place settled by rounds won, then shared; and
//! the prizes.
//!
//! Rulings: bots are placed like everyone else (their miles are real) but never take a prize;
//! withdrawn entries are listed with their miles and place, marked withdrawn, and take no
//! prize either, since they are not there to receive it. A prize passes to the next person.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::EntryId;
use super::entry::Entry;
use super::movement::Closing;
use super::settings::Settings;

/// What one round contributes to the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    pub round: u32,
    /// Every entry's miles for the round (tables and byes).
    pub miles: BTreeMap<EntryId, u32>,
    /// The entries that won the round: strictly the most miles at their table (a cut for a
    /// tie moves the entry on but is not a win); empty while the round is open.
    pub won: Vec<EntryId>,
}

impl From<&Closing> for RoundResult {
    fn from(closing: &Closing) -> RoundResult {
        RoundResult {
            round: closing.round,
            miles: closing.miles.clone(),
            won: closing.winners(),
        }
    }
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub entry: EntryId,
    pub name: String,
    /// 1 for the most miles; tied entries share a place and the next place skips (1, 2, 2, 4).
    pub place: u32,
    /// Miles per round, in the order of the rounds given; `None` where the entry did not take
    /// part (it joined later, or had withdrawn).
    pub miles: Vec<Option<u32>>,
    pub total: u64,
    /// Rounds won: rounds where the entry had strictly the most miles at its table.
    pub rounds_won: u32,
    /// The prize (1 = first prize), when the entry takes one.
    pub prize: Option<u32>,
    pub bot: bool,
    pub withdrawn: bool,
}

/// The standings of `entries` over `rounds`: sorted by place, then by entry id.
///
/// Places go by total miles, then by rounds won; entries equal on both share the place.
/// Prizes go to people still in the event, ranked the same way among themselves: the first
/// `settings.prizes` places of that ranking take a prize, and entries sharing a place share
/// the prize (so more entries than prizes may take one, never a prize numbered above
/// `settings.prizes`).
pub fn standings(settings: &Settings, entries: &[Entry], rounds: &[RoundResult]) -> Vec<Standing> {
    let mut lines: Vec<Standing> = entries
        .iter()
        .map(|entry| {
            let miles: Vec<Option<u32>> = rounds
                .iter()
                .map(|r| r.miles.get(&entry.id).copied())
                .collect();
            let total = miles.iter().flatten().map(|&m| u64::from(m)).sum();
            let rounds_won = rounds
                .iter()
                .map(|r| r.won.iter().filter(|&&m| m == entry.id).count() as u32)
                .sum();
            Standing {
                entry: entry.id,
                name: entry.name(),
                place: 0,
                miles,
                total,
                rounds_won,
                prize: None,
                bot: entry.bot,
                withdrawn: entry.withdrawn,
            }
        })
        .collect();
    let key = |s: &Standing| (std::cmp::Reverse(s.total), std::cmp::Reverse(s.rounds_won));
    lines.sort_by_key(|s| (key(s), s.entry));

    let mut place = 0;
    let mut prize_rank = 0;
    let mut eligible_seen = 0;
    let mut previous = None;
    let mut previous_eligible = None;
    for (index, line) in lines.iter_mut().enumerate() {
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
