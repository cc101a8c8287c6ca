import type { SiteCode } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Who may read one resource, from the data model (owner client, servicing producer and the closure table), not
 * from the code under test: a producer reads what the producers of their subtree service, a client what they own.
 */
export interface Readers {
  clients: ReadonlySet<number>;
  producers: ReadonlySet<number>;
}

/** One record a request can name, with who may read it and the strings that identify its party in a body. */
export interface Resource {
  /** Whose it is, for cell names: `clientA`, `A1003`. */
  owner: string;
  readers: Readers;
  /** Client numbers (AG…), names, identity and plan numbers of the party behind it. */
  identifiers: string[];
}

export interface ProducerSubject extends Resource {
  code: string;
  producerId: number;
  site: SiteCode;
  application?: { id: number } & Resource;
  serviceRecord?: { id: number } & Resource;
  plan?: { id: number } & Resource;
  account?: { partyId: number; accountNo: string; month: string; fileNodeId?: number } & Resource;
  commission?: { query: Record<string, string | number> };
}

export interface ClientSubject extends Resource {
  clientNo: string;
  clientId: number;
  plan: { id: number; providerStatement?: boolean; assetsSelection?: boolean } & Resource;
  messageId: number;
  fundCode?: string;
  /** The subject clients holding `fundCode`: each may open its factsheet. */
  fundHolders: Readers;
  account: { partyId: number; accountNo: string; month: string } & Resource;
  consolidated: { partyId: number; month: string } & Resource;
  /** The client's performance as producers see it: those above a servicing producer of a plan with history. */
  performance: Resource;
  /** An item the client still owes on one of their applications (the tracker's upload slot), when they have one. */
  owedRequirement?: { applicationId: number; id: number } & Resource;
}

export interface Fixtures {
  producers: ProducerSubject[];
  clients: ClientSubject[];
  /** Every identifier of every resource above: none may appear in a refusal. */
  allIdentifiers: string[];
}

/** Producers whose data the cells name: the partner's team (A1001 → A1002, A1003 → A1004), another team, ipc, absg. */
export const SUBJECT_PRODUCERS = ['A1001', 'A1002', 'A1003', 'A1004', 'A2001', 'I1001', 'B1001'] as const;
export const SUBJECT_CLIENTS = { clientA: 'AG10000001', clientB: 'AG10000002' } as const;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const num = (value: unknown) => Number(value);
const month = (value: unknown) => String(value instanceof Date ? value.toISOString() : value).slice(0, 7);

/** The producers who may read what `producerIds` service: the common ancestors (closure table, self included). */
async function producerReaders(db: Db, producerIds: number[]): Promise<Set<number>> {
  if (producerIds.length === 0) return new Set();
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select ancestor_id as id from producer_tree where descendant_id in (${sql.join(
      producerIds.map((id) => sql`${id}`),
      sql`, `,
    )}) group by ancestor_id having count(distinct descendant_id) = ${new Set(producerIds).size}`,
  );
  return new Set(rows.map((r) => num(r.id)));
}

/**
 * Who reads a client's own details (number, name): the client, and every producer above one who services any of
 * their plans, applications or the client as a whole.
 */
async function clientReaders(db: Db, clientId: number): Promise<Readers> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select distinct t.ancestor_id as id from producer_tree t where t.descendant_id in (
          select servicing_producer_id from policies where owner_client_id = ${clientId}
          union select producer_id from applications where client_id = ${clientId}
          union select servicing_producer_id from clients where id = ${clientId})`,
  );
  return { clients: new Set([clientId]), producers: new Set(rows.map((r) => num(r.id))) };
}

