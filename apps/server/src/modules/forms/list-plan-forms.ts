import type { FormsListResponse, Language, SiteCode } from '@portal/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { listForms } from './list-forms.js';
import { selectPlanFormKeys } from './queries.js';

/**
 * The Form Download tab of one of the client's plans: the forms API looked up with the plan's provider and product
 * type in the page's language, server to server, so the browser carries no forms secret. null = "Not Found":
 * no forms, or a terminated plan (the tab is hidden for those).
 */
export async function listPlanForms(
  db: Db,
  basePath: string,
  client: { clientId: number; siteCode: SiteCode },
  planId: number,
  language: Language,
): Promise<FormsListResponse | null> {
  const plan = await selectPlanFormKeys(db, client.clientId, client.siteCode, planId);
  if (!plan) throw new HttpError(404, 'errors.notFound');
  if (plan.isTerminated || !plan.productType) return null;
  return listForms(db, basePath, {
    providerCode: plan.providerCode,
    productType: plan.productType,
    language,
  });
}
