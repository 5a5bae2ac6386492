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
#   CSP_CONNECT_SRC  []  extra origins the page may call
#   HSTS_HEADER      [max-age=63072000; includeSubDomains]  empty sends none (development)
#
# The Content-Security-Policy allows exactly the hosts of the monitoring services the page is
# configured for (the variables write-runtime-config.sh passes to it; nothing for a service that is
# off), as src/config/monitoring-env.ts derives them for the local servers:
#   DATADOG_APPLICATION_ID and DATADOG_CLIENT_TOKEN  connect-src: DATADOG_PROXY_URL's origin, else the
#                    intake of DATADOG_SITE [datadoghq.com]; worker-src: blob: (Session Replay's worker)
#   FIREBASE_MEASUREMENT_ID  script-src: gtag.js; connect-src: the Google Analytics hosts
#   KARTE_SCRIPT_URL script-src and connect-src: the script's origin, and KARTE's hosts (*.karte.io)
#                    when the script is one of theirs
# A malformed value stops the script (and the container) rather than serve a policy that does not fit.
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

refuse() {
  echo "$1" >&2
  exit 1
}

# The origin of an http(s) URL (lower case, without user info and default port), as a browser has it.
origin() {
  case "$2" in
    [Hh][Tt][Tt][Pp]://* | [Hh][Tt][Tt][Pp][Ss]://*) ;;
    *) refuse "$1: \"$2\" is not an http(s) URL" ;;
  esac
  scheme=$(printf '%s' "${2%%://*}" | tr 'A-Z' 'a-z')
  authority=${2#*://}
  authority=${authority%%[/?#]*}
  host=$(printf '%s' "${authority##*@}" | tr 'A-Z' 'a-z')
  case "$host" in
    '' | :* | *[!a-z0-9.:\[\]-]*) refuse "$1: \"$2\" has no valid host" ;;
  esac
  case "$scheme://$host" in
    https://*:443) host=${host%:443} ;;
    http://*:80) host=${host%:80} ;;
  esac
  printf '%s://%s' "$scheme" "$host"
}

SCRIPT_SOURCES=""
CONNECT_SOURCES=""
WORKER_SOURCES=""

if [ -n "${DATADOG_APPLICATION_ID:-}" ] || [ -n "${DATADOG_CLIENT_TOKEN:-}" ]; then
  [ -n "${DATADOG_APPLICATION_ID:-}" ] && [ -n "${DATADOG_CLIENT_TOKEN:-}" ] ||
    refuse "Datadog RUM needs both DATADOG_APPLICATION_ID and DATADOG_CLIENT_TOKEN"
  site=${DATADOG_SITE:-datadoghq.com}
  case "$site" in
    *.* ) ;;
    *) refuse "DATADOG_SITE: \"$site\" is not a Datadog site (datadoghq.com, datadoghq.eu, us3.datadoghq.com, …)" ;;
  esac
  case "$site" in
    *[!a-z0-9.-]* | .* | *. | *..* | -* | *.-* | *-.* | *-) refuse "DATADOG_SITE: \"$site\" is not a Datadog site" ;;
  esac
  if [ -n "${DATADOG_PROXY_URL:-}" ]; then
    intake=$(origin DATADOG_PROXY_URL "$DATADOG_PROXY_URL") || exit 1
  else
    # The SDK's intake for a site: datadoghq.com → browser-intake-datadoghq.com, us3.datadoghq.com → browser-intake-us3-datadoghq.com.
    intake="https://browser-intake-$(printf '%s' "${site%.*}" | tr . -).${site##*.}"
  fi
  CONNECT_SOURCES="$CONNECT_SOURCES $intake"
  WORKER_SOURCES="$WORKER_SOURCES blob:"
fi

if [ -n "${FIREBASE_MEASUREMENT_ID:-}" ]; then
  case "$FIREBASE_MEASUREMENT_ID" in
    G-*[!A-Z0-9]* | G-) refuse "FIREBASE_MEASUREMENT_ID: \"$FIREBASE_MEASUREMENT_ID\" is not a measurement id (G-…)" ;;
    G-*) ;;
    *) refuse "FIREBASE_MEASUREMENT_ID: \"$FIREBASE_MEASUREMENT_ID\" is not a measurement id (G-…)" ;;
  esac
  SCRIPT_SOURCES="$SCRIPT_SOURCES https://www.googletagmanager.com"
  CONNECT_SOURCES="$CONNECT_SOURCES https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com"
fi

if [ -n "${KARTE_SCRIPT_URL:-}" ]; then
  karte=$(origin KARTE_SCRIPT_URL "$KARTE_SCRIPT_URL") || exit 1
  SCRIPT_SOURCES="$SCRIPT_SOURCES $karte"
  CONNECT_SOURCES="$CONNECT_SOURCES $karte"
  karte_host=${karte#*://}
  case "${karte_host%%:*}" in
    karte.io | *.karte.io)
      SCRIPT_SOURCES="$SCRIPT_SOURCES https://*.karte.io"
      CONNECT_SOURCES="$CONNECT_SOURCES https://*.karte.io wss://*.karte.io"
      ;;
  esac
fi

CONNECT_SOURCES="$CONNECT_SOURCES${CSP_CONNECT_SRC:+ $CSP_CONNECT_SRC}"

# Each placeholder follows a source in the template: a value is empty or starts with a space.
CSP_SCRIPT_SRC=$SCRIPT_SOURCES
CSP_CONNECT_SRC=$CONNECT_SOURCES
CSP_WORKER_SRC=$WORKER_SOURCES

export LISTEN_PORT WEB_ROOT API_SERVERS CSP_SCRIPT_SRC CSP_CONNECT_SRC CSP_WORKER_SRC HSTS_HEADER
# Only these variables: nginx's own ($uri, $host, …) stay as they are.
envsubst '${LISTEN_PORT} ${WEB_ROOT} ${API_SERVERS} ${CSP_SCRIPT_SRC} ${CSP_CONNECT_SRC} ${CSP_WORKER_SRC} ${HSTS_HEADER}' <"$1" >"$2"
