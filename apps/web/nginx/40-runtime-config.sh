#!/bin/sh
# Run by the nginx image's entrypoint (/docker-entrypoint.d/) before nginx starts: writes
# /auth/runtime-config.js from the environment (write-runtime-config.sh). A refused setting makes
# this fail, and the entrypoint then stops the container instead of serving a wrong config.
set -eu
exec /usr/local/bin/write-runtime-config.sh "${WEB_ROOT:-/usr/share/nginx/console}/auth/runtime-config.js"
