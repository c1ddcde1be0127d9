//! Corrections of scores: when a score may still change, the record kept of each change, and
//! the recomputation of a closed round's movement after one.
//!
//! Ruling: a round's scores can be corrected until the next round starts (its clock is
//! started); the last round therefore stays correctable, its results provisional, until the
//! host closes the evening. A closed round whose next round is only seated is closed again
//! with the new scores, and the next round is prepared again from the new movement. A bye's
//! score is a score like any other: the host can correct it, and the correction stands when
//! the round is closed again ([`keep_bye_corrections`]).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::EntryId;
use super::movement::{CloseError, Closing, close_round};
use super::names::{NameError, clean_name};
use super::scores::{ScoreError, check_miles};
use super::seating::{Place, Seating};
use super::settings::Settings;
use touring_i18n::Said;

/// Where a round stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundPhase {
    /// Seated, but its clock has not started: nothing has been played.
    Seated,
    /// Started and not closed yet.
    Playing,
    /// Closed: its movers are decided.
    Closed,
}

/// What the app must do after storing a correction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "then", rename_all = "snake_case")]
pub enum CorrectionEffect {
    /// Nothing more: the round is still being played.
    Store,
    /// The round is closed: close it again with [`reclose`]; when the next round is already
    /// seated (`reseat_next`), prepare its seating again from the new movement.
    Reclose { reseat_next: bool },
}

/// One change of a score, as storage keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    pub round: u32,
    pub entry: EntryId,
    /// The score before (None when there was none yet).
    pub old: Option<u32>,
    pub new: u32,
    /// Who made the change (the host's name or account).
    pub by: String,
    pub at: DateTime<Utc>,
}

/// Whether round `round`'s scores may be changed now. `phases[i]` is the phase of round
/// `i + 1`, every round created so far; `event_closed` says the host closed the evening.
pub fn check_correction(
    phases: &[RoundPhase],
    event_closed: bool,
    round: u32,
) -> Result<CorrectionEffect, CorrectionError> {
    if event_closed {
        return Err(CorrectionError::EventClosed);
    }
    let index = (round as usize).wrapping_sub(1);
    let Some(&phase) = phases.get(index) else {
        return Err(CorrectionError::NoSuchRound {
            round,
            rounds: phases.len(),
        });
    };
    let next = phases.get(index + 1).copied();
    match (phase, next) {
        (RoundPhase::Seated, _) => Err(CorrectionError::NotStarted { round }),
        (_, Some(RoundPhase::Playing | RoundPhase::Closed)) => Err(CorrectionError::Final {
            round,
            next: round + 1,
        }),
        (RoundPhase::Playing, _) => Ok(CorrectionEffect::Store),
        (RoundPhase::Closed, next) => Ok(CorrectionEffect::Reclose {
            reseat_next: next.is_some(),
        }),
    }
}

/// Checks a change of one entry's score in round `change.round` (seated as `seating`) and
/// returns its record (with `by` trimmed) and what to do next. The entry must be in the
/// round, at a table or on a bye (a bye's score is checked against a table of the set size).
pub fn correct(
    settings: &Settings,
    phases: &[RoundPhase],
    event_closed: bool,
    seating: &Seating,
    change: Correction,
) -> Result<(Correction, CorrectionEffect), CorrectionError> {
    let Correction {
        round,
        entry,
        old,
        new,
        ..
    } = change;
    let effect = check_correction(phases, event_closed, round)?;
    let by = clean_name(&change.by, "the name of who corrects").map_err(CorrectionError::Who)?;
    let at_table = match seating.place_of(entry) {
        Some(Place::Table { table, .. }) => seating.table(table).map_or(2, |t| t.entries.len()),
        Some(Place::Bye { .. }) => settings.entries_per_table(),
        None => return Err(CorrectionError::NotInRound { entry, round }),
    };
    check_miles(settings, at_table, entry, new).map_err(CorrectionError::Score)?;
    if old == Some(new) {
        return Err(CorrectionError::NoChange { entry, miles: new });
    }
    Ok((Correction { by, ..change }, effect))
}

/// A host's choice of mover that no longer applies after a correction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DroppedChoice {
    pub table: u32,
    pub chosen: EntryId,
}

