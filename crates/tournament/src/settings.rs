//! The settings of an event: what the host decides before the first round.
//!
//! [`Settings::checked`] is the one gate: it trims the name and reports every problem at once
//! (a form shows them all, each against its field), so the rest of the module can rely on a
//! checked value and never re-validate.

use serde::{Deserialize, Serialize};

use super::describe_secs;
use super::names::{NameError, clean_name};
use touring_engine::{Config, Options, RulesId, SetupError};
use touring_i18n::Lang;

/// The shortest timed round: a demonstration still needs a few turns per table.
pub const MIN_ROUND_SECS: u32 = 30;
/// The longest timed round.
pub const MAX_ROUND_SECS: u32 = 3 * 3600;
/// The fewest and most rounds an event may set.
pub const MIN_ROUNDS: u32 = 1;
pub const MAX_ROUNDS: u32 = 100;
/// The fewest and most games a round by games may set.
pub const MIN_GAMES: u8 = 1;
pub const MAX_GAMES: u8 = 2;
/// The shortest and longest overall time limit.
pub const MIN_LIMIT_SECS: u32 = 60;
pub const MAX_LIMIT_SECS: u32 = 24 * 3600;
/// The most prizes an event may set.
pub const MAX_PRIZES: u32 = 100;
/// The shortest and longest turn on the turn clock: long enough to read the board and think,
/// short enough that a stalled table goes on within two minutes.
pub const MIN_TURN_SECS: u32 = 30;
pub const MAX_TURN_SECS: u32 = 120;
/// The turn clock a new event with timed rounds starts with.
pub const DEFAULT_TURN_SECS: u32 = 60;
/// A new event until its host chooses otherwise ([`Settings::new`], the start form, the API):
/// tables of two, timed rounds of ten minutes (or one game a round, asked by games), four
/// rounds (or an hour, asked by time), three prizes.
pub const DEFAULT_ROUND_SECS: u32 = 600;
pub const DEFAULT_GAMES: u8 = 1;
pub const DEFAULT_ROUNDS: u32 = 4;
pub const DEFAULT_LIMIT_SECS: u32 = 3600;
pub const DEFAULT_PRIZES: u32 = 3;

/// How many sit at a table: two or three each for himself, or four or six in partnerships of
/// two. In JSON it is the number of players (2, 3, 4 or 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum TableSize {
    Two,
    Three,
    Four,
    Six,
}

impl TableSize {
    /// Every table size, in the order a form lists them.
    pub const ALL: [TableSize; 4] = [
        TableSize::Two,
        TableSize::Three,
        TableSize::Four,
        TableSize::Six,
    ];

    /// Players at a full table of this size.
    pub const fn players(self) -> u8 {
        match self {
            TableSize::Two => 2,
            TableSize::Three => 3,
            TableSize::Four => 4,
            TableSize::Six => 6,
        }
    }

    /// Whether entries are partnerships of two.
    pub const fn partners(self) -> bool {
        matches!(self, TableSize::Four | TableSize::Six)
    }

    /// Players in one entry: 1, or 2 for a partnership.
    pub const fn players_per_entry(self) -> u8 {
        if self.partners() { 2 } else { 1 }
    }

    /// Entries at a table of this size: 2 or 3. Movement works on entries, so this is the
    /// number the seating plans count in.
    pub const fn entries(self) -> usize {
        (self.players() / self.players_per_entry()) as usize
    }

    /// The table size for a number of players.
    pub fn from_players(players: u8) -> Result<TableSize, SettingsError> {
        match players {
            2 => Ok(TableSize::Two),
            3 => Ok(TableSize::Three),
            4 => Ok(TableSize::Four),
            6 => Ok(TableSize::Six),
            other => Err(SettingsError::TableSize { players: other }),
        }
    }

    /// Words for a table of `entries` entries in an event of this size: "2 players",
    /// "6 players (three partnerships)". [`Settings::describe_table`] adds a table of three's
    /// trip in the event's game.
    pub fn describe_table(self, entries: usize) -> String {
        let players = entries * usize::from(self.players_per_entry());
        if self.partners() {
            let count = if entries == 2 { "two" } else { "three" };
            format!("{players} players ({count} partnerships)")
        } else {
            format!("{players} players")
        }
    }
}

