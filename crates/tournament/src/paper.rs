//! Paper tables: tables that play with real cards and report, per side, how many cards lie in
//! each mile pile. The program checks the counts against the rules and derives the miles, so
//! a miscount is caught at the table rather than in the standings.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::scores::numbers_said;
use touring_engine::{Config, ScoreSheet};
use touring_i18n::Said;

/// One side's score card: how many it counted in each row of the rule set's score sheet, keyed
/// by the row's identifier (`{"mile1": 8, "mile3": 4}`). A row left out counts zero.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PaperCard(pub BTreeMap<String, u32>);

impl PaperCard {
    /// A card from counts in the sheet's row order.
    pub fn from_counts(sheet: &ScoreSheet, counts: &[u32]) -> PaperCard {
        PaperCard(
            sheet
                .rows
                .iter()
                .zip(counts)
                .map(|(row, &n)| (row.id.to_owned(), n))
                .collect(),
        )
    }

    /// The count of one row.
    pub fn count(&self, row: &str) -> u32 {
        self.0.get(row).copied().unwrap_or(0)
    }

    /// The counts in the sheet's row order.
    pub fn counts(&self, sheet: &ScoreSheet) -> Vec<u32> {
        sheet.rows.iter().map(|row| self.count(row.id)).collect()
    }

    /// The score the card gives under a sheet.
    pub fn score(&self, sheet: &ScoreSheet) -> u32 {
        sheet.score(&self.counts(sheet))
    }
}

/// Every hand a side played in a round at a paper table: one card per hand, in the order the
/// hands were played. Stored as a list; a card stored before a card held several hands (a
/// single `{"row": count}` object) reads as a card of one hand.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(transparent)]
pub struct PaperHands(pub Vec<PaperCard>);

impl<'de> Deserialize<'de> for PaperHands {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Stored {
            Hands(Vec<PaperCard>),
            One(PaperCard),
        }
        Ok(match Stored::deserialize(deserializer)? {
            Stored::Hands(hands) => PaperHands(hands),
            Stored::One(card) => PaperHands(vec![card]),
        })
    }
}

impl PaperHands {
    /// A card of one hand.
    pub fn one(card: PaperCard) -> PaperHands {
        PaperHands(vec![card])
    }

    /// The round's score: the sum of every hand's.
    pub fn score(&self, sheet: &ScoreSheet) -> u32 {
        self.0
            .iter()
            .fold(0u32, |sum, hand| sum.saturating_add(hand.score(sheet)))
    }

    /// The hand at `index` (0 for the first), or an empty card when the side has not written
    /// that hand yet.
    pub fn hand(&self, index: usize) -> PaperCard {
        self.0.get(index).cloned().unwrap_or_default()
    }
}

/// One thing wrong with a paper table's counts. Sides are numbered from 1, as the score card
/// prints them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum PaperProblem {
    #[error("this table has {expected} sides, but piles were given for {given}")]
    Sides { expected: usize, given: usize },
    #[error("there is no row \"{row}\" on this score card; its rows are {rows}")]
    UnknownRow { row: String, rows: String },
    #[error(
        "side {side} has {count} cards on its {pile} pile, but in a {race}-{unit} race that pile holds at most {quota}: count the pile again"
    )]
    OverQuota {
        side: usize,
        pile: String,
        /// The pile's mileage, to name it in the reader's language.
        #[serde(default)]
        miles: u32,
        count: u32,
        quota: u32,
        race: u32,
        unit: String,
    },
    #[error(
        "the sides have {count} {pile} cards between them, but the pack holds only {pack}: count the piles again"
    )]
    BeyondPack {
        pile: String,
        /// The pile's mileage, to name it in the reader's language.
        #[serde(default)]
        miles: u32,
        count: u32,
        pack: u32,
    },
    #[error(
        "sides {} all have complete piles, but the race stops as soon as one side completes them: count the piles again",
        sides_word(.sides)
    )]
    TwoFinished { sides: Vec<usize> },
    /// A rule set's own check of the cards against each other (Mille Bornes' bonuses).
    #[error("{message}")]
    Rules {
        message: String,
        /// The same in words for a person (the rule set's own; not kept in JSON).
        #[serde(skip)]
        words: Option<touring_engine::RefusalWords>,
        /// The side (from 1) and the row it lies in, where it is one side's row.
        #[serde(default)]
        side: Option<usize>,
        #[serde(default)]
        row: Option<String>,
    },
    /// The sides wrote rows for different numbers of hands.
    #[error(
        "the sides' cards hold different numbers of hands ({}): every side writes a row for every hand the table played",
        hands_word(.hands)
    )]
    Hands { hands: Vec<usize> },
    /// A problem of one hand of a card of several.
    #[error("hand {hand}: {within}")]
    InHand {
        hand: usize,
        within: Box<PaperProblem>,
    },
}

