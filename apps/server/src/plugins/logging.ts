import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** Query parameters that carry secrets (activation and reset links): never written to a log. */
const SECRET_PARAMS = /([?&](?:activation_code|token|code|otp)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * Logger options: no cookies, CSRF tokens or link secrets in the request log, whatever the level. The request
 * serializer replaces Fastify's default one, which logs the raw URL.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * What of a failure goes to the log. Query errors carry their parameters (which may be a password hash or a token)
 * in the message: keep the message up to them, and the driver's own error for the cause.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const cause = err.cause instanceof Error ? err.cause : undefined;
  return {
    type: err.name,
    message: err.message.split('\nparams:')[0],
    stack: err.stack?.split('\nparams:')[0],
    ...(cause
      ? { cause: { type: cause.name, message: cause.message, code: (cause as { code?: string }).code } }
      : {}),
  };
}
