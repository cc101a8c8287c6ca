import type { StoredFile } from '../../files/index.js';
import { HttpError } from '../../plugins/errors.js';
import type { ClientAreaContext, ClientRef } from './context.js';
import { selectHeldFundFactsheet, selectPlanFileKeys } from './queries.js';

export interface PlanFile {
  file: StoredFile;
  fileName: string;
}

const safeName = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-');

async function load(
  ctx: ClientAreaContext,
  key: string | null | undefined,
  fileName: string,
): Promise<PlanFile> {
  const file = key ? await ctx.files.get(key) : null;
  if (!file) throw new HttpError(404, 'errors.notFound');
  return { file, fileName };
}

/** The provider's own statement of one of the client's plans (the plan's providerStatementPath). */
export async function providerStatementFile(ctx: ClientAreaContext, client: ClientRef, planId: number) {
  const plan = await selectPlanFileKeys(ctx.db, client.clientId, client.siteCode, planId);
  return load(ctx, plan?.providerStatementFileKey, `provider-statement-${safeName(plan?.planNo ?? '')}.pdf`);
}

/** The fund choices document of the Assets Selection tab; only when the plan shows that tab. */
export async function assetsSelectionFile(ctx: ClientAreaContext, client: ClientRef, planId: number) {
  const plan = await selectPlanFileKeys(ctx.db, client.clientId, client.siteCode, planId);
  const key = plan?.isShowAssetsSelection ? plan.assetsSelectionFileKey : null;
  return load(ctx, key, `assets-selection-${safeName(plan?.planNo ?? '')}.pdf`);
}

/** A fund factsheet, for funds the client holds (other funds answer 404 like unknown codes). */
export async function factsheetFile(ctx: ClientAreaContext, client: ClientRef, fundCode: string) {
  const fund = await selectHeldFundFactsheet(ctx.db, client.clientId, client.siteCode, fundCode);
  return load(ctx, fund?.fileKey, `factsheet-${safeName(fundCode)}.pdf`);
}
