//! The console's round: seat round 1, the signal, tables on paper or phones, the host's
//! choice among tied entries, paper score cards, the close, corrections and the end.

use std::collections::BTreeMap;

use actix_web::web;
use serde::Deserialize;

use super::form::{Confirmed, HostForm, NoFields, Question};
use crate::app::AppError;
use crate::app::rounds::{
    self, CardProblem, CardRefusal, CorrectionRequest, SeatRequest, Signal, TableAt, TypedCard,
};
use crate::engine::json::truncate;
use crate::i18n::Said;
use crate::tournament::{LimitReached, Remainder};
use crate::web::pages::start::number as parse;
use crate::web::pages::{PageResult, redirect, tell_refusal};
use crate::web::session::CardDraft;
use chrono::Timelike;

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/host/seat", web::post().to(seat))
        .route(
            "/events/{event}/host/rounds/{round}/signal",
            web::post().to(signal),
        )
        .route(
            "/events/{event}/host/rounds/{round}/tables/{table}/mode",
            web::post().to(table_mode),
        )
        .route(
            "/events/{event}/host/rounds/{round}/tables/{table}/mover",
            web::post().to(mover),
        )
        .route(
            "/events/{event}/host/rounds/{round}/tables/{table}/scores",
            web::post().to(scores),
        )
        .route(
            "/events/{event}/host/rounds/{round}/tables/{table}/scores/{side}/confirm",
            web::post().to(confirm_card),
        )
        .route(
            "/events/{event}/host/rounds/{round}/close",
            web::post().to(close),
        )
        .route("/events/{event}/host/corrections", web::post().to(correct))
        .route("/events/{event}/host/finish", web::post().to(finish))
        .route("/events/{event}/host/close", web::post().to(close_evening));
}

#[derive(Deserialize)]
struct SeatForm {
    #[serde(default)]
    remainder: String,
    #[serde(default)]
    order: String,
    #[serde(default)]
    paper: String,
}

async fn seat(form: HostForm<SeatForm>) -> PageResult {
    form.apply("round", move |app, host, form| {
        let request = SeatRequest {
            remainder: match form.remainder.as_str() {
                "mixed_tables" => Some(Remainder::MixedTables),
                "byes" => Some(Remainder::Byes),
                "bots" => Some(Remainder::Bots),
                _ => None,
            },
            order: None,
            listed_order: form.order == "host",
            paper_tables: Vec::new(),
            all_paper: form.paper == "all",
        };
        let (round, plan) = rounds::seat_first_round(app, host, &request)?;
        let settings = crate::app::events::settings(app, host)?;
        Ok(match super::words::plan_warning_said(&plan, &settings) {
            Some(warning) => Said::new("host-said-seated-unfair")
                .number("round", round.number())
                .said("warning", warning),
            None => Said::new("host-said-seated").number("round", round.number()),
        })
    })
    .await
}

#[derive(Deserialize)]
struct SignalForm {
    #[serde(default)]
    signal: String,
    #[serde(default)]
    minutes: String,
}

async fn signal(path: web::Path<(i64, i32)>, form: HostForm<SignalForm>) -> PageResult {
    let (_, number) = path.into_inner();
    form.apply("round", move |app, host, form| {
        let (signal, said) = match form.signal.as_str() {
            "start" => (Signal::Start, Said::new("host-said-start")),
            "pause" => (Signal::Pause, Said::new("host-said-pause")),
            "resume" => (Signal::Resume, Said::new("host-said-resume")),
            "stop" => (Signal::Stop, Said::new("host-said-stop")),
            "extend" => {
                let minutes: u32 = parse(&form.minutes, "refused-field-extra-minutes")?;
                (
                    Signal::Extend {
                        seconds: minutes.saturating_mul(60),
                    },
                    Said::new("host-said-extend").number("minutes", minutes),
                )
            }
            other => {
                return Err(AppError::invalid(
                    Said::new("refused-no-signal")
                        .text("signal", crate::engine::json::truncate(other, 20)),
                ));
            }
        };
        rounds::signal(app, host, number, signal)?;
        Ok(said)
    })
    .await
}

