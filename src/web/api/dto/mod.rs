//! The JSON the API reads, with its OpenAPI schemas. Inputs are spelled out here (so the
//! published schema says exactly what is accepted); the engine and tournament types stay free
//! of web concerns and are converted at this edge.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::AppError;
use crate::engine::Options;
use crate::tournament::{
    self, AfterRace, ByeScore, DEFAULT_ROUNDS, EventLength, Members, Remainder, RoundKind,
    Settings, TableSize,
};

mod answers;
mod series;

pub use answers::*;
pub use series::*;

/// How a round ends.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum RoundInput {
    /// Every table starts and stops at one signal, `seconds` apart (30 s to 3 hours).
    Timed {
        #[schema(minimum = 30, maximum = 10800)]
        seconds: u32,
    },
    /// Every table plays 1 or 2 games; the round ends when all are done.
    Games {
        #[schema(minimum = 1, maximum = 2)]
        games: u8,
    },
    /// Mille Bornes only: every table plays hands until a side has 5000 points (the whole
    /// game, as the box plays it); the round ends when all are done.
    Points {
        #[schema(minimum = 5000, maximum = 5000)]
        points: u32,
    },
}

/// How long the evening lasts.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum LengthInput {
    /// A fixed number of rounds (1 to 100).
    Rounds {
        #[schema(minimum = 1, maximum = 100)]
        rounds: u32,
    },
    /// An overall time limit from the start of round 1, in seconds (60 s to 24 hours).
    TimeLimit {
        #[schema(minimum = 60, maximum = 86400)]
        seconds: u32,
    },
}

/// What a table does when its race is won before the signal.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AfterRaceInput {
    DealAgain,
    WaitForSignal,
}

/// How numbers that don't fill whole tables are seated.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RemainderInput {
    MixedTables,
    Byes,
    Bots,
}

/// What a bye scores: "round_average" (the default: the miles of every entry that played the
/// round divided by their number, rounded down) or "zero".
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ByeScoreInput {
    RoundAverage,
    Zero,
}

/// What a late entry scores for each round it missed, as the host chooses when adding it:
/// "zero" (the default) or "round_average" (that round's average: the miles of every entry
/// that played at a table, divided by their number, rounded down). The standings mark such
/// rounds.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MissedRoundsInput {
    Zero,
    RoundAverage,
}

impl From<MissedRoundsInput> for tournament::MissedRounds {
    fn from(input: MissedRoundsInput) -> tournament::MissedRounds {
        match input {
            MissedRoundsInput::Zero => tournament::MissedRounds::Zero,
            MissedRoundsInput::RoundAverage => tournament::MissedRounds::RoundAverage,
        }
    }
}

/// An event's settings. Everything but the name has a default: tables of two, 10-minute rounds,
/// four rounds, a new deal after a finished race, three prizes, a random seed.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EventInput {
    /// The event's name (1 to 200 characters).
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    /// The rules every table plays: "touring-1926" (the default), "touring-1958" or
    /// "mille-bornes".
    #[serde(default)]
    pub rules: Option<String>,
    /// Players at a table: 2 or 3 each for himself, 4 or 6 in partnerships.
    #[serde(default)]
    #[schema(minimum = 2, maximum = 6)]
    pub table_size: Option<u8>,
    #[serde(default)]
    pub round: Option<RoundInput>,
    #[serde(default)]
    pub length: Option<LengthInput>,
    #[serde(default)]
    pub after_race: Option<AfterRaceInput>,
    /// Prizes given (0 to 100).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 100)]
    pub prizes: Option<u32>,
    /// The seed of every draw; random when left out.
    #[serde(default)]
    #[schema(minimum = 0)]
    pub seed: Option<u64>,
    #[serde(default)]
    pub remainder: Option<RemainderInput>,
    #[serde(default)]
    pub bye_score: Option<ByeScoreInput>,
    /// The chosen rules' own options, as an object of option names and values. Which rules
    /// take which options is in this document's schema (one object per rules); an option
    /// of other rules is refused (422) with words. Left out: a new event has the rules'
    /// defaults; a change keeps them (the defaults of the new rules when the rules change).
    /// Given beside the other settings instead (as before this field existed), an option is
    /// still taken: deprecated.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub options: Option<serde_json::Map<String, serde_json::Value>>,
    /// The turn clock: seconds a turn (30 to 120), or null for none. A seat whose turn runs
    /// out has it played by the table's steady bot. Left out: a new event has a minute a turn
    /// with timed rounds and none with rounds by games; a change keeps the clock as it was
    /// (unless it changes the kind of round: then the new kind's default).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<u32>, minimum = 30, maximum = 120)]
    pub turn_seconds: Option<Option<u32>>,
    /// The event's language, that of the projector, the printed pages and the console: "en"
    /// or "fr" (each guest's phone still reads in its own). Left out: a new event takes the
    /// language its creator's browser prefers (`Accept-Language`, English when it names
    /// neither); a change keeps it. Another language is refused (422) with words.
    #[serde(default)]
    #[schema(example = "fr")]
    pub language: Option<String>,
    /// Whether guests may check themselves in from the wall's QR code (their name typed on
    /// the join page) until the next seating is made. Left out: a new event allows it; a
    /// change keeps it as it was.
    #[serde(default)]
    pub self_check_in: Option<bool>,
    /// Makes the evening in this series (with the series' host token as Bearer). Only when
    /// the evening is made: an evening stays in its series.
    #[serde(default)]
    #[schema(minimum = 1)]
    pub series: Option<i64>,
}

