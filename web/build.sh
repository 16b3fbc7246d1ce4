#!/usr/bin/env bash
# Builds the web client into web/dist/ (index.html, app.<hash>.js, app.<hash>.css with their
# .gz and .br twins, and the balance report
# page report.html), installing the npm packages from package-lock.json first when
# node_modules is missing.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -d node_modules ]; then
  npm ci --no-audit --no-fund
fi
node scripts/build.mjs
