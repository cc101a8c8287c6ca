import type { SiteCode } from '@portal/contract';
import type { MfaKeys } from '../../config.js';
import { hashPassword, sealSecret } from '../../modules/auth/index.js';
import type { Db } from '../client.js';
import { accountTotp, producers, sites, staff, staffMenuPermissions, users } from '../schema/index.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

export const DEMO_SITES = [
  {
    code: 'afs',
    name: 'Angel Financial Services',
    shortName: 'AFS',
    settings: {
      otpRequiredForClients: true,
      otpRequiredForProducers: false,
      contactEmail: 'enquiry@afs.example.com',
      enquiryUrl: 'https://afs.example.com/enquiry',
      letterhead: {
        address: ['Suite 2801, 28/F, Harbour Centre Tower 1', '8 Harbour Road, Wan Chai, Hong Kong'],
        phone: '+852 2000 8800',
        website: 'www.afs.example.com',
      },
      backOfficeUrl: 'http://backoffice.localhost/',
    },
  },
  {
    code: 'ipc',
    name: 'IPC Independent Planning Consultants',
    shortName: 'IPC',
    settings: {
      otpRequiredForClients: false,
      otpRequiredForProducers: false,
      contactEmail: 'service@ipc.example.com',
      enquiryUrl: 'https://ipc.example.com/contact',
      letterhead: {
        address: [
          "Room 1501, 15/F, Queen's Commercial Building",
          "88 Queen's Road Central, Central, Hong Kong",
        ],
        phone: '+852 2000 6600',
        website: 'www.ipc.example.com',
      },
    },
  },
  {
    code: 'absg',
    name: 'ABSG Advisory Services Group',
    shortName: 'ABSG',
    settings: {
      otpRequiredForClients: false,
      otpRequiredForProducers: false,
      contactEmail: 'advisors@absg.example.com',
      enquiryUrl: 'https://absg.example.com/support',
      letterhead: {
        address: ['10 Marina Boulevard, #20-01 Tower 2', 'Singapore 018983'],
        phone: '+65 6000 4400',
        website: 'www.absg.example.com',
      },
      externalAfterLoginUrl: 'https://absg.example.com/advisor',
    },
  },
] as const;

interface ProducerSeed {
  code: string;
  name: string;
  parent?: string;
  title: string;
  perms?: { commission?: boolean; bv?: boolean; training?: boolean; avenue?: boolean };
}

const ALL = { commission: true, bv: true, training: true, avenue: true };

/** afs: partner A1001 heads a four-level team; A2001 heads a separate team (for "not my team" checks). */
const PRODUCER_TREE: Record<SiteCode, ProducerSeed[]> = {
  afs: [
    { code: 'A1001', name: 'Alex Lau', title: 'Partner', perms: ALL },
    {
      code: 'A1002',
      name: 'Betty Ng',
      parent: 'A1001',
      title: 'Sub-partner',
      perms: { commission: true, training: true },
    },
    {
      code: 'A1003',
      name: 'Kenneth Chow',
      parent: 'A1001',
      title: 'Sub-partner',
      perms: { commission: true },
    },
    { code: 'A1004', name: 'Calvin Yip', parent: 'A1002', title: 'Senior Consultant' },
    { code: 'A1005', name: 'Daisy Fung', parent: 'A1002', title: 'Consultant', perms: { commission: true } },
    { code: 'A1006', name: 'Eric Mak', parent: 'A1003', title: 'Senior Consultant' },
    { code: 'A1007', name: 'Flora Tse', parent: 'A1003', title: 'Consultant' },
    { code: 'A1008', name: 'Gary Lo', parent: 'A1004', title: 'Associate Consultant' },
    { code: 'A1009', name: 'Helen Siu', parent: 'A1004', title: 'Associate Consultant' },
    { code: 'A1010', name: 'Ivan Poon', parent: 'A1006', title: 'Associate Consultant' },
    { code: 'A1011', name: 'Jenny Yuen', parent: 'A1007', title: 'Associate Consultant' },
    { code: 'A2001', name: 'Diana Kwok', title: 'Partner', perms: ALL },
    { code: 'A2002', name: 'Kelvin Choi', parent: 'A2001', title: 'Consultant' },
    { code: 'A2003', name: 'Lily Wan', parent: 'A2001', title: 'Consultant' },
  ],
  ipc: [
    { code: 'I1001', name: 'Edward Tam', title: 'Partner', perms: { commission: true } },
    { code: 'I1002', name: 'Mandy Lui', parent: 'I1001', title: 'Consultant' },
    { code: 'I1003', name: 'Nelson Fok', parent: 'I1001', title: 'Consultant' },
    { code: 'I1004', name: 'Olivia Chan', parent: 'I1002', title: 'Associate Consultant' },
  ],
  absg: [
    { code: 'B1001', name: 'Fiona Sze', title: 'Advisor', perms: { commission: true } },
    { code: 'B1002', name: 'Oscar Leung', parent: 'B1001', title: 'Advisor' },
  ],
};

