/** The disclaimer and the privacy policy of one site variant in one language, as headings and paragraphs. */
export type LegalKind = 'disclaimer' | 'privacy';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  /** One short paragraph before the sections. */
  summary: string;
  sections: LegalSection[];
}

/**
 * Texts of one language. `full` is the wording of afs and absg, `short` the shorter ipc wording (docs/product.md,
 * "Sites"). `{siteName}` and `{contactEmail}` are replaced with the site's values when shown.
 */
export interface LegalCatalog {
  lastUpdated: string;
  full: Record<LegalKind, LegalDocument>;
  short: Record<LegalKind, LegalDocument>;
}
