import type { Language, SiteCode } from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import { clientPlanScope } from '../../db/access-scopes.js';
import type { Db } from '../../db/client.js';
import { joinPlanCatalog } from '../../db/plan-catalog.js';
import { forms, policies, policyStatuses, products, providers } from '../../db/schema/index.js';

/** A provider has a few dozen forms per product type and language at most. */
const MAX_FORMS = 200;

/** Forms of one provider (by its API code), product type and language, through forms_lookup_idx. */
export async function selectForms(db: Db, providerCode: string, productType: string, language: Language) {
  return db
    .select({
      id: forms.id,
      title: forms.title,
      formType: forms.formType,
      providerTitle: providers.name,
      productType: forms.productType,
    })
    .from(forms)
    .innerJoin(providers, eq(providers.id, forms.providerId))
    .where(
      and(
        eq(providers.codeForApi, providerCode.toLowerCase()),
        eq(forms.productType, productType.toUpperCase()),
        eq(forms.language, language),
      ),
    )
    .orderBy(asc(forms.sortOrder), asc(forms.id))
    .limit(MAX_FORMS);
}

export async function selectFormFile(db: Db, formId: number) {
  const [row] = await db
    .select({ fileKey: forms.fileKey, title: forms.title, language: forms.language })
    .from(forms)
    .where(eq(forms.id, formId))
    .limit(1);
  return row;
}

/** What the forms of one of the client's plans are looked up by; undefined when the plan is not theirs. */
export async function selectPlanFormKeys(db: Db, clientId: number, siteCode: SiteCode, planId: number) {
  const query = db
    .select({
      providerCode: providers.codeForApi,
      productType: products.productType,
      isTerminated: policyStatuses.isTerminated,
    })
    .from(policies)
    .$dynamic();
  const [row] = await joinPlanCatalog(query)
    .where(and(eq(policies.id, planId), clientPlanScope(clientId, siteCode)))
    .limit(1);
  return row;
}
