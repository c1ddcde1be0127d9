#!/usr/bin/env python3
"""Notices heard per instance (issue 51): two instances over one PostgreSQL database, two events
of bot tables playing by themselves, event A's projector open on instance 1 only and event B's
on instance 2 only. After a warm-up, counts for DURATION seconds each instance's moves stored
and the relay's notices sent and heard (/metrics). Every instance hears every notice when the
relay listens on one channel; with a channel per event each hears only its own event's.

Usage: scripts/bench-notices.py [--binary target/release/touring] [--duration 20] [--tables 4]
Starts a throwaway cluster with .ci/postgres on 127.0.0.1:25455 and the instances on
127.0.0.1:18450 and 18451, and stops them all at the end.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PORTS = (18450, 18451)


def call(method, url, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read() or b"null")


def metrics(base):
    with urllib.request.urlopen(f"{base}/metrics", timeout=30) as answer:
        text = answer.read().decode()
    wanted = {
        "moves": "touring_moves_played_total ",
        "sent": 'touring_relay_notices_total{direction="sent"} ',
        "heard": 'touring_relay_notices_total{direction="heard"} ',
    }
    found = dict.fromkeys(wanted, 0)
    for line in text.splitlines():
        for name, prefix in wanted.items():
            if line.startswith(prefix):
                found[name] = int(float(line[len(prefix):]))
    return found


def bot_event(base, name, tables):
    made = call("POST", f"{base}/api/v1/events", {"name": name, "seed": 7})
    event, token = made["event"]["id"], made["host_token"]
    for i in range(tables * 6):
        call("POST", f"{base}/api/v1/events/{event}/entries",
             {"names": [f"Bot {i}"], "bot": "steady"}, token)
    call("POST", f"{base}/api/v1/events/{event}/rounds", {}, token)
    call("POST", f"{base}/api/v1/events/{event}/rounds/1/start", {}, token)
    return event


def hold_stream(url, stop):
    """Reads a live stream until `stop` is set (the read times out now and then to check)."""
    while not stop.is_set():
        try:
            with urllib.request.urlopen(url, timeout=2) as stream:
                while not stop.is_set():
                    if not stream.read(4096):
                        break
        except OSError:
            time.sleep(0.2)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, "target/release/touring"))
    parser.add_argument("--duration", type=float, default=20)
    parser.add_argument("--tables", type=int, default=4)
    args = parser.parse_args()
    lines = subprocess.run(["bash", os.path.join(ROOT, ".ci/postgres"), "25455"],
                           check=True, capture_output=True, text=True).stdout.split()
    cluster, url = lines[0], lines[1]
    servers, stop = [], threading.Event()
    try:
        key = os.path.join(tempfile.mkdtemp(), "touring.key")
        for port in PORTS:
            servers.append(subprocess.Popen(
                [args.binary, "serve", "--port", str(port), "--database", url,
                 "--key-file", key, "--bot-delay-ms", "200"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=2)
                    break
                except OSError:
                    time.sleep(0.1)
        bases = [f"http://127.0.0.1:{port}" for port in PORTS]
        events = [bot_event(bases[0], name, args.tables) for name in ("A", "B")]
        for base, event in zip(bases, events):
            url_live = f"{base}/events/{event}/live/screen"
            threading.Thread(target=hold_stream, args=(url_live, stop), daemon=True).start()
        time.sleep(3)
        before = [metrics(base) for base in bases]
        time.sleep(args.duration)
        after = [metrics(base) for base in bases]
        total = sum(a["moves"] - b["moves"] for a, b in zip(after, before))
        print(f"{args.duration:.0f} s, 2 events of {args.tables} bot tables, "
              f"{total} moves stored in all")
        for i, (b, a) in enumerate(zip(before, after)):
            print(f"instance {i + 1} (a page of event {'AB'[i]} open): "
                  f"moves stored {a['moves'] - b['moves']}, "
                  f"notices sent {a['sent'] - b['sent']}, heard {a['heard'] - b['heard']}")
    finally:
        stop.set()
        for server in servers:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        subprocess.run(["bash", os.path.join(ROOT, ".ci/postgres"), "stop", cluster], check=False)


if __name__ == "__main__":
    sys.exit(main())
