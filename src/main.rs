//! The `touring` command: the server (later), the engine protocol and self-play.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use touring::engine::{Config, RulesId};
use touring::protocol::{MAX_LINE, Reply, Session};
use touring::selfplay;

#[derive(Parser)]
#[command(name = "touring", version, about = "Progressive Touring card parties")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Drive one table's rules engine with JSON lines on stdin/stdout (docs/engine-protocol.md).
    Engine,
    /// Play complete games between bots and print a JSON summary.
    Selfplay(SelfplayArgs),
}

#[derive(clap::Args)]
struct SelfplayArgs {
    /// The rule set.
    #[arg(long, default_value = "touring-1926", value_parser = parse_rules)]
    rules: RulesId,
    /// Players at the table (2 to 6).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=6))]
    players: u8,
    /// Play partners (default: yes with 4 or 6 players).
    #[arg(long)]
    partners: Option<bool>,
    /// How many games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The seed every game's deal is derived from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game still going after this many turns ends as unfinished.
    #[arg(long, default_value_t = 2000)]
    max_turns: u32,
}

fn parse_rules(id: &str) -> Result<RulesId, String> {
    RulesId::parse(id).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Engine) => run_engine(),
        Some(Command::Selfplay(args)) => run_selfplay(&args),
        None => print_line("touring: say what to run; `touring --help` lists the commands"),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("touring: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run_engine() -> Result<(), String> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut output = stdout.lock();
    let mut session = Session::new();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let (read, complete) = read_line_capped(&mut input, &mut buffer, MAX_LINE)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        if read == 0 {
            return Ok(());
        }
        let reply = if !complete {
            Session::too_long()
        } else {
            match std::str::from_utf8(&buffer) {
                Ok(line) => session.handle_line(line.trim_end_matches(['\n', '\r'])),
                Err(_) => Session::not_utf8(),
            }
        };
        let Reply { line, quit } = reply;
        writeln!(output, "{line}")
            .and_then(|()| output.flush())
            .map_err(|e| format!("cannot write standard output: {e}"))?;
        if quit {
            return Ok(());
        }
    }
}

/// Reads one line into `buffer`, keeping at most `max` bytes; a longer line is consumed to its
/// end and reported as incomplete. Returns the bytes read (0 at end of input).
fn read_line_capped(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
    max: usize,
) -> io::Result<(usize, bool)> {
    let mut total = 0;
    let mut complete = true;
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok((total, complete));
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let len = chunk.len();
        if buffer.len() + len <= max {
            buffer.extend_from_slice(chunk);
        } else {
            complete = false;
        }
        input.consume(len);
        total += len;
        if done {
            return Ok((total, complete));
        }
    }
}

fn run_selfplay(args: &SelfplayArgs) -> Result<(), String> {
    let config = Config::new(args.rules, args.players, args.partners).map_err(|e| e.to_string())?;
    let summary = selfplay::run(&selfplay::Options {
        config,
        games: args.games,
        seed: args.seed,
        max_turns: args.max_turns,
    })
    .map_err(|e| format!("the engine refused one of its own legal actions: {e}"))?;
    let json = serde_json::to_string(&summary).map_err(|e| e.to_string())?;
    print_line(&json)
}

/// Prints one line to standard output, reporting (not panicking on) a closed pipe.
fn print_line(line: &str) -> Result<(), String> {
    let mut out = io::stdout().lock();
    writeln!(out, "{line}")
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write standard output: {e}"))
}
