#!/usr/bin/env bash
# Every registered benchmark once, briefly, each in its own process under a time limit, so that
# one that no longer ends (a playout that waits for a clock nobody moves) fails by its name
# instead of hanging the run. What is measured does not matter here, only that each one ends.
# Usage: smoke.sh SABBAT_BENCH [SECONDS_PER_BENCHMARK]
set -euo pipefail
bench=$1
limit=${2:-30}
names=$("$bench" --benchmark_list_tests=true)
[ -n "$names" ] || { echo "no benchmark is registered in $bench"; exit 1; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
failed=()
count=0
start=$SECONDS
while IFS= read -r name; do
  count=$((count + 1))
  # The filter is a regular expression: the name, its special characters escaped, whole.
  escaped=$(printf '%s' "$name" | sed 's/[][\.^$*+?(){}|]/\\&/g')
  t0=$SECONDS
  status=0
  # Google Benchmark 1.7 reads the minimum time as seconds; one short run is enough.
  timeout --kill-after=5 "$limit" "$bench" --benchmark_filter="^$escaped\$" \
    --benchmark_min_time=0.001 > "$out" 2>&1 || status=$?
  if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "FAIL $name: no end after ${limit} s"
    failed+=("$name")
  elif [ "$status" -ne 0 ]; then
    echo "FAIL $name: exit status $status"
    cat "$out"
    failed+=("$name")
  # The table is in colour whatever the flags say (bench_main.cpp's reporter): plain it first.
  elif sed 's/\x1b\[[0-9;]*m//g' "$out" | grep -q "ERROR OCCURRED" ||
    ! sed 's/\x1b\[[0-9;]*m//g' "$out" | grep -qE "^$escaped( |$)"; then
    echo "FAIL $name: it reported an error or no result"
    cat "$out"
    failed+=("$name")
  else
    echo "ok   $name ($((SECONDS - t0)) s)"
  fi
done <<< "$names"
echo "$count benchmarks in $((SECONDS - start)) s"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "${#failed[@]} benchmarks failed: ${failed[*]}"
  exit 1
fi
