import type { SiteCode } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  accountPasskeys,
  accountRecoveryCodes,
  accountTotp,
  clients,
  producers,
  sessions,
  staff,
  trustedBrowsers,
  users,
} from '../../../db/schema/index.js';
import { totpEnabledSql } from '../account-queries.js';

/**
 * One account as the office's recovery screen shows it, by site and sign-in name (case-insensitive, on
 * `users_site_login_uq`): who it is and counts of what secures it, never a secret, a code or a session id.
 */
export async function findRecoveryAccount(
  db: Db,
  where: { site?: SiteCode; login?: string; id?: number },
  now: Date,
  idleMs: number,
) {
  const idleSince = new Date(now.getTime() - idleMs);
  const [row] = await db
    .select({
      id: users.id,
      site: users.siteCode,
      login: users.login,
      kind: users.kind,
      status: users.status,
      name: sql<string>`coalesce(${clients.fullName}, ${producers.fullName}, ${staff.name}, '')`,
      totpEnabled: totpEnabledSql,
      passkeys: sql<number>`(select count(*)::int from ${accountPasskeys} where ${accountPasskeys.userId} = ${users.id})`,
      recoveryCodesLeft: sql<number>`(select count(*)::int from ${accountRecoveryCodes}
        where ${accountRecoveryCodes.userId} = ${users.id} and ${accountRecoveryCodes.usedAt} is null)`,
      trustedBrowsers: sql<number>`(select count(*)::int from ${trustedBrowsers}
        where ${trustedBrowsers.userId} = ${users.id} and ${trustedBrowsers.expiresAt} > ${now.toISOString()}::timestamptz)`,
      sessions: sql<number>`(select count(*)::int from ${sessions}
        where (${sessions.userId} = ${users.id} or ${sessions.otpUserId} = ${users.id})
          and ${sessions.expiresAt} > ${now.toISOString()}::timestamptz
          and ${sessions.lastSeenAt} > ${idleSince.toISOString()}::timestamptz)`,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(producers, eq(producers.id, users.producerId))
    .leftJoin(staff, eq(staff.id, users.staffId))
    .where(
      and(
        where.site !== undefined ? eq(users.siteCode, where.site) : undefined,
        where.login !== undefined ? sql`lower(${users.login}) = lower(${where.login})` : undefined,
        where.id !== undefined ? eq(users.id, where.id) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Removes every second factor of an account — authenticator, passkeys, recovery codes, remembered browsers — and
 * starts its grace period over at `graceFrom` (a moment already past the grace for audiences that must enrol, so the
 * next sign-in goes to enrolment). One transaction: the office never leaves half a reset behind.
 */
export async function resetSecondFactors(db: Db, userId: number, graceFrom: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(accountTotp).where(eq(accountTotp.userId, userId));
    await tx.delete(accountPasskeys).where(eq(accountPasskeys.userId, userId));
    await tx.delete(accountRecoveryCodes).where(eq(accountRecoveryCodes.userId, userId));
    await tx.delete(trustedBrowsers).where(eq(trustedBrowsers.userId, userId));
    await tx.update(users).set({ mfaGraceFrom: graceFrom }).where(eq(users.id, userId));
  });
}
