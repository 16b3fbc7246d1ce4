#!/usr/bin/env bash
# Runs every test: installs what is missing, checks formatting and that includes go down the
# layers of src/ without cycles, builds with warnings as errors and runs the tests (every
# benchmark once among them) and the web client's tests (unit, then Chromium against a real
# sabbat serve), then runs them once more built with AddressSanitizer and
# UndefinedBehaviorSanitizer (a tenth of the random games there, and a sample of the whole
# games that the plain pass plays in full), and last runs the fuzz targets, built with clang's
# libFuzzer, briefly (fuzz/run.sh).
# The sanitizer build and the fuzz targets' build need nothing from the plain pass: they are
# built beside its tests, at the lowest CPU priority, on the cores that the tests leave idle
# while they wait for game clocks, servers and browsers.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

bash scripts/install-deps.sh

echo "== format"
git ls-files -- '*.cpp' '*.hpp' | xargs clang-format --dry-run -Werror

echo "== includes: down the layers, no cycles"
python3 scripts/check-includes.py
/usr/bin/python3 -m pytest -q -p no:cacheprovider tests/scripts

echo "== build (warnings are errors)"
cmake -S . -B build -G Ninja -DSABBAT_WERROR=ON >/dev/null
cmake --build build -j"$jobs"
echo "== sanitizer and fuzz builds start beside the tests (lowest priority; log in build-asan/beside.log)"
# -O1 with line tables: under the sanitizers it builds in half the time of -O2 -g (the
# server's table.cpp: 42 s against 102 s), and a report still names its lines.
# The engine's test programs run as 4 ctest tests each, each a share of their cases: a process
# there takes half a second to start (CMakeLists.txt, SABBAT_TEST_SHARDS). The server's tests
# keep a process per case.
mkdir -p build-asan
# In a session of their own, so that a failing step below ends them with the script.
JOBS=$jobs setsid bash -c '
  set -e
  cmake -S . -B build-asan -G Ninja -DSABBAT_WERROR=ON -DSABBAT_SANITIZE=ON -DSABBAT_BENCH=OFF \
    -DSABBAT_WEB=OFF -DSABBAT_PYTHON=OFF -DSABBAT_TEST_SHARDS=4 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" >/dev/null
  nice -n 19 cmake --build build-asan -j"$JOBS"
  nice -n 19 bash fuzz/run.sh --build-only' >build-asan/beside.log 2>&1 &
builds=$!
trap 'kill -- -$builds 2>/dev/null || true' EXIT

echo "== tests"
# The Python tests have a step of their own below (ctest's Python.Tests is the same run).
(cd build && ctest --output-on-failure -j"$jobs" -E '^Python\.')
echo "== web client: unit tests, then browsers against sabbat serve"
bash web/test.sh build/sabbat
echo "== Python module: its tests under Debian's python3 (pytest)"
PYTHONPATH=build/python SABBAT_BINARY=build/sabbat PYTHONDONTWRITEBYTECODE=1 \
  /usr/bin/python3 -m pytest -q -p no:cacheprovider tests/python

echo "== sanitizer and fuzz builds (waiting for them to end)"
if ! wait $builds; then
  tail -n 80 build-asan/beside.log
  echo "test.sh: the sanitizer or fuzz build failed (whole log: build-asan/beside.log)" >&2
  exit 1
fi
trap - EXIT
grep -E '^\[[0-9]+/[0-9]+\]' build-asan/beside.log | tail -n 1 || true
echo "== tests under sanitizers"
# A sample where the plain pass already covers the rest: whole games over TLS in one game (the
# TLS code is the same for all four), and not nginx's tests, which check a proxy's config
# rather than the server's memory, nor the two twin-state leak searches and the simulator's
# determinism over every game and bot, which take half the pass's CPU (they compare views and
# records; the playout tests and Sim.* run the same code, threads included, under the
# sanitizers). The sharded programs leave cases out by GTEST_FILTER, the others by name.
engine_skip='BabaYagaTwins.NothingHiddenFromAViewerReachesIt:TwinLeak.BalWhoHoldsAnAnswerToAReactionWindowDoesNotShow:SimDeterminism.EveryGameAndBotGiveTheSameRecordsWhateverTheJobsAndRun'
server_skip='^(Nginx\.|EveryGame/OverTls\.WholeGameOverWssWithoutLeaks/(du_balai|baba_yaga|bal_des_sorcieres)$)'
(cd build-asan && GTEST_FILTER="-$engine_skip" SABBAT_PLAYOUT_PERCENT=10 ASAN_OPTIONS=detect_leaks=1 \
  ctest --output-on-failure -j"$jobs" -E "$server_skip")
echo "== fuzz targets (libFuzzer + sanitizers, ${SABBAT_FUZZ_SECONDS:-20} s each)"
SABBAT=build/sabbat bash fuzz/run.sh "${SABBAT_FUZZ_SECONDS:-20}"
