import { defineReport, REPORT_DEFINITIONS, type ReportDefinition, type ReportType } from '@portal/contract';
import { z } from 'zod';

/*
 * Report definitions for screen tests: report 1 from the contract, and stand-ins built with defineReport for types
 * whose real definitions are written elsewhere (issue 10), each with the filters that exercise the form: a date-typed
 * report (2, APPL default, a required date), the birthday month (6) and the card expiry pickers (8).
 */

const label = (en: string) => ({ en, zh: `${en}（中）`, ja: `${en}（日）`, kr: `${en}（한）` });

export const standInNewClientReport = defineReport({
  type: 2,
  title: label('New Client (stand-in)'),
  purpose: label('Clients whose first application arrived in the period.'),
  filters: ['dateType', 'dateFrom', 'dateTo', 'excludeStatus'],
  required: ['dateFrom'],
  item: z.object({ clientNo: z.string(), clientName: z.string(), firstApplied: z.string() }),
  sortFields: ['clientNo', 'firstApplied'],
  defaultSort: { field: 'firstApplied', order: 'desc' },
  columns: [
    { key: 'clientNo', kind: 'text', label: label('Client ID') },
    { key: 'clientName', kind: 'text', label: label('Client') },
    { key: 'firstApplied', kind: 'date', label: label('First Applied') },
  ],
});

export const standInBirthdayReport = defineReport({
  type: 6,
  title: label('Birthday (stand-in)'),
  purpose: label('Clients whose birthday falls in the month.'),
  filters: ['month', 'productType'],
  required: ['month'],
  item: z.object({ clientNo: z.string(), clientName: z.string(), dateOfBirth: z.string() }),
  sortFields: ['clientName', 'dateOfBirth'],
  defaultSort: { field: 'dateOfBirth', order: 'asc' },
  columns: [
    { key: 'clientNo', kind: 'text', label: label('Client ID') },
    { key: 'clientName', kind: 'text', label: label('Client') },
    { key: 'dateOfBirth', kind: 'date', label: label('Date of Birth') },
  ],
});

export const standInCardExpiryReport = defineReport({
  type: 8,
  title: label('Credit Card Expiry (stand-in)'),
  purpose: label('Plans paid by a card that expires in the range.'),
  filters: ['expiryFromYear', 'expiryFromMonth', 'expiryToYear', 'expiryToMonth', 'excludeStatus'],
  item: z.object({
    policyNo: z.string(),
    cardExpiry: z.string(),
    modalPremium: z.string(),
    units: z.string(),
    fundCount: z.number().int(),
  }),
  sortFields: ['policyNo', 'cardExpiry'],
  defaultSort: { field: 'cardExpiry', order: 'asc' },
  columns: [
    { key: 'policyNo', kind: 'text', label: label('Policy No.') },
    { key: 'cardExpiry', kind: 'text', label: label('Card Expiry') },
    { key: 'modalPremium', kind: 'amount', label: label('Modal Premium') },
    { key: 'units', kind: 'units', label: label('Units') },
    { key: 'fundCount', kind: 'int', label: label('Funds') },
  ],
});

export const TEST_REPORT_DEFINITIONS: Partial<Record<ReportType, ReportDefinition>> = {
  1: REPORT_DEFINITIONS[1],
  2: standInNewClientReport as unknown as ReportDefinition,
  6: standInBirthdayReport as unknown as ReportDefinition,
  8: standInCardExpiryReport as unknown as ReportDefinition,
};

export function aLapsedRow(partial: Record<string, unknown> = {}) {
  return {
    policyId: 11,
    policyNo: 'P-1001',
    clientNo: 'AG0001',
    ownerName: 'Chan Tai Man',
    productName: 'Whole Life Plus',
    providerName: 'Sun Assurance',
    status: 'Lapsed',
    statusChangedOn: '2026-04-03',
    commenceDate: '2019-01-15',
    currency: 'USD',
    modalPremium: '12345.6',
    consultant: 'Peter Producer',
    ...partial,
  };
}

export function aCardExpiryRow(partial: Record<string, unknown> = {}) {
  return {
    policyNo: 'P-2002',
    cardExpiry: '2026/12',
    modalPremium: '1234567.891',
    units: '12.3',
    fundCount: 1200,
    ...partial,
  };
}

export function anExportJob(partial: Record<string, unknown> = {}) {
  return {
    jobId: '5b0e7c1e-9d3f-4b8e-a7c2-2f4d6a8b9c01',
    reportType: 1,
    state: 'queued',
    rowsWritten: 0,
    totalRows: 0,
    fileName: 'Lapsed-Surrender-2026-12-15.xlsx',
    createdAt: '2026-12-15T10:00:00+08:00',
    ...partial,
  };
}