/// A field that may be left out (`None`) or given as null (`Some(None)`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<u32>>, D::Error> {
    Option::<u32>::deserialize(d).map(Some)
}

impl EventInput {
    /// Settings from this input on top of `base` (the current settings, or the defaults).
    pub fn apply_to(&self, mut base: Settings) -> Result<Settings, AppError> {
        base.name = self.name.clone();
        if let Some(rules) = &self.rules {
            base.rules = crate::engine::RulesId::parse(rules)
                .map_err(|e| AppError::invalid(unknown_rules(&e)))?;
        }
        if base.options.rules() != base.rules {
            base.options = Options::default_for(base.rules);
        }
        if let Some(options) = &self.options {
            base.options = base
                .options
                .with_input(base.rules, options)
                .map_err(|problem| {
                    AppError::invalid(
                        crate::i18n::Said::new("refused-settings-option").text("problem", problem),
                    )
                })?;
        }
        if let Some(size) = self.table_size {
            base.table_size =
                TableSize::from_players(size).map_err(|e| AppError::invalid(e.said()))?;
        }
        if let Some(round) = self.round {
            let round = match round {
                RoundInput::Timed { seconds } => RoundKind::Timed { seconds },
                RoundInput::Games { games } => RoundKind::Games { games },
                RoundInput::Points { points } => RoundKind::Points { points },
            };
            if std::mem::discriminant(&round) != std::mem::discriminant(&base.round) {
                base.turn_seconds = Settings::default_turn_seconds(round);
            }
            base.round = round;
        }
        if let Some(turn) = self.turn_seconds {
            base.turn_seconds = turn;
        }
        if let Some(allow) = self.self_check_in {
            base.self_check_in = allow;
        }
        if let Some(length) = self.length {
            base.length = match length {
                LengthInput::Rounds { rounds } => EventLength::Rounds { rounds },
                LengthInput::TimeLimit { seconds } => EventLength::TimeLimit { seconds },
            };
        }
        if let Some(after) = self.after_race {
            base.after_race = match after {
                AfterRaceInput::DealAgain => AfterRace::DealAgain,
                AfterRaceInput::WaitForSignal => AfterRace::WaitForSignal,
            };
        }
        if let Some(prizes) = self.prizes {
            base.prizes = prizes;
        }
        if let Some(seed) = self.seed {
            base.seed = seed;
        }
        if let Some(remainder) = self.remainder {
            base.remainder = match remainder {
                RemainderInput::MixedTables => Remainder::MixedTables,
                RemainderInput::Byes => Remainder::Byes,
                RemainderInput::Bots => Remainder::Bots,
            };
        }
        if let Some(language) = &self.language {
            base.language =
                crate::i18n::Lang::of_setting(language).map_err(|_| unknown_language(language))?;
        }
        if let Some(bye) = self.bye_score {
            base.bye_score = match bye {
                ByeScoreInput::Zero => ByeScore::Zero,
                ByeScoreInput::RoundAverage => ByeScore::RoundAverage,
            };
        }
        Ok(base)
    }
}

