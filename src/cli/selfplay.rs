//! `touring selfplay`: complete games between bots, summarised as one JSON object.

use crate::engine::{Config, RulesId};
use crate::selfplay;

#[derive(clap::Args)]
pub struct Args {
    /// The rule set.
    #[arg(long, default_value = "touring-1926", value_parser = super::parse_rules)]
    pub rules: RulesId,
    /// Players at the table (2 to 6).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=6))]
    pub players: u8,
    /// Play partners (default: yes with 4 or 6 players).
    #[arg(long)]
    pub partners: Option<bool>,
    /// How many games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// The seed every game's deal is derived from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game still going after this many turns ends as unfinished.
    #[arg(long, default_value_t = 2000)]
    pub max_turns: u32,
}

/// Plays the games and prints the summary.
pub fn run(args: &Args) -> Result<(), String> {
    let config = Config::new(args.rules, args.players, args.partners).map_err(|e| e.to_string())?;
    let summary = selfplay::run(&selfplay::Options {
        config,
        games: args.games,
        seed: args.seed,
        max_turns: args.max_turns,
    })
    .map_err(|e| format!("the engine refused one of its own legal actions: {e}"))?;
    let json = serde_json::to_string(&summary).map_err(|e| e.to_string())?;
    super::print_line(&json)
}
