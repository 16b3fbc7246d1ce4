#!/usr/bin/env bash
# `sabbat serve` beside the boardgame.io peer (../shared/peer/boardgameio, see its README),
# under the same load, in one run: the server pinned to core 0, the load generator to core 1,
# a fresh server (and, for Sabbat, a fresh SQLite store: durable, as shipped) per run.
#
#   bench/server/run.sh                 # everything below, then the summary (~25 min)
#   bench/server/run.sh play M [REPS]   # M tables of 4 seats played at once, both servers
#   bench/server/run.sh idle N [REPS]   # memory per idle table, 4 seats connected, both
#   bench/server/run.sh many N          # Sabbat alone: N tables played at once, no drop allowed
#   bench/server/run.sh summary         # the tables of bench/README.md from the results
#   bench/server/run.sh deflate M [REPS] # M tables: Sabbat with plain seats, with seats that
#                                        # offer permessage-deflate, with seats that offer it
#                                        # and ask for patches (as the web client), then the
#                                        # peer, in turn
#
# Needs: cmake --build build --target sabbat sabbat_load; node and the peer's npm ci. Raw
# results go to bench/server/results/{sabbat,peer}.jsonl (one JSON line per run).
set -euo pipefail
cd "$(dirname "$0")/../.."
PEER=${PEER:-../shared/peer/boardgameio}
RESULTS=bench/server/results
SABBAT=${SABBAT:-build/sabbat}
LOAD=${LOAD:-build/sabbat_load}
PORT=${PORT:-8090}
PIN=${PIN:-1}
mkdir -p "$RESULTS"
# Ten thousand tables are forty thousand connections at each end.
ulimit -n 1048576 2>/dev/null || ulimit -n "$(ulimit -Hn)"
if [ "$PIN" = 1 ]; then SRV_PIN="taskset -c 0"; LG_PIN="taskset -c 1"; LABEL=pinned
else SRV_PIN=""; LG_PIN=""; LABEL=unpinned; fi

SERVER_PID=""
DATA=""
start_sabbat() {
  DATA=$(mktemp -d)
  $SRV_PIN "$SABBAT" serve --port "$PORT" --data "$DATA" --messages-per-second 1000000 \
    --max-tables 1000000 > "$RESULTS/server-last.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 100); do
    grep -q "serving at" "$RESULTS/server-last.log" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "sabbat serve did not start"; cat "$RESULTS/server-last.log"; exit 1
}
stop_sabbat() {
  if [ -n "$SERVER_PID" ]; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
  fi
  [ -z "$DATA" ] || rm -rf "$DATA"
  DATA=""
}
trap stop_sabbat EXIT

sabbat_load() { # args for sabbat_load
  start_sabbat
  $LG_PIN "$LOAD" --port "$PORT" --server-pid "$SERVER_PID" --label "$LABEL" \
    --out "$RESULTS/sabbat.jsonl" "$@" || echo "!! sabbat_load reported a problem ($*)"
  stop_sabbat
}

peer() { # args for the peer's run.sh; its JSON line is copied beside ours
  [ -d "$PEER/node_modules" ] || (cd "$PEER" && npm ci --no-audit --no-fund)
  local before=0
  [ -f "$PEER/results/raw.jsonl" ] && before=$(wc -l < "$PEER/results/raw.jsonl")
  (cd "$PEER" && PIN=$PIN bash run.sh "$@") || echo "!! the peer reported a problem ($*)"
  tail -n +"$((before + 1))" "$PEER/results/raw.jsonl" >> "$RESULTS/peer.jsonl"
}

play() { # M reps
  for _ in $(seq 1 "${2:-1}"); do
    sabbat_load --tables "$1"
    peer play memory "$1" 1 90
  done
}
idle() { # N reps
  for _ in $(seq 1 "${2:-1}"); do
    sabbat_load --tables "$1" --idle
    peer idle memory "$1" 1
  done
}

deflate() { # M reps: the three in turn, then each one's medians
  local first=0
  [ -f "$RESULTS/sabbat.jsonl" ] && first=$(wc -l < "$RESULTS/sabbat.jsonl")
  local pfirst=0
  [ -f "$RESULTS/peer.jsonl" ] && pfirst=$(wc -l < "$RESULTS/peer.jsonl")
  for _ in $(seq 1 "${2:-1}"); do
    sabbat_load --tables "$1"
    sabbat_load --tables "$1" --deflate
    sabbat_load --tables "$1" --deflate --patches
    peer play memory "$1" 1 90
  done
  python3 - "$RESULTS/sabbat.jsonl" "$first" "$RESULTS/peer.jsonl" "$pfirst" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()[int(sys.argv[2]):]]
peer = [json.loads(l) for l in open(sys.argv[3]).read().splitlines()[int(sys.argv[4]):]]
def show(name, rs, key_cpu, key_rate):
    cpu = [r[key_cpu] for r in rs]; rate = [r[key_rate] for r in rs]
    print("%-22s runs %d  CPU ms/move median %.4f (%.4f-%.4f)  moves/s median %.0f" % (
        name, len(rs), statistics.median(cpu), min(cpu), max(cpu), statistics.median(rate)))
    return statistics.median(cpu)
plain = show("sabbat, plain seats", [r for r in rows if not r.get("deflate")],
             "server_cpu_ms_per_move", "moves_per_s")
on = show("sabbat, deflate seats", [r for r in rows if r.get("deflate") and not r.get("patches")],
          "server_cpu_ms_per_move", "moves_per_s")
both = show("sabbat, deflate+patches", [r for r in rows if r.get("deflate") and r.get("patches")],
            "server_cpu_ms_per_move", "moves_per_s")
print("deflate / plain CPU per move: %.2f; deflate and patches / plain: %.2f" % (on / plain, both / plain))
if peer:
    cpu = [r["serverCpuMsPerMove"] for r in peer]
    print("%-22s runs %d  CPU ms/move median %.4f (%.4f-%.4f)  moves/s median %.0f" % (
        "boardgame.io (memory)", len(peer), statistics.median(cpu), min(cpu), max(cpu),
        statistics.median(r["movesPerSec"] for r in peer)))
    print("peer / sabbat CPU per move: plain seats %.2f, deflate seats %.2f, deflate+patches %.2f" % (
        statistics.median(cpu) / plain, statistics.median(cpu) / on, statistics.median(cpu) / both))
PY
}

case "${1:-all}" in
  deflate) deflate "$2" "${3:-1}" ;;
  play) play "$2" "${3:-1}" ;;
  idle) idle "${2:-2000}" "${3:-1}" ;;
  many) sabbat_load --tables "${2:-10000}" --games-per-table 1 --max-seconds 300 ;;
  summary) python3 bench/server/summarize.py "$RESULTS" ;;
  all)
    for m in 1 10 100 500; do play "$m" 3; done
    idle 2000 3
    sabbat_load --tables 10000 --games-per-table 1 --max-seconds 300
    python3 bench/server/summarize.py "$RESULTS"
    ;;
  *) echo "unknown command $1 (play M [REPS] | idle N [REPS] | many N | summary | all)"; exit 2 ;;
esac
