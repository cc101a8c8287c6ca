import { type AREAS, LANGUAGES, SITE_CODES } from './constants.js';
import type { ReportType } from './reports/report-type-codes.js';
import type { Stage } from './stages.js';

/*
 * What each site has: one table per site, the only place a site's rules are written (decision 042). The server's
 * guards, the SPA's menus and routes, the login page and the tests ask `siteCapabilities(code)`, never the site code:
 * `site.has('serviceRecords')`, not `code !== 'absg'`. No zod here: the light login page imports this module.
 */

type SiteCode = (typeof SITE_CODES)[number];
type Language = (typeof LANGUAGES)[number];
type Area = (typeof AREAS)[number];

/** Menus and services a site may have or not. */
export const SITE_SERVICES = [
  /** Service Records: the producer menu entry, its screen and its API (list, export, follow-up types). */
  'serviceRecords',
  /**
   * The partner website's own header and footer around the producer area (site info's externalChrome); without it
   * the portal's own producer header and footer show, and the header keeps languages and change password on a phone.
   */
  'partnerChrome',
  /** Advisors reset a forgotten password themselves (forget_password_b2b, linked from the login and reset pages). */
  'producerPasswordReset',
] as const;
export type SiteService = (typeof SITE_SERVICES)[number];

/** Links of the login page's help block, each from the site's links (or the web app's defaults). */
export type LoginHelpLink = 'help' | 'faq' | 'contactUs';

export interface SiteCapabilityTable {
  /** Sign-in areas: b2c the client area, b2b the producer area. */
  areas: readonly Area[];
  /** Languages the language bar offers; a site with one shows no bar. */
  languages: readonly Language[];
  /** Locale prefixes the site's URLs accept (a link in another language still opens). */
  routeLanguages: readonly Language[];
  /** Application stages the legend and the stage filter show. */
  stages: readonly Stage[];
  /** Report types a producer may pick, before their own permissions remove some. */
  reportTypes: readonly ReportType[];
  services: readonly SiteService[];
  /** The login page's title for clients and advisors: "Login" or "Advisor Login". */
  loginTitle: 'login' | 'advisorLogin';
  loginHelpLinks: readonly LoginHelpLink[];
  /** Wording of the terms and the privacy notice: the full one or the site's shorter one. */
  legalText: 'full' | 'short';
  /** Site settings a site starts with (sites.settings overrides them). */
  defaults: { otpRequiredForClients: boolean };
}

export const SITE_CAPABILITIES: Record<SiteCode, SiteCapabilityTable> = {
  afs: {
    areas: ['b2c', 'b2b'],
    languages: ['en', 'zh', 'ja', 'kr'],
    routeLanguages: LANGUAGES,
    stages: [1, 2, 3, 4, 5, 6, 7, 8],
    reportTypes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 201],
    services: ['serviceRecords', 'partnerChrome', 'producerPasswordReset'],
    loginTitle: 'login',
    loginHelpLinks: ['help', 'faq', 'contactUs'],
    legalText: 'full',
    defaults: { otpRequiredForClients: true },
  },
  ipc: {
    areas: ['b2b'],
    languages: ['en', 'zh'],
    routeLanguages: ['en', 'zh'],
    stages: [1, 2, 3, 4, 5, 6, 7, 8],
    reportTypes: [1, 2, 3, 4, 5],
    services: ['serviceRecords', 'partnerChrome', 'producerPasswordReset'],
    loginTitle: 'login',
    loginHelpLinks: ['contactUs'],
    legalText: 'short',
    defaults: { otpRequiredForClients: false },
  },
  absg: {
    areas: ['b2b'],
    languages: ['en'],
    // No language bar, but a link in Chinese still opens.
    routeLanguages: ['en', 'zh'],
    stages: [3, 7, 8],
    reportTypes: [1, 2],
    services: [],
    loginTitle: 'advisorLogin',
    loginHelpLinks: [],
    legalText: 'full',
    defaults: { otpRequiredForClients: false },
  },
};

/** One site's rules, asked by capability. */
export interface SiteRules extends SiteCapabilityTable {
  code: SiteCode;
  has(service: SiteService): boolean;
  hasArea(area: Area): boolean;
  /** Whether the site's URLs accept this locale prefix. */
  acceptsLanguage(language: Language): boolean;
  /** Whether the site shows a language bar (it offers more than one language). */
  hasLanguageBar: boolean;
}

const RULES = Object.fromEntries(
  SITE_CODES.map((code) => {
    const table = SITE_CAPABILITIES[code];
    const rules: SiteRules = {
      ...table,
      code,
      has: (service) => table.services.includes(service),
      hasArea: (area) => table.areas.includes(area),
      acceptsLanguage: (language) => table.routeLanguages.includes(language),
      hasLanguageBar: table.languages.length > 1,
    };
    return [code, rules];
  }),
) as Record<SiteCode, SiteRules>;

/** The rules of a site: `siteCapabilities(site.siteCode).has('serviceRecords')`. */
export function siteCapabilities(code: SiteCode): SiteRules {
  return RULES[code];
}

/** The sites that have a service, e.g. where Service Records exist. */
export function sitesWith(service: SiteService): SiteCode[] {
  return SITE_CODES.filter((code) => RULES[code].has(service));
}
