import {
  apiPath,
  FORMS_CLIENT_LANG,
  type FormDownloadItem,
  type FormsListResponse,
  LANGUAGES,
  type Language,
  PUBLIC_FORMS_PREFIX,
  PUBLIC_FORMS_ROUTES,
} from '@portal/contract';
import type { Db } from '../../db/client.js';
import { domainWords } from '../../render/domain-texts.js';
import { selectForms } from './queries.js';

/** client_lang code of the forms API → language (6 en, 7 zh, 8 ja, 9 kr). */
export function languageOfClientLang(code: string): Language {
  return LANGUAGES.find((l) => String(FORMS_CLIENT_LANG[l]) === code) ?? 'en';
}

/** Where a form's file is served: public, like the list, so a new window can open it without any header. */
export const formDocumentPath = (basePath: string, formId: number) =>
  `${basePath}${PUBLIC_FORMS_PREFIX}${apiPath(PUBLIC_FORMS_ROUTES.document, { formId })}`;

/**
 * The forms of a provider and product type in a language; null when there are none ("Not Found"). A provider that
 * publishes no form in the language (e.g. none in Korean) still has its English forms: those are listed instead, as
 * a client would rather fill in an English form than find the Form Download tab gone.
 */
export async function listForms(
  db: Db,
  basePath: string,
  query: { providerCode: string; productType: string; language: Language },
): Promise<FormsListResponse | null> {
  let rows = await selectForms(db, query.providerCode, query.productType, query.language);
  if (rows.length === 0 && query.language !== 'en') {
    rows = await selectForms(db, query.providerCode, query.productType, 'en');
  }
  if (rows.length === 0) return null;
  const words = domainWords(query.language);
  const data: FormDownloadItem[] = rows.map((r) => ({
    product_type_title: words.productCategory(r.productType),
    provider_title: r.providerTitle,
    title: r.title,
    form_type: r.formType === 'original' ? 'original' : 'copy',
    document: formDocumentPath(basePath, r.id),
  }));
  return { data };
}
