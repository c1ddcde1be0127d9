//! The `touring` command. Everything it does lives in the library (`touring::cli`).

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    match touring::cli::Cli::parse().run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("touring: {message}");
            ExitCode::FAILURE
        }
    }
}
