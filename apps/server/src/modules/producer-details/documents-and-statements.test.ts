import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DocumentNode, documentTreeSchema } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * Client documents (tree and download) and the producer view of statements: an account is readable when every plan
 * it covers is serviced inside the caller's subtree (docs/producer/details.md).
 */

let t: TestContext;
let dir: string;
let partner: ApiAgent;
let subpartner: ApiAgent;
let otherPartner: ApiAgent;
let client: ApiAgent;

interface AccountFacts {
  id: number;
  account_no: string;
  producer: string;
  documents: number;
}
/** POLICY statement accounts on afs with their servicing producer's code and how many document nodes they have. */
let accounts: AccountFacts[];
const TEAM = [
  'A1001',
  'A1002',
  'A1003',
  'A1004',
  'A1005',
  'A1006',
  'A1007',
  'A1008',
  'A1009',
  'A1010',
  'A1011',
];
const SUB_TEAM = ['A1002', 'A1004', 'A1005', 'A1008', 'A1009'];

async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

function pdfText(body: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'producer-documents-'));
  partner = new ApiAgent(t.app);
  subpartner = new ApiAgent(t.app);
  otherPartner = new ApiAgent(t.app);
  client = new ApiAgent(t.app);
  await signInAs(t, partner, demoAccount('partner').login);
  await signInAs(t, subpartner, demoAccount('subpartner').login);
  await signInAs(t, otherPartner, demoAccount('otherPartner').login);
  await signInAs(t, client, demoAccount('client').login);
  accounts = (
    await rowsOf<AccountFacts>(sql`
      select sa.id, sa.account_no, pr.code as producer,
        (select count(*) from client_documents d where d.account_no = sa.account_no) as documents
      from statement_accounts sa join policies p on p.id = sa.policy_id join producers pr on pr.id = p.servicing_producer_id
      where sa.account_type = 'POLICY' and p.site_code = 'afs' order by sa.id`)
  ).map((a) => ({ ...a, id: Number(a.id), documents: Number(a.documents) }));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const teamAccounts = (withDocuments: boolean) =>
  accounts.filter((a) => TEAM.includes(a.producer) && a.documents > 0 === withDocuments);
const outsideAccount = () => {
  const account = accounts.find((a) => !TEAM.includes(a.producer));
  if (!account) throw new Error('the demo data has afs accounts outside partner1’s team');
  return account;
};

function files(nodes: DocumentNode[]): DocumentNode[] {
  return nodes.flatMap((n) => (n.kind === 'file' ? [n] : files(n.children)));
}

