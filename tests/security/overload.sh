#!/usr/bin/env bash
# Overload against the built portal on loopback (docs/security/scanners.md): many more concurrent signed-in calls than
# the in-flight limit, for a few seconds. Shows load shedding (503 + Retry-After at once, not a queue that grows until
# everybody times out), readiness answering throughout, and normal service right after. Not part of ./scripts/test.sh.
#
#   tests/security/overload.sh                                   # MAX_IN_FLIGHT=32, 200 connections, 10 s
#   OVERLOAD_MAX_IN_FLIGHT=100000 tests/security/overload.sh     # the same load with the gate out of the way
#   OVERLOAD_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/overload tests/security/overload.sh   # on PostgreSQL
#
# On PGlite (the default) the database runs inside the server's own thread: under overload the process cannot even
# read its sockets, the queue builds in the kernel's accept backlog where no gate sees it, and readiness is late too.
# Load shedding is for the PostgreSQL deployment; run it there (an empty database: the demo data is loaded into it).
#
# Exit 1 when the portal did not recover, a refusal had no Retry-After, a socket failed, or readiness did not answer.
set -euo pipefail
cd "$(dirname "$0")/../.."

PORT="${OVERLOAD_PORT:-4407}"
ORIGIN="http://127.0.0.1:${PORT}"
OUT=.tmp/overload
MAX_IN_FLIGHT="${OVERLOAD_MAX_IN_FLIGHT:-32}"

node scripts/build-if-changed.mjs >/dev/null
rm -rf "${OUT}" && mkdir -p "${OUT}/data"
PORT="${PORT}" HOST=127.0.0.1 DATA_DIR="${OUT}/data" DATABASE_URL="${OVERLOAD_DATABASE_URL:-}" MAX_IN_FLIGHT="${MAX_IN_FLIGHT}" LOG_LEVEL=warn \
  node apps/server/dist/main.js >"${OUT}/server.log" 2>&1 &
SERVER_PID=$!
trap 'kill "${SERVER_PID}" 2>/dev/null; wait "${SERVER_PID}" 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
  curl -fsS "${ORIGIN}/readyz" >/dev/null 2>&1 && break
  kill -0 "${SERVER_PID}" 2>/dev/null || { echo "the portal did not start: $(tail -5 "${OUT}/server.log")" >&2; exit 2; }
  sleep 0.5
done
npx tsx tests/security/sign-in.ts "${ORIGIN}" "${OUT}/data/outbox" >"${OUT}/sessions.json"
echo "MAX_IN_FLIGHT=${MAX_IN_FLIGHT}"
node tests/security/overload.mjs "${ORIGIN}" "${OUT}/sessions.json" "${OVERLOAD_CONNECTIONS:-200}" "${OVERLOAD_SECONDS:-10}" |
  tee "${OUT}/result.txt"
