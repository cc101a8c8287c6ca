import type { ProductCategory } from '@portal/contract';

/**
 * The demo revenues of the internal staff area (spec 2 §3–§9), written out one by one so that every case the
 * screens and tests need is there on purpose, not by the luck of a random pick. docs/internal/README.md lists the
 * same ref numbers and what each shows; demo-revenues.test.ts checks the coverage and the invariants.
 *
 * Figures: `basis` is the premium (R), assets under management (A, T) or contribution (C, O) in the plan's
 * currency; each pay-in instalment is `basis × rate`; each producer's pay-out is the revenue's pay-in × the sum of
 * their rate lines. Everything is rounded to the cent once and the pay-out records split a pay-out in cents, so
 * every total is the exact sum of its lines.
 *
 * Deletable revenues are paid only to producers who receive no commission statement from that service company
 * (demo-commissions.ts issues them to A1001 for AFSL and AWM, and to A1002, A1005, A2001 for AFSL), and have no
 * pay-out settlement: deleting them cannot change an issued statement, whatever month the clock is in (decision 024).
 */

/** How much of a pay-in instalment has been received: all at once, all in two receipts, half, or nothing. */
export type PayinState = 'settled' | 'settledTwice' | 'part' | 'outstanding';

/** A rate line of a producer's pay-out: a label and a fraction of the revenue's pay-in (4 dp). */
export type RateLine = readonly [label: string, rate: string];

export interface PayeeSpec {
  /** Advisor Code. */
  producer: string;
  rateInfo: readonly RateLine[];
  /** Overrides a senior earns on a junior's business (the rate pop-up's second table). */
  overrideRateInfo?: readonly RateLine[];
  payMode?: 'BANK' | 'CHEQUE';
}

export interface RevenueSpec {
  refNo: string;
  /** What the revenue demonstrates (docs/internal/README.md). */
  shows: string;
  /** R premium, A/T AUM, C contribution; O another contribution-based code. */
  commissionType: 'R' | 'A' | 'T' | 'C' | 'O';
  /** The first in-force afs plan of this category, serviced by `producer`, in `currency`. */
  plan: { category: ProductCategory; producer: string; currency: string };
  /** Commission on one item of the plan (its basic plan), not on the whole plan. */
  policyItem?: 'BASIC';
  company: 'AFSL' | 'AWM';
  /** Premium date and pay-in effective date. */
  start: string;
  basis: string;
  /** Split cases: the plan's whole amount, of which `basis` is this company's share. */
  combinedBasis?: string;
  payin: readonly { rate: string; state: PayinState }[];
  payees: readonly PayeeSpec[];
  /** Pay-out records per producer, due monthly on the 25th from the month after `start`. */
  payoutInstalments: number;
  /** The first n instalments of every producer are paid out (settled). */
  payoutSettled: number;
  /** Type C only. */
  lapseSurrenderOn?: string;
  /** Split cases: the two revenues of one plan share it. */
  joinSeqNo?: number;
  isOrphanCase?: boolean;
  editable: boolean;
  deletable: boolean;
  payMode: 'Annual' | 'Quarterly' | 'Monthly' | 'Single';
  term: number | null;
  payinMode?: string;
  salesCampaign?: string;
  internalRemark?: string;
  upfrontWrapFee?: string;
}

const servicing = (producer: string, rate: string, payMode?: 'CHEQUE'): PayeeSpec => ({
  producer,
  rateInfo: [['Base rate', rate]],
  payMode,
});
const override = (producer: string, label: string, rate: string, payMode?: 'CHEQUE'): PayeeSpec => ({
  producer,
  rateInfo: [],
  overrideRateInfo: [[label, rate]],
  payMode,
});

