#!/usr/bin/env bash
# What the official image's entrypoint does that the compose stack relies on: on an empty PGDATA, initdb with
# POSTGRES_USER and POSTGRES_PASSWORD (or POSTGRES_PASSWORD_FILE), create POSTGRES_DB, password auth from every host;
# then run the server as the postgres user.
set -euo pipefail
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" && chown -R postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then POSTGRES_PASSWORD="$(<"$POSTGRES_PASSWORD_FILE")"; fi
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo 'Database is uninitialized and superuser password is not specified: set POSTGRES_PASSWORD.' >&2
    exit 1
  fi
  pwfile="$(mktemp)"
  printf '%s' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  printf "host all all all scram-sha-256\n" >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [ "$db" != postgres ]; then psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres -c "CREATE DATABASE \"$db\"" >/dev/null; fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo 'PostgreSQL init process complete; ready for start up.'
fi
if [ "$1" = postgres ]; then shift; exec postgres -c listen_addresses='*' "$@"; fi
exec "$@"
