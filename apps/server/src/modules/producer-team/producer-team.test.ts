import {
  producerProfileSchema,
  siteInfoSchema,
  subtreeResponseSchema,
  TREE_CHILDREN_PAGE,
  teamSearchResponseSchema,
  treeNodesResponseSchema,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, producers, sites } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
let partner: ApiAgent;
let subpartner: ApiAgent;
let partner2: ApiAgent;
let partnerUserId: number;
const ids = new Map<string, number>();
const id = (code: string) => {
  const found = ids.get(code);
  if (!found) throw new Error(`no producer ${code}`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp();
  partner = new ApiAgent(t.app);
  subpartner = new ApiAgent(t.app);
  partner2 = new ApiAgent(t.app);
  partnerUserId = await signInAs(t, partner, demoAccount('partner').login);
  await signInAs(t, subpartner, demoAccount('subpartner').login);
  await signInAs(t, partner2, demoAccount('otherPartner').login);
  const rows = await t.database.db.select({ id: producers.id, code: producers.code }).from(producers);
  for (const row of rows) ids.set(row.code, row.id);
});
afterAll(() => t.close());

const nodes = async (agent: ApiAgent, query: string) => {
  const response = await agent.get(`/b2b/get_tree_node?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return treeNodesResponseSchema.parse(response.json());
};
const names = (list: { kind: string; text: string }[]) =>
  list.filter((n) => n.kind === 'producer').map((n) => n.text);

describe('GET /b2b/get_tree_node', () => {
  it('answers the caller as the single root, with jsTree fields', async () => {
    const [root, ...rest] = await nodes(partner, 'load_parent=true&id=%23');
    expect(rest).toEqual([]);
    expect(root).toMatchObject({
      kind: 'producer',
      id: id('A1001'),
      text: 'Alex Lau (A1001)',
      children: true,
      childCount: 2,
      li_attr: { name: 'Alex Lau', fullname: 'Alex Lau (A1001)' },
    });
  });

  it('answers the children of a team member by name, leaves marked', async () => {
    expect(names(await nodes(partner, `load_parent=false&id=${id('A1001')}`))).toEqual([
      'Betty Ng (A1002)',
      'Kenneth Chow (A1003)',
    ]);
    const deeper = await nodes(partner, `load_parent=false&id=${id('A1004')}`);
    expect(names(deeper)).toEqual(['Gary Lo (A1008)', 'Helen Siu (A1009)']);
    expect(deeper.every((n) => n.children === false)).toBe(true);
  });

  it('roots the tree at a team member on request, not at an upline', async () => {
    const [root] = await nodes(partner, `load_parent=true&root_producer_id=${id('A1002')}`);
    expect(root?.id).toBe(id('A1002'));
    const upline = await subpartner.get(
      `/b2b/get_tree_node?load_parent=true&root_producer_id=${id('A1001')}`,
    );
    expect(upline.statusCode).toBe(404);
  });

  it('answers 404 for a sibling branch, an upline, another team and a missing id alike', async () => {
    const missing = (await subpartner.get('/b2b/get_tree_node?load_parent=false&id=999999')).json();
    for (const code of ['A1003', 'A1001', 'A2001']) {
      const response = await subpartner.get(`/b2b/get_tree_node?load_parent=false&id=${id(code)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(missing);
    }
  });

  it('refuses malformed queries with field errors', async () => {
    for (const query of [
      'load_parent=false',
      'load_parent=false&id=abc',
      'id=01',
      'id=-3',
      'load_parent=maybe',
    ]) {
      const response = await partner.get(`/b2b/get_tree_node?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors).toBeDefined();
    }
  });

  it('caps a large family at one page and says how many more, then pages on', async () => {
    const parentId = id('A1011');
    await t.database.db.insert(producers).values(
      Array.from({ length: TREE_CHILDREN_PAGE + 5 }, (_, i) => ({
        siteCode: 'afs' as const,
        code: `Z${String(i).padStart(4, '0')}`,
        name: `Zed ${String(i).padStart(4, '0')}`,
        fullName: `Zed ${i}`,
        parentId,
      })),
    );
    const first = await nodes(partner, `load_parent=false&id=${parentId}`);
    expect(first).toHaveLength(TREE_CHILDREN_PAGE + 1);
    expect(first.at(-1)).toMatchObject({
      kind: 'more',
      text: '5 more…',
      remaining: 5,
      nextOffset: TREE_CHILDREN_PAGE,
      state: { disabled: true },
    });
    const rest = await nodes(partner, `load_parent=false&id=${parentId}&offset=${TREE_CHILDREN_PAGE}`);
    expect(names(rest)).toHaveLength(5);
    expect(rest.some((n) => n.kind === 'more')).toBe(false);
    expect(new Set([...names(first), ...names(rest)]).size).toBe(TREE_CHILDREN_PAGE + 5);
  });
});

describe('GET /b2b/team/subtree', () => {
  it('answers the team breadth first, each parent before its children, capped with the total', async () => {
    const response = await subpartner.get(`/b2b/team/subtree?id=${id('A1002')}`);
    const tree = subtreeResponseSchema.parse(response.json());
    expect(tree.members.map((m) => m.code)).toEqual(['A1004', 'A1005', 'A1008', 'A1009']);
    expect(tree).toMatchObject({ total: 4, truncated: false });
    const capped = subtreeResponseSchema.parse(
      (await partner.get(`/b2b/team/subtree?id=${id('A1001')}&limit=3`)).json(),
    );
    expect(capped.members).toHaveLength(3);
    expect(capped.truncated).toBe(true);
    expect(capped.total).toBeGreaterThan(10);
    expect((await subpartner.get(`/b2b/team/subtree?id=${id('A1001')}`)).statusCode).toBe(404);
    expect((await partner.get(`/b2b/team/subtree?id=${id('A1001')}&limit=501`)).statusCode).toBe(400);
  });
});

describe('GET /b2b/team/search', () => {
  const search = async (agent: ApiAgent, q: string) => {
    const response = await agent.get(`/b2b/team/search?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return teamSearchResponseSchema.parse(response.json());
  };

  it('finds by name or code, any case, with the path from the caller', async () => {
    const gary = await search(partner, 'GARY');
    expect(gary.items.map((h) => h.code)).toEqual(['A1008']);
    expect(gary.items[0]?.path.map((p) => p.name)).toEqual(['Alex Lau', 'Betty Ng', 'Calvin Yip']);
    const byCode = await search(partner, 'a1006');
    expect(byCode.items[0]).toMatchObject({ code: 'A1006', name: 'Eric Mak' });
    const self = await search(partner, 'Alex');
    expect(self.items[0]).toMatchObject({ code: 'A1001', path: [] });
  });

  it("stays inside the caller's subtree", async () => {
    expect((await search(partner, 'A200')).items).toEqual([]);
    expect((await search(partner2, 'A200')).items.map((h) => h.code)).toEqual(['A2001', 'A2002', 'A2003']);
    expect((await search(partner2, 'Betty')).items).toEqual([]);
    // A sub-partner sees their own branch only, and no upline in the path.
    expect((await search(subpartner, 'Kenneth')).items).toEqual([]);
    expect((await search(subpartner, 'Gary')).items[0]?.path.map((p) => p.name)).toEqual([
      'Betty Ng',
      'Calvin Yip',
    ]);
  });

  it('treats wildcards as letters and caps the answer', async () => {
    expect((await search(partner, '%')).items).toEqual([]);
    expect((await search(partner, '_')).items).toEqual([]);
    const many = await search(partner, 'Zed');
    expect(many.items).toHaveLength(30);
    expect(many.truncated).toBe(true);
  });

  it('refuses a blank or overlong query', async () => {
    expect((await partner.get('/b2b/team/search?q=')).statusCode).toBe(400);
    expect((await partner.get('/b2b/team/search?q=%20%20')).statusCode).toBe(400);
    expect((await partner.get(`/b2b/team/search?q=${'x'.repeat(51)}`)).statusCode).toBe(400);
  });
});

describe('GET /b2b/profile/:producerId', () => {
  const teamViews = () =>
    t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'producer.team_view'), eq(auditLog.userId, partnerUserId)));

  it("answers the caller's own profile without an audit row", async () => {
    const before = (await teamViews()).length;
    const response = await partner.get(`/b2b/profile/${id('A1001')}`);
    expect(response.statusCode).toBe(200);
    const profile = producerProfileSchema.parse(response.json());
    expect(profile).toMatchObject({ name: 'Alex Lau', code: 'A1001' });
    expect(profile.opEmail.length).toBeGreaterThan(0);
    expect(profile.contractAddress.length).toBeGreaterThan(0);
    expect(profile.corrAddress).toContain('PO Box 1234');
    expect(Object.keys(response.json()).sort()).toEqual(
      ['acEmail', 'code', 'contractAddress', 'corrAddress', 'fullName', 'name', 'opEmail', 'title'].sort(),
    );
    expect((await teamViews()).length).toBe(before);
  });

  it("answers a team member's profile and audits who looked at whose", async () => {
    const response = await partner.get(`/b2b/profile/${id('A1008')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Gary Lo', code: 'A1008' });
    const views = await teamViews();
    expect(views.at(-1)?.details).toMatchObject({
      viewerProducerId: id('A1001'),
      viewedProducerId: id('A1008'),
      what: 'profile',
    });
  });

  it('answers 404 for a sibling, an upline, another team, another site and a missing id alike', async () => {
    const missing = await subpartner.get('/b2b/profile/999999');
    expect(missing.statusCode).toBe(404);
    for (const code of ['A1003', 'A1001', 'A2002', 'I1002']) {
      const response = await subpartner.get(`/b2b/profile/${id(code)}`);
      expect(response.statusCode, code).toBe(404);
      expect(response.json()).toEqual(missing.json());
    }
  });

  it('refuses malformed ids', async () => {
    for (const bad of ['abc', '01', '-1', '1.5', '0', '99999999999999999999']) {
      expect((await partner.get(`/b2b/profile/${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('is for signed-in producers only', async () => {
    const anonymous = new ApiAgent(t.app);
    expect((await anonymous.get(`/b2b/profile/${id('A1001')}`)).statusCode).toBe(401);
    expect((await anonymous.get('/b2b/get_tree_node?load_parent=true')).statusCode).toBe(401);
    const client = new ApiAgent(t.app);
    await signInAs(t, client, demoAccount('client').login);
    expect((await client.get(`/b2b/profile/${id('A1001')}`)).statusCode).toBe(403);
    expect((await client.get('/b2b/team/search?q=a')).statusCode).toBe(403);
    const staff = new ApiAgent(t.app);
    await signInAs(t, staff, demoAccount('staff').login);
    expect((await staff.get(`/b2b/profile/${id('A1001')}`)).statusCode).toBe(403);
    expect((await staff.get('/b2b/get_tree_node?load_parent=true')).statusCode).toBe(403);
  });

  it('works on the other sites for their own producers', async () => {
    const ipc = new ApiAgent(t.app, 'ipc.localhost');
    await signInAs(t, ipc, demoAccount('ipcProducer').login);
    expect((await ipc.get(`/b2b/profile/${id('I1004')}`)).statusCode).toBe(200);
    expect((await ipc.get(`/b2b/profile/${id('A1001')}`)).statusCode).toBe(404);
    const absg = new ApiAgent(t.app, 'absg.localhost');
    await signInAs(t, absg, demoAccount('absgProducer').login);
    const [root] = treeNodesResponseSchema.parse(
      (await absg.get('/b2b/get_tree_node?load_parent=true')).json(),
    );
    expect(root).toMatchObject({ code: 'B1001', childCount: 1 });
  });
});

describe('site settings behind the producer shell (GET /site_info)', () => {
  it('passes on configured links and the partner header/footer, and leaves malformed ones out', async () => {
    const agent = new ApiAgent(t.app, 'ipc.localhost');
    expect(siteInfoSchema.parse((await agent.get('/site_info')).json()).externalChrome).toBeUndefined();
    const chrome = {
      scriptUrl: 'https://www.ipc.example.com/chrome.js',
      headerTag: 'ipc-header',
      footerTag: 'ipc-footer',
    };
    await t.database.db
      .update(sites)
      .set({
        settings: sql`settings || ${JSON.stringify({ links: { faq: 'https://ipc.example.com/faq' }, externalChrome: chrome })}::jsonb`,
      })
      .where(eq(sites.code, 'ipc'));
    await t.app.siteCache.refresh(); // sites are read every 30 s (modules/system/site-cache.ts); now, here
    const info = siteInfoSchema.parse((await agent.get('/site_info')).json());
    expect(info.links).toEqual({ faq: 'https://ipc.example.com/faq' });
    expect(info.externalChrome).toEqual(chrome);

    await t.database.db
      .update(sites)
      .set({
        settings: sql`settings || ${JSON.stringify({ links: { faq: 42 }, externalChrome: { ...chrome, scriptUrl: 'javascript:alert(1)' } })}::jsonb`,
      })
      .where(eq(sites.code, 'ipc'));
    await t.app.siteCache.refresh();
    const broken = siteInfoSchema.parse((await agent.get('/site_info')).json());
    expect(broken.links).toBeUndefined();
    expect(broken.externalChrome).toBeUndefined();
  });
});
