/**
 * Every API call of the portal: one table, its one spelling. The server registers its routes from it, the SPA and the
 * login page call it, the tests address it, and the OpenAPI document is generated from the routes registered from
 * it, so none of them can drift (docs/decisions/042-one-table-for-paths-and-sites.md). A path is relative to
 * `{basePath}/{lang}/api`, except the public forms API's, relative to `{basePath}{PUBLIC_FORMS_PREFIX}`.
 *
 * `:name` is a path parameter, filled by `apiPath`; a parameter may carry a static suffix (`:id.pdf`). No zod here:
 * the light login page imports this module (see constants.ts).
 *
 * apps/server/src/api-paths.test.ts fails when the server registers a route that is not in this table, or the table
 * holds a route the server does not register; api-paths.test.ts beside this file pins each wire spelling.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute<P extends string = string> {
  readonly method: ApiMethod;
  readonly path: P;
  /** The route also answers HEAD with its own code (downloads whose headers are checked before the body is made). */
  readonly head?: true;
}

const get = <const P extends string>(path: P) => ({ method: 'GET', path }) as const satisfies ApiRoute<P>;
/** A GET that answers HEAD itself: the access check runs, nothing is rendered. */
const getAndHead = <const P extends string>(path: P) =>
  ({ method: 'GET', path, head: true }) as const satisfies ApiRoute<P>;
const post = <const P extends string>(path: P) => ({ method: 'POST', path }) as const satisfies ApiRoute<P>;
const put = <const P extends string>(path: P) => ({ method: 'PUT', path }) as const satisfies ApiRoute<P>;
const patch = <const P extends string>(path: P) => ({ method: 'PATCH', path }) as const satisfies ApiRoute<P>;
const del = <const P extends string>(path: P) => ({ method: 'DELETE', path }) as const satisfies ApiRoute<P>;

