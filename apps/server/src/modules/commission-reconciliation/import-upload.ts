import {
  commissionImportPreviewSchema,
  insurerParamsSchema,
  SPREADSHEET_UPLOAD_KINDS,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readUploads, storeUpload } from '../../files/index.js';
import { FormValidationError } from '../../plugins/errors.js';
import type { ModuleOptions } from '../module-options.js';
import { previewImport } from './import-preview.js';

type App = Parameters<FastifyPluginAsyncZod<ModuleOptions>>[0];

/**
 * POST /internal/commission-imports (multipart: `file`, `insurer`): the statement through the shared upload
 * mechanism (CSV or XLSX told by its bytes, the size cap), then the preview. The file is stored with the preview in
 * one transaction: a refused file leaves neither.
 */
export function registerImportUpload(app: App, options: ModuleOptions, path: string, tags: string[]): void {
  const { db } = options;
  app.post(path, { schema: { tags, response: { 200: commissionImportPreviewSchema } } }, async (request) => {
    const { fields, files } = await readUploads(request, {
      accept: SPREADSHEET_UPLOAD_KINDS,
      maxFiles: 1,
      required: true,
    });
    const insurer = insurerParamsSchema.shape.insurer.safeParse(fields.insurer ?? '');
    if (!insurer.success) throw new FormValidationError({ insurer: ['validation.invalidInsurer'] });
    const file = files[0];
    if (!file || (file.kind !== 'csv' && file.kind !== 'xlsx'))
      throw new FormValidationError({ file: ['validation.required'] });
    const userId = request.staffCaller?.userId ?? 0;
    return previewImport(db, userId, {
      insurer: insurer.data,
      fileName: file.fileName,
      kind: file.kind,
      data: file.data,
      store: async (tx) => (await storeUpload(tx, file, userId)).id,
    });
  });
}
