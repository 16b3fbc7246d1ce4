#!/usr/bin/env bash
# Many tables across a cluster (docs/cluster.md) beside one node, under the same load, in one
# run: T tables of Sortilèges with 4 seats, one seat a person connected through the proxy, the
# three others the server's random bots (so that the connections fit in the descriptors a
# process may hold here), every game played to its end.
#
#   bench/server/cluster.sh [T] [NODES]   # default 10000 tables, 3 nodes
#   ONLY=cluster bench/server/cluster.sh  # the cluster's runs only
#
# Runs, one after the other: (1) one node on SQLite (as shipped, no proxy), (2) one node on
# PostgreSQL behind HAProxy, (3) NODES nodes on PostgreSQL behind HAProxy (two HAProxy
# processes when one may not hold two descriptors per connection). PostgreSQL is the
# cluster's own (scripts/postgres.sh) with fsync on, as a site runs it. Results: one JSON line
# per run in bench/server/results/cluster.jsonl; the nodes' logs in the run's folder.
set -euo pipefail
cd "$(dirname "$0")/../.."
TABLES=${1:-10000}
NODES=${2:-3}
SABBAT=${SABBAT:-build/sabbat}
LOAD=${LOAD:-build/sabbat_load}
PORT=${PORT:-8190}
RESULTS=bench/server/results
mkdir -p "$RESULTS"
ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d)
chmod 755 "$work"  # PostgreSQL runs as its own user, and must reach its folder
trap 'bash scripts/cluster.sh stop "$work/cluster" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
flags=(--messages-per-second 1000000 --max-tables 1000000)
load=(--tables "$TABLES" --players 4 --people 1 --games-per-table 1 --max-seconds 300
      --connect-parallel 512)

if [ "${ONLY:-}" != cluster ]; then
echo "== one node, SQLite"
"$SABBAT" serve --port "$PORT" --data "$work/single" "${flags[@]}" >"$work/single.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$PORT/healthz" 2>/dev/null && break; sleep 0.1; done
"$LOAD" --port "$PORT" --server-pid "$pid" --label "single-sqlite" "${load[@]}" \
  --out "$RESULTS/cluster.jsonl" || echo "!! the load reported a problem"
kill -TERM "$pid"; wait "$pid" || true
fi

run_cluster() { # label nodes
  local label=$1 nodes=$2 proxies=1 more=()
  # Two descriptors per connection in HAProxy, one per connection at each node.
  [ $((TABLES * 2 + 200)) -gt "$(ulimit -Hn)" ] && proxies=2
  echo "== $label: $nodes node(s) on PostgreSQL behind $proxies HAProxy"
  rm -rf "$work/cluster"
  bash scripts/cluster.sh start "$work/cluster" --nodes "$nodes" --port "$PORT" \
    --sabbat "$SABBAT" --proxies "$proxies" -- "${flags[@]}" >/dev/null
  local pids=()
  for k in $(seq 1 "$nodes"); do pids+=(--server-pid "$(cat "$work/cluster/node-$k.pid")"); done
  for p in $(seq 2 "$proxies"); do more+=(--more-port $((PORT + nodes + p - 1))); done
  "$LOAD" --port "$PORT" "${more[@]}" "${pids[@]}" --label "$label" "${load[@]}" \
    --out "$RESULTS/cluster.jsonl" || echo "!! the load reported a problem"
  psql "$(cat "$work/cluster/store")" -qAt -c \
    "SELECT 'store: ' || count(*) || ' tables, ' || (SELECT count(*) FROM sabbat_actions) || ' actions' FROM sabbat_tables"
  bash scripts/cluster.sh stop "$work/cluster" >/dev/null
  # The logs of the last run of each kind, to read what happened.
  mkdir -p "$RESULTS/cluster-last/$label"
  cp "$work"/cluster/*.log "$RESULTS/cluster-last/$label/"
}
run_cluster "cluster-1" 1
run_cluster "cluster-$NODES" "$NODES"
tail -n 3 "$RESULTS/cluster.jsonl"
