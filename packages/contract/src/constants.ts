/**
 * The constants of the sites, languages and sign-in that the light login page (apps/web/src/login-entry) needs, in a
 * module without zod: importing them from sites.ts or auth.ts would bring those modules' schemas, and zod with them
 * (26 kB gz), into the login page. sites.ts, auth.ts and errors.ts re-export them, so every other import is as before.
 */

/** The three site variants served by one deployment. */
export const SITE_CODES = ['afs', 'ipc', 'absg'] as const;

/** One accent colour per site so the three variants are told apart at a glance: the logo on screen and on paper. */
export const SITE_ACCENT: Record<(typeof SITE_CODES)[number], string> = {
  afs: '#0e689c',
  ipc: '#1d6b52',
  absg: '#6b3f8f',
};

/** Locales of the UI and the `/{lang}/api` prefix. */
export const LANGUAGES = ['en', 'ja', 'zh', 'kr'] as const;
export const DEFAULT_LANGUAGE: (typeof LANGUAGES)[number] = 'en';

/** `lang` attribute values: kr is the portal's code for Korean (BCP 47 'ko'); zh is Traditional Chinese. */
export const HTML_LANG: Record<(typeof LANGUAGES)[number], string> = {
  en: 'en',
  ja: 'ja',
  zh: 'zh-Hant',
  kr: 'ko',
};

/** Areas a person signs in to; which a site has is in its capabilities (site-capabilities.ts). */
export const AREAS = ['b2b', 'b2c'] as const;

export const COPYRIGHT_START_YEAR = 2012;

/** Digits of a one-time sign-in code. */
export const OTP_CODE_LENGTH = 6;
/** Shortest wait between two verification codes for one account; a resend sooner answers 429 with Retry-After. */
export const OTP_RESEND_INTERVAL_SECONDS = 60;

/** 422 is reserved for a missing or stale CSRF token; the client refreshes `/me` and retries once. */
export const CSRF_STATUS = 422;
export const CSRF_HEADER = 'x-csrf-token';
