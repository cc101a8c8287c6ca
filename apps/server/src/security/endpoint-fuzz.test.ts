import { hasUnsafeCharacters } from '@portal/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engineUnderTest } from '../testing/engines.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';
import { buildRequest, caseArbitrary, type FuzzCase } from './fuzz/cases.js';
import { asQueryValues, LIST_WITH_A_BAD_ELEMENT } from './fuzz/hostile-values.js';
import { type Field, type FuzzRoute, fuzzRoutes } from './fuzz/route-table.js';
import {
  ATTEMPT_RECORDS,
  appTables,
  backgroundSettled,
  countChanges,
  rowCounts,
  TOUCHED_TABLES,
} from './fuzz/row-counts.js';
import { type Caller, callerOf, refusalProblem, send } from './fuzz/runner.js';

/*
 * Every API route, fuzzed from its own contract schema (docs/security/fuzzing.md). Per case: never a 5xx;
 * a 4xx is `{ error }` or `{ errors }` with messages in the request's language (ja or zh); a refused write leaves
 * every table's row count as it was. Then, per integer field, the non-canonical spellings of 1 are refused, and per
 * integer-list field, a list with one bad element is refused rather than trimmed. Fixed seed, bounded runs.
 */

const SEED = 13_2026;
const RUNS_PER_ROUTE = 14;
/**
 * Routes whose success is a rendered document (PDF, ZIP, XLSX): a hostile value the schema accepts renders a whole
 * document, seconds each on a busy machine, and rendering is not where hostile input matters. Fewer runs there.
 */
const RUNS_PER_DOCUMENT_ROUTE = 6;
const rendersDocument = (route: FuzzRoute) => /\.pdf$|download_|_export$|\/file$/.test(route.path);
/** Spellings a lax integer parser reads as a valid number; each must be a 400 on the field. */
const NOT_AN_ID = [
  '01',
  '+1',
  '1e1',
  '1 ',
  ' 1',
  '1.0',
  '0x1',
  '1_0',
  '１',
  '9223372036854775808',
  '1\u0000',
];

/**
 * Day and month of a birth date are typed by a person into a form: "01" is how many write January, so they are
 * date parts, not ids, and keep their own (documented) leniency (contract auth.ts).
 */
const DATE_PARTS = new Set(['birthDay', 'birthMonth', 'birthYear']);
/**
 * Report months arrive padded from month pickers ("03" is March, docs/reports.md): "01" is their one lenient
 * spelling; "+1", "1e1", "1 " and the rest stay refused like any integer.
 */
const PADDED_MONTHS = new Set(['month', 'expiryFromMonth', 'expiryToMonth']);

const isIntegerField = (field: Field) => {
  if (DATE_PARTS.has(field.name)) return false;
  const parsed = field.schema.safeParse(field.part === 'body' ? 1 : '1');
  return parsed.success && parsed.data === 1;
};
const isIntegerListField = (field: Field) =>
  field.part !== 'params' && field.schema.safeParse('1,2').success && !field.schema.safeParse('1,x').success;

