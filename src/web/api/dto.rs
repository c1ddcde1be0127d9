//! The JSON the API reads, with its OpenAPI schemas. Inputs are spelled out here (so the
//! published schema says exactly what is accepted); the engine and tournament types stay free
//! of web concerns and are converted at this edge.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::AppError;
use crate::engine::Options;
use crate::tournament::{
    self, AfterRace, ByeScore, EventLength, Members, Remainder, RoundKind, Settings, TableSize,
};

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
                .map_err(|e| AppError::invalid(e.to_string()))?;
        }
        if base.options.rules() != base.rules {
            base.options = Options::default_for(base.rules);
        }
        if let Some(options) = &self.options {
            base.options = base
                .options
                .with_input(base.rules, options)
                .map_err(AppError::invalid)?;
        }
        if let Some(size) = self.table_size {
            base.table_size =
                TableSize::from_players(size).map_err(|e| AppError::invalid(e.to_string()))?;
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
            base.language = crate::i18n::Lang::of_setting(language)
                .map_err(|problem| AppError::invalid(format!("\"language\": {problem}")))?;
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

/// The defaults of a new event: tables of two, 10-minute rounds, four rounds, three prizes.
pub fn default_settings(name: &str, seed: u64) -> Settings {
    let mut settings = Settings::new(name, seed);
    settings.length = EventLength::Rounds { rounds: 4 };
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
        let name_error = |e: tournament::NameError| AppError::invalid(e.to_string());
        match self.names.as_slice() {
            [one] => Members::player(one).map_err(name_error),
            [a, b] => Members::partners(a, b).map_err(name_error),
            [] => Err(AppError::invalid("give the entry a name")),
            _ => Err(AppError::invalid(
                "an entry is one player or a partnership of two: give one or two names",
            )),
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
            (Some(_), Some(_)) => Err(crate::app::AppError::invalid(
                "send either counts (a card of one hand) or hands (a list of hands), not both",
            )),
            (Some(counts), None) => Ok(vec![PaperCard(counts)]),
            (None, Some(hands)) => Ok(hands.into_iter().map(PaperCard).collect()),
            (None, None) => Err(crate::app::AppError::invalid(
                "nothing was entered: send hands, a list with the counts of each hand (or counts for a card of one hand)",
            )),
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

// ---------------------------------------------------------------- answers
//
// What the API answers, with its OpenAPI schemas. Parts that are the engine's or the
// tournament's own JSON (settings, clocks, plans, reports, a seat's view) are named as objects
// (or lists of objects); the fields around them are spelled out.

/// A plain yes: the change is made.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Done {
    /// Always true (a refusal is an `ErrorBody`).
    pub ok: bool,
}

impl Done {
    pub const YES: Done = Done { ok: true };
}

/// An event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventOut {
    pub id: i64,
    pub name: String,
    /// setup, running or finished.
    pub status: String,
    /// The host closed the evening: its results and prizes are final. While the status is
    /// finished and this is false, the results are provisional (scores can still be
    /// corrected).
    pub closed: bool,
    /// The settings (the public face of an event leaves out the seed).
    #[schema(value_type = Object)]
    pub settings: serde_json::Value,
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// The series the evening belongs to, if any.
    pub series: Option<i64>,
}

/// A new event, with its host token (shown only now).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventCreated {
    pub ok: bool,
    pub event: EventOut,
    pub host_token: String,
    pub host_link: String,
}

/// An event as a reader sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventView {
    pub ok: bool,
    pub event: EventOut,
    /// Entries still playing.
    pub entries: usize,
    /// The current (or last) round; null before the first is seated.
    pub round: Option<RoundNowOut>,
}

/// The current round of an event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RoundNowOut {
    pub number: u32,
    /// seated, started or closed.
    pub state: String,
    #[schema(value_type = Object)]
    pub clock: tournament::ClockReading,
}

