import fastJson from 'fast-json-stringify';
import type { FastifySchema } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { Config } from '../config.js';

/**
 * The response serialiser of the hot routes (`/me`, My Plan, plan detail). fastify-type-provider-zod parses every
 * answer with its zod schema before JSON.stringify: 17 µs of a `/me` that costs ~200 µs in all, 60 µs of a plan
 * detail (measured in docs/performance/request-path.md). In production (RESPONSE_SERIALIZER) these routes serialise
 * with fast-json-stringify compiled from the same schema (`z.toJSONSchema`, output side): it writes only the declared
 * properties, in the schema's order, so an extra column a handler forgot to drop still never leaves the server.
 * Development and tests keep zod, so a wrong shape fails there; the tests also check that both write the same bytes.
 * A schema JSON Schema cannot express fails when the route is built, not on a request.
 */
export function hotRouteSerializer(
  kind: Config['responseSerializer'],
): FastifySerializerCompiler<FastifySchema> {
  if (kind === 'checked') return zodSerializerCompiler as FastifySerializerCompiler<FastifySchema>;
  return ({ schema }) => compiledSerializer(schema as unknown as ZodType);
}

export function compiledSerializer(schema: ZodType): (data: unknown) => string {
  return fastJson(z.toJSONSchema(schema, { io: 'output' }) as Parameters<typeof fastJson>[0]);
}
