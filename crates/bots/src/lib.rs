//! Bots that play a seat, seeing only what that seat may see.
//!
//! Three levels share one trait, [`Bot`]: [`Level::Random`] plays a uniformly random legal
//! action, [`Level::Steady`] plays the rules of thumb of a good player, and [`Level::Shrewd`]
//! searches: it deals the cards it cannot see at random many times and plays each candidate
//! forward (see `docs/bots.md`).
//!
//! A bot is handed an [`Observation`], never a game: the observation is built from the game
//! for one seat, so no bot can look at another hand or the order of the draw pile. The server
//! holds an [`engine::Game`](touring_engine::Game) and calls [`choose`], which builds the
//! observation itself.

pub mod search;
pub mod touring_family;
// The rule sets' modules, one per line of `with_rule_sets!` (declared plainly, outside the
// macro, so that rustfmt reaches them; the dispatch the macro writes names each of them, so a
// line missing here or there does not compile).
pub mod mille_bornes;
pub mod touring1926;
pub mod touring1958;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use touring_engine::{Action, Config, EventSink, Game, Rules, RulesId, Seat, Side};

/// The random stream a bot decides with. Fast and small: the search bot draws millions of
/// numbers a second, and the stream never decides a deal, so it needs no cryptographic quality.
pub type BotRng = Xoshiro256PlusPlus;

/// A bot's random stream for a seed.
pub fn bot_rng(seed: u64) -> BotRng {
    BotRng::seed_from_u64(seed)
}

/// How strong a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A uniformly random legal action.
    Random,
    /// Rules of thumb: start, mend, delay the leader, mind the speed, discard the dead.
    Steady,
    /// Search over the hidden cards, with steady play to look ahead.
    Shrewd,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Random, Level::Steady, Level::Shrewd];

    /// The level's name in the API and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Steady => "steady",
            Level::Shrewd => "shrewd",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A bot level name that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot \"{0}\"; the bots are random, steady and shrewd")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(name: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == name)
            .ok_or_else(|| UnknownLevel(touring_engine::json::truncate(name, 40)))
    }
}

/// How long the search bot may think about one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time per move: the strength a real table gets, but not reproducible.
    Time(Duration),
    /// A fixed number of playouts per move: the same seed gives the same move on any machine.
    Playouts(u32),
}

impl Budget {
    /// The budget for games with people: 200 ms a move.
    pub const DEFAULT: Budget = Budget::Time(Duration::from_millis(200));
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}
/// Writes what every rule set's bot folder has alike: the `Bot` trait over
/// the rule set's `Observation` and `Action`, `new_bot`, the random bot (a uniformly random
/// legal action: the baseline every other bot must beat), and how the steady and shrewd bots
/// act. Invoked at the top of the folder's `mod.rs`, with `ShrewdBot`, `State` and the modules
/// `steady` (its `choose` and `scores`) and `shrewd` (`ALWAYS`, `worth_searching` and
/// `playout`) in scope. The shrewd bot ranks its candidates by steady's `scores`; with
/// `styled`, `scores` takes the style of the search's knobs (`params.style`) too. With
/// `no_memory` it also writes the [`BotRules`] impl of a rule set whose observation already
/// holds all a seat remembers (extra items of that impl follow in braces).
macro_rules! rule_set_bots {
    () => {
        $crate::rule_set_bots!(@bots []);
    };
    (styled) => {
        $crate::rule_set_bots!(@bots [style]);
    };
    (@bots [$($style:ident)?]) => {
        /// A player that chooses its seat's action from what that seat may see.
        pub trait Bot: Send {
            /// The level the bot was asked for.
            fn level(&self) -> Level;

            /// The action to play, or `None` when the observing seat is not asked to act (or the
            /// game is over). The action is always one of the seat's legal actions.
            fn act(&mut self, observation: &Observation, rng: &mut BotRng) -> Option<Action>;
        }

        /// A bot of a level. The budget matters only to the search bot.
        pub fn new_bot(level: Level, budget: Budget) -> Box<dyn Bot> {
            match level {
                Level::Random => Box::new(RandomBot),
                Level::Steady => Box::new(SteadyBot),
                Level::Shrewd => Box::new(ShrewdBot::new(budget)),
            }
        }

        /// Plays a uniformly random legal action.
        #[derive(Clone, Copy, Debug, Default)]
        pub struct RandomBot;

        impl Bot for RandomBot {
            fn level(&self) -> Level {
                Level::Random
            }

            fn act(&mut self, observation: &Observation, rng: &mut BotRng) -> Option<Action> {
                observation.random_action(rng)
            }
        }

        /// Plays the rules of thumb of a good player (see the `steady` module).
        #[derive(Clone, Copy, Debug, Default)]
        pub struct SteadyBot;

        impl Bot for SteadyBot {
            fn level(&self) -> Level {
                Level::Steady
            }

            fn act(&mut self, observation: &Observation, _rng: &mut BotRng) -> Option<Action> {
                let mut legal = touring_engine::ActionList::new();
                observation.legal_actions(&mut legal);
                steady::choose(observation, &legal)
            }
        }

        impl Bot for ShrewdBot {
            fn level(&self) -> Level {
                Level::Shrewd
            }

            fn act(&mut self, observation: &Observation, rng: &mut BotRng) -> Option<Action> {
                let mut legal = touring_engine::ActionList::new();
                observation.legal_actions(&mut legal);
                if let Some(always) = shrewd::ALWAYS.filter(|action| legal.contains(action)) {
                    return Some(always);
                }
                // Steady's preference orders the candidates: ties go to the move it prefers,
                // and its first choice is only given up when search finds something clearly
                // better.
                let mut scores = [0i32; touring_engine::MAX_ACTIONS];
                let params = self.params;
                steady::scores(observation, &legal, $(params.$style,)? &mut scores);
                let me = observation.side();
                self.choose(
                    &legal,
                    &scores,
                    params.z,
                    rng,
                    |action| shrewd::worth_searching(observation, action),
                    &mut |rng| observation.determinize(rng),
                    |game: &mut State| shrewd::playout(game, me, params),
                )
            }
        }
    };
    (no_memory { $($extra:item)* }) => {
        $crate::rule_set_bots!();

        impl BotRules for State {
            type Memory = NoEvents;
            type Player = Box<dyn Bot>;

            fn memory(_players: u8) -> NoEvents {
                NoEvents
            }

            fn player(level: Level, budget: Budget) -> Box<dyn Bot> {
                new_bot(level, budget)
            }

            fn act(
                &self,
                player: &mut Box<dyn Bot>,
                _memory: &NoEvents,
                seat: Seat,
                rng: &mut BotRng,
            ) -> Option<Action> {
                player.act(&self.observe(seat), rng)
            }

            $($extra)*
        }
    };
}
pub(crate) use rule_set_bots;

