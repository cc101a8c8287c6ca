import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { en } from '../../i18n/en.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import type { TestContext } from '../../testing/test-app.js';
import type { Principal } from './route-table.js';

/** Every English message of the catalogue: a ja or zh answer must not be one of them. */
export const ENGLISH_MESSAGES = new Set<string>();
(function collect(node: unknown) {
  if (typeof node === 'string') ENGLISH_MESSAGES.add(node);
  else if (node && typeof node === 'object') for (const child of Object.values(node)) collect(child);
})(en);

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;

/** Why a 4xx body is not a clear refusal in the request's language, or undefined when it is one. */
export function refusalProblem(response: LightMyRequestResponse, localized: boolean): string | undefined {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `body is not JSON: ${response.body.slice(0, 120)}`;
  }
  const messages: unknown[] = [];
  if (body && typeof body === 'object' && 'error' in body) messages.push(body.error);
  else if (
    body &&
    typeof body === 'object' &&
    'errors' in body &&
    body.errors &&
    typeof body.errors === 'object'
  )
    for (const list of Object.values(body.errors)) messages.push(...(Array.isArray(list) ? list : [list]));
  else return `body has neither error nor errors: ${response.body.slice(0, 120)}`;
  if (messages.length === 0) return 'no message';
  for (const message of messages) {
    if (typeof message !== 'string' || message.trim() === '')
      return `message is not text: ${String(message)}`;
    if (localized && (ENGLISH_MESSAGES.has(message) || !CJK.test(message)))
      return `message not in the request's language: ${message}`;
  }
  return undefined;
}

/** A caller of one kind, signed in (or an anonymous visitor holding the CSRF cookie), on the host of its area. */
export interface Caller {
  agent: ApiAgent;
  host: string;
}

const LOGINS: Record<Exclude<Principal, 'anonymous'>, { host: string; login: string }> = {
  client: { host: 'afs.localhost', login: 'AG10000001' },
  producer: { host: 'afs.localhost', login: 'partner1' },
  staff: { host: 'staff.localhost', login: 'staff1' },
};

export async function callerOf(t: TestContext, principal: Principal): Promise<Caller> {
  if (principal === 'anonymous') {
    const agent = new ApiAgent(t.app, 'afs.localhost');
    await agent.me();
    return { agent, host: agent.host };
  }
  const { host, login } = LOGINS[principal];
  const agent = new ApiAgent(t.app, host);
  await signInAs(t, agent, login);
  return { agent, host };
}

/** Sends a fuzz request as the caller: its host, its cookies (next to any the case adds), its CSRF token. */
export function send(
  t: TestContext,
  caller: Caller,
  request: InjectOptions & { withCsrf: boolean },
): Promise<LightMyRequestResponse> {
  const { withCsrf, ...rest } = request;
  const headers: Record<string, string> = { ...(rest.headers as Record<string, string>), host: caller.host };
  const cookie = [caller.agent.cookie, headers.cookie].filter(Boolean).join('; ');
  if (cookie) headers.cookie = cookie;
  if (withCsrf && caller.agent.csrfToken && rest.method !== 'GET')
    headers['x-csrf-token'] = caller.agent.csrfToken;
  return t.app.inject({ ...rest, headers });
}
