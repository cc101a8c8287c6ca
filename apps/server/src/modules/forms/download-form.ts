import type { Db } from '../../db/client.js';
import type { FileStore, StoredFile } from '../../files/index.js';
import { HttpError } from '../../plugins/errors.js';
import { selectFormFile } from './queries.js';

/** A form's file with a readable name, e.g. "Fund-Switching-Form-en.pdf" or "基金轉換表格-zh.pdf". */
export async function downloadForm(
  db: Db,
  files: FileStore,
  formId: number,
): Promise<{ file: StoredFile; fileName: string }> {
  const form = await selectFormFile(db, formId);
  const file = form ? await files.get(form.fileKey) : null;
  if (!form || !file) throw new HttpError(404, 'errors.notFound');
  // Letters of any script stay (a Chinese title is the form's name too); the header carries them UTF-8 encoded.
  const name = form.title.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '');
  return { file, fileName: `${name || `form-${formId}`}-${form.language}.pdf` };
}
