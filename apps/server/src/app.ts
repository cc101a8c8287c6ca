import cookie from '@fastify/cookie';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import { PUBLIC_FORMS_PREFIX, parseLanguage } from '@portal/contract';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { queryInBatchesFor } from './db/query-in-batches.js';
import { JobQueue } from './jobs/queue.js';
import { createMailQueue } from './mail/mail-queue.js';
import { publicFormsRoutes } from './modules/forms/index.js';
import { apiModules } from './modules/index.js';
import { healthRoutes, SiteCache } from './modules/system/index.js';
import { createInbox, createNotifier, mailChannel, smsChannel } from './notifications/index.js';
import { createPortalMetrics, type PortalMetrics } from './observability/metrics.js';
import { requestSpansPlugin } from './observability/request-spans.js';
import {
  clientErrorHandler,
  errorHandlerPlugin,
  frameworkErrorHandler,
  replyError,
} from './plugins/errors.js';
import { fromAnotherSite } from './plugins/fetch-metadata.js';
import { acceptEmptyJsonBodies } from './plugins/json-body.js';
import { loadSheddingPlugin } from './plugins/load-shedding.js';
import { loggerOptions } from './plugins/logging.js';
import { parseQueryString } from './plugins/query-string.js';
import { rateLimiterFor } from './plugins/rate-limit/index.js';
import { postgresLeaseStore } from './plugins/rate-limit/leases.js';
import { requestContextPlugin } from './plugins/request-context.js';
import { sessionPlugin } from './plugins/session/plugin.js';
import type { SessionCacheLookups } from './plugins/session/session-cache.js';
import { registerSpa } from './plugins/spa.js';
import { userWorkLimitsPlugin } from './plugins/user-work-limits.js';
import { createRenderPool } from './render-pool/pool.js';

/**
 * One registered route, one per method: the authorization matrix (testing/authorization-matrix) needs an entry for
 * each, and the fuzz tests (security/) walk their zod schemas.
 */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of this app as registered, in order; filled by an onRoute hook added before any route. */
    routeTable: readonly RegisteredRoute[];
    /** The app's Prometheus metrics; undefined unless METRICS_PORT is set (main.ts serves them on that port). */
    metrics: PortalMetrics | undefined;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Clock for sessions and tokens; tests move it. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** A span per request (observability/request-spans.ts): main.ts sets it when OTEL_EXPORTER_OTLP_ENDPOINT started tracing. */
  tracing?: boolean;
}

/** A hop count trusts that many proxies nearest the server (proxy-addr semantics). */
function trustProxyOption(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

export function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // The SPA names system fonts only and serves no font file (helmet's default would allow any https: or data:
        // font); 'self' leaves room for a font the build itself ships.
        fontSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        // The staff header's search box submits to the back-office site.
        formAction: config.backOfficeUrl ? ["'self'", new URL(config.backOfficeUrl).origin] : ["'self'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    strictTransportSecurity: config.cookieSecure,
  };
}

