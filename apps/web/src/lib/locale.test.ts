import { siteCapabilities } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { pathInLanguage, splitLocale } from './locale';
import { loginPathWithReferrer, readReferrer } from './referrer';

describe('locale prefix', () => {
  it('splits the locale segment off a path', () => {
    expect(splitLocale('/zh/b2b/clients')).toEqual({ urlLanguage: 'zh', rest: '/b2b/clients' });
    expect(splitLocale('/kr')).toEqual({ urlLanguage: 'kr', rest: '/' });
    expect(splitLocale('/b2b')).toEqual({ urlLanguage: undefined, rest: '/b2b' });
    expect(splitLocale('/')).toEqual({ urlLanguage: undefined, rest: '/' });
  });

  it('offers ja and kr prefixes on afs only', () => {
    expect(siteCapabilities('afs').routeLanguages).toEqual(['en', 'ja', 'zh', 'kr']);
    expect(siteCapabilities('ipc').routeLanguages).toEqual(['en', 'zh']);
    expect(siteCapabilities('absg').routeLanguages).toEqual(['en', 'zh']);
  });

  it('switches the language of a path, English without a prefix', () => {
    expect(pathInLanguage('/b2c/message', '?x=1', 'ja')).toBe('/ja/b2c/message?x=1');
    expect(pathInLanguage('/ja/b2c/message', '', 'en')).toBe('/b2c/message');
    expect(pathInLanguage('/zh', '', 'kr')).toBe('/kr');
    expect(pathInLanguage('/zh', '', 'en')).toBe('/');
  });
});

describe('referrer', () => {
  it('round-trips the wanted page through the login URL', () => {
    const login = loginPathWithReferrer('/zh', { pathname: '/zh/b2b/reports', search: '?type=3' });
    expect(login).toBe('/zh/login?referrer=%2Fzh%2Fb2b%2Freports%3Ftype%3D3');
    expect(readReferrer(login.split('?')[1] ?? '')).toBe('/zh/b2b/reports?type=3');
  });

  it('ignores referrers that leave the app', () => {
    expect(readReferrer('referrer=https://evil.example')).toBeNull();
    expect(readReferrer('referrer=//evil.example')).toBeNull();
    expect(readReferrer('')).toBeNull();
  });
});
