// Counts a wapiti JSON report: vulnerabilities and anomalies (a 500, a timeout) are findings, except the accepted
// ones below, each with its reason; "additionals" are informational. Prints one line for scan.sh, e.g.
// "findings: 0, anomalies: 0, accepted: 1, checked: 20 categories".
// Usage: node tests/security/wapiti-findings.mjs .tmp/security/wapiti/report.json
import { readFileSync } from 'node:fs';

/** Reports that are not faults, matched on category and wapiti's own text. */
const ACCEPTED = [
  {
    category: 'HTTP Secure Headers',
    info: 'X-XSS-Protection is not set',
    // helmet sends "X-XSS-Protection: 0" on purpose: the browsers' XSS auditor is gone, and where it survives it
    // opened cross-site leaks (OWASP Secure Headers Project). wapiti 3.0.4 still wants "1; mode=block". The CSP
    // (script-src 'self') is the protection.
  },
];
const accepted = (category, entry) =>
  ACCEPTED.some((rule) => rule.category === category && entry.info === rule.info);

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const sections = ['vulnerabilities', 'anomalies'];
const found = [];
let acceptedCount = 0;
let checked = 0;
for (const section of sections) {
  for (const [category, entries] of Object.entries(report[section] ?? {})) {
    checked++;
    for (const entry of entries) {
      if (accepted(category, entry)) acceptedCount++;
      else
        found.push(
          `${section === 'anomalies' ? 'anomaly: ' : ''}${category}: ${entry.method} ${entry.path} ${entry.parameter ?? ''} (${entry.info})`,
        );
    }
  }
}
const anomalies = Object.values(report.anomalies ?? {}).reduce((sum, entries) => sum + entries.length, 0);
let line = `findings: ${found.length}, anomalies: ${anomalies}, accepted: ${acceptedCount}, checked: ${checked} categories`;
if (found.length > 0) line += ` — ${found.join('; ')}`;
console.log(line);
