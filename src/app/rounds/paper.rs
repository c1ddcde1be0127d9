//! Paper tables: score cards counted per row of the rule set's score sheet, entered by a side
//! and confirmed by another (or by the host), and the miles they make.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use super::{load, table_of};
use crate::app::events::EventRecord;
use crate::app::play::{self, PAPER};
use crate::app::{App, AppError, AppResult, HostKey};
use crate::db::models::{self, NewPaperScore};
use crate::db::{Conn, queries};
use crate::engine::{ScoreSheet, ScoreUnit};
use crate::i18n::{Lang, Said};
use crate::tournament::{self, EntryId, PaperCard, PaperHands};

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
    /// What is wrong, said in the reader's language where it is shown.
    pub message: Said,
}

impl CardProblem {
    pub fn row(row: &str, message: Said) -> CardProblem {
        CardProblem {
            row: Some(row.to_owned()),
            message,
        }
    }

    pub fn card(message: Said) -> CardProblem {
        CardProblem { row: None, message }
    }
}

/// A score card refused, with every problem found (never empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRefusal(pub Vec<CardProblem>);

impl CardRefusal {
    /// Every problem, each after the row it is under: "mile5: ...; ...".
    pub fn said(&self) -> Said {
        tournament::problems_said(
            self.0
                .iter()
                .map(|p| match &p.row {
                    Some(row) => Said::new("refused-card-in-row")
                        .text("row", row.clone())
                        .said("problem", p.message.clone()),
                    None => p.message.clone(),
                })
                .collect(),
        )
    }
}

impl std::fmt::Display for CardRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Lang::ENGLISH.say(&self.said()))
    }
}

impl From<CardRefusal> for AppError {
    fn from(refusal: CardRefusal) -> AppError {
        AppError::invalid(refusal.said())
    }
}

/// The most hands a card holds for a round.
pub const MAX_HANDS: usize = 20;

/// The key of a row of a hand on a score card form and in its problems: the row itself for
/// the first hand (`miles`), the hand's number and the row for the others (`2_miles`).
pub fn field_key(hand: usize, row: &str) -> String {
    if hand == 0 {
        row.to_owned()
    } else {
        format!("{}_{row}", hand + 1)
    }
}

/// The hand (0 for the first) and the row a field key names ([`field_key`]).
pub fn split_field_key(key: &str) -> (usize, &str) {
    let digits = key.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0
        && digits <= 3
        && let Some(row) = key[digits..].strip_prefix('_')
        && let Ok(number) = key[..digits].parse::<usize>()
        && number >= 1
    {
        return (number - 1, row);
    }
    (0, key)
}

/// A score card as it was typed: a card per hand of the round.
#[derive(Debug, Clone, Default)]
pub struct TypedCard {
    /// The counts that were read, hand by hand.
    pub hands: Vec<PaperCard>,
    /// Typed on a form with a field for every row: a row without a count was left blank, which
    /// is "not entered", never zero. Through the API a row left out counts zero, but a card
    /// with no row at all is "nothing entered".
    pub every_row: bool,
    /// Fields whose text is not a count, with why (under their [`field_key`]).
    pub unreadable: Vec<CardProblem>,
}

impl TypedCard {
    /// A card from the API: a row left out counts zero.
    pub fn counted(hands: Vec<PaperCard>) -> TypedCard {
        TypedCard {
            hands,
            every_row: false,
            unreadable: Vec::new(),
        }
    }
}

/// What a blank field of a score card form says (its message).
pub const NOT_ENTERED: &str = "refused-card-not-entered";

