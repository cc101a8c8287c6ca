/**
 * Files people upload (attachments to messages, documents for a case's requirements, insurer statements): the kinds
 * the portal accepts and the size limit, shared so a form can refuse a file before sending it. The server decides by
 * the file's bytes, never by its name or the type the browser claims (docs/uploads.md).
 */
export const UPLOAD_KINDS = ['pdf', 'jpeg', 'png', 'csv', 'xlsx'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The content type a stored upload is served with, by kind. */
export const UPLOAD_CONTENT_TYPES: Record<UploadKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Documents a person attaches: a scan or a photo of a paper, or a PDF. */
export const DOCUMENT_UPLOAD_KINDS = ['pdf', 'jpeg', 'png'] as const satisfies readonly UploadKind[];
/** Spreadsheets staff import. */
export const SPREADSHEET_UPLOAD_KINDS = ['csv', 'xlsx'] as const satisfies readonly UploadKind[];

/** 10 MB: a phone photo of a page or a scanned form fits many times over. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Files in one request (one message's attachments). */
export const MAX_UPLOAD_FILES = 5;
