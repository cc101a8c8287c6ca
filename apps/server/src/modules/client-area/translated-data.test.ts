import {
  type Language,
  messageListResponseSchema,
  type PlanDetail,
  planDetailSchema,
  planListResponseSchema,
  statementMonthWindow,
  statementPolicyListSchema,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * Decision 012: under zh/ja/kr no English data word may reach the client, neither on the plan page nor in the
 * statement. Product, fund and provider names are proper names and stay as the provider spells them
 * (docs/decisions/012-translated-data.md), so the checks look at the words the portal itself owns.
 */

let t: TestContext;
const agents = new Map<Language, ApiAgent>();
let planIds: number[];
let policyParties: number[];

/** English words of codes and stored texts that must not appear under another language. */
const ENGLISH_WORDS = [
  'Whole of life',
  'year',
  'To age',
  'Autopay',
  'Credit card',
  'Cheque',
  'Telegraphic transfer',
  'Employer contribution',
  'Monthly',
  'Paid to date',
  'Overdue',
  'Cash account',
  'Important information',
  'Inforce',
  'Account Open',
  'Surrendered',
  'not guaranteed',
];
const ENGLISH_ASSET_CLASSES = ['equity', 'bond', 'mixed asset', 'money market', 'alternative'];
const ENGLISH_MESSAGE_SUBJECTS = [
  'Your monthly statement is ready',
  'Premium payment received',
  'Premium due reminder',
  'Fund switching completed',
  'Change of fund manager',
];

beforeAll(async () => {
  t = await createTestApp();
  for (const lang of ['en', 'zh', 'ja', 'kr'] as const) {
    const agent = new ApiAgent(t.app, 'afs.localhost', lang);
    agents.set(lang, agent);
  }
  const en = agents.get('en') as ApiAgent;
  await signInAs(t, en, demoAccount('client').login);
  for (const agent of agents.values()) agent.cookie = en.cookie;
  planIds = planListResponseSchema.parse((await en.get('/b2c/plans')).json()).data.map((p) => p.id);
  const details = await Promise.all(planIds.map((id) => detail('en', id)));
  const partyId = details.find((d) => d.partyId !== null)?.partyId ?? 0;
  const list = statementPolicyListSchema.parse((await en.get(`/statement/policy_list/${partyId}`)).json());
  policyParties = list.accounts.filter((a) => a.accountType !== 'CONSOLIDATE').map((a) => a.partyId);
});
afterAll(() => t.close());

async function detail(lang: Language, id: number): Promise<PlanDetail> {
  const response = await (agents.get(lang) as ApiAgent).get(`/b2c/plans/${id}`);
  expect(response.statusCode).toBe(200);
  return planDetailSchema.parse(response.json());
}

/** The texts of a plan answer the portal words itself (not the provider's product and fund names). */
function ownedTexts(plan: PlanDetail): string[] {
  return [
    plan.policyTerm,
    plan.payTerm,
    plan.paymentMethod,
    plan.paymentStatus,
    plan.portfolioType,
    plan.policyStatus,
    plan.lifeDisclaimer,
    ...plan.policyItems.flatMap((i) => [i.policyTerm, i.payTerm]),
    ...plan.holdings.filter((h) => h.holdingType === 'cash').map((h) => h.description),
    ...plan.allocation.map((a) => a.assetClass),
    ...plan.portfolio.flatMap((a) => [a.name, a.assetClass]),
  ].filter((text): text is string => text !== null);
}

function englishIn(texts: string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    const lower = text.toLowerCase();
    for (const word of ENGLISH_WORDS)
      if (lower.includes(word.toLowerCase())) found.push(`${word} in "${text}"`);
    if (ENGLISH_ASSET_CLASSES.includes(lower)) found.push(text);
  }
  return found;
}

