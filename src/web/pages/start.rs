//! The start page: what touring is, and one form to create an event with sensible defaults.

use actix_web::{HttpRequest, web};
use askama::Template;
use serde::Deserialize;
use std::collections::BTreeMap;

use super::{Layout, PageResult, page, redirect, run};
use crate::app::{App, AppError, events};
use crate::engine::OptionKind;
use crate::engine::RulesId;
use crate::i18n::Lang;
use crate::tournament::{
    AfterRace, ByeScore, DEFAULT_GAMES, DEFAULT_LIMIT_SECS, DEFAULT_PRIZES, DEFAULT_ROUND_SECS,
    DEFAULT_ROUNDS, DEFAULT_TURN_SECS, EventLength, MAX_LIMIT_SECS, MAX_PRIZES, MAX_ROUND_SECS,
    MAX_ROUNDS, MAX_TURN_SECS, MIN_LIMIT_SECS, MIN_ROUND_SECS, MIN_ROUNDS, MIN_TURN_SECS,
    Remainder, RoundKind, Settings, SettingsError, TableSize,
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
    errors: FieldErrors,
}

/// Every problem with the typed form, each under the form field it concerns.
#[derive(Debug, Clone, Default)]
pub struct FieldErrors(pub Vec<(&'static str, String)>);

impl FieldErrors {
    /// The problem with `field`, if any.
    pub fn of(&self, field: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, message)| message.as_str())
    }

    /// The attributes that tie an input to its message: `aria-invalid` and
    /// `aria-describedby="FIELD-error"` when the field has a problem.
    pub fn attributes(&self, field: &str) -> String {
        match self.of(field) {
            Some(_) => format!(" aria-invalid=\"true\" aria-describedby=\"{field}-error\""),
            None => String::new(),
        }
    }

    /// The problem with `field` as the form shows it under the field (HTML, escaped), or
    /// nothing.
    pub fn problem(&self, field: &str) -> String {
        self.of(field).map_or_else(String::new, |message| {
            let mut text = String::with_capacity(message.len());
            for c in message.chars() {
                match c {
                    '&' => text.push_str("&amp;"),
                    '<' => text.push_str("&lt;"),
                    '>' => text.push_str("&gt;"),
                    '"' => text.push_str("&quot;"),
                    '\'' => text.push_str("&#39;"),
                    _ => text.push(c),
                }
            }
            format!("<p class=\"field-error\" id=\"{field}-error\">{text}</p>")
        })
    }

    fn add(&mut self, field: &'static str, lang: Lang, said: &crate::i18n::Said) {
        self.add_text(field, lang.say(said));
    }

    fn add_text(&mut self, field: &'static str, message: String) {
        if self.of(field).is_none() {
            self.0.push((field, message));
        }
    }
}

/// The start form's field for a problem the settings' check found.
fn form_field(error: &SettingsError) -> &'static str {
    match error {
        SettingsError::Name(_) => "name",
        SettingsError::TableSize { .. } => "table_size",
        SettingsError::RoundLength { .. } => "round_minutes",
        SettingsError::Games { .. } => "games",
        SettingsError::Points { .. } | SettingsError::PointsElsewhere { .. } => "round_kind",
        SettingsError::Rounds { .. } => "rounds",
        SettingsError::TimeLimit { .. } | SettingsError::LimitShorterThanRound { .. } => {
            "limit_minutes"
        }
        SettingsError::Prizes { .. } => "prizes",
        SettingsError::OtherRulesOptions { .. } => "rules",
        SettingsError::Option { field, .. } => field,
        SettingsError::TurnLength { .. } => "turn_seconds",
    }
}

/// The create-event form, with the values to show (the defaults, or what was typed). A field
/// left out of a post takes its default: a new event's settings.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct EventForm {
    pub csrf: String,
    pub name: String,
    /// The rule set's identifier (`touring-1926`).
    pub rules: String,
    pub table_size: String,
    pub round_kind: String,
    pub round_minutes: String,
    pub games: String,
    pub length_kind: String,
    pub rounds: String,
    pub limit_minutes: String,
    pub prizes: String,
    pub after_race: String,
    pub remainder: String,
    /// "round_average" (the default) or "zero".
    pub bye_score: String,
    pub seed: String,
    /// The event's language ("en", "fr"); left out, the creator's own.
    pub language: String,
    /// The turn clock: "default" (a minute a turn in timed rounds, none in rounds by games),
    /// "off", or "on" with `turn_seconds`.
    pub turn_clock: String,
    pub turn_seconds: String,
    /// Guests may check themselves in from the wall's QR code: "on" (also when left out) or
    /// "off".
    pub self_check_in: String,
    /// The fields of every game's options, by name (each game's template names its own; a
    /// ticked checkbox is "on", one not ticked is left out). Only the chosen game's are read.
    #[serde(flatten)]
    pub options: BTreeMap<String, String>,
}