export const DEMO_REVENUES: readonly RevenueSpec[] = [
  {
    refNo: 'RV000001',
    shows: 'R; 3 producers (consultant, senior, sub-partner override); mixed pay-in; editable and deletable',
    commissionType: 'R',
    plan: { category: 'IN', producer: 'A1006', currency: 'HKD' },
    company: 'AFSL',
    start: '2026-03-10',
    basis: '24000.00',
    payin: [
      { rate: '0.3000', state: 'settled' },
      { rate: '0.1500', state: 'part' },
      { rate: '0.1000', state: 'outstanding' },
    ],
    payees: [
      {
        producer: 'A1006',
        rateInfo: [
          ['First-year commission', '0.4000'],
          ['Persistency bonus', '0.0500'],
        ],
      },
      override('A1010', 'Referral fee', '0.0500'),
      override('A1003', 'Sub-partner override', '0.0800'),
    ],
    payoutInstalments: 3,
    payoutSettled: 0,
    editable: true,
    deletable: true,
    payMode: 'Annual',
    term: 20,
    salesCampaign: 'Spring Savings 2026',
    internalRemark: 'Checked against provider statement',
  },
  {
    refNo: 'RV000002',
    shows: 'C with lapse/surrender date; split 9001 (AFSL share, with RV000003); editable, not deletable',
    commissionType: 'C',
    plan: { category: 'GI', producer: 'A1004', currency: 'HKD' },
    company: 'AFSL',
    start: '2025-11-03',
    basis: '4560.00',
    combinedBasis: '7600.00',
    payin: [{ rate: '0.2500', state: 'settled' }],
    payees: [servicing('A1004', '0.6000')],
    payoutInstalments: 2,
    payoutSettled: 2,
    lapseSurrenderOn: '2026-05-02',
    joinSeqNo: 9001,
    editable: true,
    deletable: false,
    payMode: 'Annual',
    term: 1,
  },
  {
    refNo: 'RV000003',
    shows: 'C with lapse/surrender date; split 9001 (AWM share, with RV000002); deletable, not editable',
    commissionType: 'C',
    plan: { category: 'GI', producer: 'A1004', currency: 'HKD' },
    company: 'AWM',
    start: '2025-11-03',
    basis: '3040.00',
    combinedBasis: '7600.00',
    payin: [{ rate: '0.2500', state: 'outstanding' }],
    payees: [servicing('A1004', '0.6000')],
    payoutInstalments: 1,
    payoutSettled: 0,
    lapseSurrenderOn: '2026-05-02',
    joinSeqNo: 9001,
    editable: false,
    deletable: true,
    payMode: 'Annual',
    term: 1,
  },
  {
    refNo: 'RV000004',
    shows: 'R orphan case paid to the partner only; pay-in fully settled; neither editable nor deletable',
    commissionType: 'R',
    plan: { category: 'IN', producer: 'A1008', currency: 'HKD' },
    company: 'AFSL',
    start: '2025-10-15',
    basis: '36000.00',
    payin: [
      { rate: '0.3500', state: 'settled' },
      { rate: '0.1500', state: 'settled' },
    ],
    payees: [override('A1001', 'Orphan case override', '0.4000')],
    payoutInstalments: 2,
    payoutSettled: 2,
    isOrphanCase: true,
    editable: false,
    deletable: false,
    payMode: 'Annual',
    term: 10,
    internalRemark: 'Servicing consultant left; commission goes to the partner',
  },
  {
    refNo: 'RV000005',
    shows:
      'R on the basic plan item; 12 pay-out records, BANK and CHEQUE (Particular paging and filter); ' +
      'a pay-in instalment settled by two receipts; editable, not deletable',
    commissionType: 'R',
    plan: { category: 'IN', producer: 'A1004', currency: 'HKD' },
    policyItem: 'BASIC',
    company: 'AFSL',
    start: '2026-01-12',
    basis: '48000.00',
    payin: [
      { rate: '0.4000', state: 'settledTwice' },
      { rate: '0.1000', state: 'settled' },
      { rate: '0.0500', state: 'outstanding' },
      { rate: '0.0500', state: 'outstanding' },
    ],
    payees: [
      servicing('A1004', '0.5000'),
      override('A1002', 'Sub-partner override', '0.0800'),
      {
        producer: 'A1001',
        rateInfo: [],
        overrideRateInfo: [
          ['Partner override', '0.0300'],
          ['Team production bonus', '0.0200'],
        ],
        payMode: 'CHEQUE',
      },
    ],
    payoutInstalments: 4,
    payoutSettled: 1,
    editable: true,
    deletable: false,
    payMode: 'Annual',
    term: 20,
    payinMode: 'Offset',
  },
  {
    refNo: 'RV000006',
    shows:
      'A (AUM) with upfront wrap fee; split 9002 (AFSL share, with RV000007); pay-in outstanding; editable',
    commissionType: 'A',
    plan: { category: 'FD', producer: 'A1004', currency: 'EUR' },
    company: 'AFSL',
    start: '2026-02-16',
    basis: '250000.00',
    combinedBasis: '400000.00',
    payin: [{ rate: '0.0100', state: 'outstanding' }],
    payees: [servicing('A1004', '0.5500')],
    payoutInstalments: 2,
    payoutSettled: 0,
    joinSeqNo: 9002,
    editable: true,
    deletable: false,
    payMode: 'Quarterly',
    term: null,
    upfrontWrapFee: '1250.00',
  },
  {
    refNo: 'RV000007',
    shows: 'A (AUM); split 9002 (AWM share, with RV000006); neither editable nor deletable',
    commissionType: 'A',
    plan: { category: 'FD', producer: 'A1004', currency: 'EUR' },
    company: 'AWM',
    start: '2026-02-16',
    basis: '150000.00',
    combinedBasis: '400000.00',
    payin: [{ rate: '0.0100', state: 'outstanding' }],
    payees: [servicing('A1004', '0.5500')],
    payoutInstalments: 2,
    payoutSettled: 0,
    joinSeqNo: 9002,
    editable: false,
    deletable: false,
    payMode: 'Quarterly',
    term: null,
    upfrontWrapFee: '750.00',
  },
  {
    refNo: 'RV000008',
    shows: 'T (MPF AUM trail); three pay-in instalments, two settled and one part-settled; 2 producers',
    commissionType: 'T',
    plan: { category: 'MPF', producer: 'A1004', currency: 'HKD' },
    company: 'AFSL',
    start: '2025-12-05',
    basis: '420000.00',
    payin: [
      { rate: '0.0025', state: 'settled' },
      { rate: '0.0025', state: 'settled' },
      { rate: '0.0025', state: 'part' },
    ],
    payees: [servicing('A1004', '0.5000'), override('A1002', 'Sub-partner override', '0.1000')],
    payoutInstalments: 3,
    payoutSettled: 2,
    editable: true,
    deletable: false,
    payMode: 'Quarterly',
    term: null,
  },
  {
    refNo: 'RV000009',
    shows: 'C without lapse date (trust contribution, GBP); fully paid in and out',
    commissionType: 'C',
    plan: { category: 'TU', producer: 'A1002', currency: 'GBP' },
    company: 'AFSL',
    start: '2025-12-18',
    basis: '150000.00',
    payin: [{ rate: '0.0100', state: 'settled' }],
    payees: [servicing('A1002', '0.6000'), override('A1001', 'Partner override', '0.1000')],
    payoutInstalments: 1,
    payoutSettled: 1,
    editable: false,
    deletable: false,
    payMode: 'Single',
    term: null,
  },
  {
    refNo: 'RV000010',
    shows: 'O (other code, Contribution Amount label); pay-in outstanding; editable and deletable',
    commissionType: 'O',
    plan: { category: 'PB', producer: 'A1007', currency: 'EUR' },
    company: 'AWM',
    start: '2026-04-08',
    basis: '80000.00',
    payin: [{ rate: '0.0125', state: 'outstanding' }],
    payees: [servicing('A1007', '0.5000'), override('A1003', 'Sub-partner override', '0.1000')],
    payoutInstalments: 2,
    payoutSettled: 0,
    editable: true,
    deletable: true,
    payMode: 'Single',
    term: null,
    internalRemark: 'Introducer fee on a private bank account opening',
  },
  {
    refNo: 'RV000011',
    shows: 'R (ILAS); 4 producers up the team line; first pay-out instalment settled',
    commissionType: 'R',
    plan: { category: 'IL', producer: 'A1009', currency: 'HKD' },
    company: 'AFSL',
    start: '2026-02-02',
    basis: '20000.00',
    payin: [
      { rate: '0.4000', state: 'settled' },
      { rate: '0.2000', state: 'outstanding' },
    ],
    payees: [
      servicing('A1009', '0.4500'),
      override('A1004', 'Senior consultant override', '0.0500'),
      override('A1002', 'Sub-partner override', '0.0400'),
      override('A1001', 'Partner override', '0.0300'),
    ],
    payoutInstalments: 2,
    payoutSettled: 1,
    editable: true,
    deletable: false,
    payMode: 'Annual',
    term: 25,
  },
  {
    refNo: 'RV000012',
    shows:
      'R orphan case paid to the partner only; pay-out records split in cents (720.13 + 720.13 + 720.12)',
    commissionType: 'R',
    plan: { category: 'IN', producer: 'A1007', currency: 'HKD' },
    company: 'AFSL',
    start: '2026-04-20',
    basis: '12345.00',
    payin: [{ rate: '0.5000', state: 'settled' }],
    payees: [override('A1001', 'Orphan case override', '0.3500')],
    payoutInstalments: 3,
    payoutSettled: 0,
    isOrphanCase: true,
    editable: false,
    deletable: false,
    payMode: 'Annual',
    term: 10,
  },
  {
    refNo: 'RV000013',
    shows: 'C without lapse date (general insurance); consultant with commission statements',
    commissionType: 'C',
    plan: { category: 'GI', producer: 'A1005', currency: 'HKD' },
    company: 'AFSL',
    start: '2026-03-23',
    basis: '9800.00',
    payin: [{ rate: '0.2000', state: 'settled' }],
    payees: [servicing('A1005', '0.6000'), override('A1002', 'Sub-partner override', '0.1000')],
    payoutInstalments: 1,
    payoutSettled: 0,
    editable: true,
    deletable: false,
    payMode: 'Annual',
    term: 1,
  },
  {
    refNo: 'RV000014',
    shows: 'C with lapse/surrender date; pay-in part-settled; pay-out records 371.25 each',
    commissionType: 'C',
    plan: { category: 'GI', producer: 'A1006', currency: 'HKD' },
    company: 'AWM',
    start: '2025-12-01',
    basis: '5400.00',
    payin: [{ rate: '0.2500', state: 'part' }],
    payees: [servicing('A1006', '0.5500')],
    payoutInstalments: 2,
    payoutSettled: 0,
    lapseSurrenderOn: '2026-02-28',
    editable: false,
    deletable: false,
    payMode: 'Annual',
    term: 1,
  },
  {
    refNo: 'RV000015',
    shows: 'R on a rider plan; pay-in fully outstanding, nothing paid out',
    commissionType: 'R',
    plan: { category: 'IR', producer: 'A1004', currency: 'HKD' },
    company: 'AFSL',
    start: '2026-05-14',
    basis: '3600.00',
    payin: [{ rate: '0.3500', state: 'outstanding' }],
    payees: [servicing('A1004', '0.5000'), override('A1002', 'Sub-partner override', '0.0800')],
    payoutInstalments: 1,
    payoutSettled: 0,
    editable: true,
    deletable: false,
    payMode: 'Annual',
    term: 10,
  },
  {
    refNo: 'RV000016',
    shows: 'A (private bank AUM, EUR); fully paid in and out',
    commissionType: 'A',
    plan: { category: 'PB', producer: 'A1009', currency: 'EUR' },
    company: 'AWM',
    start: '2025-10-06',
    basis: '500000.00',
    payin: [
      { rate: '0.0025', state: 'settled' },
      { rate: '0.0025', state: 'settled' },
    ],
    payees: [servicing('A1009', '0.5000'), override('A1004', 'Senior consultant override', '0.0500')],
    payoutInstalments: 2,
    payoutSettled: 2,
    editable: false,
    deletable: false,
    payMode: 'Quarterly',
    term: null,
  },
  {
    refNo: 'RV000017',
    shows: 'T (MPF AUM trail); second pay-in instalment settled by two receipts',
    commissionType: 'T',
    plan: { category: 'MPF', producer: 'A1005', currency: 'HKD' },
    company: 'AFSL',
    start: '2026-01-20',
    basis: '180000.00',
    payin: [
      { rate: '0.0030', state: 'settled' },
      { rate: '0.0030', state: 'settledTwice' },
    ],
    payees: [servicing('A1005', '0.5500'), override('A1002', 'Sub-partner override', '0.1000')],
    payoutInstalments: 2,
    payoutSettled: 1,
    editable: true,
    deletable: false,
    payMode: 'Monthly',
    term: null,
  },
  {
    refNo: 'RV000018',
    shows: 'R; pay-out records split in cents (1,865.42 + 1,865.42 + 1,865.41)',
    commissionType: 'R',
    plan: { category: 'IN', producer: 'A1002', currency: 'HKD' },
    company: 'AFSL',
    start: '2026-02-25',
    basis: '18500.00',
    payin: [
      { rate: '0.4500', state: 'settled' },
      { rate: '0.1000', state: 'part' },
    ],
    payees: [servicing('A1002', '0.5500'), override('A1001', 'Partner override', '0.0800')],
    payoutInstalments: 3,
    payoutSettled: 1,
    editable: false,
    deletable: false,
    payMode: 'Annual',
    term: 15,
    salesCampaign: 'Spring Savings 2026',
  },
  {
    refNo: 'RV000019',
    shows: 'C without lapse date, another team; editable and deletable (the delete walk-through)',
    commissionType: 'C',
    plan: { category: 'GI', producer: 'A2002', currency: 'HKD' },
    company: 'AFSL',
    start: '2026-06-01',
    basis: '9000.00',
    payin: [{ rate: '0.2200', state: 'outstanding' }],
    payees: [servicing('A2002', '0.6000')],
    payoutInstalments: 1,
    payoutSettled: 0,
    editable: true,
    deletable: true,
    payMode: 'Annual',
    term: 1,
  },
  {
    refNo: 'RV000020',
    shows: 'R (ILAS); 3 producers, one paid by cheque; deletable, not editable',
    commissionType: 'R',
    plan: { category: 'IL', producer: 'A1011', currency: 'HKD' },
    company: 'AWM',
    start: '2026-05-04',
    basis: '36000.00',
    payin: [{ rate: '0.3000', state: 'part' }],
    payees: [
      servicing('A1011', '0.4500'),
      override('A1007', 'Consultant override', '0.0500'),
      override('A1003', 'Sub-partner override', '0.0400', 'CHEQUE'),
    ],
    payoutInstalments: 3,
    payoutSettled: 0,
    editable: false,
    deletable: true,
    payMode: 'Annual',
    term: 20,
  },
];