#[derive(Deserialize)]
struct ModeForm {
    #[serde(default)]
    paper: String,
}

async fn table_mode(path: web::Path<(i64, i32, i32)>, form: HostForm<ModeForm>) -> PageResult {
    let (_, number, table) = path.into_inner();
    form.apply("round", move |app, host, form| {
        let paper = form.paper == "true";
        rounds::set_table_mode(app, host, number, table, paper)?;
        Ok(Said::new(if paper {
            "host-said-table-paper"
        } else {
            "host-said-table-phones"
        })
        .number("table", table))
    })
    .await
}

#[derive(Deserialize)]
struct MoverForm {
    #[serde(default)]
    entry: String,
}

async fn mover(path: web::Path<(i64, i32, i32)>, form: HostForm<MoverForm>) -> PageResult {
    let (_, number, table) = path.into_inner();
    form.apply("round", move |app, host, form| {
        let entry = if form.entry.is_empty() || form.entry == "cut" {
            None
        } else {
            Some(parse::<i64>(&form.entry, "refused-field-entry")?)
        };
        rounds::choose_mover(app, host, number, table, entry)?;
        Ok(Said::new(match entry {
            Some(_) => "host-said-mover-chosen",
            None => "host-said-mover-cut",
        })
        .number("table", table))
    })
    .await
}

#[derive(Deserialize)]
struct ScoresForm {
    #[serde(default)]
    side: String,
    /// One field per row of the score sheet, named `row_<row>`.
    #[serde(flatten)]
    rows: BTreeMap<String, String>,
}

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
                crate::i18n::Said::new("refused-card-not-a-count").text("text", truncate(text, 12)),
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
    lang: crate::i18n::Lang,
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
    let mut draft = card_draft(
        form,
        fields,
        &CardRefusal(Vec::new()),
        crate::i18n::Lang::ENGLISH,
    );
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
    lang: crate::i18n::Lang,
    id_prefix: &str,
    sheet: &crate::engine::ScoreSheet,
    draft: Option<&CardDraft>,
    stored: Option<&crate::tournament::PaperHands>,
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
                        label: crate::web::pages::view::row_label(lang, row),
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

/// The console's name for a side's card form, which its draft carries.
pub fn console_card_form(round: i32, table: i32, side: usize) -> String {
    format!("{round}/{table}/{side}")
}

async fn scores(path: web::Path<(i64, i32, i32)>, form: HostForm<ScoresForm>) -> PageResult {
    let (event, number, table) = path.into_inner();
    let back = redirect(&format!("/events/{event}/host#cards-{table}"));
    let side: usize = match parse(&form.fields.side, "refused-field-side") {
        Ok(side) => side,
        Err(error) => {
            tell_refusal(&form.visitor, error)?;
            return Ok(back);
        }
    };
    if form.fields.rows.contains_key(ADD_HAND) {
        let form_name = console_card_form(number, table, side);
        form.visitor
            .keep_card_draft(&card_with_one_more_hand(form_name, &form.fields.rows));
        return Ok(redirect(&format!(
            "/events/{event}/host#card-{table}-{side}"
        )));
    }
    let card = typed_card(&form.fields.rows);
    let at = TableAt {
        round: number,
        table,
    };
    let result = form
        .run(move |app, host| rounds::enter_paper_as_host(app, host, at, side, card))
        .await;
    match result {
        Ok(Ok((score, unit))) => {
            form.visitor.drop_card_draft();
            form.tell_live();
            let lang = form.lang().await?;
            form.visitor.flash(
                "ok",
                lang.msg("host-said-card-in")
                    .arg("table", table)
                    .arg("score", score)
                    .arg("unit", unit.word())
                    .text(),
            );
        }
        Ok(Err(refusal)) => {
            let lang = form.lang().await?;
            let draft = card_draft(
                console_card_form(number, table, side),
                &form.fields.rows,
                &refusal,
                lang,
            );
            form.visitor.keep_card_draft(&draft);
            form.visitor.flash(
                "error",
                lang.msg("host-said-card-refused")
                    .arg("table", table)
                    .text(),
            );
        }
        Err(error) => tell_refusal(&form.visitor, error.0)?,
    }
    Ok(back)
}

