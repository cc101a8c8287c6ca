import { type Language, type SiteCode, siteCapabilities } from '@portal/contract';
import type { LegalCatalog, LegalDocument, LegalKind } from './legal-types';

/** Each language's texts are their own chunk: nobody downloads four languages of legal prose to sign in. */
const CATALOGS: Record<Language, () => Promise<{ default: LegalCatalog }>> = {
  en: () => import('./texts/en'),
  zh: () => import('./texts/zh'),
  ja: () => import('./texts/ja'),
  kr: () => import('./texts/kr'),
};

/** The site's wording (its capabilities): a shorter one of its own, or the full one. */
export function legalVariant(site: SiteCode): 'full' | 'short' {
  return siteCapabilities(site).legalText;
}

export interface LegalValues {
  siteName: string;
  contactEmail: string;
}

function fill(text: string, values: LegalValues): string {
  return text.replaceAll('{siteName}', values.siteName).replaceAll('{contactEmail}', values.contactEmail);
}

export async function loadLegalDocument(
  language: Language,
  site: SiteCode,
  kind: LegalKind,
  values: LegalValues,
): Promise<LegalDocument & { lastUpdated: string }> {
  const catalog = (await CATALOGS[language]()).default;
  const document = catalog[legalVariant(site)][kind];
  return {
    lastUpdated: catalog.lastUpdated,
    summary: fill(document.summary, values),
    sections: document.sections.map((section) => ({
      heading: fill(section.heading, values),
      paragraphs: section.paragraphs.map((p) => fill(p, values)),
    })),
  };
}
