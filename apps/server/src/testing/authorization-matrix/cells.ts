import type { LightMyRequestResponse } from 'fastify';
import type { RegisteredRoute } from '../../app.js';
import type { ApiAgent } from '../http.js';
import { API, type EntryContext, type MatrixEntry, type MatrixRequest, type Target } from './entries.js';
import { allResources, type Fixtures } from './fixtures.js';
import { canRead, expectedStatus, HOSTS, type HostKey, type Principal } from './principals.js';

/** One cell: a route, a request filled with one party's ids, a host, a principal; what must come back. */
export interface Cell {
  entry: MatrixEntry;
  target: Target;
  host: HostKey;
  asker: Principal;
  /** The principal as the host sees them: nobody when their session belongs to another host. */
  seenAs: Principal;
  method: MatrixRequest['method'];
  expected: number;
}

const NOBODY: Principal = { key: 'anonymous', role: 'nobody signed in', permissions: new Set() };

/** `GET /x` and its automatic `HEAD /x` are one route for the matrix: the same hooks and handler answer both. */
const routeKey = (method: string, url: string) => `${method} ${url}`;

/** Routes the app registers without a matrix entry, and entries that match no route. */
export function coverage(routes: readonly RegisteredRoute[], matrix: MatrixEntry[]) {
  const entries = new Set(matrix.map((e) => routeKey(e.method, e.url)));
  const registered = new Set(routes.map((r) => routeKey(r.method, r.url)));
  const missing = routes
    .filter((r) => !entries.has(routeKey(r.method === 'HEAD' ? 'GET' : r.method, r.url)))
    .map((r) => routeKey(r.method, r.url));
  const unmatched = [...entries].filter((key) => !registered.has(key));
  const headless = matrix.filter((e) => e.head && !registered.has(routeKey('HEAD', e.url))).map((e) => e.url);
  return { missing, unmatched: [...unmatched, ...headless.map((url) => `HEAD ${url}`)] };
}

/**
 * Every cell of the matrix: entries × their targets × hosts × principals (× HEAD where the route has its own). A
 * principal on a host other than their own carries a cookie that names no session there: they ask as nobody, once
 * per route and host (the first target), since every other target would only repeat the anonymous cells.
 */
export function buildCells(
  matrix: MatrixEntry[],
  f: Fixtures,
  ctx: EntryContext,
  principals: Principal[],
): Cell[] {
  const cells: Cell[] = [];
  for (const entry of matrix) {
    for (const [index, target] of entry.targets(f, ctx).entries()) {
      for (const host of Object.keys(HOSTS) as HostKey[]) {
        for (const asker of principals) {
          const seenAs = asker.home === host ? asker : NOBODY;
          if (asker.home !== undefined && asker.home !== host && index > 0) continue;
          const expected =
            entry.access === 'public'
              ? (target.ok ?? entry.ok)
              : entry.access === 'signedIn'
                ? seenAs.kind
                  ? entry.ok
                  : 401
                : expectedStatus(entry.access, host, seenAs, { ...target, ok: target.ok ?? entry.ok });
          const methods = entry.head ? [entry.method, 'HEAD' as const] : [entry.method];
          for (const method of methods) cells.push({ entry, target, host, asker, seenAs, method, expected });
        }
      }
    }
  }
  return cells;
}

/**
 * The identifiers a principal may not see in a body: every fixture party's, minus those of resources they may read.
 * Staff with the Revenues menu read the whole back office; nobody else reads anything that is not theirs.
 */
export function foreignIdentifiers(f: Fixtures, p: Principal): Set<string> {
  if (p.kind === 'staff' && p.permissions.has('revenues')) return new Set();
  const visible = new Set<string>();
  for (const resource of allResources(f))
    if (canRead(p, resource.readers)) for (const id of resource.identifiers) visible.add(id);
  return new Set(f.allIdentifiers.filter((id) => !visible.has(id)));
}

const TEXT = /json|html|text|xml/;

/** Sends a cell's request with the agent of its principal on its host. */
export function send(agent: ApiAgent, request: MatrixRequest, method: Cell['method']) {
  const base = request.url ?? API.replace(':lang', agent.lang) + (request.path ?? '');
  const query = request.query ? `?${new URLSearchParams(request.query as Record<string, string>)}` : '';
  return agent.request({
    method,
    url: base + query,
    payload: request.payload as never,
    headers: request.headers,
  });
}

/** What is wrong with a cell's answer: a status other than expected, or a foreign identifier in a text body. */
export function judge(
  cell: Cell,
  response: LightMyRequestResponse,
  forbidden: Set<string>,
  all: string[],
): string[] {
  const problems: string[] = [];
  if (response.statusCode !== cell.expected)
    problems.push(`status ${response.statusCode}, expected ${cell.expected}`);
  const type = String(response.headers['content-type'] ?? '');
  if (cell.method === 'HEAD' || (response.body.length > 0 && !TEXT.test(type))) return problems;
  // A refusal carries nobody's data; an answer only what the asker may read.
  const banned = response.statusCode >= 400 ? all : [...forbidden];
  const leaked = banned.filter((id) => response.body.includes(id));
  if (leaked.length > 0) problems.push(`body names ${leaked.join(', ')}`);
  return problems;
}

export const cellName = (c: Cell) =>
  `${c.method} ${c.entry.url} [${c.target.label}] on ${c.host} as ${c.asker.key}${c.seenAs === c.asker ? '' : ' (session of another host)'}`;
