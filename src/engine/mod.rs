//! The rules engines: pure game logic with no I/O and no global state.
//!
//! The shape follows OpenSpiel: a game is made from a configuration and a seed; it tells the
//! seat to move and its legal actions; an action is applied or refused with a typed error (and
//! then nothing changes); events say what happened; a view shows one seat only what that seat
//! may see.
//!
//! Each rule set lives in its own module and implements [`Rules`]. [`Game`] is the one type the
//! rest of the program holds: it picks the rule set from [`RulesId`], so adding Touring 1958 or
//! Mille Bornes means a new module and a new variant here, and nothing in the tournament or
//! web code changes.

pub mod action;
pub mod cards;
mod error;
pub mod event;
pub mod shuffle;
pub mod touring1926;
pub mod view;

use serde::{Deserialize, Serialize};

pub use action::{Action, ActionList, Take};
pub use cards::{Card, Counts};
pub use error::{IllegalAction, SetupError};
pub use event::{Event, EventSink, NoEvents};
pub use view::{MilePiles, SeatView, SideView, View};

/// A seat at the table, from 0 (left of the dealer, first to play).
pub type Seat = u8;
/// A side: one player, or a partnership building one set of piles.
pub type Side = u8;

/// Which rules a table plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RulesId {
    /// Parker Brothers' Touring as sold in 1926: a race of 50 miles.
    #[serde(rename = "touring-1926")]
    Touring1926,
}

impl RulesId {
    /// Every rule set this program can play.
    pub const ALL: [RulesId; 1] = [RulesId::Touring1926];

    /// The identifier used in the protocol, the API and the database.
    pub const fn id(self) -> &'static str {
        match self {
            RulesId::Touring1926 => "touring-1926",
        }
    }

    /// A name for people.
    pub const fn name(self) -> &'static str {
        match self {
            RulesId::Touring1926 => "Touring (1926)",
        }
    }

    /// Parses an identifier, explaining what is available when it is not known.
    pub fn parse(id: &str) -> Result<RulesId, SetupError> {
        RulesId::ALL
            .into_iter()
            .find(|r| r.id() == id)
            .ok_or_else(|| SetupError::UnknownRules(action::truncate(id, 40)))
    }
}

impl std::fmt::Display for RulesId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// The speed limit, shared by the whole table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// City Limits governs: at most 5 miles an hour; a 10 is speeding.
    City,
    /// Country governs: any mile card.
    Country,
}

/// Where a side stands in the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Has not played Go yet (or lost its miles for speeding and must start again).
    NotStarted,
    /// Free to play miles.
    Running,
    /// An opponent's delay lies on its Go pile; it must mend it and play Go.
    Delayed,
}

impl Status {
    /// Words for messages.
    pub const fn describe(self) -> &'static str {
        match self {
            Status::NotStarted => "not started",
            Status::Running => "running",
            Status::Delayed => "delayed",
        }
    }
}

/// How a table is set up: the rules, how many play, and whether they play partners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    pub rules: RulesId,
    pub players: u8,
    pub partners: bool,
}

impl Config {
    /// Checks a configuration. `partners` defaults to true for four and six players.
    pub fn new(rules: RulesId, players: u8, partners: Option<bool>) -> Result<Config, SetupError> {
        if !(2..=6).contains(&players) {
            return Err(SetupError::Players(u64::from(players)));
        }
        let partners = partners.unwrap_or(players == 4 || players == 6);
        if partners && players != 4 && players != 6 {
            return Err(SetupError::Partners(players));
        }
        Ok(Config {
            rules,
            players,
            partners,
        })
    }

