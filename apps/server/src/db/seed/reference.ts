import {
  IN_PROGRESS_STAGES,
  isTerminatedStatus,
  POLICY_STATUS_CODES,
  PRODUCT_CATEGORIES,
  PRODUCT_TYPES,
  type ProductCategory,
  SERVICE_STATUSES,
  STAGES,
} from '@portal/contract';
import type { Db } from '../client.js';
import {
  applicationStages,
  followupTypes,
  funds,
  policyStatuses,
  productCategories,
  products,
  providers,
  serviceCompanies,
  serviceRecordStatuses,
} from '../schema/index.js';
import {
  CATEGORY_LABELS,
  FOLLOWUP_TYPES,
  FUNDS,
  POLICY_STATUS_LABELS,
  PRODUCTS,
  PROVIDERS,
  SERVICE_COMPANIES,
  STAGE_LABELS,
} from './catalog-data.js';

export interface SeededProduct {
  id: number;
  providerId: number;
  providerCode: string;
  code: string;
  name: string;
  category: ProductCategory;
}

export interface SeededFund {
  id: number;
  code: string;
  name: string;
  currency: string;
  assetClass: string;
  basePrice: number;
}

export interface Catalog {
  providerIds: Map<string, number>;
  products: SeededProduct[];
  productsByCategory: Map<ProductCategory, SeededProduct[]>;
  funds: SeededFund[];
  serviceCompanyIds: Map<string, number>;
}

/** Code tables every other row depends on. Safe to run again: existing codes are left alone. */
export async function insertCodeTables(tx: Db): Promise<void> {
  await tx
    .insert(productCategories)
    .values(
      PRODUCT_CATEGORIES.map((code, i) => ({
        code,
        label: CATEGORY_LABELS[code],
        isProductType: (PRODUCT_TYPES as readonly string[]).includes(code),
        sortOrder: i + 1,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(policyStatuses)
    .values(
      POLICY_STATUS_CODES.map((code) => ({
        code,
        label: POLICY_STATUS_LABELS[code] ?? code,
        isTerminated: isTerminatedStatus(code),
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(applicationStages)
    .values(
      STAGES.map((stage) => ({
        stage,
        label: STAGE_LABELS[stage] ?? `Stage ${stage}`,
        inProgress: IN_PROGRESS_STAGES.includes(stage),
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(serviceRecordStatuses)
    .values(SERVICE_STATUSES.map((code) => ({ code, label: code === 'O' ? 'Open' : 'Closed' })))
    .onConflictDoNothing();
  await tx
    .insert(followupTypes)
    .values(FOLLOWUP_TYPES.map((t, i) => ({ ...t, sortOrder: i + 1 })))
    .onConflictDoNothing();
}

function productTypeOf(category: ProductCategory): string | null {
  return (PRODUCT_TYPES as readonly string[]).includes(category) ? category : null;
}

/** Providers, products, funds and service companies. */
export async function insertCatalog(tx: Db): Promise<Catalog> {
  const providerRows = await tx
    .insert(providers)
    .values(PROVIDERS.map((p) => ({ ...p, codeForApi: p.code.toLowerCase() })))
    .returning({ id: providers.id, code: providers.code });
  const providerIds = new Map(providerRows.map((p) => [p.code, p.id]));
  const idOf = (code: string) => {
    const id = providerIds.get(code);
    if (id === undefined) throw new Error(`unknown provider ${code}`);
    return id;
  };

  const productRows = await tx
    .insert(products)
    .values(
      PRODUCTS.map((p) => ({
        providerId: idOf(p.provider),
        code: p.code,
        name: p.name,
        category: p.category,
        productType: productTypeOf(p.category),
        codeForApi: p.code.toLowerCase(),
      })),
    )
    .returning({ id: products.id, code: products.code });
  const seededProducts: SeededProduct[] = PRODUCTS.map((p, i) => ({
    id: productRows[i]?.id ?? 0,
    providerId: idOf(p.provider),
    providerCode: p.provider,
    code: p.code,
    name: p.name,
    category: p.category,
  }));
  const productsByCategory = new Map<ProductCategory, SeededProduct[]>();
  for (const p of seededProducts) {
    productsByCategory.set(p.category, [...(productsByCategory.get(p.category) ?? []), p]);
  }

  const fundRows = await tx
    .insert(funds)
    .values(
      FUNDS.map((f) => ({ code: f.code, name: f.name, currency: f.currency, assetClass: f.assetClass })),
    )
    .returning({ id: funds.id });
  const seededFunds = FUNDS.map((f, i) => ({
    id: fundRows[i]?.id ?? 0,
    code: f.code,
    name: f.name,
    currency: f.currency,
    assetClass: f.assetClass,
    basePrice: f.price,
  }));

  const companyRows = await tx
    .insert(serviceCompanies)
    .values([...SERVICE_COMPANIES])
    .returning({ id: serviceCompanies.id, code: serviceCompanies.code });
  return {
    providerIds,
    products: seededProducts,
    productsByCategory,
    funds: seededFunds,
    serviceCompanyIds: new Map(companyRows.map((c) => [c.code, c.id])),
  };
}
