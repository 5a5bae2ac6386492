#!/bin/sh
# Run by the nginx image's entrypoint (/docker-entrypoint.d/) before nginx starts: renders the
# console's server configuration from the environment (render-config.sh) as the only site.
set -eu
exec /usr/local/bin/render-config.sh /etc/nginx/console.conf.template /etc/nginx/conf.d/default.conf
