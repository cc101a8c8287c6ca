import type { CurrentClient, CurrentProducer, CurrentStaff, MeResponse, SiteCode } from '@portal/contract';
import type { WebSiteInfo } from '../lib/session';

/** Sessions and sites for tests; spread and override what a test cares about. */

export const anonymousMe: MeResponse = {
  currentClient: null,
  currentProducer: null,
  currentStaff: null,
  csrfToken: 'csrf-anonymous',
  otpUserId: null,
};

export const aClient: CurrentClient = { name: 'Chan Tai Man', messageCount: 3 };

export const aProducer: CurrentProducer = {
  name: 'P001',
  fullName: 'Peter Producer',
  producerId: 101,
  hasCommissionPermission: false,
  hasBvReportPermission: false,
  hasTrainingHistoryReportPermission: false,
  hasAvenueB2bLogin: false,
};

export const aStaff: CurrentStaff = {
  name: 'Sally Staff',
  menus: [
    { type: 'mainMenu', name: 'Service', path: '/service' },
    { type: 'label', name: 'Policies', path: '' },
    { type: 'subMenu', name: 'Policy search', path: '/policies' },
    { type: 'label', name: 'Clients', path: '' },
    { type: 'subMenu', name: 'Client search', path: '/clients' },
    { type: 'mainMenu', name: 'Commission', path: '/commission' },
    { type: 'label', name: 'Revenue', path: '' },
    // The permission to the revenue screens (INTERNAL_PERMISSIONS.revenues).
    { type: 'subMenu', name: 'Revenues', path: '/internal/revenues' },
    { type: 'mainMenu', name: 'Report', path: '/reports' },
  ],
};

/** Staff whose menu has no Revenues row: the revenue screens do not exist for them. */
export const aStaffWithoutRevenues: CurrentStaff = {
  ...aStaff,
  menus: aStaff.menus.filter((entry) => entry.path !== '/internal/revenues'),
};

export function meWith(partial: Partial<MeResponse>): MeResponse {
  return { ...anonymousMe, csrfToken: 'csrf-signed-in', ...partial };
}

const SITE_NAMES: Record<SiteCode, [string, string]> = {
  afs: ['Angel Financial Services', 'AFS'],
  ipc: ['IPC Partners', 'IPC'],
  absg: ['ABSG Advisors', 'ABSG'],
};

export function siteInfo(siteCode: SiteCode, partial: Partial<WebSiteInfo> = {}): WebSiteInfo {
  const [siteName, siteShortName] = SITE_NAMES[siteCode];
  return {
    siteCode,
    siteName,
    siteShortName,
    feature: { external: 'true', internal: 'false' },
    ...partial,
  };
}
