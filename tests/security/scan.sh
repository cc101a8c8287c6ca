#!/usr/bin/env bash
# Outside scanners against the built portal on loopback (docs/security/scanners.md): Debian's sqlmap against the login
# body, the client's and the producer's list endpoints and the report preview, signed in (session cookie + CSRF header),
# then wapiti over the site and the API's GET endpoints, bounded in time. Not part of ./scripts/test.sh: it takes about
# ten minutes. Results: .tmp/security/ (summary.txt, sqlmap/, wapiti/, server.log); docs/security/scanners.md.
#
#   tests/security/scan.sh                     # everything
#   SCAN_ONLY=sqlmap tests/security/scan.sh    # or wapiti
#
# Exit 0: no finding. Exit 1: a real finding (an injection point, a wapiti vulnerability or anomaly, a 5xx answered
# by the portal). Exit 2: the scan itself could not run.
set -euo pipefail
cd "$(dirname "$0")/../.."

PORT="${SCAN_PORT:-4406}"
ORIGIN="http://127.0.0.1:${PORT}"
BASE="${ORIGIN}/angel/face"
API="${BASE}/en/api"
OUT=.tmp/security
DATA="${OUT}/data"
SQLMAP_SECONDS="${SQLMAP_SECONDS:-180}"   # per target
WAPITI_SECONDS="${WAPITI_SECONDS:-300}"   # whole wapiti run
ONLY="${SCAN_ONLY:-all}"

fail() { echo "scan: $*" >&2; exit 2; }

