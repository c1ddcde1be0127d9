//! touring: Progressive Touring card parties.
//!
//! - [`cli`]: the `touring` command and its subcommands.
//! - [`engine`]: the rules of each card game, pure and deterministic.
//! - [`protocol`]: the JSON-lines engine protocol, as a pure line-in, line-out session.
//! - [`selfplay`]: complete games between bots, for statistics and speed.

pub mod app;
pub mod bots;
pub mod cli;
pub mod db;
pub mod engine;
pub mod logging;
pub mod metrics;
pub mod protocol;
pub mod selfplay;
pub mod tournament;
pub mod web;