/// An [`EventInput`] as the API reads it. A rule set's option given beside the other settings
/// (as before `options` existed; deprecated) is taken as one of `options`, where `options`
/// does not name it too.
#[derive(Debug, Clone)]
pub struct EventBody(pub EventInput);

impl<'de> Deserialize<'de> for EventBody {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<EventBody, D::Error> {
        use serde::de::Error;
        use serde_json::{Map, Value};
        let mut body = Map::<String, Value>::deserialize(deserializer)?;
        let mut options = match body.remove("options") {
            None | Some(Value::Null) => None,
            Some(Value::Object(options)) => Some(options),
            Some(other) => {
                return Err(D::Error::custom(format!(
                    "\"options\" is an object of the rules' options (see /api/openapi.json), not {}",
                    crate::engine::json::describe(&other)
                )));
            }
        };
        let moved: Vec<String> = body
            .keys()
            .filter(|key| crate::engine::RulesId::owner_of_option(key).is_some())
            .cloned()
            .collect();
        for key in moved {
            if let Some(value) = body.remove(&key) {
                options.get_or_insert_default().entry(key).or_insert(value);
            }
        }
        if let Some(options) = options {
            body.insert("options".to_owned(), Value::Object(options));
        }
        serde_json::from_value(Value::Object(body))
            .map(EventBody)
            .map_err(D::Error::custom)
    }
}

/// The settings of a new event: [`Settings::new`]'s, by rounds ([`DEFAULT_ROUNDS`]) rather
/// than by time.
pub fn default_settings(name: &str, seed: u64) -> Settings {
    let mut settings = Settings::new(name, seed);
    settings.length = EventLength::Rounds {
        rounds: DEFAULT_ROUNDS,
    };
    settings
}

/// An entry: one name, or two for a partnership.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EntryInput {
    /// One name (each for himself) or two (a partnership); 1 to 200 characters each.
    #[schema(min_items = 1, max_items = 2)]
    pub names: Vec<String>,
    /// Make it a labelled bot of this level (random, steady or shrewd).
    #[serde(default)]
    pub bot: Option<String>,
    /// For an entry added after round 1 has started: what it scores for each round it
    /// missed, "zero" (the default) or "round_average". Any other value is refused.
    #[serde(default)]
    pub missed_rounds: Option<MissedRoundsInput>,
}

impl EntryInput {
    pub fn members(&self) -> Result<Members, AppError> {
        let name_error = |e: tournament::NameError| AppError::invalid(e.said());
        match self.names.as_slice() {
            [one] => Members::player(one).map_err(name_error),
            [a, b] => Members::partners(a, b).map_err(name_error),
            [] => Err(AppError::invalid(crate::i18n::Said::new(
                "refused-entry-no-name",
            ))),
            _ => Err(AppError::invalid(crate::i18n::Said::new(
                "refused-entry-names-count",
            ))),
        }
    }
}

/// A new name or names for an entry.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RenameInput {
    #[schema(min_items = 1, max_items = 2)]
    pub names: Vec<String>,
}

/// Who plays a seat's turns: a bot (the table's steady bot, until the host takes the seat
/// back) or the seat's own player.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StandInInput {
    /// true: hand the seat to a bot; false: give it back to its player.
    pub bot: bool,
}

/// A late arrival who takes over a seat in the middle of a round.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HandOverInput {
    /// The late guest's name.
    pub name: String,
    /// What they score for each round before this one (default "zero").
    #[serde(default)]
    pub missed_rounds: Option<MissedRoundsInput>,
}

/// A seat handed to a late arrival: their new entry and seat link (shown only now).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct HandedOver {
    pub ok: bool,
    /// The late guest's new entry (the guest who left is withdrawn).
    pub entry: i64,
    pub round: u32,
    pub table: u32,
    pub link: LinkOut,
}

/// How to seat round 1.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatInput {
    /// Mixed tables, byes or bots for numbers that don't divide (default: the proposal).
    #[serde(default)]
    pub remainder: Option<RemainderInput>,
    /// The host's own order of entry ids; left out, the seating is drawn from the seed.
    #[serde(default)]
    pub order: Option<Vec<i64>>,
    /// Table numbers that play with real cards.
    #[serde(default)]
    pub paper_tables: Vec<u32>,
    /// Every table plays with real cards.
    #[serde(default)]
    pub all_paper: bool,
}

/// Extra time for a round.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtendInput {
    /// Seconds to add (1 to 3600).
    #[schema(minimum = 1, maximum = 3600)]
    pub seconds: u32,
}

