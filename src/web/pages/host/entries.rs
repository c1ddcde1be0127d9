//! The console's entries: add a guest or a bot, rename, withdraw, seat links and seats.

use actix_web::{HttpRequest, web};
use serde::Deserialize;

use super::form::{Confirmed, HostForm, NoFields, Question};
use crate::app::events::{self, Renewal};
use crate::app::{AppError, AppResult};
use crate::app::{guests, rounds};
use crate::i18n::Said;
use crate::tournament::{self, Members, MissedRounds, Settings};
use crate::web::limits;
use crate::web::pages::{PageResult, redirect};

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/host/entries", web::post().to(add_entry))
        .route("/events/{event}/host/guests", web::post().to(add_guests))
        .route("/events/{event}/host/bots", web::post().to(add_bot))
        .route(
            "/events/{event}/host/entries/{entry}/rename",
            web::post().to(rename),
        )
        .route(
            "/events/{event}/host/entries/{entry}/withdraw",
            web::post().to(withdraw),
        )
        .route(
            "/events/{event}/host/entries/{entry}/remove",
            web::post().to(remove),
        )
        .route(
            "/events/{event}/host/players/{player}/link",
            web::post().to(new_link),
        )
        .route(
            "/events/{event}/host/players/{player}/release",
            web::post().to(release),
        )
        .route(
            "/events/{event}/host/check-in",
            web::post().to(set_check_in),
        );
}

#[derive(Deserialize)]
struct CheckInForm {
    /// "on" or "off".
    #[serde(default)]
    self_check_in: String,
}

/// Allows or stops guests checking themselves in from the wall's QR code.
async fn set_check_in(form: HostForm<CheckInForm>) -> PageResult {
    form.apply("check-in", move |app, host, form| {
        let allow = match form.self_check_in.as_str() {
            "on" => true,
            "off" => false,
            _ => return Err(AppError::invalid(Said::new("refused-check-in-on-or-off"))),
        };
        events::update_event(app, host, |mut settings| {
            settings.self_check_in = allow;
            Ok(settings)
        })?;
        Ok(Said::new(if allow {
            "host-said-check-in-on"
        } else {
            "host-said-check-in-off"
        }))
    })
    .await
}

#[derive(Deserialize)]
struct EntryForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    partner: String,
    /// A late entry's missed rounds: "zero" (also when absent) or "round_average".
    #[serde(default)]
    missed_rounds: String,
}

impl EntryForm {
    fn members(&self, settings: &Settings) -> AppResult<Members> {
        events::typed_members(settings, &self.name, &self.partner)
    }
}

async fn add_entry(req: HttpRequest, form: HostForm<EntryForm>) -> PageResult {
    let cap = limits::max_entries(&req);
    let typed: Vec<String> = [&form.fields.name, &form.fields.partner]
        .into_iter()
        .filter(|n| !n.trim().is_empty())
        .cloned()
        .collect();
    if let Some((taken, suggestion)) = form
        .run(move |app, host| events::taken_name(app, host, &typed))
        .await?
    {
        return ask_another_name(&form, &taken, &suggestion);
    }
    form.apply("entries", move |app, host, form| {
        let missed = if form.missed_rounds.trim().is_empty() {
            MissedRounds::Zero
        } else {
            MissedRounds::parse(&form.missed_rounds).map_err(AppError::invalid)?
        };
        let (entry, _) = events::add_entry(
            app,
            host,
            cap,
            |settings| form.members(settings),
            None,
            missed,
        )?;
        let name = entry.entry.name();
        Ok(if entry.entry.joined_round > 1 {
            Said::new("host-said-added-late")
                .text("name", name)
                .number("round", entry.entry.joined_round)
                .text(
                    "missed",
                    match missed {
                        MissedRounds::Zero => "zero",
                        MissedRounds::RoundAverage => "round_average",
                    },
                )
        } else {
            Said::new("host-said-added").text("name", name)
        })
    })
    .await
}

#[derive(Deserialize)]
struct GuestsForm {
    /// One entry per line; a partnership as "Ann & Bob".
    #[serde(default)]
    guests: String,
    #[serde(default)]
    missed_rounds: String,
}

/// Adds a pasted list of guests, all or none.
async fn add_guests(req: HttpRequest, form: HostForm<GuestsForm>) -> PageResult {
    let cap = limits::max_entries(&req);
    form.apply("entries", move |app, host, form| {
        let missed = if form.missed_rounds.trim().is_empty() {
            MissedRounds::Zero
        } else {
            MissedRounds::parse(&form.missed_rounds).map_err(AppError::invalid)?
        };
        let count = guests::add_guests(app, host, cap, &form.guests, missed)?;
        Ok(Said::new("host-said-entries-added").number("count", count))
    })
    .await
}