impl TryFrom<u8> for TableSize {
    type Error = SettingsError;
    fn try_from(players: u8) -> Result<Self, Self::Error> {
        TableSize::from_players(players)
    }
}

impl From<TableSize> for u8 {
    fn from(size: TableSize) -> u8 {
        size.players()
    }
}

/// The points of Mille Bornes' whole game, as its rule set says them
/// ([`RulesId::match_points`]): a round to points ends at a table once a side has them at the
/// end of a hand. The messages that refuse a round to points name them.
pub const GAME_POINTS: u32 = match RulesId::MilleBornes.match_points() {
    Some(points) => points,
    None => 0,
};

/// What ends a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoundKind {
    /// Every table starts and stops at one signal, `seconds` apart (the host thinks in
    /// minutes; a demonstration uses 90 seconds).
    Timed { seconds: u32 },
    /// Every table plays `games` games (1 or 2); the round ends when every table is done.
    Games { games: u8 },
    /// Mille Bornes' whole game, as the box plays it: each table plays hands until a side has
    /// `points` (5000) at the end of a hand (the higher total if more than one has, another
    /// hand if they are level); the round ends when every table is done.
    Points { points: u32 },
}

/// How long the evening lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventLength {
    /// A fixed number of rounds.
    Rounds { rounds: u32 },
    /// An overall time limit from the start of round 1 (wall clock): no round starts after
    /// it, and a round running when it comes stops there.
    TimeLimit { seconds: u32 },
}

/// What a table does when its race is won before the stop signal of a timed round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AfterRace {
    /// Ruling (default): a new deal starts at once and its miles are added to the round.
    #[default]
    DealAgain,
    /// The table waits for the signal; the round's miles are those of the one race.
    WaitForSignal,
}

/// How numbers that do not fill whole tables are seated. The first seating offers all three;
/// the one the host picks is stored here and also decides what late entries do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Remainder {
    /// Default: tables of another valid size (one table of three among tables of two, tables
    /// of two among tables of three; partnerships likewise with tables of six or four).
    #[default]
    MixedTables,
    /// Tables of the set size only; the entries left over sit out (a bye), in turn.
    Byes,
    /// Tables of the set size only; the empty seats are taken by clearly labelled bots.
    Bots,
}

/// What an entry on a bye scores for the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeScore {
    /// Default: the miles of every entry that played at a table that round, divided by their
    /// number, rounded down; so sitting out (the last table's winner does) costs no round.
    #[default]
    RoundAverage,
    /// The host's option: sitting out scores no miles.
    Zero,
}

impl ByeScore {
    /// The rule in words, for the host: "a bye scores the round's average".
    pub const fn describe(self) -> &'static str {
        match self {
            ByeScore::RoundAverage => "a bye scores the round's average",
            ByeScore::Zero => "a bye scores 0",
        }
    }
}

/// Everything the host decides for an event.
///
/// Its JSON holds the rule set's options as `options`, the rule set's own object. An event
/// stored before the options were the rule set's own has them as fields of the settings
/// themselves, beside those of the other games: it reads as before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct Settings {
    /// The event's name, as printed and shown.
    pub name: String,
    /// The rules every table plays.
    pub rules: RulesId,
    pub table_size: TableSize,
    pub round: RoundKind,
    pub length: EventLength,
    pub after_race: AfterRace,
    /// How many prizes are given (0 for none).
    pub prizes: u32,
    /// The seed of every draw of the event: the first seating and the cuts for ties.
    pub seed: u64,
    pub remainder: Remainder,
    pub bye_score: ByeScore,
    /// The turn clock at digital tables: a seat that has not moved this many seconds into its
    /// turn has the turn played for it by the table's steady bot. `None` (also an event
    /// stored before the clock existed): no turn clock.
    #[serde(default)]
    pub turn_seconds: Option<u32>,
    /// The rule set's options (always of `rules`: [`Settings::checked`] says so), read by
    /// [`Deserialize`] for Settings from the rule set's own JSON.
    #[serde(skip_deserializing, default = "no_options")]
    pub options: Options,
    /// The event's language: the projector's, the printed pages' and the console's (each
    /// guest's phone reads in its own). English for an event stored before it existed.
    #[serde(default)]
    pub language: Lang,
    /// Guests may check themselves in from the wall's QR code (their name typed on the join
    /// page) until the next seating is made. On for a new event; off for an event stored
    /// before it existed, whose host never chose it.
    #[serde(default)]
    pub self_check_in: bool,
}

