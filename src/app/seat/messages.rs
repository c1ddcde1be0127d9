//! What a seat is told beside the game: how the last round went and where to sit next, the place
//! and prize at the end, a seat handed to a late arrival.

use super::{DealInfo, FinalResult, SeatState};
use crate::app::events::EventRecord;
use crate::app::rounds::RoundRecord;
use crate::app::{AppError, AppResult, Tx, play, rounds};
use crate::db::{Conn, queries};
use crate::i18n::Said;
use crate::tournament::{EntryId, MoverDecision};

/// How the round before `round` went for an entry, once it was closed: "You won table 2 with 31
/// miles: move to table 3." or "You scored 24 miles at table 2. You stay at table 2." (in the
/// rule set's score word). `None` in round 1, or for an entry that did not play it.
pub(super) fn last_round_news(
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundRecord,
    entry: EntryId,
) -> AppResult<Option<Said>> {
    let Some(previous) = queries::round(conn, event.id(), round.row.number - 1)? else {
        return Ok(None);
    };
    let Some(closing) = previous.closing.as_deref() else {
        return Ok(None);
    };
    let closing: crate::tournament::Closing = serde_json::from_str(closing)?;
    let unit = event.settings.rules.unit().word();
    let scored = |n: u32| {
        Said::new("score-in-unit")
            .number("score", n)
            .text("unit", unit)
    };
    let now_at = queries::table_of_entry(conn, round.row.id, entry)?.map(|t| t.number);
    if let Some(won) = closing.tables.iter().find(|t| t.mover == entry) {
        let onward = match now_at {
            Some(table) if u32::try_from(table).ok() == Some(won.table) => {
                Said::new("news-onward-stay").number("table", table)
            }
            Some(table) => Said::new("news-onward-move").number("table", table),
            None => Said::new("news-onward-bye"),
        };
        let id = match won.decision {
            MoverDecision::MostMiles => "news-won-most",
            MoverDecision::Cut { .. } => "news-won-cut",
            MoverDecision::Host { .. } => "news-won-host",
        };
        return Ok(Some(
            Said::new(id)
                .number("table", won.table)
                .said("score", scored(won.most))
                .said("onward", onward),
        ));
    }
    let score = closing.miles.get(&entry).copied().unwrap_or(0);
    let Some(was_at) = queries::table_of_entry(conn, previous.id, entry)?.map(|t| t.number) else {
        return Ok(closing
            .byes
            .iter()
            .any(|b| b.entry == entry)
            .then(|| Said::new("news-bye-scored").said("score", scored(score))));
    };
    let next = match now_at {
        Some(table) if table == was_at => Said::new("news-next-stay").number("table", table),
        Some(table) => Said::new("news-next-move").number("table", table),
        None => Said::new("news-next-bye"),
    };
    Ok(Some(
        Said::new("news-scored")
            .said("score", scored(score))
            .number("table", was_at)
            .said("next", next),
    ))
}

/// An entry's place, score and prize once the evening is over: "The evening is over: you
/// finished 2nd of 8 with 87 miles and take the 1st prize.", and the same as figures for the
/// seat page's result ([`FinalResult`]).
pub(super) fn final_place(
    tx: &mut Tx,
    event: &EventRecord,
    entry: EntryId,
) -> AppResult<Option<(Vec<Said>, FinalResult)>> {
    let standings = crate::app::standings::standings(tx, event)?;
    let Some(row) = standings.rows.iter().find(|r| r.entry == entry) else {
        return Ok(None);
    };
    // The first place's names (more than one when it is shared), never anything of a hand.
    let winners = standings
        .rows
        .iter()
        .filter(|r| r.ranked && r.place == 1)
        .map(|r| r.name.clone())
        .collect();
    let of = standings.rows.iter().filter(|r| r.ranked).count();
    let shared = standings
        .rows
        .iter()
        .filter(|r| r.place == row.place)
        .count()
        > 1;
    let result = FinalResult {
        place: row.ranked.then_some(row.place),
        shared,
        of: u32::try_from(of).unwrap_or(u32::MAX),
        total: row.total,
        unit: standings.unit,
        winners,
        you_won: row.ranked && row.place == 1,
        provisional: standings.provisional,
    };
    if !row.ranked {
        return Ok(Some((vec![Said::new("finale-unranked")], result)));
    }
    let place = Said::new(if shared { "place-joint" } else { "place" }).number("place", row.place);
    let score = Said::new("score-in-unit")
        .number("score", row.total)
        .text("unit", standings.unit.word());
    let finished = match row.prize {
        Some(prize) => {
            Said::new("finale-prize").said("prize", Said::new("place").number("place", prize))
        }
        None => Said::new("finale-place"),
    }
    .said("place", place)
    .number("of", of)
    .said("score", score);
    let mut said = vec![finished];
    // Until the host closes the evening the results may still be corrected.
    if standings.provisional {
        said.push(Said::new("finale-provisional"));
    }
    Ok(Some((said, result)))
}