/// An event after a change.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventUpdated {
    pub ok: bool,
    pub event: EventOut,
}

/// New join keys.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct JoinKeys {
    pub ok: bool,
    pub join_key: String,
    pub join_link: String,
}

/// A new viewer key for the private views.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ViewerKeyOut {
    pub ok: bool,
    /// Reads the projector, the standings and the replays of a private event; picks no seat.
    pub viewer_key: String,
    pub viewer_link: String,
}

/// A new host token (shown only now).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct HostToken {
    pub ok: bool,
    pub host_token: String,
    pub host_link: String,
}

/// An entry: a player, a partnership or a bot.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntryOut {
    pub id: i64,
    pub names: Vec<String>,
    pub players: Vec<i64>,
    pub bot: bool,
    /// random, steady or shrewd for a bot; null for people.
    pub bot_level: Option<String>,
    pub withdrawn: bool,
    pub joined_round: i32,
    /// What the entry scores for each round before `joined_round`: "zero" or "round_average".
    pub missed_rounds: String,
}

/// Every entry of an event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntriesOut {
    pub ok: bool,
    pub entries: Vec<EntryOut>,
}

/// A player's seat link (the token is shown only now).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LinkOut {
    pub player: i64,
    pub name: String,
    pub token: String,
    pub link: String,
}

/// A new entry and its players' seat links.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntryAdded {
    pub ok: bool,
    pub entry: EntryOut,
    pub links: Vec<LinkOut>,
}

/// A renewed seat link.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LinkRenewed {
    pub ok: bool,
    pub player: i64,
    pub name: String,
    pub token: String,
    pub link: String,
}

/// A way to seat round 1.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatingOption {
    #[schema(value_type = Object)]
    pub plan: tournament::SeatingPlan,
    pub description: String,
}

/// Ways to seat round 1, the proposal first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatingOptions {
    pub ok: bool,
    pub options: Vec<SeatingOption>,
}

/// Who sits where in a round.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatingOut {
    #[schema(value_type = Vec<Object>)]
    pub tables: Vec<crate::app::report::TableReport>,
    #[schema(value_type = Vec<Object>)]
    pub byes: Vec<crate::app::report::ByeReport>,
}

/// A round: its clock, who sits where, and the score cards still missing.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RoundOut {
    pub ok: bool,
    pub round: u32,
    /// seated, started or closed.
    pub state: String,
    #[schema(value_type = Object)]
    pub clock: tournament::ClockReading,
    /// Null when the round has no tables in the report yet.
    pub seating: Option<SeatingOut>,
    #[schema(value_type = Vec<Object>)]
    pub missing_scores: Vec<crate::app::rounds::MissingScores>,
    /// Seating round 1 with a plan that is unfair (a table of three in rounds by games, or
    /// where tables wait for the signal): why. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

/// What closing a round would do now.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClosingOut {
    pub ok: bool,
    #[schema(value_type = Object)]
    pub closing: tournament::Closing,
}

/// What closing a round did.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CloseOut {
    pub ok: bool,
    #[schema(value_type = Object)]
    pub close: crate::app::rounds::CloseSummary,
}

/// A correction made.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CorrectionOut {
    pub ok: bool,
    #[schema(value_type = Object)]
    pub correction: crate::app::rounds::CorrectionOutcome,
}

/// Every correction of an event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CorrectionsOut {
    pub ok: bool,
    #[schema(value_type = Vec<Object>)]
    pub corrections: Vec<crate::app::report::CorrectionReport>,
}

/// The standings.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StandingsOut {
    pub ok: bool,
    /// The host closed the evening: these are the final standings.
    #[serde(rename = "final")]
    #[schema(rename = "final")]
    pub is_final: bool,
    /// The evening is over but the host has not closed it: the standings are provisional
    /// and scores can still be corrected.
    pub provisional: bool,
    /// A round being played whose miles so far are counted in; null when none.
    pub live_round: Option<u32>,
    #[schema(value_type = Vec<Object>)]
    pub standings: Vec<crate::app::report::StandingReport>,
}

