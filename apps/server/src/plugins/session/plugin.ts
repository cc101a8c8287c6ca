import type {} from '@fastify/cookie';
import { CSRF_HEADER } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { anonymousCsrfToken, type CsrfScope, csrfNonceOf, newCsrfNonce } from './anonymous-csrf.js';
import {
  type CookieScheme,
  clearPortalCookie,
  cookieDuplicated,
  cookieScheme,
  singleCookie,
} from './cookies.js';
import { summaryFromRow, type UserSummary } from './current-user.js';
import { MFA_ENROLMENT } from './pending-otp.js';
import { type Principal, principalOf } from './principal.js';
import {
  deleteSession,
  findSession,
  findSessionWithSummary,
  insertSession,
  type SessionRow,
  touchSession,
} from './queries.js';
import {
  type CachedSession,
  SESSION_CHANGES_CHANNEL,
  SessionCache,
  type SessionCacheLookups,
} from './session-cache.js';
import { registerSessionCache } from './session-changes.js';
import { randomToken, safeEqual, sha256 } from './tokens.js';

/** lastSeenAt is written at most this often, so reads do not turn into a write per request. */
const TOUCH_INTERVAL_MS = 60_000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type Session = SessionRow;

declare module 'fastify' {
  interface FastifyRequest {
    /** The valid session of this request, or null (none, expired, or for another site). */
    session: Session | null;
    /** The signed-in, active user of the session, or null. */
    principal: Principal | null;
    /** On routes with `sessionLoad: 'withSummary'` and a valid session: the principal as `/me` shows them. */
    userSummary: UserSummary | null;
  }
}

export interface SessionControl {
  /**
   * The CSRF token for this request's next write: the session's, or for a visitor without a session the signed
   * token of their CSRF cookie (set here when missing). Writes nothing to the database.
   */
  csrfToken(request: FastifyRequest, reply: FastifyReply): string;
  /**
   * Replaces the session with a fresh one for this user: new id and new CSRF token, so an id planted before sign-in
   * (session fixation) is worthless afterwards. The only place a session row is made: at sign-in, or when a
   * correct password leaves a login waiting for its one-time code (userId null).
   */
  rotate(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number | null,
    /** Written with the new row (pending-otp.ts keys), so a sign-in step costs no second write. */
    data?: Record<string, unknown>,
    /** The account a second step waits for (pending-otp.ts), written with the row likewise. */
    otpUserId?: number,
  ): Promise<Session>;
  /** Ends the session; answers the visitor's new CSRF token (a fresh cookie, no row). */
  end(request: FastifyRequest, reply: FastifyReply): Promise<string>;
  /** Records activity now, whatever the touch interval: the "stay signed in" answer to the idle warning. */
  touch(request: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: a call to this route is not activity (the page asking how long the session has left must not itself
     * keep the session alive).
     */
    sessionActivity?: boolean;
    /**
     * 'withSummary': the session hook also reads what `/me` shows of the signed-in person, in the same statement
     * (findSessionWithSummary), and leaves it in `request.userSummary`. 'none': a route that is the same for
     * everyone (site info) reads no session at all; it is then no activity either, and takes no writes.
     */
    sessionLoad?: 'withSummary' | 'none';
    /**
     * true: the route answers a session that must first enrol a second factor (pending-otp.ts MFA_ENROLMENT);
     * every other API route answers it 403 with `reason: 'mfa_enrolment_required'`.
     */
    duringMfaEnrolment?: boolean;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionControl;
  }
}

export interface SessionPluginOptions {
  config: Config;
  db: Db;
  /** Where session changes are heard (Database.listen); without it, or with SESSION_CACHE=off, nothing is cached. */
  listen?: Database['listen'];
  now?: () => Date;
  /** Where the session cache counts its hits and misses (the app's metrics read them). */
  cacheLookups?: SessionCacheLookups;
}

const scopeOf = (request: FastifyRequest): CsrfScope => ({
  siteCode: request.site.code,
  internal: request.site.features.internal,
});

