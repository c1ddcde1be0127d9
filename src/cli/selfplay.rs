//! `touring selfplay`: complete games between bots, summarised as one JSON object.

use std::time::Duration;

use crate::bots::{Budget, Level};
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
    /// Bots to seat instead of random play, comma-separated: one per side (or per seat, or one
    /// for every seat) from random, steady and shrewd. They change seats every game.
    #[arg(long, value_delimiter = ',', value_parser = parse_level)]
    pub bots: Vec<Level>,
    /// The search bot's thinking time per move, in milliseconds (default 200).
    #[arg(long, conflicts_with = "playouts")]
    pub think_ms: Option<u64>,
    /// Give the search bot this many playouts per move instead of a time: reproducible.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub playouts: Option<u32>,
    /// Threads for bot games (default: every core). Random play without bots uses one.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
}

fn parse_level(name: &str) -> Result<Level, String> {
    name.parse::<Level>().map_err(|e| e.to_string())
}

/// Plays the games and prints the summary.
pub fn run(args: &Args) -> Result<(), String> {
    let config = Config::new(args.rules, args.players, args.partners).map_err(|e| e.to_string())?;
    let options = selfplay::Options {
        config,
        games: args.games,
        seed: args.seed,
        max_turns: args.max_turns,
    };
    let summary = if args.bots.is_empty() {
        selfplay::run(&options)
            .map_err(|e| format!("the engine refused one of its own legal actions: {e}"))?
    } else {
        let budget = match (args.playouts, args.think_ms) {
            (Some(playouts), _) => Budget::Playouts(playouts),
            (None, Some(ms)) => Budget::Time(Duration::from_millis(ms)),
            (None, None) => Budget::DEFAULT,
        };
        let threads = args.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            usize::from,
        );
        selfplay::run_bots(
            &options,
            &selfplay::BotOptions {
                bots: args.bots.clone(),
                budget,
                threads,
            },
        )
        .map_err(|e| e.to_string())?
    };
    let json = serde_json::to_string(&summary).map_err(|e| e.to_string())?;
    super::print_line(&json)
}