/// Every game's options at their defaults, as the form's fields show them.
fn default_options() -> BTreeMap<String, String> {
    RulesId::ALL
        .iter()
        .flat_map(|r| r.option_fields())
        .filter_map(|field| match field.kind {
            OptionKind::Flag { default: true } => Some((field.name.to_owned(), "on".to_owned())),
            OptionKind::Flag { default: false } => None,
            OptionKind::Number { default, .. } => {
                Some((field.name.to_owned(), default.to_string()))
            }
        })
        .collect()
}

impl Default for EventForm {
    /// The form of a new event: its fields say the settings a new event has.
    fn default() -> EventForm {
        let new = default_settings("", 0);
        EventForm {
            csrf: String::new(),
            name: String::new(),
            rules: new.rules.id().to_owned(),
            table_size: new.table_size.players().to_string(),
            round_kind: "timed".into(),
            round_minutes: (DEFAULT_ROUND_SECS / 60).to_string(),
            games: DEFAULT_GAMES.to_string(),
            length_kind: "rounds".into(),
            rounds: DEFAULT_ROUNDS.to_string(),
            limit_minutes: (DEFAULT_LIMIT_SECS / 60).to_string(),
            prizes: new.prizes.to_string(),
            after_race: "deal_again".into(),
            remainder: "mixed_tables".into(),
            bye_score: "round_average".into(),
            seed: String::new(),
            language: String::new(),
            turn_clock: "default".into(),
            turn_seconds: DEFAULT_TURN_SECS.to_string(),
            self_check_in: "on".into(),
            options: default_options(),
        }
    }
}

impl EventForm {
    /// The form that makes another evening like `settings` (the series console's, from the
    /// series' last evening): every setting as that evening had it, but a name of its own and
    /// a new seed.
    pub fn like(settings: &Settings) -> EventForm {
        let new = EventForm::default();
        let mut options = default_options();
        for (name, value) in settings.options.to_json() {
            match value {
                serde_json::Value::Bool(true) => {
                    options.insert(name, "on".to_owned());
                }
                serde_json::Value::Bool(false) => {
                    options.remove(&name);
                }
                other => {
                    options.insert(name, other.to_string());
                }
            }
        }
        let (round_kind, round_minutes, games) = match settings.round {
            RoundKind::Timed { seconds } => ("timed", (seconds / 60).to_string(), new.games),
            RoundKind::Games { games } => ("games", new.round_minutes, games.to_string()),
            RoundKind::Points { .. } => ("points", new.round_minutes, new.games),
        };
        let (length_kind, rounds, limit_minutes) = match settings.length {
            EventLength::Rounds { rounds } => ("rounds", rounds.to_string(), new.limit_minutes),
            EventLength::TimeLimit { seconds } => ("time", new.rounds, (seconds / 60).to_string()),
        };
        EventForm {
            rules: settings.rules.id().to_owned(),
            table_size: settings.table_size.players().to_string(),
            round_kind: round_kind.into(),
            round_minutes,
            games,
            length_kind: length_kind.into(),
            rounds,
            limit_minutes,
            prizes: settings.prizes.to_string(),
            after_race: match settings.after_race {
                AfterRace::WaitForSignal => "wait",
                AfterRace::DealAgain => "deal_again",
            }
            .into(),
            remainder: match settings.remainder {
                Remainder::Byes => "byes",
                Remainder::Bots => "bots",
                Remainder::MixedTables => "mixed_tables",
            }
            .into(),
            bye_score: match settings.bye_score {
                ByeScore::Zero => "zero",
                ByeScore::RoundAverage => "round_average",
            }
            .into(),
            language: settings.language.code().to_owned(),
            turn_clock:
                if settings.turn_seconds == Settings::default_turn_seconds(settings.round) {
                    "default"
                } else if settings.turn_seconds.is_none() {
                    "off"
                } else {
                    "on"
                }
                .into(),
            turn_seconds: settings
                .turn_seconds
                .map_or(new.turn_seconds, |s| s.to_string()),
            self_check_in: if settings.self_check_in { "on" } else { "off" }.into(),
            options,
            ..new
        }
    }

    /// Whether the form's language is the one tagged `code`.
    pub(super) fn is_language(&self, code: &str) -> bool {
        self.language == code
    }

