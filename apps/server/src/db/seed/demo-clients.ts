import type { ProductCategory, SiteCode } from '@portal/contract';
import { clients, users } from '../schema/index.js';
import { insertReturningIds } from './bulk.js';
import { DEMO_ACCOUNTS, DEMO_REGISTRATION_CLIENTS } from './demo-accounts.js';
import type { DemoClient, DemoContext } from './demo-context.js';
import { COMPANIES, DISTRICTS, GIVEN_NAMES, STREETS, SURNAMES } from './names.js';
import { Random } from './random.js';

interface ClientSeed {
  site: SiteCode;
  clientNo: string;
  idType: 'ID' | 'PASSPORT' | 'BR';
  idNumber: string;
  surname: string;
  givenName: string;
  birthDate: string | null;
  emails: string[];
  language: string;
  producerCode: string;
}

/** How many generated clients each site gets, and which producers look after them. */
const GENERATED_CLIENTS: { site: SiteCode; count: number; producers: string[] }[] = [
  {
    site: 'afs',
    count: 45,
    producers: [
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
    ],
  },
  { site: 'afs', count: 10, producers: ['A2001', 'A2002', 'A2003'] },
  { site: 'ipc', count: 16, producers: ['I1001', 'I1002', 'I1003', 'I1004'] },
  { site: 'absg', count: 10, producers: ['B1001', 'B1002'] },
];

function hkid(rng: Random): string {
  return `${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(100000, 999999)}${rng.int(0, 9)}`;
}

function addressLines(rng: Random): string[] {
  return [
    `Flat ${rng.int(1, 40)}${rng.pick(['A', 'B', 'C', 'D'])}, ${rng.int(1, 300)} ${rng.pick(STREETS)}`,
    rng.pick(DISTRICTS),
    'Hong Kong',
  ];
}

/**
 * A generated client's birth date: the drawn year and day, in a month chosen so that every month has birthdays in
 * every demo producer's team (the birthday report, type 6, opens on next month whatever the date). The i-th client
 * of a group is serviced by producer i mod 11 (A1001's group has eleven): each producer's successive clients step
 * three months, and producers next to each other start a month apart. The eighth client of the partner's group
 * (serviced by A1008, in consultant1's team) is born on 29 February of a leap year.
 */
