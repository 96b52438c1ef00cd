#!/usr/bin/env bash
# Prepares a checkout of this repository to run the compose stack, making only what is missing:
#   deploy/secrets/   postgres_password, session_secret, metrics_token: random, one file each (SECRETS_DIR to choose)
#   deploy/tls/       fullchain.pem + privkey.pem: a self-signed certificate for PUBLIC_URL's host, for trying the stack
#                     out only (browsers warn); mount your CA's certificate there instead (TLS_DIR to choose)
#   deploy/acme/      the webroot the proxy answers /.well-known/acme-challenge/ from (certbot --webroot -w deploy/acme)
#   .env              from .env.example, with PUBLIC_URL set when given (ENV_FILE to choose: then run compose with
#                     --env-file that file)
# Usage: deploy/init.sh [--demo] [PUBLIC_URL]
#   --demo  the demo catalogue, test money (every page says TEST MODE) and the Mailpit mail catcher on
#           127.0.0.1:8025: SEED_DEMO=1 PAYMENTS_SANDBOX=1 COMPOSE_PROFILES=dev SMTP_URL=smtp://mailpit:1025
set -euo pipefail
cd "$(dirname "$0")/.."
demo=0
public_url=''
for arg in "$@"; do
  case "$arg" in
    --demo) demo=1 ;;
    http://* | https://*) public_url="${arg%/}" ;;
    *) echo "usage: deploy/init.sh [--demo] [PUBLIC_URL]" >&2; exit 2 ;;
  esac
done

env_file="${ENV_FILE:-.env}"
[ -f "$env_file" ] || { cp .env.example "$env_file" && echo "wrote $env_file (from .env.example)"; }
setting() { # NAME VALUE: set NAME in the env file, replacing a line that sets it (or its commented example)
  local name=$1 value=$2
  if grep -qE "^#? ?$name=" "$env_file"; then
    sed -i -E "s|^#? ?$name=.*|$name=$value|" "$env_file"
  else
    echo "$name=$value" >>"$env_file"
  fi
}
[ -z "$public_url" ] || setting PUBLIC_URL "$public_url"
if [ "$demo" = 1 ]; then
  setting SEED_DEMO 1
  setting PAYMENTS_SANDBOX 1
  setting COMPOSE_PROFILES dev
  setting SMTP_URL smtp://mailpit:1025
  echo "demo: demo catalogue, TEST MODE payments and Mailpit (http://127.0.0.1:8025) are on in $env_file"
fi
value() { grep -E "^$1=" "$env_file" | tail -1 | cut -d= -f2- || true; }
public_url="$(value PUBLIC_URL)"
public_url="${public_url:-https://localhost:8443}"

secrets="$(value SECRETS_DIR)"
secrets="${secrets:-deploy/secrets}"
mkdir -p "$secrets" && chmod 700 "$secrets"
for name in postgres_password session_secret metrics_token; do
  if [ ! -s "$secrets/$name" ]; then
    # Readable inside the containers, whose users are not this one; the folder keeps it from other users here.
    (umask 022 && openssl rand -hex 32 >"$secrets/$name")
    echo "wrote $secrets/$name"
  fi
done

tls="$(value TLS_DIR)"
tls="${tls:-deploy/tls}"
acme="$(value ACME_WEBROOT)"
mkdir -p "$tls" "${acme:-deploy/acme}" && chmod 700 "$tls"
if [ ! -s "$tls/fullchain.pem" ] || [ ! -s "$tls/privkey.pem" ]; then
  host="$(echo "$public_url" | sed -E 's|^https?://([^/:]+).*|\1|')"
  case "$host" in
    *[!0-9.]*) san="DNS:$host" ;;
    *) san="IP:$host" ;;
  esac
  openssl req -x509 -newkey rsa:2048 -sha256 -days 30 -nodes -subj "/CN=$host" -addext "subjectAltName=$san" \
    -keyout "$tls/privkey.pem" -out "$tls/fullchain.pem" 2>/dev/null
  chmod 600 "$tls/privkey.pem"
  echo "wrote a self-signed certificate for $host to $tls/ (30 days; for trying the stack out: mount a real one)"
fi
echo "ready: docker compose up --build -d, then open $public_url/all-events/"
