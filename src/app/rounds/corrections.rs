//! Corrections: an entry's miles in a closed round changed after the fact, with a record of
//! the change, the movement redone and the next round seated again when it must be.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{RoundStage, host_choices, load, record_closing, seat_next, seating_of};
use crate::app::events::{self, EventRecord};
use crate::app::{App, AppError, AppResult, HostKey};
use crate::db::models::NewCorrection;
use crate::db::{Conn, queries};
use crate::i18n::Said;
use crate::tournament::{self, Closing, EntryId, RoundPhase};

/// A change to a recorded score, as the host asks for it.
#[derive(Debug, Clone, Deserialize)]
pub struct CorrectionRequest {
    pub round: i32,
    pub entry: EntryId,
    pub miles: u32,
    #[serde(default)]
    pub reason: String,
}

/// What a correction changed.
#[derive(Debug, Clone, Serialize)]
pub struct CorrectionOutcome {
    pub old: Option<u32>,
    pub new: u32,
    /// Tables whose mover changed because of it.
    pub changed_tables: Vec<u32>,
    /// The next round was seated again.
    pub reseated: bool,
}

fn phases(conn: &mut Conn, event: &EventRecord) -> AppResult<Vec<RoundPhase>> {
    queries::rounds_of_event(conn, event.id())?
        .iter()
        .map(|r| {
            Ok(match RoundStage::parse(&r.state)? {
                RoundStage::Closed => RoundPhase::Closed,
                RoundStage::Seated => RoundPhase::Seated,
                RoundStage::Started => RoundPhase::Playing,
            })
        })
        .collect()
}

/// Corrects one entry's miles in a closed round (at a table or on a bye), keeping a record of
/// the change. If the next round has not started, its seating follows the corrected
/// movement. After the last round the results are provisional and still correctable; once
/// the host has closed the evening, a correction is refused with that reason.
pub fn correct_in(
    conn: &mut Conn,
    event: &EventRecord,
    request: &CorrectionRequest,
    by: &str,
    now: DateTime<Utc>,
) -> AppResult<CorrectionOutcome> {
    let mut round = load(conn, event, request.round)?;
    if !round.is_closed() {
        return Err(AppError::conflict(
            Said::new("refused-correction-round-open").number("round", request.round),
        ));
    }
    let reason = request.reason.trim();
    if reason.chars().count() > 200 {
        return Err(AppError::invalid(
            Said::new("refused-correction-reason-long").number("most", 200),
        ));
    }
    let seating = seating_of(conn, &round)?;
    let scores = queries::scores_of_round(conn, round.row.id)?;
    let old = scores
        .iter()
        .find(|s| s.entry_id == request.entry)
        .and_then(|s| u32::try_from(s.miles).ok());
    let phases = phases(conn, event)?;
    let (record, effect) = tournament::correct(
        &event.settings,
        &phases,
        event.is_closed(),
        &seating,
        tournament::Correction {
            round: round.number(),
            entry: request.entry,
            old,
            new: request.miles,
            by: by.to_owned(),
            at: now,
        },
    )
    .map_err(|e| {
        // Input to fix (an entry that did not play, miles that cannot be) is 422; the
        // evening's state not allowing the change is 409.
        match e {
            tournament::CorrectionError::NotInRound { .. }
            | tournament::CorrectionError::Score(_)
            | tournament::CorrectionError::Who(_) => AppError::invalid(e.said()),
            other => AppError::conflict(other.said()),
        }
    })?;
    queries::insert_correction(
        conn,
        &NewCorrection {
            event_id: event.id(),
            round_id: round.row.id,
            entry_id: request.entry,
            old_miles: record
                .old
                .map_or(-1, |m| i32::try_from(m).unwrap_or(i32::MAX)),
            new_miles: i32::try_from(record.new).unwrap_or(i32::MAX),
            reason,
            made_by: by,
            made_at: now.naive_utc(),
        },
    )?;
    let previous: Closing = round.closing()?;
    let mut miles: BTreeMap<EntryId, u32> = scores
        .iter()
        .map(|s| (s.entry_id, u32::try_from(s.miles).unwrap_or(0)))
        .collect();
    miles.insert(request.entry, request.miles);
    let choices = host_choices(conn, &round)?;
    let mut reclosed = tournament::reclose(
        &event.settings,
        round.number(),
        &seating,
        &miles,
        &choices,
        &previous,
    )
    .map_err(|e| AppError::conflict(e.said()))?;
    // Closing again scores the byes by the rule; a bye's corrected score stands (the latest
    // correction of each, this one included).
    let corrected: BTreeMap<EntryId, u32> = queries::corrections_of_event(conn, event.id())?
        .into_iter()
        .filter(|c| c.round_id == round.row.id && seating.byes.contains(&c.entry_id))
        .map(|c| (c.entry_id, u32::try_from(c.new_miles).unwrap_or(0)))
        .collect();
    tournament::keep_bye_corrections(&mut reclosed.closing, &corrected);
    record_closing(conn, &round, &reclosed.closing)?;
    round.row.closing = Some(serde_json::to_string(&reclosed.closing)?);
    queries::update_round(conn, &round.row)?;
    let mut reseated = false;
    if let tournament::CorrectionEffect::Reclose { reseat_next: true } = effect
        && !reclosed.changed_tables.is_empty()
        && let Some(next) = queries::round(conn, event.id(), round.row.number + 1)?
        && RoundStage::parse(&next.state)? == RoundStage::Seated
    {
        queries::delete_round(conn, next.id)?;
        let refreshed = events::load(conn, event.id())?;
        seat_next(conn, &refreshed, &round, &reclosed.closing, now)?;
        reseated = true;
    }
    Ok(CorrectionOutcome {
        old,
        new: request.miles,
        changed_tables: reclosed.changed_tables,
        reseated,
    })
}

/// A correction of an entry's miles in a closed round, by the host.
pub fn correct(
    app: &App,
    host: &HostKey,
    request: &CorrectionRequest,
) -> AppResult<CorrectionOutcome> {
    app.write_as_host(host, |conn, event| {
        correct_in(conn, event, request, "host", app.now())
    })
}
