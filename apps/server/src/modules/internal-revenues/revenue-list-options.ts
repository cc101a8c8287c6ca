import type { RevenueListOptions } from '@portal/contract';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { revenues, serviceCompanies } from '../../db/schema/index.js';

/**
 * What the revenue index's filters offer (`GET /internal/revenues/options`): every service company, by name (a
 * company with no revenue yet is still a valid choice), and the commission type codes the revenues carry, by code —
 * read from the tables, so a new company or code shows up without a release.
 */
export async function loadRevenueListOptions(db: Db): Promise<RevenueListOptions> {
  const companies = await db
    .select({ id: serviceCompanies.id, name: serviceCompanies.name })
    .from(serviceCompanies)
    .orderBy(asc(serviceCompanies.name), asc(serviceCompanies.id));
  const types = await db
    .selectDistinct({ code: revenues.commissionType })
    .from(revenues)
    .orderBy(asc(revenues.commissionType));
  return {
    serviceCompanies: companies.map((company) => ({ id: company.id, name: company.name })),
    commissionTypes: types.map((type) => type.code),
  };
}
