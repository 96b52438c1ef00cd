#!/usr/bin/env bash
# The compose stack's `backup` service (postgres image, this script mounted as its entrypoint): a pg_dump of the
# checkout database every BACKUP_INTERVAL_SECONDS into /backups, keeping the newest BACKUP_KEEP. Each dump is written
# to a temporary name and renamed once complete, so a half-written file is never taken for a backup.
#   checkout-backup           the loop (the first dump at once)
#   checkout-backup once      one dump now; prints its path
#   checkout-backup healthy   exit 0 while the newest dump is younger than two intervals (the health check)
set -euo pipefail
interval="${BACKUP_INTERVAL_SECONDS:-86400}"
keep="${BACKUP_KEEP:-14}"
dir=/backups
if [ -n "${PGPASSFILE_SECRET:-}" ]; then PGPASSWORD="$(<"$PGPASSFILE_SECRET")" && export PGPASSWORD; fi

dump() {
  local name partial
  name="$dir/checkout-$(date -u +%Y%m%dT%H%M%SZ).dump"
  partial="$name.partial"
  # Custom format: compressed, and pg_restore can put back all of it or one table.
  pg_dump --format=custom --no-owner --no-privileges --file="$partial"
  mv "$partial" "$name"
  # The newest $keep stay; older dumps and any partial left by a crash go.
  ls -1t "$dir"/checkout-*.dump 2>/dev/null | tail -n +"$((keep + 1))" | xargs -r rm -f
  find "$dir" -name 'checkout-*.partial' -mmin +60 -delete
  echo "$name"
}

case "${1:-loop}" in
  once) dump ;;
  healthy)
    newest="$(ls -1t "$dir"/checkout-*.dump 2>/dev/null | head -1)"
    [ -n "$newest" ] && [ $(($(date +%s) - $(stat -c %Y "$newest"))) -lt $((2 * interval)) ]
    ;;
  loop)
    while true; do
      if name="$(dump)"; then
        echo "{\"msg\":\"backup written\",\"file\":\"$name\",\"bytes\":$(stat -c %s "$name")}"
      else
        echo '{"msg":"backup FAILED","level":"error"}' >&2
      fi
      sleep "$interval"
    done
    ;;
  *) echo "usage: checkout-backup [once|healthy]" >&2; exit 2 ;;
esac
