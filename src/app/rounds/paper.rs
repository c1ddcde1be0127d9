//! Paper tables: score cards counted per row of the rule set's score sheet, entered by a side
//! and confirmed by another (or by the host), and the miles they make.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use super::{latest, load, table_of};
use crate::app::events::EventRecord;
use crate::app::play::{self, PAPER};
use crate::app::{App, AppError, AppResult, HostKey};
use crate::db::models::{self, NewPaperScore};
use crate::db::{Conn, queries};
use crate::engine::{ScoreSheet, ScoreUnit};
use crate::tournament::{self, EntryId, PaperCard};

/// What names a card as it was seen: a short digest of its stored counts. A confirmation
/// carries the version its sender saw, and is refused when the card changed since.
pub fn card_version(stored_counts: &str) -> String {
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(stored_counts.as_bytes());
    digest[..6].iter().map(|b| format!("{b:02x}")).collect()
}

/// Who hands in a score card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardAuthor {
    /// The host: the card counts as confirmed.
    Host,
    /// A player of the table, for their own side: another side must confirm it.
    Side(usize),
}

impl CardAuthor {
    fn label(self) -> String {
        match self {
            CardAuthor::Host => "host".into(),
            CardAuthor::Side(side) => format!("side {side}"),
        }
    }
}

/// A table of a round, by numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableAt {
    pub round: i32,
    pub table: i32,
}

/// One thing wrong with a score card as typed, under the row it concerns (`None`: the card as
/// a whole, or its fit with the table's other cards).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardProblem {
    pub row: Option<String>,
    pub message: String,
}

impl CardProblem {
    pub fn row(row: &str, message: impl Into<String>) -> CardProblem {
        CardProblem {
            row: Some(row.to_owned()),
            message: message.into(),
        }
    }

    pub fn card(message: impl Into<String>) -> CardProblem {
        CardProblem {
            row: None,
            message: message.into(),
        }
    }
}

/// A score card refused, with every problem found (never empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRefusal(pub Vec<CardProblem>);

impl std::fmt::Display for CardRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let messages: Vec<String> = self
            .0
            .iter()
            .map(|p| match &p.row {
                Some(row) => format!("{row}: {}", p.message),
                None => p.message.clone(),
            })
            .collect();
        f.write_str(&messages.join("; "))
    }
}

impl From<CardRefusal> for AppError {
    fn from(refusal: CardRefusal) -> AppError {
        AppError::invalid(refusal.to_string())
    }
}

/// A score card as it was typed.
#[derive(Debug, Clone, Default)]
pub struct TypedCard {
    /// The counts that were read.
    pub counts: PaperCard,
    /// Typed on a form with a field for every row: a row without a count was left blank, which
    /// is "not entered", never zero. Through the API a row left out counts zero, but a card
    /// with no row at all is "nothing entered".
    pub every_row: bool,
    /// Fields whose text is not a count, with why.
    pub unreadable: Vec<CardProblem>,
}

impl TypedCard {
    /// A card from the API: a row left out counts zero.
    pub fn counted(counts: PaperCard) -> TypedCard {
        TypedCard {
            counts,
            every_row: false,
            unreadable: Vec::new(),
        }
    }
}

/// What a blank field of a score card form says.
pub const NOT_ENTERED: &str = "not entered: write 0 if the pile is empty";

