import { SITE_CODES, type SiteCode, siteCapabilities } from '@portal/contract';
import { E2E_PORT } from './playwright.config.js';

/** The portal's address on one site's host, e.g. siteUrl('ipc', '/zh/login'). */
export function siteUrl(site: SiteCode | 'staff', path = '/'): string {
  return `http://${site}.localhost:${E2E_PORT}/angel/face${path}`;
}

export const SITES_WITH_LANGUAGES = SITE_CODES.map((site) => ({
  site,
  languages: siteCapabilities(site).languages,
}));
