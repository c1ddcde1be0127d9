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
use crate::tournament::Remainder;
use crate::web::pages::start::number as parse;
use crate::web::pages::{PageResult, redirect, tell_refusal};
use crate::web::session::CardDraft;

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
        let (round, warning) = rounds::seat_first_round(app, host, &request)?;
        let warned = warning
            .map(|w| format!(" Beware, this seating is {w}."))
            .unwrap_or_default();
        Ok(format!(
            "Round {} is seated.{warned} Send everyone to their tables, then give the signal.",
            round.number()
        ))
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
            "start" => (Signal::Start, "The signal is given: play!".to_owned()),
            "pause" => (Signal::Pause, "Paused.".to_owned()),
            "resume" => (Signal::Resume, "Play resumes.".to_owned()),
            "stop" => (
                Signal::Stop,
                "Stop! Every game is frozen and its miles count.".to_owned(),
            ),
            "extend" => {
                let minutes: u32 = parse(&form.minutes, "the extra minutes")?;
                (
                    Signal::Extend {
                        seconds: minutes.saturating_mul(60),
                    },
                    format!(
                        "{minutes} more minute{}.",
                        if minutes == 1 { "" } else { "s" }
                    ),
                )
            }
            other => {
                return Err(AppError::invalid(format!(
                    "there is no signal \"{}\"",
                    crate::engine::json::truncate(other, 20)
                )));
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
        Ok(if paper {
            format!("Table {table} plays with real cards.")
        } else {
            format!("Table {table} plays on phones.")
        })
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
            Some(parse::<i64>(&form.entry, "the entry")?)
        };
        rounds::choose_mover(app, host, number, table, entry)?;
        Ok(match entry {
            Some(_) => format!("Your choice moves on from table {table}."),
            None => format!("Table {table}: the cut decides."),
        })
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

/// A score card form's card: its `row_<row>` fields, where a blank field is "not entered"
/// (never zero) and text that is not a count is a problem under its row.
pub fn typed_card(fields: &BTreeMap<String, String>) -> TypedCard {
    let mut card = TypedCard {
        every_row: true,
        ..TypedCard::default()
    };
    for (name, text) in fields {
        let Some(row) = name.strip_prefix(ROW_FIELD) else {
            continue;
        };
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        match text.parse::<u32>() {
            Ok(count) => {
                card.counts.0.insert(row.to_owned(), count);
            }
            Err(_) => card.unreadable.push(CardProblem::row(
                row,
                format!(
                    "\"{}\" is not a count: write a whole number, 0 or more",
                    truncate(text, 12)
                ),
            )),
        }
    }
    card
}

/// The most a refused card may take of the session, as JSON: the session is a cookie, which a
/// browser keeps only up to 4 kB once encrypted, with the host's and the seat's rights in it.
const DRAFT_BYTES: usize = 1800;

/// What a refused score card form leaves in the session for the form to show again: what was
/// typed and each problem under its row, as much as fits in [`DRAFT_BYTES`] (a form posted
/// with hundreds of made-up rows must not overflow the cookie).
pub fn card_draft(
    form: String,
    fields: &BTreeMap<String, String>,
    refusal: &CardRefusal,
) -> CardDraft {
    let mut draft = CardDraft {
        form,
        typed: fields
            .iter()
            .filter_map(|(name, text)| {
                let row = name.strip_prefix(ROW_FIELD)?;
                Some((truncate(row, 20), truncate(text, 12)))
            })
            .take(16)
            .collect(),
        problems: refusal
            .0
            .iter()
            .take(16)
            .map(|p| (p.row.clone().unwrap_or_default(), truncate(&p.message, 200)))
            .collect(),
    };
    while serde_json::to_string(&draft).map_or(0, |json| json.len()) > DRAFT_BYTES {
        if draft.problems.pop().is_none() && draft.typed.pop_last().is_none() {
            break;
        }
    }
    draft
}

/// The console's name for a side's card form, which its draft carries.
pub fn console_card_form(round: i32, table: i32, side: usize) -> String {
    format!("{round}/{table}/{side}")
}

async fn scores(path: web::Path<(i64, i32, i32)>, form: HostForm<ScoresForm>) -> PageResult {
    let (event, number, table) = path.into_inner();
    let back = redirect(&format!("/events/{event}/host#cards-{table}"));
    let side: usize = match parse(&form.fields.side, "the side") {
        Ok(side) => side,
        Err(error) => {
            tell_refusal(&form.visitor, error)?;
            return Ok(back);
        }
    };
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
            form.visitor.flash(
                "ok",
                format!(
                    "Table {table}: the card is in ({score} {}) and confirmed.",
                    unit.word()
                ),
            );
        }
        Ok(Err(refusal)) => {
            let draft = card_draft(
                console_card_form(number, table, side),
                &form.fields.rows,
                &refusal,
            );
            form.visitor.keep_card_draft(&draft);
            form.visitor.flash(
                "error",
                format!(
                    "Table {table}: that card was not taken. What was typed is kept; see the message beside each field that needs changing."
                ),
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
        Ok(format!("Table {table}: the card is confirmed."))
    })
    .await
}

async fn close(path: web::Path<(i64, i32)>, form: HostForm<NoFields>) -> PageResult {
    let (_, number) = path.into_inner();
    form.apply("round", move |app, host, _| {
        let summary = rounds::close(app, host, number)?;
        Ok(match (summary.next_round, summary.finished_because) {
            (Some(next), _) => format!(
                "Round {number} is closed and the winners have moved on. Round {next} is seated."
            ),
            (None, Some(why)) => format!("Round {number} is closed. The evening is over: {why}"),
            (None, None) => format!("Round {number} is closed."),
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
            round: parse(&form.round, "the round")?,
            entry: parse(&form.entry, "the entry")?,
            miles: parse(&form.miles, "the miles")?,
            reason: form.reason,
        };
        let outcome = rounds::correct(app, host, &request)?;
        let mut said = format!(
            "Round {}: {} → {} miles.",
            request.round,
            outcome
                .old
                .map_or_else(|| "none".to_owned(), |m| m.to_string()),
            outcome.new
        );
        if !outcome.changed_tables.is_empty() {
            said.push_str(" The movement changed");
            if outcome.reseated {
                said.push_str(" and the next round was seated again");
            }
            said.push('.');
        }
        Ok(said)
    })
    .await
}

async fn finish(form: HostForm<NoFields>) -> PageResult {
    form.apply("round", move |app, host, _| {
        rounds::finish_event(app, host)?;
        Ok(
            "The evening is over. The standings are provisional until you close the evening."
                .into(),
        )
    })
    .await
}

/// Closes the evening, once the host confirmed it on a page of its own (so it works without
/// script): the results and prizes become final and no score can be corrected any more.
async fn close_evening(form: HostForm<Confirmed>) -> PageResult {
    if !form.fields.yes() {
        let event = form.host.event;
        return form.ask(
            Question {
                heading: "Close the evening?".into(),
                question: "Closing the evening makes the results and the prizes final: after this no score can be corrected, not even the last round's. Check the provisional standings first.".into(),
                action: format!("/events/{event}/host/close"),
                fields: Vec::new(),
                inputs: Vec::new(),
                yes: "Close the evening: the results are final".into(),
                no: "Not yet".into(),
            },
            "round",
        );
    }
    form.apply("round", move |app, host, _| {
        rounds::close_event(app, host)?;
        Ok("The evening is closed: the results and prizes are final.".into())
    })
    .await
}
