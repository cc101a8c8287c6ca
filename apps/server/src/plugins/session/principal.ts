import type { SiteCode } from '@portal/contract';
import type { SessionUser } from './queries.js';

/**
 * Who is asking, reduced to what access checks need. Only active accounts become principals, and a producer account
 * only while its producer is active: the session stays, but signs nobody in until the state changes back.
 */
export type Principal =
  | { kind: 'client'; userId: number; clientId: number; siteCode: SiteCode }
  | { kind: 'producer'; userId: number; producerId: number; siteCode: SiteCode }
  | { kind: 'staff'; userId: number; staffId: number; siteCode: SiteCode };

export function principalOf(user: SessionUser | null, siteCode: SiteCode): Principal | null {
  if (user?.status !== 'active') return null;
  if (user.kind === 'client' && user.clientId != null) {
    return { kind: 'client', userId: user.id, clientId: user.clientId, siteCode };
  }
  if (user.kind === 'producer' && user.producerId != null && user.producerActive === true) {
    return { kind: 'producer', userId: user.id, producerId: user.producerId, siteCode };
  }
  if (user.kind === 'staff' && user.staffId != null) {
    return { kind: 'staff', userId: user.id, staffId: user.staffId, siteCode };
  }
  return null;
}
