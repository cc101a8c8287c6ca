import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const BASE = '/angel/face';
export const api = (path: string, lang = 'en') => `${BASE}/${lang}/api${path}`;

/** A tiny browser: keeps the session cookie and the CSRF token between calls, sends the Host of one site. */
export class ApiAgent {
  cookie: string | undefined;
  csrfToken: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    readonly host = 'afs.localhost',
    readonly lang = 'en',
  ) {}

  async request(options: InjectOptions & { withCsrf?: boolean }): Promise<LightMyRequestResponse> {
    const { withCsrf = true, ...rest } = options;
    const headers: Record<string, string> = { host: this.host, ...(rest.headers as Record<string, string>) };
    if (this.cookie) headers.cookie = this.cookie;
    if (withCsrf && this.csrfToken && rest.method && rest.method !== 'GET')
      headers['x-csrf-token'] = this.csrfToken;
    const response = await this.app.inject({ ...rest, headers });
    const set = response.cookies.find((c) => c.name === 'portal_sid');
    if (set) this.cookie = set.value ? `portal_sid=${set.value}` : undefined;
    return response;
  }

  get(path: string) {
    return this.request({ method: 'GET', url: api(path, this.lang) });
  }

  /** Reads /me like the SPA does on load, and keeps its CSRF token for later writes. */
  async me() {
    const response = await this.get('/me');
    this.csrfToken = response.json().csrfToken;
    return response;
  }

  send(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    opts: { withCsrf?: boolean } = {},
  ) {
    return this.request({
      method,
      url: api(path, this.lang),
      payload: payload as InjectOptions['payload'],
      ...opts,
    });
  }
}
