//! The bots of Touring (1937-1958): random, steady and shrewd, each choosing from one seat's
//! [`Observation`]. The discard pile is face up in this game, so an observation already holds
//! everything a seat remembers: the bots need no memory of past events.

pub mod shrewd;
pub mod steady;

use super::{BotRng, BotRules, Budget, Level};
use touring_engine::touring1958::{Action, State};
use touring_engine::{NoEvents, Seat};

pub use shrewd::ShrewdBot;
pub use touring_engine::touring1958::Observation;

super::rule_set_bots!(no_memory {});
