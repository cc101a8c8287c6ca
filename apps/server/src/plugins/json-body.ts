import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (prototype-poisoning checks included), except that an EMPTY body sent with a
 * JSON content type is no body: the original front end sends `Content-Type: application/json` on `DELETE /logout` and
 * `POST /cancel_otp` without a body, and Fastify's default parser refuses that with a 400. A malformed non-empty
 * body is still a 400.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
