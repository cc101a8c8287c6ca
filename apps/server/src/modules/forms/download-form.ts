import type { Db } from '../../db/client.js';
import type { FileStore, StoredFile } from '../../files/index.js';
import { HttpError } from '../../plugins/errors.js';
import { selectFormFile } from './queries.js';

/** A form's file with a readable name, e.g. "Fund-Switching-Form-zh.pdf". */
export async function downloadForm(
  db: Db,
  files: FileStore,
  formId: number,
): Promise<{ file: StoredFile; fileName: string }> {
  const form = await selectFormFile(db, formId);
  const file = form ? await files.get(form.fileKey) : null;
  if (!form || !file) throw new HttpError(404, 'errors.notFound');
  return { file, fileName: `${form.title.replace(/[^A-Za-z0-9._-]+/g, '-')}-${form.language}.pdf` };
}
