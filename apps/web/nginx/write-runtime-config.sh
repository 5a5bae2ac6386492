#!/bin/sh
# Writes the web console's runtime config, /auth/runtime-config.js, from the environment, so that
# one build serves every environment (read by apps/web/src/config/read-env.ts):
#
#   CONSOLE_ENV                    appEnv: dev, test, eva or prod
#   FIREBASE_API_KEY               firebase.apiKey
#   FIREBASE_AUTH_DOMAIN           firebase.authDomain
#   FIREBASE_PROJECT_ID            firebase.projectId
#   FIREBASE_STORAGE_BUCKET        firebase.storageBucket
#   FIREBASE_MESSAGING_SENDER_ID   firebase.messagingSenderId
#   FIREBASE_APP_ID                firebase.appId
#   AUTH_EMULATOR_URL              authEmulatorUrl; refused unless CONSOLE_ENV is dev, test or eva
#   API_BASE_URL                   apiBaseUrl
#   API_TIMEOUT_MS                 apiTimeoutMs: milliseconds a call of the API waits for its answer
#   APP_VERSION                    appVersion (RUM version)
#   DATADOG_APPLICATION_ID         datadog.applicationId  } Datadog RUM, on with both
#   DATADOG_CLIENT_TOKEN           datadog.clientToken    }
#   DATADOG_SITE                   datadog.site (datadoghq.com by default)
#   DATADOG_SERVICE                datadog.service (console-web by default)
#   DATADOG_PROXY_URL              datadog.proxyUrl: where RUM sends its batches instead of the intake
#   FIREBASE_MEASUREMENT_ID        firebase.measurementId: Google Analytics, on with it
#   KARTE_SCRIPT_URL               karte.scriptUrl: the KARTE tag, loaded only with it
#
# render-config.sh allows the hosts of these services in the Content-Security-Policy (and refuses
# malformed values); src/config/monitoring-env.ts reads them.
#
# An unset or empty variable is left out, so the build's value applies. Values become JSON strings
# with \ " < > & U+2028 U+2029 and control characters escaped: none can end the string or the script.
# POSIX sh and awk only (busybox in nginx:alpine, dash and mawk/gawk on Debian).
#
# Usage: write-runtime-config.sh <output-file>
set -eu

if [ "$#" -ne 1 ] || [ -z "$1" ]; then
  echo "usage: $0 <output-file>" >&2
  exit 2
fi

case "${CONSOLE_ENV:-}" in
  '' | dev | test | eva | prod) ;;
  *)
    echo "$0: CONSOLE_ENV must be dev, test, eva or prod, not '${CONSOLE_ENV}'" >&2
    exit 1
    ;;
esac

if [ -n "${AUTH_EMULATOR_URL:-}" ]; then
  case "${CONSOLE_ENV:-}" in
    dev | test | eva) ;;
    *)
      echo "$0: refusing AUTH_EMULATOR_URL: CONSOLE_ENV is ${CONSOLE_ENV:-unset, which means prod}, and prod never uses the auth emulator (set CONSOLE_ENV to dev, test or eva, or unset AUTH_EMULATOR_URL)" >&2
      exit 1
      ;;
  esac
fi

# Bytewise (LC_ALL=C), so every awk splits a value the same way; non-ASCII UTF-8 passes through.
config=$(LC_ALL=C awk '
  function quote(s,    out, n, i, c) {
    out = ""
    n = length(s)
    for (i = 1; i <= n; i++) {
      c = substr(s, i, 1)
      if (c == "\\" || c == "\"") {
        out = out "\\" c
      } else if ((c in code) && (code[c] < 32 || code[c] == 127 || c == "<" || c == ">" || c == "&")) {
        out = out sprintf("\\u%04x", code[c])
      } else if (substr(s, i, 3) == LS) {
        out = out "\\u2028"; i += 2
      } else if (substr(s, i, 3) == PS) {
        out = out "\\u2029"; i += 2
      } else {
        out = out c
      }
    }
    return "\"" out "\""
  }
  # Appends "key": <value of the variable> to a member list when the variable is not empty.
  function member(list, indent, key, name) {
    if (ENVIRON[name] == "") return list
    return entry(list, indent, key, quote(ENVIRON[name]))
  }
  function entry(list, indent, key, value) {
    return (list == "" ? "" : list ",\n") indent "\"" key "\": " value
  }
  BEGIN {
    for (i = 1; i < 128; i++) code[sprintf("%c", i)] = i
    LS = "\342\200\250"
    PS = "\342\200\251"

    firebase = member("", "    ", "apiKey", "FIREBASE_API_KEY")
    firebase = member(firebase, "    ", "authDomain", "FIREBASE_AUTH_DOMAIN")
    firebase = member(firebase, "    ", "projectId", "FIREBASE_PROJECT_ID")
    firebase = member(firebase, "    ", "storageBucket", "FIREBASE_STORAGE_BUCKET")
    firebase = member(firebase, "    ", "messagingSenderId", "FIREBASE_MESSAGING_SENDER_ID")
    firebase = member(firebase, "    ", "appId", "FIREBASE_APP_ID")
    firebase = member(firebase, "    ", "measurementId", "FIREBASE_MEASUREMENT_ID")

    datadog = member("", "    ", "applicationId", "DATADOG_APPLICATION_ID")
    datadog = member(datadog, "    ", "clientToken", "DATADOG_CLIENT_TOKEN")
    datadog = member(datadog, "    ", "site", "DATADOG_SITE")
    datadog = member(datadog, "    ", "service", "DATADOG_SERVICE")
    datadog = member(datadog, "    ", "proxyUrl", "DATADOG_PROXY_URL")
    karte = member("", "    ", "scriptUrl", "KARTE_SCRIPT_URL")

    top = member("", "  ", "appEnv", "CONSOLE_ENV")
    if (firebase != "") top = entry(top, "  ", "firebase", "{\n" firebase "\n  }")
    top = member(top, "  ", "authEmulatorUrl", "AUTH_EMULATOR_URL")
    top = member(top, "  ", "apiBaseUrl", "API_BASE_URL")
    top = member(top, "  ", "apiTimeoutMs", "API_TIMEOUT_MS")
    top = member(top, "  ", "appVersion", "APP_VERSION")
    if (datadog != "") top = entry(top, "  ", "datadog", "{\n" datadog "\n  }")
    if (karte != "") top = entry(top, "  ", "karte", "{\n" karte "\n  }")

    print "window.__CONSOLE_CONFIG__ = " (top == "" ? "{}" : "{\n" top "\n}") ";"
  }
')

# Written in place (not renamed into place): the image makes only this file writable.
printf '%s\n' "$config" >"$1"
printf '%s: wrote %s\n' "$0" "$1"
