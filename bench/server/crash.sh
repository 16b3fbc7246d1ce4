#!/usr/bin/env bash
# The server's crash test at length: people play Sortilèges and Du Balai ! tables on the real
# `sabbat serve`, which is killed with SIGKILL at random moments and restarted on the same data
# directory; every action a client saw accepted must be in the restored games, and every game
# must end. CI runs it with 20 kills (tests/server/crash_test.cpp); this runs KILLS (default 100).
# Usage: bench/server/crash.sh [KILLS]   (after building: cmake --build build --target sabbat_server_tests)
set -euo pipefail
cd "$(dirname "$0")/../.."
tests=${SABBAT_SERVER_TESTS:-build/sabbat_server_tests}
[ -x "$tests" ] || { echo "crash.sh: build $tests first" >&2; exit 1; }
SABBAT_CRASH_KILLS=${1:-100} exec "$tests" --gtest_filter='ServerCrash.*'
