//! The score of a hand of Mille Bornes, row by row as on the printed score sheet; the score of a
//! hand cut short by a round's signal; who has won a match of hands; and the check of a paper
//! table's score sheet.
//!
//! Everything here is a pure function of a few facts about a hand, so the engine, the party
//! code and the paper tables score alike.

use serde::Serialize;

use crate::{ScoreSheet, ScoreUnit, ScoredRow, SheetRow, Side};

/// Points per row of the score sheet.
pub const SAFETY: u32 = 100;
pub const ALL_SAFETIES: u32 = 300;
pub const COUP_FOURRE: u32 = 300;
pub const TRIP: u32 = 400;
pub const DELAYED_ACTION: u32 = 300;
pub const SAFE_TRIP: u32 = 300;
pub const SHUT_OUT: u32 = 500;
pub const EXTENSION: u32 = 200;
/// A match is hands until a side has this many points at the end of a hand.
pub const MATCH: u32 = 5000;

/// What the score of a hand needs to know of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideFacts {
    pub miles: u32,
    /// Safeties in the side's safety area (coups fourrés included).
    pub safeties: u32,
    /// Of those, how many were coups fourrés.
    pub coups_fourres: u32,
    /// 200-mile cards the side played.
    pub two_hundreds: u32,
}

/// What the score of a hand needs to know of the whole hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandFacts<'a> {
    pub sides: &'a [SideFacts],
    /// The side that completed the trip, if one did.
    pub completed_by: Option<Side>,
    /// The trip was completed with the draw pile empty.
    pub delayed: bool,
    /// The side that called the Extension, if one did.
    pub extension: Option<Side>,
}

/// One side's score for a hand: points per row of the score sheet, and their total.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HandScore {
    pub miles: u32,
    pub safeties: u32,
    pub all_safeties: u32,
    pub coup_fourre: u32,
    pub trip: u32,
    pub delayed_action: u32,
    pub safe_trip: u32,
    pub shut_out: u32,
    pub extension: u32,
    pub total: u32,
}

impl HandScore {
    /// The rows that need no finished trip: miles, safeties, all four, coups fourrés.
    fn base(facts: &SideFacts) -> HandScore {
        HandScore {
            miles: facts.miles,
            safeties: SAFETY * facts.safeties,
            all_safeties: if facts.safeties == 4 { ALL_SAFETIES } else { 0 },
            coup_fourre: COUP_FOURRE * facts.coups_fourres,
            ..HandScore::default()
        }
    }

    fn with_total(mut self) -> HandScore {
        self.total = self.miles
            + self.safeties
            + self.all_safeties
            + self.coup_fourre
            + self.trip
            + self.delayed_action
            + self.safe_trip
            + self.shut_out
            + self.extension;
        self
    }
}

/// The score of a side in a finished hand: every row of the sheet.
pub fn score_hand(hand: &HandFacts, side: Side) -> HandScore {
    let s = usize::from(side);
    let Some(facts) = hand.sides.get(s) else {
        return HandScore::default();
    };
    let mut score = HandScore::base(facts);
    if hand.completed_by == Some(side) {
        score.trip = TRIP;
        if hand.delayed {
            score.delayed_action = DELAYED_ACTION;
        }
        if facts.two_hundreds == 0 {
            score.safe_trip = SAFE_TRIP;
        }
        let others_moved = hand
            .sides
            .iter()
            .enumerate()
            .any(|(i, other)| i != s && other.miles > 0);
        if !others_moved {
            score.shut_out = SHUT_OUT;
        }
    }
    if let Some(caller) = hand.extension {
        // The caller who completes 1000 takes the bonus; otherwise each opponent does.
        let caller_made_it = hand.completed_by == Some(caller);
        if (caller == side) == caller_made_it {
            score.extension = EXTENSION;
        }
    }
    score.with_total()
}

/// The score of a side in a hand cut short by the round's signal: only miles, safeties, all
/// four and coups fourrés; no trip bonus of any kind, and no extension bonus for anyone.
pub fn score_cut_short(hand: &HandFacts, side: Side) -> HandScore {
    hand.sides
        .get(usize::from(side))
        .map_or_else(HandScore::default, |facts| {
            HandScore::base(facts).with_total()
        })
}

/// The side that has won a match, given every side's total after a hand: the first side with
/// 5000 points or more; when more than one has, the higher total. `None` while nobody has
/// reached 5000, and when the leaders over 5000 are level (the rules do not say; another hand
/// decides).
pub fn match_winner(totals: &[u32]) -> Option<Side> {
    let best = totals.iter().copied().filter(|&t| t >= MATCH).max()?;
    let mut leaders = totals.iter().enumerate().filter(|&(_, &t)| t == best);
    let (side, _) = leaders.next()?;
    if leaders.next().is_some() {
        return None;
    }
    Side::try_from(side).ok()
}

