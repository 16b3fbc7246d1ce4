#!/usr/bin/env bash
# Two builds of `sabbat serve` under the same load, in turn: A, B, A, B... (the machine's noise
# falls on both), one fresh server and SQLite store per run, pinned as run.sh pins them.
#
#   bench/server/ab.sh OLD_SABBAT NEW_SABBAT [TABLES] [REPS]   # default 100 tables, 3 reps
#
# Prints one line per run and the medians of moves/s and server CPU per move, B ÷ A.
set -euo pipefail
cd "$(dirname "$0")/../.."
A=${1:?the first sabbat program}
B=${2:?the second sabbat program}
TABLES=${3:-100}
REPS=${4:-3}
LOAD=${LOAD:-build/sabbat_load}
PORT=${PORT:-8290}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for rep in $(seq 1 "$REPS"); do
  for which in A B; do
    bin=$A; [ "$which" = B ] && bin=$B
    data=$(mktemp -d)
    taskset -c 0 "$bin" serve --port "$PORT" --data "$data" --messages-per-second 1000000 \
      --max-tables 1000000 >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$PORT/healthz" 2>/dev/null && break; sleep 0.1; done
    # --unnamed: the connections of protocol 1 before rev. 4, which every build serves.
    taskset -c 1 "$LOAD" --port "$PORT" --server-pid "$pid" --tables "$TABLES" --label "$which" --unnamed \
      --out "$out" >/dev/null || echo "!! the load reported a problem ($which)"
    kill -TERM "$pid"; wait "$pid" || true
    rm -rf "$data"
    tail -n 1 "$out" | python3 -c 'import json,sys; r=json.loads(sys.stdin.read()); print(r["label"], "%.0f moves/s" % r["moves_per_s"], "%.4f ms CPU/move" % r["server_cpu_ms_per_move"], "p99 %.1f ms" % r["rtt_p99_ms"])'
  done
done
python3 - "$out" <<'PY'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1])]
def med(label, key): return statistics.median(r[key] for r in runs if r["label"] == label)
for key, name in (("moves_per_s", "moves/s"), ("server_cpu_ms_per_move", "server CPU per move"), ("rtt_p99_ms", "RTT p99")):
    print(f"{name}: B / A = {med('B', key) / med('A', key):.3f} (A {med('A', key):.4g}, B {med('B', key):.4g})")
PY
