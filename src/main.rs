//! The `touring` command. Everything it does lives in the library (`touring::cli`).

use std::process::ExitCode;

use clap::Parser;

/// jemalloc serves the program's memory (see Cargo.toml).
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's settings (`_RJEM_MALLOC_CONF` in the environment overrides them): an arena per
/// CPU, which a thread allocates from while it runs there, instead of four per CPU shared out
/// among the threads; and freed pages given back after one second instead of ten. At 2,000
/// moves a second with 6,000 open pages this held 10% less memory and answered faster
/// (docs/benchmarks.md, issue 29). jemalloc reads this C string, by name, when it starts.
#[cfg(not(target_env = "msvc"))]
#[allow(non_upper_case_globals)]
#[unsafe(export_name = "_rjem_malloc_conf")]
static malloc_conf: &[u8] = b"percpu_arena:percpu,dirty_decay_ms:1000\0";

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