    /// Every rule set, as the form offers it: identifier, name (in `lang`), chosen.
    pub(super) fn rule_choices(&self, lang: &Lang) -> Vec<(&'static str, String, bool)> {
        RulesId::ALL
            .iter()
            .map(|r| {
                (
                    r.id(),
                    lang.t(&format!("game-{}", r.id())),
                    r.id() == self.rules,
                )
            })
            .collect()
    }

    /// Every game's options, each in a fieldset that names its game (the page's script shows
    /// only the chosen game's), from the game's own template.
    pub(super) fn options_fieldsets(&self, errors: &FieldErrors, lang: &Lang) -> String {
        RulesId::ALL
            .iter()
            .filter(|rules| !rules.option_fields().is_empty())
            .filter_map(|&rules| {
                crate::web::boards::options_form(&crate::web::boards::OptionsForm {
                    rules,
                    lang: *lang,
                    values: &self.options,
                    errors: &errors.0,
                })
                .map_err(|error| log::warn!("the options of {rules} cannot be drawn: {error}"))
                .ok()
            })
            .collect()
    }

    /// The chosen game's options from the form's fields, as JSON: a checkbox not ticked is
    /// off; a number that does not read is reported under its field, and one left out of the
    /// form keeps its default.
    fn options_json(
        &self,
        rules: RulesId,
        errors: &mut FieldErrors,
        lang: Lang,
    ) -> serde_json::Map<String, serde_json::Value> {
        let mut json = serde_json::Map::new();
        for field in rules.option_fields() {
            let text = self.options.get(field.name).map_or("", String::as_str);
            let value = match field.kind {
                OptionKind::Flag { .. } => serde_json::Value::Bool(!text.is_empty()),
                // A form sent without the field (not one of this page's) keeps the default.
                OptionKind::Number { .. } if !self.options.contains_key(field.name) => continue,
                OptionKind::Number { min, max, .. } => match text.trim().parse::<u32>() {
                    Ok(n) => n.into(),
                    Err(_) => {
                        // The option's own words where the language has them, else the game's.
                        let about = format!("option-about-{}", field.name);
                        let what = if lang.has(&about) {
                            lang.t(&about)
                        } else {
                            field.about.to_owned()
                        };
                        errors.add_text(
                            field.name,
                            lang.msg("start-error-number")
                                .arg("what", what)
                                .arg("text", crate::engine::json::truncate(text.trim(), 20))
                                .arg(
                                    "range",
                                    lang.msg("start-range")
                                        .arg("min", lang.number(min))
                                        .arg("max", lang.number(max))
                                        .text(),
                                )
                                .text(),
                        );
                        continue;
                    }
                },
            };
            json.insert(field.name.to_owned(), value);
        }
        json
    }

