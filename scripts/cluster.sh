#!/usr/bin/env bash
# A cluster on this machine, for trying and testing what docs/cluster.md describes: PostgreSQL
# (scripts/postgres.sh, in DIR/postgres, unless --store names one), several `sabbat serve`
# nodes on loopback sharing it, and HAProxy in front with the site's own configuration
# (deploy/haproxy/sabbat.cfg, its addresses made local).
#
#   bash scripts/cluster.sh start DIR [--nodes N] [--port P] [--store URL] [--sabbat BIN]
#                                     [--lease-ms MS] [--proxies K] [--fast] [-- SERVE FLAGS...]
#       HAProxy on 127.0.0.1:P (default 8080), the nodes on P+1 ... P+N (default 3 nodes);
#       prints the URL to open. --fast: PostgreSQL without fsync (tests). --proxies K: K
#       HAProxy processes alike, the others on P+N+1 ..., when one process may not hold every
#       connection (two descriptors each).
#   bash scripts/cluster.sh kill DIR K      kill -9 node K (1 ... N), as a crash would
#   bash scripts/cluster.sh restart DIR K   start node K again after a kill
#   bash scripts/cluster.sh pause DIR K     SIGSTOP node K, as a stalled machine would be
#   bash scripts/cluster.sh resume DIR K    SIGCONT it
#   bash scripts/cluster.sh db-stop DIR     stops the cluster's own PostgreSQL (not --store's)
#   bash scripts/cluster.sh db-start DIR    starts it again
#   bash scripts/cluster.sh stop DIR        stops everything it started
#
# Logs: DIR/node-K.log, DIR/haproxy.log, DIR/postgres/server.log.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
command=${1:?start, kill, restart, pause, resume, db-stop, db-start or stop}
dir=${2:?the cluster folder}
shift 2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

node_port() { echo $(($(cat "$dir/port") + $1)); }

start_node() {
  local k=$1
  local -a extra=()
  [ -s "$dir/serve-flags" ] && mapfile -t extra <"$dir/serve-flags"
  # setsid: a node is killed alone, never with the shell that started it.
  setsid "$(cat "$dir/sabbat")" serve --host 127.0.0.1 --port "$(node_port "$k")" \
    --store "$(cat "$dir/store")" --node "node$k" --lease-ms "$(cat "$dir/lease")" \
    --trust-proxy 127.0.0.1 --allow-origin "http://127.0.0.1:$(cat "$dir/port")" \
    --allow-origin "http://localhost:$(cat "$dir/port")" \
    "${extra[@]}" >>"$dir/node-$k.log" 2>&1 </dev/null &
  echo $! >"$dir/node-$k.pid"
}

wait_healthy() {
  local url=$1
  for _ in $(seq 1 200); do
    curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
    sleep 0.05
  done
  echo "cluster.sh: $url did not answer in 10 s" >&2
  return 1
}

