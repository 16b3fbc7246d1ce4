#!/usr/bin/env bash
# Bytes per move per seat on the wire, and the server's CPU per move, with and without
# WebSocket permessage-deflate and with views as patches, for each game, in one run: for each
# game a fresh `sabbat serve` (fresh SQLite store) plays the same seeded tables four times
# through sabbat_load: seats that offer nothing, seats that offer deflate as browsers do, seats
# that ask for patches, and seats that do both. The figures to read are the ratios of each row
# to the game's first row (bench/README.md, "Bytes per move").
#
#   bench/server/wire.sh [TABLES] [SECONDS]     # default 8 tables of 4 seats, at most 20 s each
#
# With BASE_SABBAT and BASE_LOAD set (another build's binaries), each game is played first by
# that build (rows "base") then by this one ("this"), in the same run: the last columns are this
# build's ratios to the base's row of the same game and mode. The largest message of each row is
# checked against 16 KiB (common WebSocket clients refuse a frame above 1 MiB).
#
# Needs: cmake --build build --target sabbat sabbat_load. The real-time games play with short
# timers (the parameters below) so that a run takes seconds, not hours; their seats pick random
# legal actions and some are refused when a deadline or another seat got there first.
set -euo pipefail
cd "$(dirname "$0")/../.."
TABLES=${1:-8}
SECONDS_MAX=${2:-20}
SABBAT=${SABBAT:-build/sabbat}
LOAD=${LOAD:-build/sabbat_load}
RESULTS=bench/server/results
OUT=$RESULTS/wire.jsonl
mkdir -p "$RESULTS"
: > "$OUT.run"

params() {
  case $1 in
    du-balai) echo --param setup_time_ms=1000 --param book_time_ms=1000 \
        --param formula_time_ms=1000 --param decret_time_ms=1000 \
        --param decret_time_expert_ms=1000 --param reaction_time_ms=500 --param spell_time_ms=1000 ;;
    baba-yaga) echo --param study_time_ms=1000 --param place_time_ms=1000 \
        --param move_time_ms=200 --param choice_time_ms=1000 ;;
    bal-des-sorcieres) echo --param window_min_ms=0 --param window_ms=1000 ;;
  esac
}

builds="this"
[ -n "${BASE_SABBAT:-}" ] && builds="base this"
# Seats that take their views as patches, without and with deflate (NO_PATCHES=1: a build
# without them).
PATCHES=("--patches" "--patches --deflate")
[ -n "${NO_PATCHES:-}" ] && PATCHES=()

for game in sortileges du-balai baba-yaga bal-des-sorcieres; do
for build in $builds; do
  if [ "$build" = base ]; then serve=$BASE_SABBAT load=$BASE_LOAD; else serve=$SABBAT load=$LOAD; fi
  data=$(mktemp -d)
  "$serve" serve --port 0 --data "$data/store" --messages-per-second 1000000 \
    > "$data/serve.log" 2>&1 &
  pid=$!
  port=""
  for _ in $(seq 1 100); do
    port=$(sed -n 's/.*serving at http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$data/serve.log")
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "sabbat serve did not start"; cat "$data/serve.log"; exit 1; }
  for mode in "" --deflate "${PATCHES[@]}"; do
    # shellcheck disable=SC2046,SC2086
    "$load" --port "$port" --game "$game" --tables "$TABLES" --games-per-table 1 \
      --max-seconds "$SECONDS_MAX" --server-pid "$pid" --label "wire-$build" $(params "$game") $mode \
      >> "$OUT.run" 2> "$data/load.err" || true  # refusals of late moves are expected
  done
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
done
done
cat "$OUT.run" >> "$OUT"

python3 - "$OUT.run" <<'EOF'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
print("| game | build | deflate | patches | moves | text B/move/seat | wire B/move/seat | wire ratio | server CPU ms/move | CPU ratio | largest message B | <= 16 KiB | disconnects | text / base | CPU / base | largest / base |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
plain, based = {}, {}
ratio = lambda a, b: "%.3f" % (a / b) if b else "-"
for r in rows:
    build = r["label"].split("-", 1)[1] if "-" in r["label"] else "this"
    patches = r.get("patches", False)
    if not r["deflate"] and not patches:
        plain[(build, r["game"])] = r
    if build == "base":
        based[(r["game"], r["deflate"], patches)] = r
    base = plain.get((build, r["game"]), r)
    on = "yes (%d seats)" % r["deflated_seats"] if r["deflate"] else "no"
    wr = r["wire_bytes_per_move_seat"] / base["wire_bytes_per_move_seat"] if base["wire_bytes_per_move_seat"] else 0
    cr = r["server_cpu_ms_per_move"] / base["server_cpu_ms_per_move"] if base["server_cpu_ms_per_move"] else 0
    b = based.get((r["game"], r["deflate"], patches)) if build != "base" else None
    vs = [ratio(r[k], b[k]) if b else "-" for k in
          ("text_bytes_per_move_seat", "server_cpu_ms_per_move", "largest_message")]
    print("| %s | %s | %s | %s | %d | %.0f | %.0f | %.3f | %.3f | %.2f | %d | %s | %d | %s | %s | %s |" % (
        r["game"], build, on, "yes" if patches else "no", r["moves"], r["text_bytes_per_move_seat"], r["wire_bytes_per_move_seat"],
        wr, r["server_cpu_ms_per_move"], cr, r["largest_message"],
        "yes" if r["largest_message"] <= 16384 else "**no**", r["disconnects"], *vs))
EOF
rm -f "$OUT.run"
