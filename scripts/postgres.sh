#!/usr/bin/env bash
# A PostgreSQL server of its own in a folder, on a Unix socket there (no TCP port): for the
# tests and scripts/cluster.sh, never for a site (docs/cluster.md says what a site runs).
#
#   bash scripts/postgres.sh start DIR [--fast]   initdb if DIR is new, then start; prints the URL
#   bash scripts/postgres.sh stop DIR             fast shutdown
#   bash scripts/postgres.sh url DIR              the libpq URL of its "sabbat" database
#
# --fast turns fsync off: a killed client loses nothing committed either way, only a crash of
# the machine would. The tests use it; benchmarks of the store do not.
# As root, the server runs as the postgres user (PostgreSQL refuses to run as root).
set -euo pipefail
command=${1:?start, stop or url}
dir=${2:?the server folder}
fast=${3:-}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

bin=""
for b in /usr/lib/postgresql/*/bin; do [ -x "$b/pg_ctl" ] && bin=$b; done
[ -n "$bin" ] || bin=$(dirname "$(command -v pg_ctl || echo /nonexistent/pg_ctl)")
[ -x "$bin/pg_ctl" ] || { echo "postgres.sh: pg_ctl not found: install Debian's postgresql (scripts/install-deps.sh)" >&2; exit 2; }

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

url() { echo "postgresql:///sabbat?host=$dir&user=sabbat"; }

case "$command" in
  start)
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
    chmod 700 "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      as_owner "$bin/initdb" -D "$dir/data" --username=sabbat --auth=trust --encoding=UTF8 \
        --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    if [ -f "$dir/data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
      url
      exit 0
    fi
    opts="-c listen_addresses='' -k $dir -c max_connections=200"
    [ "$fast" = "--fast" ] && opts="$opts -c fsync=off -c full_page_writes=off"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "$opts" -w -t 60 start >/dev/null ||
      { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bin/psql" -h "$dir" -U sabbat -d postgres -qAt \
      -c "SELECT 1 FROM pg_database WHERE datname = 'sabbat'" | grep -q 1 ||
      as_owner "$bin/createdb" -h "$dir" -U sabbat sabbat
    url
    ;;
  stop)
    [ -f "$dir/data/postmaster.pid" ] || exit 0
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  url) url ;;
  *) echo "postgres.sh: unknown command '$command' (start, stop or url)" >&2; exit 2 ;;
esac