    /// The 1926 rules for `players`, with the default partnership.
    pub fn touring_1926(players: u8) -> Result<Config, SetupError> {
        Config::new(RulesId::Touring1926, players, None)
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

/// What every rule set offers. Generic code (self-play, bots) uses it directly for speed;
/// everything else holds a [`Game`].
pub trait Rules: Clone + Send + Sync + 'static {
    /// A new game: `stacked` cards come off the top of the pack first, in order; the rest
    /// follow in the order the seed shuffles them.
    fn new_game(config: Config, seed: u64, stacked: &[Card]) -> Result<Self, SetupError>;
    fn config(&self) -> Config;
    /// The seat whose turn it is (after the game ends: the seat that made the last play).
    fn to_move(&self) -> Seat;
    fn winner(&self) -> Option<Side>;
    fn is_over(&self) -> bool {
        self.winner().is_some()
    }
    /// Completed turns.
    fn turn(&self) -> u32;
    fn reshuffles(&self) -> u32;
    fn miles(&self, side: Side) -> u32;
    /// Every legal action of the seat to move (none once the game is over).
    fn legal_actions(&self, out: &mut ActionList);
    /// How many legal actions there are: `legal_actions(..).len()`, without building the list.
    fn legal_count(&self) -> u32 {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.len() as u32
    }
    /// The legal action at `index` of `legal_actions`, without building the list.
    fn nth_legal(&self, index: u32) -> Option<Action> {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.get(index as usize).copied()
    }
    /// A legal action chosen uniformly at random (none once the game is over): the random
    /// bot, and the playouts of the search bot.
    fn random_action<G: rand::Rng + ?Sized>(&self, rng: &mut G) -> Option<Action> {
        match self.legal_count() {
            0 => None,
            count => self.nth_legal(shuffle::pick(rng, count)),
        }
    }
    /// Applies an action of the seat to move. On error nothing has changed.
    fn apply<E: EventSink>(&mut self, action: Action, events: &mut E) -> Result<(), IllegalAction>;
    /// What `viewer` may see (`None`: everything a referee sees, still without draw order).
    fn view(&self, viewer: Option<Seat>) -> View;

    /// Applies an action on behalf of a given seat, refusing it if it is not that seat's turn.
    fn apply_as<E: EventSink>(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut E,
    ) -> Result<(), IllegalAction> {
        if let Some(winner) = self.winner() {
            return Err(IllegalAction::GameOver { winner });
        }
        let to_move = self.to_move();
        if seat != to_move {
            return Err(IllegalAction::NotYourTurn { seat, to_move });
        }
        self.apply(action, events)
    }

    /// Is this action legal now?
    fn is_legal(&self, action: Action) -> bool {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.contains(&action)
    }
}

/// A game of any rule set: what the tournament, storage and web code hold.
#[derive(Clone, Debug)]
pub enum Game {
    Touring1926(touring1926::State),
}

macro_rules! dispatch {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            Game::Touring1926($g) => $body,
        }
    };
}

impl Rules for Game {
    fn new_game(config: Config, seed: u64, stacked: &[Card]) -> Result<Self, SetupError> {
        match config.rules {
            RulesId::Touring1926 => {
                touring1926::State::new_game(config, seed, stacked).map(Game::Touring1926)
            }
        }
    }
    fn config(&self) -> Config {
        dispatch!(self, g => g.config())
    }
    fn to_move(&self) -> Seat {
        dispatch!(self, g => g.to_move())
    }
    fn winner(&self) -> Option<Side> {
        dispatch!(self, g => g.winner())
    }
    fn turn(&self) -> u32 {
        dispatch!(self, g => g.turn())
    }
    fn reshuffles(&self) -> u32 {
        dispatch!(self, g => g.reshuffles())
    }
    fn miles(&self, side: Side) -> u32 {
        dispatch!(self, g => g.miles(side))
    }
    fn legal_actions(&self, out: &mut ActionList) {
        dispatch!(self, g => g.legal_actions(out))
    }
    fn legal_count(&self) -> u32 {
        dispatch!(self, g => g.legal_count())
    }
    fn nth_legal(&self, index: u32) -> Option<Action> {
        dispatch!(self, g => g.nth_legal(index))
    }
    fn apply<E: EventSink>(&mut self, action: Action, events: &mut E) -> Result<(), IllegalAction> {
        dispatch!(self, g => g.apply(action, events))
    }
    fn view(&self, viewer: Option<Seat>) -> View {
        dispatch!(self, g => g.view(viewer))
    }
}

impl Game {
    /// A new game; see [`Rules::new_game`].
    pub fn new(config: Config, seed: u64, stacked: &[Card]) -> Result<Game, SetupError> {
        <Game as Rules>::new_game(config, seed, stacked)
    }

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

    /// Every legal action of the seat to move, as a vector.
    pub fn legal(&self) -> Vec<Action> {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.to_vec()
    }

    /// Miles of every side.
    pub fn all_miles(&self) -> Vec<u32> {
        (0..self.config().sides()).map(|s| self.miles(s)).collect()
    }
}

/// A stored game that no longer replays: the log or the engine is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the stored game cannot be set up: {0}")]
    Setup(SetupError),
    #[error("stored action {number} is not legal: {error}")]
    Action { number: usize, error: IllegalAction },
}
