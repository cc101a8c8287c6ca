import type { ClientItem, NewBusinessItem, ServiceRecordItem } from '@portal/contract';
import { jsonResponse } from '../../../test/render-app';

/** Rows and answers of the producer lists for screen tests. */

export function aNewBusinessRow(partial: Partial<NewBusinessItem> = {}): NewBusinessItem {
  return {
    caaId: 501,
    category: 'IN',
    productCode: 'P',
    policyNo: 'NB-0001',
    productName: 'Whole Life Plus',
    clientName: 'Chan Tai Man',
    insuredName: 'Chan Siu Ming',
    modalPremium: '12345.6',
    currency: 'USD',
    commenceOn: '2026-03-01',
    receivedDate: '2026-02-15',
    stage: 3,
    daysInStage: 4,
    stageTargetDays: 14,
    consultant: 'Peter Producer',
    ...partial,
  };
}

export function aServiceRecordRow(partial: Partial<ServiceRecordItem> = {}): ServiceRecordItem {
  return {
    uniqueId: 'SR-0001',
    followupId: 701,
    category: 'IN',
    policyNo: 'P-1001',
    productName: 'Whole Life Plus',
    clientName: 'Chan Tai Man',
    insuredName: 'Chan Siu Ming',
    type: 'Missing premium',
    status: 'O',
    createdDate: '2026-05-02',
    completedDate: null,
    consultant: 'Peter Producer',
    ...partial,
  };
}

export function aClientRow(partial: Partial<ClientItem> = {}): ClientItem {
  return {
    capId: 901,
    clientId: 31,
    category: 'IL',
    sourceTypeT: 'L',
    clientName: 'Chan Tai Man',
    clientNo: 'AG0001',
    policyNo: 'P-1001',
    productName: 'Global Investor',
    insuredName: 'Chan Tai Man',
    modalPremium: '1000',
    currency: 'USD',
    policyStatusCode: 'INF',
    policyStatus: 'Inforce',
    consultant: 'Peter Producer',
    accountNo: 'ACC-1',
    stmtId: 11,
    ...partial,
  };
}

export function pageOf<T>(items: T[], totalSize = items.length, totalIsLowerBound = false) {
  return { items, totalSize, totalIsLowerBound };
}

/** A 400 answer with field errors, as the server sends bad criteria. */
export function fieldErrorResponse(errors: Record<string, string[]>): Response {
  return jsonResponse({ errors }, 400);
}