/// The host's choice of mover at a table with a tie (null takes the choice back).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoverInput {
    pub entry: Option<i64>,
}

/// Whether a table plays with real cards.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ModeInput {
    pub paper: bool,
}

/// A seat's confirmation of another side's score card, naming the card it saw.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfirmInput {
    /// The card's `version` as the seat's state showed it (`seat.cards[].version`): the
    /// confirmation is refused (409) when the card changed since.
    #[schema(min_length = 1, max_length = 64)]
    pub version: String,
}

/// A side's score card at a paper table: its count in each row of the score sheet.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PaperInput {
    /// The side (0 is the first entry listed at the table).
    #[schema(minimum = 0, maximum = 5)]
    pub side: usize,
    /// The count of each row of the rule set's score card, keyed by the row (for Touring:
    /// the cards on each mileage pile, `{"mile1": 8, "mile3": 4, "mile5": 2, "mile10": 2}`).
    /// A row left out counts zero, but a card with no row at all is refused as "nothing
    /// entered"; the rows are listed in the event's `score_sheet`. A card of one hand; for a
    /// round of several hands send `hands` instead (one of the two, not both).
    #[serde(default)]
    pub counts: Option<std::collections::BTreeMap<String, u32>>,
    /// Every hand the table played in the round, in order, each as `counts` is (Mille Bornes:
    /// `[{"miles": 700, "trip": 1}, {"miles": 450}]`). The card's score is the sum of its hands;
    /// every side writes the same number of hands.
    #[serde(default)]
    #[schema(max_items = 20)]
    pub hands: Option<Vec<std::collections::BTreeMap<String, u32>>>,
}

impl PaperInput {
    /// The hands the card holds: `hands`, or `counts` as a card of one hand.
    pub fn hands(self) -> Result<Vec<crate::tournament::PaperCard>, crate::app::AppError> {
        use crate::tournament::PaperCard;
        match (self.counts, self.hands) {
            (Some(_), Some(_)) => Err(crate::app::AppError::invalid(crate::i18n::Said::new(
                "refused-paper-both",
            ))),
            (Some(counts), None) => Ok(vec![PaperCard(counts)]),
            (None, Some(hands)) => Ok(hands.into_iter().map(PaperCard).collect()),
            (None, None) => Err(crate::app::AppError::invalid(crate::i18n::Said::new(
                "refused-paper-nothing",
            ))),
        }
    }
}

/// A change to a recorded score.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CorrectionInput {
    #[schema(minimum = 1)]
    pub round: i32,
    pub entry: i64,
    #[schema(minimum = 0, maximum = 100000)]
    pub miles: u32,
    /// Why (at most 200 characters).
    #[serde(default)]
    #[schema(max_length = 200)]
    pub reason: String,
}

/// A move from a seat.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveInput {
    /// How many actions of the current deal you have seen (the `actions` of your last state).
    #[schema(minimum = 0)]
    pub seen: u32,
    /// The action, as in the engine protocol: {"play":"go"}, {"discard":"mile1"},
    /// {"play":"collision","target":1,"take":["mile10"]}.
    #[schema(value_type = Object)]
    pub action: serde_json::Value,
}

/// `?key=`: the viewer key of a private event.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct KeyQuery {
    #[serde(default)]
    pub key: String,
}

/// A game asked for that is not one of ours, as a refusal.
pub fn unknown_rules(error: &crate::engine::SetupError) -> crate::i18n::Said {
    match error {
        crate::engine::SetupError::UnknownRules { asked, available } => {
            crate::i18n::Said::new("refused-unknown-rules")
                .text("asked", asked.clone())
                .text("available", available.clone())
        }
        other => {
            crate::i18n::Said::new("refused-settings-option").text("problem", other.to_string())
        }
    }
}

/// The refusal of a language an event's settings name that is not offered (the API's
/// `"language"`, the console's language form): the languages there are.
pub fn unknown_language(language: &str) -> AppError {
    let offered: Vec<String> = crate::i18n::Lang::offered()
        .map(|lang| format!("\"{}\" ({})", lang.code(), lang.own_name()))
        .collect();
    AppError::invalid(
        crate::i18n::Said::new("refused-language-field")
            .text("text", language.trim().chars().take(20).collect::<String>())
            .text("offered", offered.join(", ")),
    )
}
