//! The `touring` command. Everything it does lives in the library (`touring::cli`).

use std::process::ExitCode;

use clap::Parser;

/// jemalloc serves the program's memory (see Cargo.toml).
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    // RUST_LOG chooses what is logged (warnings and the access lines by default), and
    // --log-format how. Nothing logs a request's path or address, so seat and host tokens in
    // links never reach the log.
    let cli = touring::cli::Cli::parse();
    touring::logging::init(cli.log_format);
    match cli.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("touring: {message}");
            ExitCode::FAILURE
        }
    }
}
