import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BASE_PATH, type SiteCode, siteCodeSchema } from '@portal/contract';
import { z } from 'zod';
import { heavyLaneSize } from './db/lane.js';
import type { PoolTimeouts } from './db/pool.js';

const DEV_SECRET = 'development-only-secret-change-me-0123456789';
const DEV_FORMS_SECRET = 'dev-forms-secret';
/**
 * The documented development key of authenticator secrets (`dev1`, 32 bytes). Public, so production refuses it: with
 * it a copy of the database would give away every authenticator.
 */
const DEV_MFA_KEY = 'dev1:ZGV2ZWxvcG1lbnQtb25seS1tZmEta2V5LTAxMjM0NTY=';

/**
 * Everything the server reads from the environment, validated once at boot so a bad value stops the process with a
 * clear message instead of failing later on some request.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * How the hot routes write their answers: 'compiled' (fast-json-stringify) or 'checked' (zod parses each answer).
   * Default: compiled in production, checked elsewhere; the benchmark sets compiled to measure what production runs.
   */
  RESPONSE_SERIALIZER: z.enum(['compiled', 'checked']).optional(),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BASE_PATH: z
    .string()
    .regex(/^(\/[A-Za-z0-9._-]+)*$/, 'BASE_PATH must look like /angel/face (no trailing slash)')
    .default(DEFAULT_BASE_PATH),
  /** PostgreSQL server; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  DATA_DIR: z.string().default('./data'),
  /**
   * Streaming replicas for the read-only lists, reports, statements and documents (db/read-replicas.ts): one URL or
   * several, comma-separated. Unset: every read goes to DATABASE_URL.
   */
  DATABASE_READ_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** A replica further behind than this is passed over (reads go to the primary) until it catches up. */
  READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** Connections per replica (each replica's pool of searches); default ceil(DB_POOL_MAX / 2), at least 2. */
  DB_READ_POOL_MAX: z.coerce.number().int().min(1).max(200).optional(),
  /**
   * Prometheus metrics (observability/metrics.ts) on a listener of their own, never the public port. Unset: no
   * metrics are collected. METRICS_HOST: the address it binds to (loopback unless a scraper elsewhere needs it).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** OpenTelemetry traces sent over OTLP/HTTP (observability/tracing.ts). Unset: no tracing SDK is loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** The share of traces started by the portal that are kept (a caller's sampled traceparent is always followed). */
  TRACE_SAMPLE_RATIO: z.coerce.number().min(0).max(1).default(0.05),
  /** PostgreSQL pool limits (docs/operations.md, "Database faults and shutdown"). Ignored on PGlite. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(1500),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DB_FAIL_FAST_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** Connections of the heavy lane (report previews, export cursors); default a quarter of DB_POOL_MAX, at least 2. */
  DB_HEAVY_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * Requests one signed-in person may have under way at once, per kind (plugins/user-work-limits.ts); one more
   * answers 429 with Retry-After. Lists and searches; report previews; downloads, exports and documents.
   */
  USER_CONCURRENT_LISTS: z.coerce.number().int().min(1).max(100).default(4),
  USER_CONCURRENT_PREVIEWS: z.coerce.number().int().min(1).max(100).default(2),
  USER_CONCURRENT_DOWNLOADS: z.coerce.number().int().min(1).max(100).default(4),
  /**
   * Lists and report previews that run at once in this process, shared equally among the people asking
   * (plugins/work-admission.ts); default the machine's cores. Where the database has its own, larger machine, raise
   * it towards that machine's cores. WORK_QUEUE_WAIT_MS: how long one may wait for a turn before "busy" (503).
   */
  WORK_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  WORK_QUEUE_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Requests one process works on at once; more answer 503 with Retry-After at once (plugins/load-shedding.ts).
   * Sized to what the database pool clears within its query limit, not to what the event loop could accept.
   */
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(256),
  /** The longer statement limit of exports and reports (db/statement-timeout.ts). */
  DB_EXPORT_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** After SIGTERM, how long requests in flight (downloads included) may take before their sockets are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(25),
  /**
   * Host header → site, e.g. "afs.localhost=afs,ipc.localhost=ipc". A value suffixed ":internal" marks a staff
   * host: internal pages on, external pages off. Hosts not listed get DEFAULT_SITE with external pages only.
   */
  SITE_HOSTS: z
    .string()
    .default('afs.localhost=afs,ipc.localhost=ipc,absg.localhost=absg,staff.localhost=afs:internal'),
  DEFAULT_SITE: siteCodeSchema.default('afs'),
  /** Secret for HMAC of tokens and session ids; must be set in production. */
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** on: sessions read in the last minute are kept in memory, forgotten on any change (decision 027). */
  SESSION_CACHE: z.enum(['on', 'off']).default('on'),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(12),
  /** Cookies carry Secure only behind HTTPS; local demo runs on plain http. */
  COOKIE_SECURE: z.enum(['true', 'false']).default('false'),
  /**
   * `__Host-` cookie names with Path=/ (plants from sibling subdomains impossible). `auto`: on exactly when
   * COOKIE_SECURE=true, since browsers refuse the prefix without Secure (docs/security/sessions-and-headers.md).
   */
  COOKIE_HOST_PREFIX: z.enum(['auto', 'true', 'false']).default('auto'),
  /** false: the session cookie has no Expires and ends with the browser (the session itself still times out). */
  SESSION_COOKIE_PERSISTENT: z.enum(['true', 'false']).default('true'),
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  MAIL_FROM: z.string().default('Portal <no-reply@portal.localhost>'),
  OUTBOX_DIR: z.string().optional(),
  /**
   * Origins put into e-mailed links, per site: "afs=https://portal.example.com,ipc=https://ipc.example.com". A
   * site not named gets http(s)://<its first client/producer host in SITE_HOSTS>:<PORT> (local runs); production
   * must name every such site. Never taken from a request's Host header (decision 017).
   */
  PUBLIC_ORIGINS: z.string().default(''),
  /** False in a web-only process: it enqueues jobs (e-mails) but another process runs them. */
  JOB_WORKERS: z.enum(['true', 'false']).default('true'),
  /** Attempts after the first to send one e-mail, and the first wait (doubling, jittered) between them. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** Rate-limit counters live in Redis when set (e.g. redis://127.0.0.1:6379), otherwise in PostgreSQL. */
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().default('portal:'),
  /**
   * Keys that seal authenticator secrets at rest (AES-256-GCM): `id:base64-32-bytes`, comma-separated. The first
   * seals new secrets; the others still open older rows, so a key can be rotated (docs/security/account-security.md).
   */
  MFA_ENCRYPTION_KEY: z.string().default(DEV_MFA_KEY),
  /** Who must have a strong second factor (authenticator): any of client, producer, staff. */
  MFA_REQUIRED_FOR: z.string().default('producer,staff'),
  /** Days after which an account that must have a strong factor may sign in only to enrol one. */
  MFA_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** How long a second-factor check covers sensitive changes (password, factors, revenue edits). */
  STEP_UP_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
  /** Live notification streams one person may hold open in a process (tabs); one more answers 429 (polling). */
  NOTIFICATION_STREAMS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Live notification streams a process holds open in all; more answer 503 (the browsers poll). */
  NOTIFICATION_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(5000),
  /** SMS provider endpoint (POST JSON `{ to, text }`); unset = messages written to DATA_DIR/sms-outbox. */
  SMS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** Where SMS messages are written while SMS_URL is unset; default DATA_DIR/sms-outbox. */
  SMS_OUTBOX_DIR: z.string().optional(),
  /** Header value the public forms API expects from callers. */
  FORMS_CLIENT_SECRET: z.string().min(8).default(DEV_FORMS_SECRET),
  /**
   * Overrides the statement PDFs' CJK fonts (by default Noto Sans TC/JP/KR from npm): a Noto Sans CJK collection
   * (e.g. Debian's /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc) or one font file for every language.
   */
  PDF_FONT_PATH: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Worker threads rendering PDFs and other heavy documents (decision 015); default: the cores minus one, at least 1. */
  RENDER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** Renders that may wait for a free thread; more answer 503 with Retry-After. Default: 16 per thread. */
  RENDER_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Downloads one signed-in person may have rendering at once; more answer 429 with Retry-After. */
  RENDER_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  /**
   * Background report exports each process writes at once (decision 038); one person runs at most this minus one
   * (at least 1), so someone else's export always finds a worker.
   */
  EXPORT_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** Background exports that may wait, all people and processes together; more answer 503 with Retry-After. */
  EXPORT_QUEUE_MAX: z.coerce.number().int().min(1).max(10_000).default(50),
  /**
   * Root of the external back-office site: the staff menu entries the portal does not build, the header search and
   * the session edit link lead there. Unset (the default): those entries are shown disabled, with the reason.
   */
  BACK_OFFICE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** Folder of the built SPA; served when it exists. Defaults to apps/web/dist wherever the server starts from. */
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  /**
   * Behind a load balancer: how many proxies to trust (e.g. 1), or their addresses/CIDRs (e.g. 10.0.0.0/8). Never
   * "true": that would take a client-supplied X-Forwarded-For at its word and void every per-IP limit.
   */
  TRUST_PROXY: z.string().default('false'),
  /** Serve the OpenAPI document ({basePath}/api-docs/openapi.json); off by default in production. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo data into an empty database; never in production (its passwords are public). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
});

/** What a host serves: which site, and whether its external (client/producer) or internal (staff) pages. */
export interface HostSite {
  code: SiteCode;
  features: { external: boolean; internal: boolean };
}

export const DEFAULT_FEATURES = { external: true, internal: false } as const;

/** The kinds of work a person's requests are capped by (plugins/user-work-limits.ts). */
export type WorkKind = 'list' | 'preview' | 'download';

export interface Config {
  env: 'development' | 'production' | 'test';
  responseSerializer: 'compiled' | 'checked';
  host: string;
  port: number;
  basePath: string;
  databaseUrl: string | undefined;
  /** Streaming replicas for read-only work (db/read-replicas.ts); empty: the primary serves every read. */
  databaseReadUrls: string[];
  readMaxLagMs: number;
  dbReadPoolMax: number;
  /** Undefined: no metrics are collected (observability/metrics.ts). */
  metrics: { port: number; host: string } | undefined;
  /** Undefined: no traces (observability/tracing.ts). */
  otlpEndpoint: string | undefined;
  /** TRACE_SAMPLE_RATIO: the share of traces started here that are kept (decision 065). */
  traceSampleRatio: number;
  dataDir: string;
  dbPoolMax: number;
  dbTimeouts: PoolTimeouts;
  /** Connections of the heavy lane (db/lane.ts). */
  dbHeavyPoolMax: number;
  /** Requests under way at once per signed-in person, per kind of work (plugins/user-work-limits.ts). */
  userWork: Record<WorkKind, number>;
  /** Lists and previews running at once, shared out among the people asking (plugins/work-admission.ts). */
  workAdmission: { slots: number; waitMs: number; activeWindowMs: number };
  /** For withStatementTimeout in exports and reports. */
  exportStatementTimeoutMs: number;
  /** Requests in progress past which new ones answer 503 (plugins/load-shedding.ts). */
  maxInFlight: number;
  shutdownGraceMs: number;
  siteHosts: Map<string, HostSite>;
  defaultSite: SiteCode;
  sessionSecret: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  sessionCache: boolean;
  cookieSecure: boolean;
  /** Cookie names carry `__Host-` and Path=/ (plugins/session/cookies.ts). */
  cookieHostPrefix: boolean;
  /** The session cookie outlives the browser (Expires = the session's absolute end); false: a browser-session cookie. */
  sessionCookiePersistent: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  /** Scheme, host and port of e-mailed links, per site with client/producer pages (decision 017). */
  publicOrigins: Map<SiteCode, string>;
  jobWorkers: boolean;
  mailRetryLimit: number;
  mailRetryDelaySeconds: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  formsClientSecret: string;
  /** Second factors (docs/security/account-security.md). */
  mfa: MfaSettings;
  /** Undefined: SMS notices are written to `smsOutboxDir`. */
  smsUrl: string | undefined;
  smsOutboxDir: string;
  /** Live notification streams (docs/notifications.md): per person and per process. */
  notificationStreams: { perUser: number; max: number };
  /** Undefined: the fonts installed by npm. */
  pdfFontPath: string | undefined;
  /** The render pool (decision 015). */
  render: { threads: number; maxQueue: number; perUser: number };
  /** Background report exports (decisions 019, 026, 038). */
  exportJobs: { workers: number; queueMax: number };
  /** Undefined: no back office is configured (decision 035). */
  backOfficeUrl: string | undefined;
  webDist: string;
  logLevel: string;
  trustProxy: false | number | string[];
  apiDocs: boolean;
  seedDemo: boolean;
  /** True when the well-known development secret is in use (start-up warns). */
  usesDevelopmentSecret: boolean;
}

export interface MfaSettings {
  /** Key id → 32-byte key; `currentKeyId` seals new secrets. */
  keys: Map<string, Buffer>;
  currentKeyId: string;
  requiredFor: ReadonlySet<'client' | 'producer' | 'staff'>;
  graceMs: number;
  stepUpMs: number;
}

/** The keys that seal and open authenticator secrets. */
export type MfaKeys = Pick<MfaSettings, 'keys' | 'currentKeyId'>;

/**
 * The keys of MFA_ENCRYPTION_KEY alone (the demo seed and scripts, which load no full configuration); the
 * development key when unset.
 */
export function mfaKeysFromEnv(env: NodeJS.ProcessEnv = process.env): MfaKeys {
  return parseMfaKeys(env.MFA_ENCRYPTION_KEY || DEV_MFA_KEY);
}

function parseMfaKeys(raw: string): MfaKeys {
  const keys = new Map<string, Buffer>();
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [id, value = ''] = part.split(':');
    const key = Buffer.from(value, 'base64');
    if (!id || !/^[A-Za-z0-9_-]{1,16}$/.test(id) || key.length !== 32 || keys.has(id))
      throw new Error(`entry "${id ?? ''}" must be id:base64 of 32 bytes, ids unique`);
    keys.set(id, key);
  }
  const [currentKeyId] = keys.keys();
  if (!currentKeyId) throw new Error('at least one key is needed');
  return { keys, currentKeyId };
}