export interface StaffMenuRow {
  type: 'mainMenu' | 'subMenu' | 'label';
  name: string;
  path: string;
}

/**
 * The internal menus (docs/internal/README.md) granted to each demo staff member, by login, in display order. A menu
 * row is a permission (packages/contract/src/internal/permissions.ts): the server guards `/internal/revenues` by the
 * Commission › Revenues row, `/internal/case_requirements` by Service › Case Requirements. staff1 has every entry but
 * Sync and Data Feed, so "exactly the permitted entries" is
 * visible; staff2 a few including Revenues; staff3 no Revenues (the pages answer 403 and the web shows Not Found).
 */
export const STAFF_MENUS: Record<'staff1' | 'staff2' | 'staff3' | 'staff4', StaffMenuRow[]> = {
  staff1: [
    { type: 'mainMenu', name: 'Service', path: '/service' },
    { type: 'label', name: 'Follow-ups', path: '' },
    { type: 'subMenu', name: 'Service Records', path: '/service/records' },
    { type: 'subMenu', name: 'Missing Premium', path: '/service/missing_premium' },
    { type: 'subMenu', name: 'Case Requirements', path: '/internal/case_requirements' },
    { type: 'mainMenu', name: 'Batch', path: '/batch' },
    { type: 'subMenu', name: 'Statement Batches', path: '/batch/statements' },
    { type: 'mainMenu', name: 'Commission', path: '/commission' },
    { type: 'label', name: 'Revenue', path: '' },
    { type: 'subMenu', name: 'Revenues', path: '/internal/revenues' },
    { type: 'subMenu', name: 'Pay-out Runs', path: '/commission/payouts' },
    { type: 'subMenu', name: 'Commission Reconciliation', path: '/internal/commission-reconciliation' },
    { type: 'mainMenu', name: 'Subsystem', path: '/subsystem' },
    { type: 'subMenu', name: 'Client Portal Settings', path: '/subsystem/portal' },
    { type: 'mainMenu', name: 'Report', path: '/report' },
    { type: 'mainMenu', name: 'User', path: '/user' },
    { type: 'subMenu', name: 'Account Recovery', path: '/internal/account_recovery' },
    { type: 'mainMenu', name: 'Newsletter', path: '/newsletter' },
    { type: 'mainMenu', name: 'Settings', path: '/settings' },
    { type: 'mainMenu', name: 'Chart', path: '/chart' },
    { type: 'mainMenu', name: 'Valuation', path: '/valuation' },
    { type: 'mainMenu', name: 'BV Factor', path: '/bv_factor' },
    { type: 'mainMenu', name: 'Delivery Log', path: '/internal/delivery_log' },
  ],
  staff2: [
    { type: 'mainMenu', name: 'Service', path: '/service' },
    { type: 'subMenu', name: 'Service Records', path: '/service/records' },
    { type: 'mainMenu', name: 'Commission', path: '/commission' },
    { type: 'label', name: 'Revenue', path: '' },
    { type: 'subMenu', name: 'Revenues', path: '/internal/revenues' },
    { type: 'mainMenu', name: 'Report', path: '/report' },
  ],
  staff3: [
    { type: 'mainMenu', name: 'Report', path: '/report' },
    { type: 'mainMenu', name: 'Chart', path: '/chart' },
  ],
  // staff2's menus, with an authenticator: the two-factor sign-in and the step-up before revenue edits.
  staff4: [
    { type: 'mainMenu', name: 'Service', path: '/service' },
    { type: 'subMenu', name: 'Service Records', path: '/service/records' },
    { type: 'mainMenu', name: 'Commission', path: '/commission' },
    { type: 'label', name: 'Revenue', path: '' },
    { type: 'subMenu', name: 'Revenues', path: '/internal/revenues' },
    { type: 'mainMenu', name: 'Report', path: '/report' },
  ],
};

