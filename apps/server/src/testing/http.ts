import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const BASE = '/angel/face';
export const api = (path: string, lang = 'en') => `${BASE}/${lang}/api${path}`;

/**
 * A tiny browser: keeps its cookies (the session, the CSRF cookie of a visitor without a session, the device
 * cookie) and the CSRF token between calls, sends the Host of one site.
 */
export class ApiAgent {
  /** Cookie name → value, as a browser on this host would send them. */
  readonly jar = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    readonly host = 'afs.localhost',
    readonly lang = 'en',
  ) {}

  /** The Cookie header this agent sends; assigning one replaces every cookie (to replay or move a session). */
  get cookie(): string | undefined {
    if (this.jar.size === 0) return undefined;
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  set cookie(header: string | undefined) {
    this.jar.clear();
    for (const part of header?.split(';') ?? []) {
      const at = part.indexOf('=');
      if (at > 0) this.jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
    }
  }

  async request(options: InjectOptions & { withCsrf?: boolean }): Promise<LightMyRequestResponse> {
    const { withCsrf = true, ...rest } = options;
    const headers: Record<string, string> = { host: this.host, ...(rest.headers as Record<string, string>) };
    const cookie = this.cookie;
    if (cookie) headers.cookie = cookie;
    if (withCsrf && this.csrfToken && rest.method && rest.method !== 'GET')
      headers['x-csrf-token'] = this.csrfToken;
    const response = await this.app.inject({ ...rest, headers });
    for (const set of response.cookies) {
      const expired = set.expires !== undefined && new Date(set.expires).getTime() <= Date.now();
      if (!set.value || expired || set.maxAge === 0) this.jar.delete(set.name);
      else this.jar.set(set.name, set.value);
    }
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
