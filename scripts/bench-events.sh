#!/usr/bin/env bash
# The events figures (issue 3): closing a round of 500 tables, a whole simulated event of 1000
# entries over 10 rounds, and the database size per 1,000 stored actions.
# Usage: scripts/bench-events.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/touring
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== closing a round of 500 tables, pure tournament code (criterion)"
cargo bench --quiet --bench tournament 2>/dev/null | grep -E "^(close|standings)|time:" || true

echo "== touring simulate --entries 1000 --rounds 10 (500 tables, 60 turns per table per round)"
start=$(date +%s.%N)
"$bin" simulate --entries 1000 --rounds 10 --round-turns 60 --seed 1 \
    --database "$tmp/sim.sqlite" --timings >"$tmp/sim.json" 2>"$tmp/timings.json"
end=$(date +%s.%N)
python3 - "$tmp/timings.json" "$tmp/sim.sqlite" "$start" "$end" <<'PY'
import json, os, sys
timings = json.load(open(sys.argv[1]))["timings"]
size = os.path.getsize(sys.argv[2])
wall = float(sys.argv[4]) - float(sys.argv[3])
rounds = 10
print(f"whole command: {wall:.1f} s wall clock")
print(f"  setup {timings['setup']:.2f} s, playing {timings['playing']:.2f} s, "
      f"closing {timings['closing']:.2f} s ({timings['closing'] / rounds * 1000:.0f} ms per close of 500 tables, "
      "with the scores recorded and the next round seated)")
print(f"database: {size / 1e6:.1f} MB for {timings['actions']} actions = "
      f"{size / timings['actions'] * 1000 / 1024:.0f} KiB per 1,000 stored actions (everything included)")
PY