/// A placeholder until the rules are known (see the [`Deserialize`] for Settings).
fn no_options() -> Options {
    Options::default_for(RulesId::ALL[0])
}

impl Serialize for Settings {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Settings::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Settings {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Settings, D::Error> {
        use serde::de::Error;
        let json = serde_json::Map::<String, serde_json::Value>::deserialize(deserializer)?;
        let mut settings = Settings::deserialize(serde_json::Value::Object(json.clone()))
            .map_err(D::Error::custom)?;
        // Stored before options were the rule set's own: its options are fields of the
        // settings, beside those of other games (passed over).
        let options = match json.get("options") {
            Some(options) => options.clone(),
            None => serde_json::Value::Object(json),
        };
        settings.options =
            Options::from_stored(settings.rules, &options).map_err(D::Error::custom)?;
        Ok(settings)
    }
}

impl Settings {
    /// The settings the sheet suggests: tables of two, 10-minute rounds over an hour, a new
    /// deal after a finished race, three prizes; a bye scores the round's average. The name is
    /// not checked here.
    pub fn new(name: &str, seed: u64) -> Settings {
        Settings {
            name: name.to_string(),
            rules: RulesId::Touring1926,
            table_size: TableSize::Two,
            round: RoundKind::Timed {
                seconds: DEFAULT_ROUND_SECS,
            },
            length: EventLength::TimeLimit {
                seconds: DEFAULT_LIMIT_SECS,
            },
            after_race: AfterRace::DealAgain,
            prizes: DEFAULT_PRIZES,
            seed,
            remainder: Remainder::MixedTables,
            bye_score: ByeScore::RoundAverage,
            turn_seconds: Some(DEFAULT_TURN_SECS),
            options: Options::default_for(RulesId::Touring1926),
            language: Lang::ENGLISH,
            self_check_in: true,
        }
    }

    /// The turn clock an event starts with: on (a minute a turn) for timed rounds, where a
    /// leader who stops moving would otherwise keep the lead; off for rounds by games.
    pub const fn default_turn_seconds(round: RoundKind) -> Option<u32> {
        match round {
            RoundKind::Timed { .. } => Some(DEFAULT_TURN_SECS),
            RoundKind::Games { .. } | RoundKind::Points { .. } => None,
        }
    }