let t: TestContext;
let routes: FuzzRoute[];
const tables: string[] = [...TOUCHED_TABLES];
const callers = new Map<string, Caller>();
let cases = 0;
/** Set after an accepted request: mail jobs, report exports or render leases may still be at work. */
let backgroundMayRun = true;
const routeTimes: [string, number][] = [];
const started = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  routes = fuzzRoutes(t.app.routeTable, t.config.basePath);
  // A renamed table must fail here, not turn its count check into a no-op.
  expect(await appTables(t.database.db)).toEqual(expect.arrayContaining(tables));
});
afterAll(async () => {
  console.log(
    `endpoint fuzz (${engineUnderTest()}): ${cases} cases on ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  routeTimes.sort((a, b) => b[1] - a[1]);
  console.log(
    `slowest routes: ${routeTimes
      .slice(0, 6)
      .map(([r, ms]) => `${r} ${ms} ms`)
      .join(', ')}`,
  );
  await t?.close();
});

/**
 * Routes that end sessions: a case may end its own caller's session (an id that happens to be the caller's) or that
 * of another cached caller signed in as the same person (end_others). They get a fresh caller for every case, and
 * every cached caller is dropped after them, so the routes fuzzed next are not answered "sign in" for nothing.
 */
const endsSessions = (route: FuzzRoute) =>
  route.method !== 'GET' && route.path.startsWith('/account/sessions');
/** The session routes end or touch the session: they get a fresh caller for every case. */
const needsFreshCaller = (route: FuzzRoute) =>
  ['/logout', '/session/keep_alive'].includes(route.path) || endsSessions(route);

async function callerFor(route: FuzzRoute): Promise<Caller> {
  if (needsFreshCaller(route)) return callerOf(t, route.principal);
  let caller = callers.get(route.principal);
  if (!caller) {
    caller = await callerOf(t, route.principal);
    callers.set(route.principal, caller);
  }
  return caller;
}

/**
 * The account flows record every attempt that reaches them, refused or not (audit line, lockout and rate-limit
 * counters; docs/auth.md): there those tables may grow on a refusal, unless the schema refused the request first.
 */
const ACCOUNT_FLOWS = new Set([
  '/login',
  '/resend_otp',
  '/cancel_otp',
  '/registration',
  '/activate',
  '/forget_password',
  '/forget_password_b2b',
  '/change_password',
  // Second-factor checks count every attempt toward the account's lock and rate limits (account-security.md).
  '/login/mfa',
  '/account/mfa/totp/confirm',
  '/account/step_up',
  '/login/mfa/webauthn_options',
  '/account/step_up/webauthn_options',
  '/login/passkey/options',
  '/login/passkey',
]);

/** The value as the field's schema receives it: decoded path text, one or repeated query values, a JSON value. */
function asReceived(field: Field, value: unknown): unknown {
  if (field.part === 'body')
    return value === undefined ? undefined : JSON.parse(JSON.stringify(value) ?? 'null');
  const values = asQueryValues(value);
  // No value is no key at all: the field is not given.
  return field.part === 'params' || values.length <= 1 ? values[0] : values;
}

/** Whether the case's hostile value is one its own field schema refuses (so validation must stop the request). */
function schemaRefuses(route: FuzzRoute, fuzz: FuzzCase): boolean {
  if (!fuzz.hostile || fuzz.envelope !== 'none') return false;
  const field = route.fields[fuzz.hostile.field] as Field;
  const received = asReceived(field, fuzz.hostile.value);
  // Text with a lone surrogate cannot be sent in a URL: it goes out as invalid UTF-8, refused before any schema.
  if (
    field.part !== 'body' &&
    typeof received === 'string' &&
    hasUnsafeCharacters(received.replaceAll('\0', ''))
  )
    return true;
  return !field.schema.safeParse(received).success;
}

/** Values one of which every field schema refuses: empty, far too long, a control character, a repeated key. */
const SURELY_REFUSED: unknown[] = ['', 'x'.repeat(5000), '\u0007', ['1', '2'], -1];

/** A case whose hostile value its field's schema refuses, for the first field that has one. */
function refusedCase(route: FuzzRoute): FuzzCase | undefined {
  for (const field of route.fields.keys()) {
    for (const value of SURELY_REFUSED) {
      const fuzz: FuzzCase = { lang: 'ja', hostile: { field, value }, envelope: 'none' };
      if (schemaRefuses(route, fuzz)) return fuzz;
    }
  }
  return undefined;
}

/** Runs one case; returns what went wrong (empty when nothing did) and the answer. */
async function runCase(route: FuzzRoute, fuzz: FuzzCase) {
  cases++;
  const caller = await callerFor(route);
  const extra: Record<string, string> = route.underLanguage
    ? {}
    : { 'client-secret': t.config.formsClientSecret };
  const request = buildRequest(route, fuzz, extra);
  const refusedBySchema = schemaRefuses(route, fuzz);
  // Only an accepted request starts background work; waiting after every case would double the run time.
  if (route.writes && backgroundMayRun) {
    await backgroundSettled(t.database);
    backgroundMayRun = false;
  }
  const before = route.writes ? await rowCounts(t.database.db, tables) : undefined;
  const response = await send(t, caller, request);
  if (endsSessions(route)) callers.clear();
  const status = response.statusCode;
  if (status < 300) backgroundMayRun = true;
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}: ${JSON.stringify(response.body.slice(0, 200))}`);
  if (refusedBySchema && status < 400) problems.push(`accepted (${status}) a value its field schema refuses`);
  if (status >= 400 && status < 500) {
    // The public forms API is outside /{lang}/api: it answers in the default language by design (docs/client-area.md).
    const problem = refusalProblem(response, route.underLanguage);
    if (problem) problems.push(`${status}: ${problem}`);
    if (before) {
      const after = await rowCounts(t.database.db, tables);
      const recordsAttempt = ACCOUNT_FLOWS.has(route.path) && !refusedBySchema && status !== 422;
      const changes = countChanges(before, after).filter(
        (change) => !(recordsAttempt && ATTEMPT_RECORDS.has(change.split(':')[0] as string)),
      );
      if (changes.length) problems.push(`refused write (${status}) changed rows: ${changes.join(', ')}`);
    }
  }
  const label = `${route.method} ${route.path} ${JSON.stringify(fuzz).slice(0, 160)} → ${String(request.url).slice(0, 160)}`;
  return { problems: problems.map((p) => `${label}: ${p}`), response };
}

describe('every API route from its contract schema', () => {
  test('has routes and fields to fuzz', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => r.fields.length > 0).length).toBeGreaterThan(40);
  });

  test('hostile values and requests never answer 5xx, always a localized 4xx, never a partial write', async () => {
    const problems: string[] = [];
    const unreached: string[] = [];
    for (const [index, route] of routes.entries()) {
      const samples = fc.sample(caseArbitrary(route), {
        seed: SEED + index,
        numRuns: rendersDocument(route) ? RUNS_PER_DOCUMENT_ROUTE : RUNS_PER_ROUTE,
      });
      const routeStart = Date.now();
      let validated = false;
      for (const fuzz of samples) {
        const { problems: found, response } = await runCase(route, fuzz);
        problems.push(...found);
        const { statusCode } = response;
        if (statusCode < 300 || (statusCode === 400 && 'errors' in response.json())) validated = true;
      }
      // The random cases may all have been ones the schema accepts (then a 404 says nothing about validation): one
      // value the field's own schema refuses must then be answered with field errors.
      const refused = validated ? undefined : refusedCase(route);
      if (refused) {
        const { problems: found, response } = await runCase(route, refused);
        problems.push(...found);
        if (response.statusCode === 400 && 'errors' in response.json()) validated = true;
      }
      routeTimes.push([`${route.method} ${route.path}`, Date.now() - routeStart]);
      // A case list that never got past the guard (no schema 400, no success) fuzzed nothing: wrong caller kind.
      if (route.fields.length > 0 && !validated) unreached.push(`${route.method} ${route.path}`);
    }
    // The message carries the findings: the end of a CI log shows an assertion's first line only.
    expect(unreached, unreached.join('; ')).toEqual([]);
    expect(problems.slice(0, 30), problems.slice(0, 3).join(' | ')).toEqual([]);
  }, 300_000);

  test('integer fields refuse 01, +1, 1e1, "1 " and the like; integer lists refuse one bad element', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const [field, spec] of route.fields.entries()) {
        const values: unknown[] = [];
        if (isIntegerField(spec)) {
          values.push(...(PADDED_MONTHS.has(spec.name) ? NOT_AN_ID.filter((v) => v !== '01') : NOT_AN_ID));
          if (spec.part === 'querystring') values.push(['1', '1']);
        }
        if (isIntegerListField(spec)) values.push(...LIST_WITH_A_BAD_ELEMENT);
        for (const value of values) {
          checked++;
          const { problems: found, response } = await runCase(route, {
            lang: 'ja',
            hostile: { field, value },
            envelope: 'none',
          });
          problems.push(...found);
          const errors: Record<string, string[]> = response.statusCode === 400 ? response.json().errors : {};
          const onField = Object.keys(errors ?? {}).some(
            (key) => key === spec.name || key.startsWith(`${spec.name}.`),
          );
          if (!onField)
            problems.push(
              `${route.method} ${route.path} ${spec.part}.${spec.name}=${JSON.stringify(value)} was not refused on the field: ${response.statusCode} ${JSON.stringify(response.body.slice(0, 120))}`,
            );
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems.slice(0, 40), problems.slice(0, 3).join(' | ')).toEqual([]);
  }, 300_000);
});