/// The sheet's rows by identifier: "mile1, mile3, mile5, mile10".
fn row_ids(sheet: &ScoreSheet) -> String {
    sheet
        .rows
        .iter()
        .map(|r| r.id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The problems of one side's card on its own: rows the sheet does not have, blank or
/// unreadable fields, counts above a pile's quota.
fn own_problems(sheet: &ScoreSheet, typed: &TypedCard) -> Vec<CardProblem> {
    let card = &typed.counts;
    let known = |row: &str| sheet.position(row).is_some();
    // Text that is not a count, in a row of the sheet; any other row is one that the sheet
    // does not have, said once for them all.
    let mut problems: Vec<CardProblem> = typed
        .unreadable
        .iter()
        .filter(|p| p.row.as_deref().is_some_and(known))
        .cloned()
        .collect();
    let unknown: Vec<&str> = card
        .0
        .keys()
        .map(String::as_str)
        .chain(typed.unreadable.iter().filter_map(|p| p.row.as_deref()))
        .filter(|row| !known(row))
        .collect();
    if let Some(first) = unknown.first() {
        let more = match unknown.len() {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        problems.push(CardProblem::card(format!(
            "this score card has no row \"{}\"{more}; its rows are {}",
            crate::engine::json::truncate(first, 40),
            row_ids(sheet)
        )));
    }
    let unread = |row: &str| {
        typed
            .unreadable
            .iter()
            .any(|p| p.row.as_deref() == Some(row))
    };
    if typed.every_row {
        for row in &sheet.rows {
            if !card.0.contains_key(row.id) && !unread(row.id) {
                problems.push(CardProblem::row(row.id, NOT_ENTERED));
            }
        }
    } else if card.0.is_empty() && problems.is_empty() {
        problems.push(CardProblem::card(format!(
            "nothing was entered: give a count for each row ({}), 0 for an empty pile",
            row_ids(sheet)
        )));
    }
    for row in &sheet.rows {
        let count = card.count(row.id);
        if let Some(quota) = row.quota.filter(|&q| count > q) {
            problems.push(CardProblem::row(
                row.id,
                format!(
                    "the {} pile holds at most {quota} cards in this race, not {count}: count it again",
                    row.label
                ),
            ));
        }
    }
    problems
}

/// The problems the table's cards have together, each under the row of this side's card it
/// concerns where there is one (a pile beyond the pack).
fn table_problems(sheet: &ScoreSheet, problems: tournament::PaperErrors) -> Vec<CardProblem> {
    problems
        .0
        .into_iter()
        .map(|problem| {
            let row = match &problem {
                tournament::PaperProblem::OverQuota { pile, .. }
                | tournament::PaperProblem::BeyondPack { pile, .. } => {
                    sheet.rows.iter().find(|r| r.label == pile).map(|r| r.id)
                }
                _ => None,
            };
            CardProblem {
                row: row.map(str::to_owned),
                message: problem.to_string(),
            }
        })
        .collect()
}

/// Enters a side's score card at a paper table: its count in each row of the rule set's score
/// sheet (for a race: how many cards lie on each mileage pile). A card that does not hold up is
/// refused with every problem found, each under its row where it has one.
pub fn enter_paper_in(
    conn: &mut Conn,
    event: &EventRecord,
    TableAt {
        round: number,
        table: table_number,
    }: TableAt,
    (side, typed): (usize, TypedCard),
    author: CardAuthor,
    now: NaiveDateTime,
) -> AppResult<Result<(u32, ScoreUnit), CardRefusal>> {
    let round = load(conn, event, number)?;
    if round.is_closed() {
        return Err(AppError::conflict(
            "the round is closed: ask the host to correct the score instead",
        ));
    }
    if round.row.started_at.is_none() {
        return Err(AppError::conflict(format!(
            "round {number} has not started yet: score cards are taken once the host gives the start signal"
        )));
    }
    let table = table_of(conn, &round, table_number)?;
    if table.mode != PAPER {
        return Err(AppError::conflict(format!(
            "table {table_number} plays on phones: its scores come from the game"
        )));
    }
    let sides = queries::entries_of_table(conn, table.id)?.len();
    if side >= sides {
        return Err(AppError::invalid(format!(
            "table {table_number} has sides 0 to {}; there is no side {side}",
            sides.saturating_sub(1)
        )));
    }
    // A card the host entered, or one another side confirmed, is settled: only the host
    // changes it (a side could otherwise swap in other counts after they were checked).
    if let CardAuthor::Side(_) = author
        && let Some(stored) = queries::paper_scores_of_table(conn, table.id)?
            .into_iter()
            .find(|c| c.side == side as i32)
    {
        if stored.entered_by == CardAuthor::Host.label() {
            return Err(AppError::Forbidden(
                "the host entered this card: only the host can change it now; ask the host".into(),
            ));
        }
        if stored.confirmed_at.is_some() {
            return Err(AppError::Forbidden(
                "this card was confirmed: only the host can change it now; ask the host".into(),
            ));
        }
    }
    let config = play::table_config(event, sides)?;
    let sheet = config.rules.score_sheet(config);
    let problems = own_problems(&sheet, &typed);
    if !problems.is_empty() {
        return Ok(Err(CardRefusal(problems)));
    }
    let card = typed.counts;
    // The card is checked with the table's other cards as they stand (a side not yet entered
    // counts as empty), so a Mille Bornes bonus without its trip, or a second completed trip, is
    // refused when it is typed rather than when the round closes.
    let mut table_cards = vec![PaperCard::default(); sides];
    for stored in queries::paper_scores_of_table(conn, table.id)? {
        if let Some(slot) = usize::try_from(stored.side)
            .ok()
            .and_then(|s| table_cards.get_mut(s))
        {
            *slot = serde_json::from_str(&stored.counts)?;
        }
    }
    table_cards[side] = card.clone();
    if let Err(problems) = tournament::paper_scores(config, &table_cards) {
        return Ok(Err(CardRefusal(table_problems(&sheet, problems))));
    }
    let by = author.label();
    let counts = serde_json::to_string(&PaperCard::from_counts(&sheet, &card.counts(&sheet)))?;
    queries::upsert_paper_score(
        conn,
        &NewPaperScore {
            table_id: table.id,
            side: side as i32,
            counts: &counts,
            entered_by: &by,
            entered_at: now,
        },
    )?;
    if author == CardAuthor::Host {
        let stored = queries::paper_scores_of_table(conn, table.id)?
            .into_iter()
            .find(|c| c.side == side as i32)
            .ok_or_else(|| AppError::Internal("the card just stored is missing".into()))?;
        queries::confirm_paper_score(conn, stored.id, &by, now)?;
    }
    Ok(Ok((card.score(&sheet), sheet.unit)))
}

/// Confirms a side's card, by the host or by a player of another side. `seen` is the version
/// of the card the confirmer saw ([`card_version`]); a player must name it, the host may. A
/// card that changed since it was seen is not confirmed.
pub fn confirm_paper_in(
    conn: &mut Conn,
    event: &EventRecord,
    TableAt {
        round: number,
        table: table_number,
    }: TableAt,
    (side, seen): (usize, Option<&str>),
    author: CardAuthor,
    now: NaiveDateTime,
) -> AppResult<()> {
    let round = load(conn, event, number)?;
    let table = table_of(conn, &round, table_number)?;
    let sides = queries::entries_of_table(conn, table.id)?.len();
    if side >= sides {
        return Err(AppError::not_found(format!(
            "table {table_number} has sides 0 to {}; there is no side {side}",
            sides.saturating_sub(1)
        )));
    }
    if author == CardAuthor::Side(side) {
        return Err(AppError::Forbidden(
            "a side cannot confirm its own card: a player of another side (or the host) confirms it".into(),
        ));
    }
    let card = queries::paper_scores_of_table(conn, table.id)?
        .into_iter()
        .find(|c| c.side == side as i32)
        .ok_or_else(|| AppError::conflict(format!("side {side} has not entered its card yet")))?;
    match seen {
        Some(seen) if seen.trim() != card_version(&card.counts) => {
            return Err(AppError::conflict(format!(
                "side {side}'s card changed since you saw it: look at its new counts and confirm again if they are right"
            )));
        }
        Some(_) => {}
        None if author != CardAuthor::Host => {
            return Err(AppError::invalid(
                "say which card you confirm: send the version your seat's state shows for it (tablemates[].card.version)",
            ));
        }
        None => {}
    }
    queries::confirm_paper_score(conn, card.id, &author.label(), now)?;
    Ok(())
}

pub(super) fn paper_card_complete(conn: &mut Conn, table: &models::RoundTable) -> AppResult<bool> {
    let sides = queries::entries_of_table(conn, table.id)?.len();
    let cards = queries::paper_scores_of_table(conn, table.id)?;
    Ok(cards.len() == sides && cards.iter().all(|c| c.confirmed_at.is_some()))
}

/// The miles per entry at a paper table once every card is in and confirmed.
pub(super) fn paper_table_miles(
    conn: &mut Conn,
    event: &EventRecord,
    table: &models::RoundTable,
) -> AppResult<Option<BTreeMap<EntryId, u32>>> {
    if !paper_card_complete(conn, table)? {
        return Ok(None);
    }
    let entries = queries::entries_of_table(conn, table.id)?;
    let cards = queries::paper_scores_of_table(conn, table.id)?;
    let piles: Vec<PaperCard> = cards
        .iter()
        .map(|c| serde_json::from_str(&c.counts))
        .collect::<Result<_, _>>()?;
    let config = play::table_config(event, entries.len())?;
    let miles = tournament::paper_scores(config, &piles).map_err(|e| {
        AppError::invalid(
            e.0.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    Ok(Some(
        entries
            .iter()
            .zip(miles)
            .map(|(te, m)| (te.entry_id, m))
            .collect(),
    ))
}

/// The host's score card for a side (it counts as confirmed). Returns its score, or why the
/// card was refused.
pub fn enter_paper_as_host(
    app: &App,
    host: &HostKey,
    at: TableAt,
    side: usize,
    card: TypedCard,
) -> AppResult<Result<(u32, ScoreUnit), CardRefusal>> {
    app.write_as_host(host, |conn, event| {
        enter_paper_in(
            conn,
            event,
            at,
            (side, card.clone()),
            CardAuthor::Host,
            app.now_naive(),
        )
    })
}

/// The host confirms a side's card (as seen, when `seen` names its version).
pub fn confirm_paper_as_host(
    app: &App,
    host: &HostKey,
    at: TableAt,
    (side, seen): (usize, Option<&str>),
) -> AppResult<()> {
    app.write_as_host(host, |conn, event| {
        confirm_paper_in(
            conn,
            event,
            at,
            (side, seen),
            CardAuthor::Host,
            app.now_naive(),
        )
    })
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
    key: &crate::app::seat::SeatKey,
    what: SeatCard,
) -> AppResult<Result<SeatCardOutcome, (TableAt, CardRefusal)>> {
    app.write(|conn| {
        let holder = key.holder(conn)?;
        let event = &holder.event;
        let round = latest(conn, event)?
            .ok_or_else(|| AppError::conflict("no round has been seated yet"))?;
        let table = queries::table_of_entry(conn, round.row.id, holder.entry.id)?
            .ok_or_else(|| AppError::conflict("you do not sit at a table this round"))?;
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
                    return Err(AppError::Forbidden(format!(
                        "you play side {mine}: enter your own side's card; another side's card is theirs to enter"
                    )));
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

/// One side's score card at a paper table, as the console shows it.
#[derive(Debug, Clone)]
pub struct SideCard {
    pub side: usize,
    /// The counts, once the side's card is in.
    pub card: Option<PaperCard>,
    /// What the card gives.
    pub score: Option<u32>,
    /// Who entered it: "host" or "side N".
    pub entered_by: Option<String>,
    pub confirmed: bool,
}

/// The score cards of every paper table of a round, by table number, one per side in side
/// order (a side whose card is not in yet has none).
pub fn paper_cards_in(
    conn: &mut Conn,
    event: &EventRecord,
    round: &super::RoundRecord,
) -> AppResult<BTreeMap<i32, Vec<SideCard>>> {
    let mut tables = BTreeMap::new();
    for table in queries::tables_of_round(conn, round.row.id)? {
        if table.mode != PAPER {
            continue;
        }
        let sides = queries::entries_of_table(conn, table.id)?.len();
        let config = play::table_config(event, sides)?;
        let sheet = config.rules.score_sheet(config);
        let stored = queries::paper_scores_of_table(conn, table.id)?;
        let mut cards = Vec::with_capacity(sides);
        for side in 0..sides {
            let row = stored.iter().find(|c| c.side as usize == side);
            let card: Option<PaperCard> = match row {
                Some(row) => Some(serde_json::from_str(&row.counts)?),
                None => None,
            };
            cards.push(SideCard {
                side,
                score: card.as_ref().map(|c| c.score(&sheet)),
                card,
                entered_by: row.map(|r| r.entered_by.clone()),
                confirmed: row.is_some_and(|r| r.confirmed_at.is_some()),
            });
        }
        tables.insert(table.number, cards);
    }
    Ok(tables)
}
