import {
  type ApiRoute,
  apiPath,
  PUBLIC_FORMS_PREFIX,
  PUBLIC_FORMS_ROUTES,
  API_ROUTES as R,
  type ReportType,
  SITE_CODES,
  type SiteCode,
  siteCapabilities,
  sitesWith,
} from '@portal/contract';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import type { ConversationFixture } from './conversation-fixtures.js';
import type { Fixtures, Readers } from './fixtures.js';
import type { Access, Permission } from './principals.js';

/** One request of a cell: a path under `{basePath}/en/api` (or an absolute `url`), its query and body. */
export interface MatrixRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path?: string;
  url?: string;
  query?: Record<string, string | number>;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** One resource a request names (whose ids fill it), and who may read it. */
export interface Target {
  label: string;
  request: MatrixRequest;
  /** Omitted: nothing in the request belongs to anyone (a list of one's own, a search). */
  readers?: Readers;
  permission?: Permission;
  /** Sites where what is asked exists (a report type): 404 elsewhere. */
  sites?: SiteCode[];
  /** Status when admitted; defaults to the entry's. */
  ok?: number;
}

export interface MatrixEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route's URL pattern exactly as registered. */
  url: string;
  /** `public`: the same answer for everyone; `signedIn`: any session; else the guard's rule. */
  access: 'public' | 'signedIn' | Access;
  ok: number;
  /** Also call it with HEAD (routes that answer HEAD with their own code). */
  head?: boolean;
  /** The call ends the session: each cell gets a session of its own. */
  endsSession?: boolean;
  /** The call ends the principal's other sessions: its cells run after all others. */
  endsOtherSessions?: boolean;
  targets: (f: Fixtures, ctx: EntryContext) => Target[];
}

export interface EntryContext {
  formsSecret: string;
  formId: number;
  revenueId: number;
  /** An accepted requirement (a staff decision on it is refused, 400) and an application held by the stage rule. */
  clearedRequirementId: number;
  heldApplicationId: number;
  /** A document of a requirement: the office downloads it. */
  requirementDocument: { requirementId: number; documentId: number };
  /** Background report jobs made in setup, one per producer who owns it. */
  jobs: { id: string; owner: string; producerId: number }[];
  /** One conversation per subject client with their consultant (conversation-fixtures.ts). */
  conversations: ConversationFixture[];
}

export const API = '/angel/face/:lang/api';
const FORMS = `/angel/face${PUBLIC_FORMS_PREFIX}`;
/** An entry's method and URL pattern, from the contract's table (the one spelling of every path). */
const route = (r: ApiRoute) => ({
  method: r.method,
  url: `${API}${r.path}`,
  ...(r.head ? { head: true } : {}),
});
const one = (request: MatrixRequest): Target[] => [{ label: 'own', request }];
const get = (path: string, query?: Record<string, string | number>): MatrixRequest => ({
  method: 'GET',
  path,
  query,
});
const post = (path: string, payload: unknown = {}): MatrixRequest => ({ method: 'POST', path, payload });

const CLIENT: Access = { kinds: ['client'] };
const PRODUCER: Access = { kinds: ['producer'] };
const READER: Access = { kinds: ['client', 'producer'] };
const SERVICE_RECORDS: Access = { kinds: ['producer'], sites: sitesWith('serviceRecords') };
/** The sites that offer a report type: elsewhere asking for it is 404. */
const sitesOffering = (type: ReportType) =>
  SITE_CODES.filter((site) => siteCapabilities(site).reportTypes.includes(type));
const REVENUES: Access = { kinds: ['staff'], permission: 'revenues' };
const DELIVERY_LOG: Access = { kinds: ['staff'], permission: 'deliveryLog' };
const CASE_REQUIREMENTS: Access = { kinds: ['staff'], permission: 'caseRequirements' };
const RECONCILIATION: Access = { kinds: ['staff'], permission: 'reconciliation' };
const ACCOUNT_RECOVERY: Access = { kinds: ['staff'], permission: 'accountRecovery' };
const COMMISSION: Access = { kinds: ['producer'], permission: 'commission' };
/** An id no row has: a call past the guard is refused as not found, and nothing is written. */
const NO_SUCH_ID = 9007199254740991;

/** The clients' plans, and one plan of a producer's client: only its owner reads it. */
const clientPlans = (
  f: Fixtures,
  path: (id: number) => string,
  only?: 'providerStatement' | 'assetsSelection',
) => [
  ...f.clients
    .filter((c) => !only || c.plan[only])
    .map((c) => ({ label: c.owner, request: get(path(c.plan.id)), readers: c.plan.readers })),
];

/** Statement accounts: each client's, and one per producer serviced by that producer alone. */
const accounts = (f: Fixtures) => [
  ...f.clients.map((c) => c.account),
  ...f.producers.flatMap((p) => (p.account ? [{ ...p.account }] : [])),
];

/** The producers as the selected producer of a list, tree or report: the caller and their subtree read them. */
const producerTargets = (
  f: Fixtures,
  request: (producerId: number) => MatrixRequest,
  extra: Partial<Target> = {},
) =>
  f.producers.map((p) => ({ label: p.code, request: request(p.producerId), readers: p.readers, ...extra }));

