import { type SiteCode, siteCapabilities } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { type DemoAccountKey, demoAccount } from '../../db/seed/demo-accounts.js';
import type { Readers } from './fixtures.js';

export type Kind = 'client' | 'producer' | 'staff';
export type Permission =
  | 'commission'
  | 'bv'
  | 'training'
  | 'revenues'
  | 'deliveryLog'
  | 'caseRequirements'
  | 'reconciliation'
  | 'accountRecovery';
export type HostKey = 'afs' | 'ipc' | 'absg' | 'staff';

export const HOSTS: Record<HostKey, { host: string; site: SiteCode; internal: boolean }> = {
  afs: { host: 'afs.localhost', site: 'afs', internal: false },
  ipc: { host: 'ipc.localhost', site: 'ipc', internal: false },
  absg: { host: 'absg.localhost', site: 'absg', internal: false },
  staff: { host: 'staff.localhost', site: 'afs', internal: true },
};

/** Who asks. Signed in on `home`; on any other host their cookie names no session there, so they ask as nobody. */
export interface Principal {
  key: string;
  /** What this principal stands for in the matrix (docs/security/authorization-matrix.md). */
  role: string;
  account?: DemoAccountKey;
  home?: HostKey;
  kind?: Kind;
  clientId?: number;
  producerId?: number;
  permissions: ReadonlySet<Permission>;
}

export const PRINCIPALS: Omit<Principal, 'clientId' | 'producerId' | 'permissions'>[] = [
  { key: 'anonymous', role: 'nobody signed in' },
  { key: 'clientA', role: 'client A', account: 'client', home: 'afs', kind: 'client' },
  { key: 'clientB', role: 'client B', account: 'client2', home: 'afs', kind: 'client' },
  {
    key: 'partner',
    role: 'producer, head of the team (A1001)',
    account: 'partner',
    home: 'afs',
    kind: 'producer',
  },
  {
    key: 'subpartner',
    role: 'producer in the team (A1002): its sibling branch A1003 and upline A1001 are not theirs; no BV',
    account: 'subpartner',
    home: 'afs',
    kind: 'producer',
  },
  {
    key: 'consultant',
    role: 'producer without commission, BV and training permissions (A1004)',
    account: 'consultant',
    home: 'afs',
    kind: 'producer',
  },
  {
    key: 'otherPartner',
    role: 'producer of another team (A2001)',
    account: 'otherPartner',
    home: 'afs',
    kind: 'producer',
  },
  {
    key: 'ipcProducer',
    role: 'producer on ipc (I1001)',
    account: 'ipcProducer',
    home: 'ipc',
    kind: 'producer',
  },
  {
    key: 'absgProducer',
    role: 'producer on absg (B1001)',
    account: 'absgProducer',
    home: 'absg',
    kind: 'producer',
  },
  {
    key: 'staffRevenues',
    role: 'staff with the Revenues and Case Requirements menus',
    account: 'staff',
    home: 'staff',
    kind: 'staff',
  },
  {
    key: 'staffNoRevenues',
    role: 'staff without the Revenues and Case Requirements menus',
    account: 'staff3',
    home: 'staff',
    kind: 'staff',
  },
];

type Execute = (query: ReturnType<typeof sql>) => Promise<{ rows: Record<string, unknown>[] }>;

/** The principals with their ids and permissions, read from the seeded data. */
export async function loadPrincipals(execute: Execute): Promise<Principal[]> {
  const out: Principal[] = [];
  for (const p of PRINCIPALS) {
    const permissions = new Set<Permission>();
    let clientId: number | undefined;
    let producerId: number | undefined;
    if (p.account && p.home) {
      const login = demoAccount(p.account).login;
      const { rows } = await execute(sql`select u.client_id, u.producer_id,
          pr.has_commission_permission as commission, pr.has_bv_report_permission as bv,
          pr.has_training_history_report_permission as training,
          exists (select 1 from staff_menu_permissions m where m.staff_id = u.staff_id
                  and m.path in ('/internal/revenues', '/internal/revenues/')) as revenues,
          exists (select 1 from staff_menu_permissions m where m.staff_id = u.staff_id
                  and m.path in ('/internal/delivery_log', '/internal/delivery_log/')) as "deliveryLog",
          exists (select 1 from staff_menu_permissions m where m.staff_id = u.staff_id
                  and m.path in ('/internal/case_requirements', '/internal/case_requirements/'))
            as "caseRequirements",
          exists (select 1 from staff_menu_permissions m where m.staff_id = u.staff_id
                  and m.path in ('/internal/commission-reconciliation', '/internal/commission-reconciliation/'))
            as reconciliation,
          exists (select 1 from staff_menu_permissions m where m.staff_id = u.staff_id
                  and m.path in ('/internal/account_recovery', '/internal/account_recovery/'))
            as "accountRecovery"
        from users u left join producers pr on pr.id = u.producer_id
        where u.site_code = ${HOSTS[p.home].site} and lower(u.login) = lower(${login})`);
      const row = rows[0];
      if (!row) throw new Error(`no user ${login}`);
      clientId = row.client_id == null ? undefined : Number(row.client_id);
      producerId = row.producer_id == null ? undefined : Number(row.producer_id);
      for (const perm of [
        'commission',
        'bv',
        'training',
        'revenues',
        'deliveryLog',
        'caseRequirements',
        'reconciliation',
        'accountRecovery',
      ] as const)
        if (row[perm] === true) permissions.add(perm);
    }
    out.push({ ...p, clientId, producerId, permissions });
  }
  return out;
}

/** How a route's guard decides, before looking at the resource. */
export interface Access {
  kinds: Kind[];
  permission?: Permission;
  /** Sites of the area narrower than the sites' areas (Service Records: the sites with that service). */
  sites?: SiteCode[];
  /** `principal-first`: 401/403 before the host check (change password); otherwise the host's area first. */
  order?: 'area-first' | 'principal-first';
}

function areaOn(host: HostKey, kind: Kind, access: Access): boolean {
  const { site, internal } = HOSTS[host];
  if (kind === 'staff') return internal;
  if (internal) return false;
  if (access.sites && !access.sites.includes(site)) return false;
  return siteCapabilities(site).hasArea(kind === 'client' ? 'b2c' : 'b2b');
}

export function canRead(p: Principal, readers: Readers): boolean {
  if (p.clientId !== undefined && readers.clients.has(p.clientId)) return true;
  return p.producerId !== undefined && readers.producers.has(p.producerId);
}

/**
 * The status one guarded call must answer: the area's 404 on a host without it, 401 to nobody, 403 to another kind
 * or without the permission, 404 for a resource the asker may not read (like a missing id), else `ok`.
 */
export function expectedStatus(
  access: Access,
  host: HostKey,
  asker: Principal,
  target: { readers?: Readers; permission?: Permission; sites?: SiteCode[]; ok: number },
): number {
  const kind = asker.kind;
  const admitted = kind !== undefined && access.kinds.includes(kind);
  const guardKind = admitted ? kind : (access.kinds[0] as Kind);
  if (access.order === 'principal-first') {
    if (!kind) return 401;
    if (!admitted) return 403;
  }
  if (!areaOn(host, guardKind, access)) return 404;
  if (!kind) return 401;
  if (!admitted) return 403;
  if (target.sites && !target.sites.includes(HOSTS[host].site)) return 404;
  const permission = target.permission ?? access.permission;
  if (permission && !asker.permissions.has(permission)) return 403;
  if (target.readers && !canRead(asker, target.readers)) return 404;
  return target.ok;
}