/// The step of a replay (the viewer key of a private event is read as for every public read).
#[derive(Debug, Deserialize)]
pub struct StepQuery {
    #[serde(default)]
    pub step: Option<u32>,
}

/// The finished deals of an event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReplaysOut {
    pub ok: bool,
    /// Round, table and deal numbers, whether the deal was cut at the signal, and each side's
    /// entry, names, bot flag, score and whether it won, in the deal's side order.
    #[schema(value_type = Vec<Object>)]
    pub deals: Vec<crate::app::replay::FinishedDeal>,
}

/// A finished deal replayed to a step.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReplayOut {
    pub ok: bool,
    pub round: u32,
    pub table: u32,
    pub deal: u32,
    /// The actions replayed: 0 is the deal as dealt.
    pub step: u32,
    /// The deal's actions: the last step.
    pub steps: u32,
    /// The seat that played the step's action; null at step 0.
    pub mover: Option<u8>,
    /// Who played the step's action for its seat: "clock" (its turn ran out on the turn
    /// clock) or "bot" (the host handed the seat to a bot); null for the seat's own move.
    #[schema(value_type = Option<String>)]
    pub played_by: Option<crate::app::turn_clock::StandIn>,
    /// What the step's action did, as a referee saw it (the rule set's events).
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<crate::engine::Event>,
    /// Every seat in seat order: its player's name and the deal as that seat saw it (as in
    /// a seat's state, with no legal moves).
    #[schema(value_type = Vec<Object>)]
    pub seats: Vec<crate::app::replay::SeatAtStep>,
    /// Each side's entry, names, score at the end and whether it won.
    #[schema(value_type = Vec<Object>)]
    pub sides: Vec<crate::app::replay::SideResult>,
    /// Cut at the round's signal rather than played to its end: nobody won it, and its miles
    /// are those the cut counted.
    pub cut: bool,
}

/// A seat's state: where to sit, the time left, and the game as this seat sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatOut {
    pub ok: bool,
    #[schema(value_type = Object)]
    pub seat: crate::app::seat::SeatState,
}

/// A move played: its events and the seat's new state.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MoveOut {
    pub ok: bool,
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<crate::engine::Event>,
    #[schema(value_type = Object)]
    pub seat: crate::app::seat::SeatState,
}

// ---------------------------------------------------------------- series

/// A new series (a season, a league of evenings), or a change to one.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeriesInput {
    /// The series' name (1 to 200 characters).
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    /// How evenings add up: "total" (every evening), "best" (each person's best
    /// `count_best` evenings) or "average" (per evening attended). Left out: "best" when
    /// `count_best` is given, else "total".
    #[serde(default)]
    pub count: Option<String>,
    /// With "best": how many evenings count (1 to 500).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 500)]
    pub count_best: Option<i64>,
    /// The prizes given beyond places; left out: none.
    #[serde(default)]
    pub prizes: Option<PrizesInput>,
}

/// The prizes a series gives beyond places, each per evening or per season: "booby"
/// (lowest score), "most_rounds_won", "best_round" (best single round), "most_tables"
/// (most tables visited) and, per season only, "perfect_attendance".
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PrizesInput {
    /// Given every evening of the series.
    #[serde(default)]
    #[schema(max_items = 5)]
    pub evening: Vec<String>,
    /// Given over the season.
    #[serde(default)]
    #[schema(max_items = 5)]
    pub season: Vec<String>,
}

/// A change of a series: its name or how it counts. A best N may not exceed the evenings
/// already held.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeriesChange {
    #[serde(default)]
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    #[serde(default)]
    pub count: Option<String>,
    #[serde(default)]
    #[schema(minimum = 1, maximum = 500)]
    pub count_best: Option<i64>,
    /// The prizes, replacing those chosen before (both lists).
    #[serde(default)]
    pub prizes: Option<PrizesInput>,
}