/// The sheet's rows by identifier: "mile1, mile3, mile5, mile10".
fn row_ids(sheet: &ScoreSheet) -> String {
    sheet
        .rows
        .iter()
        .map(|r| r.id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A problem of a hand, named "hand 2: ..." on a card of several hands.
fn in_hand(hands: usize, hand: usize, problem: Said) -> Said {
    if hands > 1 {
        Said::new("refused-in-hand")
            .number("hand", hand + 1)
            .said("problem", problem)
    } else {
        problem
    }
}

/// "Nothing was entered: give a count for each row".
fn nothing_entered(sheet: &ScoreSheet) -> Said {
    Said::new("refused-card-nothing").text("rows", row_ids(sheet))
}

/// The problems of one side's card on its own: rows the sheet does not have, blank or
/// unreadable fields, counts above a pile's quota; each under its hand's row.
fn own_problems(sheet: &ScoreSheet, typed: &TypedCard) -> Vec<CardProblem> {
    let hands = &typed.hands;
    if hands.len() > MAX_HANDS {
        return vec![CardProblem::card(
            Said::new("refused-card-too-many-hands")
                .number("most", MAX_HANDS)
                .number("hands", hands.len()),
        )];
    }
    let known = |key: &str| sheet.position(split_field_key(key).1).is_some();
    // Text that is not a count, in a row of the sheet; any other row is one that the sheet
    // does not have, said once for them all.
    let mut problems: Vec<CardProblem> = typed
        .unreadable
        .iter()
        .filter(|p| p.row.as_deref().is_some_and(known))
        .cloned()
        .collect();
    let unknown: Vec<&str> = hands
        .iter()
        .flat_map(|hand| hand.0.keys().map(String::as_str))
        .chain(
            typed
                .unreadable
                .iter()
                .filter_map(|p| p.row.as_deref())
                .map(|key| split_field_key(key).1),
        )
        .filter(|row| sheet.position(row).is_none())
        .collect();
    if let Some(first) = unknown.first() {
        problems.push(CardProblem::card(
            Said::new("refused-card-unknown-row")
                .text("row", crate::engine::json::truncate(first, 40))
                .number("more", unknown.len() - 1)
                .text("rows", row_ids(sheet)),
        ));
    }
    let unread = |key: &str| {
        typed
            .unreadable
            .iter()
            .any(|p| p.row.as_deref() == Some(key))
    };
    if hands.is_empty() && problems.is_empty() {
        problems.push(CardProblem::card(nothing_entered(sheet)));
    }
    for (index, hand) in hands.iter().enumerate() {
        if typed.every_row {
            for row in &sheet.rows {
                let key = field_key(index, row.id);
                if !hand.0.contains_key(row.id) && !unread(&key) {
                    problems.push(CardProblem::row(&key, Said::new(NOT_ENTERED)));
                }
            }
        } else if hand.0.is_empty() && unknown.is_empty() {
            problems.push(CardProblem::card(in_hand(
                hands.len(),
                index,
                nothing_entered(sheet),
            )));
        }
        for row in &sheet.rows {
            let count = hand.count(row.id);
            if let Some(quota) = row.quota.filter(|&q| count > q) {
                problems.push(CardProblem::row(
                    &field_key(index, row.id),
                    Said::new("refused-card-over-quota")
                        .said("pile", Said::new("sheet-miles").number("miles", row.value))
                        .number("quota", quota)
                        .number("count", count),
                ));
            }
        }
    }
    problems
}

/// The problems the table's cards have together, each under the row of this side's card it
/// concerns where there is one (a pile beyond the pack).
fn table_problems(
    sheet: &ScoreSheet,
    side: usize,
    problems: tournament::PaperErrors,
) -> Vec<CardProblem> {
    problems
        .0
        .into_iter()
        .map(|problem| {
            let row = match problem.inner() {
                tournament::PaperProblem::OverQuota { pile, .. }
                | tournament::PaperProblem::BeyondPack { pile, .. } => {
                    sheet.rows.iter().find(|r| r.label == pile).map(|r| r.id)
                }
                tournament::PaperProblem::Rules {
                    side: Some(of),
                    row: Some(row),
                    ..
                } if *of == side + 1 => sheet.rows.iter().find(|r| r.id == row).map(|r| r.id),
                _ => None,
            };
            let hand = problem.hand().unwrap_or(1).saturating_sub(1);
            CardProblem {
                row: row.map(|row| field_key(hand, row)),
                message: problem.said(),
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
    at: TableAt,
    (side, typed): (usize, TypedCard),
    author: CardAuthor,
    now: NaiveDateTime,
) -> AppResult<Result<(u32, ScoreUnit), CardRefusal>> {
    let (number, table_number) = (at.round, at.table);
    let round = load(conn, event, number)?;
    if round.is_closed() {
        return Err(AppError::conflict(Said::new("refused-card-round-closed")));
    }
    if round.row.started_at.is_none() {
        return Err(AppError::conflict(
            Said::new("refused-card-round-not-started").number("round", number),
        ));
    }
    let table = table_of(conn, &round, table_number)?;
    if table.mode != PAPER {
        return Err(AppError::conflict(
            Said::new("refused-card-table-on-phones").number("table", table_number),
        ));
    }
    let sides = queries::entries_of_table(conn, table.id)?.len();
    if side >= sides {
        return Err(AppError::invalid(no_such_side(table_number, sides, side)));
    }
    // A card the host entered, or one another side confirmed, is settled: only the host
    // changes it (a side could otherwise swap in other counts after they were checked).
    if let CardAuthor::Side(_) = author
        && let Some(stored) = queries::paper_scores_of_table(conn, table.id)?
            .into_iter()
            .find(|c| c.side == side as i32)
    {
        if stored.entered_by == CardAuthor::Host.label() {
            return Err(AppError::forbidden(Said::new("refused-card-host-entered")));
        }
        if stored.confirmed_at.is_some() {
            return Err(AppError::forbidden(Said::new("refused-card-confirmed")));
        }
    }
    let config = play::table_config(event, sides)?;
    let sheet = config.rules.score_sheet(config);
    let problems = own_problems(&sheet, &typed);
    if !problems.is_empty() {
        return Ok(Err(CardRefusal(problems)));
    }
    let card = PaperHands(
        typed
            .hands
            .iter()
            .map(|hand| PaperCard::from_counts(&sheet, &hand.counts(&sheet)))
            .collect(),
    );
    // The card is checked hand by hand with the table's other cards as they stand (a side not
    // yet entered, or a hand it has not written yet, counts as empty), so a Mille Bornes bonus
    // without its trip, or a second completed trip, is refused when it is typed rather than
    // when the round closes.
    let mut table_cards = vec![PaperHands::default(); sides];
    for stored in queries::paper_scores_of_table(conn, table.id)? {
        if let Some(slot) = usize::try_from(stored.side)
            .ok()
            .and_then(|s| table_cards.get_mut(s))
        {
            *slot = serde_json::from_str(&stored.counts)?;
        }
    }
    table_cards[side] = card.clone();
    let hands = card.0.len();
    for other in &mut table_cards {
        other.0.truncate(hands);
        other.0.resize(hands, PaperCard::default());
    }
    if let Err(problems) = tournament::paper_round_scores(config, &table_cards) {
        return Ok(Err(CardRefusal(table_problems(&sheet, side, problems))));
    }
    let by = author.label();
    let counts = serde_json::to_string(&card)?;
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
/// card that changed since it was seen is not confirmed. A card is confirmed once: after its
/// round is closed, or once another confirmed it, a confirmation is refused (who confirmed it
/// and when stay as they were); the same confirmer's again changes nothing.
pub fn confirm_paper_in(
    conn: &mut Conn,
    event: &EventRecord,
    at: TableAt,
    (side, seen): (usize, Option<&str>),
    author: CardAuthor,
    now: NaiveDateTime,
) -> AppResult<()> {
    let (number, table_number) = (at.round, at.table);
    let round = load(conn, event, number)?;
    let table = table_of(conn, &round, table_number)?;
    let sides = queries::entries_of_table(conn, table.id)?.len();
    if side >= sides {
        return Err(AppError::not_found(no_such_side(table_number, sides, side)));
    }
    if author == CardAuthor::Side(side) {
        return Err(AppError::forbidden(Said::new("refused-card-own")));
    }
    if round.is_closed() {
        return Err(AppError::conflict(Said::new("refused-card-round-closed")));
    }
    let card = queries::paper_scores_of_table(conn, table.id)?
        .into_iter()
        .find(|c| c.side == side as i32)
        .ok_or_else(|| AppError::conflict(Said::new("refused-card-not-in").number("side", side)))?;
    if card.confirmed_at.is_some() {
        let by = card.confirmed_by.as_deref().unwrap_or_default();
        let current = seen.is_none_or(|seen| seen.trim() == card_version(&card.counts));
        if by == author.label() && current {
            return Ok(()); // the same confirmation again (a retry): already done
        }
        return Err(AppError::conflict(already_confirmed(side, by)));
    }
    match seen {
        Some(seen) if seen.trim() != card_version(&card.counts) => {
            return Err(AppError::conflict(
                Said::new("refused-card-changed").number("side", side),
            ));
        }
        Some(_) => {}
        None if author != CardAuthor::Host => {
            return Err(AppError::invalid(Said::new("refused-card-which-version")));
        }
        None => {}
    }
    queries::confirm_paper_score(conn, card.id, &author.label(), now)?;
    Ok(())
}

/// "side 0's card is already confirmed by side 1" (or "by the host"), from the stored label.
fn already_confirmed(side: usize, by: &str) -> Said {
    match by
        .strip_prefix("side ")
        .and_then(|n| n.parse::<usize>().ok())
    {
        Some(by) => Said::new("refused-card-confirmed-by-side")
            .number("side", side)
            .number("by", by),
        None => Said::new("refused-card-confirmed-by-host").number("side", side),
    }
}

/// "table 2 has sides 0 to 1; there is no side 4".
fn no_such_side(table: i32, sides: usize, side: usize) -> Said {
    Said::new("refused-card-no-side")
        .number("table", table)
        .number("last", sides.saturating_sub(1))
        .number("side", side)
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
    let piles: Vec<PaperHands> = cards
        .iter()
        .map(|c| serde_json::from_str(&c.counts))
        .collect::<Result<_, _>>()?;
    let config = play::table_config(event, entries.len())?;
    let miles =
        tournament::paper_round_scores(config, &piles).map_err(|e| AppError::invalid(e.said()))?;
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

/// One side's score card at a paper table, as the console shows it.
#[derive(Debug, Clone)]
pub struct SideCard {
    pub side: usize,
    /// The counts of every hand, once the side's card is in.
    pub card: Option<PaperHands>,
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
            let card: Option<PaperHands> = match row {
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
