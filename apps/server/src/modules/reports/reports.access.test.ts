import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '../../testing/http.js';
import { signedIn } from '../../testing/producer-fixtures.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { exportReport, preview } from './testing/report-http.js';

/*
 * The order every report call checks a request in: sign-in, report type, site, sub-permission, definition, criteria.
 */

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedIn>>;
let consultant: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  partner = await signedIn(t, 'partner');
  consultant = await signedIn(t, 'consultant');
});
afterAll(() => t.close());

const fieldErrors = (body: string) => (JSON.parse(body) as { errors: Record<string, string[]> }).errors;

describe('report access', () => {
  it('answers 401 to nobody and 403 to a client', async () => {
    expect((await preview(new ApiAgent(t.app), { reportType: 1 })).statusCode).toBe(401);
    const client = await signedIn(t, 'client');
    expect((await preview(client.agent, { reportType: 1 })).statusCode).toBe(403);
  });

  it.each([13, 14, 201])(
    'refuses type %i to a producer without its permission, before anything else about it',
    async (type) => {
      const response = await preview(consultant.agent, { reportType: type, dateFrom: 'garbage' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatch(/permission/i);
      expect((await exportReport(consultant.agent, `reportType=${type}`)).statusCode).toBe(403);
      // With the permission the call goes on to the criteria.
      const withPermission = await preview(partner.agent, { reportType: type, page: '01' });
      expect(withPermission.statusCode).toBe(400);
      expect(withPermission.json().errors).toHaveProperty('page');
    },
  );

  it('answers 404 for a report the site does not offer', async () => {
    const absg = await signedIn(t, 'absgProducer', 'absg.localhost');
    expect((await preview(absg.agent, { reportType: 3 })).statusCode).toBe(404);
    expect((await exportReport(absg.agent, 'reportType=3')).statusCode).toBe(404);
    const ipc = await signedIn(t, 'ipcProducer', 'ipc.localhost');
    expect((await preview(ipc.agent, { reportType: 6 })).statusCode).toBe(404);
    expect((await preview(absg.agent, { reportType: 1 })).statusCode).toBe(200);
  });
});

describe('report criteria', () => {
  it.each([
    [{ reportType: 99 }, 'reportType'],
    [{ reportType: 'x' }, 'reportType'],
    [{}, 'reportType'],
    [{ reportType: 1, dateFrom: '2026-02-30' }, 'dateFrom'],
    [{ reportType: 1, dateFrom: '2026-06-30', dateTo: '2026-01-01' }, 'dateTo'],
    [{ reportType: 1, status: 'XXX' }, 'status'],
    [{ reportType: 1, status: 'INF' }, 'status'],
    [{ reportType: 1, excludeStatus: 'CAN,XXX' }, 'excludeStatus.1'],
    [{ reportType: 1, page: '01' }, 'page'],
    [{ reportType: 1, sortField: 'password' }, 'sortField'],
    [{ reportType: 1, productType: 'ZZ' }, 'productType'],
  ])('refuses %j with a field error on %s', async (form, field) => {
    const response = await preview(partner.agent, form);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(fieldErrors(response.body))).toContain(field);
  });

  it('refuses the same criteria in the export query string', async () => {
    for (const [query, field] of [
      ['reportType=99', 'reportType'],
      ['reportType=1&excludeStatus=CAN,XXX', 'excludeStatus.1'],
      ['reportType=1&dateFrom=2026/13/01', 'dateFrom'],
      ['reportType=1&page=01', 'page'],
    ] as const) {
      const response = await exportReport(partner.agent, query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(fieldErrors(response.body)), query).toContain(field);
    }
  });
});
