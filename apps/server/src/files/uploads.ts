import { createHash, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES, UPLOAD_CONTENT_TYPES, type UploadKind } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/client.js';
import { storedFiles, uploadedFiles } from '../db/schema/index.js';
import { HttpError } from '../plugins/errors.js';
import { createDbFileStore, storedFileRow } from './file-store.js';
import { safeFileName, sendStoredFile } from './send-file.js';

/** What a route accepts: the kinds of file (decided from the bytes), how many, how large. */
export interface UploadPolicy {
  accept: readonly UploadKind[];
  /** Per file; at most MAX_UPLOAD_BYTES unless the route says more (the multipart parser's own cap is per route). */
  maxFileBytes?: number;
  maxFiles?: number;
  /** Refuse a request without any file (400 "choose a file"). */
  required?: boolean;
}

/** One file of a request, read whole (it is small: the policy caps it) and identified by its bytes. */
export interface ReceivedFile {
  /** The form field it came in. */
  field: string;
  /** The sender's name for it, cleaned (never trusted as a path or a type). */
  fileName: string;
  kind: UploadKind;
  contentType: string;
  data: Buffer;
}

/** An upload once stored: the row of uploaded_files a feature links to. */
export interface StoredUpload {
  id: number;
  fileKey: string;
  fileName: string;
  kind: UploadKind;
  size: number;
  sha256: string;
}

const KIND_NAMES: Record<UploadKind, string> = {
  pdf: 'PDF',
  jpeg: 'JPEG',
  png: 'PNG',
  csv: 'CSV',
  xlsx: 'XLSX',
};
const EXTENSIONS: Record<UploadKind, string> = {
  pdf: 'pdf',
  jpeg: 'jpg',
  png: 'png',
  csv: 'csv',
  xlsx: 'xlsx',
};
/** What file-type names each kind: it reads the signature (and, for XLSX, the zip's content types). */
const SIGNATURE_KINDS: Record<string, UploadKind> = { pdf: 'pdf', jpg: 'jpeg', png: 'png', xlsx: 'xlsx' };
const FILE_NAME_MAX = 200;
const FIELD_MAX_BYTES = 64 * 1024;

/**
 * The multipart parser, registered by each module that takes uploads, inside that module's own scope: the plugin adds
 * request hooks, and outside those modules (a 404 above all) a request must be answered exactly as before. Limits
 * here are the ceiling every route shares; a route's policy may only lower them.
 */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_UPLOAD_FILES,
      fields: 20,
      fieldSize: FIELD_MAX_BYTES,
      parts: MAX_UPLOAD_FILES + 20,
      headerPairs: 100,
    },
  });
}

/** Text a person exported from a spreadsheet: valid UTF-8 (a BOM allowed), no NUL or other binary control bytes. */
function isCsvText(data: Buffer): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: binary control characters are what betray a non-text file.
    return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) && /[,;\t]/.test(text);
  } catch {
    return false;
  }
}

/** The kind the bytes are, among those accepted; null when they are none of them (whatever the name says). */
export async function detectUploadKind(
  data: Buffer,
  accept: readonly UploadKind[],
): Promise<UploadKind | null> {
  const found = await fileTypeFromBuffer(data);
  const bySignature = found ? SIGNATURE_KINDS[found.ext] : undefined;
  if (bySignature) return accept.includes(bySignature) ? bySignature : null;
  if (!found && accept.includes('csv') && isCsvText(data)) return 'csv';
  return null;
}

function refusedType(accept: readonly UploadKind[]) {
  return new HttpError(
    415,
    'uploads.typeRefused',
    {},
    { kinds: accept.map((k) => KIND_NAMES[k]).join(', ') },
  );
}

/** The parser's own limit errors, said in the caller's language. */
function limitError(err: unknown, maxBytes: number, maxFiles: number): HttpError | null {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, 'uploads.tooLarge', {}, { max: Math.floor(maxBytes / (1024 * 1024)) });
  if (code === 'FST_FILES_LIMIT') return new HttpError(413, 'uploads.tooMany', {}, { max: maxFiles });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new HttpError(413, 'errors.badRequest');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, 'uploads.notMultipart');
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_MP_PREMATURE_CLOSE')
    return new HttpError(400, 'errors.badRequest');
  return null;
}