export interface Organisation {
  /** Producer id by Advisor Code. */
  producerIds: Map<string, number>;
  /** Advisor Codes per site, parents before children. */
  producerCodes: Record<SiteCode, string[]>;
  /** Staff id by the staff member's login (DEMO_ACCOUNTS of kind staff). */
  staffIds: Map<string, number>;
}

function emailOf(name: string, site: string) {
  return `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${site}.example.com`;
}

export async function insertOrganisation(tx: Db): Promise<Organisation> {
  await tx.insert(sites).values(DEMO_SITES.map((s) => ({ ...s, settings: { ...s.settings } })));

  const producerIds = new Map<string, number>();
  const producerCodes = { afs: [], ipc: [], absg: [] } as Record<SiteCode, string[]>;
  // One row at a time: each child needs its parent's id, and the closure trigger its parent's paths.
  for (const [site, seeds] of Object.entries(PRODUCER_TREE) as [SiteCode, ProducerSeed[]][]) {
    for (const p of seeds) {
      const [row] = await tx
        .insert(producers)
        .values({
          siteCode: site,
          code: p.code,
          name: p.name,
          fullName: `${p.name} (${p.code})`,
          parentId: p.parent ? producerIds.get(p.parent) : null,
          title: p.title,
          regionCode: site === 'absg' ? 'SG' : 'HK',
          hasCommissionPermission: !!p.perms?.commission,
          hasBvReportPermission: !!p.perms?.bv,
          hasTrainingHistoryReportPermission: !!p.perms?.training,
          hasAvenueB2bLogin: !!p.perms?.avenue,
          opEmails: [emailOf(p.name, site), `operations@${site}.example.com`],
          acEmails: [`accounts@${site}.example.com`],
          contractAddress: [`${10 + producerIds.size} Queen's Road Central`, 'Central', 'Hong Kong'],
          correspondenceAddress: ['PO Box 1234', 'General Post Office', 'Hong Kong'],
        })
        .returning({ id: producers.id });
      if (!row) throw new Error(`producer ${p.code} not inserted`);
      producerIds.set(p.code, row.id);
      producerCodes[site].push(p.code);
    }
  }

  const staffIds = new Map<string, number>();
  for (const account of DEMO_ACCOUNTS) {
    if (account.kind !== 'staff') continue;
    const [member] = await tx
      .insert(staff)
      .values({ siteCode: account.site, name: account.name, email: account.email })
      .returning({ id: staff.id });
    if (!member) throw new Error(`staff ${account.login} not inserted`);
    await tx
      .insert(staffMenuPermissions)
      .values(STAFF_MENUS[account.login].map((m, i) => ({ staffId: member.id, position: i + 1, ...m })));
    staffIds.set(account.login, member.id);
  }

  return { producerIds, producerCodes, staffIds };
}

/** Users for the producer and staff demo accounts (client users are created with their clients). */
export async function insertStaffAndProducerUsers(
  tx: Db,
  org: Organisation,
  hashes: Map<string, string>,
  mfa: MfaKeys,
) {
  for (const account of DEMO_ACCOUNTS) {
    if (account.kind === 'client') continue;
    const producerId = 'advisorCode' in account ? org.producerIds.get(account.advisorCode) : undefined;
    const [user] = await tx
      .insert(users)
      .values({
        siteCode: account.site,
        kind: account.kind,
        login: account.login,
        email: account.email,
        passwordHash: hashes.get(account.key) ?? null,
        status: 'active',
        producerId: account.kind === 'producer' ? producerId : null,
        staffId: account.kind === 'staff' ? org.staffIds.get(account.login) : null,
      })
      .returning({ id: users.id });
    if (user && 'totpSecret' in account) await enrolDemoAuthenticator(tx, mfa, user.id, account.totpSecret);
  }
}

/** A confirmed authenticator with the published secret, sealed like any other (MFA_ENCRYPTION_KEY). */
async function enrolDemoAuthenticator(tx: Db, mfa: MfaKeys, userId: number, secret: string) {
  const { keyId, sealed } = sealSecret(mfa, userId, secret);
  await tx.insert(accountTotp).values({ userId, keyId, secretSealed: sealed, confirmedAt: new Date() });
}

/** Argon2id hashes of the demo passwords, computed together so their cost overlaps with other work. */
export async function hashDemoPasswords(): Promise<Map<string, string>> {
  const entries = await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => [a.key, await hashPassword(a.password)] as const),
  );
  return new Map(entries);
}
