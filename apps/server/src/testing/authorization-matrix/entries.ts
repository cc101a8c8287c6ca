import type { SiteCode } from '@portal/contract';
import type { Fixtures, Readers } from './fixtures.js';
import type { Access, Permission } from './principals.js';

/** One request of a cell: a path under `{basePath}/en/api` (or an absolute `url`), its query and body. */
export interface MatrixRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
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
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The route's URL pattern exactly as registered. */
  url: string;
  /** `public`: the same answer for everyone; `signedIn`: any session; else the guard's rule. */
  access: 'public' | 'signedIn' | Access;
  ok: number;
  /** Also call it with HEAD (routes that answer HEAD with their own code). */
  head?: boolean;
  /** The call ends the session: each cell gets a session of its own. */
  endsSession?: boolean;
  targets: (f: Fixtures, ctx: EntryContext) => Target[];
}

export interface EntryContext {
  formsSecret: string;
  formId: number;
  revenueId: number;
  /** Background report jobs made in setup, one per producer who owns it. */
  jobs: { id: string; owner: string; producerId: number }[];
}

export const API = '/angel/face/:lang/api';
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
const SERVICE_RECORDS: Access = { kinds: ['producer'], sites: ['afs', 'ipc'] };
const REVENUES: Access = { kinds: ['staff'], permission: 'revenues' };

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
    sites: ['afs'],
  },
  { label: 'training report', request: build(reportForm(201)), permission: 'training', sites: ['afs'] },
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
    url: '/angel/face/api/public/front/operation-procedure/b2c/list',
    access: 'public',
    ok: 200,
    targets: (_f, ctx) =>
      one({
        method: 'GET',
        url: '/angel/face/api/public/front/operation-procedure/b2c/list',
        query: { provider_code: 'hla', product_type_code: 'IL', client_lang: '6' },
        headers: { 'client-secret': ctx.formsSecret },
      }),
  },
  {
    method: 'GET',
    url: '/angel/face/api/public/front/operation-procedure/b2c/document/:formId',
    access: 'public',
    ok: 200,
    targets: (_f, ctx) =>
      one({
        method: 'GET',
        url: `/angel/face/api/public/front/operation-procedure/b2c/document/${ctx.formId}`,
      }),
  },
  // Session.
  {
    method: 'GET',
    url: `${API}/site_info`,
    access: 'public',
    ok: 200,
    targets: () => one(get('/site_info')),
  },
  { method: 'GET', url: `${API}/me`, access: 'public', ok: 200, targets: () => one(get('/me')) },
  {
    method: 'DELETE',
    url: `${API}/logout`,
    access: 'public',
    ok: 200,
    endsSession: true,
    targets: () => one({ method: 'DELETE', path: '/logout' }),
  },
  { method: 'GET', url: `${API}/session`, access: 'signedIn', ok: 200, targets: () => one(get('/session')) },
  {
    method: 'POST',
    url: `${API}/session/keep_alive`,
    access: 'signedIn',
    ok: 200,
    targets: () => one(post('/session/keep_alive')),
  },
  // Sign-in and account flows: open to everyone; an incomplete form is refused by validation alike (the flows'
  // answers are the auth tests' business, and a matrix of wrong passwords would lock accounts).
  // The one-time code step acts on a pending sign-in: none is pending here, so resending is refused to everyone, and
  // cancelling answers the state of whoever has a session (the code is gone, the session stays).
  {
    method: 'POST',
    url: `${API}/resend_otp`,
    access: 'public',
    ok: 401,
    targets: () => one(post('/resend_otp', {})),
  },
  {
    method: 'POST',
    url: `${API}/cancel_otp`,
    access: 'signedIn',
    ok: 200,
    targets: () => one(post('/cancel_otp', {})),
  },
  ...(['login', 'registration', 'activate', 'forget_password', 'forget_password_b2b'] as const).map(
    (name): MatrixEntry => ({
      method: 'POST',
      url: `${API}/${name}`,
      access: 'public',
      ok: 400,
      targets: () => one(post(`/${name}`, { unexpected: true })),
    }),
  ),
  {
    method: 'POST',
    url: `${API}/change_password`,
    access: { kinds: ['client', 'producer'], order: 'principal-first' },
    // A wrong current password: refused by the flow after the guard, and nothing changes.
    ok: 400,
    targets: () =>
      one(
        post('/change_password', {
          currentPassword: 'Wrong-1234',
          newPassword: 'Matrix-5678',
          confirmNewPassword: 'Matrix-5678',
        }),
      ),
  },
  // Client area.
  { method: 'GET', url: `${API}/b2c/plans`, access: CLIENT, ok: 200, targets: () => one(get('/b2c/plans')) },
  {
    method: 'GET',
    url: `${API}/b2c/plans/:id`,
    access: CLIENT,
    ok: 200,
    targets: (f) => clientPlans(f, (id) => `/b2c/plans/${id}`),
  },
  {
    method: 'GET',
    url: `${API}/b2c/profile`,
    access: CLIENT,
    ok: 200,
    targets: () => one(get('/b2c/profile')),
  },
  {
    method: 'GET',
    url: `${API}/b2c/messages`,
    access: CLIENT,
    ok: 200,
    targets: () => one(get('/b2c/messages')),
  },
  {
    method: 'POST',
    url: `${API}/b2c/messages/:id/read`,
    access: CLIENT,
    ok: 200,
    targets: (f) =>
      f.clients.map((c) => ({
        label: c.owner,
        request: post(`/b2c/messages/${c.messageId}/read`),
        readers: c.readers,
      })),
  },
  {
    method: 'GET',
    url: `${API}/b2c/files/provider_statement/:id`,
    access: CLIENT,
    ok: 200,
    targets: (f) => clientPlans(f, (id) => `/b2c/files/provider_statement/${id}`, 'providerStatement'),
  },
  {
    method: 'GET',
    url: `${API}/b2c/files/assets_selection/:id`,
    access: CLIENT,
    ok: 200,
    targets: (f) => clientPlans(f, (id) => `/b2c/files/assets_selection/${id}`, 'assetsSelection'),
  },
  {
    method: 'GET',
    url: `${API}/b2c/files/factsheet/:fundCode`,
    access: CLIENT,
    ok: 200,
    targets: (f) =>
      f.clients.flatMap((c) =>
        c.fundCode
          ? [{ label: c.owner, request: get(`/b2c/files/factsheet/${c.fundCode}`), readers: c.fundHolders }]
          : [],
      ),
  },
  {
    method: 'GET',
    url: `${API}/b2c/plans/:id/forms`,
    access: CLIENT,
    ok: 200,
    targets: (f) => clientPlans(f, (id) => `/b2c/plans/${id}/forms`),
  },
  // Statements: clients their own accounts, producers the accounts serviced in their subtree.
  {
    method: 'GET',
    url: `${API}/statement/policy_list/:partyId`,
    access: READER,
    ok: 200,
    targets: (f) =>
      accounts(f).map((a) => ({
        label: a.owner,
        request: get(`/statement/policy_list/${a.partyId}`),
        readers: a.readers,
      })),
  },
  {
    method: 'GET',
    url: `${API}/statement/:id.html`,
    access: READER,
    ok: 200,
    targets: (f) =>
      accounts(f).map((a) => ({
        label: a.owner,
        request: get(`/statement/${a.partyId}.html`, { month: a.month }),
        readers: a.readers,
      })),
  },
  {
    method: 'GET',
    url: `${API}/statement/:id.pdf`,
    access: READER,
    ok: 200,
    head: true,
    targets: (f) =>
      accounts(f).map((a) => ({
        label: a.owner,
        request: get(`/statement/${a.partyId}.pdf`, { month: a.month }),
        readers: a.readers,
      })),
  },
  {
    method: 'GET',
    url: `${API}/statement/consolidate_statement/:id.html`,
    access: READER,
    ok: 200,
    targets: (f) =>
      f.clients.map((c) => ({
        label: c.owner,
        request: get(`/statement/consolidate_statement/${c.consolidated.partyId}.html`, {
          month: c.consolidated.month,
        }),
        readers: c.consolidated.readers,
      })),
  },
  {
    method: 'GET',
    url: `${API}/statement/consolidate_statement/:id.pdf`,
    access: READER,
    ok: 200,
    head: true,
    targets: (f) =>
      f.clients.map((c) => ({
        label: c.owner,
        request: get(`/statement/consolidate_statement/${c.consolidated.partyId}.pdf`, {
          month: c.consolidated.month,
        }),
        readers: c.consolidated.readers,
      })),
  },
  {
    method: 'GET',
    url: `${API}/statement/download_monthly_statement`,
    access: READER,
    ok: 200,
    head: true,
    targets: (f) =>
      accounts(f).map((a) => ({
        label: a.owner,
        request: get('/statement/download_monthly_statement', { month: a.month, party_id: a.partyId }),
        readers: a.readers,
      })),
  },
  ...(['download_pdf', 'download_zip'] as const).map(
    (name): MatrixEntry => ({
      method: 'GET',
      url: `${API}/statement/${name}`,
      access: READER,
      ok: 200,
      head: true,
      targets: (f) =>
        accounts(f).map((a) => ({
          label: a.owner,
          request: get(`/statement/${name}`, { month: a.month, party_ids: String(a.partyId) }),
          readers: a.readers,
        })),
    }),
  ),
  // Producer lists, with each producer as the selected one.
  ...(['new_business', 'clients'] as const).map(
    (name): MatrixEntry => ({
      method: 'POST',
      url: `${API}/b2b/${name}`,
      access: PRODUCER,
      ok: 200,
      targets: (f) => producerTargets(f, (id) => post(`/b2b/${name}`, { selectedProducerId: id })),
    }),
  ),
  ...(['nb_export', 'client_export'] as const).map(
    (name): MatrixEntry => ({
      method: 'GET',
      url: `${API}/b2b/${name}`,
      access: PRODUCER,
      ok: 200,
      targets: (f) => producerTargets(f, (id) => get(`/b2b/${name}`, { selectedProducerId: id })),
    }),
  ),
  {
    method: 'POST',
    url: `${API}/b2b/service_records`,
    access: SERVICE_RECORDS,
    ok: 200,
    targets: (f) => producerTargets(f, (id) => post('/b2b/service_records', { selectedProducerId: id })),
  },
  {
    method: 'GET',
    url: `${API}/b2b/sr_export`,
    access: SERVICE_RECORDS,
    ok: 200,
    targets: (f) => producerTargets(f, (id) => get('/b2b/sr_export', { selectedProducerId: id })),
  },
  {
    method: 'GET',
    url: `${API}/b2b/get_all_followup_type`,
    access: SERVICE_RECORDS,
    ok: 200,
    targets: () => one(get('/b2b/get_all_followup_type')),
  },
  // Team tree and profiles.
  {
    method: 'GET',
    url: `${API}/b2b/get_tree_node`,
    access: PRODUCER,
    ok: 200,
    targets: (f) => producerTargets(f, (id) => get('/b2b/get_tree_node', { id })),
  },
  {
    method: 'GET',
    url: `${API}/b2b/team/subtree`,
    access: PRODUCER,
    ok: 200,
    targets: (f) => producerTargets(f, (id) => get('/b2b/team/subtree', { id })),
  },
  {
    method: 'GET',
    url: `${API}/b2b/team/search`,
    access: PRODUCER,
    ok: 200,
    // A search answers what matches inside the caller's subtree: always 200, the body check finds what leaks.
    targets: (f) =>
      f.producers.map((p) => ({ label: p.code, request: get('/b2b/team/search', { q: p.code }) })),
  },
  {
    method: 'GET',
    url: `${API}/b2b/profile/:producerId`,
    access: PRODUCER,
    ok: 200,
    targets: (f) => producerTargets(f, (id) => get(`/b2b/profile/${id}`)),
  },
  // Detail modals and client documents.
  ...(['html', 'pdf'] as const).map(
    (ext): MatrixEntry => ({
      method: 'GET',
      url: `${API}/b2b/policy_detail/:id.${ext}`,
      access: PRODUCER,
      ok: 200,
      targets: (f) =>
        f.producers.flatMap((p) =>
          p.application
            ? [
                {
                  label: p.code,
                  request: get(`/b2b/policy_detail/${p.application.id}.${ext}`),
                  readers: p.application.readers,
                },
              ]
            : [],
        ),
    }),
  ),
  {
    method: 'GET',
    url: `${API}/b2b/service_record_detail/:id.html`,
    access: PRODUCER,
    ok: 200,
    targets: (f) =>
      f.producers.flatMap((p) =>
        p.serviceRecord
          ? [
              {
                label: p.code,
                request: get(`/b2b/service_record_detail/${p.serviceRecord.id}.html`),
                readers: p.serviceRecord.readers,
              },
            ]
          : [],
      ),
  },
  ...(['html', 'pdf'] as const).map(
    (ext): MatrixEntry => ({
      method: 'GET',
      url: `${API}/b2b/client_detail/:id.${ext}`,
      access: PRODUCER,
      ok: 200,
      targets: (f) =>
        f.producers.flatMap((p) =>
          p.plan
            ? [
                {
                  label: p.code,
                  request: get(`/b2b/client_detail/${p.plan.id}.${ext}`),
                  readers: p.plan.readers,
                },
              ]
            : [],
        ),
    }),
  ),
  {
    method: 'GET',
    url: `${API}/b2b/clients/list_document`,
    access: PRODUCER,
    ok: 200,
    targets: (f) =>
      accounts(f).map((a) => ({
        label: a.owner,
        request: get('/b2b/clients/list_document', { account_no: a.accountNo }),
        readers: a.readers,
      })),
  },
  {
    method: 'GET',
    url: `${API}/b2b/clients/download_document`,
    access: PRODUCER,
    ok: 200,
    targets: (f) =>
      f.producers.flatMap((p) =>
        p.account?.fileNodeId
          ? [
              {
                label: p.code,
                request: get('/b2b/clients/download_document', {
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
    method: 'GET',
    url: `${API}/b2b/commissions/list_statement/:producerId`,
    access: { kinds: ['producer'], permission: 'commission' },
    ok: 200,
    targets: (f) => producerTargets(f, (id) => get(`/b2b/commissions/list_statement/${id}`)),
  },
  {
    method: 'GET',
    url: `${API}/b2b/commissions/download_statement`,
    access: { kinds: ['producer'], permission: 'commission' },
    ok: 200,
    targets: (f) =>
      f.producers.flatMap((p) =>
        p.commission
          ? [
              {
                label: p.code,
                request: get('/b2b/commissions/download_statement', p.commission.query),
                readers: p.readers,
              },
            ]
          : [],
      ),
  },
  // Reports: site, sub-permission, then the selected producer.
  {
    method: 'POST',
    url: `${API}/b2b/reports`,
    access: PRODUCER,
    ok: 200,
    targets: (f) => reportTargets(f, (form) => post('/b2b/reports', form)),
  },
  {
    method: 'GET',
    url: `${API}/b2b/report_export`,
    access: PRODUCER,
    ok: 200,
    targets: (f) => reportTargets(f, (form) => get('/b2b/report_export', asQuery(form))),
  },
  {
    method: 'POST',
    url: `${API}/b2b/report_exports`,
    access: PRODUCER,
    ok: 202,
    // Each admitted call starts a job (at most 3 live per producer): the caller's own report and another team's.
    targets: (f) => {
      const other = f.producers.find((p) => p.code === 'A2001');
      if (!other) throw new Error('no A2001');
      return [
        { label: 'own', request: post('/b2b/report_exports', reportForm(1)) },
        {
          label: other.code,
          request: post('/b2b/report_exports', reportForm(1, other.producerId)),
          readers: other.readers,
        },
      ];
    },
  },
  {
    method: 'GET',
    url: `${API}/b2b/report_exports/:jobId`,
    access: PRODUCER,
    ok: 200,
    targets: (_f, ctx) =>
      ctx.jobs.map((j) => ({
        label: j.owner,
        request: get(`/b2b/report_exports/${j.id}`),
        readers: { clients: new Set(), producers: new Set([j.producerId]) },
      })),
  },
  {
    method: 'GET',
    url: `${API}/b2b/report_exports/:jobId/file`,
    access: PRODUCER,
    ok: 200,
    targets: (_f, ctx) =>
      ctx.jobs.map((j) => ({
        label: j.owner,
        request: get(`/b2b/report_exports/${j.id}/file`),
        readers: { clients: new Set(), producers: new Set([j.producerId]) },
      })),
  },
  // Internal staff area: the Revenues menu row.
  {
    method: 'POST',
    url: `${API}/internal/revenues/search`,
    access: REVENUES,
    ok: 200,
    targets: () => one(post('/internal/revenues/search', { page: 1 })),
  },
  {
    method: 'GET',
    url: `${API}/internal/revenues/options`,
    access: REVENUES,
    ok: 200,
    targets: () => one(get('/internal/revenues/options')),
  },
  {
    method: 'GET',
    url: `${API}/internal/revenues/:id`,
    access: REVENUES,
    ok: 200,
    targets: (_f, ctx) => one(get(`/internal/revenues/${ctx.revenueId}`)),
  },
  {
    method: 'GET',
    url: `${API}/internal/revenues/payout_record/:id`,
    access: REVENUES,
    ok: 200,
    targets: (_f, ctx) => one(get(`/internal/revenues/payout_record/${ctx.revenueId}`)),
  },
  {
    method: 'PATCH',
    url: `${API}/internal/revenues/:id`,
    access: REVENUES,
    // A stale version: refused as a conflict past the guard, nothing is written.
    ok: 409,
    targets: (_f, ctx) =>
      one({
        method: 'PATCH',
        path: `/internal/revenues/${ctx.revenueId}`,
        payload: { version: '2024-01-01T00:00:00.000Z', internalRemark: 'matrix' },
      }),
  },
  {
    method: 'DELETE',
    url: `${API}/internal/revenues/:id`,
    access: REVENUES,
    // The revenue is made not deletable in setup: refused by state past the guard, nothing is removed.
    ok: 409,
    targets: (_f, ctx) => one({ method: 'DELETE', path: `/internal/revenues/${ctx.revenueId}` }),
  },
];
