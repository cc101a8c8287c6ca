import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Fixtures, Readers } from './fixtures.js';

/** A conversation of one subject client with their servicing consultant, as the matrix's cells name it. */
export interface ConversationFixture {
  owner: string;
  id: number;
  /** The client's own message (only they may retract it) and its attachment. */
  messageId: number;
  attachmentId: number;
  /** Who takes part: the client and the consultant, not the consultant's upline. */
  readers: Readers;
  /** The producer taking part, for the "viewing as" cells; their upline reads it that way. */
  producerId: number;
  viewingAsReaders: Readers;
}

async function first(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>> {
  const row = ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) throw new Error('no row');
  return row;
}

/**
 * One conversation per subject client, written straight to the tables (the routes' own rate limits stay untouched):
 * the client with their servicing consultant, one message of the client's at `at` with a PDF attached.
 */
export async function makeConversationFixtures(
  db: Db,
  f: Fixtures,
  at: Date,
): Promise<ConversationFixture[]> {
  const out: ConversationFixture[] = [];
  const pdf = Buffer.from('%PDF-1.4\n%matrix\n');
  for (const client of f.clients) {
    const producer = await first(
      db,
      sql`select servicing_producer_id as id from policies where owner_client_id = ${client.clientId} order by id limit 1`,
    );
    const producerId = Number(producer.id);
    const conversation = await first(
      db,
      sql`insert into conversations (site_code, client_id, subject, created_at, last_message_at)
        values ('afs', ${client.clientId}, 'Matrix conversation', ${at.toISOString()}, ${at.toISOString()}) returning id`,
    );
    const id = Number(conversation.id);
    const clientPart = await first(
      db,
      sql`insert into conversation_participants (conversation_id, kind, client_id) values (${id}, 'client', ${client.clientId}) returning id`,
    );
    await db.execute(
      sql`insert into conversation_participants (conversation_id, kind, producer_id) values (${id}, 'producer', ${producerId})`,
    );
    const message = await first(
      db,
      sql`insert into conversation_messages (conversation_id, sender_participant_id, body, sent_at)
        values (${id}, ${Number(clientPart.id)}, 'Matrix message', ${at.toISOString()}) returning id`,
    );
    // The attachment rides on a message of its own: the retract cell retracts `message`, and a retracted message's
    // files are no longer served, which would make the download cells depend on the order the matrix runs in.
    const withFile = await first(
      db,
      sql`insert into conversation_messages (conversation_id, sender_participant_id, body, sent_at)
        values (${id}, ${Number(clientPart.id)}, 'Matrix attachment', ${at.toISOString()}) returning id`,
    );
    const key = `conversations/matrix/${id}.pdf`;
    await db.execute(sql`insert into stored_files (key, content_type, byte_size, sha256, data)
      values (${key}, 'application/pdf', ${pdf.length}, encode(sha256(${pdf}), 'hex'), ${pdf})`);
    const upload = await first(
      db,
      sql`insert into uploaded_files (file_key, uploaded_by_user_id, file_name, kind, byte_size, sha256)
        select ${key}, u.id, 'matrix.pdf', 'pdf', ${pdf.length}, encode(sha256(${pdf}), 'hex')
        from users u where u.client_id = ${client.clientId} limit 1 returning id`,
    );
    const attachment = await first(
      db,
      sql`insert into conversation_attachments (conversation_id, message_id, upload_id)
        values (${id}, ${Number(withFile.id)}, ${Number(upload.id)}) returning id`,
    );
    const upline = (
      (await db.execute(
        sql`select ancestor_id as id from producer_tree where descendant_id = ${producerId}`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => Number(r.id));
    out.push({
      owner: client.owner,
      id,
      messageId: Number(message.id),
      attachmentId: Number(attachment.id),
      readers: { clients: new Set([client.clientId]), producers: new Set([producerId]) },
      producerId,
      viewingAsReaders: { clients: new Set([client.clientId]), producers: new Set(upline) },
    });
  }
  return out;
}