/// A name that is already there: asks whether this is another guest of that name (to be
/// told apart, say "Ann 2" or "Ann B.") or a mistake.
fn ask_another_name(form: &HostForm<EntryForm>, taken: &str, suggestion: &str) -> PageResult {
    let event = form.host.event;
    let mut inputs = Vec::new();
    let key = tournament::name_key(taken);
    let (name, partner) = (&form.fields.name, &form.fields.partner);
    let pick = |typed: &String| {
        if tournament::name_key(typed) == key {
            suggestion.to_owned()
        } else {
            typed.trim().to_owned()
        }
    };
    // The question reads in its reader's language.
    let lang = form.visitor.lang();
    if partner.trim().is_empty() {
        inputs.push(("name".into(), lang.t("host-name"), pick(name)));
    } else {
        inputs.push(("name".into(), lang.t("host-first-partner"), pick(name)));
        inputs.push((
            "partner".into(),
            lang.t("host-second-partner"),
            pick(partner),
        ));
    }
    form.ask(
        Question {
            heading: lang.msg("ask-name-taken").arg("name", taken).text(),
            question: lang.msg("ask-name-taken-why").arg("name", taken).text(),
            action: format!("/events/{event}/host/entries"),
            // The late entry's choice goes along with the names.
            fields: if form.fields.missed_rounds.is_empty() {
                Vec::new()
            } else {
                vec![("missed_rounds".into(), form.fields.missed_rounds.clone())]
            },
            inputs,
            yes: lang.t("ask-name-taken-yes"),
            no: lang.t("ask-name-taken-no"),
        },
        "entries",
    )
}

#[derive(Deserialize)]
struct BotForm {
    #[serde(default)]
    level: String,
}

async fn add_bot(req: HttpRequest, form: HostForm<BotForm>) -> PageResult {
    let cap = limits::max_entries(&req);
    form.apply("entries", move |app, host, form| {
        let level = match form.level.as_str() {
            "random" => "random",
            "shrewd" => "shrewd",
            _ => "steady",
        };
        events::add_bot(app, host, cap, level)?;
        Ok(Said::new("host-said-bot-joined").text("level", level))
    })
    .await
}

async fn rename(path: web::Path<(i64, i64)>, form: HostForm<EntryForm>) -> PageResult {
    let (_, entry) = path.into_inner();
    form.apply("entries", move |app, host, form| {
        let mut name = String::new();
        events::rename_entry(app, host, entry, |settings| {
            let members = form.members(settings)?;
            name = members.display();
            Ok(members)
        })?;
        Ok(Said::new("host-said-renamed").text("name", name))
    })
    .await
}

async fn withdraw(path: web::Path<(i64, i64)>, form: HostForm<NoFields>) -> PageResult {
    let (_, entry) = path.into_inner();
    form.apply("entries", move |app, host, _| {
        rounds::withdraw_entry(app, host, entry)?;
        Ok(Said::new("host-said-withdrawn"))
    })
    .await
}

async fn remove(path: web::Path<(i64, i64)>, form: HostForm<NoFields>) -> PageResult {
    let (_, entry) = path.into_inner();
    form.apply("entries", move |app, host, _| {
        let removed = events::remove_entry(app, host, entry)?;
        Ok(Said::new(if removed.unseated_round_one {
            "host-said-removed-seat-again"
        } else {
            "host-said-removed"
        })
        .text("name", removed.name))
    })
    .await
}

async fn new_link(
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    form: HostForm<Confirmed>,
) -> PageResult {
    let (event, player) = path.into_inner();
    let confirmed = form.fields.yes();
    let renewal = form
        .run(move |app, host| events::renew_link_asking(app, host, player, confirmed))
        .await?;
    let link = match renewal {
        Renewal::AskFirst { name } => {
            let lang = form.visitor.lang();
            return form.ask(
                Question {
                    heading: lang.msg("ask-new-link").arg("name", &name).text(),
                    question: lang.msg("ask-new-link-why").arg("name", &name).text(),
                    action: format!("/events/{event}/host/players/{player}/link"),
                    fields: Vec::new(),
                    inputs: Vec::new(),
                    yes: lang.t("ask-new-link-yes"),
                    no: lang.t("ask-new-link-no"),
                },
                "entries",
            );
        }
        Renewal::Done(link) => link,
    };
    // The old link's open pages are taken back at once.
    form.tell_live();
    let base = crate::web::address::base_url(&req);
    let lang = form.lang().await?;
    form.visitor.flash_link_with_qr(
        lang.msg("host-said-seat-link")
            .arg("name", link.name.as_str())
            .text(),
        format!("{base}/seat/{}", link.token),
    );
    Ok(redirect(&format!("/events/{event}/host#entries")))
}

async fn release(path: web::Path<(i64, i64)>, form: HostForm<NoFields>) -> PageResult {
    let (_, player) = path.into_inner();
    form.apply("entries", move |app, host, _| {
        events::release_seat(app, host, player)?;
        Ok(Said::new("host-said-released"))
    })
    .await
}
