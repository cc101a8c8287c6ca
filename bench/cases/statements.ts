import type { ApiAgent } from '../../apps/server/src/testing/http.js';
import type { BenchCase } from '../harness.js';

export interface StatementBenchContext {
  /** Signed in as the demo client, in the language under test (zh: the CJK font path). */
  client: ApiAgent;
}

async function ok(agent: ApiAgent, path: string) {
  const response = await agent.get(path);
  if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
  return response;
}

/**
 * Statement rendering on the demo client's plans. PDF targets are generous on purpose: a PDF is a download the
 * user waits for once, and the engine choice is recorded in decision 006 (pdfmake ~5× faster than Chromium here).
 */
export async function statementCases({ client }: StatementBenchContext): Promise<BenchCase[]> {
  const plans = (await ok(client, '/b2c/plans')).json().data as { id: number }[];
  const partyIds: number[] = [];
  for (const plan of plans) {
    const partyId = (await ok(client, `/b2c/plans/${plan.id}`)).json().partyId as number | null;
    if (partyId) partyIds.push(partyId);
  }
  const [one] = partyIds;
  if (!one) throw new Error('demo client has no statement accounts');
  const planId = plans[0]?.id;
  if (!planId) throw new Error('demo client has no plans');
  const accounts = (await ok(client, `/statement/policy_list/${one}`)).json().accounts as {
    partyId: number;
    accountType: string;
  }[];
  const consolidated = accounts.find((a) => a.accountType === 'CONSOLIDATE')?.partyId;
  return [
    { name: 'GET /b2c/plans', targetP95Ms: 30, runs: 300, run: () => ok(client, '/b2c/plans') },
    {
      name: 'GET /b2c/plans/:id (detail)',
      targetP95Ms: 60,
      runs: 300,
      // A plan id: `one` is a statement account (party) id, not a plan.
      run: () => ok(client, `/b2c/plans/${planId}`),
    },
    { name: 'statement HTML', targetP95Ms: 100, runs: 100, run: () => ok(client, `/statement/${one}.html`) },
    {
      name: 'statement PDF (CJK)',
      targetP95Ms: 800,
      runs: 20,
      run: () => ok(client, `/statement/${one}.pdf`),
    },
    {
      name: 'consolidated PDF in EUR',
      targetP95Ms: 1000,
      runs: 5,
      run: () => ok(client, `/statement/consolidate_statement/${consolidated}.pdf?selected_currency=EUR`),
    },
    {
      name: `ZIP of ${partyIds.length} statements`,
      targetP95Ms: 5000,
      runs: 3,
      run: () => ok(client, `/statement/download_zip?party_ids=${partyIds.join(',')}`),
    },
  ];
}
