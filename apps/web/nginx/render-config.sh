#!/bin/sh
# Renders the console's nginx server configuration from console.conf.template. Run by the web
# image at start (/docker-entrypoint.d) and by the topology test for Debian's nginx, so both serve
# the same configuration. POSIX sh (busybox and dash), needs envsubst (gettext).
#
#   render-config.sh TEMPLATE OUTPUT
#
# Environment (defaults in brackets):
#   LISTEN_PORT      [8080]
#   WEB_ROOT         [/usr/share/nginx/console]  the folder that holds auth/
#   API_UPSTREAM     [api:3000]  the API instances: host:port, several separated by spaces or
#                    commas; a DNS name with several addresses spreads over all of them
#   CSP_CONNECT_SRC  []  extra origins the page may call (monitoring intake, …)
#   HSTS_HEADER      [max-age=63072000; includeSubDomains]  empty sends none (development)
set -eu

if [ "$#" -ne 2 ]; then
  echo "usage: $0 TEMPLATE OUTPUT" >&2
  exit 2
fi

LISTEN_PORT=${LISTEN_PORT:-8080}
WEB_ROOT=${WEB_ROOT:-/usr/share/nginx/console}
API_UPSTREAM=${API_UPSTREAM:-api:3000}
CSP_CONNECT_SRC=${CSP_CONNECT_SRC:-}
HSTS_HEADER=${HSTS_HEADER-max-age=63072000; includeSubDomains}

API_SERVERS=""
for server in $(printf '%s' "$API_UPSTREAM" | tr ',' ' '); do
  case "$server" in
    *[!A-Za-z0-9.:_\[\]-]*)
      echo "API_UPSTREAM: \"$server\" is not a host:port" >&2
      exit 1
      ;;
  esac
  API_SERVERS="${API_SERVERS}server ${server} max_fails=0; "
done
if [ -z "$API_SERVERS" ]; then
  echo "API_UPSTREAM names no API instance" >&2
  exit 1
fi

export LISTEN_PORT WEB_ROOT API_SERVERS CSP_CONNECT_SRC HSTS_HEADER
# Only these variables: nginx's own ($uri, $host, …) stay as they are.
envsubst '${LISTEN_PORT} ${WEB_ROOT} ${API_SERVERS} ${CSP_CONNECT_SRC} ${HSTS_HEADER}' <"$1" >"$2"
