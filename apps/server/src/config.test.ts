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

  it('requires a real session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) }).sessionSecret).toBe(
      's'.repeat(40),
    );
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
});
