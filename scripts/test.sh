#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine, then runs every test (scripts/run-tests.mjs):
# lint, typecheck and unit side by side; server integration (PGlite, and PostgreSQL when DATABASE_URL is set);
# the load tests alone; browser. Each phase prints its wall and CPU time.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
# Statement PDFs take their CJK fonts from npm (decision 006); Chromium does not: the browser tests' screenshots of
# zh/ja/kr pages would show empty boxes without a system CJK font.
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
# The report browser tests open every exported workbook in LibreOffice headless (a file Excel-compatible readers
# choke on would pass an exceljs read-back alone).
command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-calc-nogui)
# scripts/run-tests.mjs reports each phase's CPU time through GNU time.
[ -x /usr/bin/time ] || missing+=(time)
if ((${#missing[@]})); then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  echo "Installing Debian packages: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

installed=$(date +%s)
npm ci --no-audit --no-fund
echo "npm ci: $(( $(date +%s) - installed )) s"
npm test