/** Producers who see a client's performance: above a servicing producer of one of their plans with a history. */
async function performanceReaders(db: Db, clientId: number): Promise<Readers> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select distinct t.ancestor_id as id from producer_tree t where t.descendant_id in (
          select p.servicing_producer_id from policies p where (p.owner_client_id = ${clientId}
            or p.joint_owner_client_id = ${clientId})
            and exists (select 1 from plan_valuations v where v.policy_id = p.id))`,
  );
  return { clients: new Set(), producers: new Set(rows.map((r) => num(r.id))) };
}

/** A record of `clientId` serviced by `producerId`: the client and the producers above. */
async function recordReaders(db: Db, clientId: number, producerId: number): Promise<Readers> {
  return { clients: new Set([clientId]), producers: await producerReaders(db, [producerId]) };
}

/** The owner and the producers whose subtree services every plan on the account (access-scopes.ts's rule). */
async function accountReaders(db: Db, accountId: number, clients: ReadonlySet<number>): Promise<Readers> {
  const servicing = await rowsOf<{ id: string }>(
    db,
    sql`select distinct p.servicing_producer_id as id from statement_account_policies sap
        join policies p on p.id = sap.policy_id where sap.account_id = ${accountId}`,
  );
  return {
    clients,
    producers: await producerReaders(
      db,
      servicing.map((r) => num(r.id)),
    ),
  };
}

/** The client behind a record: its AG number, name and identity number. */
async function clientIdentifiers(db: Db, clientId: number): Promise<string[]> {
  const [row] = await rowsOf<{ client_no: string; full_name: string; id_number: string }>(
    db,
    sql`select client_no, full_name, id_number from clients where id = ${clientId}`,
  );
  return row ? [row.client_no, row.full_name, row.id_number] : [];
}

/** The clients whose plans or servicing producer are `producerId`'s: they see that producer's name on their plans. */
async function clientsOf(db: Db, producerId: number): Promise<Set<number>> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select owner_client_id as id from policies where servicing_producer_id = ${producerId}
        union select id from clients where servicing_producer_id = ${producerId}`,
  );
  return new Set(rows.map((r) => num(r.id)));
}

