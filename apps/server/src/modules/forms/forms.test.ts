import { formsListResponseSchema, planListResponseSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
const SECRET = 'test-forms-secret';
const LIST = '/angel/face/api/public/front/operation-procedure/b2c/list';

beforeAll(async () => {
  t = await createTestApp({ FORMS_CLIENT_SECRET: SECRET });
});
afterAll(() => t.close());

const list = (query: string, secret: string | null = SECRET) =>
  t.app.inject({
    method: 'GET',
    url: `${LIST}?${query}`,
    headers: { host: 'afs.localhost', ...(secret === null ? {} : { 'client-secret': secret }) },
  });

describe('public forms API', () => {
  it('lists the forms of a provider and product type in the client_lang language', async () => {
    const en = await list('provider_code=hla&product_type_code=IL&client_lang=6');
    expect(en.statusCode).toBe(200);
    const { data } = formsListResponseSchema.parse(en.json());
    expect(data.map((f) => f.title)).toEqual([
      'Change of Address Form',
      'Fund Switching Form',
      'Partial Withdrawal Form',
    ]);
    expect(data[0]).toMatchObject({ provider_title: 'Harbour Life Assurance Limited', form_type: 'copy' });
    expect(data[2]?.form_type).toBe('original');
    const doc = await t.app.inject({
      method: 'GET',
      url: data[0]?.document ?? '',
      headers: { host: 'afs.localhost' },
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toContain('Change-of-Address-Form-en.pdf');
    const ja = formsListResponseSchema.parse(
      (await list('provider_code=HLA&product_type_code=IL&client_lang=8')).json(),
    );
    expect(ja.data[0]?.document).not.toBe(data[0]?.document);
  });

  it('answers 404 "Not Found" when there is no form, so the page hides the section', async () => {
    const none = await list('provider_code=nobody&product_type_code=GI&client_lang=6');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: 'Not Found' });
    expect((await list('provider_code=nobody&product_type_code=GI&client_lang=9')).statusCode).toBe(404);
  });

  it('lists the English forms when the provider has none in the language (Korean), instead of none', async () => {
    const kr = await list('provider_code=hla&product_type_code=IL&client_lang=9');
    expect(kr.statusCode).toBe(200);
    const { data } = formsListResponseSchema.parse(kr.json());
    expect(data.map((f) => f.title)).toEqual([
      'Change of Address Form',
      'Fund Switching Form',
      'Partial Withdrawal Form',
    ]);
    // The portal's own words still follow the page: the product type is Korean, the form is the English one.
    expect(data[0]?.product_type_title).toBe('ILAS (투자연계형 보험)');
    const en = formsListResponseSchema.parse((await list('provider_code=hla&product_type_code=IL')).json());
    expect(data.map((f) => f.document)).toEqual(en.data.map((f) => f.document));
  });

  it('names forms published in a language in that language, and downloads them under that name', async () => {
    const zh = formsListResponseSchema.parse(
      (await list('provider_code=hla&product_type_code=IL&client_lang=7')).json(),
    );
    expect(zh.data.map((f) => f.title)).toEqual(['更改地址表格', '基金轉換表格', '部分提取表格']);
    expect(zh.data[0]?.product_type_title).toBe('投資相連壽險 (ILAS)');
    const doc = await t.app.inject({
      method: 'GET',
      url: zh.data[1]?.document ?? '',
      headers: { host: 'afs.localhost' },
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('基金轉換表格-zh.pdf')}`,
    );
  });

  it('requires the client-secret header', async () => {
    expect((await list('provider_code=hla&product_type_code=IL', null)).statusCode).toBe(401);
    expect((await list('provider_code=hla&product_type_code=IL', 'wrong')).statusCode).toBe(401);
  });

  it('answers 400 with field errors for bad queries', async () => {
    const bad = await list('product_type_code=&client_lang=5');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'client_lang',
      'product_type_code',
      'provider_code',
    ]);
    const doc = await t.app.inject({
      method: 'GET',
      url: '/angel/face/api/public/front/operation-procedure/b2c/document/abc',
      headers: { host: 'afs.localhost' },
    });
    expect(doc.statusCode).toBe(400);
  });
});

describe('GET /b2c/plans/:id/forms', () => {
  it("answers the forms of the client's own plans in the page language, an empty list otherwise", async () => {
    const client = new ApiAgent(t.app);
    await signInAs(t, client, demoAccount('client').login);
    const plans = planListResponseSchema.parse((await client.get('/b2c/plans')).json()).data;
    // One plan after another, as plan detail asks: twelve at once would pass the per-person cap on lists under way
    // (decision 033) and the fifth would rightly answer 429.
    const answers = [];
    for (const p of plans) answers.push({ plan: p, res: await client.get(`/b2c/plans/${p.id}/forms`) });
    // No forms is a normal answer (a 404 per such plan filled the browser console).
    for (const { plan, res } of answers) {
      expect(res.statusCode, plan.planNo).toBe(200);
      if (['COF', 'CAN', 'LAP', 'SUR', 'TOT'].includes(plan.policyStatusCode))
        expect(res.json(), plan.planNo).toEqual({ data: [] });
    }
    expect(answers.some((a) => a.res.json().data.length === 0)).toBe(true);
    // The demo client holds a Harbour Life or Orchid plan with forms, so the tab shows for at least one plan.
    const withForms = answers.filter((a) => a.res.json().data.length > 0);
    expect(withForms.length).toBeGreaterThan(0);
    for (const { res } of withForms)
      expect(formsListResponseSchema.parse(res.json()).data.length).toBeGreaterThan(0);
    const client2 = new ApiAgent(t.app);
    await signInAs(t, client2, demoAccount('client2').login);
    const foreign = await client2.get(`/b2c/plans/${plans[0]?.id}/forms`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Page Not Found');
    expect((await client.get('/b2c/plans/x/forms')).statusCode).toBe(400);
    // Korean pages keep the Form Download tab: the same plans have forms there (the English ones).
    const korean = new ApiAgent(t.app, 'afs.localhost', 'kr');
    korean.cookie = client.cookie;
    for (const { plan } of withForms) {
      expect((await korean.get(`/b2c/plans/${plan.id}/forms`)).statusCode, plan.planNo).toBe(200);
    }
    expect((await new ApiAgent(t.app).get(`/b2c/plans/${plans[0]?.id}/forms`)).statusCode).toBe(401);
    expect(
      (await new ApiAgent(t.app, 'ipc.localhost').get(`/b2c/plans/${plans[0]?.id}/forms`)).statusCode,
    ).toBe(404);
  });
});
