//! Helpers for the bots' tests of every rule set: two-player matches through self-play.

use touring::bots::{Budget, Level};
use touring::engine::{Config, RulesId};
use touring::selfplay;

/// Plays `games` two-player games of `rules` between two bots on two threads; the bots change
/// seats every game, and a game still going after 2,000 turns is unfinished.
pub fn duel_summary(
    rules: RulesId,
    bots: [Level; 2],
    games: u64,
    seed: u64,
    budget: Budget,
) -> selfplay::Summary {
    selfplay::run_bots(
        &selfplay::Options {
            config: Config::new(rules, 2, None).expect("config"),
            games,
            seed,
            max_turns: 2000,
        },
        &selfplay::BotOptions {
            bots: bots.to_vec(),
            budget,
            threads: 2,
        },
    )
    .expect("bots play")
}

/// Each bot's wins, in the order they were named.
pub fn wins(summary: &selfplay::Summary) -> Vec<u64> {
    summary
        .bots
        .as_ref()
        .expect("bots")
        .iter()
        .map(|b| b.wins)
        .collect()
}