/// A round closed again after a correction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reclosed {
    pub closing: Closing,
    /// Tables whose mover is not the one before.
    pub changed_tables: Vec<u32>,
    /// Host choices dropped because their entry is no longer tied for the most miles (or
    /// there is no tie left): the table's mover is decided afresh.
    pub dropped_choices: Vec<DroppedChoice>,
}

/// Closes a round again with corrected `miles`, keeping the host's choices that still name an
/// entry tied for the most miles and dropping the others. Cuts are drawn from the seed, so a
/// tie that is unchanged is cut the same way again. `previous` is the closing before the
/// correction, to report which tables' movers changed.
pub fn reclose(
    settings: &Settings,
    round: u32,
    seating: &Seating,
    miles: &BTreeMap<EntryId, u32>,
    host_choices: &BTreeMap<u32, EntryId>,
    previous: &Closing,
) -> Result<Reclosed, CloseError> {
    let mut kept = BTreeMap::new();
    let mut dropped = Vec::new();
    for (&table, &chosen) in host_choices {
        let still_tied = seating.table(table).is_some_and(|t| {
            let scores: Vec<u32> = t
                .entries
                .iter()
                .filter_map(|e| miles.get(e))
                .copied()
                .collect();
            let most = scores.iter().copied().max();
            let tied = scores.iter().filter(|&&m| Some(m) == most).count();
            tied > 1
                && most.is_some()
                && miles.get(&chosen) == most.as_ref()
                && t.entries.contains(&chosen)
        });
        if still_tied {
            kept.insert(table, chosen);
        } else {
            dropped.push(DroppedChoice { table, chosen });
        }
    }
    let closing = close_round(settings, round, seating, miles, &kept)?;
    let changed_tables = closing
        .tables
        .iter()
        .filter(|t| previous.table(t.table).is_none_or(|p| p.mover != t.mover))
        .map(|t| t.table)
        .collect();
    Ok(Reclosed {
        closing,
        changed_tables,
        dropped_choices: dropped,
    })
}

/// Keeps the corrected scores of a round's byes in a closing made again: closing a round
/// scores every bye by the event's rule, so a bye whose score the host corrected (`corrected`:
/// its latest correction, by entry) gets that score back. Entries not on a bye are ignored.
pub fn keep_bye_corrections(closing: &mut Closing, corrected: &BTreeMap<EntryId, u32>) {
    for bye in &mut closing.byes {
        if let Some(&miles) = corrected.get(&bye.entry) {
            bye.miles = miles;
            closing.miles.insert(bye.entry, miles);
        }
    }
}

/// Why a score cannot be changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum CorrectionError {
    #[error(
        "the host has closed the evening, so its results and prizes are final: scores can no longer be corrected"
    )]
    EventClosed,
    #[error("there is no round {round}: the event has {} so far", super::counted(*.rounds as u64, "round", "rounds"))]
    NoSuchRound { round: u32, rounds: usize },
    #[error("round {round} has not started: there are no scores to correct yet")]
    NotStarted { round: u32 },
    #[error("round {round}'s scores are final: round {next} has started")]
    Final { round: u32, next: u32 },
    #[error("entry #{entry} did not play round {round}")]
    NotInRound { entry: EntryId, round: u32 },
    #[error("entry #{entry} already has a score of {miles}: nothing to change")]
    NoChange { entry: EntryId, miles: u32 },
    #[error("{0}")]
    Score(ScoreError),
    #[error("{0}")]
    Who(NameError),
}

impl CorrectionError {
    /// The refusal, to say in the reader's language.
    pub fn said(&self) -> Said {
        match self {
            CorrectionError::EventClosed => Said::new("refused-correction-event-closed"),
            CorrectionError::NoSuchRound { round, rounds } => {
                Said::new("refused-correction-no-round")
                    .number("round", *round)
                    .number("rounds", *rounds)
            }
            CorrectionError::NotStarted { round } => {
                Said::new("refused-correction-not-started").number("round", *round)
            }
            CorrectionError::Final { round, next } => Said::new("refused-correction-final")
                .number("round", *round)
                .number("next", *next),
            CorrectionError::NotInRound { entry, round } => {
                Said::new("refused-correction-not-in-round")
                    .text("entry", entry.to_string())
                    .number("round", *round)
            }
            CorrectionError::NoChange { entry, miles } => Said::new("refused-correction-no-change")
                .text("entry", entry.to_string())
                .number("miles", *miles),
            CorrectionError::Score(e) => e.said(),
            CorrectionError::Who(e) => e.said(),
        }
    }
}
