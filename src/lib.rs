//! touring: Progressive Touring card parties.
//!
//! The layers run one way: [`web`] -> [`app`] -> ([`tournament`], [`engine`], [`db`]).
//!
//! - [`web`]: actix-web handlers for the pages, the JSON API and the live streams.
//! - [`app`]: the use cases; the only layer that holds a database connection.
//! - [`tournament`]: the progressive format (seating, movement, scores), pure.
//! - [`engine`]: the rules of each card game, pure and deterministic.
//! - [`bots`]: the players a seat can be handed to, per rule set.
//! - [`db`]: the schema, migrations and queries of SQLite and PostgreSQL.
//! - [`protocol`]: the JSON-lines engine protocol, as a pure line-in, line-out session.
//! - [`selfplay`]: complete games between bots, for statistics and speed.
//! - [`i18n`]: the translations (Project Fluent), for pages and messages in the reader's language.
//! - [`metrics`]: the Prometheus counters the server keeps.
//! - [`cache`]: the one way the server keeps what it could read or draw again.
//! - [`cli`]: the `touring` command and its subcommands.

pub mod app;
pub mod cache;
pub use touring_bots as bots;
pub mod cli;
pub mod db;
pub use touring_engine as engine;
pub use touring_i18n as i18n;
pub mod logging;
pub mod metrics;
pub mod protocol;
pub mod selfplay;
pub use touring_tournament as tournament;
pub mod web;
