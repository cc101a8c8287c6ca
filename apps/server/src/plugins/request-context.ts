import { isIP } from 'node:net';
import { DEFAULT_LANGUAGE, type Language, parseLanguage, type SiteCode } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, DEFAULT_FEATURES, type HostSite } from '../config.js';
import { type Translate, translator } from '../i18n/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site this request is for, resolved from its Host header. */
    site: HostSite;
    /** The language of the `/{lang}/api` prefix (default en outside the API). */
    language: Language;
    t: Translate;
    /**
     * The caller's address when it is a well-formed IP, else null. Behind a trusted proxy it comes from
     * X-Forwarded-For, which is text: it must not reach an inet column unchecked.
     */
    clientIp: string | null;
  }
}

/** Strips the port and lower-cases, so "AFS.localhost:3000" and "afs.localhost" are the same site. */
export function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0] ?? '';
}

export function resolveSite(
  config: Pick<Config, 'siteHosts' | 'defaultSite'>,
  hostHeader: string | undefined,
) {
  return (
    config.siteHosts.get(hostName(hostHeader)) ?? {
      code: config.defaultSite satisfies SiteCode,
      features: { ...DEFAULT_FEATURES },
    }
  );
}

const FIRST_SEGMENT = /^\/([^/?]+)/;

/**
 * Picks the language from the `:lang` route parameter, or, for a path no route matched (a 404), from the segment
 * after the base path, so even "not found" answers in the caller's language.
 */
function languageOf(request: FastifyRequest, basePath: string): Language {
  const params = request.params as { lang?: string } | undefined;
  if (params?.lang) return parseLanguage(params.lang) ?? DEFAULT_LANGUAGE;
  return languageOfUrl(request.url, basePath);
}

/** The language segment after the base path of a raw URL (`/angel/face/ja/api/...` → ja), else the default. */
export function languageOfUrl(url: string, basePath: string): Language {
  const path = url.startsWith(basePath) ? url.slice(basePath.length) : '';
  return parseLanguage(FIRST_SEGMENT.exec(path)?.[1]) ?? DEFAULT_LANGUAGE;
}

/** One translator per language for the life of the process: it is a pure function of its catalogue. */
const translators = new Map<Language, Translate>();
export function translatorFor(language: Language): Translate {
  let t = translators.get(language);
  if (!t) {
    t = translator(language);
    translators.set(language, t);
  }
  return t;
}

/** The caller's address as an inet column takes it, or null. */
function clientIpOf(ip: string): string | null {
  // PostgreSQL's inet takes no IPv6 zone ("%eth0"); the zone says nothing about who the client is anyway.
  const address = ip.includes('%') ? ip.slice(0, ip.indexOf('%')) : ip;
  return isIP(address) ? address : null;
}

/** Site, language, translator and address of a request: the request-context hook, and framework errors (app.ts). */
export function setRequestContext(request: FastifyRequest, config: Config): void {
  request.site = resolveSite(config, request.headers.host);
  request.language = languageOf(request, config.basePath);
  request.t = translatorFor(request.language);
  request.clientIp = clientIpOf(request.ip);
}

export const requestContextPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    app.decorateRequest('site', null as unknown as HostSite);
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    app.decorateRequest('t', null as unknown as Translate);
    app.decorateRequest('clientIp', null);
    // A callback hook, not an async one: nothing here waits, and an async hook costs every request a promise and a
    // trip through the microtask queue (docs/performance/request-path.md).
    app.addHook('onRequest', (request, _reply, done) => {
      setRequestContext(request, opts.config);
      done();
    });
  },
  { name: 'request-context' },
);
