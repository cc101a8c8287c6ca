import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../files/send-file.js';
import { HttpError } from '../plugins/errors.js';
import { type RenderPool, RenderUnavailableError } from './pool.js';
import type { RenderKind, RenderTasks } from './tasks.js';

/** Whose renders these are: the signed-in user across all their sessions (the address only for anonymous routes). */
export function renderOwner(request: FastifyRequest): string {
  return request.principal ? `user:${request.principal.userId}` : `address:${request.ip}`;
}

/**
 * A signal that fires when the client goes away before its response is complete (closed tab, cancelled download,
 * dropped connection), so the renders of that request stop instead of working for nobody.
 */
export function abandonedSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const onClose = () => {
    if (!response.writableFinished) controller.abort(new Error('client closed the connection'));
  };
  if (response.destroyed) onClose();
  else response.once('close', onClose);
  return controller.signal;
}

/**
 * Runs `work` in one of the requester's render slots (429 when all are taken), its renders queued in the requester's
 * turn (RenderPool.asOwner), with a signal that aborts its renders
 * if the client leaves. The slot is free again as soon as `work` settles, before the answer goes out: sending finished
 * bytes costs no CPU.
 */
export async function renderForRequest<T>(
  pool: RenderPool,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const owner = renderOwner(request);
  const reservation = await pool.reserve(owner);
  try {
    return await pool.asOwner(owner, () => work(abandonedSignal(reply)));
  } finally {
    // Awaited (it never rejects): with several processes the slot is a lease in the database, and a person whose
    // PDF has arrived may ask for the next one at once; answering first let that request meet the old lease (429).
    await reservation.release();
  }
}

/**
 * `HEAD` of a download: the access checks have run, the headers a GET would carry go out, and nothing is rendered.
 * The length is left out (RFC 9110 §9.3.2: it is known only once the document is made); Fastify adds none to a HEAD.
 */
export function sendHeadersOnly(reply: FastifyReply, contentType: string, disposition: string) {
  return reply.header('content-type', contentType).header('content-disposition', disposition).send();
}

/** The PDF kinds of the pool: each renders one document to one PDF. */
type PdfKind = Extract<RenderKind, `${string}-pdf`>;

/**
 * Renders one PDF in the pool. A document the pool cannot render at all (no CJK font) is a clear 503 on this download
 * only, in the caller's language; a full queue stays the pool's own 503 with Retry-After.
 */
export async function renderPdf<K extends PdfKind>(
  pool: RenderPool,
  task: { kind: K } & RenderTasks[K],
  signal?: AbortSignal,
): Promise<Buffer> {
  try {
    return await pool.run(task, signal);
  } catch (error) {
    if (error instanceof RenderUnavailableError) throw new HttpError(503, 'statements.pdfUnavailable');
    throw error;
  }
}

/** Sends a finished PDF: its type, its length and how to show it (in the page, or saved under its name). */
export function sendPdf(
  reply: FastifyReply,
  pdf: Buffer,
  fileName: string,
  disposition: 'inline' | 'attachment',
) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(pdf.length))
    .header('content-disposition', contentDisposition(disposition, fileName))
    .send(pdf);
}

/**
 * One document's PDF as a download: rendered in one of the requester's render slots (renderForRequest), a
 * document that cannot be rendered mapped to 503 (renderPdf), then sent as an attachment (sendPdf).
 */
export async function sendRenderedPdf<K extends PdfKind>(
  pool: RenderPool,
  request: FastifyRequest,
  reply: FastifyReply,
  task: { kind: K } & RenderTasks[K],
  fileName: string,
) {
  const pdf = await renderForRequest(pool, request, reply, (signal) => renderPdf(pool, task, signal));
  return sendPdf(reply, pdf, fileName, 'attachment');
}
