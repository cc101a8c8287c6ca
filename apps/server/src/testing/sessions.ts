import { and, eq, sql } from 'drizzle-orm';
import { sessions, users } from '../db/schema/index.js';
import { resolveSite } from '../plugins/request-context.js';
import { cookieScheme } from '../plugins/session/cookies.js';
import { randomToken, sha256 } from '../plugins/session/tokens.js';
import type { ApiAgent } from './http.js';
import type { TestContext } from './test-app.js';

/**
 * Gives the agent a signed-in session for a demo login without going through the sign-in flow, so area tests do
 * not depend on it (the sign-in flow has tests of its own).
 */
export async function signInAs(
  t: Pick<TestContext, 'database' | 'clock' | 'config'>,
  agent: ApiAgent,
  login: string,
): Promise<number> {
  const hostSite = resolveSite(t.config, agent.host);
  const site = hostSite.code;
  const [user] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteCode, site), sql`lower(${users.login}) = lower(${login})`))
    .limit(1);
  if (!user) throw new Error(`no demo user ${login} on ${site}`);
  const id = randomToken();
  const csrfToken = randomToken();
  const now = t.clock.now;
  await t.database.db.insert(sessions).values({
    idHash: sha256(id),
    siteCode: site,
    userId: user.id,
    csrfToken,
    // As a real sign-in leaves it: a full authentication just now counts as a step-up (security/policy.ts).
    data: { internal: hostSite.features.internal, stepUpAt: now.toISOString() },
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + t.config.sessionAbsoluteMs),
  });
  agent.cookie = `${cookieScheme(t.config).names.session}=${id}`;
  agent.csrfToken = csrfToken;
  return user.id;
}
