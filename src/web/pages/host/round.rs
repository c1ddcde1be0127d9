//! The console's round: seat round 1, the signal, tables on paper or phones, the host's
//! choice among tied entries, paper score cards, the close, corrections and the end.

use std::collections::BTreeMap;

use actix_web::web;
use serde::Deserialize;

use super::form::{Confirmed, HostForm, NoFields, Question};
use crate::app::AppError;
use crate::app::rounds::{self, CorrectionRequest, SeatRequest, Signal, TableAt};
use crate::i18n::Said;
use crate::tournament::{LimitReached, Remainder};
use crate::web::pages::field::number as parse;
use crate::web::pages::paper_card::{ADD_HAND, card_draft, card_with_one_more_hand, typed_card};
use crate::web::pages::{PageResult, redirect, tell_refusal};
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
