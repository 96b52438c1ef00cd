#!/usr/bin/env bash
# Puts a dump made by the backup service back into the compose stack's database, replacing what is there:
#   deploy/backup/restore.sh [dump-file-in-the-backups-volume]    (default: the newest)
# The api replicas are stopped first (no buyer writes into a half-restored database) and started again after; the
# ledger is then reconciled (`node dist/reconcile.js` in an api container), and a mismatch fails the restore.
# COMPOSE (default `docker compose`) names the compose command, e.g. COMPOSE="docker-compose -p checkout".
set -euo pipefail
compose=(${COMPOSE:-docker compose})
dump="${1:-}"
if [ -z "$dump" ]; then
  dump="$("${compose[@]}" exec -T backup sh -c 'ls -1t /backups/checkout-*.dump | head -1')"
fi
[ -n "$dump" ] || { echo 'restore: no dump found in the backups volume' >&2; exit 1; }
echo "restore: $dump"
replicas="$("${compose[@]}" ps -q api | wc -l)"
[ "$replicas" -gt 0 ] || replicas=1
"${compose[@]}" stop api
# --clean --if-exists: every object of the dump is dropped and made again, whatever the database holds now (an
# empty database after a loss, or the current one).
started=$SECONDS
"${compose[@]}" exec -T backup sh -c \
  'PGPASSWORD="$(cat "$PGPASSFILE_SECRET")" pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction -d "$PGDATABASE" "$1"' \
  restore "$dump"
bytes="$("${compose[@]}" exec -T backup stat -c %s "$dump" | tr -d '\r')"
echo "restore: $dump ($bytes bytes) restored in $((SECONDS - started)) s"
"${compose[@]}" up -d --no-deps --scale api="$replicas" api
for _ in $(seq 1 60); do
  healthy="$("${compose[@]}" ps api | grep -c '(healthy)' || true)"
  [ "$healthy" -ge "$replicas" ] && break
  sleep 2
done
"${compose[@]}" exec -T api node dist/reconcile.js
