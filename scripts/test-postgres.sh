#!/usr/bin/env bash
# Starts a throw-away PostgreSQL on a loopback port for the API tests and prints its URL.
# Usage: eval "$(scripts/test-postgres.sh start)"   …   scripts/test-postgres.sh stop "$PGDATA"
# pause DIR / resume DIR stop and start it again with its data kept (the tests of a database that goes away).
# Tests run it without fsync (speed); PG_DURABLE=1 keeps PostgreSQL's default durability, for benchmarks.
set -euo pipefail
port="${TEST_PG_PORT:-54329}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -n "$bin" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then useradd --system --no-create-home postgres; fi
    dir="$(mktemp -d /tmp/pipewise-pg-XXXXXX)"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    # UTF8 whatever the caller's locale: an empty environment would otherwise give SQL_ASCII.
    as_postgres "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    options="-p $port -k $dir -c listen_addresses=127.0.0.1"
    [ "${PG_DURABLE:-}" = 1 ] || options="$options -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    echo "$options" >"$dir/options"
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "$options" start >/dev/null
    echo "export PIPEWISE_PGDIR='$dir'"
    echo "export TEST_DATABASE_URL='postgres://postgres@127.0.0.1:$port/postgres'"
    ;;
  stop)
    dir="${2:?the folder printed by start}"
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
  pause)
    dir="${2:?the folder printed by start}"
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  resume)
    dir="${2:?the folder printed by start}"
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "$(cat "$dir/options")" start >/dev/null
    ;;
  *)
    echo "usage: $0 start | stop DIR | pause DIR | resume DIR" >&2
    exit 2
    ;;
esac
