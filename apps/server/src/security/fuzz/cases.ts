import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { BASE } from '../../testing/http.js';
import { asQueryValues, encodeUrlText, hostileJson } from './hostile-values.js';
import type { Field, FuzzRoute } from './route-table.js';

/** What a case does to the request as a whole, besides (or instead of) one hostile field. */
export const ENVELOPES = [
  'none',
  'duplicateKeys',
  'unknownField',
  'malformedJson',
  'wrongContentType',
  'oversizeBody',
  'nonObjectBody',
  'protoBody',
  'hugeCookie',
  'badAcceptLanguage',
  'badCsrf',
  'traversalPath',
] as const;
export type Envelope = (typeof ENVELOPES)[number];

export type Language = 'ja' | 'zh';

export interface FuzzCase {
  lang: Language;
  /** The field made hostile, by index into the route's fields, and its value. */
  hostile?: { field: number; value: unknown };
  envelope: Envelope;
}

/** Arbitrary cases of one route: mostly one hostile field (when it has fields), the rest whole-request oddities. */
export function caseArbitrary(route: FuzzRoute): fc.Arbitrary<FuzzCase> {
  const lang = fc.constantFrom<Language>('ja', 'zh');
  const envelope = fc.constantFrom(...ENVELOPES);
  const whole = fc.record({ lang, envelope });
  if (route.fields.length === 0) return whole;
  const fieldCase = fc.record({
    lang,
    hostile: fc.record({ field: fc.nat({ max: route.fields.length - 1 }), value: hostileJson }),
    envelope: fc.oneof(
      { weight: 4, arbitrary: fc.constant<Envelope>('none') },
      { weight: 1, arbitrary: envelope },
    ),
  });
  return fc.oneof({ weight: 3, arbitrary: fieldCase }, { weight: 1, arbitrary: whole });
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The request a case makes, before the agent adds host, cookie and CSRF token. */
export function buildRequest(
  route: FuzzRoute,
  fuzz: FuzzCase,
  extraHeaders: Record<string, string> = {},
): InjectOptions & { withCsrf: boolean } {
  const fieldInput = (field: Field, index: number): { given: boolean; value: unknown } => {
    if (fuzz.hostile?.field === index) return { given: true, value: fuzz.hostile.value };
    return { given: !field.optional, value: field.valid };
  };
  let path = route.path;
  const query: string[] = [];
  const body: Record<string, unknown> = {};
  route.fields.forEach((field, index) => {
    const { given, value } = fieldInput(field, index);
    if (field.part === 'params') {
      path = path.replace(`:${field.name}`, encodeUrlText(asText(value)));
    } else if (field.part === 'querystring') {
      if (!given) return;
      const values = asQueryValues(value);
      if (fuzz.envelope === 'duplicateKeys') values.push(...values, '1');
      for (const v of values) query.push(`${encodeUrlText(field.name)}=${encodeUrlText(v)}`);
    } else if (given) {
      body[field.name] = value;
    }
  });
  if (!route.underLanguage && !route.fields.some((f) => f.name === 'client_lang'))
    query.push(`client_lang=${fuzz.lang}`);
  if (fuzz.envelope === 'unknownField') {
    query.push('%00evil=1', '__proto__=1');
    body['__unknown\u0000'] = 1;
  }
  // Encoded, so the URL keeps its language prefix (a plain `/../` is resolved before the server sees it).
  if (fuzz.envelope === 'traversalPath') path = `${path}/..%2F..%2F..%2Fetc%2Fpasswd`;
  const prefix = route.underLanguage ? `${BASE}/${fuzz.lang}/api` : '';
  const url = `${prefix}${path}${query.length ? `?${query.join('&')}` : ''}`;

  const headers: Record<string, string> = { 'accept-language': fuzz.lang, ...extraHeaders };
  let payload: string | undefined;
  if (route.takesBody) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let withCsrf = true;
  switch (fuzz.envelope) {
    case 'malformedJson':
      headers['content-type'] = 'application/json';
      payload = `${JSON.stringify(body).slice(0, -1)},"a":}`;
      break;
    case 'wrongContentType':
      headers['content-type'] = 'text/plain; charset=utf-16';
      payload = JSON.stringify(body);
      break;
    case 'oversizeBody':
      headers['content-type'] = 'application/json';
      payload = JSON.stringify({ ...body, padding: 'x'.repeat(1_100_000) });
      break;
    case 'nonObjectBody':
      headers['content-type'] = 'application/json';
      payload = JSON.stringify([body, null, 'x']);
      break;
    case 'protoBody':
      headers['content-type'] = 'application/json';
      payload = `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}`;
      break;
    case 'hugeCookie':
      headers.cookie = `junk=${'y'.repeat(100_000)}`;
      break;
    case 'badAcceptLanguage':
      headers['accept-language'] = `en;q=abc, *;q=-1, ${'x'.repeat(5000)}, \u00ff`;
      break;
    case 'badCsrf':
      headers['x-csrf-token'] = `' OR 1=1--${'\u00e9'.repeat(40)}`;
      withCsrf = false;
      break;
    default:
      break;
  }
  return { method: route.method as InjectOptions['method'], url, headers, payload, withCsrf };
}
