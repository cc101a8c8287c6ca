import { z } from 'zod';
import { AREAS, LANGUAGES, SITE_CODES } from './constants.js';

export {
  AREAS,
  COPYRIGHT_START_YEAR,
  DEFAULT_LANGUAGE,
  HTML_LANG,
  LANGUAGES,
  SITE_ACCENT,
  SITE_CODES,
} from './constants.js';

export const siteCodeSchema = z.enum(SITE_CODES);
export type SiteCode = z.infer<typeof siteCodeSchema>;

export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;
export const areaSchema = z.enum(AREAS);
export type Area = z.infer<typeof areaSchema>;

/**
 * Accepts the language segment of a URL. Browsers send Traditional Chinese as `zh-TW`; it is the same catalog as `zh`.
 * Returns undefined for anything else so callers can answer 404 rather than guess.
 */
export function parseLanguage(segment: string | undefined): Language | undefined {
  if (!segment) return undefined;
  const lower = segment.toLowerCase();
  if (lower === 'zh-tw' || lower === 'zh_tw' || lower === 'zh-hk') return 'zh';
  if (lower === 'ko') return 'kr';
  return (LANGUAGES as readonly string[]).includes(lower) ? (lower as Language) : undefined;
}

/** Language codes of the public forms API (docs/product.md, "Languages"). */
export const FORMS_CLIENT_LANG: Record<Language, number> = { en: 6, zh: 7, ja: 8, kr: 9 };

/** Date-picker locale per UI language (kr maps to ko). */
export const DATE_LOCALE: Record<Language, string> = { en: 'en', zh: 'zh-tw', ja: 'ja', kr: 'ko' };

/** Feature flags travel as the strings 'true' / 'false', exactly as the original site info carries them. */
export const featureFlagSchema = z.enum(['true', 'false']);

/** Addresses outside the portal that a site links to; absent ones fall back to the web app's defaults. */
export const siteLinksSchema = z
  .object({
    contactUs: z.string(),
    faq: z.string(),
    help: z.string(),
    producerPortal: z.string(),
    /** Address for written enquiries: the Japanese login page's inquiry link, the "no e-mail on file" instructions. */
    inquiryEmail: z.string(),
  })
  .partial();
export type SiteLinks = z.infer<typeof siteLinksSchema>;

/**
 * The partner website's own header and footer, which afs and ipc embed around the producer area (docs/product.md,
 * "Sites"): a script of theirs that defines custom elements, and the element names. Absent: the portal's stand-ins
 * show.
 */
export const externalChromeSchema = z.object({
  scriptUrl: z.url({ protocol: /^https?$/ }),
  headerTag: z.string().regex(/^[a-z][a-z0-9]*-[a-z0-9-]+$/),
  footerTag: z.string().regex(/^[a-z][a-z0-9]*-[a-z0-9-]+$/),
});
export type ExternalChrome = z.infer<typeof externalChromeSchema>;

export const siteInfoSchema = z.object({
  siteCode: siteCodeSchema,
  siteName: z.string(),
  siteShortName: z.string(),
  feature: z.object({ external: featureFlagSchema, internal: featureFlagSchema }),
  /** Where /internal sends people without staff access, and what the staff header's search submits to. */
  backOfficeUrl: z.string().optional(),
  links: siteLinksSchema.optional(),
  externalChrome: externalChromeSchema.optional(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const DEFAULT_BASE_PATH = '/angel/face';
