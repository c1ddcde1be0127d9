#!/usr/bin/env bash
# Mille Bornes against the classic C engine, BSD `mille` (issue 12): random two-player hands
# per second on one core, ours and theirs in the same run. Target: ours at least twice theirs.
#
# Debian's bsdgames source is downloaded into a temporary folder at run time (a private apt
# configuration with a deb-src entry, so the system's apt is left alone; nothing of theirs is
# ever kept). mille's game logic is compiled with our random-move harness and no-op curses
# (scripts/bench-mille/), and plays the same number of hands as `touring selfplay --rules
# mille-bornes`. Both are timed inside the process, around the hands only; best of three seeds.
# Needs apt-get, curl, sha256sum, gcc and taskset.
# Usage: scripts/bench-mille.sh [hands] [suite]   (defaults: 200000, bookworm)
# TOURING_BIN=path/to/touring uses that binary as it is instead of building the release one.
set -euo pipefail
cd "$(dirname "$0")/.."
hands=${1:-200000}
suite=${2:-bookworm}
if [ -z "${TOURING_BIN:-}" ]; then
    cargo build --release --quiet --bin touring
fi
bin=${TOURING_BIN:-${CARGO_TARGET_DIR:-target}/release/touring}
here=$PWD/scripts/bench-mille
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== fetching Debian's bsdgames source ($suite) into $tmp"
mkdir -p "$tmp/apt/lists/partial" "$tmp/apt/cache/archives/partial" "$tmp/src"
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" \
    >"$tmp/apt/sources.list"
apt_options=(
    -o "Dir::Etc::SourceList=$tmp/apt/sources.list" -o "Dir::Etc::SourceParts=/nonexistent"
    -o "Dir::State::Lists=$tmp/apt/lists" -o "Dir::Cache=$tmp/apt/cache"
    -o "Debug::NoLocking=1" -o "APT::Sandbox::User=$(id -un)"
)
apt-get "${apt_options[@]}" -qq update
apt-cache "${apt_options[@]}" showsrc bsdgames >"$tmp/showsrc"
version=$(awk '/^Version:/ {print $2; exit}' "$tmp/showsrc")
echo "bsdgames $version"
# apt-get source checks every file against the signed index and unpacks with Debian's patches.
# If a file is missing from the mirror (the Debian tarball, say), fall back to the upstream
# tarball Debian packages, checked against the same index.
if (cd "$tmp/src" && apt-get "${apt_options[@]}" -qq source bsdgames >"$tmp/source.log" 2>&1); then
    echo "unpacked with Debian's patches"
else
    orig=$(awk '/^Checksums-Sha256:/ {on=1; next} /^[^ ]/ {on=0} on && $3 ~ /\.orig\.tar\./ {print $3; exit}' "$tmp/showsrc")
    sum=$(awk -v f="$orig" '/^Checksums-Sha256:/ {on=1; next} /^[^ ]/ {on=0} on && $3 == f {print $1; exit}' "$tmp/showsrc")
    echo "apt-get source failed ($(grep -m1 -o '[0-9]\{3\} [A-Za-z ]*' "$tmp/source.log" || echo 'see its log')); using the upstream tarball $orig alone"
    if [ ! -f "$tmp/src/$orig" ]; then
        directory=$(awk '/^Directory:/ {print $2; exit}' "$tmp/showsrc")
        curl -fsS -o "$tmp/src/$orig" "http://deb.debian.org/debian/$directory/$orig"
    fi
    echo "$sum  $tmp/src/$orig" | sha256sum --check --quiet
    tar -xf "$tmp/src/$orig" -C "$tmp/src" --wildcards '*/mille/*'
fi
mille=$(find "$tmp/src" -mindepth 2 -maxdepth 2 -type d -name mille | head -n 1)
[ -n "$mille" ] || { echo "no mille/ folder in the bsdgames source" >&2; exit 1; }

echo "== building mille's game logic with our random-move harness"
# Our harness answers for getmove() (the keyboard), calcmove() (mille's strategy) and
# check_ext() (the Extension question): rename mille's own definitions of those three.
# A K&R definition starts its line with the function's name; calls never do.
rename() { # file, name, new name
    [ "$(grep -c "^$2(" "$mille/$1")" = 1 ] || { echo "mille/$1: no single definition of $2" >&2; exit 1; }
    sed -i "s/^$2(/$3(/" "$mille/$1"
}
rename move.c getmove bsd_getmove
rename comp.c calcmove bsd_calcmove
rename misc.c check_ext bsd_check_ext
game_files="comp.c end.c extern.c init.c misc.c move.c roll.c types.c"
for f in $game_files; do
    # mille's domove() reads one slot past a hand that has just been emptied, and stops on the
    # blank it finds there; without this flag gcc -O2 assumes the read cannot happen and
    # runs on through the rest of the player's record.
    gcc -O2 -fno-aggressive-loop-optimizations -w -std=gnu89 -I"$here" -I"$mille" \
        -D'__RCSID(x)=' -D'__COPYRIGHT(x)=' -c "$mille/$f" -o "$tmp/${f%.c}.o"
done
gcc -O2 -Wall -Wextra -Wno-unused-parameter -I"$here" -I"$mille" \
    -c "$here/harness.c" -o "$tmp/harness.o"
gcc -O2 -o "$tmp/mille-random" "$tmp"/*.o

echo "== $hands random two-player hands each, one core, best of 3 seeds"
for seed in 1 2 3; do
    taskset -c 0 "$bin" selfplay --rules mille-bornes --games "$hands" --seed "$seed" >"$tmp/ours.$seed.json"
    taskset -c 0 "$tmp/mille-random" "$hands" "$seed" >"$tmp/bsd.$seed.json"
done
python3 - "$tmp" <<'EOF'
import json, sys
tmp = sys.argv[1]
ours = [json.load(open(f"{tmp}/ours.{s}.json")) for s in (1, 2, 3)]
bsd = [json.load(open(f"{tmp}/bsd.{s}.json")) for s in (1, 2, 3)]
for run in ours:
    run["hands_per_second"] = run["games"] / run["seconds"]
    run["mean_decisions"] = run["decisions"] / run["games"]
def line(name, runs):
    best = max(runs, key=lambda r: r["hands_per_second"])
    listed = ", ".join("%.0f" % r["hands_per_second"] for r in runs)
    print("%-10s %9.0f hands/s, %5.2f million decisions/s, %5.1f decisions a hand (runs: %s)"
          % (name, best["hands_per_second"], best["decisions_per_second"] / 1e6,
             best["mean_decisions"], listed))
    return best
o = line("touring", ours)
b = line("BSD mille", bsd)
ratio = o["hands_per_second"] / b["hands_per_second"]
print("ratio ours / BSD: %.2f hands, %.2f decisions: %s" % (
    ratio, o["decisions_per_second"] / b["decisions_per_second"],
    "at least 2x, target met" if ratio >= 2 else "below 2x, target NOT met"))
print(json.dumps({"ours_hands_per_second": round(o["hands_per_second"], 1),
                  "bsd_hands_per_second": round(b["hands_per_second"], 1),
                  "ratio": round(ratio, 3), "target_met": ratio >= 2}))
EOF
