#!/usr/bin/env bash
# The load generator end to end, small: a real `sabbat serve` on a free port and a fresh
# store, two tables of four seats each playing two Sortilèges games to the end through
# sabbat_load. Every move must be accepted (2 x 2 x 96), none refused, no connection dropped.
# Usage: smoke.sh SABBAT SABBAT_LOAD
set -euo pipefail
sabbat=$1
load=$2
data=$(mktemp -d)
log="$data/serve.log"
"$sabbat" serve --port 0 --data "$data/store" --messages-per-second 100000 > "$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
port=""
for _ in $(seq 1 100); do
  port=$(sed -n 's/.*serving at http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "the server did not start:"; cat "$log"; exit 1; }
line=$("$load" --port "$port" --tables 2 --games-per-table 2 --server-pid "$pid" --max-seconds 60)
echo "$line"
echo "$line" | grep -q '"moves":384,' || { echo "expected 384 accepted moves"; exit 1; }
echo "$line" | grep -q '"games":4,' || { echo "expected 4 games played to the end"; exit 1; }
echo "$line" | grep -q '"disconnects":0,' || { echo "a connection dropped"; exit 1; }
