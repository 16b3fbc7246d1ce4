#!/usr/bin/env bash
# Unit tests of the web client; with a sabbat binary, the end-to-end game in chromium too.
#   web/test.sh                      type check + unit tests
#   web/test.sh build/sabbat         ... then four browsers play Sortilèges against `sabbat serve`
#   web/test.sh build/sabbat DIR     ... and save the screenshots into DIR
set -euo pipefail
sabbat="${1:-}"
screens="${2:-}"
[ -z "$sabbat" ] || sabbat="$(cd "$(dirname "$sabbat")" && pwd)/$(basename "$sabbat")"
[ -z "$screens" ] || { mkdir -p "$screens"; screens="$(cd "$screens" && pwd)"; }
cd "$(dirname "$0")"
[ -d node_modules ] || npm ci --no-audit --no-fund
npm test
if [ -n "$sabbat" ]; then
  node scripts/build.mjs
  node scripts/build.mjs --e2e
  args=(--sabbat "$sabbat")
  [ -z "$screens" ] || args+=(--screens "$screens")
  node dist-test/e2e/run.mjs "${args[@]}"
fi