/**
 * Reads a multipart request: its text fields and its files, each checked against the policy by its bytes. Throws an
 * HttpError (4xx, in the caller's language) for anything refused, before the route writes anything: a route stores
 * the files (storeUpload) only once the whole request has passed.
 */
export async function readUploads(
  request: FastifyRequest,
  policy: UploadPolicy,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  if (!request.isMultipart()) throw new HttpError(415, 'uploads.notMultipart');
  const maxBytes = Math.min(policy.maxFileBytes ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
  const maxFiles = Math.min(policy.maxFiles ?? MAX_UPLOAD_FILES, MAX_UPLOAD_FILES);
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: maxFiles } })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new HttpError(413, 'uploads.fieldTooLong');
        // A repeated field keeps its first value: a second one cannot override what was checked.
        if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const data = await part.toBuffer();
      if (data.length === 0) throw new HttpError(400, 'uploads.empty');
      const kind = await detectUploadKind(data, policy.accept);
      if (!kind) throw refusedType(policy.accept);
      files.push({
        field: part.fieldname,
        fileName: safeFileName(part.filename ?? '').slice(0, FILE_NAME_MAX) || `upload.${EXTENSIONS[kind]}`,
        kind,
        contentType: UPLOAD_CONTENT_TYPES[kind],
        data,
      });
    }
  } catch (err) {
    throw limitError(err, maxBytes, maxFiles) ?? err;
  }
  if (policy.required && files.length === 0) throw new HttpError(400, 'uploads.missing');
  return { fields, files };
}

/**
 * Stores one received file and records who sent it. Pass the route's transaction so the upload and the row that
 * links to it are written together or not at all.
 */
export async function storeUpload(
  db: Db,
  file: ReceivedFile,
  uploadedByUserId: number,
): Promise<StoredUpload> {
  const fileKey = `uploads/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${EXTENSIONS[file.kind]}`;
  const row = storedFileRow(fileKey, file.contentType, file.data);
  await db.insert(storedFiles).values(row);
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  const [stored] = await db
    .insert(uploadedFiles)
    .values({
      fileKey,
      uploadedByUserId,
      fileName: file.fileName,
      kind: file.kind,
      byteSize: file.data.length,
      sha256,
    })
    .returning({ id: uploadedFiles.id });
  if (!stored) throw new Error('upload row not written');
  return { id: stored.id, fileKey, fileName: file.fileName, kind: file.kind, size: file.data.length, sha256 };
}

/** The stored facts of an upload, for a list of attachments; null when there is no such upload. */
export async function findUpload(db: Db, id: number): Promise<StoredUpload | null> {
  const [row] = await db
    .select({
      id: uploadedFiles.id,
      fileKey: uploadedFiles.fileKey,
      fileName: uploadedFiles.fileName,
      kind: uploadedFiles.kind,
      size: uploadedFiles.byteSize,
      sha256: uploadedFiles.sha256,
    })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.id, id))
    .limit(1);
  return row ? { ...row, kind: row.kind as UploadKind } : null;
}

/**
 * Sends an upload as a download. The caller has already decided the person may see it (the feature's own access
 * check): this only streams it, always as an attachment with the type its bytes were found to be, so a file cannot
 * be opened by the browser as a page of the portal.
 */
export async function sendUpload(reply: FastifyReply, db: Db, id: number) {
  const upload = await findUpload(db, id);
  const file = upload ? await createDbFileStore(db).get(upload.fileKey) : null;
  if (!upload || !file) throw new HttpError(404, 'errors.notFound');
  return sendStoredFile(
    reply,
    { ...file, contentType: UPLOAD_CONTENT_TYPES[upload.kind] },
    upload.fileName,
    'attachment',
  );
}