function parseMfaKinds(raw: string): MfaSettings['requiredFor'] {
  const kinds = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const allowed = ['client', 'producer', 'staff'] as const;
  const bad = kinds.filter((k) => !(allowed as readonly string[]).includes(k));
  if (bad.length > 0) throw new Error(`unknown audience ${bad.join(', ')} (client, producer, staff)`);
  return new Set(kinds as (typeof allowed)[number][]);
}

function parseSiteHosts(raw: string): Map<string, HostSite> {
  const map = new Map<string, HostSite>();
  const entries = raw.split(',').map((p) => p.trim());
  for (const pair of entries.filter(Boolean)) {
    const [host, value = ''] = pair.split('=').map((s) => s.trim().toLowerCase());
    const [site, mode] = value.split(':');
    const parsed = siteCodeSchema.safeParse(site);
    if (!host || !parsed.success || (mode !== undefined && mode !== 'internal')) {
      throw new Error(
        `SITE_HOSTS entry "${pair}" must be host=afs|ipc|absg, optionally followed by :internal`,
      );
    }
    const features = mode === 'internal' ? { external: false, internal: true } : { ...DEFAULT_FEATURES };
    map.set(host, { code: parsed.data, features });
  }
  return map;
}

/** Explicit PUBLIC_ORIGINS entries, then a local default for every other site that has an external host. */
function parsePublicOrigins(
  raw: string,
  siteHosts: Map<string, HostSite>,
  fallback: { scheme: 'http' | 'https'; port: number },
): { origins: Map<SiteCode, string>; explicit: Set<SiteCode> } {
  const origins = new Map<SiteCode, string>();
  for (const pair of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    const site = siteCodeSchema.safeParse(pair.slice(0, at).trim().toLowerCase());
    let url: URL | undefined;
    try {
      url = new URL(pair.slice(at + 1).trim());
    } catch {}
    const bare = url && /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash;
    if (at < 1 || !site.success || !url || !bare || url.username || url.password) {
      throw new Error(
        `entry "${pair}" must be site=scheme://host[:port], e.g. afs=https://portal.example.com`,
      );
    }
    origins.set(site.data, url.origin);
  }
  const explicit = new Set(origins.keys());
  const defaultPort = fallback.scheme === 'https' ? 443 : 80;
  const port = fallback.port === defaultPort ? '' : `:${fallback.port}`;
  for (const [host, site] of siteHosts) {
    if (site.features.external && !origins.has(site.code))
      origins.set(site.code, `${fallback.scheme}://${host}${port}`);
  }
  return { origins, explicit };
}

