//! The score sheet of a rule set: the rows a paper score card counts at a table that plays with
//! real cards, what each is worth, and how many it may hold. The paper cards, the print pages and
//! the console are drawn from it, so they need not know any rule set.

use serde::Serialize;

/// What a side's score counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreUnit {
    /// A race: the miles on the table.
    Miles,
    /// Points, as a hand's score sheet adds them up.
    Points,
}

impl ScoreUnit {
    /// The word for people: "miles" or "points".
    pub const fn word(self) -> &'static str {
        match self {
            ScoreUnit::Miles => "miles",
            ScoreUnit::Points => "points",
        }
    }

    /// The word for one: "mile" or "point".
    pub const fn singular(self) -> &'static str {
        match self {
            ScoreUnit::Miles => "mile",
            ScoreUnit::Points => "point",
        }
    }
}

/// One row of a score card: a count the table writes down per side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SheetRow {
    /// A stable identifier: the key of the row in a stored card ("mile5").
    pub id: &'static str,
    /// Words for the printed card ("5 miles").
    pub label: &'static str,
    /// What one counted item is worth.
    pub value: u32,
    /// The most one side may count in this row; a side whose every row with a quota is full
    /// has completed its trip.
    pub quota: Option<u32>,
    /// The most all sides together may count in this row (the cards of that kind in the pack).
    pub pack: Option<u32>,
    /// The most one side may count in a row that is not part of a trip's quota (1 for a yes/no
    /// row such as Mille Bornes' "trip completed"); `None` when `quota` says it or nothing does.
    pub most: Option<u32>,
    /// Points added once when a side's count reaches `most` (Mille Bornes: 300 for all four
    /// safeties). 0 for rows without such a bonus.
    pub full_bonus: u32,
}

impl SheetRow {
    /// Whether the row is answered yes or no (counted 0 or 1).
    pub fn is_yes_no(&self) -> bool {
        self.quota.is_none() && self.most == Some(1)
    }
}

/// Every row of a rule set's score card for one configuration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreSheet {
    pub unit: ScoreUnit,
    pub rows: Vec<SheetRow>,
}

impl ScoreSheet {
    /// A side's score from its counts, one per row in row order.
    pub fn score(&self, counts: &[u32]) -> u32 {
        self.rows
            .iter()
            .zip(counts)
            .map(|(row, &n)| {
                let bonus = if row.full_bonus > 0 && row.most == Some(n) {
                    row.full_bonus
                } else {
                    0
                };
                row.value.saturating_mul(n).saturating_add(bonus)
            })
            .fold(0, u32::saturating_add)
    }

    /// The score of a completed trip (every quota full), if the sheet has quotas.
    pub fn trip(&self) -> Option<u32> {
        let quotas: Vec<u32> = self.rows.iter().filter_map(|r| r.quota).collect();
        (!quotas.is_empty()).then(|| {
            self.rows
                .iter()
                .filter_map(|r| r.quota.map(|q| q.saturating_mul(r.value)))
                .sum()
        })
    }

    /// The most one side can score in one game: a complete trip where the sheet has quotas,
    /// else every row at its most with its bonus (a bound on a Mille Bornes hand's points).
    pub fn most_per_game(&self) -> u32 {
        self.trip().unwrap_or_else(|| {
            self.rows
                .iter()
                .map(|r| {
                    r.value
                        .saturating_mul(r.most.unwrap_or(0))
                        .saturating_add(r.full_bonus)
                })
                .fold(0, u32::saturating_add)
        })
    }

    /// Whether counts fill every row that has a quota (a completed trip).
    pub fn completes(&self, counts: &[u32]) -> bool {
        self.trip().is_some()
            && self
                .rows
                .iter()
                .zip(counts)
                .all(|(row, &n)| row.quota.is_none_or(|q| n == q))
    }

    /// The position of a row by its identifier.
    pub fn position(&self, id: &str) -> Option<usize> {
        self.rows.iter().position(|r| r.id == id)
    }
}
