#!/usr/bin/env bash
# Runs every test: installs what is missing, checks formatting and that includes go down the
# layers of src/ without cycles, builds with warnings as errors and runs the tests (every
# benchmark once among them) and the web client's tests (unit, then Chromium against a real
# sabbat serve), then runs them once more built with AddressSanitizer and
# UndefinedBehaviorSanitizer (a sample of the engine's test files, a tenth of the random games
# there, and a sample of the whole games that the plain pass plays in full), and last runs the
# fuzz targets, built with clang's libFuzzer in the same build as the sanitizer pass, briefly
# (fuzz/run.sh). That build needs nothing from the plain pass: it is made beside its tests, at
# the lowest CPU priority, on the cores that the tests leave idle while they wait for game
# clocks, servers and browsers.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

# Each heading says how long the run has taken so far, so that a CI log shows where time goes.
step() { printf '== %s (at %d min %02d s)\n' "$1" $((SECONDS / 60)) $((SECONDS % 60)); }

bash scripts/install-deps.sh

step "format"
git ls-files -- '*.cpp' '*.hpp' | xargs clang-format --dry-run -Werror

step "includes: down the layers, no cycles"
python3 scripts/check-includes.py
/usr/bin/python3 -m pytest -q -p no:cacheprovider tests/scripts

step "build (warnings are errors)"
cmake -S . -B build -G Ninja -DSABBAT_WERROR=ON >/dev/null
cmake --build build -j"$jobs"
step "sanitizer build starts beside the tests (lowest priority; log in build-asan/beside.log)"
# One clang build serves the sanitizer tests and the fuzz targets: every object carries
# libFuzzer's coverage (SABBAT_FUZZ), which the tests run a tenth slower with, where a build of
# the fuzz targets apart would compile the engine and the server a third time.
# -O1 with line tables: under the sanitizers it builds in half the time of -O2 -g (the
# server's table.cpp: 42 s against 102 s), and a report still names its lines.
# The engine's test programs run as 4 ctest tests each, each a share of their cases: a process
# there takes half a second to start (CMakeLists.txt, SABBAT_TEST_SHARDS). The server's tests
# keep a process per case.
bash scripts/install-clang.sh
mkdir -p build-asan
# The engine's tests there are a sample: every run, the files that drive random games, records,
# untrusted text, views and threads through the engine; and a quarter of the other files (the
# rules' scenarios, screens, reports), the quarter picked by the commit's id, so that each of
# them runs under the sanitizers one commit in four. The server's tests are all built.
always="playout_test baba_yaga_playout_test bal_des_sorcieres_playout_test du_balai_engine_test
  untrusted_test record_test legal_forms_test is_mcts_test arena_test cli_test view_patch_test
  view_leak_test store_test shared_store_test"
turn=$((0x$(git rev-parse --short=7 HEAD 2>/dev/null || echo 0) % 4))
sample="" others=0
for file in tests/*.cpp; do
  name=$(basename "$file" .cpp)
  if [[ " $(echo $always) " == *" $name "* ]] || ((others++ % 4 == turn)); then sample+="$name;"; fi
done
sample=${sample%;}
echo "engine tests under the sanitizers (quarter $turn): ${sample//;/ }"
# In a session of their own, so that a failing step below ends them with the script.
JOBS=$jobs SAMPLE=$sample T0=$(($(date +%s) - SECONDS)) setsid bash -c '
  set -e
  ended() { echo "== beside: $1 ended at $(($(date +%s) - T0)) s"; }
  cmake -S . -B build-asan -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DSABBAT_WERROR=ON \
    -DSABBAT_SANITIZE=ON -DSABBAT_FUZZ=ON -DSABBAT_BENCH=OFF -DSABBAT_WEB=OFF -DSABBAT_PYTHON=OFF \
    -DSABBAT_TEST_SHARDS=4 -DSABBAT_TEST_SAMPLE="$SAMPLE" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" >/dev/null
  nice -n 19 cmake --build build-asan -j"$JOBS"
  ended "the sanitizer build, the fuzz targets among it"' >build-asan/beside.log 2>&1 &
builds=$!
trap 'kill -- -$builds 2>/dev/null || true' EXIT

step "tests"
# The Python tests have a step of their own below (ctest's Python.Tests is the same run).
# The messages its WebSocket clients receive are kept: the web client's tests check them against
# the protocol's schemas (web/test/cpp_frames.test.ts) without running the server tests again.
frames=$PWD/build/server-frames
rm -rf "$frames" && mkdir -p "$frames"
(cd build && SABBAT_FRAMES_DIR=$frames ctest --output-on-failure -j"$jobs" -E '^Python\.')
step "web client: unit tests, then browsers against sabbat serve"
SABBAT_FRAMES_FROM=$frames bash web/test.sh build/sabbat
step "Python module: its tests under Debian's python3 (pytest)"
PYTHONPATH=build/python SABBAT_BINARY=build/sabbat PYTHONDONTWRITEBYTECODE=1 \
  /usr/bin/python3 -m pytest -q -p no:cacheprovider tests/python

step "sanitizer build (waiting for it to end)"
if ! wait $builds; then
  tail -n 80 build-asan/beside.log
  echo "test.sh: the sanitizer build failed (whole log: build-asan/beside.log)" >&2
  exit 1
fi
trap - EXIT
grep -E '^== beside' build-asan/beside.log || true
step "tests under sanitizers"
# A sample where the plain pass already covers the rest: whole games over TLS in one game (the
# TLS code is the same for all four), and not nginx's tests, which check a proxy's config
# rather than the server's memory, nor the two twin-state leak searches and the simulator's
# determinism over every game and bot, which take half the pass's CPU (they compare views and
# records; the playout tests and Sim.* run the same code, threads included, under the
# sanitizers). The sharded programs leave cases out by GTEST_FILTER, the others by name.
engine_skip='BabaYagaTwins.NothingHiddenFromAViewerReachesIt:TwinLeak.BalWhoHoldsAnAnswerToAReactionWindowDoesNotShow:SimDeterminism.EveryGameAndBotGiveTheSameRecordsWhateverTheJobsAndRun'
server_skip='^(Nginx\.|EveryGame/OverTls\.WholeGameOverWssWithoutLeaks/(du_balai|baba_yaga|bal_des_sorcieres)$)'
# Twice as many at once as there are cores: the engine's shares keep two busy, started first,
# while the server's tests beside them mostly wait on sockets and clocks (at one per core, half
# of the pass's time was idle).
(cd build-asan && GTEST_FILTER="-$engine_skip" SABBAT_PLAYOUT_PERCENT=10 ASAN_OPTIONS=detect_leaks=1 \
  ctest --output-on-failure -j$((jobs * 2)) -E "$server_skip")
step "fuzz targets (libFuzzer + sanitizers, ${SABBAT_FUZZ_SECONDS:-20} s each)"
SABBAT=build/sabbat bash fuzz/run.sh --build build-asan "${SABBAT_FUZZ_SECONDS:-20}"
step "all passed"
