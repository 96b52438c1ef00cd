#!/usr/bin/env bash
# Ships a new build of a remote beside the one buyers have now, on the same origin, and switches the page to it:
#   deploy/ship-remote.sh mf-basket v15           build checkout/mf-basket:v15, run it as container mf-basket-v15 on the
#                                                 compose network (the proxy serves it at /remotes/mf-basket-v15/ with
#                                                 no change of its own), then point deploy/remotes.json at it, with the
#                                                 pin of its server build (the image's dist/server/integrity.json) when
#                                                 it has one: the api runs those bytes and no others
#   deploy/ship-remote.sh mf-basket --rollback    point deploy/remotes.json back at the compose service mf-basket
# The api reads the remotes file again on the next page load: nothing restarts, and pages already open keep the
# deployment they loaded. REMOTES_DIR is the folder mounted as /etc/checkout (default deploy); COMPOSE names the
# compose command (default `docker compose`).
set -euo pipefail
cd "$(dirname "$0")/.."
compose=(${COMPOSE:-docker compose})
remote="${1:-}"
tag="${2:-}"
case "$remote" in mf-basket | mf-account | mf-payment | mf-post-sale) ;; *) remote='' ;; esac
if [ -z "$remote" ] || ! [[ "$tag" =~ ^(--rollback|[a-z0-9][a-z0-9.-]*)$ ]]; then
  echo 'usage: deploy/ship-remote.sh <mf-basket|mf-account|mf-payment|mf-post-sale> <tag|--rollback>' >&2
  exit 2
fi
file="${REMOTES_DIR:-deploy}/remotes.json"

pin=''
if [ "$tag" = --rollback ]; then
  name="$remote"
else
  name="$remote-$tag"
  current="$("${compose[@]}" ps -q "$remote" | head -1)"
  [ -n "$current" ] || { echo "ship-remote: the compose service $remote is not running" >&2; exit 1; }
  network="$(docker inspect -f '{{range $name, $_ := .NetworkSettings.Networks}}{{$name}} {{end}}' "$current" | cut -d' ' -f1)"
  origin="$(docker inspect -f '{{range .Config.Env}}{{println .}}{{end}}' "$current" | sed -n 's/^SHELL_ORIGIN=//p')"
  DOCKER_BUILDKIT=1 docker build -q -f deploy/Dockerfile --target remote --build-arg REMOTE="$remote" \
    -t "checkout/$remote:$tag" . >/dev/null
  # Read from the image just built, never from the running container or its URL: those are what the pin guards against.
  # A remote with no server build has no integrity file: it ships unpinned (nothing of it runs in the api).
  pin="$( (docker run --rm --entrypoint cat "checkout/$remote:$tag" dist/server/integrity.json 2>/dev/null || true) |
    node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{try{process.stdout.write(JSON.parse(s)["remoteEntry.js"]??"")}catch{}})' || true)"
  docker rm -f "$name" >/dev/null 2>&1 || true
  docker run -d --name "$name" --network "$network" --restart unless-stopped --memory 128m --cpus 0.5 \
    --log-opt max-size=10m --log-opt max-file=5 -e "SHELL_ORIGIN=$origin" "checkout/$remote:$tag" >/dev/null
  for _ in $(seq 1 60); do
    [ "$(docker inspect -f '{{.State.Health.Status}}' "$name")" = healthy ] && break
    sleep 1
  done
  [ "$(docker inspect -f '{{.State.Health.Status}}' "$name")" = healthy ] ||
    { echo "ship-remote: $name did not become healthy; deploy/remotes.json is unchanged" >&2; exit 1; }
fi

# Written beside the file and renamed over it, so the api never reads half a file.
node -e '
  const fs = require("node:fs");
  const [file, key, path, pin] = process.argv.slice(1);
  const remotes = JSON.parse(fs.readFileSync(file, "utf8"));
  remotes[key] = pin ? { manifest: path, serverIntegrity: pin } : path;
  fs.writeFileSync(`${file}.next`, `${JSON.stringify(remotes, null, 2)}\n`);
  fs.renameSync(`${file}.next`, file);
' "$file" "${remote//-/_}" "/remotes/$name/mf-manifest.json" "$pin"
echo "ship-remote: $file names /remotes/$name/mf-manifest.json for ${remote//-/_}${pin:+, server build pinned to $pin}"