function spreadBirthDate(drawn: string, i: number, leapDay: boolean): string {
  const [year, , day] = drawn.split('-').map(Number) as [number, number, number];
  if (leapDay) return `${year - (year % 4)}-02-29`;
  const month = ((Math.floor(i / 11) * 3 + ((i % 11) % 3)) % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

function buildClientSeeds(rng: Random): ClientSeed[] {
  const seeds: ClientSeed[] = [];
  const client = DEMO_ACCOUNTS.find((a) => a.key === 'client');
  const client2 = DEMO_ACCOUNTS.find((a) => a.key === 'client2');
  const named = [
    { account: client, producerCode: 'A1004', language: 'en' },
    { account: client2, producerCode: 'A1008', language: 'zh' },
  ];
  for (const { account, producerCode, language } of named) {
    if (!account) continue;
    const [givenName, surname] = [
      account.name.split(' ').slice(0, -1).join(' '),
      account.name.split(' ').at(-1) ?? '',
    ];
    seeds.push({
      site: account.site,
      clientNo: account.login,
      idType: 'ID',
      idNumber: account.clientIdNumber,
      surname,
      givenName,
      birthDate: account.birthDate,
      emails: [account.email],
      language,
      producerCode,
    });
  }
  for (const r of DEMO_REGISTRATION_CLIENTS) {
    seeds.push({
      site: r.site,
      clientNo: r.clientNo,
      idType: 'ID',
      idNumber: r.idNumber,
      surname: r.surname,
      givenName: r.givenName,
      birthDate: r.birthDate,
      emails: r.email ? [r.email] : [],
      language: 'en',
      producerCode: 'A1005',
    });
  }
  let serial = 10000006;
  for (const group of GENERATED_CLIENTS) {
    for (let i = 0; i < group.count; i++) {
      const corporate = group.site === 'afs' && i < COMPANIES.length && group.producers[0] === 'A1001';
      const surname = corporate ? (COMPANIES[i] ?? 'Company Ltd') : rng.pick(SURNAMES);
      const givenName = corporate ? '' : rng.pick(GIVEN_NAMES);
      const passport = !corporate && i % 9 === 4;
      seeds.push({
        site: group.site,
        clientNo: `AG${serial++}`,
        idType: corporate ? 'BR' : passport ? 'PASSPORT' : 'ID',
        idNumber: corporate
          ? `${rng.int(10000000, 79999999)}`
          : passport
            ? `P${rng.int(1000000, 9999999)}`
            : hkid(rng),
        surname,
        givenName,
        birthDate: corporate
          ? null
          : spreadBirthDate(
              rng.dateBetween('1950-01-01', '2000-12-31'),
              i,
              group.producers[0] === 'A1001' && i === 7,
            ),
        emails: rng.chance(0.85)
          ? [`${givenName || surname}.${surname}${i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, '')]
          : [],
        language:
          group.site === 'afs'
            ? rng.pick(['en', 'en', 'zh', 'ja'])
            : group.site === 'ipc'
              ? rng.pick(['en', 'zh'])
              : 'en',
        producerCode: group.producers[i % group.producers.length] ?? group.producers[0] ?? 'A1001',
      });
    }
  }
  return seeds;
}

/** Clients of all sites plus the client users of the demo accounts. */
export async function insertClients(ctx: DemoContext, hashes: Map<string, string>): Promise<void> {
  const rng = new Random(101);
  const seeds = buildClientSeeds(rng);
  const producerId = (code: string) => ctx.org.producerIds.get(code) ?? null;
  const ids = await insertReturningIds(
    ctx.tx,
    clients,
    seeds.map((s) => ({
      siteCode: s.site,
      clientNo: s.clientNo,
      idType: s.idType,
      idNumber: s.idNumber,
      surname: s.surname,
      givenName: s.givenName,
      birthDate: s.birthDate,
      phones: [
        `+852 ${rng.int(5000, 9999)} ${rng.int(1000, 9999)}`,
        ...(rng.chance(0.3) ? [`+852 2${rng.int(100, 999)} ${rng.int(1000, 9999)}`] : []),
      ],
      emails: s.emails,
      residentialAddress: addressLines(rng),
      correspondenceAddress: rng.chance(0.4) ? addressLines(rng) : [],
      language: s.language,
      servicingProducerId: producerId(s.producerCode),
    })),
  );
  seeds.forEach((s, i) => {
    ctx.clients.push({
      id: ids[i] ?? 0,
      site: s.site,
      clientNo: s.clientNo,
      fullName: `${s.givenName} ${s.surname}`.trim(),
      producerCode: s.producerCode,
      emails: s.emails,
      language: s.language,
      policies: [],
    } satisfies DemoClient);
  });

  const idOf = (clientNo: string) => ctx.clients.find((c) => c.clientNo === clientNo)?.id;
  for (const account of DEMO_ACCOUNTS) {
    if (account.kind !== 'client') continue;
    await ctx.tx.insert(users).values({
      siteCode: account.site,
      kind: 'client',
      login: account.login,
      email: account.email,
      passwordHash: hashes.get(account.key) ?? null,
      status: 'active',
      clientId: idOf(account.login),
      preferredLanguage: 'en',
    });
  }
  for (const r of DEMO_REGISTRATION_CLIENTS) {
    if (r.account !== 'pending') continue;
    await ctx.tx.insert(users).values({
      siteCode: r.site,
      kind: 'client',
      login: r.clientNo,
      email: r.email,
      status: 'pending',
      clientId: idOf(r.clientNo),
    });
  }
}

/** Plans of the main demo client: every category, several currencies, live and terminated statuses. */
export const MAIN_CLIENT_PLANS: { category: ProductCategory; currency: string; status: string }[] = [
  { category: 'IL', currency: 'USD', status: 'INF' },
  { category: 'IL', currency: 'GBP', status: 'INF' },
  { category: 'IN', currency: 'HKD', status: 'INF' },
  { category: 'IN', currency: 'USD', status: 'LAP' },
  { category: 'IR', currency: 'HKD', status: 'INF' },
  { category: 'FD', currency: 'USD', status: 'OPN' },
  { category: 'FD', currency: 'EUR', status: 'OPN' },
  { category: 'FD', currency: 'JPY', status: 'OPN' },
  { category: 'MPF', currency: 'HKD', status: 'OPN' },
  { category: 'GI', currency: 'HKD', status: 'INF' },
  { category: 'PB', currency: 'USD', status: 'OPN' },
  { category: 'TU', currency: 'GBP', status: 'ACT' },
];
