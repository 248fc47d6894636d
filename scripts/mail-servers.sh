#!/usr/bin/env bash
# Starts throw-away mail servers on loopback for the email tests and prints their settings as export lines:
# Dovecot (POP3 and IMAP, each plain with STARTTLS and implicit TLS) and an SMTP server (scripts/mail-smtp-server.ts)
# that delivers into the same Maildirs. Three users, a self-signed certificate made at start; nothing of /etc/dovecot.
# Usage: eval "$(scripts/mail-servers.sh start)"   …   scripts/mail-servers.sh stop "$MAIL_TEST_DIR"
# Ports from MAIL_TEST_POP3_PORT, MAIL_TEST_POP3S_PORT, MAIL_TEST_IMAP_PORT, MAIL_TEST_IMAPS_PORT,
# MAIL_TEST_SMTP_PORT, MAIL_TEST_SMTPS_PORT, so two runs can coexist.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dovecot=/usr/sbin/dovecot
pop3_port="${MAIL_TEST_POP3_PORT:-11110}"
pop3s_port="${MAIL_TEST_POP3S_PORT:-11995}"
imap_port="${MAIL_TEST_IMAP_PORT:-11143}"
imaps_port="${MAIL_TEST_IMAPS_PORT:-11993}"
smtp_port="${MAIL_TEST_SMTP_PORT:-11025}"
smtps_port="${MAIL_TEST_SMTPS_PORT:-11465}"
user1=alice@pipewise.test
password1=alice-mail-password
user2=bob@pipewise.test
password2=bob-mail-password
# The product's own mail (SMTP_URL: password-reset links) is sent as and to this one, so no other test's inbox sees it.
user3=carol@pipewise.test
password3=carol-mail-password

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
    [ -x "$dovecot" ] || { echo "Dovecot not found (apt-get install dovecot-pop3d dovecot-imapd)" >&2; exit 1; }
    dir="$(mktemp -d /tmp/pipewise-mail-XXXXXX)"
    chmod 755 "$dir"
    if [ "$(id -u)" = 0 ]; then
      # Dovecot's own service users come with the Debian package; mail belongs to an unprivileged uid.
      internal_user=dovecot login_user=dovenull
      mail_uid="$(id -u nobody)" mail_gid="$(id -g nobody)"
    else
      internal_user="$(id -un)" login_user="$(id -un)"
      mail_uid="$(id -u)" mail_gid="$(id -g)"
    fi
    mkdir -p "$dir/run" "$dir/state"
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
      -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
      -keyout "$dir/key.pem" -out "$dir/cert.pem" 2>/dev/null
    chmod 644 "$dir/cert.pem"
    # passwd-file: user:password:uid:gid::home; {PLAIN} so PLAIN, LOGIN and CRAM-MD5 can all be checked.
    : >"$dir/users"
    for entry in "$user1:$password1" "$user2:$password2" "$user3:$password3"; do
      name="${entry%%:*}"
      home="$dir/mail/$name"
      mkdir -p "$home/Maildir/tmp" "$home/Maildir/new" "$home/Maildir/cur"
      echo "$name:{PLAIN}${entry#*:}:$mail_uid:$mail_gid::$home::" >>"$dir/users"
    done
    chown -R "$mail_uid:$mail_gid" "$dir/mail"
    chmod 644 "$dir/users"
    cat >"$dir/dovecot.conf" <<EOF
base_dir = $dir/run
state_dir = $dir/state
instance_name = pipewise-mail-$pop3_port
protocols = pop3 imap
listen = 127.0.0.1
log_path = $dir/dovecot.log
default_internal_user = $internal_user
default_login_user = $login_user
first_valid_uid = 1
ssl = yes
ssl_cert = <$dir/cert.pem
ssl_key = <$dir/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login cram-md5
# Tests try wrong passwords on purpose: no delay after each, and no penalty growing with them (anvil's).
auth_failure_delay = 0
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
mail_location = maildir:~/Maildir
pop3_uidl_format = %08Xu%08Xv
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dir/users
}
userdb {
  driver = passwd-file
  args = username_format=%u $dir/users
}
service pop3-login {
  inet_listener pop3 {
    port = $pop3_port
  }
  inet_listener pop3s {
    port = $pop3s_port
    ssl = yes
  }
}
service imap-login {
  inet_listener imap {
    port = $imap_port
  }
  inet_listener imaps {
    port = $imaps_port
    ssl = yes
  }
}
EOF
    "$dovecot" -c "$dir/dovecot.conf"
    MAIL_TEST_SMTP_PORT="$smtp_port" MAIL_TEST_SMTPS_PORT="$smtps_port" \
      nohup node --import tsx "$root/scripts/mail-smtp-server.ts" "$dir" >"$dir/smtp.log" 2>&1 </dev/null &
    echo $! >"$dir/smtp.pid"
    for port in "$pop3_port" "$pop3s_port" "$imap_port" "$imaps_port" "$smtp_port" "$smtps_port"; do
      wait_for_port "$port" || { tail -n 20 "$dir/dovecot.log" "$dir/smtp.log" >&2 || true; "$0" stop "$dir"; exit 1; }
    done
    echo "export MAIL_TEST_DIR='$dir'"
    echo "export MAIL_TEST_HOST=127.0.0.1"
    echo "export MAIL_TEST_POP3_PORT=$pop3_port"
    echo "export MAIL_TEST_POP3S_PORT=$pop3s_port"
    echo "export MAIL_TEST_IMAP_PORT=$imap_port"
    echo "export MAIL_TEST_IMAPS_PORT=$imaps_port"
    echo "export MAIL_TEST_SMTP_PORT=$smtp_port"
    echo "export MAIL_TEST_SMTPS_PORT=$smtps_port"
    echo "export MAIL_TEST_CA_FILE='$dir/cert.pem'"
    echo "export MAIL_TEST_USER='$user1'"
    echo "export MAIL_TEST_PASSWORD='$password1'"
    echo "export MAIL_TEST_USER2='$user2'"
    echo "export MAIL_TEST_PASSWORD2='$password2'"
    echo "export MAIL_TEST_USER3='$user3'"
    echo "export MAIL_TEST_PASSWORD3='$password3'"
    ;;
  stop)
    dir="${2:?the folder printed by start}"
    [ -f "$dir/dovecot.conf" ] || { echo "$dir is not a folder made by start" >&2; exit 1; }
    "$dovecot" -c "$dir/dovecot.conf" stop 2>/dev/null || true
    smtp_pid="$(cat "$dir/smtp.pid" 2>/dev/null || true)"
    [ -z "$smtp_pid" ] || kill "$smtp_pid" 2>/dev/null || true
    # Both gone before the folder goes (Dovecot's master removes its sockets as it ends).
    for _ in $(seq 1 50); do
      if [ ! -f "$dir/run/master.pid" ] && { [ -z "$smtp_pid" ] || ! kill -0 "$smtp_pid" 2>/dev/null; }; then break; fi
      sleep 0.1
    done
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
