import { join } from 'node:path';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { runHeavyUserScenario, scenarioSummary } from '../../apps/server/src/testing/heavy-user-scenario.js';
import type { CaseOutput, Check } from '../context.js';
import { api, getJson, signIn } from '../portal-session.js';
import { BENCH_TMP, startPortal } from '../processes.js';

/*
 * `npm run bench -- --only heavy_user` (PostgreSQL, e.g. the demo preset): one producer (partner1) keeps 32 report
 * previews and 32 list searches going at once while another (partner2) browses a list and /me
 * (apps/server/src/testing/heavy-user-scenario.ts, also run by heavy-user.load.postgres.test.ts). Judged, for the
 * default pool and for DB_POOL_MAX=4 DB_CONNECT_TIMEOUT_MS=300: partner2 gets no 503, /readyz stays 200, partner1 gets
 * only 200 and 429, and partner2's list p95 under load is at most 2× their idle p95 (phases alternate in one run).
 */

const SETTINGS: { label: string; env: Record<string, string> }[] = [
  { label: 'default pool', env: {} },
  {
    label: 'DB_POOL_MAX=4 DB_CONNECT_TIMEOUT_MS=300',
    env: { DB_POOL_MAX: '4', DB_CONNECT_TIMEOUT_MS: '300' },
  },
];

export async function heavyUserCase(databaseUrl: string, quick: boolean): Promise<CaseOutput> {
  const checks: Check[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const setting of SETTINGS) {
    const dataDir = join(BENCH_TMP, 'heavy-user-data');
    const portal = await startPortal({
      name: 'portal-heavy-user',
      databaseUrl,
      dataDir,
      extraEnv: setting.env,
    });
    try {
      const session = async (key: 'partner' | 'otherPartner') => {
        const user = await signIn(portal.origin, demoAccount(key), dataDir);
        const { csrfToken } = await getJson<{ csrfToken: string }>(portal.origin, api('/me'), user.headers);
        return { headers: { ...user.headers, 'x-csrf-token': csrfToken } };
      };
      const result = await runHeavyUserScenario({
        origin: portal.origin,
        heavy: await session('partner'),
        other: await session('otherPartner'),
        // 160 rounds over 8 alternating phases: at 80 the idle p95 (the ratio's denominator) swung 7–15 ms between
        // runs on a quiet machine while the loaded p95 stayed 15–23 ms.
        rounds: quick ? 40 : 160,
        phases: quick ? 4 : 8,
      });
      const s = scenarioSummary(result);
      const heavyOther = Object.keys(s.heavyStatuses).filter((code) => code !== '200' && code !== '429');
      const ratio = s.listP95.loaded / Math.max(s.listP95.idle, 1);
      rows.push({
        setting: setting.label,
        'list p50 idle/loaded ms': `${s.listP50.idle} / ${s.listP50.loaded}`,
        'list p95 idle/loaded ms': `${s.listP95.idle} / ${s.listP95.loaded}`,
        '/me p95 idle/loaded ms': `${s.meP95.idle} / ${s.meP95.loaded}`,
        'partner1 answers': JSON.stringify(s.heavyStatuses),
        '/readyz probes': s.readinessProbes,
      });
      checks.push(
        {
          name: `heavy user (${setting.label}): partner2's 503s`,
          value: String(s.other503),
          pass: s.other503 === 0 && s.otherNot200 === 0,
        },
        {
          name: `heavy user (${setting.label}): /readyz not 200`,
          value: `${s.readinessNot200} of ${s.readinessProbes}`,
          pass: s.readinessNot200 === 0 && s.readinessProbes > 0,
        },
        {
          name: `heavy user (${setting.label}): partner1 answered other than 200/429`,
          value: heavyOther.length === 0 ? 'none' : heavyOther.join(', '),
          pass: heavyOther.length === 0,
        },
        {
          name: `heavy user (${setting.label}): partner2's list p95 loaded ÷ idle (≤ 2)`,
          value: `${ratio.toFixed(2)} (${s.listP95.loaded} / ${s.listP95.idle} ms)`,
          pass: ratio <= 2,
        },
      );
    } finally {
      await portal.stop();
    }
  }
  return { ratios: [], checks, tables: [{ title: 'One heavy user', rows }] };
}
