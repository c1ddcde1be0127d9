//! `touring simulate`: a whole event played by bots through the real tournament code and
//! storage, in a temporary SQLite file, printed as one JSON object.

use std::sync::Arc;

use chrono::Utc;

use crate::app::{App, Database, ManualClock, simulate};
use crate::engine::RulesId;
use crate::tournament::Remainder;

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The rule set every table plays.
    #[arg(long, default_value = "touring-1926", value_parser = super::parse_rules)]
    pub rules: RulesId,
    /// Entries: players, or partnerships with --table-size 4 or 6.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(2..=100_000))]
    pub entries: u32,
    /// Players at a table: 2 or 3 each for himself, 4 or 6 in partnerships.
    #[arg(long, default_value_t = 2, value_parser = parse_table_size)]
    pub table_size: u8,
    /// Rounds.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rounds: u32,
    /// Turns each table plays in a round.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub round_turns: u32,
    /// Numbers that don't fill whole tables: mixed_tables, byes or bots.
    #[arg(long, default_value = "mixed_tables", value_parser = ["mixed_tables", "byes", "bots"])]
    pub remainder: String,
    /// The seed of the seating, the cuts, the deals and the bots.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Keep the database in this file instead of a temporary one.
    #[arg(long)]
    pub database: Option<std::path::PathBuf>,
    /// Also print how long the parts took (on standard error).
    #[arg(long)]
    pub timings: bool,
}

fn parse_table_size(text: &str) -> Result<u8, String> {
    match text.parse::<u8>() {
        Ok(n @ (2 | 3 | 4 | 6)) => Ok(n),
        _ => Err(format!(
            "a table seats 2, 3, 4 or 6 players (4 and 6 play partners), not {text}"
        )),
    }
}

/// Runs the simulation and prints the report.
pub fn run(args: &Args) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| format!("cannot make a temporary directory: {e}"))?;
    let path = args
        .database
        .clone()
        .unwrap_or_else(|| dir.path().join("simulation.sqlite"));
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let app = App::open(&Database::Sqlite(path.clone()), 2, clock.clone())
        .map_err(|e| format!("{e} ({})", path.display()))?;
    crate::app::secret::install(crate::app::secret::SIMULATION);
    let options = simulate::Options {
        rules: args.rules,
        entries: args.entries,
        table_size: args.table_size,
        rounds: args.rounds,
        round_turns: args.round_turns,
        seed: args.seed,
        remainder: match args.remainder.as_str() {
            "byes" => Remainder::Byes,
            "bots" => Remainder::Bots,
            _ => Remainder::MixedTables,
        },
    };
    let (report, timings) = simulate::run(&app, &clock, &options).map_err(|e| e.to_string())?;
    let json = serde_json::to_string(&report).map_err(|e| e.to_string())?;
    super::print_line(&json)?;
    if args.timings {
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        eprintln!(
            "{}",
            serde_json::json!({"timings": timings, "database_bytes": size})
        );
    }
    Ok(())
}
