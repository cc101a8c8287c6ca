import { INTERNAL_PERMISSIONS, type InternalPermission } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { staffMenuPermissions } from '../db/schema/index.js';
import { principalAs, requireStaff } from './auth-guards.js';
import { replyError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireStaffPermission` once the caller is a staff member holding the route's permission. */
    staffCaller?: { userId: number; staffId: number };
  }
}

/** Whether the staff member's menu rows hold the permission's path (exact, or with a trailing "/"). */
export async function staffHasPermission(db: Db, staffId: number, key: InternalPermission): Promise<boolean> {
  const path = INTERNAL_PERMISSIONS[key];
  const [row] = await db
    .select({ staffId: staffMenuPermissions.staffId })
    .from(staffMenuPermissions)
    .where(
      and(eq(staffMenuPermissions.staffId, staffId), inArray(staffMenuPermissions.path, [path, `${path}/`])),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * onRequest hook for internal routes: `requireStaff` (404 off staff hosts, 401 anonymous, 403 client/producer),
 * then the permission's menu row, read on every call so a revoked menu refuses at once (like the producers'
 * commission permission). Registered as onRequest, before params and body validation, so a caller without the
 * permission learns nothing about which inputs would be valid.
 */
export function requireStaffPermission(db: Db, key: InternalPermission) {
  // Named so a test can find it on every internal route (printRoutes with hooks).
  return async function staffPermissionGuard(request: FastifyRequest, reply: FastifyReply) {
    await requireStaff(request, reply);
    if (reply.sent) return reply;
    const { userId, staffId } = principalAs(request, 'staff');
    if (!(await staffHasPermission(db, staffId, key))) {
      return replyError(request, reply, 403, 'errors.forbidden');
    }
    request.staffCaller = { userId, staffId };
  };
}