/**
 * Every state-changing API call must carry a CSRF token; 422 otherwise (the client re-reads /me). With a session,
 * the session's own token; without one, the token signed for the visitor's CSRF cookie on this site and host kind.
 */
export function csrfTokenMatches(request: FastifyRequest, secret: string, cookies: CookieScheme): boolean {
  const sent = request.headers[CSRF_HEADER];
  const token = Array.isArray(sent) ? sent[0] : sent;
  if (!token) return false;
  if (request.session) return safeEqual(token, request.session.csrfToken);
  const nonce = csrfNonceOf(singleCookie(request, cookies.names.csrf));
  return !!nonce && safeEqual(token, anonymousCsrfToken(secret, nonce, scopeOf(request)));
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: SessionPluginOptions) => {
    const { config, db } = opts;
    const now = opts.now ?? (() => new Date());
    const cookies = cookieScheme(config);
    const { names } = cookies;

    const setCookie = (reply: FastifyReply, id: string, expires: Date) =>
      reply.setCookie(names.session, id, {
        ...cookies.base,
        ...(cookies.persistentSession ? { expires } : {}),
      });

    /** A new CSRF cookie for a visitor without a session; it lasts as long as the browser session. */
    const issueAnonymousToken = (request: FastifyRequest, reply: FastifyReply) => {
      const nonce = newCsrfNonce();
      reply.setCookie(names.csrf, nonce, cookies.base);
      return anonymousCsrfToken(config.sessionSecret, nonce, scopeOf(request));
    };

    const create = async (
      request: FastifyRequest,
      reply: FastifyReply,
      userId: number | null,
      extra: Record<string, unknown> = {},
      otpUserId: number | null = null,
    ) => {
      const id = randomToken();
      const at = now();
      const session = await insertSession(db, {
        idHash: sha256(id),
        siteCode: request.site.code,
        userId,
        otpUserId,
        csrfToken: randomToken(),
        ip: request.clientIp,
        // A session belongs to the kind of host that issued it: staff sessions are not carried onto public hosts.
        data: { ...extra, internal: request.site.features.internal },
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + config.sessionAbsoluteMs),
      });
      setCookie(reply, id, session.expiresAt);
      request.session = session;
      request.principal = null;
      return session;
    };

    const control: SessionControl = {
      csrfToken: (request, reply) => {
        if (request.session) return request.session.csrfToken;
        // A cookie naming a session that has ended (or belongs elsewhere) would cost a lookup on every call. A
        // doubled one stays: clearing ours would leave the planted one alone, and it would be read next time.
        if (request.cookies[names.session] && !cookieDuplicated(request, names.session))
          clearPortalCookie(reply, cookies, 'session');
        const nonce = csrfNonceOf(singleCookie(request, names.csrf));
        if (nonce) return anonymousCsrfToken(config.sessionSecret, nonce, scopeOf(request));
        return issueAnonymousToken(request, reply);
      },
      rotate: async (request, reply, userId, data, otpUserId) => {
        if (request.session) await deleteSession(db, request.session.idHash);
        // From here the session's own token protects the writes; the visitor's cookie has served its purpose.
        if (request.cookies[names.csrf]) clearPortalCookie(reply, cookies, 'csrf');
        return create(request, reply, userId, data, otpUserId ?? null);
      },
      end: async (request, reply) => {
        if (request.session) await deleteSession(db, request.session.idHash);
        request.session = null;
        request.principal = null;
        clearPortalCookie(reply, cookies, 'session');
        return issueAnonymousToken(request, reply);
      },
      touch: async (request) => {
        if (!request.session) return;
        const at = now();
        await touchSession(db, request.session.idHash, at);
        request.session.lastSeenAt = at;
      },
    };

    app.decorate('sessions', control);

    const cache = new SessionCache(undefined, opts.cacheLookups);
    if (opts.listen && config.sessionCache) {
      const unregister = registerSessionCache(cache);
      const listener = await opts.listen(SESSION_CHANGES_CHANNEL, {
        payload: (text) => cache.forgetNotified(text),
        connected: (isConnected) => cache.setListening(isConnected),
      });
      app.addHook('onClose', async () => {
        unregister();
        await listener.close();
      });
    }
    // A cached entry is served only while no touch is due (and so never when idle), within its absolute expiry.
    const servedFromCache = Math.min(TOUCH_INTERVAL_MS, config.sessionIdleMs);
    const cachedFor = (idHash: string, withSummary: boolean, at: number): CachedSession | undefined => {
      const entry = cache.get(idHash);
      if (!entry || (withSummary && !entry.summary)) return undefined;
      const { session } = entry;
      if (session.expiresAt.getTime() <= at || at - session.lastSeenAt.getTime() > servedFromCache)
        return undefined;
      return entry;
    };
    app.decorateRequest('session', null);
    app.decorateRequest('principal', null);
    app.decorateRequest('userSummary', null);

    /** Loads the session named by the cookie, dropping it when expired, idle too long, or issued by another site. */
    const loadSession = async (request: FastifyRequest, id: string) => {
      const load = request.routeOptions.config?.sessionLoad;
      const idHash = sha256(id);
      const withSummary = load === 'withSummary';
      const at = now();
      const cached = cachedFor(idHash, withSummary, at.getTime());
      if (cached) return useSession(request, cached);
      const readAtGeneration = cache.generation;
      const found: CachedSession | undefined = withSummary
        ? await findSessionWithSummary(db, idHash)
        : await findSession(db, idHash);
      if (!found) return;
      const row = found.session;
      const idle = at.getTime() - row.lastSeenAt.getTime() > config.sessionIdleMs;
      if (row.expiresAt <= at || idle) {
        await deleteSession(db, idHash);
        return;
      }
      if (!belongsHere(request, row)) return;
      const isActivity = request.routeOptions.config?.sessionActivity !== false;
      if (isActivity && at.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await touchSession(db, idHash, at);
        row.lastSeenAt = at;
      }
      cache.set(idHash, found, readAtGeneration);
      useSession(request, found);
    };
    /** The session's site and host kind must be this request's: a cookie is not carried across sites. */
    const belongsHere = (request: FastifyRequest, row: SessionRow) =>
      row.siteCode === request.site.code && (row.data.internal === true) === request.site.features.internal;
    const useSession = (request: FastifyRequest, found: CachedSession) => {
      const row = found.session;
      if (!belongsHere(request, row)) return;
      request.session = row;
      request.principal = principalOf(found.user, row.siteCode);
      if (found.summary) request.userSummary = summaryFromRow(request.principal, found.summary);
    };
    // Callback hooks: a request without a session cookie, or on a route that reads none, goes on at once instead of
    // through a promise and the microtask queue (these run on every API call).
    app.addHook('onRequest', (request, _reply, done) => {
      // A doubled session cookie (one planted from a sibling subdomain) counts as none: signed out.
      const id = singleCookie(request, names.session);
      if (!id || request.routeOptions.config?.sessionLoad === 'none') return done();
      loadSession(request, id).then(() => done(), done);
    });

    // Before validation, so a forged write learns nothing about the body it would need. Having answered 422, the
    // hook does not call done(): that ends the request.
    app.addHook('preValidation', (request, reply, done) => {
      if (!UNSAFE_METHODS.has(request.method) || !request.routeOptions.url) return done();
      if (!csrfTokenMatches(request, config.sessionSecret, cookies)) {
        reply.code(422).send({ error: request.t('errors.csrf') });
        return;
      }
      done();
    });

    // A session that must enrol a second factor first reaches only enrolment, `/me` and logout (docs/auth.md).
    // Before validation, like the CSRF check: a held session learns nothing about the inputs of other routes.
    app.addHook('preValidation', (request, reply, done) => {
      const session = request.session;
      if (
        session?.data[MFA_ENROLMENT] !== true ||
        !request.principal ||
        request.routeOptions.config?.duringMfaEnrolment === true ||
        !request.routeOptions.url?.includes('/api/')
      )
        return done();
      reply
        .code(403)
        .header('cache-control', 'no-store')
        .send({ error: request.t('security.enrolmentRequired'), reason: 'mfa_enrolment_required' });
    });
  },
  { name: 'session', dependencies: ['request-context'] },
);
