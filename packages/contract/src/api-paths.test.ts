import { describe, expect, it } from 'vitest';
import {
  ALL_API_ROUTES,
  API_ROUTES,
  apiPath,
  PUBLIC_FORMS_PREFIX,
  PUBLIC_FORMS_ROUTES,
  routeKey,
  routesOf,
} from './api-paths.js';

/*
 * The wire spelling of every call, written out once more on purpose: the table is what the code reads, this list is
 * what partners and the acceptance checks call. Renaming a path in the table fails here, so a change of the wire is
 * always a deliberate edit of both.
 */
const WIRE = [
  'GET /site_info',
  'GET /me',
  'DELETE /logout',
  'GET /session',
  'POST /session/keep_alive',
  'POST /login',
  'POST /resend_otp',
  'POST /cancel_otp',
  'POST /registration',
  'POST /activate',
  'POST /forget_password',
  'POST /forget_password_b2b',
  'POST /change_password',
  'POST /login/mfa',
  'POST /login/mfa/webauthn_options',
  'POST /login/passkey/options',
  'POST /login/passkey',
  'GET /account/passkeys',
  'POST /account/passkeys/options',
  'POST /account/passkeys',
  'DELETE /account/passkeys/:id',
  'GET /account/security',
  'POST /account/mfa/totp',
  'POST /account/mfa/totp/confirm',
  'DELETE /account/mfa/totp',
  'POST /account/mfa/recovery_codes',
  'POST /account/step_up',
  'POST /account/step_up/webauthn_options',
  'GET /account/sessions',
  'DELETE /account/sessions/:id',
  'POST /account/sessions/end_others',
  'GET /account/activity',
  'GET /account/trusted_browsers',
  'DELETE /account/trusted_browsers/:id',
  'GET /internal/accounts',
  'POST /internal/accounts/:id/end_sessions',
  'POST /internal/accounts/:id/reset_factors',
  'GET /b2c/plans',
  'GET /b2c/plans/:id',
  'GET /b2c/profile',
  'GET /b2c/messages',
  'POST /b2c/messages/:id/read',
  'GET /b2c/files/provider_statement/:id',
  'GET /b2c/files/assets_selection/:id',
  'GET /b2c/files/factsheet/:fundCode',
  'GET /conversations',
  'POST /conversations',
  'GET /conversations/unread_count',
  'GET /conversations/:id',
  'POST /conversations/:id/messages',
  'POST /conversations/:id/messages/:messageId/retract',
  'POST /conversations/:id/read',
  'GET /conversations/:id/attachments/:attachmentId',
  'GET /b2c/performance',
  'GET /b2b/clients/:id/performance',
  'GET /b2c/plans/:id/forms',
  'GET /statement/policy_list/:partyId',
  'GET /statement/provider_statement/:partyId',
  'GET /statement/:id.html',
  'GET /statement/:id.pdf',
  'GET /statement/consolidate_statement/:id.html',
  'GET /statement/consolidate_statement/:id.pdf',
  'GET /statement/download_monthly_statement',
  'GET /statement/download_pdf',
  'GET /statement/download_zip',
  'POST /b2b/new_business',
  'GET /b2b/nb_export',
  'POST /b2b/clients',
  'GET /b2b/client_export',
  'POST /b2b/service_records',
  'GET /b2b/sr_export',
  'POST /b2b/requirements',
  'GET /b2b/requirement_export',
  'GET /b2b/get_all_followup_type',
  'GET /b2b/get_tree_node',
  'GET /b2b/team/subtree',
  'GET /b2b/team/search',
  'GET /b2b/profile/:producerId',
  'GET /b2b/policy_detail/:id.html',
  'GET /b2b/policy_detail/:id.pdf',
  'GET /b2b/service_record_detail/:id.html',
  'GET /b2b/client_detail/:id.html',
  'GET /b2b/client_detail/:id.pdf',
  'GET /b2b/clients/list_document',
  'GET /b2b/clients/download_document',
  'GET /b2b/commissions/list_statement/:producerId',
  'GET /b2b/commissions/download_statement',
  'GET /b2b/commission-ledger',
  'GET /b2b/commission-ledger/export',
  'GET /b2b/clawback-exposure',
  'POST /b2b/commission-disputes',
  'GET /internal/commission-disputes',
  'PATCH /internal/commission-disputes/:id',
  'POST /internal/commission-imports',
  'GET /internal/commission-imports/:id/lines',
  'POST /internal/commission-imports/:id/post',
  'GET /internal/commission-import-templates/:insurer',
  'PATCH /internal/commission-import-templates/:insurer',
  'POST /b2b/reports',
  'GET /b2b/report_export',
  'POST /b2b/report_exports',
  'GET /b2b/report_exports/:jobId',
  'GET /b2b/report_exports/:jobId/file',
  'POST /internal/revenues/search',
  'GET /internal/revenues/options',
  'GET /internal/revenues/:id',
  'GET /internal/revenues/payout_record/:id',
  'PATCH /internal/revenues/:id',
  'DELETE /internal/revenues/:id',
  'GET /notifications',
  'POST /notifications/read',
  'GET /notifications/preferences',
  'PUT /notifications/preferences',
  'GET /notifications/stream',
  'GET /notifications/deliveries',
  'GET /internal/delivery_log',
  'GET /b2b/home',
  'GET /b2b/applications/:id/requirements',
  'POST /b2b/applications/:id/reminders',
  'PATCH /internal/requirements/:id',
  'POST /internal/applications/:id/stage',
  'GET /b2c/applications',
  'POST /b2c/applications/:id/requirements/:requirementId/documents',
  'GET /internal/requirements',
  'GET /internal/applications/:id/requirements',
  'GET /internal/requirements/:id/documents/:documentId',
];