/// Every side's score for a hand as rows: each row's name and points by side, the total last.
pub fn rows(scores: &[HandScore]) -> Vec<ScoredRow> {
    let row = |id, points: fn(&HandScore) -> u32| ScoredRow {
        id,
        points: scores.iter().map(points).collect(),
    };
    vec![
        row("miles", |s| s.miles),
        row("safeties", |s| s.safeties),
        row("all-safeties", |s| s.all_safeties),
        row("coups-fourres", |s| s.coup_fourre),
        row("trip", |s| s.trip),
        row("delayed-action", |s| s.delayed_action),
        row("safe-trip", |s| s.safe_trip),
        row("shut-out", |s| s.shut_out),
        row("extension", |s| s.extension),
        row("total", |s| s.total),
    ]
}

/// The rows of the printed score sheet, in order; also the keys of a paper card.
pub const ROWS: [&str; 8] = [
    "miles",
    "safeties",
    "coups_fourres",
    "trip",
    "delayed_action",
    "safe_trip",
    "shut_out",
    "extension",
];

/// The score sheet of a table: the rows of the printed Mille Bornes score sheet.
pub fn sheet(trip: u32, extension: bool) -> ScoreSheet {
    let row = |id, label, value, most, full_bonus| SheetRow {
        id,
        label,
        value,
        quota: None,
        pack: None,
        most: Some(most),
        full_bonus,
    };
    ScoreSheet {
        unit: ScoreUnit::Points,
        rows: vec![
            row(
                ROWS[0],
                "Milestones",
                1,
                if extension { 1000 } else { trip },
                0,
            ),
            row(ROWS[1], "Safeties", SAFETY, 4, ALL_SAFETIES),
            row(ROWS[2], "Coups fourrés", COUP_FOURRE, 4, 0),
            row(ROWS[3], "Trip completed", TRIP, 1, 0),
            row(ROWS[4], "Delayed action", DELAYED_ACTION, 1, 0),
            row(ROWS[5], "Safe trip", SAFE_TRIP, 1, 0),
            row(ROWS[6], "Shut-out", SHUT_OUT, 1, 0),
            row(ROWS[7], "Extension", EXTENSION, 1, 0),
        ],
    }
}

/// One side's rows on a paper score sheet, in the order of [`ROWS`]: miles, safeties played,
/// coups fourrés, then yes (1) or no (0) for trip, delayed action, safe trip, shut-out and
/// extension.
pub type PaperRows = [u32; 8];

/// One thing wrong with a paper score sheet. Sides are numbered from 1, as the sheet prints them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum PaperProblem {
    #[error("this table has {expected} sides, but the sheet has {given}")]
    Sides { expected: usize, given: usize },
    #[error("side {side}: miles come in 25s, so {miles} cannot be right")]
    MilesNotInTwentyFives { side: usize, miles: u32 },
    #[error("side {side}: {miles} miles is more than the trip of {trip}")]
    MilesPastTrip { side: usize, miles: u32, trip: u32 },
    #[error("side {side}: the \"{row}\" row is yes (1) or no (0), not {count}")]
    NotYesNo {
        side: usize,
        row: &'static str,
        count: u32,
    },
    #[error("side {side}: there are only four safeties, not {count}")]
    TooManySafeties { side: usize, count: u32 },
    #[error("side {side}: {coups} coups fourrés but only {safeties} safeties played")]
    CoupsOverSafeties {
        side: usize,
        coups: u32,
        safeties: u32,
    },
    #[error("the sides have {count} safeties between them, but the pack holds four")]
    SafetiesBeyondPack { count: u32 },
    #[error("sides {first} and {second} both completed the trip, but only one side can")]
    TwoTrips { first: usize, second: usize },
    #[error("side {side}: a trip completed needs {trip} miles{}, not {miles}", if *.extension { " (or 1000 after an extension)" } else { "" })]
    TripMiles {
        side: usize,
        miles: u32,
        trip: u32,
        extension: bool,
    },
    #[error("side {side}: \"{row}\" is a bonus for completing the trip, which this side did not")]
    BonusWithoutTrip { side: usize, row: &'static str },
    #[error("side {side}: a shut-out needs every other side at 0 miles")]
    NotShutOut { side: usize },
    #[error("side {side}: there is no extension in a {trip}-mile game")]
    NoExtensionHere { side: usize, trip: u32 },
    #[error(
        "side {side}: a trip of 1000 miles in a 700-mile game was an extension, so its extension row is yes"
    )]
    ExtensionMissing { side: usize },
    #[error("side {side}: the trip stopped at 700, so nobody has an extension bonus")]
    ExtensionAfterStop { side: usize },
    #[error("side {side}: {miles} miles is past 700, which only an extended hand allows")]
    NotExtended { side: usize, miles: u32 },
}