    /// Checks the settings and returns them with the name trimmed, or every problem found.
    pub fn checked(mut self) -> Result<Settings, SettingsErrors> {
        let mut problems = Vec::new();
        match clean_name(&self.name, "the event's name") {
            Ok(name) => self.name = name,
            Err(error) => problems.push(SettingsError::Name(error)),
        }
        match self.round {
            RoundKind::Timed { seconds } => {
                if !(MIN_ROUND_SECS..=MAX_ROUND_SECS).contains(&seconds) {
                    problems.push(SettingsError::RoundLength { seconds });
                }
            }
            RoundKind::Games { games } => {
                if !(MIN_GAMES..=MAX_GAMES).contains(&games) {
                    problems.push(SettingsError::Games { games });
                }
            }
            // A round to points plays a rule set's whole game of many hands: only one that
            // has such a game, to its points.
            RoundKind::Points { points } => match self.rules.match_points() {
                None => problems.push(SettingsError::PointsElsewhere {
                    rules: self.rules.name().to_owned(),
                }),
                Some(game) if points != game => problems.push(SettingsError::Points { points }),
                Some(_) => {}
            },
        }
        match self.length {
            EventLength::Rounds { rounds } => {
                if !(MIN_ROUNDS..=MAX_ROUNDS).contains(&rounds) {
                    problems.push(SettingsError::Rounds { rounds });
                }
            }
            EventLength::TimeLimit { seconds } => {
                if !(MIN_LIMIT_SECS..=MAX_LIMIT_SECS).contains(&seconds) {
                    problems.push(SettingsError::TimeLimit { seconds });
                } else if let RoundKind::Timed { seconds: round } = self.round
                    && round > seconds
                    && (MIN_ROUND_SECS..=MAX_ROUND_SECS).contains(&round)
                {
                    problems.push(SettingsError::LimitShorterThanRound {
                        limit: seconds,
                        round,
                    });
                }
            }
        }
        self.options = self.options_of_rules().unwrap_or_else(|options| {
            problems.push(SettingsError::OtherRulesOptions {
                rules: self.rules.name(),
                options: options.rules().name(),
            });
            options
        });
        problems.extend(
            self.options
                .problems()
                .into_iter()
                .map(|p| SettingsError::Option {
                    field: p.field,
                    message: p.message,
                    words: p.words,
                }),
        );
        if let Some(seconds) = self.turn_seconds
            && !(MIN_TURN_SECS..=MAX_TURN_SECS).contains(&seconds)
        {
            problems.push(SettingsError::TurnLength { seconds });
        }
        if self.prizes > MAX_PRIZES {
            problems.push(SettingsError::Prizes {
                prizes: self.prizes,
            });
        }
        if problems.is_empty() {
            Ok(self)
        } else {
            Err(SettingsErrors(problems))
        }
    }

    /// Entries at a full table: 2 or 3.
    pub const fn entries_per_table(&self) -> usize {
        self.table_size.entries()
    }

    /// The engine configuration of a table with `entries` entries (2 or 3): a table of three
    /// single players races 30 miles, three partnerships race 50 with six players. The table
    /// plays the event's options as a party table must (`RuleOptions::at_party_table`: a Mille
    /// Bornes table waits after every hazard, so that the wait tells nobody who holds a safety).
    pub fn table_config(&self, entries: usize) -> Result<Config, SetupError> {
        let players = entries.saturating_mul(usize::from(self.table_size.players_per_entry()));
        let players = u8::try_from(players).unwrap_or(u8::MAX);
        let options = self.options_of_rules().unwrap_or(self.options);
        Ok(
            Config::new(self.rules, players, Some(self.table_size.partners()))?
                .with_options(options)?
                .at_party_table(),
        )
    }

    /// The options, as the event's rules have them: another game's options left at their
    /// defaults (the rules changed after they were set) are the rules' defaults; another
    /// game's chosen options are an error (answered back).
    fn options_of_rules(&self) -> Result<Options, Options> {
        if self.options.rules() == self.rules {
            Ok(self.options)
        } else if self.options == Options::default_for(self.options.rules()) {
            Ok(Options::default_for(self.rules))
        } else {
            Err(self.options)
        }
    }

    /// Words for a table of `entries` entries in this event: "2 players", "6 players (three
    /// partnerships)", and for three single players the trip they play in the event's game:
    /// "3 players (the 3-player race of 30 miles)" in Touring (1926), "3 players (the
    /// 3-player trip of 700 miles)" in Mille Bornes.
    pub fn describe_table(&self, entries: usize) -> String {
        let words = self.table_size.describe_table(entries);
        if self.table_size.partners() || entries != 3 {
            return words;
        }
        match self.table_config(entries) {
            Ok(config) if self.rules == RulesId::MilleBornes => format!(
                "{words} (the 3-player trip of {} miles)",
                touring_engine::mille_bornes::trip(config)
            ),
            Ok(config) => format!(
                "{words} (the 3-player race of {} miles)",
                race_miles(config)
            ),
            Err(_) => words,
        }
    }

    /// The miles of one complete race at a table of `entries` entries (50, or 30 for three
    /// single players).
    pub fn race_miles(&self, entries: usize) -> u32 {
        match self.table_config(entries) {
            Ok(config) => race_miles(config),
            Err(_) => 50,
        }
    }