async fn confirm_card(
    path: web::Path<(i64, i32, i32, usize)>,
    form: HostForm<NoFields>,
) -> PageResult {
    let (_, number, table, side) = path.into_inner();
    form.apply(&format!("cards-{table}"), move |app, host, _| {
        let at = TableAt {
            round: number,
            table,
        };
        rounds::confirm_paper_as_host(app, host, at, (side, None))?;
        Ok(Said::new("host-said-card-confirmed").number("table", table))
    })
    .await
}

async fn close(path: web::Path<(i64, i32)>, form: HostForm<NoFields>) -> PageResult {
    let (_, number) = path.into_inner();
    form.apply("round", move |app, host, _| {
        let summary = rounds::close(app, host, number)?;
        Ok(match (summary.next_round, summary.finished_because) {
            (Some(next), _) => Said::new("host-said-closed-next")
                .number("round", number)
                .number("next", next),
            (None, Some(LimitReached::Rounds { rounds })) => Said::new("host-said-closed-over")
                .number("round", number)
                .said(
                    "why",
                    Said::new("host-said-limit-rounds").number("rounds", rounds),
                ),
            (None, Some(LimitReached::Time { deadline })) => Said::new("host-said-closed-over")
                .number("round", number)
                .said(
                    "why",
                    Said::new("host-said-limit-time")
                        .number("hour", deadline.hour())
                        .text("minute", deadline.format("%M").to_string()),
                ),
            (None, None) => Said::new("host-said-closed").number("round", number),
        })
    })
    .await
}

#[derive(Deserialize)]
struct CorrectionForm {
    #[serde(default)]
    round: String,
    #[serde(default)]
    entry: String,
    #[serde(default)]
    miles: String,
    #[serde(default)]
    reason: String,
}

async fn correct(form: HostForm<CorrectionForm>) -> PageResult {
    form.apply("corrections", move |app, host, form| {
        let request = CorrectionRequest {
            round: parse(&form.round, "refused-field-round")?,
            entry: parse(&form.entry, "refused-field-entry")?,
            miles: parse(&form.miles, "refused-field-miles")?,
            reason: form.reason,
        };
        let outcome = rounds::correct(app, host, &request)?;
        let said = match outcome.old {
            Some(old) => Said::new("host-said-corrected").number("old", old),
            None => Said::new("host-said-corrected-from-none"),
        }
        .number("round", request.round)
        .number("new", outcome.new)
        .text(
            "movement",
            match (outcome.changed_tables.is_empty(), outcome.reseated) {
                (true, _) => "same",
                (false, false) => "changed",
                (false, true) => "reseated",
            },
        );
        Ok(said)
    })
    .await
}

async fn finish(form: HostForm<NoFields>) -> PageResult {
    form.apply("round", move |app, host, _| {
        rounds::finish_event(app, host)?;
        Ok(Said::new("host-said-finished"))
    })
    .await
}

/// Closes the evening, once the host confirmed it on a page of its own (so it works without
/// script): the results and prizes become final and no score can be corrected any more.
async fn close_evening(form: HostForm<Confirmed>) -> PageResult {
    if !form.fields.yes() {
        let event = form.host.event;
        let lang = form.visitor.lang();
        return form.ask(
            Question {
                heading: lang.t("ask-close-evening"),
                question: lang.t("ask-close-evening-why"),
                action: format!("/events/{event}/host/close"),
                fields: Vec::new(),
                inputs: Vec::new(),
                yes: lang.t("ask-close-evening-yes"),
                no: lang.t("ask-close-evening-no"),
            },
            "round",
        );
    }
    form.apply("round", move |app, host, _| {
        rounds::close_event(app, host)?;
        Ok(Said::new("host-said-evening-closed"))
    })
    .await
}
