import { DOCUMENT_UPLOAD_KINDS, MESSAGE_ATTACHMENTS_MAX } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { type ReceivedFile, readUploads } from '../../files/index.js';

const received = new WeakMap<FastifyRequest, ReceivedFile[]>();

/**
 * preValidation of the routes that write a message: a message comes as JSON, or as a form with files. A form is read
 * whole here by the shared upload mechanism (types from the bytes, 10 MB a file, 5 files; refusals 413/415/400 in the
 * caller's language), its text fields become the body the route's contract schema then validates, and its files wait
 * for the handler, which stores them in the message's transaction once access and limits are passed.
 */
export async function readMessageForm(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const { fields, files } = await readUploads(request, {
    accept: DOCUMENT_UPLOAD_KINDS,
    maxFiles: MESSAGE_ATTACHMENTS_MAX,
  });
  request.body = fields;
  received.set(request, files);
}

/** The files of a form read by readMessageForm (none for JSON). */
export const filesOf = (request: FastifyRequest): ReceivedFile[] => received.get(request) ?? [];
