import { type Language, parseLanguage } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { clients, producers, sites, users } from '../db/schema/index.js';
import type { NoticeParams, NoticeType } from './notice-texts.js';
import type { NoticeRecipient, Notifier } from './notifier.js';

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

/** The minute a notice names, in UTC as its words say ("2026-11-28 09:15"). */
export function noticeMinute(at: Date): string {
  return at.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * The sign-in account to tell a client or a producer through: of their accounts (one per site at most), the one they
 * signed in with last. One, because the notification centre is the person's, not the account's: telling each
 * account would list the same notice twice.
 */
export async function accountsOf(
  db: Db,
  party: { clientId: number } | { producerId: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where('clientId' in party ? eq(users.clientId, party.clientId) : eq(users.producerId, party.producerId))
    .orderBy(sql`${users.lastLoginAt} desc nulls last`, users.id)
    .limit(1);
  return rows.map((row) => row.id);
}

/**
 * A notice for accounts: its type, the screen it links to, and what its words name beside site, login and time
 * (worded per recipient's language when a value is itself a word, such as a status).
 */
export interface AccountNotice {
  type: NoticeType;
  /** The screen, or per area when the same thing has a client's and a producer's screen (a conversation). */
  link?: string | ((audience: NotificationAudience) => string);
  params?: Partial<NoticeParams> | ((language: Language) => Partial<NoticeParams>);
}

/**
 * The one way a module tells sign-in accounts that something happened: each account is worded in its own language,
 * lands in its person's notification centre and goes out by the channels they chose. A notice that cannot be
 * queued is logged and never undoes what happened (the change it tells of is already committed).
 */
export async function notifyAccounts(
  deps: { db: Db; notifier: Notifier; log: FastifyBaseLogger },
  userIds: readonly number[],
  notice: AccountNotice,
  at: Date,
): Promise<void> {
  for (const userId of userIds) {
    try {
      const found = await recipientOfUser(deps.db, userId);
      if (!found) continue;
      await deps.notifier.notify({
        type: notice.type,
        recipient: found.recipient,
        params: {
          siteName: found.siteName,
          login: found.login,
          at: noticeMinute(at),
          ...(typeof notice.params === 'function' ? notice.params(found.recipient.language) : notice.params),
        },
        ...linkFor(notice, found.recipient),
      });
    } catch (err) {
      deps.log.error({ err, userId, notice: notice.type }, 'notice not queued');
    }
  }
}

type NotificationAudience = NonNullable<NoticeRecipient['account']>['audience'];

function linkFor(notice: AccountNotice, recipient: NoticeRecipient): { link?: string } {
  const link =
    typeof notice.link === 'function'
      ? recipient.account && notice.link(recipient.account.audience)
      : notice.link;
  return link ? { link } : {};
}
