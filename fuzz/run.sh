#!/usr/bin/env bash
# Builds the fuzz targets with clang's libFuzzer under AddressSanitizer and
# UndefinedBehaviorSanitizer (the main project with SABBAT_FUZZ=ON, in build-fuzz/), and runs
# each for a while:
#   record_fuzz  any bytes as a record: parse, replay, check
#   apply_fuzz   every registered game fed action codes, texts, legal actions and deadlines
#   message_fuzz any bytes as one client message through the server's parse and dispatch
#                (no network): a first byte picks the connection's role, "@T", "@K", "@O"
#                in the text stand for the table code, the seat token and the owner token
#   frame_fuzz   any bytes as a client's WebSocket stream, cut anywhere, through FrameEdge
#                (where the server finds frame ends before Beast): the ends may not depend on
#                the cuts
#   deflate_fuzz any bytes as a client's stream on a connection that took permessage-deflate,
#                cut anywhere, through the read side (what Beast is handed may not depend on
#                the cuts); or as messages for the server's deflate writer, which zlib must
#                inflate back to them
#   http_fuzz    any bytes as what a client sends on a TCP connection to a running server
#                (request lines, headers, bodies, upgrades): it answers each request once at
#                most, an unreadable one with a closing 400, 413 or 431, and always closes;
#                a first byte of 1 or 2 knocks at the redirect port (whose redirects never
#                leave the host asked) or the metrics port instead of the main one, 3 at a
#                node of a cluster over a PostgreSQL the script starts (/ws?table=@T names
#                the one table it holds)
# Usage: fuzz/run.sh [--build DIR] [SECONDS per target, default 60]
#        fuzz/run.sh [--build DIR] --build-only      (builds the targets, runs none)
#   --build DIR  a build already configured with SABBAT_FUZZ=ON, as the sanitizer build of
#                scripts/test.sh is: its objects serve the tests and the fuzz targets at once
# At length: `fuzz/run.sh 3600` gives each target an hour; one target alone, for example the
# server's messages for a night, after one run.sh (which builds it and its seeds):
#   build-fuzz/fuzz/message_fuzz -max_total_time=28800 -max_len=20000 -timeout=20 \
#     -artifact_prefix=build-fuzz/findings/message_fuzz- build-fuzz/corpus/message fuzz/seeds/message
# The corpus in build-fuzz/corpus/ grows from run to run, so later runs start deeper.
# Seeds: records from `sabbat sim --record` (build/sabbat, or $SABBAT) for every game, the
# reproducers in fuzz/seeds/, and limit cases made here (a line past 64 KiB, deep nesting).
# A finding stops the script with the fuzzer's report; the input is kept in
# build-fuzz/findings/ (reproduce with: build-fuzz/fuzz/record_fuzz FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
build_only=false
out=build-fuzz
tree=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) build_only=true ;;
    --build)
      [ $# -ge 2 ] || { echo "fuzz/run.sh: --build needs a build folder" >&2; exit 2; }
      tree=$2
      shift
      ;;
    *) break ;;
  esac
  shift
done
seconds=${1:-60}
jobs=$(nproc 2>/dev/null || echo 2)

bash scripts/install-clang.sh
if [ -n "$tree" ]; then
  grep -qs '^SABBAT_FUZZ:BOOL=ON' "$tree/CMakeCache.txt" ||
    { echo "fuzz/run.sh: $tree is not a build configured with -DSABBAT_FUZZ=ON" >&2; exit 2; }
else
  tree=$out
  # A folder of an older layout (a project of its own) is configured anew.
  grep -qs '^SABBAT_FUZZ:BOOL=ON' "$tree/CMakeCache.txt" || rm -rf "$tree/CMakeCache.txt" "$tree/CMakeFiles"
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # -O1 with line tables: quick to build, fast enough to fuzz, and findings name their lines.
  cmake -S . -B "$tree" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DSABBAT_SANITIZE=ON \
    -DSABBAT_FUZZ=ON -DSABBAT_TESTS=OFF -DSABBAT_BENCH=OFF -DSABBAT_WEB=OFF -DSABBAT_PYTHON=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    "${launcher[@]}" >/dev/null