case "$command" in
  start)
    nodes=3 port=8080 store="" sabbat="$here/build/sabbat" lease=3000 fast="" proxies=1
    while [ $# -gt 0 ]; do
      case "$1" in
        --nodes) nodes=$2; shift 2 ;;
        --port) port=$2; shift 2 ;;
        --store) store=$2; shift 2 ;;
        --sabbat) sabbat=$2; shift 2 ;;
        --lease-ms) lease=$2; shift 2 ;;
        --fast) fast=--fast; shift ;;
        --proxies) proxies=$2; shift 2 ;;
        --) shift; break ;;
        *) echo "cluster.sh: unknown flag '$1'" >&2; exit 2 ;;
      esac
    done
    command -v haproxy >/dev/null || { echo "cluster.sh: haproxy not found: install Debian's haproxy (scripts/install-deps.sh)" >&2; exit 2; }
    [ -x "$sabbat" ] || { echo "cluster.sh: no sabbat program at $sabbat (build it, or give --sabbat)" >&2; exit 2; }
    if [ -z "$store" ]; then
      store=$(bash "$here/scripts/postgres.sh" start "$dir/postgres" $fast)
      echo "$dir/postgres" >"$dir/own-postgres"
      echo "$fast" >"$dir/postgres-flags"
    fi
    echo "$port" >"$dir/port"
    echo "$store" >"$dir/store"
    echo "$sabbat" >"$dir/sabbat"
    echo "$lease" >"$dir/lease"
    echo "$nodes" >"$dir/nodes"
    : >"$dir/serve-flags"
    [ $# -gt 0 ] && printf '%s\n' "$@" >"$dir/serve-flags"
    for k in $(seq 1 "$nodes"); do start_node "$k"; done
    # The site's configuration, on loopback: the frontend at the port, the nodes after it.
    # As many connections as this machine lets a process hold (two per WebSocket).
    maxconn=$(( ($(ulimit -Hn) - 100) / 2 ))
    [ "$maxconn" -gt 200000 ] && maxconn=200000
    {
      sed -e "s|^    bind :80$|    bind 127.0.0.1:$port|" \
          -e "s|^    maxconn 200000$|    maxconn $maxconn|" \
          -e '/^    server node[0-9]/d' \
          "$here/deploy/haproxy/sabbat.cfg"
      for k in $(seq 1 "$nodes"); do
        echo "    server node$k 127.0.0.1:$(node_port "$k") check"
      done
    } >"$dir/haproxy.cfg"
    for k in $(seq 1 "$nodes"); do wait_healthy "http://127.0.0.1:$(node_port "$k")/healthz"; done
    for p in $(seq 1 "$proxies"); do
      cfg=$dir/haproxy.cfg pidfile=$dir/haproxy.pid at=$port
      if [ "$p" -gt 1 ]; then
        at=$((port + nodes + p - 1)) cfg=$dir/haproxy-$p.cfg pidfile=$dir/haproxy-$p.pid
        sed -e "s|^    bind 127.0.0.1:$port$|    bind 127.0.0.1:$at|" "$dir/haproxy.cfg" >"$cfg"
      fi
      haproxy -f "$cfg" >>"$dir/haproxy.log" 2>&1 </dev/null &
      echo $! >"$pidfile"
      wait_healthy "http://127.0.0.1:$at/healthz"
    done
    echo "http://127.0.0.1:$port"
    ;;
  kill)
    k=${1:?which node}
    kill -9 "$(cat "$dir/node-$k.pid")" 2>/dev/null || true
    ;;
  restart)
    k=${1:?which node}
    start_node "$k"
    wait_healthy "http://127.0.0.1:$(node_port "$k")/healthz"
    ;;
  pause) kill -STOP "$(cat "$dir/node-${1:?which node}.pid")" ;;
  resume) kill -CONT "$(cat "$dir/node-${1:?which node}.pid")" ;;
  db-stop | db-start)
    [ -f "$dir/own-postgres" ] || { echo "cluster.sh: $command: this cluster's PostgreSQL is not its own (--store)" >&2; exit 2; }
    bash "$here/scripts/postgres.sh" "${command#db-}" "$(cat "$dir/own-postgres")" "$(cat "$dir/postgres-flags")" >/dev/null
    ;;
  stop)
    for f in "$dir"/haproxy*.pid; do
      [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null || true
    done
    for f in "$dir"/node-*.pid; do
      # A paused node hears SIGTERM only once it runs again.
      [ -f "$f" ] && kill -TERM "$(cat "$f")" 2>/dev/null && kill -CONT "$(cat "$f")" 2>/dev/null || true
    done
    for f in "$dir"/node-*.pid; do
      [ -f "$f" ] || continue
      for _ in $(seq 1 100); do kill -0 "$(cat "$f")" 2>/dev/null || break; sleep 0.05; done
    done
    [ -f "$dir/own-postgres" ] && bash "$here/scripts/postgres.sh" stop "$(cat "$dir/own-postgres")"
    true
    ;;
  *) echo "cluster.sh: unknown command '$command' (start, kill, restart, pause, resume, db-stop, db-start or stop)" >&2; exit 2 ;;
esac