const reportForm = (reportType: number, producerId?: number) => ({
  reportType,
  page: 1,
  ...(producerId === undefined ? {} : { selectedProducerId: producerId }),
});
const reportTargets = (f: Fixtures, build: (form: Record<string, unknown>) => MatrixRequest): Target[] => [
  ...producerTargets(f, (id) => build(reportForm(1, id))),
  {
    label: 'BV report',
    request: build({ ...reportForm(13), dateType: 'APPL', dateFrom: '2020-01-01', dateTo: '2026-12-31' }),
    permission: 'bv',
    sites: sitesOffering(13),
  },
  {
    label: 'training report',
    request: build(reportForm(201)),
    permission: 'training',
    sites: sitesOffering(201),
  },
];
const asQuery = (form: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));

/**
 * THE matrix: every route of the app, its rule and the requests that fill it with each party's ids. A route the app
 * registers without an entry here, or an entry that matches no route, fails the test.
 */
export const MATRIX: MatrixEntry[] = [
  // Probes, documents and the SPA: the same for everyone.
  {
    method: 'GET',
    url: '/livez',
    access: 'public',
    ok: 200,
    targets: () => one({ method: 'GET', url: '/livez' }),
  },
  {
    method: 'GET',
    url: '/readyz',
    access: 'public',
    ok: 200,
    targets: () => one({ method: 'GET', url: '/readyz' }),
  },
  {
    method: 'GET',
    url: '/healthz',
    access: 'public',
    ok: 200,
    targets: () => one({ method: 'GET', url: '/healthz' }),
  },
  {
    method: 'GET',
    url: '/angel/face/api-docs/openapi.json',
    access: 'public',
    ok: 200,
    targets: () => one({ method: 'GET', url: '/angel/face/api-docs/openapi.json' }),
  },
  { method: 'GET', url: '/', access: 'public', ok: 302, targets: () => one({ method: 'GET', url: '/' }) },
  {
    method: 'GET',
    url: `${FORMS}${PUBLIC_FORMS_ROUTES.list.path}`,
    access: 'public',
    ok: 200,
    targets: (_f, ctx) =>
      one({
        method: 'GET',
        url: `${FORMS}${PUBLIC_FORMS_ROUTES.list.path}`,
        query: { provider_code: 'hla', product_type_code: 'IL', client_lang: '6' },
        headers: { 'client-secret': ctx.formsSecret },
      }),
  },
  {
    method: 'GET',
    url: `${FORMS}${PUBLIC_FORMS_ROUTES.document.path}`,
    access: 'public',
    ok: 200,
    targets: (_f, ctx) =>
      one({
        method: 'GET',
        url: `${FORMS}${apiPath(PUBLIC_FORMS_ROUTES.document, { formId: ctx.formId })}`,
      }),
  },
  // Session.
  {
    ...route(R.system.siteInfo),
    access: 'public',
    ok: 200,
    targets: () => one(get(R.system.siteInfo.path)),
  },
  { ...route(R.session.me), access: 'public', ok: 200, targets: () => one(get(R.session.me.path)) },
  {
    ...route(R.session.logout),
    access: 'public',
    ok: 200,
    endsSession: true,
    targets: () => one({ method: 'DELETE', path: R.session.logout.path }),
  },
  { ...route(R.session.timing), access: 'signedIn', ok: 200, targets: () => one(get(R.session.timing.path)) },
  {
    ...route(R.session.keepAlive),
    access: 'signedIn',
    ok: 200,
    targets: () => one(post(R.session.keepAlive.path)),
  },
  // Sign-in and account flows: open to everyone; an incomplete form is refused by validation alike (the flows'
  // answers are the auth tests' business, and a matrix of wrong passwords would lock accounts).
  // The one-time code step acts on a pending sign-in: none is pending here, so resending is refused to everyone, and
  // cancelling answers the state of whoever has a session (the code is gone, the session stays).
  {
    ...route(R.auth.resendOtp),
    access: 'public',
    ok: 401,
    targets: () => one(post(R.auth.resendOtp.path, {})),
  },
  {
    ...route(R.auth.cancelOtp),
    access: 'signedIn',
    ok: 200,
    targets: () => one(post(R.auth.cancelOtp.path, {})),
  },
  ...[
    R.auth.login,
    R.auth.registration,
    R.auth.activate,
    R.auth.forgetPassword,
    R.auth.forgetPasswordB2b,
  ].map(
    (flow): MatrixEntry => ({
      ...route(flow),
      access: 'public',
      ok: 400,
      targets: () => one(post(flow.path, { unexpected: true })),
    }),
  ),
  {
    ...route(R.auth.changePassword),
    access: { kinds: ['client', 'producer'], order: 'principal-first' },
    // A wrong current password: refused by the flow after the guard, and nothing changes.
    ok: 400,
    targets: () =>
      one(
        post(R.auth.changePassword.path, {
          currentPassword: 'Wrong-1234',
          newPassword: 'Matrix-5678',
          confirmNewPassword: 'Matrix-5678',
        }),
      ),
  },
  // Account security: the signed-in person's own settings, on the host of their session; none of the matrix's
  // principals has an authenticator, so the calls that need one answer 404 and the checks answer as for a wrong code.
  {
    ...route(R.auth.loginMfa),
    access: 'public',
    // No sign-in waits for a second factor here.
    ok: 401,
    targets: () => one(post(R.auth.loginMfa.path, { method: 'totp', code: '123456' })),
  },
  ...[R.auth.securityOverview, R.auth.sessions, R.auth.activity, R.auth.trustedBrowsers].map(
    (r): MatrixEntry => ({ ...route(r), access: 'signedIn', ok: 200, targets: () => one(get(r.path)) }),
  ),
  // A new, unconfirmed secret (a session just signed in counts as a recent check); a wrong first code.
  {
    ...route(R.auth.totpEnrol),
    access: 'signedIn',
    ok: 200,
    targets: () => one(post(R.auth.totpEnrol.path)),
  },
  {
    ...route(R.auth.totpConfirm),
    access: 'signedIn',
    ok: 400,
    targets: () => one(post(R.auth.totpConfirm.path, { code: '000000' })),
  },
  {
    ...route(R.auth.totpRemove),
    access: 'signedIn',
    ok: 404,
    targets: () => one({ method: 'DELETE', path: R.auth.totpRemove.path }),
  },
  {
    ...route(R.auth.recoveryCodes),
    access: 'signedIn',
    ok: 404,
    targets: () => one(post(R.auth.recoveryCodes.path)),
  },
  // Without an authenticator the step-up is the password: asking for a code is a form error (and locks nothing).
  {
    ...route(R.auth.stepUp),
    access: 'signedIn',
    ok: 400,
    targets: () => one(post(R.auth.stepUp.path, { method: 'totp', code: '123456' })),
  },
  // No demo account holds a passkey: a passkey step-up has nothing to offer them.
  {
    ...route(R.auth.stepUpPasskeyOptions),
    access: 'signedIn',
    ok: 404,
    targets: () => one(post(R.auth.stepUpPasskeyOptions.path)),
  },
  {
    ...route(R.auth.endSession),
    access: 'signedIn',
    ok: 404,
    targets: () =>
      one({ method: 'DELETE', path: apiPath(R.auth.endSession, { id: 'AAAAAAAAAAAAAAAAAAAAAA' }) }),
  },
  {
    ...route(R.auth.removeTrustedBrowser),
    access: 'signedIn',
    ok: 404,
    targets: () => one({ method: 'DELETE', path: apiPath(R.auth.removeTrustedBrowser, { id: 1 }) }),
  },
  // Passkeys: a sign-in's passkey step needs a pending sign-in; the passkey sign-in hands any visitor a challenge.
  {
    ...route(R.auth.loginMfaPasskeyOptions),
    access: 'public',
    ok: 401,
    targets: () => one(post(R.auth.loginMfaPasskeyOptions.path)),
  },
  {
    ...route(R.auth.passkeyLoginOptions),
    access: 'public',
    ok: 200,
    // A caller without a session of this host gets a new one (keeping the challenge): its own agent, then.
    endsSession: true,
    targets: () => one(post(R.auth.passkeyLoginOptions.path)),
  },
  {
    ...route(R.auth.passkeyLogin),
    access: 'public',
    ok: 400,
    targets: () => one(post(R.auth.passkeyLogin.path, { unexpected: true })),
  },
  { ...route(R.auth.passkeys), access: 'signedIn', ok: 200, targets: () => one(get(R.auth.passkeys.path)) },
  {
    ...route(R.auth.passkeyRegisterOptions),
    access: 'signedIn',
    ok: 200,
    targets: () => one(post(R.auth.passkeyRegisterOptions.path)),
  },
  // A well-formed answer to a challenge never handed out: refused by the flow after the guard.
  {
    ...route(R.auth.passkeyRegister),
    access: 'signedIn',
    ok: 400,
    targets: () =>
      one(
        post(R.auth.passkeyRegister.path, {
          name: 'Matrix',
          credential: {
            id: 'AAAA',
            rawId: 'AAAA',
            type: 'public-key',
            response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
            clientExtensionResults: {},
          },
        }),
      ),
  },
  {
    ...route(R.auth.passkeyRemove),
    access: 'signedIn',
    ok: 404,
    targets: () => one({ method: 'DELETE', path: apiPath(R.auth.passkeyRemove, { id: 1 }) }),
  },
  {
    ...route(R.auth.endOtherSessions),
    access: 'signedIn',
    ok: 200,
    endsOtherSessions: true,
    targets: () => one(post(R.auth.endOtherSessions.path)),
  },
  // Client area.
  {
    method: 'GET',
    url: `${API}/b2c/performance`,
    access: CLIENT,
    ok: 200,
    targets: (f) => [
      ...one(get('/b2c/performance')),
      ...f.clients.map((c) => ({
        label: `${c.owner} account`,
        request: get('/b2c/performance', { partyId: c.account.partyId }),
        readers: c.account.readers,
      })),
    ],
  },
  {
    method: 'GET',
    url: `${API}/b2b/clients/:id/performance`,
    access: PRODUCER,
    ok: 200,
    targets: (f) =>
      f.clients.map((c) => ({
        label: c.owner,
        request: get(`/b2b/clients/${c.clientId}/performance`),
        readers: c.performance.readers,
      })),
  },
  { ...route(R.clientArea.plans), access: CLIENT, ok: 200, targets: () => one(get(R.clientArea.plans.path)) },
  {
    ...route(R.clientArea.plan),
    access: CLIENT,
    ok: 200,
    targets: (f) => clientPlans(f, (id) => apiPath(R.clientArea.plan, { id })),
  },
  {
    ...route(R.clientArea.profile),
    access: CLIENT,
    ok: 200,
    targets: () => one(get(R.clientArea.profile.path)),
  },
  {
    ...route(R.clientArea.messages),
    access: CLIENT,
    ok: 200,
    targets: () => one(get(R.clientArea.messages.path)),
  },
  {
    ...route(R.clientArea.markMessageRead),
    access: CLIENT,
    ok: 200,
    targets: (f) =>
      f.clients.map((c) => ({
        label: c.owner,
        request: post(apiPath(R.clientArea.markMessageRead, { id: c.messageId })),
        readers: c.readers,
      })),
  },
  {
    ...route(R.clientArea.providerStatementFile),
    access: CLIENT,
    ok: 200,
    targets: (f) =>
      clientPlans(f, (id) => apiPath(R.clientArea.providerStatementFile, { id }), 'providerStatement'),
  },
  {
    ...route(R.clientArea.assetsSelectionFile),
    access: CLIENT,
    ok: 200,
    targets: (f) =>
      clientPlans(f, (id) => apiPath(R.clientArea.assetsSelectionFile, { id }), 'assetsSelection'),
  },
  {
    ...route(R.clientArea.factsheetFile),
    access: CLIENT,
    ok: 200,
    targets: (f) =>
      f.clients.flatMap((c) =>
        c.fundCode
          ? [
              {
                label: c.owner,
                request: get(apiPath(R.clientArea.factsheetFile, { fundCode: c.fundCode })),
                readers: c.fundHolders,
              },
            ]
          : [],
      ),
  },
  {
    ...route(R.forms.planForms),
    access: CLIENT,
    ok: 200,
    targets: (f) => clientPlans(f, (id) => apiPath(R.forms.planForms, { id })),
  },
  // Conversations: the client and the producers taking part; an upline only through "viewing as".
  {
    ...route(R.conversations.list),
    access: READER,
    ok: 200,
    targets: () => one(get(R.conversations.list.path)),
  },
  {
    ...route(R.conversations.unreadCount),
    access: READER,
    ok: 200,
    targets: () => one(get(R.conversations.unreadCount.path)),
  },
  {
    ...route(R.conversations.start),
    access: READER,
    ok: 200,
    // A client writes as themselves; a producer to a client whose plans their subtree services.
    targets: (f) =>
      f.clients.map((c) => ({
        label: c.owner,
        request: post(R.conversations.start.path, { subject: 'Matrix', body: 'Hello', clientId: c.clientId }),
        readers: c.readers,
      })),
  },
  {
    ...route(R.conversations.detail),
    access: READER,
    ok: 200,
    targets: (_f, ctx) =>
      ctx.conversations.flatMap((c) => [
        { label: c.owner, request: get(apiPath(R.conversations.detail, { id: c.id })), readers: c.readers },
        {
          label: `${c.owner} viewed as`,
          request: get(apiPath(R.conversations.detail, { id: c.id }), { producerId: c.producerId }),
          readers: c.viewingAsReaders,
        },
      ]),
  },
  {
    ...route(R.conversations.send),
    access: READER,
    ok: 200,
    targets: (_f, ctx) =>
      ctx.conversations.map((c) => ({
        label: c.owner,
        request: post(apiPath(R.conversations.send, { id: c.id }), { body: 'Matrix reply' }),
        readers: c.readers,
      })),
  },
  {
    ...route(R.conversations.retract),
    access: READER,
    ok: 200,
    // Only the sender may take a message back: the other participants get 404 like anyone else.
    targets: (_f, ctx) =>
      ctx.conversations.map((c) => ({
        label: c.owner,
        request: post(apiPath(R.conversations.retract, { id: c.id, messageId: c.messageId })),
        readers: { clients: c.readers.clients, producers: new Set<number>() },
      })),
  },
  {
    ...route(R.conversations.markRead),
    access: READER,
    ok: 200,
    targets: (_f, ctx) =>
      ctx.conversations.map((c) => ({
        label: c.owner,
        request: post(apiPath(R.conversations.markRead, { id: c.id })),
        readers: c.readers,
      })),
  },
  {
    ...route(R.conversations.attachment),
    access: READER,
    ok: 200,
    targets: (_f, ctx) =>
      ctx.conversations.map((c) => ({
        label: c.owner,
        request: get(apiPath(R.conversations.attachment, { id: c.id, attachmentId: c.attachmentId })),
        readers: c.readers,
      })),
  },
  // Statements: clients their own accounts, producers the accounts serviced in their subtree.
  {
    ...route(R.statements.policyList),
    access: READER,
    ok: 200,
    targets: (f) =>
      accounts(f).map((a) => ({
        label: a.owner,
        request: get(apiPath(R.statements.policyList, { partyId: a.partyId })),
        readers: a.readers,
      })),
  },
  {
    ...route(R.statements.providerStatement),
    access: READER,
    ok: 200,
    // The demo clients' plan accounts hold a provider statement; the producers' fixture accounts hold none.
    targets: (f) =>
      f.clients.map((c) => ({
        label: `${c.owner} account`,
        request: get(apiPath(R.statements.providerStatement, { partyId: c.account.partyId })),
        readers: c.account.readers,
      })),
  },
  {
    ...route(R.statements.html),
    access: READER,
    ok: 200,
    targets: (f) =>
      accounts(f).map((a) => ({
        label: a.owner,
        request: get(apiPath(R.statements.html, { id: a.partyId }), { month: a.month }),
        readers: a.readers,
      })),
  },
  {
    ...route(R.statements.pdf),
    access: READER,
    ok: 200,
    targets: (f) =>
      accounts(f).map((a) => ({
        label: a.owner,
        request: get(apiPath(R.statements.pdf, { id: a.partyId }), { month: a.month }),
        readers: a.readers,
      })),
  },
  {
    ...route(R.statements.consolidatedHtml),
    access: READER,
    ok: 200,
    targets: (f) =>
      f.clients.map((c) => ({
        label: c.owner,
        request: get(apiPath(R.statements.consolidatedHtml, { id: c.consolidated.partyId }), {
          month: c.consolidated.month,
        }),
        readers: c.consolidated.readers,
      })),
  },
  {
    ...route(R.statements.consolidatedPdf),
    access: READER,
    ok: 200,
    targets: (f) =>
      f.clients.map((c) => ({
        label: c.owner,
        request: get(apiPath(R.statements.consolidatedPdf, { id: c.consolidated.partyId }), {
          month: c.consolidated.month,
        }),
        readers: c.consolidated.readers,
      })),
  },
  {
    ...route(R.statements.monthlyDownload),
    access: READER,
    ok: 200,
    targets: (f) =>
      accounts(f).map((a) => ({
        label: a.owner,
        request: get(R.statements.monthlyDownload.path, { month: a.month, party_id: a.partyId }),
        readers: a.readers,
      })),
  },
  ...[R.statements.bundlePdf, R.statements.bundleZip].map(
    (bundle): MatrixEntry => ({
      ...route(bundle),
      access: READER,
      ok: 200,
      targets: (f) =>
        accounts(f).map((a) => ({
          label: a.owner,
          request: get(bundle.path, { month: a.month, party_ids: String(a.partyId) }),
          readers: a.readers,
        })),
    }),
  ),
  // Producer lists, with each producer as the selected one.
  ...[R.producerLists.newBusiness, R.producerLists.clients, R.producerLists.requirements].map(
    (list): MatrixEntry => ({
      ...route(list),
      access: PRODUCER,
      ok: 200,
      targets: (f) => producerTargets(f, (id) => post(list.path, { selectedProducerId: id })),
    }),
  ),
  ...[R.producerLists.newBusinessExport, R.producerLists.clientExport, R.producerLists.requirementExport].map(
    (listExport): MatrixEntry => ({
      ...route(listExport),
      access: PRODUCER,
      ok: 200,
      targets: (f) => producerTargets(f, (id) => get(listExport.path, { selectedProducerId: id })),
    }),
  ),
  {
    ...route(R.producerLists.serviceRecords),
    access: SERVICE_RECORDS,
    ok: 200,
    targets: (f) =>
      producerTargets(f, (id) => post(R.producerLists.serviceRecords.path, { selectedProducerId: id })),
  },
  {
    ...route(R.producerLists.serviceRecordExport),
    access: SERVICE_RECORDS,
    ok: 200,
    targets: (f) =>
      producerTargets(f, (id) => get(R.producerLists.serviceRecordExport.path, { selectedProducerId: id })),
  },
  {
    ...route(R.producerLists.followupTypes),
    access: SERVICE_RECORDS,
    ok: 200,
    targets: () => one(get(R.producerLists.followupTypes.path)),
  },
  // Team tree and profiles.
  {
    ...route(R.producerTeam.treeNode),
    access: PRODUCER,
    ok: 200,
    targets: (f) => producerTargets(f, (id) => get(R.producerTeam.treeNode.path, { id })),
  },
  {
    ...route(R.producerTeam.subtree),
    access: PRODUCER,
    ok: 200,
    targets: (f) => producerTargets(f, (id) => get(R.producerTeam.subtree.path, { id })),
  },
  {
    ...route(R.producerTeam.search),
    access: PRODUCER,
    ok: 200,
    // A search answers what matches inside the caller's subtree: always 200, the body check finds what leaks.
    targets: (f) =>
      f.producers.map((p) => ({ label: p.code, request: get(R.producerTeam.search.path, { q: p.code }) })),
  },
  {
    ...route(R.producerTeam.profile),
    access: PRODUCER,
    ok: 200,
    targets: (f) => producerTargets(f, (id) => get(apiPath(R.producerTeam.profile, { producerId: id }))),
  },
  // Detail modals and client documents.
  ...[R.producerDetails.policyHtml, R.producerDetails.policyPdf].map(
    (detail): MatrixEntry => ({
      ...route(detail),
      access: PRODUCER,
      ok: 200,
      targets: (f) =>
        f.producers.flatMap((p) =>
          p.application
            ? [
                {
                  label: p.code,
                  request: get(apiPath(detail, { id: p.application.id })),
                  readers: p.application.readers,
                },
              ]
            : [],
        ),
    }),
  ),
  {
    ...route(R.producerDetails.serviceRecordHtml),
    access: PRODUCER,
    ok: 200,
    targets: (f) =>
      f.producers.flatMap((p) =>
        p.serviceRecord
          ? [
              {
                label: p.code,
                request: get(apiPath(R.producerDetails.serviceRecordHtml, { id: p.serviceRecord.id })),
                readers: p.serviceRecord.readers,
              },
            ]
          : [],
      ),
  },
  ...[R.producerDetails.clientHtml, R.producerDetails.clientPdf].map(
    (detail): MatrixEntry => ({
      ...route(detail),
      access: PRODUCER,
      ok: 200,
      targets: (f) =>
        f.producers.flatMap((p) =>
          p.plan
            ? [
                {
                  label: p.code,
                  request: get(apiPath(detail, { id: p.plan.id })),
                  readers: p.plan.readers,
                },
              ]
            : [],
        ),
    }),
  ),
  {
    ...route(R.producerDetails.clientDocuments),
    access: PRODUCER,
    ok: 200,
    targets: (f) =>
      accounts(f).map((a) => ({
        label: a.owner,
        request: get(R.producerDetails.clientDocuments.path, { account_no: a.accountNo }),
        readers: a.readers,
      })),
  },
  {
    ...route(R.producerDetails.clientDocumentDownload),
    access: PRODUCER,
    ok: 200,
    targets: (f) =>
      f.producers.flatMap((p) =>
        p.account?.fileNodeId
          ? [
              {
                label: p.code,
                request: get(R.producerDetails.clientDocumentDownload.path, {
                  account_no: p.account.accountNo,
                  file: p.account.fileNodeId,
                }),
                readers: p.account.readers,
              },
            ]
          : [],
      ),
  },
  // Commissions: the permission first, then the producer asked for.
  {
    ...route(R.commissions.list),
    access: { kinds: ['producer'], permission: 'commission' },
    ok: 200,
    targets: (f) => producerTargets(f, (id) => get(apiPath(R.commissions.list, { producerId: id }))),
  },
  {
    ...route(R.commissions.download),
    access: { kinds: ['producer'], permission: 'commission' },
    ok: 200,
    targets: (f) =>
      f.producers.flatMap((p) =>
        p.commission
          ? [
              {
                label: p.code,
                request: get(R.commissions.download.path, p.commission.query),
                readers: p.readers,
              },
            ]
          : [],
      ),
  },
  // Commission ledger: the commission permission, then the producer chosen from the team tree.
  {
    ...route(R.commissionLedger.ledger),
    access: COMMISSION,
    ok: 200,
    targets: (f) =>
      producerTargets(f, (id) => get(R.commissionLedger.ledger.path, { selectedProducerId: id })),
  },
  {
    ...route(R.commissionLedger.ledgerExport),
    access: COMMISSION,
    ok: 200,
    targets: (f) =>
      producerTargets(f, (id) => get(R.commissionLedger.ledgerExport.path, { selectedProducerId: id })),
  },
  {
    ...route(R.commissionLedger.clawbackExposure),
    access: COMMISSION,
    ok: 200,
    targets: (f) =>
      producerTargets(f, (id) => get(R.commissionLedger.clawbackExposure.path, { selectedProducerId: id })),
  },
  {
    ...route(R.commissionLedger.createDispute),
    access: COMMISSION,
    // A line nobody has: refused as not found past the permission check, nothing is written.
    ok: 404,
    targets: () =>
      one(
        post(R.commissionLedger.createDispute.path, {
          ledgerLineId: NO_SUCH_ID,
          reason: 'missing',
          comment: 'matrix',
        }),
      ),
  },
  // Reports: site, sub-permission, then the selected producer.
  {
    ...route(R.reports.preview),
    access: PRODUCER,
    ok: 200,
    targets: (f) => reportTargets(f, (form) => post(R.reports.preview.path, form)),
  },
  {
    ...route(R.reports.export),
    access: PRODUCER,
    ok: 200,
    targets: (f) => reportTargets(f, (form) => get(R.reports.export.path, asQuery(form))),
  },
  {
    ...route(R.reports.startExportJob),
    access: PRODUCER,
    ok: 202,
    // Each admitted call starts a job (at most 3 live per producer): the caller's own report and another team's.
    targets: (f) => {
      const other = f.producers.find((p) => p.code === 'A2001');
      if (!other) throw new Error('no A2001');
      return [
        { label: 'own', request: post(R.reports.startExportJob.path, reportForm(1)) },
        {
          label: other.code,
          request: post(R.reports.startExportJob.path, reportForm(1, other.producerId)),
          readers: other.readers,
        },
      ];
    },
  },
  {
    ...route(R.reports.exportJob),
    access: PRODUCER,
    ok: 200,
    targets: (_f, ctx) =>
      ctx.jobs.map((j) => ({
        label: j.owner,
        request: get(apiPath(R.reports.exportJob, { jobId: j.id })),
        readers: { clients: new Set(), producers: new Set([j.producerId]) },
      })),
  },
  {
    ...route(R.reports.exportJobFile),
    access: PRODUCER,
    ok: 200,
    targets: (_f, ctx) =>
      ctx.jobs.map((j) => ({
        label: j.owner,
        request: get(apiPath(R.reports.exportJobFile, { jobId: j.id })),
        readers: { clients: new Set(), producers: new Set([j.producerId]) },
      })),
  },
  // The notification centre: the signed-in person's own, on the host of their session. The stream answers 406 to a
  // caller that does not ask for an event stream (the matrix's plain requests), past the same guard.
  ...[R.notifications.list, R.notifications.preferences].map(
    (r): MatrixEntry => ({ ...route(r), access: 'signedIn', ok: 200, targets: () => one(get(r.path)) }),
  ),
  {
    ...route(R.notifications.deliveries),
    access: 'signedIn',
    ok: 200,
    targets: () => one(get(R.notifications.deliveries.path, { id: 'n1' })),
  },
  {
    ...route(R.notifications.stream),
    access: 'signedIn',
    ok: 406,
    targets: () => one(get(R.notifications.stream.path)),
  },
  {
    ...route(R.notifications.read),
    access: 'signedIn',
    ok: 200,
    targets: () => one(post(R.notifications.read.path, { all: true })),
  },
  {
    ...route(R.notifications.updatePreferences),
    access: 'signedIn',
    ok: 200,
    targets: () =>
      one({
        method: 'PUT',
        path: R.notifications.updatePreferences.path,
        payload: { data: [{ type: 'export_ready', inApp: true, email: false, sms: false, digest: false }] },
      }),
  },
  {
    ...route(R.notifications.deliveryLog),
    access: DELIVERY_LOG,
    ok: 200,
    targets: () => one(get(R.notifications.deliveryLog.path)),
  },
  // The office's account recovery (the Account Recovery menu row): a lookup, and two changes on an account that does
  // not exist (refused past the guard, nothing changes).
  {
    ...route(R.auth.recoveryAccount),
    access: ACCOUNT_RECOVERY,
    ok: 200,
    targets: () => one(get(R.auth.recoveryAccount.path, { site: 'afs', login: demoAccount('client').login })),
  },
  ...([R.auth.recoveryEndSessions, R.auth.recoveryResetFactors] as const).map((change) => ({
    ...route(change),
    access: ACCOUNT_RECOVERY,
    ok: 404,
    targets: () =>
      one(post(apiPath(change, { id: NO_SUCH_ID }), { identityCheck: 'callBack', note: 'matrix check' })),
  })),
  // Internal staff area: the Revenues menu row.
  {
    ...route(R.internalRevenues.search),
    access: REVENUES,
    ok: 200,
    targets: () => one(post(R.internalRevenues.search.path, { page: 1 })),
  },
  {
    ...route(R.internalRevenues.options),
    access: REVENUES,
    ok: 200,
    targets: () => one(get(R.internalRevenues.options.path)),
  },
  {
    ...route(R.internalRevenues.detail),
    access: REVENUES,
    ok: 200,
    targets: (_f, ctx) => one(get(apiPath(R.internalRevenues.detail, { id: ctx.revenueId }))),
  },
  {
    ...route(R.internalRevenues.payoutRecords),
    access: REVENUES,
    ok: 200,
    targets: (_f, ctx) => one(get(apiPath(R.internalRevenues.payoutRecords, { id: ctx.revenueId }))),
  },
  {
    ...route(R.internalRevenues.edit),
    access: REVENUES,
    // A stale version: refused as a conflict past the guard, nothing is written.
    ok: 409,
    targets: (_f, ctx) =>
      one({
        method: 'PATCH',
        path: apiPath(R.internalRevenues.edit, { id: ctx.revenueId }),
        payload: { version: '2024-01-01T00:00:00.000Z', internalRemark: 'matrix' },
      }),
  },
  {
    ...route(R.internalRevenues.remove),
    access: REVENUES,
    // The revenue is made not deletable in setup: refused by state past the guard, nothing is removed.
    ok: 409,
    targets: (_f, ctx) =>
      one({ method: 'DELETE', path: apiPath(R.internalRevenues.remove, { id: ctx.revenueId }) }),
  },
  // Cases: a producer's checklist (their team's applications), the staff review (the Case Requirements menu row).
  {
    // The producer home: a team's pipeline, for oneself or a producer of one's subtree ("viewing as").
    ...route(R.cases.home),
    access: PRODUCER,
    ok: 200,
    targets: (f) => producerTargets(f, (id) => get(R.cases.home.path, { selectedProducerId: id })),
  },
  {
    ...route(R.cases.requirements),
    access: PRODUCER,
    ok: 200,
    targets: (f) =>
      f.producers.flatMap((p) =>
        p.application
          ? [
              {
                label: p.code,
                request: get(apiPath(R.cases.requirements, { id: p.application.id })),
                readers: p.application.readers,
              },
            ]
          : [],
      ),
  },
  {
    // The client's tracker: their own applications only.
    ...route(R.cases.clientApplications),
    access: CLIENT,
    ok: 200,
    targets: () => one(get(R.cases.clientApplications.path)),
  },
  {
    ...route(R.cases.clientUpload),
    access: CLIENT,
    // Not a multipart form: the owner passes the access check, then the upload mechanism refuses it; nothing is
    // written. Another client's item is the same 404 as an unknown one.
    ok: 415,
    targets: (f) =>
      f.clients.flatMap((c) =>
        c.owedRequirement
          ? [
              {
                label: c.owner,
                request: post(
                  apiPath(R.cases.clientUpload, {
                    id: c.owedRequirement.applicationId,
                    requirementId: c.owedRequirement.id,
                  }),
                  {},
                ),
                readers: c.owedRequirement.readers,
              },
            ]
          : [],
      ),
  },
  {
    ...route(R.cases.reviewQueue),
    access: CASE_REQUIREMENTS,
    ok: 200,
    targets: () => one(get(R.cases.reviewQueue.path)),
  },
  {
    ...route(R.cases.staffCase),
    access: CASE_REQUIREMENTS,
    ok: 200,
    targets: (_f, ctx) => one(get(apiPath(R.cases.staffCase, { id: ctx.heldApplicationId }))),
  },
  {
    ...route(R.cases.document),
    access: CASE_REQUIREMENTS,
    ok: 200,
    targets: (_f, ctx) =>
      one(
        get(
          apiPath(R.cases.document, {
            id: ctx.requirementDocument.requirementId,
            documentId: ctx.requirementDocument.documentId,
          }),
        ),
      ),
  },
  {
    ...route(R.cases.remind),
    access: PRODUCER,
    // Reminded today already (set up for every application): refused past the guard, nothing is sent.
    ok: 409,
    targets: (f) =>
      f.producers.flatMap((p) =>
        p.application
          ? [
              {
                label: p.code,
                request: post(apiPath(R.cases.remind, { id: p.application.id })),
                readers: p.application.readers,
              },
            ]
          : [],
      ),
  },
  {
    ...route(R.cases.decide),
    access: CASE_REQUIREMENTS,
    // An accepted item cannot go back to review: refused past the guard, nothing is written.
    ok: 400,
    targets: (_f, ctx) =>
      one({
        method: 'PATCH',
        path: apiPath(R.cases.decide, { id: ctx.clearedRequirementId }),
        payload: { status: 'under_review' },
      }),
  },
  {
    ...route(R.cases.changeStage),
    access: CASE_REQUIREMENTS,
    // A mandatory item is outstanding: the stage rule refuses the issued stage, nothing is written.
    ok: 409,
    targets: (_f, ctx) =>
      one(post(apiPath(R.cases.changeStage, { id: ctx.heldApplicationId }), { stage: 7 })),
  },
  // Commission reconciliation: its menu row. Writes name nothing that exists, so nothing is written.
  {
    ...route(R.commissionReconciliation.disputes),
    access: RECONCILIATION,
    ok: 200,
    targets: () => one(get(R.commissionReconciliation.disputes.path)),
  },
  {
    ...route(R.commissionReconciliation.updateDispute),
    access: RECONCILIATION,
    ok: 404,
    targets: () =>
      one({
        method: 'PATCH',
        path: apiPath(R.commissionReconciliation.updateDispute, { id: NO_SUCH_ID }),
        payload: { version: 1, note: 'matrix' },
      }),
  },
  {
    ...route(R.commissionReconciliation.createImport),
    access: RECONCILIATION,
    // Not a multipart form: refused by the upload mechanism past the guard.
    ok: 415,
    targets: () => one(post(R.commissionReconciliation.createImport.path, {})),
  },
  {
    ...route(R.commissionReconciliation.importLines),
    access: RECONCILIATION,
    ok: 404,
    targets: () => one(get(apiPath(R.commissionReconciliation.importLines, { id: NO_SUCH_ID }))),
  },
  {
    ...route(R.commissionReconciliation.postImport),
    access: RECONCILIATION,
    ok: 404,
    targets: () => one(post(apiPath(R.commissionReconciliation.postImport, { id: NO_SUCH_ID }))),
  },
  {
    ...route(R.commissionReconciliation.template),
    access: RECONCILIATION,
    ok: 200,
    targets: () => one(get(apiPath(R.commissionReconciliation.template, { insurer: 'HLA' }))),
  },
  {
    ...route(R.commissionReconciliation.updateTemplate),
    access: RECONCILIATION,
    // A stale version: refused as a conflict past the guard.
    ok: 409,
    targets: () =>
      one({
        method: 'PATCH',
        path: apiPath(R.commissionReconciliation.updateTemplate, { insurer: 'HLA' }),
        payload: {
          version: 999,
          mapping: {
            columns: { policyNo: 'P', statementDate: 'D', amount: 'A', currency: 'C' },
            dateFormat: 'YYYY-MM-DD',
            numberFormat: '1,234.56',
          },
        },
      }),
  },
];