/**
 * The headers helmet sets, computed once. @fastify/helmet builds the whole helmet middleware (CSP directives parsed
 * and checked, a dozen header values) on every request, although with static options the values never change:
 * the request-path profiles (docs/performance/request-path.md) showed it on every route. So ask it once, on a throwaway
 * instance with the same options, and keep what it added to a plain response. Same names, same values; only the
 * per-request work is gone.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = async (withHelmet: boolean) => {
    const server = Fastify({ logger: false });
    if (withHelmet) await server.register(helmet, options);
    server.get('/', async () => 'probe');
    const response = await server.inject({ url: '/' });
    await server.close();
    return response.headers;
  };
  const [plain, secured] = [await probe(false), await probe(true)];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured))
    if (plain[name] === undefined && typeof value === 'string') headers[name] = value;
  return headers;
}

/** Builds the whole server: plugins, then the API under `{basePath}/{lang}/api`, then the SPA. No side effects. */
export async function buildApp({
  config,
  database,
  now,
  logger,
  tracing,
}: AppDeps): Promise<FastifyInstance> {
  const securityHeaders = await helmetHeaders(helmetOptions(config));
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // While draining, a request that still arrives on an open connection is served (with Connection: close) rather
    // than refused; readiness answers 503 "shutting down" in the caller's language (modules/system/health-routes.ts).
    return503OnClosing: false,
    routerOptions: { querystringParser: parseQueryString },
    // A URL the router cannot take is refused before any hook runs; the portal's body and headers, not Fastify's.
    frameworkErrors: frameworkErrorHandler(config.basePath, securityHeaders),
    // A request Node's parser refuses (a malformed chunked body, an unreadable header): the same, at socket level.
    clientErrorHandler: clientErrorHandler(config.basePath, securityHeaders),
  });
  // First, so it sees every route, including those of plugins registered below and the automatic HEAD routes.
  const routeTable: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, schema: route.schema });
  });
  app.decorate('routeTable', routeTable);
  // Before every other hook: a refused or failed request is in its trace too.
  if (tracing) await app.register(requestSpansPlugin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);

  await app.register(cookie);
  // Every response, errors and the SPA included, as @fastify/helmet's own onRequest hooks set them.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(requestContextPlugin, { config });
  await app.register(errorHandlerPlugin);
  await app.register(loadSheddingPlugin, { maxInFlight: config.maxInFlight });
  // Before any route: it caps, per person, the routes that do work (lists, previews, downloads).
  await app.register(userWorkLimitsPlugin, {
    basePath: config.basePath,
    limits: config.userWork,
    admission: config.workAdmission,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Portal API',
        version: '1.0.0',
        description: 'Every path is prefixed by {basePath}/{lang}/api.',
      },
    },
    transform: jsonSchemaTransform,
  });

  const { db } = database;
  const limiter = rateLimiterFor(config, db, now ?? (() => new Date()), app.log);
  // Jobs (e-mails) start with the app and stop with it: running jobs finish, waiting ones stay in the database.
  // Stopped before the limiter closes, since a running job counts its per-person limit.
  const jobs = new JobQueue(database, { runWorkers: config.jobWorkers, log: app.log });
  // The notification centre's writes: its rows, and each delivery's attempts (the mail and SMS queues report them).
  const inbox = createInbox(db, now ?? (() => new Date()));
  const mail = createMailQueue(jobs, config, app.log, (id, outcome) => inbox.attempt(id, outcome));
  // Notices reach people in the notification centre and by the channels their preferences choose, through durable
  // queues (docs/notifications.md).
  const notifier = createNotifier(
    [mailChannel(mail), smsChannel(jobs, config, app.log, undefined, inbox)],
    app.log,
    inbox,
  );
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    mail.mailer.close();
  });
  app.addHook('onClose', () => limiter.close());
  // Closed after the server stops accepting: in-flight renders finish (their downloads complete), then threads stop.
  // On PostgreSQL several processes may serve one person: their render cap is counted in the database (decision 026).
  const renderPool = createRenderPool(
    config,
    database.kind === 'postgres'
      ? postgresLeaseStore(db, { name: 'render', secret: config.sessionSecret, log: app.log })
      : undefined,
  );
  app.addHook('onClose', () => renderPool.close());
  app.decorate('renderPool', renderPool);
  // A listening server starts its render threads at once, so no download waits for them; apps that are only
  // injected into (tests, scripts) start them on their first render.
  app.addHook('onListen', async () => renderPool.warm());
  // Sites in memory: loaded before the server listens, refreshed every 30 s (modules/system/site-cache.ts).
  const siteCache = new SiteCache(db, app.log, config.backOfficeUrl);
  app.decorate('siteCache', siteCache);
  app.addHook('onReady', () => siteCache.start());
  app.addHook('onClose', async () => siteCache.stop());
  const sessionLookups: SessionCacheLookups = { hit: 0, miss: 0, off: 0 };
  // Only when asked for: without METRICS_PORT no hook is added and nothing is timed.
  app.decorate(
    'metrics',
    config.metrics ? createPortalMetrics({ app, database, jobs, renderPool, sessionLookups }) : undefined,
  );
  const queryInBatches = queryInBatchesFor(database, config.exportStatementTimeoutMs);
  await app.register(healthRoutes, {
    ping: database.ping,
    dependencies: () => ({
      replicas: database.replicas?.status() ?? [],
      jobQueue: { state: jobs.state.running ? 'ok' : 'stopped', workers: jobs.state.workers },
      renderPool: { state: renderPool.state, threads: renderPool.threads, queued: renderPool.queued },
    }),
  });
  await app.register(
    async (api) => {
      // Synchronous (a callback hook): it runs on every API call and waits for nothing. Having answered, it does not
      // call done(), which is how a callback hook ends the request early.
      api.addHook('onRequest', (request, reply, done) => {
        const lang = (request.params as { lang?: string }).lang;
        // What an API call answers depends on the session cookie (or says it is missing): no shared cache may keep
        // it. A route that may be cached sets its own Cache-Control over this one.
        reply.header('cache-control', 'private, no-store');
        if (!parseLanguage(lang)) {
          replyError(request, reply, 404, 'errors.notFound');
          return;
        }
        if (fromAnotherSite(request)) {
          replyError(request, reply, 403, 'errors.crossSite');
          return;
        }
        done();
      });
      await api.register(sessionPlugin, {
        config,
        db,
        listen: database.listen,
        now,
        cacheLookups: sessionLookups,
      });
      for (const module of apiModules)
        await api.register(module, {
          config,
          db,
          now,
          limiter,
          jobs,
          mail,
          notifier,
          renderPool,
          queryInBatches,
          listen: database.listen,
        });
    },
    { prefix: `${config.basePath}/:lang/api` },
  );
  // The public forms API (docs/client-area.md) is not under /{lang}/api: it takes client_lang and a client-secret
  // header.
  await app.register(publicFormsRoutes, {
    config,
    db,
    now,
    limiter,
    jobs,
    mail,
    notifier,
    renderPool,
    queryInBatches,
    prefix: `${config.basePath}${PUBLIC_FORMS_PREFIX}`,
  });
  if (config.apiDocs) {
    app.get(`${config.basePath}/api-docs/openapi.json`, { schema: { hide: true } }, async () =>
      app.swagger(),
    );
  }
  await registerSpa(app, { webDist: config.webDist, basePath: config.basePath });
  return app;
}
