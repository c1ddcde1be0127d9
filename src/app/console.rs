//! The host console: what it shows of an evening, read in one transaction. The forms it posts
//! call the same use cases as the API (events, rounds, passwords).

use std::collections::BTreeMap;

use super::events::EventRecord;
use super::report::{self, CorrectionReport};
use super::rounds::{self, RoundBoard, RoundState};
use super::{App, AppResult, HostKey, Tx};
use crate::tournament::{Closing, SeatingPlan};

/// The console's round panel: the latest round, and what closing it would do.
#[derive(Debug, Clone)]
pub struct RoundPanel {
    pub board: RoundBoard,
    /// Once the round's time is over: what closing it would do now, or why it cannot close.
    pub closing: Option<Result<Closing, crate::i18n::Said>>,
    /// The score cards of the latest round's paper tables, by table number.
    pub cards: BTreeMap<i32, Vec<rounds::SideCard>>,
}

/// The whole console.
#[derive(Debug, Clone)]
pub struct Console {
    pub panel: RoundPanel,
    /// Round 1 can be seated (again): nothing has started and the evening is not over.
    pub can_seat: bool,
    /// The ways to seat round 1 with the entries in now, the proposal first (when it can be
    /// seated, and the entries fit).
    pub seating_options: Vec<SeatingPlan>,
    pub corrections: Vec<CorrectionReport>,
    /// The rounds closed so far (their scores can be corrected).
    pub closed_rounds: Vec<u32>,
    /// In a series: the people of its other evenings not entered in this one, by name, for
    /// adding a returning guest with one tap.
    pub returning: Vec<String>,
    /// The series the evening is in: its id and name.
    pub series: Option<(i64, String)>,
}

/// The console, for its host.
pub fn console(app: &App, host: &HostKey) -> AppResult<Console> {
    app.read_as_host(host, |conn, event| {
        let panel = panel_in(conn, event, app)?;
        let can_seat = !event.is_finished()
            && panel
                .board
                .round
                .as_ref()
                .is_none_or(|r| r.number == 1 && r.state == RoundState::Seated);
        let seating_options = if can_seat {
            rounds::seating_options_in(conn, event).unwrap_or_default()
        } else {
            Vec::new()
        };
        let report = report::report(conn, event)?;
        let closed_rounds = report
            .rounds
            .iter()
            .filter(|r| r.state == rounds::RoundStage::Closed)
            .map(|r| r.round)
            .collect();
        Ok(Console {
            panel,
            can_seat,
            seating_options,
            corrections: report.corrections,
            closed_rounds,
            returning: super::series::returning_in(conn, event)?,
            series: match event.row.series_id {
                Some(id) => Some((id, super::series::load(conn, id)?.row.name)),
                None => None,
            },
        })
    })
}

/// The console's round panel, for its host (the panel's live updates).
pub fn round_panel(app: &App, host: &HostKey) -> AppResult<RoundPanel> {
    app.read_as_host(host, |conn, event| panel_in(conn, event, app))
}

fn panel_in(tx: &mut Tx, event: &EventRecord, app: &App) -> AppResult<RoundPanel> {
    let board = rounds::board_in(tx, event, None, app.now())?;
    let mut closing = None;
    let mut cards = BTreeMap::new();
    if let Some(picture) = &board.round
        && picture.state != RoundState::Seated
        && let Some(round) = rounds::latest(tx, event)?
    {
        if picture.state == RoundState::Over {
            // A refusal is shown in the console; a failure of ours fails the panel.
            closing = Some(match rounds::preview_close_in(tx, event, &round) {
                Ok(preview) => Ok(preview),
                Err(error) => Err(error.said().ok_or(error)?),
            });
        }
        cards = rounds::paper_cards_in(tx, event, &round)?;
    }
    Ok(RoundPanel {
        board,
        closing,
        cards,
    })
}
