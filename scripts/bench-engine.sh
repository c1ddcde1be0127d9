#!/usr/bin/env bash
# The engine's speed figures for every rule set (issue 2, issue 10): instructions per decision
# under callgrind for random two-player self-play (target: at most 300 in each), decisions per
# second on one core, and the allocation count per decision (a test).
# Usage: scripts/bench-engine.sh [games]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-2000}
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/touring
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rule_sets="touring-1926 touring-1958 mille-bornes"

for rules in $rule_sets; do
    echo "== $rules: instructions per decision: callgrind, selfplay --games $games --seed 1"
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
        "$bin" selfplay --rules "$rules" --games "$games" --seed 1 \
        >"$tmp/selfplay.json" 2>"$tmp/valgrind.log"
    instructions=$(awk '/^(summary|totals):/ {print $2; exit}' "$tmp/cg.out")
    decisions=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["decisions"])' "$tmp/selfplay.json")
    python3 -c 'import sys; i,d=int(sys.argv[1]),int(sys.argv[2]); print(f"{i} instructions / {d} decisions = {i/d:.1f} per decision")' "$instructions" "$decisions"

    echo "== $rules: decisions per second: selfplay --games 20000, best of 3, one core"
    for seed in 1 2 3; do
        taskset -c 0 "$bin" selfplay --rules "$rules" --games 20000 --seed "$seed" 2>/dev/null \
            || "$bin" selfplay --rules "$rules" --games 20000 --seed "$seed"
    done | python3 -c '
import json, sys
runs = [json.loads(line)["decisions_per_second"] / 1e6 for line in sys.stdin]
listed = ", ".join("%.2f" % r for r in runs)
print("%.2f million decisions per second (runs: %s)" % (max(runs), listed))'
done

echo "== heap allocations per decision (a test with a counting allocator, every rule set)"
cargo test --release --quiet --test no_allocation 2>&1 | grep -E "test result|panicked"
