import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RenderPool } from './pool.js';

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
 * if the client leaves. The slot is free again as soon as `work` settles: sending finished bytes costs no CPU.
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
    reservation.release();
  }
}

/**
 * `HEAD` of a download: the access checks have run, the headers a GET would carry go out, and nothing is rendered.
 * The length is left out (RFC 9110 §9.3.2: it is known only once the document is made); Fastify adds none to a HEAD.
 */
export function sendHeadersOnly(reply: FastifyReply, contentType: string, disposition: string) {
  return reply.header('content-type', contentType).header('content-disposition', disposition).send();
}