    /// The settings the form asks for, checked, or every problem found, each under its field:
    /// a field that is not a number is reported and the others are still checked.
    pub fn checked_settings(&self, lang: Lang) -> Result<Settings, FieldErrors> {
        let mut errors = FieldErrors::default();
        // A field that is not a number is refused with its name and the numbers it takes.
        let range = |min: u32, max: u32| {
            lang.msg("start-range")
                .arg("min", lang.number(min))
                .arg("max", lang.number(max))
                .text()
        };
        // The form asks for whole minutes: the range of seconds, in the minutes it holds.
        let minutes = |min: u32, max: u32| range(min.div_ceil(60), max / 60);
        let mut read =
            |(field, what, range): (&'static str, &'static str, String), text: &str, default| {
                text.trim().parse().unwrap_or_else(|_| {
                    errors.add_text(
                        field,
                        lang.msg("start-error-number")
                            .arg("what", lang.t(what))
                            .arg("text", crate::engine::json::truncate(text.trim(), 20))
                            .arg("range", range)
                            .text(),
                    );
                    default
                })
            };
        let table_size = read(
            (
                "table_size",
                "start-what-table-size",
                lang.t("start-range-table-size"),
            ),
            &self.table_size,
            u32::from(TableSize::Two.players()),
        );
        let games = read(
            ("games", "start-what-games", lang.t("start-range-games")),
            &self.games,
            u32::from(DEFAULT_GAMES),
        );
        let round_minutes = read(
            (
                "round_minutes",
                "start-what-round-minutes",
                minutes(MIN_ROUND_SECS, MAX_ROUND_SECS),
            ),
            &self.round_minutes,
            DEFAULT_ROUND_SECS / 60,
        );
        let limit_minutes = read(
            (
                "limit_minutes",
                "start-what-limit-minutes",
                minutes(MIN_LIMIT_SECS, MAX_LIMIT_SECS),
            ),
            &self.limit_minutes,
            DEFAULT_LIMIT_SECS / 60,
        );
        let rounds = read(
            ("rounds", "start-what-rounds", range(MIN_ROUNDS, MAX_ROUNDS)),
            &self.rounds,
            DEFAULT_ROUNDS,
        );
        let turn_seconds = if self.turn_clock == "on" {
            Some(read(
                (
                    "turn_seconds",
                    "start-what-turn-seconds",
                    range(MIN_TURN_SECS, MAX_TURN_SECS),
                ),
                &self.turn_seconds,
                DEFAULT_TURN_SECS,
            ))
        } else {
            None
        };
        let prizes = read(
            ("prizes", "start-what-prizes", range(0, MAX_PRIZES)),
            &self.prizes,
            DEFAULT_PRIZES,
        );
        let asked = if self.seed.trim().is_empty() {
            None
        } else {
            self.seed
                .trim()
                .parse()
                .map_err(|_| {
                    errors.add_text(
                        "seed",
                        lang.msg("start-error-seed")
                            .arg("text", crate::engine::json::truncate(self.seed.trim(), 20))
                            .text(),
                    );
                })
                .ok()
        };
        let mut settings = default_settings(&self.name, events::new_seed(asked));
        match RulesId::parse(self.rules.trim()) {
            Ok(rules) => settings.rules = rules,
            Err(error) => errors.add("rules", lang, &crate::web::api::dto::unknown_rules(&error)),
        }
        if !self.language.trim().is_empty() {
            match crate::i18n::Lang::of_setting(&self.language) {
                Ok(language) => settings.language = language,
                Err(_) => errors.add_text(
                    "language",
                    lang.msg("start-error-language")
                        .arg(
                            "text",
                            crate::engine::json::truncate(self.language.trim(), 20),
                        )
                        .text(),
                ),
            }
        }
        // Only the chosen game's options are read: another game's are ignored.
        let options = self.options_json(settings.rules, &mut errors, lang);
        match settings.options.with_input(settings.rules, &options) {
            Ok(options) => settings.options = options,
            Err(error) => errors.add(
                "rules",
                lang,
                &crate::i18n::Said::new("refused-settings-option").text("problem", error),
            ),
        }
        match TableSize::from_players(u8::try_from(table_size).unwrap_or(u8::MAX)) {
            Ok(size) => settings.table_size = size,
            Err(error) => errors.add_text("table_size", settings_error_words(lang, &error)),
        }
        settings.round = if self.round_kind == "games" {
            RoundKind::Games {
                games: u8::try_from(games).unwrap_or(u8::MAX),
            }
        } else if self.round_kind == "points" {
            RoundKind::Points {
                points: crate::tournament::GAME_POINTS,
            }
        } else {
            RoundKind::Timed {
                seconds: round_minutes.saturating_mul(60),
            }
        };
        settings.turn_seconds = match self.turn_clock.as_str() {
            "on" => turn_seconds,
            "off" => None,
            _ => Settings::default_turn_seconds(settings.round),
        };
        settings.self_check_in = self.self_check_in != "off";
        settings.length = if self.length_kind == "time" {
            EventLength::TimeLimit {
                seconds: limit_minutes.saturating_mul(60),
            }
        } else {
            EventLength::Rounds { rounds }
        };
        settings.prizes = prizes;
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
        let round_unreadable = errors.of("round_minutes").is_some();
        match settings.checked() {
            Ok(settings) if errors.0.is_empty() => Ok(settings),
            Ok(_) => Err(errors),
            Err(problems) => {
                for problem in problems.0 {
                    // A limit compared with a round length that could not be read says nothing.
                    if round_unreadable
                        && matches!(problem, SettingsError::LimitShorterThanRound { .. })
                    {
                        continue;
                    }
                    errors.add_text(form_field(&problem), settings_error_words(lang, &problem));
                }
                Err(errors)
            }
        }
    }
}

async fn start_page(visitor: Visitor) -> PageResult {
    page(&StartPage {
        layout: Layout::new("", &visitor).titled("start-title"),
        form: EventForm {
            // The event reads in its host's language unless they choose another.
            language: visitor.lang().code().to_owned(),
            ..EventForm::default()
        },
        errors: FieldErrors::default(),
    })
}

