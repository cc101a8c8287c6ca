import { parseLanguage } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clients, producers, sites, users } from '../db/schema/index.js';
import type { NoticeRecipient } from './notifier.js';

/**
 * A sign-in account as a notice's recipient: where they are reached (e-mail, first phone of a client), their
 * language, and their person for the notification centre; with the site's name and the login the words name.
 * Undefined for an account that is gone.
 */
export async function recipientOfUser(
  db: Db,
  userId: number,
): Promise<{ recipient: NoticeRecipient; siteName: string; login: string } | undefined> {
  const [row] = await db
    .select({
      kind: users.kind,
      login: users.login,
      language: users.preferredLanguage,
      clientId: users.clientId,
      producerId: users.producerId,
      staffId: users.staffId,
      email: sql<string | null>`coalesce(${users.email}, ${clients.emails}[1], ${producers.opEmails}[1])`,
      phone: sql<string | null>`${clients.phones}[1]`,
      siteName: sites.shortName,
    })
    .from(users)
    .innerJoin(sites, eq(sites.code, users.siteCode))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(producers, eq(producers.id, users.producerId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const id = row.kind === 'client' ? row.clientId : row.kind === 'producer' ? row.producerId : row.staffId;
  return {
    recipient: {
      language: parseLanguage(row.language) ?? 'en',
      email: row.email,
      phone: row.phone,
      ...(id == null ? {} : { account: { audience: row.kind, id } }),
    },
    siteName: row.siteName,
    login: row.login,
  };
}
