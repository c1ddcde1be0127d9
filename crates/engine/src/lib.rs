//! The rules engines: pure game logic with no I/O and no global state.
//!
//! The shape follows OpenSpiel: a game is made from a configuration and a seed; it tells the
//! seat to move and its legal actions; an action is applied or refused with a typed error (and
//! then nothing changes); events say what happened; a view shows one seat only what that seat
//! may see.
//!
//! Each rule set is one folder (`touring1926/`, ...) whose `State` implements [`Rules`], with
//! its own cards, actions, events, view and refusals. This module holds only what every rule set
//! shares: seats and sides, the configuration, the score sheet a paper table fills in, and
//! [`Game`], [`Action`], [`Event`], [`View`]: one variant per rule set, which is what the
//! tournament, storage and web code hold. Adding a rule set is a folder, its `pub mod` line
//! and one line in [`with_rule_sets!`] below.

pub mod cards;
pub mod json;
mod options;
mod rules;
mod setup;
mod sheet;
pub mod shuffle;
pub mod touring_family;
// The rule sets' modules, one per line of `with_rule_sets!` (declared plainly, outside the
// macro, so that rustfmt reaches them; the dispatch the macro writes names each of them, so a
// line missing here or there does not compile).
pub mod mille_bornes;
pub mod touring1926;
pub mod touring1958;
mod words;

use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

pub use cards::{CardKind, Counts};
pub use options::{NoOptions, OptionField, OptionKind, OptionProblem, OptionWords, RuleOptions};
use rules::MapSink;
pub use rules::{
    EventSink, NoEvents, PaperNote, RuleAction, RuleEvent, RuleView, Rules, ScoredRow,
    TargetRefusal, TimedDecision, resolve_target,
};
pub use setup::{SetupError, TurnRefusal};
pub use words::{RefusalWords, WordArg, Worded, unreadable};

