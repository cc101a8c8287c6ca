import { createHash } from 'node:crypto';
import { DOCUMENT_UPLOAD_KINDS, MAX_UPLOAD_BYTES, SPREADSHEET_UPLOAD_KINDS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { errorHandlerPlugin } from '../plugins/errors.js';
import { requestContextPlugin } from '../plugins/request-context.js';
import { openDemoDatabase, rowsOf } from '../testing/demo-database.js';
import { readUploads, registerUploads, sendUpload, storeUpload } from './uploads.js';

// Real signatures, as a scanner, a camera and a spreadsheet program write them.
const PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const CSV = Buffer.from('\ufeffPolicy No,Amount,Date\nP1000001,"1,234.50",2026/10/31\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

function form(parts: { field: string; name?: string; type?: string; data: Buffer | string }[]) {
  const boundary = '----portal-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.name
      ? `form-data; name="${part.field}"; filename="${part.name}"`
      : `form-data; name="${part.field}"`;
    const type = part.name ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
let userId: number;

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  [{ id: userId } = { id: 0 }] = await rowsOf<{ id: number }>(
    db,
    sql`select id::int as id from users limit 1`,
  );
  app = Fastify({ logger: false });
  await app.register(requestContextPlugin, { config: loadConfig({ NODE_ENV: 'test' }) });
  await app.register(errorHandlerPlugin);
  await registerUploads(app);
  app.post('/:lang/api/documents', async (request) => {
    const { fields, files } = await readUploads(request, { accept: DOCUMENT_UPLOAD_KINDS, required: true });
    const stored = await db.transaction(async (tx) =>
      Promise.all(files.map((file) => storeUpload(tx as unknown as Db, file, userId))),
    );
    return { fields, files: stored };
  });
  app.post('/:lang/api/statements', async (request) => {
    const { files } = await readUploads(request, {
      accept: SPREADSHEET_UPLOAD_KINDS,
      maxFiles: 1,
      required: true,
    });
    return { kinds: files.map((f) => f.kind) };
  });
  app.get('/:lang/api/uploads/:id', async (request, reply) =>
    sendUpload(reply, db, Number((request.params as { id: string }).id)),
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await close?.();
});

describe('uploads', () => {
  it('stores PDF, PNG and JPEG by their bytes, records the sender, and sends each back as an attachment', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/en/api/documents',
      ...form([
        { field: 'note', data: 'payment proof' },
        { field: 'files', name: 'proof.pdf', type: 'application/pdf', data: PDF },
        // Named and typed wrongly by the device: the bytes decide.
        { field: 'files', name: 'photo.pdf', type: 'application/pdf', data: PNG },
        { field: 'files', name: 'scan', data: JPEG },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      fields: Record<string, string>;
      files: { id: number; kind: string; fileName: string }[];
    };
    expect(body.fields).toEqual({ note: 'payment proof' });
    expect(body.files.map((f) => [f.kind, f.fileName])).toEqual([
      ['pdf', 'proof.pdf'],
      ['png', 'photo.pdf'],
      ['jpeg', 'scan'],
    ]);
    const [row] = await rowsOf<{ by: number; size: number; sha: string }>(
      db,
      sql`select uploaded_by_user_id::int as by, byte_size::int as size, sha256 as sha from uploaded_files where id = ${body.files[0]?.id}`,
    );
    expect(row).toEqual({
      by: userId,
      size: PDF.length,
      sha: createHash('sha256').update(PDF).digest('hex'),
    });

    const png = await app.inject({ method: 'GET', url: `/en/api/uploads/${body.files[1]?.id}` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toMatch(/^attachment; filename="photo.pdf"/);
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect(png.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a program named like a PDF, in the caller language, and writes nothing', async () => {
    const before = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from uploaded_files`);
    const res = await app.inject({
      method: 'POST',
      url: '/zh/api/documents',
      ...form([
        { field: 'files', name: 'ok.pdf', data: PDF },
        { field: 'files', name: 'invoice.pdf', type: 'application/pdf', data: EXE },
      ]),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('不接受此類檔案，請傳送 PDF, JPEG, PNG。');
    expect(await rowsOf(db, sql`select count(*)::int as n from uploaded_files`)).toEqual(before);
  });

  it('refuses a file over the limit, an empty one, a request without a file, and a JSON body', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const tooLarge = await app.inject({
      method: 'POST',
      url: '/en/api/documents',
      ...form([{ field: 'f', name: 'big.pdf', data: big }]),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe('The file is too large: at most 10 MB.');

    const empty = await app.inject({
      method: 'POST',
      url: '/en/api/documents',
      ...form([{ field: 'f', name: 'a.pdf', data: '' }]),
    });
    expect([empty.statusCode, empty.json().error]).toEqual([400, 'The file is empty.']);

    const none = await app.inject({
      method: 'POST',
      url: '/en/api/documents',
      ...form([{ field: 'note', data: 'x' }]),
    });
    expect([none.statusCode, none.json().error]).toEqual([400, 'Please choose a file.']);

    const json = await app.inject({ method: 'POST', url: '/en/api/documents', payload: { files: [] } });
    expect(json.statusCode).toBe(415);
  });

  it('tells a spreadsheet from text and from binary garbage, and caps the number of files', async () => {
    const csv = await app.inject({
      method: 'POST',
      url: '/en/api/statements',
      ...form([{ field: 'file', name: 'a.xlsx', data: CSV }]),
    });
    expect(csv.json()).toEqual({ kinds: ['csv'] });

    const garbage = await app.inject({
      method: 'POST',
      url: '/en/api/statements',
      ...form([
        {
          field: 'file',
          name: 'statement.csv',
          type: 'text/csv',
          data: Buffer.from([0, 1, 2, 0xff, 0xfe, 44, 10]),
        },
      ]),
    });
    expect(garbage.statusCode).toBe(415);

    const pdfAsSheet = await app.inject({
      method: 'POST',
      url: '/en/api/statements',
      ...form([{ field: 'file', name: 's.csv', data: PDF }]),
    });
    expect(pdfAsSheet.statusCode).toBe(415);

    const two = await app.inject({
      method: 'POST',
      url: '/en/api/statements',
      ...form([
        { field: 'file', name: 'a.csv', data: CSV },
        { field: 'file', name: 'b.csv', data: CSV },
      ]),
    });
    expect([two.statusCode, two.json().error]).toEqual([413, 'Too many files: at most 1 at once.']);
  });
});