function parseTrustProxy(raw: string): false | number | string[] {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true would trust any X-Forwarded-For a client sends: give the number of proxies (e.g. 1) or their addresses',
    );
  }
  return value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * Production must not run on demo conveniences: a public secret, demo accounts with published passwords, cookies
 * without Secure, or one-time codes written to a folder instead of e-mailed. Each one stops the start with its name.
 */
function productionProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.SESSION_SECRET) problems.push('SESSION_SECRET: required in production (32+ characters)');
  else if (new Set(e.SESSION_SECRET).size < 16)
    problems.push('SESSION_SECRET: too predictable (use 32+ random characters)');
  if (e.SEED_DEMO === 'true')
    problems.push('SEED_DEMO: demo accounts have published passwords; not allowed in production');
  if (e.COOKIE_SECURE !== 'true')
    problems.push('COOKIE_SECURE: must be true in production (serve over HTTPS)');
  if (!e.SMTP_URL) problems.push('SMTP_URL: required in production (codes and links must be e-mailed)');
  if (e.FORMS_CLIENT_SECRET === DEV_FORMS_SECRET)
    problems.push('FORMS_CLIENT_SECRET: set a value of your own');
  if (e.MFA_ENCRYPTION_KEY.split(',').some((k) => k.trim() === DEV_MFA_KEY))
    problems.push('MFA_ENCRYPTION_KEY: set keys of your own (id:base64 of 32 random bytes)');
  return problems;
}