/// The first of `legal` with the highest `score` (the first listed on a tie): how every steady
/// bot chooses.
#[inline]
pub fn best_scored<A: Copy>(legal: &[A], score: impl Fn(A) -> i32) -> Option<A> {
    let mut best: Option<(i32, A)> = None;
    for &action in legal {
        let points = score(action);
        if best.is_none_or(|(top, _)| points > top) {
            best = Some((points, action));
        }
    }
    best.map(|(_, action)| action)
}

/// The `score` of each of `legal` into `out`, in order: how a steady bot ranks the candidates
/// of its rule set's search bot.
pub fn score_into<A: Copy>(legal: &[A], out: &mut [i32], score: impl Fn(A) -> i32) {
    for (slot, &action) in out.iter_mut().zip(legal) {
        *slot = score(action);
    }
}

/// Why a bot was not asked to move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    #[error("the race is over: side {winner} won")]
    GameOver { winner: Side },
    #[error("it is seat {to_move}'s turn, not seat {seat}'s")]
    NotYourTurn { seat: Seat, to_move: Seat },
    #[error("there is no seat {seat}: this game has seats 0 to {last}")]
    NoSuchSeat { seat: Seat, last: Seat },
    /// Cannot happen with the real pack (a discard is always legal); reported, not hidden.
    #[error("seat {seat} has no legal action")]
    NoLegalAction { seat: Seat },
    /// The deal's log does not replay, or belongs to another rule set.
    #[error("the deal cannot be replayed for the bot: {0}")]
    Replay(String),
}

impl BotError {
    /// Checks that `seat` may be asked to move: it exists, the game goes on, and it is its turn.
    pub fn check_turn(
        players: u8,
        winner: Option<Side>,
        to_move: Seat,
        seat: Seat,
    ) -> Result<(), BotError> {
        if seat >= players {
            return Err(BotError::NoSuchSeat {
                seat,
                last: players.saturating_sub(1),
            });
        }
        if let Some(winner) = winner {
            return Err(BotError::GameOver { winner });
        }
        if to_move != seat {
            return Err(BotError::NotYourTurn { seat, to_move });
        }
        Ok(())
    }
}

/// A rule set's bots, as self-play drives them: one player per seat, and what every seat
/// remembers as the game goes on (fed as the event sink of `apply`).
pub trait BotRules: Rules {
    type Memory: EventSink<Self::Event>;
    type Player: Send;
    /// Empty memories for every seat of a table.
    fn memory(players: u8) -> Self::Memory;
    /// A bot of a level; the budget matters only to the search bot.
    fn player(level: Level, budget: Budget) -> Self::Player;
    /// The player's action for `seat`, from what that seat may see and remembers.
    fn act(
        &self,
        player: &mut Self::Player,
        memory: &Self::Memory,
        seat: Seat,
        rng: &mut BotRng,
    ) -> Option<Self::Action>;
    /// Checks that `seat` may be asked to move now (see [`BotError::check_turn`]).
    fn check_turn(&self, seat: Seat) -> Result<(), BotError> {
        BotError::check_turn(self.config().players, self.winner(), self.to_move(), seat)
    }
}

