#!/usr/bin/env python3
# How many messages a seat's board says: a touring server on a new database, an event of the
# given game and table size with round 1 running, and the first seat's page read in the
# pseudo-language en-XA, whose every message is marked; the marks inside the board region
# are what a move's fan-out draws again for each seat. See docs/benchmarks.md.
#
#   python3 scripts/count-messages.py target/debug/touring [mille-bornes|touring-1926|touring-1958] [2|3|4|6]
import json, subprocess, sys, time, urllib.request, os, tempfile
binary = sys.argv[1]
rules = sys.argv[2] if len(sys.argv) > 2 else "mille-bornes"
size = int(sys.argv[3]) if len(sys.argv) > 3 else 2
db = tempfile.mktemp(suffix=".sqlite")
p = subprocess.Popen([binary, "serve", "--port", "0", "--database", db], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
base = p.stdout.readline().split("open ")[1].strip().rstrip("/")
def call(method, path, body=None, token=None, lang=None):
    req = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    req.add_header("Content-Type", "application/json")
    if token: req.add_header("Authorization", "Bearer " + token)
    if lang: req.add_header("Accept-Language", lang)
    with urllib.request.urlopen(req) as r:
        data = r.read().decode()
    return json.loads(data) if data.startswith("{") else data
try:
    ev = call("POST", "/api/v1/events", {"name": "Count", "rules": rules, "table_size": size, "seed": 5})
    e, tok = ev["event"]["id"], ev["host_token"]
    seats = []
    players = size
    if size in (4, 6):
        for i in range(size // 2):
            a = call("POST", f"/api/v1/events/{e}/entries", {"names": [f"A{i}", f"B{i}"]}, tok)
            seats += [l["token"] for l in a["links"]]
    else:
        for i in range(size):
            a = call("POST", f"/api/v1/events/{e}/entries", {"names": [f"P{i}"]}, tok)
            seats += [l["token"] for l in a["links"]]
    call("POST", f"/api/v1/events/{e}/rounds", {}, tok)
    call("POST", f"/api/v1/events/{e}/rounds/1/start", {}, tok)
    html = call("GET", f"/seat/{seats[0]}", lang="en-XA")
    board = html[html.find('id="board"'):]
    board = board[:board.find("</main>")]
    print(f"{rules}, {size} players: {board.count('⟦')} messages in the board, {html.count('⟦')} on the whole page")
finally:
    p.terminate()
    os.remove(db) if os.path.exists(db) else None