async function producerSubject(db: Db, code: string): Promise<ProducerSubject> {
  const [p] = await rowsOf<{ id: string; site_code: SiteCode; name: string }>(
    db,
    sql`select id, site_code, name from producers where code = ${code}`,
  );
  if (!p) throw new Error(`no producer ${code}`);
  const producerId = num(p.id);
  const readers = { clients: new Set<number>(), producers: await producerReaders(db, [producerId]) };
  const subject: ProducerSubject = {
    owner: code,
    code,
    producerId,
    site: p.site_code,
    readers: { ...readers, clients: await clientsOf(db, producerId) },
    identifiers: [code],
  };
  // A client served by this producer alone, so that their number in a body can only come from this producer's data.
  const onlyHere = sql`not exists (select 1 from policies o where o.owner_client_id = c.id and o.servicing_producer_id <> ${producerId})
    and not exists (select 1 from applications o where o.client_id = c.id and o.producer_id <> ${producerId})
    and not exists (select 1 from service_records o join policies op on op.id = o.policy_id
                    where op.owner_client_id = c.id and o.producer_id <> ${producerId})
    and coalesce(c.servicing_producer_id, ${producerId}) = ${producerId}`;
  const [plan] = await rowsOf<{ id: string; plan_no: string; client_id: string }>(
    db,
    sql`select p.id, p.plan_no, c.id as client_id from policies p join clients c on c.id = p.owner_client_id
        where p.servicing_producer_id = ${producerId} and p.joint_owner_client_id is null
        order by (${onlyHere}) desc, p.id limit 1`,
  );
  if (plan) {
    subject.plan = {
      id: num(plan.id),
      owner: code,
      readers: await recordReaders(db, num(plan.client_id), producerId),
      identifiers: [plan.plan_no, ...(await clientIdentifiers(db, num(plan.client_id)))],
    };
  }
  const [application] = await rowsOf<{ id: string; client_id: string }>(
    db,
    sql`select a.id, a.client_id from applications a join clients c on c.id = a.client_id
        where a.producer_id = ${producerId} order by (${onlyHere}) desc, a.id limit 1`,
  );
  if (application) {
    const identifiers = await clientIdentifiers(db, num(application.client_id));
    subject.application = {
      id: num(application.id),
      owner: code,
      readers: await recordReaders(db, num(application.client_id), producerId),
      identifiers,
    };
  }
  const [record] = await rowsOf<{ id: string; client_id: string }>(
    db,
    sql`select r.id, c.id as client_id from service_records r join policies rp on rp.id = r.policy_id
        join clients c on c.id = rp.owner_client_id where r.producer_id = ${producerId} order by (${onlyHere}) desc, r.id limit 1`,
  );
  if (record) {
    const identifiers = await clientIdentifiers(db, num(record.client_id));
    subject.serviceRecord = {
      id: num(record.id),
      owner: code,
      readers: await recordReaders(db, num(record.client_id), producerId),
      identifiers,
    };
  }
  // A statement account of one plan this producer services, with a month-end snapshot and a document file if any.
  const [account] = await rowsOf<{ id: string; account_no: string; client_id: string; month: unknown }>(
    db,
    sql`select sa.id, sa.account_no, sa.client_id, max(s.month) as month from statement_accounts sa
        join statement_snapshots s on s.account_id = sa.id join clients c on c.id = sa.client_id
        where sa.account_type = 'POLICY'
          and exists (select 1 from statement_account_policies sap join policies p on p.id = sap.policy_id
                      where sap.account_id = sa.id and p.servicing_producer_id = ${producerId})
          and not exists (select 1 from statement_account_policies sap join policies p on p.id = sap.policy_id
                      where sap.account_id = sa.id and p.servicing_producer_id <> ${producerId})
        group by sa.id, sa.account_no, sa.client_id, c.id
        order by (${onlyHere}) desc, exists (select 1 from client_documents d where d.account_no = sa.account_no) desc, sa.id
        limit 1`,
  );
  if (account) {
    const [file] = await rowsOf<{ id: string }>(
      db,
      sql`select id from client_documents where account_no = ${account.account_no} and kind = 'file' order by id limit 1`,
    );
    subject.account = {
      partyId: num(account.id),
      accountNo: account.account_no,
      month: month(account.month),
      fileNodeId: file ? num(file.id) : undefined,
      owner: code,
      readers: await accountReaders(db, num(account.id), new Set([num(account.client_id)])),
      identifiers: [account.account_no, ...(await clientIdentifiers(db, num(account.client_id)))],
    };
  }
  const [commission] = await rowsOf<{ month: unknown; region_code: string; company: string }>(
    db,
    sql`select cs.month, cs.region_code, sc.code as company from commission_statements cs
        join service_companies sc on sc.id = cs.service_company_id
        where cs.producer_id = ${producerId} order by cs.month desc, cs.id limit 1`,
  );
  if (commission) {
    subject.commission = {
      query: {
        month: month(commission.month),
        code,
        company: commission.company,
        region: commission.region_code,
        producerId,
        fileType: 'pdf',
      },
    };
  }
  return subject;
}