/// The seat's message for the round's state; `unit` is the score word ("miles", "points").
pub(super) fn message(
    state: &SeatState,
    round: &RoundRecord,
    round_state: rounds::RoundState,
    unit: &str,
) -> Option<Said> {
    let table = state.table?;
    let others: Vec<String> = state
        .tablemates
        .iter()
        .filter(|t| !t.you)
        .map(|t| t.names.join(" & "))
        .collect();
    // A message naming the table, with the tablemates ("...-with") when there are any.
    let at_table = |alone: &'static str, with: &'static str| {
        let said = if others.is_empty() {
            Said::new(alone)
        } else {
            Said::new(with).names("others", others.clone())
        };
        said.number("round", round.number()).number("table", table)
    };
    let over = |id| {
        Said::new(id)
            .number("round", round.number())
            .text("unit", unit)
    };
    use rounds::RoundState;
    Some(match round_state {
        RoundState::Seated => at_table("seat-msg-sit-at", "seat-msg-sit-at-with"),
        RoundState::Paused => Said::new("seat-msg-paused"),
        // At a paper table the miles are recorded once the side's card is in and confirmed
        // (or the host has closed the round).
        RoundState::Over if state.mode.as_deref() == Some(play::PAPER) => {
            match state.cards.iter().find(|c| c.mine) {
                Some(card) if card.card.is_some() && card.confirmed => over("seat-msg-recorded"),
                Some(card) if card.card.is_some() => over("seat-msg-paper-card-in"),
                _ => over("seat-msg-paper-count"),
            }
        }
        RoundState::Over | RoundState::Closed => over("seat-msg-recorded"),
        _ if state.mode.as_deref() == Some(play::PAPER) => {
            at_table("seat-msg-paper-table", "seat-msg-paper-table-with")
        }
        _ => match &state.deal {
            Some(deal) if deal.view.is_over() => Said::new("seat-msg-deal-over"),
            // A decision out of turn is named (the page adds the seconds left). After a hazard
            // every seat but the holder reads the same words, whoever holds the safety.
            Some(DealInfo {
                wait: Some(wait), ..
            }) => Said::new(match (wait.after_hazard, wait.deciding) {
                (true, true) => "seat-msg-coup-fourre",
                (true, false) => "seat-msg-coup-fourre-wait",
                (false, true) => "seat-msg-extension",
                (false, false) => "seat-msg-extension-wait",
            }),
            // The board's heading already says "Your turn".
            Some(deal) if deal.your_turn => Said::new("seat-msg-your-turn"),
            Some(_) => Said::new("seat-msg-waiting"),
            None => at_table("seat-msg-at-table", "seat-msg-at-table-with"),
        },
    })
}

/// What the page of a seat handed to a late arrival says.
pub(super) fn handed_message(conn: &mut Conn, to: i64, round: Option<i32>) -> AppResult<Said> {
    let name = crate::app::handover::successor_name(conn, to)?;
    Ok(match round {
        Some(round) => Said::new("seat-msg-handed-in-round")
            .text("name", name)
            .number("round", round),
        None => Said::new("seat-msg-handed").text("name", name),
    })
}

/// The refusal of a move sent from a seat handed to a late arrival.
pub(super) fn handed_refusal(conn: &mut Conn, to: i64) -> AppResult<AppError> {
    let name = crate::app::handover::successor_name(conn, to)?;
    Ok(AppError::conflict(
        Said::new("refused-seat-handed").text("name", name),
    ))
}