/** The routes under `{basePath}/{lang}/api`, by server module. */
export const API_ROUTES = {
  system: {
    siteInfo: get('/site_info'),
  },
  session: {
    me: get('/me'),
    logout: del('/logout'),
    timing: get('/session'),
    keepAlive: post('/session/keep_alive'),
  },
  auth: {
    login: post('/login'),
    resendOtp: post('/resend_otp'),
    cancelOtp: post('/cancel_otp'),
    registration: post('/registration'),
    activate: post('/activate'),
    forgetPassword: post('/forget_password'),
    forgetPasswordB2b: post('/forget_password_b2b'),
    changePassword: post('/change_password'),
    loginMfa: post('/login/mfa'),
    loginMfaPasskeyOptions: post('/login/mfa/webauthn_options'),
    passkeyLoginOptions: post('/login/passkey/options'),
    passkeyLogin: post('/login/passkey'),
    passkeys: get('/account/passkeys'),
    passkeyRegisterOptions: post('/account/passkeys/options'),
    passkeyRegister: post('/account/passkeys'),
    passkeyRemove: del('/account/passkeys/:id'),
    securityOverview: get('/account/security'),
    totpEnrol: post('/account/mfa/totp'),
    totpConfirm: post('/account/mfa/totp/confirm'),
    totpRemove: del('/account/mfa/totp'),
    recoveryCodes: post('/account/mfa/recovery_codes'),
    stepUp: post('/account/step_up'),
    stepUpPasskeyOptions: post('/account/step_up/webauthn_options'),
    sessions: get('/account/sessions'),
    endSession: del('/account/sessions/:id'),
    endOtherSessions: post('/account/sessions/end_others'),
    activity: get('/account/activity'),
    trustedBrowsers: get('/account/trusted_browsers'),
    removeTrustedBrowser: del('/account/trusted_browsers/:id'),
    /** Staff with the Account Recovery menu: find an account, end its sessions, reset its second factors. */
    recoveryAccount: get('/internal/accounts'),
    recoveryEndSessions: post('/internal/accounts/:id/end_sessions'),
    recoveryResetFactors: post('/internal/accounts/:id/reset_factors'),
  },
  clientArea: {
    plans: get('/b2c/plans'),
    plan: get('/b2c/plans/:id'),
    profile: get('/b2c/profile'),
    messages: get('/b2c/messages'),
    markMessageRead: post('/b2c/messages/:id/read'),
    providerStatementFile: get('/b2c/files/provider_statement/:id'),
    assetsSelectionFile: get('/b2c/files/assets_selection/:id'),
    factsheetFile: get('/b2c/files/factsheet/:fundCode'),
  },
  conversations: {
    list: get('/conversations'),
    start: post('/conversations'),
    /** A static path: the router matches it before `/:id`. */
    unreadCount: get('/conversations/unread_count'),
    detail: get('/conversations/:id'),
    send: post('/conversations/:id/messages'),
    retract: post('/conversations/:id/messages/:messageId/retract'),
    markRead: post('/conversations/:id/read'),
    attachment: get('/conversations/:id/attachments/:attachmentId'),
  },
  performance: {
    client: get('/b2c/performance'),
    producerClient: get('/b2b/clients/:id/performance'),
  },
  forms: {
    planForms: get('/b2c/plans/:id/forms'),
  },
  statements: {
    policyList: get('/statement/policy_list/:partyId'),
    providerStatement: get('/statement/provider_statement/:partyId'),
    html: get('/statement/:id.html'),
    pdf: getAndHead('/statement/:id.pdf'),
    consolidatedHtml: get('/statement/consolidate_statement/:id.html'),
    consolidatedPdf: getAndHead('/statement/consolidate_statement/:id.pdf'),
    monthlyDownload: getAndHead('/statement/download_monthly_statement'),
    bundlePdf: getAndHead('/statement/download_pdf'),
    bundleZip: getAndHead('/statement/download_zip'),
  },
  producerLists: {
    newBusiness: post('/b2b/new_business'),
    newBusinessExport: get('/b2b/nb_export'),
    clients: post('/b2b/clients'),
    clientExport: get('/b2b/client_export'),
    serviceRecords: post('/b2b/service_records'),
    serviceRecordExport: get('/b2b/sr_export'),
    requirements: post('/b2b/requirements'),
    requirementExport: get('/b2b/requirement_export'),
    followupTypes: get('/b2b/get_all_followup_type'),
  },
  producerTeam: {
    treeNode: get('/b2b/get_tree_node'),
    subtree: get('/b2b/team/subtree'),
    search: get('/b2b/team/search'),
    profile: get('/b2b/profile/:producerId'),
  },
  producerDetails: {
    policyHtml: get('/b2b/policy_detail/:id.html'),
    policyPdf: get('/b2b/policy_detail/:id.pdf'),
    serviceRecordHtml: get('/b2b/service_record_detail/:id.html'),
    clientHtml: get('/b2b/client_detail/:id.html'),
    clientPdf: get('/b2b/client_detail/:id.pdf'),
    clientDocuments: get('/b2b/clients/list_document'),
    clientDocumentDownload: get('/b2b/clients/download_document'),
  },
  commissions: {
    list: get('/b2b/commissions/list_statement/:producerId'),
    download: get('/b2b/commissions/download_statement'),
  },
  commissionLedger: {
    ledger: get('/b2b/commission-ledger'),
    ledgerExport: get('/b2b/commission-ledger/export'),
    clawbackExposure: get('/b2b/clawback-exposure'),
    createDispute: post('/b2b/commission-disputes'),
  },
  commissionReconciliation: {
    disputes: get('/internal/commission-disputes'),
    updateDispute: patch('/internal/commission-disputes/:id'),
    createImport: post('/internal/commission-imports'),
    importLines: get('/internal/commission-imports/:id/lines'),
    postImport: post('/internal/commission-imports/:id/post'),
    template: get('/internal/commission-import-templates/:insurer'),
    updateTemplate: patch('/internal/commission-import-templates/:insurer'),
  },
  reports: {
    /** The report form with page and size → the preview page and the row count. */
    preview: post('/b2b/reports'),
    /** The report form as a query string (excludeStatus comma-joined) → the XLSX, streamed. */
    export: get('/b2b/report_export'),
    /** The report form → 202 with a job; the file is written in the background. */
    startExportJob: post('/b2b/report_exports'),
    exportJob: get('/b2b/report_exports/:jobId'),
    exportJobFile: get('/b2b/report_exports/:jobId/file'),
  },
  internalRevenues: {
    search: post('/internal/revenues/search'),
    /** A static path: the router matches it before `/:id`, so "options" is never taken for a revenue id. */
    options: get('/internal/revenues/options'),
    detail: get('/internal/revenues/:id'),
    payoutRecords: get('/internal/revenues/payout_record/:id'),
    edit: patch('/internal/revenues/:id'),
    remove: del('/internal/revenues/:id'),
  },
  notifications: {
    list: get('/notifications'),
    read: post('/notifications/read'),
    preferences: get('/notifications/preferences'),
    updatePreferences: put('/notifications/preferences'),
    /** Server-Sent Events: one stream per signed-in tab, resumable with Last-Event-ID. */
    stream: get('/notifications/stream'),
    /** How one of one's own notifications was sent. */
    deliveries: get('/notifications/deliveries'),
    /** Staff with the delivery-log permission: every notification's deliveries. */
    deliveryLog: get('/internal/delivery_log'),
  },
  cases: {
    home: get('/b2b/home'),
    requirements: get('/b2b/applications/:id/requirements'),
    remind: post('/b2b/applications/:id/reminders'),
    decide: patch('/internal/requirements/:id'),
    changeStage: post('/internal/applications/:id/stage'),
    /** The client's tracker: their applications, and a document for one item they owe. */
    clientApplications: get('/b2c/applications'),
    clientUpload: post('/b2c/applications/:id/requirements/:requirementId/documents'),
    /** The office's review: the queue, a case with its documents, one document. */
    reviewQueue: get('/internal/requirements'),
    staffCase: get('/internal/applications/:id/requirements'),
    document: get('/internal/requirements/:id/documents/:documentId'),
  },
} as const;

