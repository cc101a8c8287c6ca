import type { SiteCode } from '@portal/contract';

/**
 * Demo sign-ins, the one source for the README, server tests and browser fixtures. Every account here is active
 * and signs in with `login` + `password`. Producers may also sign in with their `advisorCode`.
 */
export interface DemoAccount {
  /** Stable handle for tests: `demoAccount('partner')`. */
  key: string;
  kind: 'client' | 'producer' | 'staff';
  /** Human description, printed at start-up. */
  role: string;
  site: SiteCode;
  login: string;
  password: string;
  email: string;
  name: string;
  /** Producers: the Advisor Code (producers.code). */
  advisorCode?: string;
  /** Clients: identity number and birth date, as registration and forgotten-password ask for them. */
  clientIdNumber?: string;
  birthDate?: string;
  /**
   * An authenticator already enrolled, with this base32 secret (published in the README: add it to any
   * authenticator app, or compute codes with otpauth in tests). Accounts without one sign in as before.
   */
  totpSecret?: string;
}

export const DEMO_ACCOUNTS = [
  {
    key: 'client',
    kind: 'client',
    role: 'Client, 12 plans, statements',
    site: 'afs',
    login: 'AG10000001',
    password: 'Client123',
    email: 'taiman.chan@example.com',
    name: 'Tai Man Chan',
    clientIdNumber: 'A1234563',
    birthDate: '1978-04-12',
  },
  {
    key: 'client2',
    kind: 'client',
    role: 'Client, other plans (access tests)',
    site: 'afs',
    login: 'AG10000002',
    password: 'Client234',
    email: 'meiling.wong@example.com',
    name: 'Mei Ling Wong',
    clientIdNumber: 'B7654321',
    birthDate: '1985-09-30',
  },
  {
    key: 'partner',
    kind: 'producer',
    role: 'Partner, all permissions, 4-level team',
    site: 'afs',
    login: 'partner1',
    password: 'Prod1234',
    email: 'alex.lau@afs.example.com',
    name: 'Alex Lau',
    advisorCode: 'A1001',
  },
  {
    key: 'subpartner',
    kind: 'producer',
    role: 'Sub-partner in the partner team',
    site: 'afs',
    login: 'subpartner1',
    password: 'Prod2345',
    email: 'betty.ng@afs.example.com',
    name: 'Betty Ng',
    advisorCode: 'A1002',
  },
  {
    key: 'consultant',
    kind: 'producer',
    role: 'Consultant, no commission/BV/training',
    site: 'afs',
    login: 'consultant1',
    password: 'Prod3456',
    email: 'calvin.yip@afs.example.com',
    name: 'Calvin Yip',
    advisorCode: 'A1004',
  },
  {
    key: 'otherPartner',
    kind: 'producer',
    role: 'Partner of another afs team',
    site: 'afs',
    login: 'partner2',
    password: 'Prod4567',
    email: 'diana.kwok@afs.example.com',
    name: 'Diana Kwok',
    advisorCode: 'A2001',
  },
  {
    key: 'ipcProducer',
    kind: 'producer',
    role: 'IPC partner',
    site: 'ipc',
    login: 'ipcpartner',
    password: 'Prod5678',
    email: 'edward.tam@ipc.example.com',
    name: 'Edward Tam',
    advisorCode: 'I1001',
  },
  {
    key: 'absgProducer',
    kind: 'producer',
    role: 'ABSG advisor',
    site: 'absg',
    login: 'absgadvisor',
    password: 'Prod6789',
    email: 'fiona.sze@absg.example.com',
    name: 'Fiona Sze',
    advisorCode: 'B1001',
  },
  {
    key: 'partnerWithAuthenticator',
    kind: 'producer',
    role: 'Sub-partner in the partner team, authenticator enrolled',
    site: 'afs',
    login: 'partner3',
    password: 'Prod7890',
    email: 'kenneth.chow@afs.example.com',
    name: 'Kenneth Chow',
    advisorCode: 'A1003',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
  {
    key: 'staff',
    kind: 'staff',
    role: 'Back-office staff, every menu but Sync and Data Feed, with the delivery log, case requirements, commission reconciliation and account recovery (23 entries)',
    site: 'afs',
    login: 'staff1',
    password: 'Staff123',
    email: 'grace.ho@afs.example.com',
    name: 'Grace Ho',
  },
  {
    key: 'staff2',
    kind: 'staff',
    role: 'Back-office staff, Service Records, Revenues and Report (6 entries)',
    site: 'afs',
    login: 'staff2',
    password: 'Staff234',
    email: 'henry.lam@afs.example.com',
    name: 'Henry Lam',
  },
  {
    key: 'staff3',
    kind: 'staff',
    role: 'Back-office staff without Revenues (Report and Chart)',
    site: 'afs',
    login: 'staff3',
    password: 'Staff345',
    email: 'ivy.ng@afs.example.com',
    name: 'Ivy Ng',
  },
  {
    key: 'staffWithAuthenticator',
    kind: 'staff',
    role: 'Back-office staff like staff2, authenticator enrolled',
    site: 'afs',
    login: 'staff4',
    password: 'Staff456',
    email: 'jason.lee@afs.example.com',
    name: 'Jason Lee',
    totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
  },
] as const satisfies readonly DemoAccount[];

export type DemoAccountKey = (typeof DEMO_ACCOUNTS)[number]['key'];

export function demoAccount(key: DemoAccountKey): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!account) throw new Error(`no demo account ${key}`);
  return account;
}

/**
 * afs clients for the registration and activation flows. `account`: 'none' = no users row (self-registration),
 * 'pending' = a users row waiting for activation (status pending, no password yet).
 */
export interface DemoRegistrationClient {
  key: string;
  site: SiteCode;
  clientNo: string;
  idNumber: string;
  birthDate: string;
  surname: string;
  givenName: string;
  email: string | null;
  account: 'none' | 'pending';
}

export const DEMO_REGISTRATION_CLIENTS = [
  {
    key: 'registerWithEmail',
    site: 'afs',
    clientNo: 'AG10000003',
    idNumber: 'C2345678',
    birthDate: '1990-01-15',
    surname: 'Lee',
    givenName: 'Ka Wing',
    email: 'kawing.lee@example.com',
    account: 'none',
  },
  {
    key: 'registerWithoutEmail',
    site: 'afs',
    clientNo: 'AG10000004',
    idNumber: 'D3456789',
    birthDate: '1969-07-08',
    surname: 'Cheung',
    givenName: 'Siu Fung',
    email: null,
    account: 'none',
  },
  {
    key: 'pendingActivation',
    site: 'afs',
    clientNo: 'AG10000005',
    idNumber: 'E4567890',
    birthDate: '1982-11-03',
    surname: 'Ho',
    givenName: 'Wai Kit',
    email: 'waikit.ho@example.com',
    account: 'pending',
  },
] as const satisfies readonly DemoRegistrationClient[];