/// A series: its id, name, counting and prizes.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesOut {
    pub id: i64,
    pub name: String,
    /// "total", "best" or "average".
    pub count: String,
    /// With "best": how many evenings count.
    pub count_best: Option<u32>,
    /// The prizes chosen, as the words of [`PrizesInput`].
    pub prizes: PrizesInput,
}

/// A new series, with its host token (shown only now).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesCreated {
    pub ok: bool,
    pub series: SeriesOut,
    /// Send it as `Authorization: Bearer` to make evenings in the series and to tell who is
    /// who. Shown only now.
    pub host_token: String,
    /// The series' console in a browser: opening it signs the browser in as the series'
    /// host. It holds the token: shown only now.
    pub host_link: String,
}

/// A series after a change.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesUpdated {
    pub ok: bool,
    pub series: SeriesOut,
}

/// One evening of a series.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesEveningOut {
    pub event: i64,
    pub name: String,
    /// setup, running or finished.
    pub status: String,
    pub closed: bool,
    pub date: chrono::DateTime<chrono::Utc>,
    /// The evening's views are private: its people, scores and prizes are left out of the
    /// season's public standings.
    pub private: bool,
    /// The evening's prizes: per prize, `prize`, the `names` taking it (several when tied)
    /// and the `value` it was won with.
    #[schema(value_type = Vec<Object>)]
    pub awards: Vec<crate::tournament::Award>,
}

/// The season's standings.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesStandingsOut {
    pub ok: bool,
    pub series: SeriesOut,
    pub evenings: Vec<SeriesEveningOut>,
    /// Per person: `name`, `place`, `evenings`, `total`, `counted` and per evening
    /// `scores`, `places` and `counts` (see docs/api.md).
    #[schema(value_type = Vec<Object>)]
    pub standings: Vec<crate::tournament::SeriesStanding>,
    /// The season's prizes, as each evening's `awards`.
    #[schema(value_type = Vec<Object>)]
    pub awards: Vec<crate::tournament::Award>,
}

/// One person's result at one evening, in a season's JSON export.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesResultOut {
    /// The name as typed that evening.
    pub name: String,
    pub place: u32,
    pub total: u64,
    /// The score of each round played at a table (null: a bye, a missed round or one after
    /// withdrawing).
    pub rounds: Vec<Option<u32>>,
    pub rounds_won: u32,
    pub tables: u32,
    pub withdrawn: bool,
}

/// One evening of a season's JSON export, with everyone's result.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesEveningExport {
    #[serde(flatten)]
    pub evening: SeriesEveningOut,
    pub results: Vec<SeriesResultOut>,
}

/// A season as JSON: the series, every evening's results and prizes, the standings and the
/// season's prizes.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesExportOut {
    pub ok: bool,
    pub series: SeriesOut,
    pub evenings: Vec<SeriesEveningExport>,
    #[schema(value_type = Vec<Object>)]
    pub standings: Vec<crate::tournament::SeriesStanding>,
    #[schema(value_type = Vec<Object>)]
    pub awards: Vec<crate::tournament::Award>,
}

/// Two names that are one person: `name` counts as `with`, under `with`'s name.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkInput {
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    #[schema(min_length = 1, max_length = 200)]
    pub with: String,
}

/// Splits people apart. With `name` alone: a linked name is its own person again. With
/// `player` (a seat of one of the series' evenings) and `name`: that seat is the person named
/// `name` (made if new), so one name can be two people.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SplitInput {
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    #[serde(default)]
    #[schema(minimum = 1)]
    pub player: Option<i64>,
}

/// One person of a series.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesPersonOut {
    pub name: String,
    pub evenings: u32,
    /// Other names linked to this person.
    pub also: Vec<String>,
}

/// A series' people, for its host.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesPeopleOut {
    pub ok: bool,
    pub people: Vec<SeriesPersonOut>,
}