    /// The most miles an entry can score in one round at a table of `entries` entries, or
    /// `None` when there is no bound (a timed round whose tables deal again after a race).
    pub fn max_round_miles(&self, entries: usize) -> Option<u32> {
        let race = self.race_miles(entries);
        match (self.round, self.after_race) {
            (RoundKind::Timed { .. }, AfterRace::DealAgain) => None,
            (RoundKind::Timed { .. }, AfterRace::WaitForSignal) => Some(race),
            (RoundKind::Games { games }, _) => Some(race * u32::from(games)),
            (RoundKind::Points { .. }, _) => None,
        }
    }

    /// Whether a table whose race is won before the signal deals again at once.
    pub fn deals_again(&self) -> bool {
        matches!(self.round, RoundKind::Timed { .. }) && self.after_race == AfterRace::DealAgain
    }
}

/// The score of a complete trip under a configuration (the sum of the full piles of its score
/// sheet), or 0 for a rule set whose sheet has no trip.
pub(crate) fn race_miles(config: Config) -> u32 {
    config.rules.score_sheet(config).most_per_game()
}

/// A field's seconds for a message.
fn secs(seconds: &u32) -> String {
    describe_secs(u64::from(*seconds))
}

/// One problem with the settings. [`SettingsError::field`] names the form field it concerns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum SettingsError {
    #[error("{0}")]
    Name(NameError),
    #[error(
        "a table seats 2 or 3 players each for himself, or 4 or 6 playing partners, not {players}: choose 2, 3, 4 or 6"
    )]
    TableSize { players: u8 },
    #[error(
        "a timed round lasts from {} to {}, not {}: set a length in that range",
        describe_secs(u64::from(MIN_ROUND_SECS)),
        describe_secs(u64::from(MAX_ROUND_SECS)),
        secs(.seconds)
    )]
    RoundLength { seconds: u32 },
    #[error("a round by games plays 1 or 2 games at each table, not {games}: choose 1 or 2")]
    Games { games: u8 },
    #[error(
        "a round to points plays Mille Bornes' whole game, to {GAME_POINTS} points, not {points}: set {GAME_POINTS}"
    )]
    Points { points: u32 },
    #[error(
        "rounds to {GAME_POINTS} points are Mille Bornes' whole game; this event plays {rules}: choose timed rounds or rounds by games, or choose Mille Bornes"
    )]
    PointsElsewhere { rules: String },
    #[error("an event has 1 to {MAX_ROUNDS} rounds, not {rounds}: set a number in that range")]
    Rounds { rounds: u32 },
    #[error(
        "the time limit must be from {} to {}, not {}: set a limit in that range",
        describe_secs(u64::from(MIN_LIMIT_SECS)),
        describe_secs(u64::from(MAX_LIMIT_SECS)),
        secs(.seconds)
    )]
    TimeLimit { seconds: u32 },
    #[error(
        "the time limit ({}) is shorter than one round ({}): lengthen the limit or shorten the rounds",
        secs(.limit),
        secs(.round)
    )]
    LimitShorterThanRound { limit: u32, round: u32 },
    #[error(
        "the number of prizes is from 0 to {MAX_PRIZES}, not {prizes}: set a number in that range"
    )]
    Prizes { prizes: u32 },
    #[error(
        "the options given are those of {options}; this event plays {rules}: leave them out or choose {options}"
    )]
    OtherRulesOptions {
        rules: &'static str,
        options: &'static str,
    },
    /// A problem with one of the rule set's options, in its words.
    #[error("{message}")]
    Option {
        field: &'static str,
        message: String,
        /// The same in words for a person, said in the reader's language (not in JSON).
        #[serde(skip)]
        words: touring_engine::RefusalWords,
    },
    #[error(
        "a turn on the turn clock lasts from {MIN_TURN_SECS} to {MAX_TURN_SECS} seconds, not {seconds}: set a number of seconds in that range, or turn the clock off"
    )]
    TurnLength { seconds: u32 },
}