/** The main thread keeps a core for requests: on 2 cores, 1 render thread. */
function renderSettings(e: z.infer<typeof envSchema>): Config['render'] {
  const threads = e.RENDER_THREADS ?? Math.max(1, availableParallelism() - 1);
  return { threads, maxQueue: e.RENDER_QUEUE_MAX ?? threads * 16, perUser: e.RENDER_PER_USER };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems = production ? productionProblems(e) : [];
  let trustProxy: Config['trustProxy'] = false;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (err) {
    problems.push(`TRUST_PROXY: ${(err as Error).message}`);
  }
  if (e.COOKIE_HOST_PREFIX === 'true' && e.COOKIE_SECURE !== 'true') {
    // A browser drops a __Host- cookie without Secure: nobody could stay signed in.
    problems.push('COOKIE_HOST_PREFIX: __Host- cookies need COOKIE_SECURE=true (HTTPS)');
  }
  if (e.DB_STATEMENT_TIMEOUT_MS >= e.DB_QUERY_TIMEOUT_MS) {
    // Otherwise a slow query on a live server is cut client-side and its connection thrown away, every time.
    problems.push('DB_STATEMENT_TIMEOUT_MS: must be shorter than DB_QUERY_TIMEOUT_MS');
  }
  const siteHosts = parseSiteHosts(e.SITE_HOSTS);
  let publicOrigins = new Map<SiteCode, string>();
  try {
    const scheme = e.COOKIE_SECURE === 'true' ? 'https' : 'http';
    const parsedOrigins = parsePublicOrigins(e.PUBLIC_ORIGINS, siteHosts, { scheme, port: e.PORT });
    publicOrigins = parsedOrigins.origins;
    const unnamed = [...publicOrigins.keys()].filter((site) => !parsedOrigins.explicit.has(site));
    if (production && unnamed.length > 0)
      problems.push(
        `PUBLIC_ORIGINS: name the public origin of ${unnamed.join(', ')} (e-mailed links use it)`,
      );
  } catch (err) {
    problems.push(`PUBLIC_ORIGINS: ${(err as Error).message}`);
  }
  let mfaKeys: MfaKeys = { keys: new Map(), currentKeyId: '' };
  let mfaRequiredFor: MfaSettings['requiredFor'] = new Set();
  try {
    mfaKeys = parseMfaKeys(e.MFA_ENCRYPTION_KEY);
  } catch (err) {
    problems.push(`MFA_ENCRYPTION_KEY: ${(err as Error).message}`);
  }
  try {
    mfaRequiredFor = parseMfaKinds(e.MFA_REQUIRED_FOR);
  } catch (err) {
    problems.push(`MFA_REQUIRED_FOR: ${(err as Error).message}`);
  }
  const readUrls = (e.DATABASE_READ_URL ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of readUrls)
    if (!/^postgres(ql)?:\/\//.test(url))
      problems.push('DATABASE_READ_URL: each entry must be a postgresql:// URL');
  if (readUrls.length > 0 && !e.DATABASE_URL)
    problems.push('DATABASE_READ_URL: needs DATABASE_URL (the embedded database has no replicas)');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    problems.push('METRICS_PORT: must differ from PORT (metrics are never served on the public port)');
  if (problems.length > 0)
    throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    env: e.NODE_ENV,
    responseSerializer: e.RESPONSE_SERIALIZER ?? (e.NODE_ENV === 'production' ? 'compiled' : 'checked'),
    host: e.HOST,
    port: e.PORT,
    basePath: e.BASE_PATH,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrls: readUrls,
    readMaxLagMs: e.READ_MAX_LAG_MS,
    dbReadPoolMax: e.DB_READ_POOL_MAX ?? Math.max(2, Math.ceil(e.DB_POOL_MAX / 2)),
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    traceSampleRatio: e.TRACE_SAMPLE_RATIO,
    dataDir: e.DATA_DIR,
    dbPoolMax: e.DB_POOL_MAX,
    dbHeavyPoolMax: e.DB_HEAVY_POOL_MAX ?? heavyLaneSize(e.DB_POOL_MAX),
    userWork: {
      list: e.USER_CONCURRENT_LISTS,
      preview: e.USER_CONCURRENT_PREVIEWS,
      download: e.USER_CONCURRENT_DOWNLOADS,
    },
    workAdmission: {
      slots: e.WORK_CONCURRENCY ?? Math.max(2, availableParallelism()),
      waitMs: e.WORK_QUEUE_WAIT_MS,
      activeWindowMs: 1000,
    },
    dbTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      queryMs: e.DB_QUERY_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      failFastMs: e.DB_FAIL_FAST_MS,
    },
    exportStatementTimeoutMs: e.DB_EXPORT_STATEMENT_TIMEOUT_MS,
    maxInFlight: e.MAX_IN_FLIGHT,
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    siteHosts,
    defaultSite: e.DEFAULT_SITE,
    sessionSecret: e.SESSION_SECRET ?? DEV_SECRET,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    sessionCache: e.SESSION_CACHE === 'on',
    cookieSecure: e.COOKIE_SECURE === 'true',
    cookieHostPrefix:
      e.COOKIE_HOST_PREFIX === 'auto' ? e.COOKIE_SECURE === 'true' : e.COOKIE_HOST_PREFIX === 'true',
    sessionCookiePersistent: e.SESSION_COOKIE_PERSISTENT === 'true',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: e.OUTBOX_DIR ?? `${e.DATA_DIR}/outbox`,
    publicOrigins,
    jobWorkers: e.JOB_WORKERS === 'true',
    mailRetryLimit: e.MAIL_RETRY_LIMIT,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    formsClientSecret: e.FORMS_CLIENT_SECRET,
    pdfFontPath: e.PDF_FONT_PATH,
    mfa: {
      ...mfaKeys,
      requiredFor: mfaRequiredFor,
      graceMs: e.MFA_GRACE_DAYS * 86_400_000,
      stepUpMs: e.STEP_UP_MINUTES * 60_000,
    },
    smsUrl: e.SMS_URL,
    smsOutboxDir: e.SMS_OUTBOX_DIR ?? `${e.DATA_DIR}/sms-outbox`,
    notificationStreams: { perUser: e.NOTIFICATION_STREAMS_PER_USER, max: e.NOTIFICATION_STREAMS_MAX },
    render: renderSettings(e),
    exportJobs: { workers: e.EXPORT_WORKERS, queueMax: e.EXPORT_QUEUE_MAX },
    backOfficeUrl: e.BACK_OFFICE_URL,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy,
    apiDocs: (e.API_DOCS ?? (production ? 'false' : 'true')) === 'true',
    seedDemo: (e.SEED_DEMO ?? (production ? 'false' : 'true')) === 'true',
    usesDevelopmentSecret: !e.SESSION_SECRET,
  };
}