fi
cmake --build "$tree" -j"$jobs" --target fuzz
$build_only && exit 0

seeds="$out/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/record" "$seeds/apply" "$seeds/message" "$seeds/frame" "$seeds/http" \
  "$seeds/deflate" "$out/corpus/record" "$out/corpus/apply" "$out/corpus/message" \
  "$out/corpus/frame" "$out/corpus/http" "$out/corpus/deflate" "$out/findings"
cp fuzz/seeds/record/* "$seeds/record/"
cp fuzz/seeds/message/* "$seeds/message/"
cp fuzz/seeds/apply/* "$seeds/apply/"
cp fuzz/seeds/http/* "$seeds/http/"
sabbat=${SABBAT:-build/sabbat}
if [ -x "$sabbat" ]; then
  # A game's title line is the only unindented one: "Sortilèges (sortileges)".
  for game in $("$sabbat" games | sed -n 's/^[^ ].*(\([a-z0-9_-]*\))$/\1/p' | sort -u); do
    "$sabbat" sim "$game" --games 3 --seed 7 --record "$seeds/sim-$game" >/dev/null
    for f in "$seeds/sim-$game"/*.jsonl; do mv "$f" "$seeds/record/$game-$(basename "$f")"; done
  done
else
  echo "fuzz: no $sabbat, so no seeds from sim (build it first for better seeds)" >&2
fi
# The limits: one line just past 64 KiB, one at the nesting limit and one past it.
header='{"format":"sabbat-record","version":1,"game":"sortileges","players":2,"seed":1,"params":{}}'
{ echo "$header"; printf '{"seq":1,"time":0,"seat":0,"action":"%*s"}\n' 65500 x; } >"$seeds/record/long-line.jsonl"
printf '{"format":%s%s}\n' "$(printf '[%.0s' {1..15})" "$(printf ']%.0s' {1..15})" >"$seeds/record/depth-16.jsonl"
printf '{"format":%s%s}\n' "$(printf '[%.0s' {1..40})" "$(printf ']%.0s' {1..40})" >"$seeds/record/depth-41.jsonl"
# Action streams: each game by its registry index, default setup, then steps of every kind.
for game in 0 1 2 3 4 5 6 7; do
  { printf "\\x$(printf %02x "$game")\\x00"; head -c 8 /dev/zero
    for _ in $(seq 1 60); do printf '\x02\x02\x00\x10\x00\x00\x02\x03\x00\x10\x00\x01\x03\x04\x00\x10\x01\x02\x00\x05close-book'; done
  } >"$seeds/apply/game-$game"
done

# Frames: masked text of each length form, a ping, an unmasked one (first byte: the cuts).
{ printf '\x07\x81\x83abcdxyz\x89\x80abcd\x81\xfe\x01\x00abcd'; head -c 256 /dev/zero
  printf '\x82\xff\x00\x00\x00\x00\x00\x01\x00\x00abcd'; head -c 65536 /dev/zero
  printf '\x81\x02hi'; } >"$seeds/frame/frames"
# Compressed frames (RSV1): a ping in two fragments with a ping between, then a message that
# inflates past the limit; and messages for the writer (odd first byte).
python3 - "$seeds/deflate" <<'PY'
import os, sys, zlib
def frame(first, payload):
    n = len(payload)
    head = bytes([first, 0x80 | n]) if n < 126 else bytes([first, 0xfe, n >> 8, n & 0xff])
    return head + b"\0\0\0\0" + payload  # a zero mask
def deflated(text):
    z = zlib.compressobj(6, zlib.DEFLATED, -9)
    return (z.compress(text) + z.flush(zlib.Z_SYNC_FLUSH))[:-4]
ping = deflated(b'{"type":"ping","id":"seed"}')
bomb = deflated(b"a" * 5000)
stream = frame(0x41, ping[:5]) + frame(0x89, b"x") + frame(0x80, ping[5:]) + frame(0xc1, bomb)
open(os.path.join(sys.argv[1], "frames"), "wb").write(b"\x06" + stream)
open(os.path.join(sys.argv[1], "writer"), "wb").write(b"\x09" + bytes([40]) + b"ab" * 160)
PY

# Requests at the header limit (8 KiB): one just under, one just over.
printf 'GET /api/games HTTP/1.1\r\nHost: x\r\nX-Filler: %*s\r\n\r\n' 8100 a >"$seeds/http/header-8k-over"
printf 'GET /api/games HTTP/1.1\r\nHost: x\r\nX-Filler: %*s\r\n\r\n' 8000 a >"$seeds/http/header-8k-under"
# The other doors (a first byte of 1 or 2): the redirect port and the metrics port.
printf '\001GET /t/ABCDEF?x=1 HTTP/1.1\r\nHost: games.example.org\r\n\r\n' >"$seeds/http/redirect-door"
printf '\001GET /.well-known/acme-challenge/token HTTP/1.1\r\nHost: x\r\n\r\n' >"$seeds/http/redirect-challenge"
printf '\002GET /metrics HTTP/1.1\r\nHost: x\r\n\r\nHEAD /healthz HTTP/1.1\r\n\r\n' >"$seeds/http/metrics-door"
# A cluster's node (a first byte of 3): upgrades naming its table (@T), one it does not know,
# and a code that cannot be one.
upgrade='Host: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n'
printf "\003GET /ws?table=@T HTTP/1.1\r\n$upgrade" >"$seeds/http/cluster-own-table"
printf "\003GET /ws?table=ZZZZZZ HTTP/1.1\r\n$upgrade" >"$seeds/http/cluster-unknown-table"
printf "\003GET /ws?x=1&table=../@T HTTP/1.1\r\n${upgrade}GET /api/games HTTP/1.1\r\n\r\n" >"$seeds/http/cluster-bad-code"
# The cluster's node of http_fuzz stores in a PostgreSQL of the run's own (scripts/postgres.sh),
# in a folder the postgres user may reach; without one, those inputs go to the main door.
pg=$(mktemp -d /tmp/sabbat-fuzz-postgres-XXXXXX)
chmod 755 "$pg"
trap 'bash scripts/postgres.sh stop "$pg/db" >/dev/null 2>&1 || true; rm -rf "$pg"' EXIT
if url=$(bash scripts/postgres.sh start "$pg/db" --fast 2>"$out/postgres.log" | tail -n 1); then
  export SABBAT_FUZZ_POSTGRES=$url
else
  echo "fuzz: PostgreSQL did not start ($out/postgres.log): http_fuzz leaves the cluster's node out" >&2
fi

export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

# One target for `seconds`; its summary, or its report and the input that failed.
run() {
  local target=$1 max_len=$2
  if ! "$tree/fuzz/$target" -max_total_time="$seconds" -max_len="$max_len" -timeout=20 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/findings/$target-" \
    "$out/corpus/${target%_fuzz}" "$seeds/${target%_fuzz}" 2>"$out/$target.log"; then
    tail -n 60 "$out/$target.log"
    echo "fuzz: $target found a problem; the input is in $out/findings/" >&2
    return 1
  fi
  echo "== fuzz $target (${seconds} s): $(grep -E "stat::number_of_executed_units|stat::new_units_added" "$out/$target.log" | tr -s ' \n' ' ')"
}
# Each target is one process on one core: as many at once as there are cores.
targets=("record_fuzz 70000" "apply_fuzz 4096" "message_fuzz 20000" "frame_fuzz 70000" "deflate_fuzz 20000"
  "http_fuzz 20000")
status=0
for ((i = 0; i < ${#targets[@]}; i += jobs)); do
  pids=()
  for ((k = i; k < i + jobs && k < ${#targets[@]}; ++k)); do
    # shellcheck disable=SC2086  # a target and its length, as two words
    run ${targets[k]} &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
done
exit $status
