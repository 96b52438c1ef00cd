#!/bin/sh
# The official image's 20-envsubst-on-templates.sh: every /etc/nginx/templates/*.template becomes conf.d/*, with only
# the variables defined in the environment substituted (nginx's own $variables stay).
set -eu
if [ "${1:-}" = nginx ]; then
  defined=$(printf '${%s} ' $(env | cut -d= -f1))
  for template in /etc/nginx/templates/*.template; do
    [ -f "$template" ] || continue
    output="/etc/nginx/conf.d/$(basename "$template" .template)"
    envsubst "$defined" <"$template" >"$output"
    echo "$0: rendered $template to $output"
  done
fi
exec "$@"
