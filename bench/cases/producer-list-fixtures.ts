import type { SiteCode } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../apps/server/src/config.js';
import type { Database } from '../../apps/server/src/db/client.js';
import { scaleHeadCode } from '../../apps/server/src/db/seed/scale.js';
import { withScopeSize } from '../../apps/server/src/db/team-scope.js';
import type { ServerListDefinition } from '../../apps/server/src/lists/index.js';
import type { ContractList } from '../../apps/server/src/lists/server-list.js';
import { clientServerList } from '../../apps/server/src/modules/producer-lists/client-list.js';
import { newBusinessServerList } from '../../apps/server/src/modules/producer-lists/new-business-list.js';
import { requirementServerList } from '../../apps/server/src/modules/producer-lists/requirement-list.js';
import { serviceRecordServerList } from '../../apps/server/src/modules/producer-lists/service-record-list.js';
import { ApiAgent } from '../../apps/server/src/testing/http.js';
import { signInAs } from '../../apps/server/src/testing/sessions.js';

/* What the producer-list scale cases share: the lists, the keywords, the two producers signed in. */

// biome-ignore lint/suspicious/noExplicitAny: the three definitions differ in criteria and rows
export type AnyListDefinition = ServerListDefinition<ContractList, any>;

export const SCALE_LISTS: { name: string; path: string; definition: AnyListDefinition }[] = [
  { name: 'new_business', path: '/b2b/new_business', definition: newBusinessServerList as never },
  { name: 'service_records', path: '/b2b/service_records', definition: serviceRecordServerList as never },
  { name: 'clients', path: '/b2b/clients', definition: clientServerList as never },
  { name: 'requirements', path: '/b2b/requirements', definition: requirementServerList as never },
];

/** The commonest Hong Kong surname: matches ~2.6% of the generated clients (a realistic search by name). */
export const LIST_KEYWORDS = 'Chan';
export interface BenchProducer {
  label: string;
  code: string;
  producerId: number;
  siteCode: SiteCode;
  agent: ApiAgent;
  /** Whether the producer's whole team is a small scope (TeamScope.small: keywords checked per row). */
  smallScope: boolean;
}

/**
 * The afs head of the first generated run (the top producer: every generated afs team is below it) and one of its
 * consultants with about 50 plans; each gets a producer user (created once, in the bench database) and a session.
 */
export async function benchProducers(database: Database, config: Config, app: ApiAgentApp) {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const [head] = await rows<{ id: string }>(
    sql`select id from producers where code = ${scaleHeadCode(1, 'afs')}`,
  );
  if (!head) throw new Error('no generated head producer: seed with `npm run seed -- --scale 100` first');
  const [small] = await rows<{ id: string; code: string }>(sql`
    select p.id, p.code from policies po join producers p on p.id = po.servicing_producer_id
    where p.title = 'Consultant' and p.id in (select descendant_id from producer_tree where ancestor_id = ${head.id})
    group by p.id, p.code order by abs(count(*) - 50), p.id limit 1`);
  if (!small) throw new Error('no consultant under the head producer');
  const who = [
    { label: 'top team', id: Number(head.id), code: scaleHeadCode(1, 'afs') },
    { label: '~50 plans', id: Number(small.id), code: small.code },
  ];
  const producers: BenchProducer[] = [];
  for (const { label, id, code } of who) {
    const login = `bench-${code.toLowerCase()}`;
    await database.db.execute(sql`insert into users (site_code, kind, login, status, producer_id)
      values ('afs', 'producer', ${login}, 'active', ${id}) on conflict do nothing`);
    const [user] = await rows<{ login: string }>(
      sql`select login from users where site_code = 'afs' and producer_id = ${id}`,
    );
    const agent = new ApiAgent(app, 'afs.localhost', 'en');
    await signInAs({ database, config, clock: { now: new Date() } }, agent, user?.login ?? login);
    const caller = { userId: 0, producerId: id, siteCode: 'afs' as const };
    const scope = { caller, producerId: id, includedTeam: true, viewingOther: false };
    const smallScope = (await withScopeSize(database.db, scope)).small === true;
    producers.push({ label, code, producerId: id, siteCode: 'afs', agent, smallScope });
  }
  return producers;
}

type ApiAgentApp = ConstructorParameters<typeof ApiAgent>[0];
