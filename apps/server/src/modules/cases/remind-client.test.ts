import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthAgent, createAuthTestApp, signedInAgent } from '../../testing/auth-agent.js';
import { rowsOf } from '../../testing/demo-database.js';
import type { TestContext } from '../../testing/test-app.js';

let t: TestContext;
let partner: AuthAgent;
/** The first demo client's application in progress (in partner1's team), with items they owe. */
let applicationId: number;

const remind = (agent: AuthAgent, id: number) => agent.post(`/b2b/applications/${id}/reminders`);

beforeAll(async () => {
  ({ t } = await createAuthTestApp());
  t.clock.now = new Date('2026-07-01T15:30:00Z'); // 23:30 in Hong Kong
  partner = await signedInAgent(t, 'partner');
  const [row] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select a.id::int from applications a join clients c on c.id = a.client_id
        where c.client_no = 'AG10000001' and a.stage between 1 and 5 order by a.id limit 1`,
  );
  if (!row) throw new Error('the demo client has no application in progress');
  applicationId = row.id;
});
afterAll(() => t.close());

describe('reminding a client of what they owe', () => {
  it('tells the client, with the number of items and a link to their tracker', async () => {
    const owed = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from application_requirements where application_id = ${applicationId}
          and provider = 'client' and status in ('outstanding', 'rejected')`,
    );
    const response = await remind(partner, applicationId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sent: true, items: owed[0]?.n });
    const notices = await rowsOf<{ link: string }>(
      t.database.db,
      sql`select n.link from notifications n join applications a on a.client_id = n.recipient_id
          where n.audience = 'client' and n.type = 'requirements_reminder' and a.id = ${applicationId}`,
    );
    expect(notices).toEqual([{ link: '/b2c/applications' }]);
  });

  it('sends one a Hong Kong day: refused until midnight in Hong Kong, then sent again', async () => {
    const again = await remind(partner, applicationId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already reminded/);
    t.clock.now = new Date('2026-07-01T15:59:00Z'); // 23:59 in Hong Kong: still the same day
    expect((await remind(partner, applicationId)).statusCode).toBe(409);
    t.clock.now = new Date('2026-07-01T16:01:00Z'); // 00:01 on 2 July in Hong Kong
    expect((await remind(partner, applicationId)).statusCode).toBe(200);
    const [sent] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from application_reminders where application_id = ${applicationId}`,
    );
    expect(sent?.n).toBe(2);
  });

  it("answers 404 to another team's producer, and 409 when the client owes nothing", async () => {
    // Signed in now: the clock moved past the others' idle limit in the test before.
    partner = await signedInAgent(t, 'partner');
    const otherPartner = await signedInAgent(t, 'otherPartner');
    expect((await remind(otherPartner, applicationId)).statusCode).toBe(404);
    const [cleared] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select a.id::int from applications a join producers p on p.id = a.producer_id
          where p.code = 'A1001' and not exists (select 1 from application_requirements r
            where r.application_id = a.id and r.provider = 'client' and r.status in ('outstanding', 'rejected'))
          order by a.id limit 1`,
    );
    if (!cleared) throw new Error('no application of partner1 whose client owes nothing');
    const nothing = await remind(partner, cleared.id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error).toMatch(/owes nothing/);
  });
});