/// The number of set bits of every value below `N`, for counting kinds in a bit set by lookup:
/// the release build targets baseline x86-64, which has no population-count instruction, and
/// the bit-twiddling fallback costs more than the rest of a random decision.
pub(crate) const fn popcounts<const N: usize>() -> [u8; N] {
    let mut table = [0u8; N];
    let mut i = 0;
    while i < N {
        table[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    table
}
pub use sheet::{ScoreSheet, ScoreUnit, SheetRow};

/// A seat at the table, from 0 (left of the dealer, first to play).
pub type Seat = u8;
/// A side: one player, or a partnership building one set of piles.
pub type Side = u8;

/// No rule set offers more legal actions than this on one turn.
pub const MAX_ACTIONS: usize = 64;

/// A fixed-capacity list of actions, filled without touching the heap.
pub type ActionList<A> = arrayvec::ArrayVec<A, MAX_ACTIONS>;

/// How a table is set up: the rules, how many play, whether they play partners, and the rule
/// set's own options ([`Options`]).
///
/// Its JSON is flat: `{"rules":..,"players":..,"partners":..}` followed by the options that
/// differ from their defaults, as the rule set writes them; so configurations stored before the
/// options were the rule set's own read as before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    pub rules: RulesId,
    pub players: u8,
    pub partners: bool,
    /// The rule set's options: always the variant of `rules`.
    pub options: Options,
}

/// The JSON form of a [`Config`].
#[derive(Serialize, Deserialize)]
struct ConfigJson {
    rules: RulesId,
    players: u8,
    partners: bool,
    #[serde(flatten)]
    options: serde_json::Map<String, Value>,
}

impl Serialize for Config {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ConfigJson {
            rules: self.rules,
            players: self.players,
            partners: self.partners,
            options: self.options.to_json(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Config {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Config, D::Error> {
        let json = ConfigJson::deserialize(deserializer)?;
        let options = Options::from_stored(json.rules, &Value::Object(json.options))
            .map_err(serde::de::Error::custom)?;
        Ok(Config {
            rules: json.rules,
            players: json.players,
            partners: json.partners,
            options,
        })
    }
}

impl Config {
    /// Checks a configuration against what the rule set allows. `partners` defaults to true
    /// for four and six players. The options are the rule set's defaults.
    pub fn new(rules: RulesId, players: u8, partners: Option<bool>) -> Result<Config, SetupError> {
        if !(2..=6).contains(&players) {
            return Err(SetupError::Players(u64::from(players)));
        }
        let partners = partners.unwrap_or(players == 4 || players == 6);
        if partners && players != 4 && players != 6 {
            return Err(SetupError::Partners(players));
        }
        let config = Config {
            rules,
            players,
            partners,
            options: Options::default_for(rules),
        };
        rules.check(config)?;
        Ok(config)
    }

    /// The configuration with these options, which must be its rule set's.
    pub fn with_options(mut self, options: Options) -> Result<Config, SetupError> {
        if options.rules() != self.rules {
            return Err(SetupError::OtherRulesOptions {
                rules: self.rules.name(),
                options: options.rules().name(),
            });
        }
        self.options = options;
        Ok(self)
    }

    /// The configuration as a party table plays it (see [`RuleOptions::at_party_table`]).
    pub fn at_party_table(mut self) -> Config {
        self.options = self.options.at_party_table();
        self
    }

    /// How many sides race.
    pub const fn sides(&self) -> u8 {
        if self.partners {
            self.players / 2
        } else {
            self.players
        }
    }

    /// The side a seat plays for: partners sit opposite (4: seats 0+2, 1+3; 6: 0+3, 1+4, 2+5).
    pub const fn side_of(&self, seat: Seat) -> Side {
        seat % self.sides()
    }

    /// The seats of a side.
    pub fn seats_of(&self, side: Side) -> Vec<Seat> {
        (0..self.players)
            .filter(|&s| self.side_of(s) == side)
            .collect()
    }
}

/// Defines, from one list of rule sets, [`RulesId`] and the enums that hold a value of any rule
/// set ([`Game`], [`Action`], [`Event`], [`View`], [`IllegalAction`]) with their dispatch.
macro_rules! rule_sets {
    ($( $variant:ident => $module:ident, $id:literal, $name:literal; )+) => {
        /// Which rules a table plays.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum RulesId {
            $( #[serde(rename = $id)] $variant, )+
        }

        impl RulesId {
            /// Every rule set this program can play.
            pub const ALL: &'static [RulesId] = &[$(RulesId::$variant),+];

            /// The identifier used in the protocol, the API and the database.
            pub const fn id(self) -> &'static str {
                match self { $(RulesId::$variant => $id,)+ }
            }

            /// A name for people.
            pub const fn name(self) -> &'static str {
                match self { $(RulesId::$variant => $name,)+ }
            }

            /// Whether the rule set seats this configuration.
            pub fn check(self, config: Config) -> Result<(), SetupError> {
                match self { $(RulesId::$variant => <$module::State as Rules>::check(config),)+ }
            }

            /// Whether a table of these rules may wait for a timed decision, which the
            /// server answers when its time is up.
            pub fn has_timed_decisions(self) -> bool {
                match self {
                    $(RulesId::$variant => <$module::State as Rules>::TIMED_DECISIONS,)+
                }
            }

            /// The rows of a paper score card for a configuration of this rule set.
            pub fn score_sheet(self, config: Config) -> ScoreSheet {
                match self {
                    $(RulesId::$variant => <$module::State as Rules>::score_sheet(config),)+
                }
            }

            /// The points a game of these rules is played to across hands, if a deal is one
            /// hand of a longer game (see [`Rules::MATCH_POINTS`]).
            pub const fn match_points(self) -> Option<u32> {
                match self {
                    $(RulesId::$variant => <$module::State as Rules>::MATCH_POINTS,)+
                }
            }

            /// The side that has won the game played to [`RulesId::match_points`], given
            /// every side's total after a hand (see [`Rules::match_winner`]).
            pub fn match_winner(self, totals: &[u32]) -> Option<Side> {
                match self {
                    $(RulesId::$variant => <$module::State as Rules>::match_winner(totals),)+
                }
            }

            /// Checks a paper table's cards against each other (see [`Rules::check_paper`]).
            pub fn check_paper(self, config: Config, sides: &[Vec<u32>]) -> Result<(), Vec<PaperNote>> {
                match self {
                    $(RulesId::$variant => <$module::State as Rules>::check_paper(config, sides),)+
                }
            }

            /// The options a host may choose for a game of this rule set.
            pub fn option_fields(self) -> &'static [OptionField] {
                match self {
                    $(RulesId::$variant =>
                        <<$module::State as Rules>::Options as RuleOptions>::FIELDS,)+
                }
            }

            /// Reads an action of this rule set from JSON.
            pub fn action_from_json(self, value: &Value) -> Result<Action, String> {
                match self {
                    $(RulesId::$variant =>
                        <$module::Action as RuleAction>::from_json(value).map(Action::$variant),)+
                }
            }

            /// Checks that every identifier names a card of this rule set.
            pub fn check_cards(self, ids: &[String]) -> Result<(), SetupError> {
                match self {
                    $(RulesId::$variant => cards_from_ids::<$module::Card>(self, ids).map(drop),)+
                }
            }
        }

        /// The options of a game of any rule set: the rule set's own value
        /// ([`Rules::Options`]). Its JSON is the rule set's flat object.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Options {
            $( $variant(<$module::State as Rules>::Options), )+
        }

        impl Options {
            /// The defaults of a rule set's options.
            pub fn default_for(rules: RulesId) -> Options {
                match rules {
                    $(RulesId::$variant => Options::$variant(Default::default()),)+
                }
            }

            /// The rule set these options belong to.
            pub const fn rules(&self) -> RulesId {
                match self { $(Options::$variant(_) => RulesId::$variant,)+ }
            }

            /// Every problem with the values, each naming its option.
            pub fn problems(&self) -> Vec<OptionProblem> {
                match self { $(Options::$variant(o) => o.problems(),)+ }
            }

            /// The options as a party table plays them ([`RuleOptions::at_party_table`]).
            pub fn at_party_table(self) -> Options {
                match self { $(Options::$variant(o) => Options::$variant(o.at_party_table()),)+ }
            }

            /// The seconds a party table waits for a hidden decision, when chosen.
            pub fn decision_seconds(&self) -> Option<u32> {
                match self { $(Options::$variant(o) => o.decision_seconds(),)+ }
            }

            /// The options worth telling the host, as messages to say.
            pub fn describe(&self) -> Vec<OptionWords> {
                match self { $(Options::$variant(o) => o.describe(),)+ }
            }

            /// The options as a flat JSON object (fields at their default may be left out).
            pub fn to_json(&self) -> serde_json::Map<String, Value> {
                let value = match self { $(Options::$variant(o) => serde_json::to_value(o),)+ };
                match value {
                    Ok(Value::Object(map)) => map,
                    _ => serde_json::Map::new(),
                }
            }

            /// Reads stored options (an event's or a deal's JSON), passing over fields the rule
            /// set does not know; null reads as the defaults.
            pub fn from_stored(rules: RulesId, value: &Value) -> Result<Options, String> {
                match rules {
                    $(RulesId::$variant => options::from_stored(value).map(Options::$variant),)+
                }
            }

            /// Reads options a host gave on top of these (which must be of `rules`, else the
            /// defaults are the base): every key must be an option of the rule set, with a
            /// value of its type; the message names the rule set that has a misplaced option.
            pub fn with_input(
                self,
                rules: RulesId,
                input: &serde_json::Map<String, Value>,
            ) -> Result<Options, String> {
                let base = if self.rules() == rules { self } else { Options::default_for(rules) };
                match base {
                    $(Options::$variant(o) => options::from_input(
                        rules.name(), &o, input, RulesId::owner_of_option,
                    ).map(Options::$variant),)+
                }
            }
        }

        impl Serialize for Options {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self { $(Options::$variant(o) => o.serialize(serializer),)+ }
            }
        }

        /// A game of any rule set: what the tournament, storage and web code hold.
        #[derive(Clone, Debug)]
        #[allow(clippy::large_enum_variant)]
        pub enum Game {
            $( $variant($module::State), )+
        }

        /// An action of any rule set. Its JSON form is the rule set's own.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Action {
            $( $variant($module::Action), )+
        }

        /// An event of any rule set. Its JSON form is the rule set's own.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Event {
            $( $variant($module::Event), )+
        }

        /// What one seat (or a referee) may see of a game of any rule set.
        #[derive(Clone, Debug, PartialEq)]
        pub enum View {
            $( $variant($module::View), )+
        }

        /// Why an action is refused, in the words of its rule set.
        #[derive(Debug, Clone, PartialEq, thiserror::Error)]
        pub enum IllegalAction {
            #[error(transparent)]
            Turn(TurnRefusal),
            #[error("that action belongs to another game: this table plays {0}")]
            OtherRules(&'static str),
            $( #[error(transparent)] $variant($module::Refusal), )+
        }

        impl Worded for IllegalAction {
            fn words(&self) -> RefusalWords {
                match self {
                    IllegalAction::Turn(refusal) => refusal.words(),
                    IllegalAction::OtherRules(name) => {
                        RefusalWords::new("refused-other-rules").text("rules", *name)
                    }
                    $(IllegalAction::$variant(refusal) => refusal.words(),)+
                }
            }
        }

        macro_rules! dispatch {
            ($self_:expr, $g:ident => $body:expr) => {
                match $self_ { $(Game::$variant($g) => $body,)+ }
            };
        }

        impl Game {
            /// A new game; `deck` names cards to come off the top of the pack first.
            pub fn new(config: Config, seed: u64, deck: &[String]) -> Result<Game, SetupError> {
                match config.rules {
                    $(RulesId::$variant => {
                        let stacked = cards_from_ids::<$module::Card>(config.rules, deck)?;
                        <$module::State as Rules>::new_game(config, seed, &stacked)
                            .map(Game::$variant)
                    })+
                }
            }

            pub fn config(&self) -> Config { dispatch!(self, g => g.config()) }
            pub fn to_move(&self) -> Seat { dispatch!(self, g => g.to_move()) }
            pub fn winner(&self) -> Option<Side> { dispatch!(self, g => g.winner()) }
            pub fn is_over(&self) -> bool { dispatch!(self, g => g.is_over()) }
            /// The out-of-turn decision the table waits for now, if any.
            pub fn timed_decision(&self) -> Option<TimedDecision<Action>> {
                match self {
                    $(Game::$variant(g) => g.timed_decision().map(|d| d.map(Action::$variant)),)+
                }
            }
            /// What a move throws away of the mover's own side, in words, when it does
            /// ([`Rules::warning`]); `None` for an ordinary move or another game's action.
            #[allow(unreachable_patterns)]
            pub fn warning(&self, action: Action) -> Option<String> {
                match (self, action) {
                    $((Game::$variant(g), Action::$variant(a)) => g.warning(a),)+
                    _ => None,
                }
            }
            pub fn turn(&self) -> u32 { dispatch!(self, g => g.turn()) }
            pub fn reshuffles(&self) -> u32 { dispatch!(self, g => g.reshuffles()) }
            /// A side's score: miles or points, as the rule set's score sheet says.
            pub fn score(&self, side: Side) -> u32 { dispatch!(self, g => g.score(side)) }
            /// The deal's score row by row, for rules whose score is more than the miles (see
            /// [`Rules::hand_score_rows`]).
            pub fn hand_score_rows(&self) -> Option<Vec<ScoredRow>> {
                dispatch!(self, g => g.hand_score_rows())
            }

            /// Every legal action of the seat to move.
            pub fn legal(&self) -> Vec<Action> {
                match self {
                    $(Game::$variant(g) => {
                        let mut list = ActionList::new();
                        g.legal_actions(&mut list);
                        list.into_iter().map(Action::$variant).collect()
                    })+
                }
            }

            /// A legal action chosen uniformly at random (none once the game is over).
            pub fn random_action<G: rand::Rng + ?Sized>(&self, rng: &mut G) -> Option<Action> {
                match self {
                    $(Game::$variant(g) => g.random_action(rng).map(Action::$variant),)+
                }
            }

            /// Applies an action of the seat to move. On error nothing has changed.
            pub fn apply<E: EventSink<Event>>(
                &mut self,
                action: Action,
                events: &mut E,
            ) -> Result<(), IllegalAction> {
                self.apply_checked(None, action, events)
            }

            /// Applies an action on behalf of a seat, refusing it if it is not that seat's turn.
            pub fn apply_as<E: EventSink<Event>>(
                &mut self,
                seat: Seat,
                action: Action,
                events: &mut E,
            ) -> Result<(), IllegalAction> {
                self.apply_checked(Some(seat), action, events)
            }

            #[allow(unreachable_patterns)]
            fn apply_checked<E: EventSink<Event>>(
                &mut self,
                seat: Option<Seat>,
                action: Action,
                events: &mut E,
            ) -> Result<(), IllegalAction> {
                match (self, action) {
                    $((Game::$variant(g), Action::$variant(a)) => {
                        let mut sink = MapSink { inner: events, map: Event::$variant };
                        match seat {
                            Some(seat) => g.apply_as(seat, a, &mut sink),
                            None => g.apply(a, &mut sink),
                        }
                        .map_err(IllegalAction::$variant)
                    })+
                    (game, _) => Err(IllegalAction::OtherRules(game.config().rules.name())),
                }
            }

            /// What `viewer` may see (`None`: a referee).
            pub fn view(&self, viewer: Option<Seat>) -> View {
                match self { $(Game::$variant(g) => View::$variant(g.view(viewer)),)+ }
            }
        }

        $(
            impl From<$module::Action> for Action {
                fn from(action: $module::Action) -> Action {
                    Action::$variant(action)
                }
            }

            /// The rule set's own action, or the action back when it is another game's.
            impl TryFrom<Action> for $module::Action {
                type Error = Action;

                #[allow(unreachable_patterns)]
                fn try_from(action: Action) -> Result<$module::Action, Action> {
                    match action {
                        Action::$variant(action) => Ok(action),
                        other => Err(other),
                    }
                }
            }

            /// The rule set's own event, or the event back when it is another game's.
            impl TryFrom<Event> for $module::Event {
                type Error = Event;

                #[allow(unreachable_patterns)]
                fn try_from(event: Event) -> Result<$module::Event, Event> {
                    match event {
                        Event::$variant(event) => Ok(event),
                        other => Err(other),
                    }
                }
            }
        )+

        impl Action {
            /// The rule set the action belongs to.
            pub const fn rules(&self) -> RulesId {
                match self { $(Action::$variant(_) => RulesId::$variant,)+ }
            }
        }

        impl std::fmt::Display for Action {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self { $(Action::$variant(a) => a.fmt(f),)+ }
            }
        }

        impl Serialize for Action {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self { $(Action::$variant(a) => a.serialize(serializer),)+ }
            }
        }

        impl Event {
            /// The event as one seat may see it (`None` = a referee).
            pub fn seen_by(self, viewer: Option<Seat>) -> Event {
                match self { $(Event::$variant(e) => Event::$variant(e.seen_by(viewer)),)+ }
            }
        }

        impl Serialize for Event {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self { $(Event::$variant(e) => e.serialize(serializer),)+ }
            }
        }

        impl View {
            /// The seat this view is for; `None` for a referee's.
            pub fn viewer(&self) -> Option<Seat> {
                match self { $(View::$variant(v) => v.viewer(),)+ }
            }
            pub fn to_move(&self) -> Seat {
                match self { $(View::$variant(v) => v.to_move(),)+ }
            }
            pub fn winner(&self) -> Option<Side> {
                match self { $(View::$variant(v) => v.winner(),)+ }
            }
            /// Every side's score so far.
            pub fn scores(&self) -> Vec<u32> {
                match self { $(View::$variant(v) => v.scores(),)+ }
            }
            /// Whether the game is over.
            pub fn is_over(&self) -> bool {
                match self { $(View::$variant(v) => v.is_over(),)+ }
            }
        }

        impl Serialize for View {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self { $(View::$variant(v) => v.serialize(serializer),)+ }
            }
        }
    };
}

