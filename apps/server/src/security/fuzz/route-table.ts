import { API_ROUTES, REPORT_DEFINITIONS, reportTypeCriterion } from '@portal/contract';
import type { z } from 'zod';
import type { RegisteredRoute } from '../../app.js';

export type Part = 'params' | 'querystring' | 'body';
export type Principal = 'anonymous' | 'client' | 'producer' | 'staff';

/** One input field of a route, with the zod schema that judges it (taken from the route's own schema). */
export interface Field {
  part: Part;
  name: string;
  schema: z.ZodType;
  /** A value the field accepts, so that a case can make only one field hostile and reach the handler otherwise. */
  valid: unknown;
  /** Whether leaving the field out is accepted. */
  optional: boolean;
}

export interface FuzzRoute {
  method: string;
  /** The path under `{basePath}/{lang}/api`, e.g. `/b2b/profile/:producerId`; or the full path of a public route. */
  path: string;
  /** Whether the path is language-prefixed (`{basePath}/{lang}/api`): otherwise the language goes in client_lang. */
  underLanguage: boolean;
  principal: Principal;
  fields: Field[];
  /** A request body the route expects at all (a JSON body even if it has no field schema). */
  takesBody: boolean;
  writes: boolean;
}

/** The shape of an object schema, through the wrappers the contract puts around objects (refine, pipe, default). */
function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let node = schema as unknown as
    | { shape?: Record<string, z.ZodType>; def?: Record<string, unknown> }
    | undefined;
  for (let depth = 0; node && depth < 8; depth++) {
    if (node.shape) return node.shape;
    const def = node.def ?? {};
    node = (def.in ?? def.innerType ?? def.schema) as typeof node;
  }
  return undefined;
}

/** Plausible valid values, tried in order; the first one a field accepts becomes its baseline. */
function candidates(part: Part, schema: z.ZodType): unknown[] {
  const options = (schema as unknown as { options?: unknown[] }).options ?? [];
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  const texts = [
    ...options.map(String),
    '1',
    month,
    '2024/01/01',
    'true',
    'asc',
    'en',
    'A1234563',
    'AG10000001',
    '00000000-0000-4000-8000-000000000000',
    'x',
  ];
  return part === 'body' ? [1, true, ...texts] : texts;
}

function fieldOf(part: Part, name: string, schema: z.ZodType): Field {
  const optional = schema.safeParse(undefined).success;
  const valid = candidates(part, schema).find((value) => schema.safeParse(value).success);
  return { part, name, schema, valid: valid ?? '1', optional };
}

/** Calls outside the areas that need someone signed in: fuzzed as a client. */
const SIGNED_IN_CALLS: readonly string[] = [
  API_ROUTES.auth.changePassword.path,
  API_ROUTES.session.logout.path,
  API_ROUTES.session.keepAlive.path,
];

function principalOf(path: string): Principal {
  // Conversations are a client's and a producer's alike: fuzzed as the client.
  if (path.startsWith('/b2c/') || path.startsWith('/statement/') || path.startsWith('/conversations'))
    return 'client';
  if (path.startsWith('/b2b/')) return 'producer';
  if (path.startsWith('/internal/')) return 'staff';
  // The account's own security (sessions, factors, activity) and notification centre are for whoever is signed in:
  // fuzzed as the client.
  if (SIGNED_IN_CALLS.includes(path) || path.startsWith('/account/') || path.startsWith('/notifications'))
    return 'client';
  return 'anonymous';
}

/** Report routes read the form by the report type's own schema (set in the handler): fuzz report 2's fields. */
const { preview, export: reportExport, startExportJob } = API_ROUTES.reports;
const REPORT_ROUTES = new Set<string>([preview.path, reportExport.path, startExportJob.path]);

/**
 * Turns the routes the app registered into fuzz targets: every API route (GET for GET+HEAD pairs), each with its
 * fields taken from its own params, querystring and body schemas. Health, the OpenAPI document and the SPA are not
 * API routes and take no input.
 */
export function fuzzRoutes(registered: readonly RegisteredRoute[], basePath: string): FuzzRoute[] {
  const apiPrefix = `${basePath}/:lang/api`;
  const publicPrefix = `${basePath}/api/public/`;
  const routes: FuzzRoute[] = [];
  for (const route of registered) {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    const underLanguage = route.url.startsWith(apiPrefix);
    if (!underLanguage && !route.url.startsWith(publicPrefix)) continue;
    const path = underLanguage ? route.url.slice(apiPrefix.length) : route.url;
    const schema = (route.schema ?? {}) as Partial<Record<Part, z.ZodType>>;
    const fields: Field[] = [];
    for (const part of ['params', 'querystring', 'body'] as const) {
      for (const [name, fieldSchema] of Object.entries(objectShape(schema[part]) ?? {}))
        fields.push(fieldOf(part, name, fieldSchema));
    }
    if (REPORT_ROUTES.has(path)) {
      const part = route.method === 'GET' ? 'querystring' : 'body';
      const shape = objectShape(REPORT_DEFINITIONS[2].criteria) ?? {};
      fields.push({ part, name: 'reportType', schema: reportTypeCriterion, valid: '2', optional: false });
      for (const [name, fieldSchema] of Object.entries(shape))
        if (name !== 'reportType') fields.push(fieldOf(part, name, fieldSchema));
    }
    for (const method of methods) {
      routes.push({
        method,
        path,
        underLanguage,
        principal: underLanguage ? principalOf(path) : 'anonymous',
        fields,
        takesBody: method !== 'GET' && method !== 'DELETE',
        writes: method !== 'GET',
      });
    }
  }
  return routes;
}
