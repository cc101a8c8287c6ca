import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './testing/test-app.js';

/*
 * Decision 031: the browser does not parse answers again, so each JSON answer must be checked where it is written.
 * Every API route declares its answer's schema (zod checks it in development and tests, production compiles or
 * checks it), except the routes listed here with the reason.
 */
const FILES =
  /\/files\/|\/provider_statement\/:partyId$|\.html$|\.pdf$|download|_export$|\/export$|\/file$|\/document\/:formId$|\/attachments\/:attachmentId$|\/documents\/:documentId$/;
const UNDECLARED: Record<string, string> = {
  // The rows depend on the report named in the body: checked in the handler against that report's own schema.
  'POST /angel/face/:lang/api/b2b/reports': 'report',
  // 204, no body.
  'DELETE /angel/face/:lang/api/internal/revenues/:id': 'no content',
  // Server-Sent Events (text/event-stream), each event's data the contract's notificationStreamEventSchema.
  'GET /angel/face/:lang/api/notifications/stream': 'event stream',
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('answers and their schemas', () => {
  it('declares the answer of every API route that answers JSON', () => {
    const api = t.app.routeTable.filter((route) => route.url.includes('/api/') && route.method !== 'HEAD');
    const undeclared = api
      .filter((route) => !route.schema?.response && !FILES.test(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared.sort()).toEqual(Object.keys(UNDECLARED).sort());
    // The file routes the pattern skips are real downloads, not a pattern that hides JSON routes.
    expect(api.filter((route) => FILES.test(route.url)).length).toBeGreaterThan(10);
  });
});
