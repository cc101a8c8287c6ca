import { FORMS_CLIENT_LANG, type Language } from '@portal/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { storedFileRow } from '../../files/file-store.js';
import { clientDocuments, forms, funds, statementAccounts, storedFiles } from '../schema/index.js';
import type { DemoContext } from './demo-context.js';
import { clientDocumentPdf, factsheetPdf, formPdf } from './documents.js';
import { mapLimit } from './random.js';

export function queueFile(ctx: DemoContext, key: string, contentType: string, render: () => Promise<Buffer>) {
  ctx.pendingFiles.push({ key, contentType, render });
}

/**
 * Renders the queued files and stores them. Runs before the rows that reference them are inserted (file keys are
 * foreign keys). pdfmake is mostly synchronous CPU work, so a small concurrency just keeps the database busy while
 * the next document renders.
 */
export async function flushFiles(ctx: DemoContext): Promise<void> {
  const queued = ctx.pendingFiles.splice(0);
  const rendered = await mapLimit(queued, 4, async (f) =>
    storedFileRow(f.key, f.contentType, await f.render()),
  );
  for (let i = 0; i < rendered.length; i += 50) {
    await ctx.tx.insert(storedFiles).values(rendered.slice(i, i + 50));
  }
}

export async function insertFactsheets(ctx: DemoContext): Promise<void> {
  for (const f of ctx.catalog.funds) {
    queueFile(ctx, `funds/factsheets/${f.code}.pdf`, 'application/pdf', () => factsheetPdf(f));
  }
  await flushFiles(ctx);
  for (const f of ctx.catalog.funds) {
    await ctx.tx
      .update(funds)
      .set({ factsheetFileKey: `funds/factsheets/${f.code}.pdf` })
      .where(eq(funds.id, f.id));
  }
}

/**
 * Document trees for a handful of statement accounts (the Clients list's account numbers): the first plan account of
 * eight clients with statements, mostly of partner1's team, so that some team accounts have documents and most do not.
 */
export async function insertClientDocuments(ctx: DemoContext): Promise<void> {
  const candidates = ctx.clients.filter((c, i) => c.policies.length > 0 && (i < 2 || i % 8 === 0));
  const accounts = await ctx.tx
    .select({ clientId: statementAccounts.clientId, accountNo: statementAccounts.accountNo })
    .from(statementAccounts)
    .where(
      and(
        eq(statementAccounts.accountType, 'POLICY'),
        inArray(
          statementAccounts.clientId,
          candidates.map((c) => c.id),
        ),
      ),
    )
    .orderBy(asc(statementAccounts.accountNo));
  const plans: { clientId: number; clientName: string; accountNo: string }[] = [];
  for (const c of candidates) {
    const account = accounts.find((a) => a.clientId === c.id);
    if (account && plans.length < 8)
      plans.push({ clientId: c.id, clientName: c.fullName, accountNo: account.accountNo });
  }
  const layout = [
    { folder: 'Application Forms', files: ['Application Form.pdf', 'Financial Needs Analysis.pdf'] },
    { folder: 'Correspondence', files: ['Welcome Letter.pdf'] },
  ];
  for (const p of plans) {
    for (const section of layout) {
      for (const name of section.files) {
        const key = `documents/${p.accountNo}/${section.folder}/${name}`;
        queueFile(ctx, key, 'application/pdf', () =>
          clientDocumentPdf({
            title: name.replace('.pdf', ''),
            clientName: p.clientName,
            accountNo: p.accountNo,
            date: '2026-03-15',
          }),
        );
      }
    }
    queueFile(ctx, `documents/${p.accountNo}/Annual Review 2025.pdf`, 'application/pdf', () =>
      clientDocumentPdf({
        title: 'Annual Review 2025',
        clientName: p.clientName,
        accountNo: p.accountNo,
        date: '2025-12-31',
      }),
    );
  }
  await flushFiles(ctx);
  for (const p of plans) {
    let order = 0;
    for (const section of layout) {
      const [folder] = await ctx.tx
        .insert(clientDocuments)
        .values({
          clientId: p.clientId,
          accountNo: p.accountNo,
          kind: 'folder',
          name: section.folder,
          sortOrder: order++,
        })
        .returning({ id: clientDocuments.id });
      await ctx.tx.insert(clientDocuments).values(
        section.files.map((name, i) => ({
          clientId: p.clientId,
          accountNo: p.accountNo,
          parentId: folder?.id,
          kind: 'file',
          name,
          fileKey: `documents/${p.accountNo}/${section.folder}/${name}`,
          sortOrder: i,
        })),
      );
    }
    await ctx.tx.insert(clientDocuments).values({
      clientId: p.clientId,
      accountNo: p.accountNo,
      kind: 'file',
      name: 'Annual Review 2025.pdf',
      fileKey: `documents/${p.accountNo}/Annual Review 2025.pdf`,
      sortOrder: order,
    });
  }
}

/** Each form as the provider titles it in each language it publishes the form in (the PDF is in that language). */
const FORM_TITLES: Record<Language, string>[] = [
  { en: 'Change of Address Form', zh: '更改地址表格', ja: '住所変更届', kr: '주소 변경 신청서' },
  {
    en: 'Fund Switching Form',
    zh: '基金轉換表格',
    ja: 'ファンド・スイッチング申込書',
    kr: '펀드 변경 신청서',
  },
  { en: 'Partial Withdrawal Form', zh: '部分提取表格', ja: '一部引出請求書', kr: '부분 인출 신청서' },
  { en: 'Beneficiary Nomination', zh: '受益人指定表格', ja: '受取人指定届', kr: '수익자 지정서' },
];
const FORM_SETS: { provider: string; productType: string; languages: Language[] }[] = [
  { provider: 'HLA', productType: 'IL', languages: ['en', 'zh', 'ja'] },
  { provider: 'HLA', productType: 'IN', languages: ['en', 'zh'] },
  { provider: 'GCL', productType: 'IL', languages: ['en', 'zh'] },
  { provider: 'ORP', productType: 'FD', languages: ['en', 'zh', 'ja', 'kr'] },
  { provider: 'CMP', productType: 'MPF', languages: ['en', 'zh'] },
];

/** Provider forms in several languages, for the public forms API and the plan's Form Download tab. */
export async function insertForms(ctx: DemoContext): Promise<void> {
  const rows: (typeof forms.$inferInsert)[] = [];
  for (const set of FORM_SETS) {
    const providerId = ctx.catalog.providerIds.get(set.provider) ?? 0;
    for (const language of set.languages) {
      FORM_TITLES.slice(0, set.productType === 'MPF' ? 2 : 3).forEach((titles, i) => {
        const title = titles[language];
        // The file key names the form by its English title: keys stay ASCII whatever the language.
        const key = `forms/${set.provider}/${set.productType}/${language}/${titles.en.toLowerCase().replace(/ /g, '-')}.pdf`;
        const formType = i === 2 ? 'original' : 'copy';
        queueFile(ctx, key, 'application/pdf', () =>
          formPdf({
            // The demo PDF is set in Roboto (no CJK glyphs): its placeholder page is titled in English.
            title: titles.en,
            provider: set.provider,
            productType: set.productType,
            language: `${language} (${FORMS_CLIENT_LANG[language]})`,
            formType,
          }),
        );
        rows.push({
          providerId,
          productType: set.productType,
          title,
          formType,
          language,
          fileKey: key,
          sortOrder: i,
        });
      });
    }
  }
  await flushFiles(ctx);
  await ctx.tx.insert(forms).values(rows);
}