# The scanners come from Debian; nothing here reaches the network beyond loopback.
missing=()
command -v sqlmap >/dev/null || missing+=(sqlmap)
command -v wapiti >/dev/null || missing+=(wapiti)
if ((${#missing[@]})); then
  SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${missing[@]}" || fail "could not install ${missing[*]}"
fi

node scripts/build-if-changed.mjs >/dev/null || fail 'build failed'
rm -rf "${OUT}" && mkdir -p "${OUT}/sqlmap" "${OUT}/wapiti" "${DATA}"

# A fresh PGlite database with the demo data. COOKIE_SECURE as in production (the cookie flags are checked);
# TRUST_PROXY=loopback so sqlmap's random X-Forwarded-For spreads its failed logins over addresses: otherwise the
# per-address login limit answers 429 after 30 tries and the login body would go untested.
PORT="${PORT}" HOST=127.0.0.1 DATA_DIR="${DATA}" DATABASE_URL= COOKIE_SECURE=true TRUST_PROXY=127.0.0.1 \
  LOG_LEVEL=info JOB_WORKERS=true node apps/server/dist/main.js >"${OUT}/server.log" 2>&1 &
SERVER_PID=$!
trap 'kill "${SERVER_PID}" 2>/dev/null; wait "${SERVER_PID}" 2>/dev/null || true' EXIT
# Start-up loads the demo data into a fresh database: a minute on an idle machine, more on a busy one.
for _ in $(seq 1 600); do
  curl -fsS "${ORIGIN}/readyz" >/dev/null 2>&1 && break
  kill -0 "${SERVER_PID}" 2>/dev/null || fail "the portal did not start: $(tail -5 "${OUT}/server.log")"
  sleep 0.5
done
curl -fsS "${ORIGIN}/readyz" >/dev/null || fail 'the portal is not ready after 300 s'

npx tsx tests/security/sign-in.ts "${ORIGIN}" "${DATA}/outbox" >"${OUT}/sessions.json" || fail 'sign-in failed'
field() { node -e "const s=require('./${OUT}/sessions.json');console.log(s$1)"; }
ANON_COOKIE=$(field .anonymous.cookie); ANON_CSRF=$(field .anonymous.csrfToken)
CLIENT_COOKIE=$(field .client.cookie); CLIENT_CSRF=$(field .client.csrfToken)
PRODUCER_COOKIE=$(field .producer.cookie); PRODUCER_CSRF=$(field .producer.csrfToken)
PLAN_ID=$(field .planId); ACCOUNT_NO=$(field .accountNo)

SUMMARY="${OUT}/summary.txt"
: >"${SUMMARY}"
findings=0
log_lines() { wc -l <"${OUT}/server.log"; }
# Requests the portal answered between two log positions, by status (the portal's own count, not the scanner's).
server_counts() {
  sed -n "$(($1 + 1)),$2p" "${OUT}/server.log" | grep -o '"statusCode":[0-9]*' | cut -d: -f2 | sort | uniq -c |
    awk '{printf "%s%s×%s", (NR>1?", ":""), $2, $1; total+=$1} END {printf " (%d requests)", total}'
}
server_errors() { sed -n "$(($1 + 1)),$2p" "${OUT}/server.log" | grep -c '"statusCode":5[0-9][0-9]' || true; }

# One sqlmap target, its parameters named with -p (the session cookie is not a parameter). Bounded: level 2, risk 1 (no
# OR-based or heavy queries that could change data), 2 s time-based delay, one thread, a wall-clock limit.
sqlmap_target() {
  local name="$1"; shift
  local from; from=$(log_lines)
  local started=$SECONDS
  timeout --signal=INT "${SQLMAP_SECONDS}" sqlmap --batch --disable-coloring --level=2 --risk=1 --threads=1 \
    --time-sec=2 --timeout=10 --retries=1 --flush-session --tamper=xforwardedfor \
    --output-dir="${OUT}/sqlmap" -t "${OUT}/sqlmap/${name}.traffic" "$@" >"${OUT}/sqlmap/${name}.txt" 2>&1 || true
  sleep 1 # the portal's log lines of the last requests
  local to; to=$(log_lines)
  local sent; sent=$(grep -c '^HTTP request \[' "${OUT}/sqlmap/${name}.traffic" 2>/dev/null) || true
  local injectable=0
  grep -q 'identified the following injection point' "${OUT}/sqlmap/${name}.txt" && injectable=1
  # Answers that are not the portal's own: the framework's error JSON, a database error, a stack trace.
  local leaks; leaks=$(grep -cE '"code":"FST_|syntax error at|Failed query|PGlite|    at .*\.[cm]?js:[0-9]+' \
    "${OUT}/sqlmap/${name}.traffic" 2>/dev/null) || true
  local errors; errors=$(server_errors "${from}" "${to}")
  # What sqlmap received, by status: it includes what the router refuses before the request log (414, bad URLs).
  local seen; seen=$(grep -o '^HTTP response \[#[0-9]*\] ([0-9]*' "${OUT}/sqlmap/${name}.traffic" 2>/dev/null |
    awk '{print $4}' | tr -d '(' | sort | uniq -c | awk '{printf "%s%s×%s", (NR>1?", ":""), $2, $1}') || true
  local server_5xx_seen; server_5xx_seen=$(grep -c '^HTTP response \[#[0-9]*\] (5' "${OUT}/sqlmap/${name}.traffic" 2>/dev/null) || true
  printf 'sqlmap %-24s %5s requests, %3d s; answers %s; portal logged %s; injection points: %s; 5xx: %s logged, %s seen; leaks: %s\n' \
    "${name}" "${sent}" $((SECONDS - started)) "${seen}" "$(server_counts "${from}" "${to}")" "${injectable}" \
    "${errors}" "${server_5xx_seen}" "${leaks}" | tee -a "${SUMMARY}"
  findings=$((findings + injectable + (errors + server_5xx_seen > 0 ? 1 : 0) + (leaks > 0 ? 1 : 0)))
}

if [[ "${ONLY}" == all || "${ONLY}" == sqlmap ]]; then
  JSON=(-H "Content-Type: application/json")
  AS_VISITOR=(-H "x-csrf-token: ${ANON_CSRF}" --cookie="${ANON_COOKIE}")
  AS_CLIENT=(-H "x-csrf-token: ${CLIENT_CSRF}" --cookie="${CLIENT_COOKIE}")
  AS_PRODUCER=(-H "x-csrf-token: ${PRODUCER_CSRF}" --cookie="${PRODUCER_COOKIE}")
  # A wrong login answers 401: that is the page to compare, not a lack of credentials.
  sqlmap_target login -u "${API}/login" --method=POST -p login --ignore-code=401 "${JSON[@]}" "${AS_VISITOR[@]}" \
    --data='{"login":"partner1","password":"not-the-password","area":"b2b"}'
  sqlmap_target client-plan-detail -u "${API}/b2c/plans/${PLAN_ID}*" "${AS_CLIENT[@]}"
  sqlmap_target producer-clients -u "${API}/b2b/clients" --method=POST "${JSON[@]}" "${AS_PRODUCER[@]}" \
    -p keywords,fundKeywords,sortField,sortOrder,page \
    --data='{"keywords":"Chan","fundKeywords":"fund","sortField":"clientName","sortOrder":"asc","page":1,"sizePerPage":10}'
  sqlmap_target producer-new-business -u "${API}/b2b/new_business" --method=POST "${JSON[@]}" "${AS_PRODUCER[@]}" \
    -p keywords,sortField,selectedProducerId \
    --data='{"keywords":"P","sortField":"receivedDate","sortOrder":"desc","page":1,"selectedProducerId":"1"}'
  sqlmap_target producer-team-search -u "${API}/b2b/team/search?q=Lau" -p q "${AS_PRODUCER[@]}"
  sqlmap_target producer-documents -u "${API}/b2b/clients/list_document?account_no=${ACCOUNT_NO}" -p account_no "${AS_PRODUCER[@]}"
  sqlmap_target report-preview -u "${API}/b2b/reports" --method=POST "${JSON[@]}" "${AS_PRODUCER[@]}" \
    -p reportType,month,dateFrom,dateTo,page \
    --data='{"reportType":6,"month":"1","dateFrom":"2025-01-01","dateTo":"2025-12-31","page":1,"sizePerPage":30}'
fi

if [[ "${ONLY}" == all || "${ONLY}" == wapiti ]]; then
  # Signed in as the partner. The SPA has no server-rendered links to crawl, so the API's GET endpoints with their
  # parameters are given as start points. No module that needs an outside endpoint (ssrf, xxe) and no bug reports:
  # nothing leaves loopback. (Debian wapiti 3.0.4 cannot take -x on Python 3.11; logout is a POST, which the crawler does not send.)
  from=$(log_lines); started=$SECONDS
  timeout --signal=INT $((WAPITI_SECONDS + 120)) wapiti -u "${BASE}/" --scope folder \
    -m 'backup,blindsql,cookieflags,crlf,csp,exec,file,htaccess,http_headers,methods,permanentxss,redirect,sql,xss' \
    --max-scan-time "${WAPITI_SECONDS}" --max-attack-time 60 -d 3 --max-links-per-page 50 --timeout 10 \
    --flush-session --no-bugreport --store-session "${OUT}/wapiti/session" --store-config "${OUT}/wapiti/config" \
    --external-endpoint "${ORIGIN}/" --internal-endpoint "${ORIGIN}/" \
    -H "Cookie: ${PRODUCER_COOKIE}" -H "x-csrf-token: ${PRODUCER_CSRF}" \
    -s "${BASE}/b2b/clients" -s "${BASE}/login" \
    -s "${API}/me" -s "${API}/site_info" \
    -s "${API}/b2b/team/search?q=Lau" \
    -s "${API}/b2b/get_tree_node?id=1&offset=0" \
    -s "${API}/b2b/clients/list_document?account_no=${ACCOUNT_NO}" \
    -f json -o "${OUT}/wapiti/report.json" >"${OUT}/wapiti/wapiti.txt" 2>&1 || true
  sleep 1
  to=$(log_lines)
  [[ -s "${OUT}/wapiti/report.json" ]] || fail "wapiti wrote no report: $(tail -5 "${OUT}/wapiti/wapiti.txt")"
  counts=$(node tests/security/wapiti-findings.mjs "${OUT}/wapiti/report.json")
  errors=$(server_errors "${from}" "${to}")
  printf 'wapiti %-24s %3d s; portal logged %s; %s; 5xx: %s\n' 'site+api (partner)' $((SECONDS - started)) \
    "$(server_counts "${from}" "${to}")" "${counts}" "${errors}" | tee -a "${SUMMARY}"
  [[ "${counts}" == *'findings: 0,'* ]] || findings=$((findings + 1))
  ((errors == 0)) || findings=$((findings + 1))
fi

echo "results: ${OUT}/ (summary.txt, sqlmap/, wapiti/report.json, server.log)"
if ((findings > 0)); then
  echo "scan: ${findings} finding(s)" >&2
  exit 1
fi
echo 'scan: no finding'
