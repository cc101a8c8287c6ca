import { describe, expect, it } from 'vitest';
import { SITE_CODES } from './constants.js';
import { availableReportTypes } from './reports/report-types.js';
import { SITE_CAPABILITIES, SITE_SERVICES, siteCapabilities, sitesWith } from './site-capabilities.js';

/*
 * The product's per-site rules, written out once more as the product describes them: the table is what the code
 * asks, this is what each site must be. A change to a site's rules is a deliberate edit of both.
 */
describe('site capabilities', () => {
  it('has one table for each site and no other', () => {
    expect(Object.keys(SITE_CAPABILITIES).sort()).toEqual([...SITE_CODES].sort());
  });

  it('afs: clients and advisors, four languages, every stage, report and service', () => {
    const afs = siteCapabilities('afs');
    expect(afs.areas).toEqual(['b2c', 'b2b']);
    expect(afs.languages).toEqual(['en', 'zh', 'ja', 'kr']);
    expect(afs.hasLanguageBar).toBe(true);
    expect(afs.stages).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(afs.reportTypes).toHaveLength(15);
    for (const service of SITE_SERVICES) expect([service, afs.has(service)]).toEqual([service, true]);
    expect(afs.loginTitle).toBe('login');
    expect(afs.loginHelpLinks).toEqual(['help', 'faq', 'contactUs']);
    expect(afs.defaults.otpRequiredForClients).toBe(true);
  });

  it('ipc: advisors only, English and Chinese, reports 1 to 5, its short legal text', () => {
    const ipc = siteCapabilities('ipc');
    expect(ipc.areas).toEqual(['b2b']);
    expect(ipc.hasArea('b2c')).toBe(false);
    expect(ipc.languages).toEqual(['en', 'zh']);
    expect(ipc.reportTypes).toEqual([1, 2, 3, 4, 5]);
    expect(ipc.has('serviceRecords')).toBe(true);
    expect(ipc.legalText).toBe('short');
    expect(ipc.loginHelpLinks).toEqual(['contactUs']);
  });

  it('absg: advisors only, no language bar, stages 3, 7 and Other, no Service Records', () => {
    const absg = siteCapabilities('absg');
    expect(absg.areas).toEqual(['b2b']);
    expect(absg.hasLanguageBar).toBe(false);
    expect(absg.acceptsLanguage('zh')).toBe(true);
    expect(absg.acceptsLanguage('ja')).toBe(false);
    expect(absg.stages).toEqual([3, 7, 8]);
    expect(absg.reportTypes).toEqual([1, 2]);
    expect(absg.has('serviceRecords')).toBe(false);
    expect(absg.has('partnerChrome')).toBe(false);
    expect(absg.has('producerPasswordReset')).toBe(false);
    expect(absg.loginTitle).toBe('advisorLogin');
  });

  it('lists the sites of a service, and takes report permissions off the site list', () => {
    expect(sitesWith('serviceRecords')).toEqual(['afs', 'ipc']);
    const none = { hasBvReportPermission: false, hasTrainingHistoryReportPermission: false };
    expect(availableReportTypes('afs', none)).not.toContain(13);
    expect(availableReportTypes('afs', none)).not.toContain(201);
    expect(availableReportTypes('absg', { ...none, hasBvReportPermission: true })).toEqual([1, 2]);
  });
});