/// The action a bot of `level` plays for `seat`, from what that seat may see and what it
/// remembers in `memory`: the choosing every rule set shares (the turn checked, the bot's
/// random stream from `seed`, the rule set's bot of that level asked).
pub fn choose_remembering<R: BotRules>(
    level: Level,
    state: &R,
    memory: &R::Memory,
    seat: Seat,
    seed: u64,
    budget: Budget,
) -> Result<R::Action, BotError> {
    state.check_turn(seat)?;
    let mut rng = bot_rng(seed);
    state
        .act(&mut R::player(level, budget), memory, seat, &mut rng)
        .ok_or(BotError::NoLegalAction { seat })
}

/// The action a bot of `level` plays for `seat` in a game of one rule set, remembering nothing
/// of what went before.
pub fn choose_in<R: BotRules>(
    level: Level,
    state: &R,
    seat: Seat,
    seed: u64,
    budget: Budget,
) -> Result<R::Action, BotError> {
    let memory = R::memory(state.config().players);
    choose_remembering(level, state, &memory, seat, seed, budget)
}

/// Replays a stored deal of one rule set with every seat's memory, then lets the bot choose
/// for `seat`.
pub fn choose_in_deal_of<R: BotRules>(
    level: Level,
    config: Config,
    deal_seed: u64,
    history: &[R::Action],
    seat: Seat,
    seed: u64,
    budget: Budget,
) -> Result<R::Action, BotError> {
    let mut state =
        R::new_game(config, deal_seed, &[]).map_err(|e| BotError::Replay(e.to_string()))?;
    let mut memory = R::memory(config.players);
    for &action in history {
        state
            .apply(action, &mut memory)
            .map_err(|e| BotError::Replay(e.to_string()))?;
    }
    choose_remembering(level, &state, &memory, seat, seed, budget)
}

/// Code that is generic over a rule set with bots, run for one chosen at run time by [`visit`].
pub trait Visitor {
    type Output;
    fn visit<R: BotRules>(self) -> Self::Output;
}

macro_rules! bot_rule_sets {
    ($( $variant:ident => $module:ident, $id:literal, $name:literal; )+) => {
        /// The action a bot of `level` plays for `seat`, deciding from that seat's view only.
        ///
        /// `seed` makes the choice reproducible: with [`Budget::Playouts`] (or any level but
        /// shrewd), the same game, seat and seed give the same action.
        pub fn choose(
            level: Level,
            game: &Game,
            seat: Seat,
            seed: u64,
            budget: Budget,
        ) -> Result<Action, BotError> {
            match game {
                $(Game::$variant(state) => {
                    choose_in(level, state, seat, seed, budget).map(Action::$variant)
                })+
            }
        }

        /// The action a bot plays for `seat` in a stored deal: the deal is replayed from its
        /// seed and log, and the bot remembers what its seat saw on the way (never what it
        /// could not see). This is what the server calls.
        pub fn choose_in_deal(
            level: Level,
            config: Config,
            deal_seed: u64,
            history: &[Action],
            seat: Seat,
            seed: u64,
            budget: Budget,
        ) -> Result<Action, BotError> {
            match config.rules {
                $(RulesId::$variant => {
                    #[allow(irrefutable_let_patterns, unreachable_patterns)]
                    let history = history
                        .iter()
                        .map(|action| match *action {
                            Action::$variant(action) => Ok(action),
                            _ => Err(BotError::Replay("an action of another rule set".into())),
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    choose_in_deal_of::<touring_engine::$module::State>(
                        level, config, deal_seed, &history, seat, seed, budget,
                    )
                    .map(Action::$variant)
                })+
            }
        }

        /// Runs `visitor` with the state type of a rule set: how self-play drives the bots
        /// of any rule set through [`BotRules`].
        pub fn visit<V: Visitor>(rules: RulesId, visitor: V) -> V::Output {
            match rules {
                $(RulesId::$variant => visitor.visit::<touring_engine::$module::State>(),)+
            }
        }
    };
}

touring_engine::with_rule_sets!(bot_rule_sets);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_print_and_serialise_in_lowercase() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
            assert_eq!(level.to_string(), level.name());
            let json = serde_json::to_string(&level).expect("serialise");
            assert_eq!(json, format!("\"{}\"", level.name()));
            let back: Level = serde_json::from_str(&json).expect("deserialise");
            assert_eq!(back, level);
        }
        let err = "Steady".parse::<Level>().expect_err("names are lowercase");
        assert!(
            err.to_string().contains("random, steady and shrewd"),
            "{err}"
        );
    }

    #[test]
    fn the_default_budget_is_200_ms_a_move() {
        assert_eq!(Budget::default(), Budget::Time(Duration::from_millis(200)));
    }
}