describe('plan detail in the request language', () => {
  it('words the terms, payment, cash and asset classes in English under /en (the control)', async () => {
    const texts = (await Promise.all(planIds.map((id) => detail('en', id)))).flatMap(ownedTexts);
    // The checks below could not fail if these words never appeared at all.
    expect(englishIn(texts).length).toBeGreaterThan(5);
    expect(texts).toContain('Whole of life');
    expect(texts.some((x) => x.startsWith('Cash account ('))).toBe(true);
  });

  for (const lang of ['zh', 'ja', 'kr'] as const) {
    it(`lets no English data word through under /${lang}`, async () => {
      const plans = await Promise.all(planIds.map((id) => detail(lang, id)));
      const texts = plans.flatMap(ownedTexts);
      expect(texts.length).toBeGreaterThan(10);
      expect(englishIn(texts)).toEqual([]);
    });
  }

  it('says the same term in the plan header and in its basic item', async () => {
    for (const id of planIds) {
      const plan = await detail('en', id);
      const basic = plan.policyItems.find((i) => i.policyType === 'BASIC');
      if (!basic) continue;
      expect({ planNo: plan.planNo, policyTerm: basic.policyTerm, payTerm: basic.payTerm }).toEqual({
        planNo: plan.planNo,
        policyTerm: plan.policyTerm,
        payTerm: plan.payTerm,
      });
    }
  });
});

describe('messages in the request language', () => {
  for (const lang of ['zh', 'ja', 'kr'] as const) {
    it(`answers /${lang} message subjects and texts in ${lang}`, async () => {
      const { data } = messageListResponseSchema.parse(
        (await agents.get(lang)?.get('/b2c/messages'))?.json(),
      );
      expect(data.length).toBeGreaterThan(0);
      for (const message of data) {
        for (const subject of ENGLISH_MESSAGE_SUBJECTS) {
          expect(message.title).not.toContain(subject);
          expect(message.content.toLowerCase()).not.toContain(subject.toLowerCase());
        }
        expect(message.content).not.toMatch(/\(Plan /);
      }
    });
  }

  it('dates every message within the statement months the client can open', async () => {
    const { data } = messageListResponseSchema.parse((await agents.get('en')?.get('/b2c/messages'))?.json());
    const window = new Set(statementMonthWindow(t.clock.now));
    expect(data.length).toBe(8);
    for (const message of data) expect(window, message.createDate).toContain(message.createDate.slice(0, 7));
  });
});

describe('statement HTML in the request language', () => {
  /** Text nodes of an HTML document (the renderer escapes every value, so `>text<` is one cell or line). */
  const textNodes = (html: string) =>
    [...html.replace(/<style>[\s\S]*?<\/style>/, '').matchAll(/>([^<]+)</g)].map((m) => m[1] ?? '');

  it('prints the plan words in English under /en (the control)', async () => {
    const texts = [];
    for (const party of policyParties) {
      texts.push(...textNodes((await agents.get('en')?.get(`/statement/${party}.html`))?.body ?? ''));
    }
    expect(englishIn(texts).length).toBeGreaterThan(3);
  });

  for (const lang of ['zh', 'ja', 'kr'] as const) {
    it(`lets no English data word into the /${lang} statements`, async () => {
      expect(policyParties.length).toBeGreaterThan(0);
      for (const party of policyParties) {
        const response = await agents.get(lang)?.get(`/statement/${party}.html`);
        expect(response?.statusCode).toBe(200);
        expect(englishIn(textNodes(response?.body ?? '')), `${lang} party ${party}`).toEqual([]);
      }
    });
  }

  it('carries the machine-translation remark in Japanese statements only', async () => {
    const party = policyParties[0];
    const ja = (await agents.get('ja')?.get(`/statement/${party}.html`))?.body ?? '';
    expect(ja).toContain('機械翻訳');
    for (const lang of ['en', 'zh', 'kr'] as const) {
      const body = (await agents.get(lang)?.get(`/statement/${party}.html`))?.body ?? '';
      expect(body, lang).not.toContain('data-machine-translation');
    }
  });
});
