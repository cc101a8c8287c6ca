import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commissionImportPreviewSchema, importLinesSchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementCsv } from '../../db/seed/commission-statements.js';
import { DEMO_IMPORT_TEMPLATES } from '../../db/seed/demo-import-templates.js';
import { type ApiAgent, api } from '../../testing/http.js';
import { agentFor, patch } from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

const SAMPLES = join(import.meta.dirname, '../../../../../docs/samples');

let t: TestContext;
let staff: ApiAgent;

beforeAll(async () => {
  t = await createTestApp();
  staff = await agentFor(t, 'staff');
});
afterAll(() => t.close());

/** A multipart form with the insurer field and the file, as the staff screen sends it. */
function upload(agent: ApiAgent, insurer: string, fileName: string, data: Buffer) {
  const boundary = `----ledger${Math.random().toString(16).slice(2)}`;
  const head = (disposition: string, type?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(`${head('name="insurer"')}${insurer}\r\n`),
    Buffer.from(head(`name="file"; filename="${fileName}"`, 'application/octet-stream')),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return agent.request({
    method: 'POST',
    url: api('/internal/commission-imports'),
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function count(query: ReturnType<typeof sql>) {
  const result = (await t.database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

const settlements = () => count(sql`select count(*)::int as n from revenue_payin_settlements`);
const imports = () => count(sql`select count(*)::int as n from commission_imports`);

describe('insurer statement import', () => {
  it('every sample in docs/samples previews fully matched against the demo data', async () => {
    const files = readdirSync(SAMPLES).filter((name) => name.startsWith('commission-statement-'));
    expect(files).toHaveLength(Object.keys(DEMO_IMPORT_TEMPLATES).length);
    for (const name of files) {
      const insurer = name.replace('commission-statement-', '').replace(/\.(csv|xlsx)$/, '');
      const response = await upload(staff, insurer, name, readFileSync(join(SAMPLES, name)));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      const preview = commissionImportPreviewSchema.parse(response.json());
      expect(preview, name).toMatchObject({ insurer, unmatched: 0, duplicates: 0, matchRate: 1 });
      expect(preview.matched, name).toBeGreaterThan(0);
    }
  });

  it('is previewed, posted as pay-in settlements the ledger shows, and posted again writes nothing', async () => {
    const data = readFileSync(join(SAMPLES, 'commission-statement-HLA.csv'));
    const before = await settlements();
    const preview = commissionImportPreviewSchema.parse((await upload(staff, 'HLA', 'hla.csv', data)).json());
    expect(await settlements()).toBe(before);
    const lines = importLinesSchema.parse(
      (await staff.get(`/internal/commission-imports/${preview.id}/lines?status=matched`)).json(),
    );
    expect(lines.totalSize).toBe(preview.matched);
    expect(lines.data.every((line) => line.expectedAmount === line.amount)).toBe(true);

    const posted = await staff.send('POST', `/internal/commission-imports/${preview.id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toEqual({ posted: preview.matched });
    expect(await settlements()).toBe(before + preview.matched);
    const received = await count(sql`select count(*)::int as n from commission_ledger_lines l
      join revenue_payin_settlements s on s.id = l.source_id where l.source_kind = 'payin_settlement' and s.ref_no like ${`IMP${preview.id}-%`}`);
    expect(received).toBeGreaterThanOrEqual(preview.matched);

    // The same import again, and the same file as a new import: nothing more is written.
    expect((await staff.send('POST', `/internal/commission-imports/${preview.id}/post`)).json()).toEqual({
      posted: 0,
    });
    const second = commissionImportPreviewSchema.parse((await upload(staff, 'HLA', 'hla.csv', data)).json());
    expect(second).toMatchObject({ matched: 0, duplicates: preview.matched });
    expect((await staff.send('POST', `/internal/commission-imports/${second.id}/post`)).json()).toEqual({
      posted: 0,
    });
    expect(await settlements()).toBe(before + preview.matched);
  });

  it('refuses malformed files with line-numbered errors and writes nothing', async () => {
    const mapping = DEMO_IMPORT_TEMPLATES.PPI;
    if (!mapping) throw new Error('no PPI template');
    const good = {
      policyNo: 'PPI1000013',
      producerCode: 'A1001',
      statementDate: '2026-07-20',
      amount: '10.00',
      currency: 'USD',
      reference: null,
    };
    const cases: [string, Buffer, RegExp][] = [
      [
        'wrong columns',
        Buffer.from('Policy,Amount,Date\r\nPPI1,10.00,2026-07-20\r\n'),
        /Line 1: the column "POLICY_NO" is missing/,
      ],
      [
        'a bad date',
        Buffer.from(
          `POLICY_NO,BROKER_AGENT,PAID_ON,COMM_AMT,CCY\r\nPPI1000013,A1001,2026-07-20,10.00,USD\r\nPPI1000013,A1001,2026-02-30,10.00,USD\r\n`,
        ),
        /Line 3, PAID_ON: not a date/,
      ],
      [
        'text in an amount',
        statementCsv(mapping, [good, { ...good, amount: 'ten' as string }]),
        /Line 3, COMM_AMT: not an amount/,
      ],
      [
        '10 MB of garbage',
        Buffer.from(
          Array.from(
            { length: (10 * 1024 * 1024) / 64 },
            (_, i) => `${i.toString(36)},zz;qq\t${'x'.repeat(40)}\n`,
          ).join(''),
        ).subarray(0, 10 * 1024 * 1024),
        /Line 1: the column "POLICY_NO" is missing/,
      ],
    ];
    const beforeImports = await imports();
    const beforeSettlements = await settlements();
    for (const [name, data, message] of cases) {
      const response = await upload(staff, 'PPI', `${name}.csv`, data);
      expect(response.statusCode, `${name}: ${response.body.slice(0, 300)}`).toBe(400);
      expect(response.json().errors.file.join('\n'), name).toMatch(message);
    }
    // Random bytes are not a statement at all: refused by the upload's own check of what the file is.
    const random = Buffer.alloc(64 * 1024);
    for (let i = 0; i < random.length; i += 1) random[i] = (i * 7919) % 251;
    expect((await upload(staff, 'PPI', 'garbage.csv', random)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await imports()).toBe(beforeImports);
    expect(await settlements()).toBe(beforeSettlements);
  }, 240_000);

  it('mapping templates are versioned and an edit of a stale version is refused', async () => {
    const current = (await staff.get('/internal/commission-import-templates/GCL')).json();
    expect(current).toMatchObject({ insurer: 'GCL', version: 1 });
    const edited = await patch(staff, '/internal/commission-import-templates/GCL', {
      version: 1,
      mapping: { ...current.mapping, tolerancePercent: '3' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, mapping: { tolerancePercent: '3' } });
    expect(
      (
        await patch(staff, '/internal/commission-import-templates/GCL', {
          version: 1,
          mapping: current.mapping,
        })
      ).statusCode,
    ).toBe(409);
    expect((await staff.get('/internal/commission-import-templates/ZZZ')).statusCode).toBe(400);
  });

  it('needs the Commission reconciliation permission', async () => {
    const staff2 = await agentFor(t, 'staff2');
    expect((await upload(staff2, 'HLA', 'x.csv', Buffer.from('a,b\r\n1,2\r\n'))).statusCode).toBe(403);
    expect((await staff2.send('POST', '/internal/commission-imports/1/post')).statusCode).toBe(403);
    expect((await staff2.get('/internal/commission-import-templates/HLA')).statusCode).toBe(403);
  });
});
