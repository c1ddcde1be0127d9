//! Paper tables: tables that play with real cards and report, per side, how many cards lie in
//! each mile pile. The program checks the counts against the rules and derives the miles, so
//! a miscount is caught at the table rather than in the standings.

use serde::{Deserialize, Serialize};

use super::settings::race_miles;
use crate::engine::{Card, Config, touring1926};

/// The cards in one side's four mile piles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PaperPiles {
    pub ones: u8,
    pub threes: u8,
    pub fives: u8,
    pub tens: u8,
}

impl PaperPiles {
    /// The counts in pile order: 1, 3, 5, 10.
    pub const fn counts(&self) -> [u8; 4] {
        [self.ones, self.threes, self.fives, self.tens]
    }

    /// The miles the piles make.
    pub fn miles(&self) -> u32 {
        self.counts()
            .iter()
            .zip(Card::MILES)
            .map(|(&n, card)| u32::from(n) * card.miles())
            .sum()
    }
}

/// One thing wrong with a paper table's counts. Sides are numbered from 1, as the score card
/// prints them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum PaperProblem {
    #[error("this table has {expected} sides, but piles were given for {given}")]
    Sides { expected: usize, given: usize },
    #[error(
        "side {side} has {count} cards on its {pile}-mile pile, but in a {race}-mile race that pile holds at most {quota}: count the pile again"
    )]
    OverQuota {
        side: usize,
        pile: u32,
        count: u8,
        quota: u8,
        race: u32,
    },
    #[error(
        "the sides have {count} {pile}-mile cards between them, but the pack holds only {pack}: count the piles again"
    )]
    BeyondPack { pile: u32, count: u32, pack: u8 },
    #[error(
        "sides {} all have complete piles, but the race stops as soon as one side completes them: count the piles again",
        sides_word(.sides)
    )]
    TwoFinished { sides: Vec<usize> },
}

/// Every problem found in a paper table's counts (never empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaperErrors(pub Vec<PaperProblem>);

impl std::fmt::Display for PaperErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let messages: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&messages.join("; "))
    }
}

impl std::error::Error for PaperErrors {}

/// The miles of each side of one game at a paper table, after checking every count against
/// the pile quotas of the table's race (50 miles, or 30 for three players), the pack, and the
/// rule that the race stops when the first side completes its piles.
pub fn paper_miles(config: Config, sides: &[PaperPiles]) -> Result<Vec<u32>, PaperErrors> {
    let expected = usize::from(config.sides());
    if sides.len() != expected {
        return Err(PaperErrors(vec![PaperProblem::Sides {
            expected,
            given: sides.len(),
        }]));
    }
    let quota = touring1926::quota(config);
    let pack = touring1926::pack(config);
    let race = race_miles(config);
    let mut problems = Vec::new();
    for (index, piles) in sides.iter().enumerate() {
        for ((&count, &limit), card) in piles.counts().iter().zip(&quota).zip(Card::MILES) {
            if count > limit {
                problems.push(PaperProblem::OverQuota {
                    side: index + 1,
                    pile: card.miles(),
                    count,
                    quota: limit,
                    race,
                });
            }
        }
    }
    for (pile, card) in Card::MILES.into_iter().enumerate() {
        let count: u32 = sides.iter().map(|p| u32::from(p.counts()[pile])).sum();
        if count > u32::from(pack.get(card)) {
            problems.push(PaperProblem::BeyondPack {
                pile: card.miles(),
                count,
                pack: pack.get(card),
            });
        }
    }
    let finished: Vec<usize> = sides
        .iter()
        .enumerate()
        .filter(|(_, p)| p.counts() == quota)
        .map(|(index, _)| index + 1)
        .collect();
    if finished.len() > 1 {
        problems.push(PaperProblem::TwoFinished { sides: finished });
    }
    if problems.is_empty() {
        Ok(sides.iter().map(PaperPiles::miles).collect())
    } else {
        Err(PaperErrors(problems))
    }
}

/// "1 and 2", "1, 2 and 3".
fn sides_word(sides: &[usize]) -> String {
    let numbers: Vec<String> = sides.iter().map(usize::to_string).collect();
    match numbers.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}
