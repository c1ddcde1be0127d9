//! A paper score card's form, on the host's console and on a seat's page alike: its `row_`
//! fields read as a typed card, what a refused or growing card leaves in the session, and the
//! rows drawn for each hand.

use std::collections::BTreeMap;

use crate::app::rounds::{self, CardProblem, CardRefusal, TypedCard};
use crate::engine::ScoreSheet;
use crate::engine::json::truncate;
use crate::i18n::{Lang, Said};
use crate::tournament::PaperHands;
use crate::web::pages::view::row_label;
use crate::web::session::CardDraft;

/// The prefix of a score card form's row fields (`row_mile5`).
pub const ROW_FIELD: &str = "row_";

/// The name of a score card form's button that adds a row for one more hand.
pub const ADD_HAND: &str = "add_hand";

/// How many hands a score card form's fields hold: the highest hand any `row_` field names.
fn hands_typed(fields: &BTreeMap<String, String>) -> usize {
    fields
        .keys()
        .filter_map(|name| name.strip_prefix(ROW_FIELD))
        .map(|key| rounds::split_field_key(key).0 + 1)
        .max()
        .unwrap_or(1)
}

/// A score card form's card: its `row_<key>` fields (one per row of each hand, keyed as
/// [`rounds::field_key`] says), where a blank field is "not entered" (never zero) and text
/// that is not a count is a problem under its field.
pub fn typed_card(fields: &BTreeMap<String, String>) -> TypedCard {
    let mut card = TypedCard {
        every_row: true,
        hands: vec![Default::default(); hands_typed(fields)],
        ..TypedCard::default()
    };
    for (name, text) in fields {
        let Some(key) = name.strip_prefix(ROW_FIELD) else {
            continue;
        };
        let (hand, row) = rounds::split_field_key(key);
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        match text.parse::<u32>() {
            Ok(count) => {
                if let Some(hand) = card.hands.get_mut(hand) {
                    hand.0.insert(row.to_owned(), count);
                }
            }
            Err(_) => card.unreadable.push(CardProblem::row(
                key,
                Said::new("refused-card-not-a-count").text("text", truncate(text, 12)),
            )),
        }
    }
    card
}

/// The most a refused card may take of the session, as JSON: the session is a cookie, which a
/// browser keeps only up to 4 kB once encrypted, with the host's and the seat's rights in it.
const DRAFT_BYTES: usize = 1800;

/// What a refused score card form leaves in the session for the form to show again: what was
/// typed and each problem under its row, said in `lang`, as much as fits in [`DRAFT_BYTES`] (a
/// form posted with hundreds of made-up rows must not overflow the cookie).
pub fn card_draft(
    form: String,
    fields: &BTreeMap<String, String>,
    refusal: &CardRefusal,
    lang: Lang,
) -> CardDraft {
    let mut draft = CardDraft {
        form,
        typed: fields
            .iter()
            .filter_map(|(name, text)| {
                let row = name.strip_prefix(ROW_FIELD)?;
                Some((truncate(row, 24), truncate(text, 12)))
            })
            .take(64)
            .collect(),
        hands: hands_typed(fields).min(rounds::MAX_HANDS),
        problems: refusal
            .0
            .iter()
            .take(16)
            .map(|p| {
                let message = lang.say(&p.message);
                (p.row.clone().unwrap_or_default(), truncate(&message, 200))
            })
            .collect(),
    };
    // Too much: the last problems go first, but a few are kept beside their fields before
    // what was typed (a card of many hands) gives way.
    const KEPT_PROBLEMS: usize = 4;
    while serde_json::to_string(&draft).map_or(0, |json| json.len()) > DRAFT_BYTES {
        let dropped = if draft.problems.len() > KEPT_PROBLEMS {
            draft.problems.pop().is_some()
        } else {
            draft.typed.pop_last().is_some() || draft.problems.pop().is_some()
        };
        if !dropped {
            break;
        }
    }
    draft
}

/// What a score card form posted with its "Add a hand" button leaves in the session: what
/// was typed, and one row more for the next hand (nothing is entered yet).
pub fn card_with_one_more_hand(form: String, fields: &BTreeMap<String, String>) -> CardDraft {
    let mut draft = card_draft(form, fields, &CardRefusal(Vec::new()), Lang::ENGLISH);
    draft.hands = (hands_typed(fields) + 1).min(rounds::MAX_HANDS);
    draft
}

/// One hand's row of a score card form: a field per row of the score sheet, and the points
/// the hand makes as typed.
pub struct HandRow {
    /// 1 for the first hand.
    pub number: usize,
    pub fields: Vec<HandField>,
    /// The hand's score as typed, once every field of the row holds a count.
    pub score: Option<u32>,
}

/// One field of a hand's row on a score card form.
pub struct HandField {
    /// The input's id (unique on the page).
    pub id: String,
    /// The input's name: `row_<key>`.
    pub name: String,
    /// The row's name in the page's language.
    pub label: String,
    /// What one counted item is worth, as the card prints it.
    pub value: u32,
    /// The bonus for a row counted at its most (four safeties), and that most, for the
    /// page's script that adds up the points as they are typed.
    pub bonus: u32,
    pub most: Option<u32>,
    pub quota: Option<u32>,
    /// What the field holds: what was typed for a refused card, the count of a card that is
    /// in, else nothing.
    pub text: String,
    /// Why the refused card's count in this field was wrong.
    pub problem: Option<String>,
}

/// The rows of a side's score card form, one per hand: the hands of the refused or growing
/// card this browser typed (`draft`), else of the card that is in, else one empty hand. Input
/// ids start with `id_prefix`.
pub fn hand_rows(
    lang: Lang,
    id_prefix: &str,
    sheet: &ScoreSheet,
    draft: Option<&CardDraft>,
    stored: Option<&PaperHands>,
) -> Vec<HandRow> {
    let hands = match (draft, stored) {
        (Some(draft), _) => draft
            .typed
            .keys()
            .map(|key| rounds::split_field_key(key).0 + 1)
            .chain([draft.hands, 1])
            .max()
            .unwrap_or(1),
        (None, Some(stored)) => stored.0.len().max(1),
        (None, None) => 1,
    }
    .min(rounds::MAX_HANDS);
    (0..hands)
        .map(|hand| {
            let fields: Vec<HandField> = sheet
                .rows
                .iter()
                .map(|row| {
                    let key = rounds::field_key(hand, row.id);
                    HandField {
                        id: format!("{id_prefix}{key}"),
                        name: format!("{ROW_FIELD}{key}"),
                        label: row_label(lang, row),
                        value: row.value,
                        bonus: row.full_bonus,
                        most: row.most,
                        quota: row.quota,
                        text: match (draft, stored) {
                            (Some(d), _) => d.typed(&key).unwrap_or_default().to_owned(),
                            (None, Some(card)) => card
                                .0
                                .get(hand)
                                .map(|c| c.count(row.id).to_string())
                                .unwrap_or_default(),
                            (None, None) => String::new(),
                        },
                        problem: draft.and_then(|d| d.problem(&key)),
                    }
                })
                .collect();
            let counts: Option<Vec<u32>> =
                fields.iter().map(|f| f.text.trim().parse().ok()).collect();
            HandRow {
                number: hand + 1,
                score: counts.map(|c| sheet.score(&c)),
                fields,
            }
        })
        .collect()
}

/// The total of a card's hands as typed, once every hand's fields hold counts.
pub fn hands_total(hands: &[HandRow]) -> Option<u32> {
    hands
        .iter()
        .map(|h| h.score)
        .try_fold(0u32, |sum, s| s.map(|s| sum.saturating_add(s)))
}