describe('the API path table', () => {
  it('spells every call as the wire does, each once', () => {
    const keys = ALL_API_ROUTES.map(routeKey);
    expect(keys).toEqual(WIRE);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('spells the public forms API as the wire does', () => {
    expect(PUBLIC_FORMS_PREFIX).toBe('/api/public/front/operation-procedure');
    expect(routesOf(PUBLIC_FORMS_ROUTES).map(routeKey)).toEqual([
      'GET /b2c/list',
      'GET /b2c/document/:formId',
    ]);
  });

  it('marks the downloads that answer HEAD themselves', () => {
    const head = ALL_API_ROUTES.filter((route) => route.head).map((route) => route.path);
    expect(head).toEqual([
      '/statement/:id.pdf',
      '/statement/consolidate_statement/:id.pdf',
      '/statement/download_monthly_statement',
      '/statement/download_pdf',
      '/statement/download_zip',
    ]);
  });

  it('fills parameters, suffixes kept, each value one encoded segment', () => {
    expect(apiPath(API_ROUTES.clientArea.plans)).toBe('/b2c/plans');
    expect(apiPath(API_ROUTES.forms.planForms, { id: 12 })).toBe('/b2c/plans/12/forms');
    expect(apiPath(API_ROUTES.statements.pdf, { id: 7 })).toBe('/statement/7.pdf');
    expect(apiPath(API_ROUTES.clientArea.factsheetFile, { fundCode: 'A/B 1' })).toBe(
      '/b2c/files/factsheet/A%2FB%201',
    );
    expect(apiPath(API_ROUTES.reports.exportJobFile, { jobId: 'j-1' })).toBe('/b2b/report_exports/j-1/file');
    expect(apiPath(PUBLIC_FORMS_ROUTES.document, { formId: 3 })).toBe('/b2c/document/3');
  });

  it('refuses a missing parameter rather than send ":id"', () => {
    const route = API_ROUTES.internalRevenues.detail;
    expect(() => apiPath(route, {} as { id: number })).toThrow(/needs id/);
    // @ts-expect-error: the types ask for the route's parameters too.
    expect(() => apiPath(route)).toThrow(/needs id/);
    // @ts-expect-error: and for no others.
    expect(apiPath(API_ROUTES.session.me, { id: 1 })).toBe('/me');
  });
});
