//! The start page: what touring is, and one form to create an event with sensible defaults.

use actix_web::{HttpRequest, web};
use askama::Template;
use serde::Deserialize;

use super::{Layout, PageResult, page, redirect, run};
use crate::app::{App, AppError, events};
use crate::engine::RulesId;
use crate::tournament::{
    AfterRace, ByeScore, EventLength, Remainder, RoundKind, Settings, TableSize,
};
use crate::web::api::dto::default_settings;
use crate::web::session::Visitor;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(start_page))
        .route("/events", web::post().to(create_event));
}

#[derive(Template)]
#[template(path = "start.html")]
struct StartPage {
    layout: Layout,
    form: EventForm,
}

/// The create-event form, with the values to show (the defaults, or what was typed).
#[derive(Debug, Clone, Deserialize)]
pub struct EventForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub name: String,
    /// The rule set's identifier (`touring-1926`).
    #[serde(default = "first_rules")]
    pub rules: String,
    #[serde(default = "two")]
    pub table_size: String,
    #[serde(default = "timed")]
    pub round_kind: String,
    #[serde(default = "ten")]
    pub round_minutes: String,
    #[serde(default = "one")]
    pub games: String,
    #[serde(default = "rounds")]
    pub length_kind: String,
    #[serde(default = "four")]
    pub rounds: String,
    #[serde(default = "sixty")]
    pub limit_minutes: String,
    #[serde(default = "three")]
    pub prizes: String,
    #[serde(default = "deal_again")]
    pub after_race: String,
    #[serde(default = "mixed")]
    pub remainder: String,
    /// "round_average" (the default) or "zero".
    #[serde(default = "round_average")]
    pub bye_score: String,
    #[serde(default)]
    pub seed: String,
    /// Mille Bornes' 1988 option, a checkbox: "on" when ticked.
    #[serde(default)]
    pub hazard_on_hazard: String,
}

fn first_rules() -> String {
    RulesId::ALL[0].id().to_owned()
}

fn two() -> String {
    "2".into()
}
fn timed() -> String {
    "timed".into()
}
fn ten() -> String {
    "10".into()
}
fn one() -> String {
    "1".into()
}
fn rounds() -> String {
    "rounds".into()
}
fn four() -> String {
    "4".into()
}
fn sixty() -> String {
    "60".into()
}
fn three() -> String {
    "3".into()
}
fn deal_again() -> String {
    "deal_again".into()
}
fn mixed() -> String {
    "mixed_tables".into()
}
fn round_average() -> String {
    "round_average".into()
}

impl Default for EventForm {
    fn default() -> EventForm {
        EventForm {
            csrf: String::new(),
            name: String::new(),
            rules: first_rules(),
            table_size: two(),
            round_kind: timed(),
            round_minutes: ten(),
            games: one(),
            length_kind: rounds(),
            rounds: four(),
            limit_minutes: sixty(),
            prizes: three(),
            after_race: deal_again(),
            remainder: mixed(),
            bye_score: round_average(),
            seed: String::new(),
            hazard_on_hazard: String::new(),
        }
    }
}

/// Reads a whole number from a form field, saying which field was wrong.
pub fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, AppError> {
    text.trim().parse().map_err(|_| {
        AppError::invalid(format!(
            "{what} must be a whole number, not \"{}\"",
            crate::engine::json::truncate(text.trim(), 20)
        ))
    })
}

impl EventForm {
    /// Every rule set, as the form offers it: identifier, name, chosen.
    fn rule_choices(&self) -> Vec<(&'static str, &'static str, bool)> {
        RulesId::ALL
            .iter()
            .map(|r| (r.id(), r.name(), r.id() == self.rules))
            .collect()
    }

    /// The settings the form asks for.
    pub fn settings(&self) -> Result<Settings, AppError> {
        let asked = if self.seed.trim().is_empty() {
            None
        } else {
            Some(number(&self.seed, "the seed")?)
        };
        let mut settings = default_settings(&self.name, events::new_seed(asked));
        settings.rules =
            RulesId::parse(self.rules.trim()).map_err(|e| AppError::invalid(e.to_string()))?;
        // The option belongs to Mille Bornes: ticked with another game, it is ignored.
        settings.hazard_on_hazard =
            !self.hazard_on_hazard.is_empty() && settings.rules == RulesId::MilleBornes;
        settings.table_size =
            TableSize::from_players(number(&self.table_size, "players per table")?)
                .map_err(|e| AppError::invalid(e.to_string()))?;
        settings.round = if self.round_kind == "games" {
            RoundKind::Games {
                games: number(&self.games, "the games per round")?,
            }
        } else {
            let minutes: u32 = number(&self.round_minutes, "the round's length in minutes")?;
            RoundKind::Timed {
                seconds: minutes.saturating_mul(60),
            }
        };
        settings.length = if self.length_kind == "time" {
            let minutes: u32 = number(&self.limit_minutes, "the evening's length in minutes")?;
            EventLength::TimeLimit {
                seconds: minutes.saturating_mul(60),
            }
        } else {
            EventLength::Rounds {
                rounds: number(&self.rounds, "the number of rounds")?,
            }
        };
        settings.prizes = number(&self.prizes, "the number of prizes")?;
        settings.after_race = if self.after_race == "wait" {
            AfterRace::WaitForSignal
        } else {
            AfterRace::DealAgain
        };
        settings.remainder = match self.remainder.as_str() {
            "byes" => Remainder::Byes,
            "bots" => Remainder::Bots,
            _ => Remainder::MixedTables,
        };
        settings.bye_score = if self.bye_score == "zero" {
            ByeScore::Zero
        } else {
            ByeScore::RoundAverage
        };
        Ok(settings)
    }
}

async fn start_page(visitor: Visitor) -> PageResult {
    page(&StartPage {
        layout: Layout::new("Progressive Touring", &visitor),
        form: EventForm::default(),
    })
}

async fn create_event(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    form: web::Form<EventForm>,
) -> PageResult {
    let form = form.into_inner();
    if let Err(error) = visitor.check_csrf(&form.csrf) {
        return Err(error.into());
    }
    let created = match form.settings() {
        Ok(settings) => run(&app, move |app| events::create_event(app, settings)).await,
        Err(error) => Err(error),
    };
    match created {
        Ok((event, token)) => {
            visitor.add_host(event.id(), event.row.host_epoch);
            let info = req.connection_info();
            let link = format!(
                "{}://{}/events/{}/host?token={token}",
                info.scheme(),
                info.host(),
                event.id()
            );
            visitor.flash_link(
                "Your event is ready. Keep this host link: it is the only way back to this console from another device (it is shown only now).",
                link,
            );
            Ok(redirect(&format!("/events/{}/host", event.id())))
        }
        Err(error) => {
            let mut layout = Layout::new("Progressive Touring", &visitor);
            layout.flash = Some(crate::web::session::Flash {
                kind: "error".into(),
                text: error.to_string(),
                link: None,
                qr: false,
            });
            let mut response = page(&StartPage { layout, form })?;
            *response.status_mut() = super::super::error::status_of(&error);
            Ok(response)
        }
    }
}
