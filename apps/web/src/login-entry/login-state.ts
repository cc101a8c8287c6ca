import type { Area, Language, MeResponse, SiteInfo } from '@portal/contract';
import { siteCapabilities } from '@portal/contract';
import { localePrefix, splitLocale } from '../lib/locale';
import { readReferrer, signedInDestination } from '../lib/referrer';
import { isExternalEnabled } from '../lib/site';

/**
 * What the login page works out from the URL and the session, kept free of React so the entry can decide before
 * rendering whether to draw the form at all (someone signed in goes straight on).
 */

export interface PageLocation {
  /** The base path without its trailing slash: '/angel/face'. */
  basePath: string;
  /** The path after the base path: '/zh/login'. */
  pathname: string;
  search: string;
}

export function pageLocation(basePath: string, location: { pathname: string; search: string }): PageLocation {
  const pathname = location.pathname.startsWith(basePath)
    ? location.pathname.slice(basePath.length)
    : location.pathname;
  return { basePath, pathname: pathname || '/', search: location.search };
}

export interface PageLocale {
  language: Language;
  /** '' or '/zh', as the SPA puts in front of its paths. */
  prefix: string;
}

/** The URL's language; one the site does not offer falls back to English (the server sends those URLs to the SPA). */
export function pageLocale(pathname: string, site?: SiteInfo): PageLocale {
  const { urlLanguage } = splitLocale(pathname);
  if (!urlLanguage || (site && !siteCapabilities(site.siteCode).acceptsLanguage(urlLanguage))) {
    return { language: 'en', prefix: '' };
  }
  return { language: urlLanguage, prefix: localePrefix(urlLanguage) };
}

export function signedInArea(me: MeResponse): 'b2b' | 'b2c' | 'internal' | null {
  return me.currentProducer ? 'b2b' : me.currentClient ? 'b2c' : me.currentStaff ? 'internal' : null;
}

/**
 * Where someone signed in goes from here (as the SPA's RedirectIfSignedIn did): the page they wanted when it lies
 * in their area, else their area's home; a full URL path, since the SPA is another document.
 */
export function destinationAfterSignIn(
  me: MeResponse,
  where: PageLocation,
  locale: PageLocale,
): string | null {
  const area = signedInArea(me);
  return area ? `${where.basePath}${signedInDestination(area, locale.prefix, where.search)}` : null;
}

/** Areas the form offers: both on afs, the producer area on ipc and absg and on a staff host. */
export function siteLoginAreas(site: SiteInfo): readonly Area[] {
  return isExternalEnabled(site) ? siteCapabilities(site.siteCode).areas : ['b2b'];
}

/**
 * The area the form signs in to: the only one of a producer-only site (and of a staff host); on afs the one in
 * `?area=` (kept in the URL so the language switcher and a reload keep it), else the area of the page the person
 * was sent here from, else the client area.
 */
export function chosenArea(areas: readonly Area[], params: URLSearchParams): Area {
  const only = areas.length === 1 ? areas[0] : undefined;
  if (only) return only;
  const asked = params.get('area');
  if (asked === 'b2b' || asked === 'b2c') return asked;
  const referrer = readReferrer(params) ?? '';
  return /^(\/(en|ja|zh|kr))?\/b2b(\/|\?|$)/.test(referrer) ? 'b2b' : 'b2c';
}