/// The one list of rule sets: calls `$callback!` with a line per rule set, `Variant => module,
/// "id", "name";`. Every layer that keeps a module per rule set (the engine here, the bots, the
/// boards of the web pages) expands its dispatch from this list, so adding a rule set is a line
/// here and a folder in each of those layers.
#[macro_export]
macro_rules! with_rule_sets {
    ($callback:ident) => {
        $callback! {
            Touring1926 => touring1926, "touring-1926", "Touring (1926)";
            Touring1958 => touring1958, "touring-1958", "Touring (1937-1958)";
            MilleBornes => mille_bornes, "mille-bornes", "Mille Bornes";
        }
    };
}

with_rule_sets!(rule_sets);

impl RulesId {
    /// Parses an identifier, explaining what is available when it is not known.
    pub fn parse(id: &str) -> Result<RulesId, SetupError> {
        RulesId::ALL
            .iter()
            .copied()
            .find(|r| r.id() == id)
            .ok_or_else(|| SetupError::UnknownRules {
                asked: json::truncate(id, 40),
                available: RulesId::ALL
                    .iter()
                    .map(|r| r.id())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The name of the rule set that has an option of this name, if any.
    pub fn owner_of_option(name: &str) -> Option<&'static str> {
        RulesId::ALL
            .iter()
            .find(|r| r.option_fields().iter().any(|f| f.name == name))
            .map(|r| r.name())
    }

    /// Whether a side's score is counted in miles or in points.
    pub fn unit(self) -> ScoreUnit {
        self.score_sheet(Config {
            rules: self,
            players: 2,
            partners: false,
            options: Options::default_for(self),
        })
        .unit
    }
}

impl std::fmt::Display for RulesId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// The cards named by a list of identifiers, or which one is not a card of the rule set.
fn cards_from_ids<C: CardKind>(rules: RulesId, ids: &[String]) -> Result<Vec<C>, SetupError> {
    ids.iter()
        .map(|id| {
            C::from_id(id).ok_or_else(|| SetupError::UnknownCard {
                rules: rules.id(),
                asked: json::truncate(id, 40),
                available: C::id_list(),
            })
        })
        .collect()
}

impl Game {
    /// Replays a stored game: the seed, then every action in order.
    pub fn replay(
        config: Config,
        seed: u64,
        actions: impl IntoIterator<Item = Action>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(config, seed, &[]).map_err(ReplayError::Setup)?;
        for (number, action) in actions.into_iter().enumerate() {
            game.apply(action, &mut NoEvents)
                .map_err(|error| ReplayError::Action { number, error })?;
        }
        Ok(game)
    }

    /// The score of every side.
    pub fn scores(&self) -> Vec<u32> {
        (0..self.config().sides()).map(|s| self.score(s)).collect()
    }
}

impl Action {
    /// Reads an action of a rule set from its JSON form.
    pub fn from_json(rules: RulesId, value: &Value) -> Result<Action, String> {
        rules.action_from_json(value)
    }

    /// The JSON form.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// A stored game that no longer replays: the log or the engine is wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReplayError {
    #[error("the stored game cannot be set up: {0}")]
    Setup(SetupError),
    #[error("stored action {number} is not legal: {error}")]
    Action { number: usize, error: IllegalAction },
}