/// The message that names a row of the score sheet (`locales/*/print.ftl`).
fn row_words(row: &str) -> crate::RefusalWords {
    let id = match row {
        "safeties" => "sheet-mb-safeties",
        "coups_fourres" => "sheet-mb-coups_fourres",
        "trip" => "sheet-mb-trip",
        "delayed_action" => "sheet-mb-delayed_action",
        "safe_trip" => "sheet-mb-safe_trip",
        "shut_out" => "sheet-mb-shut_out",
        "extension" => "sheet-mb-extension",
        _ => "sheet-mb-miles",
    };
    crate::RefusalWords::new(id)
}

/// A sheet that does not add up, in words for a person (`locales/*/mille-bornes.ftl`).
impl crate::Worded for PaperProblem {
    fn words(&self) -> crate::RefusalWords {
        use crate::RefusalWords as W;
        let side = |id, side: usize| W::new(id).number("side", side as i64);
        // A side's problem with its numbers, each named as the message names it.
        let counted = |id, s, numbers: &[(&'static str, u32)]| {
            numbers
                .iter()
                .fold(side(id, s), |words, &(name, n)| words.number(name, n))
        };
        match *self {
            PaperProblem::Sides { expected, given } => W::new("refused-mb-paper-sides")
                .number("expected", expected as i64)
                .number("given", given as i64),
            PaperProblem::MilesNotInTwentyFives { side: s, miles } => {
                counted("refused-mb-paper-miles-25s", s, &[("miles", miles)])
            }
            PaperProblem::MilesPastTrip {
                side: s,
                miles,
                trip,
            } => counted(
                "refused-mb-paper-miles-past-trip",
                s,
                &[("miles", miles), ("trip", trip)],
            ),
            PaperProblem::NotYesNo {
                side: s,
                row,
                count,
            } => side("refused-mb-paper-yes-no", s)
                .words("row", row_words(row))
                .number("count", count),
            PaperProblem::TooManySafeties { side: s, count } => {
                counted("refused-mb-paper-safeties", s, &[("count", count)])
            }
            PaperProblem::CoupsOverSafeties {
                side: s,
                coups,
                safeties,
            } => counted(
                "refused-mb-paper-coups",
                s,
                &[("coups", coups), ("safeties", safeties)],
            ),
            PaperProblem::SafetiesBeyondPack { count } => {
                W::new("refused-mb-paper-safeties-pack").number("count", count)
            }
            PaperProblem::TwoTrips { first, second } => W::new("refused-mb-paper-two-trips")
                .number("first", first as i64)
                .number("second", second as i64),
            PaperProblem::TripMiles {
                side: s,
                miles,
                trip,
                extension,
            } => counted(
                if extension {
                    "refused-mb-paper-trip-miles-extension"
                } else {
                    "refused-mb-paper-trip-miles"
                },
                s,
                &[("miles", miles), ("trip", trip)],
            ),
            PaperProblem::BonusWithoutTrip { side: s, row } => {
                side("refused-mb-paper-bonus-without-trip", s).words("row", row_words(row))
            }
            PaperProblem::NotShutOut { side: s } => side("refused-mb-paper-not-shut-out", s),
            PaperProblem::NoExtensionHere { side: s, trip } => {
                counted("refused-mb-paper-no-extension", s, &[("trip", trip)])
            }
            PaperProblem::ExtensionMissing { side: s } => {
                side("refused-mb-paper-extension-missing", s)
            }
            PaperProblem::ExtensionAfterStop { side: s } => {
                side("refused-mb-paper-extension-after-stop", s)
            }
            PaperProblem::NotExtended { side: s, miles } => {
                counted("refused-mb-paper-not-extended", s, &[("miles", miles)])
            }
        }
    }
}

impl PaperProblem {
    /// The side (from 1) and the row of [`ROWS`] the problem lies in, where it is one side's.
    pub fn place(&self) -> (Option<usize>, Option<&'static str>) {
        use PaperProblem::*;
        match *self {
            MilesNotInTwentyFives { side, .. }
            | MilesPastTrip { side, .. }
            | NotExtended { side, .. }
            | TripMiles { side, .. } => (Some(side), Some(ROWS[0])),
            TooManySafeties { side, .. } => (Some(side), Some(ROWS[1])),
            CoupsOverSafeties { side, .. } => (Some(side), Some(ROWS[2])),
            NotYesNo { side, row, .. } | BonusWithoutTrip { side, row } => (Some(side), Some(row)),
            NotShutOut { side } => (Some(side), Some(ROWS[6])),
            NoExtensionHere { side, .. }
            | ExtensionMissing { side }
            | ExtensionAfterStop { side } => (Some(side), Some(ROWS[7])),
            Sides { .. } | SafetiesBeyondPack { .. } | TwoTrips { .. } => (None, None),
        }
    }
}

/// Checks a paper table's score sheet, one [`PaperRows`] per side, against the rules and
/// against itself, and derives each side's points. `trip` is 700 or 1000; `extension` says
/// whether the table plays the Extension (700-mile games).
pub fn check_paper(
    sides_expected: usize,
    trip: u32,
    extension: bool,
    sides: &[PaperRows],
) -> Result<Vec<HandScore>, Vec<PaperProblem>> {
    let mut problems = Vec::new();
    if sides.len() != sides_expected {
        return Err(vec![PaperProblem::Sides {
            expected: sides_expected,
            given: sides.len(),
        }]);
    }
    let extended = extension && sides.iter().any(|r| r[7] == 1 || r[0] > trip);
    let longest = if extension { 1000 } else { trip };
    let mut total_safeties = 0;
    let mut completed: Option<usize> = None;
    for (i, rows) in sides.iter().enumerate() {
        let side = i + 1;
        let [
            miles,
            safeties,
            coups,
            trip_done,
            delayed,
            safe,
            shut_out,
            ext,
        ] = *rows;
        if miles % 25 != 0 {
            problems.push(PaperProblem::MilesNotInTwentyFives { side, miles });
        }
        if miles > longest {
            problems.push(PaperProblem::MilesPastTrip {
                side,
                miles,
                trip: longest,
            });
        } else if extension && miles > trip && !extended {
            problems.push(PaperProblem::NotExtended { side, miles });
        }
        for (row, &count) in ROWS.iter().zip(rows).skip(3) {
            if count > 1 {
                problems.push(PaperProblem::NotYesNo { side, row, count });
            }
        }
        if safeties > 4 {
            problems.push(PaperProblem::TooManySafeties {
                side,
                count: safeties,
            });
        }
        if coups > safeties {
            problems.push(PaperProblem::CoupsOverSafeties {
                side,
                coups,
                safeties,
            });
        }
        total_safeties += safeties;
        if trip_done == 1 {
            if let Some(first) = completed {
                problems.push(PaperProblem::TwoTrips {
                    first: first + 1,
                    second: side,
                });
            }
            completed = Some(i);
            let ok = miles == trip || (extension && miles == 1000);
            if !ok {
                problems.push(PaperProblem::TripMiles {
                    side,
                    miles,
                    trip,
                    extension,
                });
            }
            if extension && miles == 1000 && ext == 0 {
                problems.push(PaperProblem::ExtensionMissing { side });
            }
            if shut_out == 1
                && sides
                    .iter()
                    .enumerate()
                    .any(|(j, other)| j != i && other[0] > 0)
            {
                problems.push(PaperProblem::NotShutOut { side });
            }
        } else {
            for (row, flag) in [(ROWS[4], delayed), (ROWS[5], safe), (ROWS[6], shut_out)] {
                if flag == 1 {
                    problems.push(PaperProblem::BonusWithoutTrip { side, row });
                }
            }
        }
        if ext == 1 && !extension {
            problems.push(PaperProblem::NoExtensionHere { side, trip });
        }
    }
    if total_safeties > 4 {
        problems.push(PaperProblem::SafetiesBeyondPack {
            count: total_safeties,
        });
    }
    if let Some(c) = completed
        && extension
        && sides[c][0] == trip
    {
        for (i, rows) in sides.iter().enumerate() {
            if rows[7] == 1 {
                problems.push(PaperProblem::ExtensionAfterStop { side: i + 1 });
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let sheet = sheet(trip, extension);
    Ok(sides
        .iter()
        .map(|rows| {
            let value = |i: usize| sheet.rows[i].value * rows[i];
            HandScore {
                miles: value(0),
                safeties: value(1),
                all_safeties: if rows[1] == 4 { ALL_SAFETIES } else { 0 },
                coup_fourre: value(2),
                trip: value(3),
                delayed_action: value(4),
                safe_trip: value(5),
                shut_out: value(6),
                extension: value(7),
                total: 0,
            }
            .with_total()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sheet_and_the_derived_points_agree() {
        let sheet = sheet(700, true);
        let rows: PaperRows = [700, 4, 1, 1, 0, 1, 0, 0];
        let other: PaperRows = [300, 0, 0, 0, 0, 0, 0, 0];
        let scores = check_paper(2, 700, true, &[rows, other]).expect("consistent");
        assert_eq!(scores[0].total, sheet.score(&rows));
        assert_eq!(scores[0].total, 700 + 400 + 300 + 300 + 400 + 300);
        assert_eq!(scores[1].total, 300);
    }
}