/**
 * The public forms API (outside the language-prefixed API: it takes client_lang instead, and needs no session),
 * relative to `{basePath}{PUBLIC_FORMS_PREFIX}`.
 */
export const PUBLIC_FORMS_PREFIX = '/api/public/front/operation-procedure';
export const PUBLIC_FORMS_ROUTES = {
  list: get('/b2c/list'),
  document: get('/b2c/document/:formId'),
} as const;

type ParamName<Segment extends string> = Segment extends `${infer Name}.${string}` ? Name : Segment;

/** The parameter names of a path pattern: '/b2c/plans/:id/forms' → 'id'. */
export type PathParamNames<P extends string> = P extends `${string}/:${infer Segment}/${infer Rest}`
  ? ParamName<Segment> | PathParamNames<`/${Rest}`>
  : P extends `${string}/:${infer Segment}`
    ? ParamName<Segment>
    : never;

/** The values `apiPath` needs for a route: none, or one per parameter. */
export type PathParams<P extends string> = [PathParamNames<P>] extends [never]
  ? []
  : [params: Record<PathParamNames<P>, string | number>];

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * The path of one call: the route's pattern with its parameters filled (each percent-encoded as one segment).
 * `apiPath(API_ROUTES.clientArea.plan, { id: 12 })` → '/b2c/plans/12'. Types ask for exactly the route's parameters.
 */
export function apiPath<P extends string>(route: ApiRoute<P>, ...[params]: PathParams<P>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return route.path.replace(PARAM, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`apiPath: ${route.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `METHOD /path`, the key a table keyed by route uses (HEAD of a GET is its GET). */
export const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** Every route of a group of the table (or of the whole table), flattened. */
export function routesOf(table: object): ApiRoute[] {
  return Object.values(table).flatMap((value: ApiRoute | object) =>
    'method' in value && 'path' in value ? [value as ApiRoute] : routesOf(value),
  );
}

/** Every route under `{basePath}/{lang}/api`. */
export const ALL_API_ROUTES: readonly ApiRoute[] = routesOf(API_ROUTES);
