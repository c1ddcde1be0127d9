#!/usr/bin/env bash
# Two instances over one PostgreSQL database, playing tables of bots: how many transactions
# roll back per stored action (issue 51). Each instance does the timed work (bots, turn clock,
# the round's end) of the events it holds a lease on; before the leases both raced for every
# bot's move and one of each two writes was wasted. Makes 8 events of one table of two steady
# bots each, starts their rounds, lets the bots play, stops both instances (so that PostgreSQL
# has counted every transaction) and prints the stored actions and PostgreSQL's rollbacks in
# that database (`pg_stat_database.xact_rollback`).
# PostgreSQL is a throwaway cluster on 127.0.0.1:$PG_PORT (default 25440), made by .ci/postgres
# and removed afterwards; the instances listen on 127.0.0.1:18440 and :18441.
# Usage: [BINARY=target/debug/touring] scripts/bench-bot-instances.sh [SECONDS] [EVENTS] [BOT_DELAY_MS]
#        (defaults: 15 s, 8 events, 0 ms: the bots play as fast as the server lets them)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-15}
events=${2:-8}
delay=${3:-0}
binary=${BINARY:-}
if [ -z "$binary" ]; then
    cargo build --quiet --bin touring
    binary=${CARGO_TARGET_DIR:-target}/debug/touring
fi
pg_port=${PG_PORT:-25440}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
work=$(mktemp -d /tmp/touring-bench-bots.XXXXXX)
mapfile -t postgres < <(bash .ci/postgres "$pg_port")
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
    bash .ci/postgres stop "${postgres[0]}" || true
    rm -rf "$work"
}
trap cleanup EXIT
admin=${postgres[1]}
"$bin/psql" -q "$admin" -c "CREATE DATABASE bench"
url=${admin%/postgres}/bench
sql() { "$bin/psql" -qtA "$url" -c "$1"; }

for port in 18440 18441; do
    "$binary" serve --database "$url" --key-file "$work/touring.key" --address 127.0.0.1 \
        --port "$port" --bot-delay-ms "$delay" >"$work/$port.out" 2>"$work/$port.log" &
    pids+=($!)
    for _ in $(seq 100); do
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
        sleep 0.1
    done
done

api() { # PORT METHOD PATH [TOKEN] [BODY]
    curl -sf -X "$2" "http://127.0.0.1:$1/api/v1$3" -H 'content-type: application/json' \
        ${4:+-H "authorization: Bearer $4"} ${5:+-d "$5"}
}
ids=() hosts=()
for e in $(seq "$events"); do
    created=$(api 18440 POST /events "" '{"name":"Bots '"$e"'","table_size":2,"seed":'"$e"',
        "round":{"kind":"timed","seconds":600},"length":{"kind":"rounds","rounds":1}}')
    ids+=("$(jq -r .event.id <<<"$created")")
    hosts+=("$(jq -r .host_token <<<"$created")")
    for name in Robot Droid; do
        api 18440 POST "/events/${ids[-1]}/entries" "${hosts[-1]}" \
            '{"names":["'"$name"'"],"bot":"steady"}' >/dev/null
    done
    api 18440 POST "/events/${ids[-1]}/rounds" "${hosts[-1]}" '{}' >/dev/null
done
# Every event is seated before the rounds start, and the count starts with them. The instances
# have had a few seconds to share the events out (their leases expire after 3 s).
sleep 4
before=$(sql "SELECT xact_rollback FROM pg_stat_database WHERE datname = 'bench'")
for i in "${!ids[@]}"; do
    api 18440 POST "/events/${ids[$i]}/rounds/1/start" "${hosts[$i]}" '{}' >/dev/null
done
sleep "$seconds"
# SIGTERM: each instance ends its connections, whose backends then report what they counted.
for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
pids=()
sleep 1
actions=$(sql "SELECT count(*) FROM actions")
after=$(sql "SELECT xact_rollback FROM pg_stat_database WHERE datname = 'bench'")
rollbacks=$((after - before))
python3 - "$actions" "$rollbacks" "$seconds" "$events" "$delay" <<'PY'
import sys
actions, rollbacks, seconds, events, delay = map(int, sys.argv[1:6])
per100 = 100 * rollbacks / actions if actions else float("nan")
print(f"2 instances, {events} tables of 2 bots, bot delay {delay} ms, {seconds} s: "
      f"{actions} actions stored, {rollbacks} transactions rolled back, "
      f"{per100:.1f} per 100 actions")
PY
