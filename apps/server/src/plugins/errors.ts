import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  isPoolBusy,
  OwnShareBusyError,
  POOL_BUSY_RETRY_AFTER_SECONDS,
  rootCauseMessage,
} from '../db/availability.js';
import { hasMessage, type MessageKey, type Translate } from '../i18n/index.js';
import { loggableError } from './logging.js';
import { languageOfUrl, translatorFor } from './request-context.js';

export type MessageRef = MessageKey | { key: MessageKey; vars: Record<string, string | number> };

/** A failure a service reports on purpose: answered as `{ error }` in the request's language. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly headers: Record<string, string> = {},
    /** Values for the message's {{placeholders}}. */
    readonly vars?: Record<string, string | number>,
    /** Machine-readable fields answered beside `error` (e.g. `stepUp: true`, `reason`). */
    readonly extra?: Record<string, string | boolean>,
  ) {
    super(messageKey);
  }
}

/** Field errors of a form, answered as 400 `{ errors: { field: [message] } }`; form-wide ones go under `base`. */
export class FormValidationError extends Error {
  constructor(readonly fields: Record<string, MessageRef[]>) {
    super('form validation failed');
  }
}

function render(t: Translate, ref: MessageRef): string {
  return typeof ref === 'string' ? t(ref) : t(ref.key, ref.vars);
}

/** Turns one schema issue into a message a person can act on, in their language. */
function issueMessage(issue: ZodFastifySchemaValidationError, t: Translate): string {
  const params = issue.params as Record<string, unknown>;
  const custom = `validation.${issue.message}`;
  if (hasMessage(custom)) return t(custom);
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined|received null/.test(issue.message ?? '')
        ? t('validation.required')
        : t('validation.invalid');
    case 'too_small': {
      const min = Number(params.minimum);
      if (params.origin === 'string')
        return min <= 1 ? t('validation.required') : t('validation.tooShort', { min });
      return t('validation.tooSmall', { min });
    }
    case 'too_big': {
      const max = Number(params.maximum);
      return params.origin === 'string' ? t('validation.tooLong', { max }) : t('validation.tooBig', { max });
    }
    case 'invalid_value':
      return t('validation.notAllowed');
    default:
      return t('validation.invalid');
  }
}

export function formErrorsFromValidation(issues: ZodFastifySchemaValidationError[], t: Translate) {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = errors[field] ?? [];
    errors[field] = list;
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys') {
      const keys = (issue.params as { keys?: string[] }).keys ?? [];
      for (const key of keys) add(field ? `${field}.${key}` : key, t('validation.unknownField'));
    } else {
      add(field || 'base', issueMessage(issue, t));
    }
  }
  return errors;
}

/** Answers `{ error }` in the request's language: every deliberate refusal looks the same to the caller. */
export function replyError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
  vars?: Record<string, string | number>,
) {
  return reply.code(status).send({ error: request.t(key, vars) });
}

