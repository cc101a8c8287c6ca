import {
  CLIENT_TRACKER_FINISHED_DAYS,
  CLIENT_TRACKER_LIMIT,
  IN_PROGRESS_STAGES,
  type RequirementStatus,
  type RequirementType,
  type SiteCode,
} from '@portal/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  applicationRequirements,
  applicationStageHistory,
  applications,
  requirementTypes,
} from '../../db/schema/index.js';
import { documentCount, hongKongDay } from './queries.js';

/*
 * SQL of the client's application tracker (docs/client-area.md). Every query is bound to the client and their site,
 * or to application ids the first query returned for them.
 */

export interface TrackedApplication {
  id: number;
  planNo: string | null;
  productName: string | null;
  category: string;
  receivedOn: string;
  stage: number;
  stageEnteredOn: string;
  coolingOffEndsOn: string | null;
}

/**
 * The client's applications still worth tracking (applications_client_idx): in progress, in their cooling-off, or
 * finished (issued or cancelled) within the last CLIENT_TRACKER_FINISHED_DAYS days; newest first, bounded.
 */
export async function selectTrackedApplications(
  db: Db,
  client: { clientId: number; siteCode: SiteCode },
  today: string,
): Promise<TrackedApplication[]> {
  const inProgress = sql.raw(IN_PROGRESS_STAGES.join(', '));
  return db
    .select({
      id: applications.id,
      planNo: applications.policyNo,
      productName: applications.productName,
      category: applications.category,
      receivedOn: sql<string>`${applications.receivedDate}::text`,
      stage: applications.stage,
      stageEnteredOn: hongKongDay(applications.stageEnteredAt),
      coolingOffEndsOn: sql<string | null>`${applications.coolingOffEndsOn}::text`,
    })
    .from(applications)
    .where(
      and(
        eq(applications.clientId, client.clientId),
        eq(applications.siteCode, client.siteCode),
        sql`(${applications.stage} in (${inProgress})
          or ${applications.coolingOffEndsOn} >= ${today}::date
          or ${applications.stageEnteredAt} >= ${today}::date - ${CLIENT_TRACKER_FINISHED_DAYS}::int)`,
      ),
    )
    .orderBy(desc(applications.receivedDate), desc(applications.id))
    .limit(CLIENT_TRACKER_LIMIT);
}

/** The stages each application entered, oldest first, on their Hong Kong days (requirement lines left out). */
export async function selectStageTimelines(db: Db, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: applicationStageHistory.applicationId,
      stage: applicationStageHistory.stage,
      at: hongKongDay(applicationStageHistory.changedAt),
    })
    .from(applicationStageHistory)
    .where(
      and(
        inArray(applicationStageHistory.applicationId, applicationIds),
        isNull(applicationStageHistory.requirementId),
      ),
    )
    .orderBy(asc(applicationStageHistory.applicationId), asc(applicationStageHistory.changedAt));
}

export interface ClientItemRow {
  id: number;
  applicationId: number;
  type: RequirementType;
  status: RequirementStatus;
  dueDate: string | null;
  reason: string | null;
  /** Documents on file for the item (the client's and the office's). */
  documentCount: number;
}

/**
 * The items the client provides on these applications, in the checklist's order. The office's remark and who
 * decided are not selected: nothing here may reach the client that the office keeps to itself.
 */
export async function selectClientItems(db: Db, applicationIds: number[]): Promise<ClientItemRow[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      id: applicationRequirements.id,
      applicationId: applicationRequirements.applicationId,
      type: sql<RequirementType>`${applicationRequirements.typeCode}`,
      status: sql<RequirementStatus>`${applicationRequirements.status}`,
      dueDate: sql<string | null>`${applicationRequirements.dueDate}::text`,
      // The reason is the client's to read only on a rejection (what to send instead); a waiver's stays internal.
      reason: sql<
        string | null
      >`case when ${applicationRequirements.status} = 'rejected' then ${applicationRequirements.reason} end`,
      documentCount,
    })
    .from(applicationRequirements)
    .innerJoin(
      requirementTypes,
      and(
        eq(requirementTypes.siteCode, applicationRequirements.siteCode),
        eq(requirementTypes.code, applicationRequirements.typeCode),
      ),
    )
    .where(
      and(
        inArray(applicationRequirements.applicationId, applicationIds),
        eq(applicationRequirements.provider, 'client'),
      ),
    )
    .orderBy(
      asc(applicationRequirements.applicationId),
      asc(requirementTypes.sortOrder),
      asc(applicationRequirements.id),
    );
}
