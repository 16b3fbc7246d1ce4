#!/usr/bin/env bash
# How `sabbat sim` scales with threads: the same games with --jobs 1 and --jobs 2, timed in
# one run, printed as a speed-up ratio. Usage: bench/sim_scaling.sh [GAME] [GAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-sortileges}
games=${2:-40000}
bin=build/sabbat
[ -x "$bin" ] || { echo "build first: cmake -S . -B build && cmake --build build" >&2; exit 1; }
run() {
  local start end
  start=$(date +%s%N)
  "$bin" sim "$game" --games "$games" --players 4 --seed 1 --jobs "$1" --json >/dev/null
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}
run 2 >/dev/null # warm-up
one=$(run 1)
two=$(run 2)
echo "games: $games of $game, 4 players"
echo "--jobs 1: ${one} ms, --jobs 2: ${two} ms"
awk -v a="$one" -v b="$two" 'BEGIN { printf "speed-up with 2 jobs: %.2f x\n", a / b }'
