import type { ImportTemplate, ImportTemplateMapping } from '@portal/contract';

import type { Db } from '../../db/client.js';
import { commissionImportTemplates } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { insurerTemplate } from './import-preview.js';

/** GET /internal/commission-import-templates/{insurer}: the insurer's current mapping template. */
export async function loadTemplate(db: Db, insurer: string): Promise<ImportTemplate> {
  const { provider, template, mapping } = await insurerTemplate(db, insurer);
  return {
    insurer: provider.code,
    insurerName: provider.name,
    version: template.version,
    mapping,
    updatedAt: template.createdAt.toISOString(),
  };
}

/**
 * PATCH /internal/commission-import-templates/{insurer}: a new version of the template (earlier versions stay, so an
 * import names the version it was read with). The version edited must be the current one (409 otherwise): two staff
 * members editing at once cannot overwrite each other, and the unique (insurer, version) key settles a race.
 */
export async function updateTemplate(
  db: Db,
  userId: number,
  insurer: string,
  body: { version: number; mapping: ImportTemplateMapping },
): Promise<ImportTemplate> {
  const { provider, template } = await insurerTemplate(db, insurer);
  if (template.version !== body.version) throw new HttpError(409, 'import.templateStale');
  const inserted = await db
    .insert(commissionImportTemplates)
    .values({
      providerId: provider.id,
      version: body.version + 1,
      mapping: body.mapping,
      createdByUserId: userId,
    })
    .onConflictDoNothing({
      target: [commissionImportTemplates.providerId, commissionImportTemplates.version],
    })
    .returning({ id: commissionImportTemplates.id });
  if (inserted.length === 0) throw new HttpError(409, 'import.templateStale');
  return loadTemplate(db, insurer);
}
