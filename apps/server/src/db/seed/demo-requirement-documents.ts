import type { RequirementType } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { requirementDocuments, uploadedFiles } from '../schema/index.js';
import type { DemoContext } from './demo-context.js';
import { flushFiles, queueFile } from './demo-files.js';
import { renderSimplePdf } from './pdf.js';

/** What a scanned copy of each kind of item is titled. */
const TITLES: Record<RequirementType, string> = {
  FNA: 'Financial needs analysis',
  RPQ: 'Risk profile questionnaire',
  IFS_1: 'Important Facts Statement, part 1',
  IFS_2: 'Important Facts Statement, part 2',
  IFS_3: 'Important Facts Statement, part 3',
  REPLACEMENT_DECLARATION: 'Replacement declaration',
  ID_PROOF: 'Proof of identity',
  ADDRESS_PROOF: 'Proof of address',
  MEDICAL: 'Medical examination report',
  PAYMENT_PROOF: 'Proof of payment',
  SIGNED_APPLICATION: 'Signed application form',
};

interface Waiting {
  id: number;
  type: RequirementType;
  client_name: string;
  application_id: number;
  received_on: string;
  /** The client's own account when they have one; otherwise the office, which scanned the paper copy. */
  uploader: number;
}

/**
 * A document on file for every item the office has received and not yet decided (docs/producer/cases.md): the office's
 * review queue opens on something to review. Each is a one-page PDF naming the item, the client and the day it came,
 * sent by the client's account or, for a paper copy, by the first staff user.
 */
export async function insertRequirementDocuments(ctx: DemoContext): Promise<void> {
  const waiting = (
    (await ctx.tx.execute(sql`select r.id::int, r.type_code as type, coalesce(a.client_name, '') as client_name,
        a.id::int as application_id, (r.status_changed_at at time zone 'Asia/Hong_Kong')::date::text as received_on,
        coalesce((select min(u.id) from users u where u.client_id = a.client_id),
          (select min(u.id) from users u where u.kind = 'staff'))::int as uploader
      from application_requirements r join applications a on a.id = r.application_id
      where r.status in ('received', 'under_review') order by r.id`)) as unknown as { rows: Waiting[] }
  ).rows;
  const files = waiting.map((item) => ({ item, key: `uploads/demo/requirement-${item.id}.pdf` }));
  for (const { item, key } of files) {
    queueFile(ctx, key, 'application/pdf', () =>
      renderSimplePdf({
        title: TITLES[item.type],
        facts: [
          ['Client', item.client_name],
          ['Application', `#${item.application_id}`],
          ['Received', item.received_on.replaceAll('-', '/')],
        ],
        footnote: 'Demo document: a scanned copy sent for the application.',
      }),
    );
  }
  await flushFiles(ctx);
  if (files.length === 0) return;
  const sizes = (
    (await ctx.tx.execute(sql`select key, byte_size::int as size, sha256 from stored_files
      where key in (${sql.join(
        files.map(({ key }) => sql`${key}`),
        sql`, `,
      )})`)) as unknown as { rows: { key: string; size: number; sha256: string }[] }
  ).rows;
  const byKey = new Map(sizes.map((row) => [row.key, row]));
  for (const { item, key } of files) {
    const file = byKey.get(key);
    if (!file) throw new Error(`demo document ${key} was not stored`);
    const [upload] = await ctx.tx
      .insert(uploadedFiles)
      .values({
        fileKey: key,
        uploadedByUserId: item.uploader,
        fileName: `${TITLES[item.type].toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}.pdf`,
        kind: 'pdf',
        byteSize: file.size,
        sha256: file.sha256,
      })
      .returning({ id: uploadedFiles.id });
    if (!upload) throw new Error('demo upload not written');
    await ctx.tx.insert(requirementDocuments).values({ requirementId: item.id, uploadId: upload.id });
  }
}