async function clientSubject(db: Db, key: string, clientNo: string): Promise<ClientSubject> {
  const [c] = await rowsOf<{ id: string }>(db, sql`select id from clients where client_no = ${clientNo}`);
  if (!c) throw new Error(`no client ${clientNo}`);
  const clientId = num(c.id);
  const identifiers = await clientIdentifiers(db, clientId);
  const own: Readers = { clients: new Set([clientId]), producers: new Set() };
  const [plan] = await rowsOf<{
    id: string;
    plan_no: string;
    statement: boolean;
    assets: boolean;
    producer: string;
  }>(
    db,
    sql`select id, plan_no, servicing_producer_id as producer, provider_statement_file_key is not null as statement,
          (is_show_assets_selection and assets_selection_file_key is not null) as assets
        from policies where owner_client_id = ${clientId}
        order by (provider_statement_file_key is not null) desc,
          (is_show_assets_selection and assets_selection_file_key is not null) desc, id limit 1`,
  );
  if (!plan) throw new Error(`no plan of ${clientNo}`);
  const [message] = await rowsOf<{ id: string }>(
    db,
    sql`select id from client_messages where client_id = ${clientId} order by id limit 1`,
  );
  if (!message) throw new Error(`no message of ${clientNo}`);
  const [fund] = await rowsOf<{ code: string }>(
    db,
    sql`select f.code from funds f where f.factsheet_file_key is not null and exists (select 1 from holdings h
          join policies p on p.id = h.policy_id where h.fund_id = f.id and p.owner_client_id = ${clientId})
        order by f.id limit 1`,
  );
  // Producers read a client's account when every plan on it is serviced inside their subtree (access-scopes.ts).
  const [account] = await rowsOf<{ id: string; account_no: string; month: unknown }>(
    db,
    sql`select sa.id, sa.account_no, max(s.month) as month from statement_accounts sa
        join statement_snapshots s on s.account_id = sa.id
        where sa.client_id = ${clientId} and sa.account_type = 'POLICY'
        group by sa.id, sa.account_no order by sa.id limit 1`,
  );
  if (!account) throw new Error(`no statement account of ${clientNo}`);
  const [consolidated] = await rowsOf<{ id: string; account_no: string; month: unknown }>(
    db,
    sql`select sa.id, sa.account_no, max(s.month) as month from statement_accounts sa
        join statement_snapshots s on s.account_id = sa.id
        where sa.client_id = ${clientId} and sa.account_type = 'CONSOLIDATE'
        group by sa.id, sa.account_no order by sa.id limit 1`,
  );
  if (!consolidated) throw new Error(`no consolidated account of ${clientNo}`);
  const [owed] = await rowsOf<{ id: string; application_id: string }>(
    db,
    sql`select r.id, r.application_id from application_requirements r join applications a on a.id = r.application_id
        where a.client_id = ${clientId} and r.provider = 'client' and r.status in ('outstanding', 'rejected')
        order by r.id limit 1`,
  );
  const holders = fund
    ? await rowsOf<{ id: string }>(
        db,
        sql`select distinct p.owner_client_id as id from holdings h join policies p on p.id = h.policy_id
            join funds f on f.id = h.fund_id where f.code = ${fund.code}`,
      )
    : [];
  return {
    owner: key,
    clientNo,
    clientId,
    readers: await clientReaders(db, clientId),
    identifiers,
    plan: {
      id: num(plan.id),
      providerStatement: plan.statement,
      assetsSelection: plan.assets,
      owner: key,
      readers: await recordReaders(db, clientId, num(plan.producer)),
      identifiers: [plan.plan_no, ...identifiers],
    },
    performance: {
      owner: key,
      readers: await performanceReaders(db, clientId),
      identifiers,
    },
    messageId: num(message.id),
    ...(owed
      ? {
          owedRequirement: {
            id: num(owed.id),
            applicationId: num(owed.application_id),
            owner: key,
            readers: own,
            identifiers,
          },
        }
      : {}),
    fundCode: fund?.code,
    fundHolders: { clients: new Set(holders.map((r) => num(r.id))), producers: new Set() },
    consolidated: {
      partyId: num(consolidated.id),
      month: month(consolidated.month),
      owner: key,
      readers: await accountReaders(db, num(consolidated.id), own.clients),
      identifiers: [consolidated.account_no, ...identifiers],
    },
    account: {
      accountNo: account.account_no,
      partyId: num(account.id),
      month: month(account.month),
      owner: key,
      readers: await accountReaders(db, num(account.id), own.clients),
      identifiers: [account.account_no, ...identifiers],
    },
  };
}

export async function loadFixtures(db: Db): Promise<Fixtures> {
  const producers: ProducerSubject[] = [];
  for (const code of SUBJECT_PRODUCERS) producers.push(await producerSubject(db, code));
  const clients: ClientSubject[] = [];
  for (const [key, clientNo] of Object.entries(SUBJECT_CLIENTS))
    clients.push(await clientSubject(db, key, clientNo));
  const all = new Set<string>();
  for (const resource of allResources({ producers, clients, allIdentifiers: [] }))
    for (const id of resource.identifiers) all.add(id);
  return { producers, clients, allIdentifiers: [...all] };
}

/** Every resource of the fixtures, for the body checks. */
export function allResources(f: Fixtures): Resource[] {
  const out: Resource[] = [];
  for (const p of f.producers) {
    out.push(p);
    for (const r of [p.application, p.serviceRecord, p.plan, p.account]) if (r) out.push(r);
  }
  for (const c of f.clients) out.push(c, c.plan, c.account, c.consolidated);
  return out;
}