describe('client documents', () => {
  it('has demo documents on several team accounts and none on others', () => {
    expect(teamAccounts(true).length).toBeGreaterThanOrEqual(3);
    expect(teamAccounts(false).length).toBeGreaterThanOrEqual(3);
  });

  it('lists an account’s tree: folders with their files, filePath the node id', async () => {
    const account = teamAccounts(true)[0] as AccountFacts;
    const response = await partner.get(`/b2b/clients/list_document?account_no=${account.account_no}`);
    expect(response.statusCode).toBe(200);
    const tree = documentTreeSchema.parse(response.json());
    expect(tree.map((n) => [n.text, n.kind])).toEqual([
      ['Application Forms', 'folder'],
      ['Correspondence', 'folder'],
      ['Annual Review 2025.pdf', 'file'],
    ]);
    expect(tree[0]?.children.map((n) => n.text)).toEqual([
      'Application Form.pdf',
      'Financial Needs Analysis.pdf',
    ]);
    for (const node of [...tree, ...files(tree)]) expect(node.filePath).toMatch(/^[1-9]\d*$/);
  });

  it('answers an empty list for an account without documents', async () => {
    const account = teamAccounts(false)[0] as AccountFacts;
    const response = await partner.get(`/b2b/clients/list_document?account_no=${account.account_no}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('streams a file with its name and stored bytes', async () => {
    const account = teamAccounts(true)[0] as AccountFacts;
    const tree = (await partner.get(`/b2b/clients/list_document?account_no=${account.account_no}`)).json();
    const file = files(tree).find((f) => f.text === 'Welcome Letter.pdf') as DocumentNode;
    const response = await partner.get(
      `/b2b/clients/download_document?account_no=${account.account_no}&file=${file.filePath}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('attachment; filename="Welcome Letter.pdf"');
    const [stored] = await rowsOf<{ data: Buffer | Uint8Array }>(
      sql`select f.data from client_documents d join stored_files f on f.key = d.file_key where d.id = ${Number(file.filePath)}`,
    );
    expect(Buffer.compare(response.rawPayload, Buffer.from(stored?.data as Uint8Array))).toBe(0);
    expect(pdfText(response.rawPayload, 'welcome')).toContain(account.account_no);
  });

  it('answers 404 outside the scope, for folders and other accounts’ files; 400 for bad input', async () => {
    const own = teamAccounts(true)[0] as AccountFacts;
    const tree = (await partner.get(`/b2b/clients/list_document?account_no=${own.account_no}`)).json();
    const folder = tree[0] as DocumentNode;
    const file = files(tree)[0] as DocumentNode;
    const outside = outsideAccount();
    const missing = await partner.get('/b2b/clients/list_document?account_no=NOSUCHACCOUNT');
    expect(missing.statusCode).toBe(404);
    const foreign = await partner.get(`/b2b/clients/list_document?account_no=${outside.account_no}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(
      (await otherPartner.get(`/b2b/clients/list_document?account_no=${own.account_no}`)).statusCode,
    ).toBe(404);
    const download = (accountNo: string, node: string) =>
      partner.get(`/b2b/clients/download_document?account_no=${accountNo}&file=${node}`);
    expect((await download(own.account_no, folder.filePath)).statusCode).toBe(404);
    const other = teamAccounts(true)[1] as AccountFacts;
    expect((await download(other.account_no, file.filePath)).statusCode).toBe(404);
    expect((await download(own.account_no, '01')).statusCode).toBe(400);
    expect((await partner.get('/b2b/clients/list_document')).statusCode).toBe(400);
    expect((await partner.get('/b2b/clients/list_document?account_no=%3Cscript%3E')).statusCode).toBe(400);
    expect((await client.get(`/b2b/clients/list_document?account_no=${own.account_no}`)).statusCode).toBe(
      403,
    );
    expect((await new ApiAgent(t.app).get(`/b2b/clients/list_document?account_no=x`)).statusCode).toBe(401);
  });
});

describe('statements for producers', () => {
  it('downloads the PDF and ZIP of selected team accounts, and their single statements', async () => {
    const [a, b] = accounts.filter((x) => TEAM.includes(x.producer) && x.producer !== 'A1001');
    if (!a || !b) throw new Error('two team accounts expected');
    const pdf = await partner.get(
      `/statement/download_pdf?party_ids=${a.id},${b.id}&includedTeam=true&keywords=`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload, 'bundle');
    expect(text).toContain(a.account_no);
    expect(text).toContain(b.account_no);
    const zip = await partner.get(`/statement/download_zip?party_ids=${a.id},${b.id}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const one = await partner.get(`/statement/${a.id}.pdf`);
    expect(one.statusCode).toBe(200);
    expect(pdfText(one.rawPayload, 'one')).toContain(a.account_no);
    expect((await partner.get(`/statement/${a.id}.html`)).statusCode).toBe(200);
    const list = (await partner.get(`/statement/policy_list/${a.id}`)).json();
    expect(list.accounts.map((x: { partyId: number }) => x.partyId)).toContain(a.id);
  });

  it('answers 404 for the whole request when one party is outside the scope', async () => {
    const team = accounts.find((x) => TEAM.includes(x.producer)) as AccountFacts;
    const outside = outsideAccount();
    for (const path of ['/statement/download_pdf', '/statement/download_zip']) {
      const response = await partner.get(`${path}?party_ids=${team.id},${outside.id}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
    expect((await partner.get(`/statement/${outside.id}.pdf`)).statusCode).toBe(404);
    // An upline's or sibling's account: subpartner1 reads only A1002's branch.
    const notSub = accounts.find(
      (x) => TEAM.includes(x.producer) && !SUB_TEAM.includes(x.producer),
    ) as AccountFacts;
    expect((await subpartner.get(`/statement/download_pdf?party_ids=${notSub.id}`)).statusCode).toBe(404);
  });

  it('narrows to the selected producer of the Clients search, and 404 for a producer outside the tree', async () => {
    const subAccount = accounts.find((x) => SUB_TEAM.includes(x.producer)) as AccountFacts;
    const otherBranch = accounts.find(
      (x) => TEAM.includes(x.producer) && !SUB_TEAM.includes(x.producer) && x.producer !== 'A1001',
    ) as AccountFacts;
    const [a1002] = await rowsOf<{ id: string }>(sql`select id from producers where code = 'A1002'`);
    const [a2001] = await rowsOf<{ id: string }>(sql`select id from producers where code = 'A2001'`);
    const ok = await partner.get(
      `/statement/download_pdf?party_ids=${subAccount.id}&selectedProducerId=${a1002?.id}`,
    );
    expect(ok.statusCode).toBe(200);
    const narrowed = await partner.get(
      `/statement/download_pdf?party_ids=${otherBranch.id}&selectedProducerId=${a1002?.id}&includedTeam=true`,
    );
    expect(narrowed.statusCode).toBe(404);
    const foreign = await partner.get(
      `/statement/download_pdf?party_ids=${subAccount.id}&selectedProducerId=${a2001?.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    const bad = await partner.get(`/statement/download_pdf?party_ids=${subAccount.id}&selectedProducerId=01`);
    expect(bad.statusCode).toBe(400);
  });

  it('audits statement views of team members’ clients', async () => {
    const account = accounts.find((x) => x.producer === 'A1004') as AccountFacts;
    const before = await rowsOf<{ n: string }>(
      sql`select count(*) as n from audit_log where action = 'producer.team_view' and details->>'what' = 'statement_bundle'`,
    );
    await partner.get(`/statement/download_pdf?party_ids=${account.id}`);
    const after = await rowsOf<{ n: string }>(
      sql`select count(*) as n from audit_log where action = 'producer.team_view' and details->>'what' = 'statement_bundle'`,
    );
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n) + 1);
  });

  it("offers the provider's statement of team accounts in the policy list and serves it in scope only", async () => {
    const withFile = await rowsOf<{ id: string; producer: string }>(sql`
      select sa.id, pr.code as producer from statement_accounts sa
      join policies p on p.id = sa.policy_id join producers pr on pr.id = p.servicing_producer_id
      where sa.account_type = 'POLICY' and p.site_code = 'afs' and sa.provider_statement_file_key is not null
      order by sa.id`);
    const subAccount = withFile.find((a) => SUB_TEAM.includes(a.producer));
    const notSub = withFile.find((a) => TEAM.includes(a.producer) && !SUB_TEAM.includes(a.producer));
    if (!subAccount || !notSub)
      throw new Error('team accounts with provider statements expected in the demo data');
    const list = (await partner.get(`/statement/policy_list/${subAccount.id}`)).json() as {
      accounts: { partyId: number; accountType: string; providerStatementPath: string | null }[];
    };
    const own = list.accounts.find((a) => a.partyId === Number(subAccount.id));
    expect(own?.providerStatementPath).toBe(`/statement/provider_statement/${subAccount.id}`);
    for (const account of list.accounts.filter((a) => a.accountType === 'CONSOLIDATE'))
      expect(account.providerStatementPath).toBeNull();

    const before = await rowsOf<{ n: string }>(
      sql`select count(*) as n from audit_log where details->>'what' = 'statement_provider_statement'`,
    );
    const file = await partner.get(`/statement/provider_statement/${subAccount.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(file.headers['content-disposition'])).toContain('provider-statement-');
    const after = await rowsOf<{ n: string }>(
      sql`select count(*) as n from audit_log where details->>'what' = 'statement_provider_statement'`,
    );
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n) + 1);

    // Outside the caller's scope: another team, a sibling branch, an unknown account, a consolidated one.
    expect((await otherPartner.get(`/statement/provider_statement/${subAccount.id}`)).statusCode).toBe(404);
    expect((await subpartner.get(`/statement/provider_statement/${notSub.id}`)).statusCode).toBe(404);
    expect((await subpartner.get(`/statement/provider_statement/${subAccount.id}`)).statusCode).toBe(200);
    expect((await partner.get('/statement/provider_statement/999999999')).statusCode).toBe(404);
    expect((await partner.get('/statement/provider_statement/01')).statusCode).toBe(400);
    const consolidated = list.accounts.find((a) => a.accountType === 'CONSOLIDATE');
    if (consolidated)
      expect((await partner.get(`/statement/provider_statement/${consolidated.partyId}`)).statusCode).toBe(
        404,
      );
    // A client reads their own through it too, and no one else's.
    const owned: Record<string, string[]> = { own: [], foreign: [] };
    for (const a of withFile)
      owned[
        (await client.get(`/statement/policy_list/${a.id}`)).statusCode === 200 ? 'own' : 'foreign'
      ]?.push(a.id);
    expect(owned.own?.length && owned.foreign?.length).toBeTruthy();
    expect((await client.get(`/statement/provider_statement/${owned.own?.[0]}`)).statusCode).toBe(200);
    expect((await client.get(`/statement/provider_statement/${owned.foreign?.[0]}`)).statusCode).toBe(404);
  });

  it('keeps the client rules: a client still reads only their own accounts', async () => {
    const outside = outsideAccount();
    expect((await client.get(`/statement/${outside.id}.pdf`)).statusCode).toBe(404);
  });
});