/** One place decides what a failure looks like to the caller: field errors, a localized message, never internals. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({ errors: formErrorsFromValidation(error.validation, request.t) });
      }
      if (error instanceof FormValidationError) {
        const errors = Object.fromEntries(
          Object.entries(error.fields).map(([field, refs]) => [field, refs.map((r) => render(request.t, r))]),
        );
        return reply.code(400).send({ errors });
      }
      if (error instanceof HttpError) {
        reply.headers(error.headers);
        if (error.extra)
          return reply
            .code(error.statusCode)
            .send({ error: request.t(error.messageKey, error.vars), ...error.extra });
        return replyError(request, reply, error.statusCode, error.messageKey, error.vars);
      }
      if (isPoolBusy(error)) {
        // Every connection this request could use was busy for its whole wait: the database is up, the process busy
        // (503), or busy with this same person's other work (429). docs/operations.md, "One heavy user".
        const own = error instanceof OwnShareBusyError || error.cause instanceof OwnShareBusyError;
        request.log.warn(`every pooled connection busy; answered ${own ? 429 : 503}`);
        reply.header('retry-after', String(POOL_BUSY_RETRY_AFTER_SECONDS));
        return replyError(request, reply, own ? 429 : 503, 'errors.overloaded');
      }
      if (isDatabaseUnavailable(error)) {
        // The database is down, frozen or overloaded: not the caller's fault and not a bug. One line, no stack: an
        // outage produces one per request.
        request.log.warn({ reason: rootCauseMessage(error) }, 'database unavailable; answered 503');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return replyError(request, reply, 503, 'errors.databaseUnavailable');
      }
      const status = error.statusCode ?? 500;
      if (status === 429) return replyError(request, reply, 429, 'errors.tooManyRequests');
      if (status === 404) return replyError(request, reply, 404, 'errors.notFound');
      if (status >= 400 && status < 500) {
        // Malformed JSON, wrong content type, oversized body: the caller's fault, said without echoing parser internals.
        return replyError(request, reply, status, 'errors.badRequest');
      }
      request.log.error({ err: loggableError(error) }, 'request failed');
      return replyError(
        request,
        reply,
        status === 503 ? 503 : 500,
        status === 503 ? 'errors.unavailable' : 'errors.internal',
      );
    });
  },
  { name: 'error-handler', dependencies: ['request-context'] },
);

/**
 * Fastify answers a URL it cannot route before any hook or error handler runs: a path segment that is not valid
 * UTF-8 once percent-decoded (`%ED%A0%80`, a lone surrogate) is 400 FST_ERR_BAD_URL, a path parameter over
 * maxParamLength is 414. Left to Fastify, those answers are English, echo the caller's path back, and miss the
 * security headers. This answers them like every other refusal: `{ error }` in the language of the URL's prefix,
 * with the headers every response carries (found by the endpoint fuzz tests and by sqlmap, docs/security/).
 */
export function frameworkErrorHandler(basePath: string, securityHeaders: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const t = translatorFor(languageOfUrl(request.raw.url ?? '', basePath));
    const status =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
    reply.headers(securityHeaders).header('cache-control', 'no-store');
    reply.code(status).send({ error: t(status === 500 ? 'errors.internal' : 'errors.badRequest') });
  };
}

/** What Node's HTTP server leaves on a socket: the response in progress, with the request it answers. */
type ServerSocket = Socket & { _httpMessage?: { headersSent?: boolean; req?: { url?: string } } };

/** The status of a request Node's parser refused: Fastify's choice, kept (timeout, headers too large, else 400). */
function clientErrorStatus(code: string | undefined): 400 | 408 | 431 {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it: a malformed chunked body (a chunk size that is not
 * hex, a body on a route that takes none, sent chunked and cut short), a header line it cannot read, headers over
 * the size limit, a request too slow to arrive. Fastify's default answer is English JSON without the portal's headers
 * ("Client Error"). This one answers like every other refusal: `{ error }` in the language of the URL's prefix (from
 * the request already read on the connection, else from the request line in the bytes refused), with the security
 * headers, and closes the connection, whose stream can no longer be read in step. A response already under way on
 * the connection (a 404 sent before its body turned out malformed) is not followed by a second one.
 */
export function clientErrorHandler(basePath: string, securityHeaders: Record<string, string>) {
  return (error: Error & { code?: string; rawPacket?: unknown }, raw: Socket) => {
    const socket = raw as ServerSocket;
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const inFlight = socket._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy(error);
      return;
    }
    const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1', 0, 2048) : '';
    const requestLine = /^[A-Z]+ (\S+) HTTP\//.exec(packet);
    const url = inFlight?.req?.url ?? requestLine?.[1] ?? '';
    const status = clientErrorStatus(error.code);
    const body = JSON.stringify({ error: translatorFor(languageOfUrl(url, basePath))('errors.badRequest') });
    const headers = {
      ...securityHeaders,
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n${head}\r\n${body}`);
  };
}

const STATUS_TEXT = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };
