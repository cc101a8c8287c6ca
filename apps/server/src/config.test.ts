import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { resolveSite } from './plugins/request-context.js';

describe('loadConfig', () => {
  it('has working defaults for a local demo', () => {
    const config = loadConfig({});
    expect(config.basePath).toBe('/angel/face');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.siteHosts.get('ipc.localhost')).toEqual({
      code: 'ipc',
      features: { external: true, internal: false },
    });
    expect(config.siteHosts.get('staff.localhost')).toEqual({
      code: 'afs',
      features: { external: false, internal: true },
    });
  });

  it('refuses to start with a bad value, naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ BASE_PATH: 'angel/' })).toThrow(/BASE_PATH/);
    expect(() => loadConfig({ SITE_HOSTS: 'a.example=xyz' })).toThrow(/SITE_HOSTS entry "a.example=xyz"/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('reads the database limits, and refuses a statement limit the client-side read limit would cut short', () => {
    expect(loadConfig({}).dbTimeouts).toEqual({
      connectMs: 1000,
      queryMs: 1500,
      statementMs: 1000,
      idleInTransactionMs: 5000,
      failFastMs: 1000,
    });
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '2.5' }).shutdownGraceMs).toBe(2500);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '2000' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(
      loadConfig({ DB_STATEMENT_TIMEOUT_MS: '2000', DB_QUERY_TIMEOUT_MS: '2500' }).dbTimeouts.statementMs,
    ).toBe(2000);
  });

  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'q8Vf2kLx9RtB4nWz7YcH1mJp6DsG3aUe',
    COOKIE_SECURE: 'true',
    SMTP_URL: 'smtp://mail.example.com:587',
    FORMS_CLIENT_SECRET: 'forms-secret-of-our-own',
    MFA_ENCRYPTION_KEY: 'k2:c2VjcmV0LWtleS1mb3ItdGVzdHMtMDEyMzQ1Njc4OWE=',
    PUBLIC_ORIGINS: 'afs=https://afs.example.com,ipc=https://ipc.example.com,absg=https://absg.example.com',
  };

  it('starts in production only without demo conveniences', () => {
    expect(loadConfig(production)).toMatchObject({
      seedDemo: false,
      apiDocs: false,
      cookieSecure: true,
      usesDevelopmentSecret: false,
    });
  });

  it.each([
    ['SESSION_SECRET', { SESSION_SECRET: undefined }],
    ['SESSION_SECRET', { SESSION_SECRET: 'a'.repeat(40) }],
    ['SEED_DEMO', { SEED_DEMO: 'true' }],
    ['COOKIE_SECURE', { COOKIE_SECURE: 'false' }],
    ['SMTP_URL', { SMTP_URL: undefined }],
    ['FORMS_CLIENT_SECRET', { FORMS_CLIENT_SECRET: undefined }],
    ['MFA_ENCRYPTION_KEY', { MFA_ENCRYPTION_KEY: undefined }],
    ['PUBLIC_ORIGINS', { PUBLIC_ORIGINS: 'afs=https://afs.example.com' }],
  ])('refuses production with an unsafe %s', (name, change) => {
    expect(() => loadConfig({ ...production, ...change })).toThrow(new RegExp(`${name}:`));
  });

  it('takes e-mailed link origins from PUBLIC_ORIGINS, else from SITE_HOSTS and PORT', () => {
    const local = loadConfig({ PORT: '4000' }).publicOrigins;
    expect(Object.fromEntries(local)).toEqual({
      afs: 'http://afs.localhost:4000',
      ipc: 'http://ipc.localhost:4000',
      absg: 'http://absg.localhost:4000',
    });
    const named = loadConfig({ PUBLIC_ORIGINS: 'ipc=https://Portal.Example.com:443/' }).publicOrigins;
    expect(named.get('ipc')).toBe('https://portal.example.com');
    expect(named.get('afs')).toBe('http://afs.localhost:3000');
    for (const bad of ['ipc=ftp://x.example', 'xyz=https://x.example', 'afs=https://x.example/path', 'afs'])
      expect(() => loadConfig({ PUBLIC_ORIGINS: bad })).toThrow(/PUBLIC_ORIGINS/);
  });

  it('reads authenticator keys: the first seals, every one opens; a malformed one stops the start', () => {
    const mfa = loadConfig({
      MFA_ENCRYPTION_KEY:
        'k2:c2VjcmV0LWtleS1mb3ItdGVzdHMtMDEyMzQ1Njc4OWE=,dev1:ZGV2ZWxvcG1lbnQtb25seS1tZmEta2V5LTAxMjM0NTY=',
    }).mfa;
    expect(mfa.currentKeyId).toBe('k2');
    expect([...mfa.keys.keys()]).toEqual(['k2', 'dev1']);
    expect([...loadConfig({}).mfa.requiredFor].sort()).toEqual(['producer', 'staff']);
    for (const bad of [
      'k1:c2hvcnQ=',
      'nokey',
      'a:ZGV2ZWxvcG1lbnQtb25seS1tZmEta2V5LTAxMjM0NTY=,a:ZGV2ZWxvcG1lbnQtb25seS1tZmEta2V5LTAxMjM0NTY=',
    ])
      expect(() => loadConfig({ MFA_ENCRYPTION_KEY: bad })).toThrow(/MFA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ MFA_REQUIRED_FOR: 'staff,admins' })).toThrow(/MFA_REQUIRED_FOR/);
  });

  it('allows the development secret outside production, and says so', () => {
    expect(loadConfig({}).usesDevelopmentSecret).toBe(true);
  });

  it('trusts proxies by count or address, never blindly', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('resolveSite', () => {
  const config = loadConfig({ SITE_HOSTS: 'portal.example.com=ipc', DEFAULT_SITE: 'absg' });
  it('ignores port and case of the Host header', () => {
    expect(resolveSite(config, 'Portal.Example.com:8443').code).toBe('ipc');
  });
  it('uses the default site for hosts not in the map', () => {
    expect(resolveSite(config, '10.0.0.5:3000').code).toBe('absg');
    expect(resolveSite(config, undefined).code).toBe('absg');
  });

  it('sizes the render pool from the cores, leaving the main thread one, and bounds its limits', () => {
    const render = loadConfig({}).render;
    expect(render.threads).toBe(Math.max(1, availableParallelism() - 1));
    expect(render).toMatchObject({ maxQueue: render.threads * 16, perUser: 2 });
    expect(loadConfig({ RENDER_THREADS: '3', RENDER_QUEUE_MAX: '5', RENDER_PER_USER: '4' }).render).toEqual({
      threads: 3,
      maxQueue: 5,
      perUser: 4,
    });
    expect(() => loadConfig({ RENDER_PER_USER: '0' })).toThrow(/RENDER_PER_USER/);
    expect(() => loadConfig({ RENDER_THREADS: 'many' })).toThrow(/RENDER_THREADS/);
  });
});