async fn create_event(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    form: web::Form<EventForm>,
) -> PageResult {
    let mut form = form.into_inner();
    if form.language.trim().is_empty() {
        visitor.lang().code().clone_into(&mut form.language);
    }
    if let Err(error) = visitor.check_csrf(&form.csrf) {
        return Err(error.into());
    }
    let created = match form.checked_settings(visitor.lang()) {
        Ok(settings) => run(&app, move |app| events::create_event(app, settings))
            .await
            .map_err(|error| (error, FieldErrors::default())),
        Err(errors) => Err((
            AppError::invalid(crate::i18n::Said::new("refused-settings-none")),
            errors,
        )),
    };
    match created {
        Ok((event, token)) => {
            visitor.add_host(event.id(), event.row.host_epoch);
            let link = format!(
                "{}/events/{}/host?token={token}",
                crate::web::address::base_url(&req),
                event.id()
            );
            // Said in the event's language, which the console it opens reads in.
            let lang = super::event_page_lang(visitor.lang(), event.settings.language);
            visitor.flash_link(lang.t("start-ready"), link);
            Ok(redirect(&format!("/events/{}/host", event.id())))
        }
        Err((error, errors)) => {
            let mut layout = Layout::new("", &visitor).titled("start-title");
            // Problems with fields are shown beside them; the flash says how many.
            let text = match errors.0.len() {
                0 => error.said_in(layout.lang),
                n => layout
                    .lang
                    .msg("start-settings-to-change")
                    .arg("count", n)
                    .text(),
            };
            layout.flash = Some(crate::web::session::Flash {
                kind: "error".into(),
                text,
                link: None,
                qr: false,
            });
            let mut response = page(&StartPage {
                layout,
                form,
                errors,
            })?;
            *response.status_mut() = super::super::error::status_of(&error);
            Ok(response)
        }
    }
}

/// A problem with the settings in the start page's language (the API keeps the tournament's
/// English); a problem this page has no words of its own for is said as the game says it.
fn settings_error_words(lang: Lang, error: &SettingsError) -> String {
    let time = |seconds: u32| {
        let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
        let mut parts = Vec::new();
        if h > 0 {
            parts.push(lang.msg("start-hours").arg("count", h).text());
        }
        if m > 0 {
            parts.push(lang.msg("start-minutes").arg("count", m).text());
        }
        if s > 0 || parts.is_empty() {
            parts.push(lang.msg("start-seconds").arg("count", s).text());
        }
        parts.join(" ")
    };
    match error {
        SettingsError::Name(crate::tournament::NameError::Empty { .. }) => {
            lang.t("start-error-name-empty")
        }
        SettingsError::TableSize { players } => lang
            .msg("start-error-table-size")
            .arg("players", *players)
            .text(),
        SettingsError::RoundLength { seconds } => lang
            .msg("start-error-round-length")
            .arg("min", time(crate::tournament::MIN_ROUND_SECS))
            .arg("max", time(crate::tournament::MAX_ROUND_SECS))
            .arg("asked", time(*seconds))
            .text(),
        SettingsError::Games { games } => lang.msg("start-error-games").arg("games", *games).text(),
        SettingsError::Points { points } => lang
            .msg("start-error-points")
            .arg("game", lang.number(crate::tournament::GAME_POINTS))
            .arg("points", lang.number(*points))
            .text(),
        SettingsError::PointsElsewhere { rules } => lang
            .msg("start-error-points-elsewhere")
            .arg("game", lang.number(crate::tournament::GAME_POINTS))
            .arg(
                "rules",
                crate::engine::RulesId::ALL
                    .iter()
                    .find(|r| r.name() == rules)
                    .map_or_else(|| rules.clone(), |r| lang.t(&format!("game-{}", r.id()))),
            )
            .text(),
        SettingsError::Rounds { rounds } => lang
            .msg("start-error-rounds")
            .arg("max", crate::tournament::MAX_ROUNDS)
            .arg("rounds", *rounds)
            .text(),
        SettingsError::TimeLimit { seconds } => lang
            .msg("start-error-time-limit")
            .arg("min", time(crate::tournament::MIN_LIMIT_SECS))
            .arg("max", time(crate::tournament::MAX_LIMIT_SECS))
            .arg("asked", time(*seconds))
            .text(),
        SettingsError::LimitShorterThanRound { limit, round } => lang
            .msg("start-error-limit-shorter")
            .arg("limit", time(*limit))
            .arg("round", time(*round))
            .text(),
        SettingsError::Prizes { prizes } => lang
            .msg("start-error-prizes")
            .arg("max", crate::tournament::MAX_PRIZES)
            .arg("prizes", *prizes)
            .text(),
        SettingsError::TurnLength { seconds } => lang
            .msg("start-error-turn-length")
            .arg("min", crate::tournament::MIN_TURN_SECS)
            .arg("max", crate::tournament::MAX_TURN_SECS)
            .arg("seconds", *seconds)
            .text(),
        other => lang.say(&other.said()),
    }
}
