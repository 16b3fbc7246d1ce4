#!/usr/bin/env bash
# How `sabbat sim` scales with threads: the same games with --jobs 1 pinned to each core in
# turn, then --jobs 2, timed in one run. The cores of a shared machine may run at different
# speeds, so the speed-up is given against the mean single-core time, and the efficiency
# against the ideal for these two cores (their throughputs added).
# Usage: bench/sim_scaling.sh [GAME] [GAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-sortileges}
games=${2:-200000}
bin=build/sabbat
[ -x "$bin" ] || { echo "build first: cmake -S . -B build && cmake --build build" >&2; exit 1; }
ms() { # JOBS [command to run sabbat under]
  local jobs=$1 start end
  shift
  start=$(date +%s%N)
  "$@" "$bin" sim "$game" --games "$games" --players 4 --seed 1 --jobs "$jobs" --json >/dev/null
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}
ms 2 >/dev/null # warm-up
core0=$(ms 1 taskset -c 0)
core1=$(ms 1 taskset -c 1)
both=$(ms 2)
echo "games: $games of $game, 4 players"
echo "--jobs 1 on core 0: ${core0} ms, on core 1: ${core1} ms; --jobs 2: ${both} ms"
awk -v a="$core0" -v b="$core1" -v t="$both" 'BEGIN {
  printf "speed-up with 2 jobs (against the mean single-core time): %.2f x\n", (a + b) / 2 / t
  printf "parallel efficiency (against both cores fully used): %.0f %%\n", 100 * (a * b / (a + b)) / t
}'