impl PaperProblem {
    /// The problem itself, without the hand it is in.
    pub fn inner(&self) -> &PaperProblem {
        match self {
            PaperProblem::InHand { within, .. } => within.inner(),
            other => other,
        }
    }

    /// The hand the problem is in (1 for the first), if it names one.
    pub fn hand(&self) -> Option<usize> {
        match self {
            PaperProblem::InHand { hand, .. } => Some(*hand),
            _ => None,
        }
    }
}

impl PaperProblem {
    /// The problem, to say in the reader's language.
    pub fn said(&self) -> Said {
        match self {
            PaperProblem::Sides { expected, given } => Said::new("refused-paper-sides")
                .number("expected", *expected)
                .number("given", *given),
            PaperProblem::UnknownRow { row, rows } => Said::new("refused-paper-unknown-row")
                .text("row", row.clone())
                .text("rows", rows.clone()),
            PaperProblem::OverQuota {
                side,
                miles,
                count,
                quota,
                race,
                unit,
                ..
            } => Said::new("refused-paper-over-quota")
                .number("side", *side)
                .said("pile", Said::new("sheet-miles").number("miles", *miles))
                .number("count", *count)
                .number("quota", *quota)
                .number("race", *race)
                .text("unit", unit.clone()),
            PaperProblem::BeyondPack {
                miles, count, pack, ..
            } => Said::new("refused-paper-beyond-pack")
                .said("pile", Said::new("sheet-miles").number("miles", *miles))
                .number("count", *count)
                .number("pack", *pack),
            PaperProblem::TwoFinished { sides } => Said::new("refused-paper-two-finished")
                .said("sides", numbers_said(sides.iter().map(|&s| s as u64))),
            // The rule set's own words (a problem read back from JSON has lost them: it is
            // said in general).
            PaperProblem::Rules {
                words: Some(words), ..
            } => crate::said(words.clone()),
            PaperProblem::Rules { words: None, .. } => Said::new("refused-paper-rules"),
            PaperProblem::Hands { hands } => Said::new("refused-paper-hands").said(
                "hands",
                listed(
                    hands
                        .iter()
                        .enumerate()
                        .map(|(i, n)| {
                            Said::new("refused-paper-hands-of-side")
                                .number("side", i + 1)
                                .number("hands", *n)
                        })
                        .collect(),
                ),
            ),
            PaperProblem::InHand { hand, within } => Said::new("refused-in-hand")
                .number("hand", *hand)
                .said("problem", within.said()),
        }
    }
}

/// Messages one after the other, as a list separated by commas ("side 1: 2, side 2: 1").
fn listed(items: Vec<Said>) -> Said {
    joined(items, "refused-comma-list")
}

/// Problems one after the other, separated as a list of sentences ("...; ...").
pub fn problems_said(items: Vec<Said>) -> Said {
    joined(items, "refused-problems")
}

