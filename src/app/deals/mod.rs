//! Deals: loading them (a replay of their stored actions) and keeping them, so that reading a
//! deal costs the actions stored since it was last read rather than its whole log.
//!
//! The database stays the authority: a kept deal is a replay of actions that were committed
//! (or read in a snapshot of committed rows), keyed by its game's id and checked against the
//! game's row, and [`load_deal`] always asks the database for the actions after the kept
//! ones. Stored actions are never changed, only appended (a deleted round deletes its games,
//! and a reused id is told apart by its row).
//!
//! Every use case runs on a [`Tx`]: its transaction's connection, with the store of the app
//! that runs it and what it loaded. A read keeps what it loaded at once (it read committed
//! rows); a write keeps what it loaded or played only once it has committed, so a transaction
//! that rolls back leaves nothing behind.

mod loaded;
mod store;
mod tx;

pub use loaded::*;
pub use store::{DealAt, Deals};
pub use tx::{Pending, Tx};
