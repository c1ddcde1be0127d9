//! The event's seed and the independent streams derived from it.
//!
//! Every random choice of an event (the first seating, each cut for a tie, each table's deal)
//! draws from its own stream, derived from the event's seed and a label. So one draw never
//! shifts another: adding a tie at table 2 leaves the cut at table 5 unchanged, and a stored
//! event recomputes exactly.

use touring_engine::shuffle::derive_seed;

/// The draw that seats round 1.
pub(crate) const FIRST_DRAW: u64 = 1;
/// Cuts for ties; combined with the round and the table.
pub(crate) const CUT: u64 = 2;
/// The deals of the tables' games; combined with the round, the table and the deal.
const GAMES: u64 = 3;

/// The seed of deal `deal` (from 0) at table `table` in round `round`: what the app passes
/// to `engine::Game::new` so that every game of an event replays from the event's seed.
pub fn game_seed(event_seed: u64, round: u32, table: u32, deal: u32) -> u64 {
    let table_label = (u64::from(round) << 32) | u64::from(table);
    derive_seed(
        derive_seed(derive_seed(event_seed, GAMES), table_label),
        u64::from(deal),
    )
}
