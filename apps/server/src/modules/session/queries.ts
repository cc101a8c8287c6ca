import type { CurrentClient, CurrentProducer, CurrentStaff } from '@portal/contract';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientMessages, clients, producers, staff, staffMenuPermissions } from '../../db/schema/index.js';

export async function findClientSummary(db: Db, clientId: number): Promise<CurrentClient | undefined> {
  const [client] = await db
    .select({ name: clients.fullName })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!client) return undefined;
  const [unread] = await db
    .select({ n: count() })
    .from(clientMessages)
    .where(and(eq(clientMessages.clientId, clientId), isNull(clientMessages.readAt)));
  return { name: client.name, messageCount: unread?.n ?? 0 };
}

export async function findProducerSummary(db: Db, producerId: number): Promise<CurrentProducer | undefined> {
  const [row] = await db
    .select({
      name: producers.name,
      fullName: producers.fullName,
      producerId: producers.id,
      hasCommissionPermission: producers.hasCommissionPermission,
      hasBvReportPermission: producers.hasBvReportPermission,
      hasTrainingHistoryReportPermission: producers.hasTrainingHistoryReportPermission,
      hasAvenueB2bLogin: producers.hasAvenueB2bLogin,
    })
    .from(producers)
    .where(eq(producers.id, producerId))
    .limit(1);
  return row;
}

export async function findStaffSummary(db: Db, staffId: number): Promise<CurrentStaff | undefined> {
  const [member] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId)).limit(1);
  if (!member) return undefined;
  const menus = await db
    .select({
      type: staffMenuPermissions.type,
      name: staffMenuPermissions.name,
      path: staffMenuPermissions.path,
    })
    .from(staffMenuPermissions)
    .where(eq(staffMenuPermissions.staffId, staffId))
    .orderBy(asc(staffMenuPermissions.position));
  return { name: member.name, menus };
}
