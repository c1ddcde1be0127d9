#!/usr/bin/env bash
# The load figures (issue 6): a big evening on this machine. A real `touring serve` on
# 127.0.0.1 with a fresh database; 100 tables of 6 (600 seats), every seat holding its page's
# live stream, each table playing one move every 2 s. Prints a JSON summary (answer and fan-out
# times, server memory, errors, lost moves) and stops by itself, the server with it.
# Usage: scripts/bench-load.sh [--duration SECONDS] [--tables N] [--interval-ms MS] [--seed N]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin touring --example load
target=${CARGO_TARGET_DIR:-target}
# The client stops by itself (a run that hangs gives up after its duration plus five minutes)
# and always stops the server it started.
exec "$target/release/examples/load" --binary "$target/release/touring" "$@"
