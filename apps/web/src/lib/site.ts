import type { Area, SiteCode } from '@portal/contract';
import { siteCapabilities } from '@portal/contract';
import type { WebSiteInfo } from './session';

/** Feature flags travel as the strings 'true'/'false' (docs/product.md, "Sites"). */
export function isExternalEnabled(site: WebSiteInfo): boolean {
  return site.feature.external === 'true';
}

export function isInternalEnabled(site: WebSiteInfo): boolean {
  return site.feature.internal === 'true';
}

/** Whether an area exists on the site at all: ipc and absg are producer-only. */
export function siteHasArea(site: WebSiteInfo, area: Area): boolean {
  return isExternalEnabled(site) && siteCapabilities(site.siteCode).hasArea(area);
}

/**
 * Root of the external back-office site, or null when the server names none (BACK_OFFICE_URL unset): the staff
 * area then shows the entries that lead there disabled, with the reason (decision 035).
 */
export function backOfficeUrl(site: WebSiteInfo): string | null {
  return site.backOfficeUrl?.trim() || null;
}

/** A back-office page's address (the root joined without doubling slashes), or null without a back office. */
export function backOfficeLink(site: WebSiteInfo, path: string): string | null {
  if (/^https?:\/\//.test(path)) return path;
  const root = backOfficeUrl(site)?.replace(/\/+$/, '');
  if (!root) return null;
  return `${root}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Menu paths the portal builds itself (the staff area's own screens); every other path is a back-office page. */
export function isPortalPath(path: string): boolean {
  return path === '/internal' || path.startsWith('/internal/');
}

export interface DefaultSiteLinks {
  contactUs: string;
  faq: string;
  help?: string;
  /** Producer portal of the external partner system (shown with hasAvenueB2bLogin). */
  producerPortal: string;
  /** Written enquiries (Japanese login inquiry link, contact instructions when no e-mail is on file). */
  inquiryEmail: string;
}

/**
 * Links that point outside the SPA. The product description gives no real addresses; site info may carry them
 * (`links`), otherwise these defaults apply. Change them here, in one place.
 */
const DEFAULT_SITE_LINKS: Record<SiteCode, DefaultSiteLinks> = {
  afs: {
    contactUs: 'https://www.afs.example/contact-us',
    faq: 'https://www.afs.example/faq',
    help: 'https://www.afs.example/help',
    producerPortal: 'https://avenue.afs.example/b2b',
    inquiryEmail: 'inquiry@afs.example',
  },
  ipc: {
    contactUs: 'https://www.ipc.example/contact-us',
    faq: 'https://www.ipc.example/faq',
    producerPortal: 'https://avenue.ipc.example/b2b',
    inquiryEmail: 'inquiry@ipc.example',
  },
  absg: {
    contactUs: 'https://www.absg.example/contact-us',
    faq: 'https://www.absg.example/faq',
    producerPortal: 'https://avenue.absg.example/b2b',
    inquiryEmail: 'inquiry@absg.example',
  },
};

export function siteLinks(site: WebSiteInfo): DefaultSiteLinks {
  return { ...DEFAULT_SITE_LINKS[site.siteCode], ...site.links };
}
