import Fastify, { type FastifyInstance } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { errorHandlerPlugin, FormValidationError, HttpError } from './errors.js';
import { requestContextPlugin } from './request-context.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/form',
    {
      schema: {
        body: z.strictObject({
          name: z.string().min(1),
          password: z.string().min(6).max(10),
          size: z.number().int().max(30),
          kind: z.enum(['a', 'b']),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/boom', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  app.get('/db-down', async () => {
    // What drizzle throws when PostgreSQL refuses the connection: its own wrapper, the driver's error as the cause.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    throw Object.assign(new Error('Failed query: select 1\nparams: '), { cause: refused });
  });
  app.get('/gone', async () => {
    throw new HttpError(404, 'errors.notFound');
  });
  app.get('/form-error', async () => {
    throw new FormValidationError({
      base: ['errors.forbidden'],
      password: [{ key: 'validation.tooShort', vars: { min: 6 } }],
    });
  });
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(requestContextPlugin, { config: loadConfig({ NODE_ENV: 'test' }) });
  await app.register(errorHandlerPlugin);
  await app.register(routes, { prefix: '/:lang/api' });
  await app.ready();
});
afterAll(() => app.close());

describe('error handler', () => {
  it('answers bad input with 400 and a message per field, in the request language', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/en/api/form',
      payload: { name: '', password: 'abc', size: 99, kind: 'z', extra: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        name: ['Cannot be blank'],
        password: ['Is too short (minimum is 6 characters)'],
        size: ['Must be at most 30'],
        kind: ['Is not an allowed value'],
        extra: ['Is not an accepted field'],
      },
    });
  });

  it('reports missing fields as blank in Chinese', async () => {
    const response = await app.inject({ method: 'POST', url: '/zh/api/form', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.name).toEqual(['不能為空']);
  });

  it('answers malformed JSON with 400 and no parser internals', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/en/api/form',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request is not valid.' });
  });

  it('never shows internals on a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/kr/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('postgres');
    expect(response.json()).toEqual({ error: '오류가 발생했습니다. 잠시 후 다시 시도해 주십시오.' });
  });

  it('answers an unreachable database with 503 and Retry-After in the request language, never a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/zh/api/db-down' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: '服務暫時未能提供，請稍後再試。' });
  });

  it('localizes failures services report on purpose', async () => {
    expect((await app.inject({ method: 'GET', url: '/ja/api/gone' })).json()).toEqual({
      error: 'ページが見つかりません',
    });
    const form = await app.inject({ method: 'GET', url: '/en/api/form-error' });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({
      errors: {
        base: ['You do not have access to this page.'],
        password: ['Is too short (minimum is 6 characters)'],
      },
    });
  });
});