/// Messages one after the other, each pair joined by the message `by` (of `first`, `rest`).
fn joined(items: Vec<Said>, by: &'static str) -> Said {
    let mut items = items.into_iter().rev();
    let last = items.next().unwrap_or_else(|| Said::new("refused-nothing"));
    items.fold(last, |rest, item| {
        Said::new(by).said("first", item).said("rest", rest)
    })
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

impl PaperErrors {
    /// Every problem, to say in the reader's language.
    pub fn said(&self) -> Said {
        problems_said(self.0.iter().map(PaperProblem::said).collect())
    }
}

/// The score of each side of one game at a paper table, after checking every count against
/// the rule set's score sheet for the table: the quota of each pile (the trip), the pack, and
/// the rule that a game stops when the first side completes its trip.
pub fn paper_scores(config: Config, sides: &[PaperCard]) -> Result<Vec<u32>, PaperErrors> {
    let expected = usize::from(config.sides());
    if sides.len() != expected {
        return Err(PaperErrors(vec![PaperProblem::Sides {
            expected,
            given: sides.len(),
        }]));
    }
    let sheet = config.rules.score_sheet(config);
    let mut problems = Vec::new();
    for card in sides {
        for row in card.0.keys() {
            if sheet.position(row).is_none() {
                problems.push(PaperProblem::UnknownRow {
                    row: touring_engine::json::truncate(row, 40),
                    rows: sheet
                        .rows
                        .iter()
                        .map(|r| r.id)
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        }
    }
    if !problems.is_empty() {
        problems.dedup();
        return Err(PaperErrors(problems));
    }
    let race = sheet.trip().unwrap_or(0);
    for (index, card) in sides.iter().enumerate() {
        for row in &sheet.rows {
            let count = card.count(row.id);
            if let Some(quota) = row.quota.filter(|&q| count > q) {
                problems.push(PaperProblem::OverQuota {
                    side: index + 1,
                    pile: row.label.to_owned(),
                    miles: row.value,
                    count,
                    quota,
                    race,
                    unit: sheet.unit.singular().to_owned(),
                });
            }
        }
    }
    for row in &sheet.rows {
        let count: u32 = sides.iter().map(|card| card.count(row.id)).sum();
        if let Some(pack) = row.pack.filter(|&p| count > p) {
            problems.push(PaperProblem::BeyondPack {
                pile: row.label.to_owned(),
                miles: row.value,
                count,
                pack,
            });
        }
    }
    let finished: Vec<usize> = sides
        .iter()
        .enumerate()
        .filter(|(_, card)| sheet.completes(&card.counts(&sheet)))
        .map(|(index, _)| index + 1)
        .collect();
    if finished.len() > 1 {
        problems.push(PaperProblem::TwoFinished { sides: finished });
    }
    if problems.is_empty() {
        let counts: Vec<Vec<u32>> = sides.iter().map(|card| card.counts(&sheet)).collect();
        if let Err(messages) = config.rules.check_paper(config, &counts) {
            problems.extend(messages.into_iter().map(|note| PaperProblem::Rules {
                message: note.message,
                words: Some(note.words),
                side: note.side,
                row: note.row.map(str::to_owned),
            }));
        }
    }
    if problems.is_empty() {
        Ok(sides.iter().map(|card| card.score(&sheet)).collect())
    } else {
        Err(PaperErrors(problems))
    }
}

/// The score of each side over every hand a paper table played in a round: each hand is
/// checked as [`paper_scores`] checks a game (its problems name the hand when there are
/// several), and every side must have written the same number of hands.
pub fn paper_round_scores(config: Config, sides: &[PaperHands]) -> Result<Vec<u32>, PaperErrors> {
    let lengths: Vec<usize> = sides.iter().map(|s| s.0.len()).collect();
    if lengths.windows(2).any(|w| w[0] != w[1]) {
        return Err(PaperErrors(vec![PaperProblem::Hands { hands: lengths }]));
    }
    let hands = lengths.first().copied().unwrap_or(0).max(1);
    let mut totals = vec![0u32; sides.len()];
    let mut problems = Vec::new();
    for index in 0..hands {
        let cards: Vec<PaperCard> = sides.iter().map(|s| s.hand(index)).collect();
        match paper_scores(config, &cards) {
            Ok(scores) => {
                for (total, score) in totals.iter_mut().zip(scores) {
                    *total = total.saturating_add(score);
                }
            }
            Err(PaperErrors(found)) if hands == 1 => problems.extend(found),
            Err(PaperErrors(found)) => {
                problems.extend(found.into_iter().map(|problem| PaperProblem::InHand {
                    hand: index + 1,
                    within: Box::new(problem),
                }));
            }
        }
    }
    if problems.is_empty() {
        Ok(totals)
    } else {
        Err(PaperErrors(problems))
    }
}

/// "side 1: 2, side 2: 1".
fn hands_word(hands: &[usize]) -> String {
    hands
        .iter()
        .enumerate()
        .map(|(i, n)| format!("side {}: {n}", i + 1))
        .collect::<Vec<_>>()
        .join(", ")
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
