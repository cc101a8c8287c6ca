import { REPORT_DEFINITIONS, type ReportType } from '@portal/contract';

/*
 * Rows of the real report definitions for screen tests. Each builder parses its row with the report's own item
 * schema, strictly: a fixture that drifts from the contract (a field renamed, added or of another type) fails where
 * it is built, not as a silent "Fail fetching data" on the screen.
 */

function aRow(type: ReportType, row: Record<string, unknown>, partial: Record<string, unknown>) {
  return REPORT_DEFINITIONS[type].item.strict().parse({ ...row, ...partial }) as Record<string, unknown>;
}

/** Report 1, lapsed / surrender. */
export function aLapsedRow(partial: Record<string, unknown> = {}) {
  return aRow(
    1,
    {
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
    },
    partial,
  );
}

/** Report 4, sales performance: one consultant and currency. */
export function aSalesPerformanceRow(partial: Record<string, unknown> = {}) {
  return aRow(
    4,
    {
      lineKey: '17:HKD',
      consultant: 'Peter Producer',
      consultantCode: 'A1001',
      currency: 'HKD',
      submitted: 1_250,
      pending: 150,
      issued: 1_040,
      cancelled: 60,
      issuedModalPremium: '2496000.00',
      issuedAnnualizedPremium: '29952000.00',
    },
    partial,
  );
}

/** Report 8, credit card expiry. */
export function aCardExpiryRow(partial: Record<string, unknown> = {}) {
  return aRow(
    8,
    {
      cardId: 31,
      policyId: 12,
      policyNo: 'P-2002',
      ownerName: 'Wong Mei Ling',
      phone: '+852 9123 4567',
      cardBrand: 'VISA',
      maskedCardNumber: '**** **** **** 4242',
      expiryMonth: '2027-03',
      expiry: '2027/03',
      nextPremiumDue: '2027-03-01',
      modalPremium: '1234567.8',
      currency: 'HKD',
      consultant: 'Peter Producer',
    },
    partial,
  );
}

/** Report 11, policy item details: a fund the plan holds. */
export function aPolicyItemRow(partial: Record<string, unknown> = {}) {
  return aRow(
    11,
    {
      itemKey: 'F:12:GEQ',
      policyId: 12,
      policyNo: 'P-2002',
      ownerName: 'Wong Mei Ling',
      status: 'In force',
      itemType: 'Fund',
      itemCode: 'GEQ',
      itemName: 'Global Equity Fund',
      commenceDate: '2021-06-01',
      currency: 'USD',
      sumInsured: null,
      modalPremium: null,
      units: '1234.5000',
      price: '12.3000',
      value: '15184.35',
      consultant: 'Peter Producer',
    },
    partial,
  );
}

/** Report 13, policy AB BV: AB = 1,000.00 × 12; BV = AB × 0.8500. */
export function aPolicyAbBvRow(partial: Record<string, unknown> = {}) {
  return aRow(
    13,
    {
      applicationId: 501,
      policyId: 13,
      policyNo: 'P-3003',
      ownerName: 'Lee Ka Yan',
      productName: 'Wealth Builder',
      applicationDate: '2026-02-10',
      commenceDate: '2026-03-01',
      currency: 'USD',
      basePremium: '1000.00',
      paymentsPerYear: 12,
      ab: '12000.00',
      bvFactor: '0.8500',
      bv: '10200.00',
      consultant: 'Peter Producer',
    },
    partial,
  );
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
