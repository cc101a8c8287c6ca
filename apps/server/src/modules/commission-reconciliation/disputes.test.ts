import {
  commissionDisputeListSchema,
  commissionDisputeSchema,
  commissionLedgerPageSchema,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { agentFor, patch } from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
let partner: ApiAgent;
let otherPartner: ApiAgent;
let staff: ApiAgent;
let staff2: ApiAgent;

beforeAll(async () => {
  t = await createTestApp();
  partner = new ApiAgent(t.app);
  await signInAs(t, partner, demoAccount('partner').login);
  otherPartner = new ApiAgent(t.app);
  await signInAs(t, otherPartner, demoAccount('otherPartner').login);
  staff = await agentFor(t, 'staff');
  staff2 = await agentFor(t, 'staff2');
});
afterAll(() => t.close());

const ownLine = async () => {
  const response = await partner.get(
    '/b2b/commission-ledger?includedTeam=false&stage=expected&sizePerPage=1',
  );
  const line = commissionLedgerPageSchema.parse(response.json()).data[0];
  if (!line) throw new Error('partner1 has no expected line');
  return line;
};

describe('a dispute from the producer to staff and back', () => {
  it('is raised once, worked, resolved with an adjustment the ledger shows, with its whole audit', async () => {
    const line = await ownLine();
    const body = {
      ledgerLineId: line.id,
      reason: 'wrong_amount',
      comment: 'The rate should be 65%, not 60%.',
    };
    const raised = await partner.send('POST', '/b2b/commission-disputes', body);
    expect(raised.statusCode, raised.body).toBe(200);
    const { id } = raised.json() as { id: number };
    // A double submit answers the same dispute and writes nothing.
    const again = await partner.send('POST', '/b2b/commission-disputes', body);
    expect(again.json()).toEqual({ id });
    const [count] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from commission_disputes where ledger_line_id = ${line.id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(Number(count?.n)).toBe(1);
    // The producer's ledger marks the line.
    const marked = commissionLedgerPageSchema.parse(
      (await partner.get('/b2b/commission-ledger?includedTeam=false&stage=expected&sizePerPage=1')).json(),
    );
    expect(marked.data[0]?.disputeStatus).toBe('open');

    // Staff with the permission see it; others do not.
    const list = commissionDisputeListSchema.parse(
      (await staff.get('/internal/commission-disputes?status=open')).json(),
    );
    const task = list.data.find((d) => d.id === id);
    expect(task).toMatchObject({
      policyNo: line.policyNo,
      amount: line.amount,
      reason: 'wrong_amount',
      status: 'open',
    });
    expect((await staff2.get('/internal/commission-disputes')).statusCode).toBe(403);
    expect((await partner.get('/internal/commission-disputes')).statusCode).toBe(404);

    const [me] = (
      (await t.database.db.execute(
        sql`select u.staff_id as id from users u where u.login = 'staff1'`,
      )) as unknown as { rows: { id: number | string }[] }
    ).rows;
    const investigating = await patch(staff, `/internal/commission-disputes/${id}`, {
      version: 1,
      status: 'investigating',
      assignedStaffId: Number(me?.id),
    });
    expect(investigating.statusCode, investigating.body).toBe(200);
    expect(commissionDisputeSchema.parse(investigating.json())).toMatchObject({
      status: 'investigating',
      version: 2,
    });
    // A stale version is refused; resolving needs an amount.
    expect(
      (await patch(staff, `/internal/commission-disputes/${id}`, { version: 1, note: 'x' })).statusCode,
    ).toBe(409);
    const noAmount = await patch(staff, `/internal/commission-disputes/${id}`, {
      version: 2,
      status: 'resolved',
    });
    expect(noAmount.statusCode).toBe(400);
    expect(Object.keys(noAmount.json().errors)).toContain('adjustmentAmount');

    const resolved = await patch(staff, `/internal/commission-disputes/${id}`, {
      version: 2,
      status: 'resolved',
      adjustmentAmount: '12.50',
      resolution: 'Rate corrected to 65%.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const dispute = commissionDisputeSchema.parse(resolved.json());
    expect(dispute.events.map((e) => e.action)).toEqual(['opened', 'assigned', 'status', 'status']);
    expect(dispute.events.at(-1)).toMatchObject({
      fromStatus: 'investigating',
      toStatus: 'resolved',
      actor: 'Grace Ho',
    });
    // The line's producer heard of both changes in their notification centre, each linking to the ledger.
    const notices = await t.database.db.execute(sql`
      select n.link, n.params->>'status' as status from notifications n
      join commission_disputes d on d.producer_id = n.recipient_id
      where d.id = ${id} and n.audience = 'producer' and n.type = 'commission_dispute_changed' order by n.id`);
    expect((notices as unknown as { rows: { link: string; status: string }[] }).rows).toEqual([
      { link: '/b2b/commissions', status: 'Investigating' },
      { link: '/b2b/commissions', status: 'Resolved with an adjustment' },
    ]);
    // Closed: nothing more.
    expect(
      (await patch(staff, `/internal/commission-disputes/${id}`, { version: 3, note: 'late' })).statusCode,
    ).toBe(409);

    // The adjustment is a line of the producer's ledger.
    const adjustments = commissionLedgerPageSchema
      .parse(
        (
          await partner.get('/b2b/commission-ledger?includedTeam=false&stage=expected&sizePerPage=100')
        ).json(),
      )
      .data.filter((l) => l.sourceKind === 'adjustment' && l.sourceId === id);
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({
      amount: '12.50',
      currency: line.currency,
      reason: 'Rate corrected to 65%.',
    });
  });

  it('refuses another team’s line as if it did not exist, and bad input with field errors', async () => {
    const line = await ownLine();
    const foreign = await otherPartner.send('POST', '/b2b/commission-disputes', {
      ledgerLineId: line.id,
      reason: 'missing',
      comment: 'Not mine',
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await partner.send('POST', '/b2b/commission-disputes', {
      ledgerLineId: '01',
      reason: 'nope',
      comment: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['comment', 'ledgerLineId', 'reason']);
    const rejectWithout = await patch(staff, '/internal/commission-disputes/1', {
      version: 1,
      status: 'rejected',
    });
    expect(rejectWithout.statusCode).toBe(400);
    expect(Object.keys(rejectWithout.json().errors)).toContain('resolution');
  });
});
