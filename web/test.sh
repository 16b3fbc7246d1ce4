#!/usr/bin/env bash
# Tests of the web client.
#   web/test.sh                      type check, unit tests, then the browser checks that need
#                                    no server (invite link, rejoin after a reload) when
#                                    chromium is installed
#   web/test.sh build/sabbat         ... and the games against `sabbat serve`: four browsers play
#                                    Sortilèges, one person plays Du Balai !, Baba Yaga and
#                                    Le Bal des Sorcières against bots (the run's groups at
#                                    once, e2e/run.ts --part)
#   web/test.sh build/sabbat DIR     ... and save the screenshots into DIR
set -euo pipefail
sabbat="${1:-}"
screens="${2:-}"
[ -z "$sabbat" ] || sabbat="$(cd "$(dirname "$sabbat")" && pwd)/$(basename "$sabbat")"
[ -z "$screens" ] || { mkdir -p "$screens"; screens="$(cd "$screens" && pwd)"; }
cd "$(dirname "$0")"
# A node_modules without a package of package.json (ajv came later) is installed again.
[ -d node_modules ] && [ -d node_modules/ajv ] || npm ci --no-audit --no-fund
npm test
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "web/test.sh: no chromium at $chromium: browser tests skipped" >&2
  [ -z "$sabbat" ] || exit 1
  exit 0
fi
node scripts/build.mjs
node scripts/build.mjs --e2e
args=()
[ -z "$sabbat" ] || args+=(--sabbat "$sabbat")
[ -z "$screens" ] || args+=(--screens "$screens")
if [ -z "$sabbat" ] || [ -n "$screens" ]; then
  node dist-test/e2e/run.mjs "${args[@]}"
  exit
fi
# Against a server, the run's groups at once, each with its own browser (run.ts, --part): most
# of their time is spent waiting for the games' clocks, so together they take little more than
# the longest. Each one's lines come out as they are written, led by its name.
groups=(basics,no-forced live phone axe bal)
pids=()
for g in "${groups[@]}"; do
  node dist-test/e2e/run.mjs "${args[@]}" --part "$g" 2>&1 | sed -u "s/^/[$g] /" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
