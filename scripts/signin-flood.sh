#!/usr/bin/env bash
# Issue 11: memory under a sign-in flood. Starts a release `touring serve` on 127.0.0.1 with a
# fresh database, gives an event a password, then sends wrong passwords from 32 parallel
# clients (loopback only) for DURATION seconds (default 20), sampling the server's VmRSS every
# 0.2 s. Prints the peak RSS, VmHWM and how the answers were split (303: a wrong password
# checked, 429: refused before argon2). Stops by itself, the server with it.
# Usage: scripts/signin-flood.sh [DURATION] [CLIENTS]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-20}
clients=${2:-32}
cargo build --release --quiet --bin touring
target=${CARGO_TARGET_DIR:-target}
work=$(mktemp -d)
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
"$target/release/touring" serve --address 127.0.0.1 --port 0 --database "$work/db.sqlite" >"$work/out" 2>"$work/err" &
server_pid=$!
base=""
for _ in $(seq 1 100); do
    base=$(sed -n 's#^touring is running: open \(http://[^/]*\)/$#\1#p' "$work/out")
    [ -n "$base" ] && break
    sleep 0.1
done
[ -n "$base" ] || { echo "the server did not start" >&2; cat "$work/err" >&2; exit 1; }
case "$base" in http://127.0.0.1:*) ;; *) echo "not loopback: $base" >&2; exit 1 ;; esac
python3 - "$base" "$duration" "$clients" "$server_pid" <<'PY'
import http.cookiejar, json, re, sys, threading, time, urllib.request, urllib.parse, collections
base, duration, clients, pid = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
def rss():
    with open(f"/proc/{pid}/status") as f:
        d = dict(l.split(":", 1) for l in f if ":" in l)
    return int(d["VmRSS"].split()[0]), int(d["VmHWM"].split()[0])
class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *a, **k): return None
def browser():
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect())
host = browser()
req = urllib.request.Request(base + "/api/v1/events", data=json.dumps({"name": "Flood"}).encode(), headers={"Content-Type": "application/json"})
event = json.load(host.open(req))
eid, token = event["event"]["id"], event["host_token"]
host.open(f"{base}/events/{eid}/host?token={token}") if False else None
# Sign in as the host with the token, then set a password through the console form.
try: host.open(f"{base}/events/{eid}/host?token={token}")
except urllib.error.HTTPError: pass
page = host.open(f"{base}/events/{eid}/host").read().decode()
csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
try: host.open(f"{base}/events/{eid}/host/password", urllib.parse.urlencode({"csrf": csrf, "password": "correct horse battery"}).encode())
except urllib.error.HTTPError: pass
counts = collections.Counter(); lock = threading.Lock(); stop = time.time() + duration
def attacker(n):
    b = browser()
    page = b.open(f"{base}/events/{eid}/login").read().decode()
    c = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    i = 0
    while time.time() < stop:
        i += 1
        data = urllib.parse.urlencode({"csrf": c, "password": f"guess-{n}-{i}"}).encode()
        try:
            code = b.open(f"{base}/events/{eid}/login", data, timeout=30).status
        except urllib.error.HTTPError as e:
            code = e.code
        except Exception:
            code = "error"
        with lock: counts[code] += 1
start_rss = rss()[0]
threads = [threading.Thread(target=attacker, args=(n,)) for n in range(clients)]
for t in threads: t.start()
peak = start_rss
while any(t.is_alive() for t in threads):
    peak = max(peak, rss()[0]); time.sleep(0.2)
time.sleep(1)
end_rss, hwm = rss()
print(json.dumps({"clients": clients, "seconds": duration, "rss_start_mb": round(start_rss/1024, 1),
    "rss_peak_mb": round(peak/1024, 1), "vmhwm_mb": round(hwm/1024, 1), "rss_after_mb": round(end_rss/1024, 1),
    "answers": {str(k): v for k, v in counts.items()}}))
PY
