//! The `touring` command. Everything it does lives in the library (`touring::cli`).

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // RUST_LOG chooses what is logged (warnings by default). Nothing logs a request's address,
    // so seat and host tokens in links never reach the log.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    match touring::cli::Cli::parse().run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("touring: {message}");
            ExitCode::FAILURE
        }
    }
}
