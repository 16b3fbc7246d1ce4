#!/usr/bin/env bash
# Makes the balance reports of docs/reports/ again: one per game, with its default settings,
# its default bot beside the random one, 20,000 games per run. Needs the build (the sabbat
# program and the web client's report page): cmake --build build.
set -euo pipefail
cd "$(dirname "$0")/../docs/reports"
sabbat=${SABBAT:-../../build/sabbat}
# Run from docs/reports, so that each report names its files as they sit there.
"$sabbat" report sortileges --games 20000 --bots random,normal --out sortileges.html
"$sabbat" report du-balai --games 20000 --bots random,simple --out du-balai.html
"$sabbat" report baba-yaga --games 20000 --bots random,seasoned --out baba-yaga.html
"$sabbat" report bal-des-sorcieres --games 20000 --bots random,normal --out bal-des-sorcieres.html
