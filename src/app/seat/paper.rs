//! A paper table's score cards as a seat sees them, and a seat entering or confirming one.

use super::{SeatKey, SeatState};
use crate::app::rounds::{
    CardAuthor, CardRefusal, TableAt, TypedCard, confirm_paper_in, enter_paper_in, latest,
};
use crate::app::{App, AppError, AppResult, rounds};
use crate::db::{Conn, queries};
use crate::engine::ScoreUnit;
use crate::i18n::Said;
use serde::Serialize;

/// Every side's paper score card at a table, as a seat sees it.
pub(super) fn paper_cards(
    conn: &mut Conn,
    state: &SeatState,
    table: i64,
) -> AppResult<Vec<SeatCardLine>> {
    let stored = queries::paper_scores_of_table(conn, table)?;
    let mut cards = Vec::with_capacity(state.tablemates.len());
    for mate in &state.tablemates {
        let card = stored.iter().find(|c| c.side as usize == mate.table_side);
        let hands: Option<crate::tournament::PaperHands> = match card {
            Some(c) => Some(serde_json::from_str(&c.counts)?),
            None => None,
        };
        cards.push(SeatCardLine {
            side: mate.table_side,
            names: mate.names.join(" & "),
            card: hands.as_ref().map(|h| h.hand(0)),
            hands,
            version: card.map(|c| rounds::card_version(&c.counts)),
            confirmed: card.is_some_and(|c| c.confirmed_at.is_some()),
            by_host: card.is_some_and(|c| c.entered_by == "host"),
            mine: mate.you,
        });
    }
    Ok(cards)
}

/// A side's paper score card as a seat sees it.
#[derive(Debug, Clone, Serialize)]
pub struct SeatCardLine {
    pub side: usize,
    pub names: String,
    /// The counts of the first hand, once the side has entered its card (kept for clients
    /// that knew a card of one hand; `hands` holds every hand).
    pub card: Option<crate::tournament::PaperCard>,
    /// The counts of every hand of the round, in order, once the side has entered its card.
    pub hands: Option<crate::tournament::PaperHands>,
    /// What a confirmation of this card names: a digest of its counts, which changes with
    /// them.
    pub version: Option<String>,
    pub confirmed: bool,
    /// The host entered it (so only the host changes it).
    pub by_host: bool,
    pub mine: bool,
}
/// What a seat does with a paper score card.
#[derive(Debug, Clone)]
pub enum SeatCard {
    /// Enters the seat's own side's card; `side` is the side the sender named, if any
    /// (another side's card is theirs to enter).
    Enter {
        side: Option<usize>,
        card: TypedCard,
    },
    /// Confirms another side's card, as seen: `seen` is its version ([`card_version`]).
    Confirm { side: usize, seen: Option<String> },
}

/// What came of a seat's score card.
#[derive(Debug, Clone)]
pub struct SeatCardOutcome {
    pub event: i64,
    /// The score of a card entered, and its unit.
    pub score: Option<(u32, ScoreUnit)>,
}

/// A seat enters its own side's paper score card, or confirms another side's: from the seat
/// link (API or page) or from a seat picked by QR code. A card that does not hold up is
/// refused with its problems, and the table it was for.
pub fn submit_paper_card(
    app: &App,
    key: &SeatKey,
    what: SeatCard,
) -> AppResult<Result<SeatCardOutcome, (TableAt, CardRefusal)>> {
    app.write(|conn| {
        let holder = key.holder(conn)?;
        let event = &holder.event;
        let round = latest(conn, event)?
            .ok_or_else(|| AppError::conflict(Said::new("refused-no-round-seated")))?;
        let table = queries::table_of_entry(conn, round.row.id, holder.entry.id)?
            .ok_or_else(|| AppError::conflict(Said::new("refused-not-seated")))?;
        let mine = queries::entries_of_table(conn, table.id)?
            .iter()
            .find(|te| te.entry_id == holder.entry.id)
            .map(|te| te.side as usize)
            .ok_or_else(|| AppError::Internal("a seated entry without a side".into()))?;
        let at = TableAt {
            round: round.row.number,
            table: table.number,
        };
        let author = CardAuthor::Side(mine);
        let score = match what.clone() {
            SeatCard::Confirm { side, seen } => {
                confirm_paper_in(
                    conn,
                    event,
                    at,
                    (side, seen.as_deref()),
                    author,
                    app.now_naive(),
                )?;
                None
            }
            SeatCard::Enter { side, card } => {
                if side.is_some_and(|side| side != mine) {
                    return Err(AppError::forbidden(
                        Said::new("refused-card-other-side").number("side", mine),
                    ));
                }
                match enter_paper_in(conn, event, at, (mine, card), author, app.now_naive())? {
                    Ok(score) => Some(score),
                    Err(refusal) => return Ok(Err((at, refusal))),
                }
            }
        };
        Ok(Ok(SeatCardOutcome {
            event: event.id(),
            score,
        }))
    })
}