impl SettingsError {
    /// The refusal, to say in the reader's language.
    pub fn said(&self) -> touring_i18n::Said {
        use touring_i18n::Said;
        let time = |seconds: u32| describe_secs(u64::from(seconds));
        match self {
            SettingsError::Name(name) => name.said(),
            SettingsError::TableSize { players } => {
                Said::new("refused-settings-table-size").number("players", *players)
            }
            SettingsError::RoundLength { seconds } => Said::new("refused-settings-round-length")
                .text("min", time(MIN_ROUND_SECS))
                .text("max", time(MAX_ROUND_SECS))
                .text("asked", time(*seconds)),
            SettingsError::Games { games } => {
                Said::new("refused-settings-games").number("games", *games)
            }
            SettingsError::Points { points } => Said::new("refused-settings-points")
                .number("game", GAME_POINTS)
                .number("points", *points),
            SettingsError::PointsElsewhere { rules } => {
                Said::new("refused-settings-points-elsewhere")
                    .number("game", GAME_POINTS)
                    .text("rules", rules.clone())
            }
            SettingsError::Rounds { rounds } => Said::new("refused-settings-rounds")
                .number("max", MAX_ROUNDS)
                .number("rounds", *rounds),
            SettingsError::TimeLimit { seconds } => Said::new("refused-settings-time-limit")
                .text("min", time(MIN_LIMIT_SECS))
                .text("max", time(MAX_LIMIT_SECS))
                .text("asked", time(*seconds)),
            SettingsError::LimitShorterThanRound { limit, round } => {
                Said::new("refused-settings-limit-shorter")
                    .text("limit", time(*limit))
                    .text("round", time(*round))
            }
            SettingsError::Prizes { prizes } => Said::new("refused-settings-prizes")
                .number("max", MAX_PRIZES)
                .number("prizes", *prizes),
            SettingsError::OtherRulesOptions { rules, options } => {
                Said::new("refused-settings-other-rules-options")
                    .text("rules", *rules)
                    .text("options", *options)
            }
            SettingsError::Option { words, .. } => crate::said(words.clone()),
            SettingsError::TurnLength { seconds } => Said::new("refused-settings-turn-length")
                .number("min", MIN_TURN_SECS)
                .number("max", MAX_TURN_SECS)
                .number("seconds", *seconds),
        }
    }

    /// The settings field the problem concerns, for a form to mark.
    pub const fn field(&self) -> &'static str {
        match self {
            SettingsError::Name(_) => "name",
            SettingsError::TableSize { .. } => "table_size",
            SettingsError::RoundLength { .. }
            | SettingsError::Games { .. }
            | SettingsError::Points { .. }
            | SettingsError::PointsElsewhere { .. } => "round",
            SettingsError::Rounds { .. }
            | SettingsError::TimeLimit { .. }
            | SettingsError::LimitShorterThanRound { .. } => "length",
            SettingsError::Prizes { .. } => "prizes",
            SettingsError::OtherRulesOptions { .. } => "rules",
            SettingsError::Option { field, .. } => field,
            SettingsError::TurnLength { .. } => "turn_seconds",
        }
    }
}

/// Every problem found in a set of settings (never empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SettingsErrors(pub Vec<SettingsError>);

impl std::fmt::Display for SettingsErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let messages: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&messages.join("; "))
    }
}

impl std::error::Error for SettingsErrors {}

impl SettingsErrors {
    /// Every problem, to say one after the other in the reader's language.
    pub fn said(&self) -> touring_i18n::Said {
        self.0
            .iter()
            .map(SettingsError::said)
            .reduce(|first, next| {
                touring_i18n::Said::new("refused-list-and")
                    .said("first", first)
                    .said("next", next)
            })
            .unwrap_or_else(|| touring_i18n::Said::new("refused-settings-none"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new evening lets guests check themselves in; an evening stored before the setting
    /// existed reads it off, so an upgrade opens no evening's door by itself.
    #[test]
    fn self_check_in_is_on_for_a_new_evening_and_off_for_one_stored_before_it() {
        let new = Settings::new("Soirée", 7);
        assert!(new.self_check_in);
        let mut stored = serde_json::to_value(&new).expect("settings as JSON");
        let object = stored.as_object_mut().expect("an object");
        assert_eq!(
            object.remove("self_check_in"),
            Some(serde_json::json!(true))
        );
        let old: Settings = serde_json::from_value(stored).expect("an older event's settings");
        assert!(!old.self_check_in);
    }
}
