#!/usr/bin/env bash
# Starts a throw-away CalDAV server (Radicale) on loopback for the calendar sync tests and prints its settings as
# export lines. Two users with plain-text passwords in a file of its own, collections in a fresh folder; nothing of
# /etc/radicale.
# Usage: eval "$(scripts/caldav-server.sh start)"   …   scripts/caldav-server.sh stop "$CALDAV_TEST_DIR"
# The port from CALDAV_TEST_PORT, so two runs can coexist.
set -euo pipefail
port="${CALDAV_TEST_PORT:-11232}"
user1=alice
password1=alice-calendar-password
user2=bob
password2=bob-calendar-password

# Waits until something listens on 127.0.0.1:$1, or fails after 20 s.
wait_for_port() {
  for _ in $(seq 1 200); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "nothing answers on port $1" >&2
  return 1
}

case "${1:-}" in
  start)
    command -v radicale >/dev/null || { echo "Radicale not found (apt-get install radicale)" >&2; exit 1; }
    dir="$(mktemp -d /tmp/pipewise-caldav-XXXXXX)"
    printf '%s:%s\n%s:%s\n' "$user1" "$password1" "$user2" "$password2" >"$dir/users"
    cat >"$dir/config" <<EOF
[server]
hosts = 127.0.0.1:$port

[auth]
type = htpasswd
htpasswd_filename = $dir/users
htpasswd_encryption = plain
# Tests try wrong passwords on purpose: no delay after each.
delay = 0

[rights]
type = owner_only

[storage]
filesystem_folder = $dir/collections

[logging]
level = warning
mask_passwords = True
EOF
    nohup radicale --config "$dir/config" >"$dir/radicale.log" 2>&1 </dev/null &
    echo $! >"$dir/radicale.pid"
    wait_for_port "$port" || { tail -n 20 "$dir/radicale.log" >&2 || true; "$0" stop "$dir"; exit 1; }
    echo "export CALDAV_TEST_DIR='$dir'"
    echo "export CALDAV_TEST_URL='http://127.0.0.1:$port/'"
    echo "export CALDAV_TEST_USER='$user1'"
    echo "export CALDAV_TEST_PASSWORD='$password1'"
    echo "export CALDAV_TEST_USER2='$user2'"
    echo "export CALDAV_TEST_PASSWORD2='$password2'"
    ;;
  stop)
    dir="${2:?the folder printed by start}"
    [ -f "$dir/config" ] && [ -f "$dir/users" ] || { echo "$dir is not a folder made by start" >&2; exit 1; }
    pid="$(cat "$dir/radicale.pid" 2>/dev/null || true)"
    [ -z "$pid" ] || kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then break; fi
      sleep 0.1
    done
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
