#!/usr/bin/env bash
# The load figures of issue 14, in one run: one instance on SQLite, one on PostgreSQL, two on
# PostgreSQL, each at the default load (100 tables of 6, a move per table every 2 s) and at the
# highest load that keeps p99 answer under 25 ms, p99 fan-out under 50 ms and no move lost.
# Loads are tables of 6 playing a move every 500 ms; the highest is found by halving the gap
# between the largest that passed and the smallest that failed, to within STEP tables.
# PostgreSQL is a throwaway cluster on 127.0.0.1:25433 with its own durable settings (a commit
# is on disk before the answer), made by .ci/postgres and removed afterwards.
# Usage: [MAX_TABLES=800] scripts/bench-instances.sh [DURATION_SECONDS] [STEP]   (defaults: 20, 50)
#
# `scripts/bench-instances.sh parts [TABLES] [DURATION_SECONDS] [N...]` (defaults 100 tables, 30 s,
# N = 1 2 3) measures what each part costs, at a load that leaves the machine idle part of the
# time (TABLES tables of 6, a move each every 500 ms): N instances on one PostgreSQL, round
# robin by table (`--spread tables`), each instance's CPU with the moves it answered and those
# of the other instances it heard, and PostgreSQL's processes' CPU (postmaster and backends),
# per move. From one instance: a, the instance's CPU per move it answers (its transaction, its
# answer and its notice relayed to the table's streams); from N: h, the CPU per move of another
# instance it hears, (CPU - a x answered) / heard; p, PostgreSQL's CPU per move.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = parts ]; then
    tables=${2:-100}
    duration=${3:-30}
    shift $(( $# < 3 ? $# : 3 ))
    counts=("$@")
    [ "${#counts[@]}" = 0 ] && counts=(1 2 3)
    cargo build --release --quiet --bin touring --example load
    target=${CARGO_TARGET_DIR:-target}
    mapfile -t postgres < <(TOURING_PG_DURABLE=1 bash .ci/postgres "${PG_PORT:-25433}")
    trap 'bash .ci/postgres stop "${postgres[0]}" || true' EXIT
    postmaster=$(head -1 "${postgres[0]}/data/postmaster.pid")
    a=""
    for n in "${counts[@]}"; do
        out=$("$target/release/examples/load" --binary "$target/release/touring" \
            --database "${postgres[1]}" --instances "$n" --spread tables --postmaster "$postmaster" \
            --tables "$tables" --interval-ms 500 --duration "$duration" 2>/dev/null)
        a=$(python3 - "$n" "$a" "$out" <<'PY'
import json, sys
n, a, s = int(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])
parts = s["per_instance"]
if n == 1:
    a = parts[0]["cpu_ms"] / parts[0]["moves_answered"]
else:
    a = float(a)
heard = [(p["cpu_ms"] - a * p["moves_answered"]) / p["moves_heard"] for p in parts if p["moves_heard"]]
print(f"{n} instance(s): {s['moves_per_s']} moves/s, p99 answer {s['answer_ms']['p99']} ms, "
      f"p99 fan-out {s['fanout_ms']['p99']} ms, errors {s['errors']['total']}, lost {s['lost_moves']}", file=sys.stderr)
for i, p in enumerate(parts):
    print(f"  instance {i}: {p['cpu_ms']} ms CPU, {p['moves_answered']} answered, {p['moves_heard']} heard", file=sys.stderr)
print(f"  a (instance, per move answered) {a:.3f} ms; "
      + (f"h (per move heard) {sum(heard) / len(heard):.3f} ms; " if heard else "")
      + f"p (PostgreSQL, per move) {s['postgres_cpu_ms_per_move']} ms "
      f"({s['postgres_cpu_percent_of_one_core']}% of a core)", file=sys.stderr)
print(a)
PY
)
    done
    exit 0
fi
duration=${1:-20}
step=${2:-50}
max=${MAX_TABLES:-800}   # 4,800 live streams
cargo build --release --quiet --bin touring --example load
target=${CARGO_TARGET_DIR:-target}
load() { "$target/release/examples/load" --binary "$target/release/touring" --duration "$duration" "$@" 2>/dev/null; }

mapfile -t postgres < <(TOURING_PG_DURABLE=1 bash .ci/postgres 25433)
trap 'bash .ci/postgres stop "${postgres[0]}" || true' EXIT
url=${postgres[1]}

# One line per run: the setting, the load and what it measured.
report() { # NAME TABLES INTERVAL JSON
    python3 - "$@" <<'PY'
import json, sys
name, tables, interval, text = sys.argv[1:5]
s = json.loads(text)
t = s["targets"]
ok = t["p99_answer_under_25_ms"] and t["p99_fanout_under_50_ms"] and t["zero_lost_moves"] and t["zero_errors"]
print(f"{name:22} {tables:>4} tables/{interval} ms  {s['moves_per_s']:7.1f} moves/s  "
      f"answer p99 {s['answer_ms']['p99']:8.2f} ms  fan-out p99 {s['fanout_ms']['p99']:8.2f} ms  "
      f"CPU {s['server_cpu_ms_per_move']} ms/move  RSS {s['rss_mb']['peak']} MB  "
      f"errors {s['errors']['total']}  lost {s['lost_moves']}  {'PASS' if ok else 'fail'}")
PY
}
passes() { # JSON
    python3 -c 'import json,sys; t=json.loads(sys.argv[1])["targets"]; sys.exit(0 if t["p99_answer_under_25_ms"] and t["p99_fanout_under_50_ms"] and t["zero_lost_moves"] and t["zero_errors"] else 1)' "$1"
}

for setting in "sqlite 1" "postgres 1" "postgres 2"; do
    read -r db n <<<"$setting"
    args=(--instances "$n")
    [ "$db" = postgres ] && args+=(--database "$url")
    name="$db x$n"
    out=$(load "${args[@]}")
    report "$name (default)" 100 2000 "$out"
    good=0 bad=0 tables=100
    while :; do
        out=$(load "${args[@]}" --tables "$tables" --interval-ms 500)
        report "$name" "$tables" 500 "$out"
        if passes "$out"; then good=$tables; else bad=$tables; fi
        if [ "$bad" = 0 ]; then
            [ "$tables" -ge "$max" ] && break
            tables=$((tables * 2 > max ? max : tables * 2))
        else
            tables=$(( (good + bad) / 2 / step * step ))
        fi
        if [ "$bad" != 0 ] && [ $((bad - good)) -le "$step" ]; then break; fi
        [ "$tables" -le "$good" ] && break
    done
    echo "$name: highest load passing: $good tables of 6, a move each every 500 ms ($((good * 2)) moves/s offered)"
done
