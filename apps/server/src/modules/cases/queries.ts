import {
  HONG_KONG_TIME_ZONE,
  OPEN_REQUIREMENT_STATUSES,
  type RequirementProvider,
  type RequirementStatus,
  type RequirementType,
  type SiteCode,
} from '@portal/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inList } from '../../db/schema/columns.js';
import {
  applicationRequirements,
  applicationStageHistory,
  applications,
  coolingOffPeriods,
  producerTree,
  requirementDocuments,
  requirementTypes,
  stageSlaTargets,
} from '../../db/schema/index.js';

/*
 * SQL of the cases module (docs/producer/cases.md). Every record query is restricted to the caller's site; whose the
 * record is (team, client) is decided by the use case, so a missing id and a foreign one take the same path to 404.
 */

/** Hong Kong calendar day of a timestamptz column, as YYYY-MM-DD text. */
export const hongKongDay = (column: unknown) =>
  sql<string>`((${column} at time zone ${HONG_KONG_TIME_ZONE})::date)::text`;

export interface CaseApplication {
  id: number;
  siteCode: SiteCode;
  producerId: number;
  clientId: number;
  category: string;
  policyNo: string | null;
  stage: number;
  stageEnteredOn: string;
  coolingOffEndsOn: string | null;
}

const caseColumns = {
  id: applications.id,
  siteCode: applications.siteCode,
  producerId: applications.producerId,
  clientId: applications.clientId,
  category: applications.category,
  policyNo: applications.policyNo,
  stage: applications.stage,
  stageEnteredOn: hongKongDay(applications.stageEnteredAt),
  coolingOffEndsOn: sql<string | null>`${applications.coolingOffEndsOn}::text`,
};

/** One application of the site by id (primary key). */
export async function selectCaseApplication(
  db: Db,
  id: number,
  siteCode: SiteCode,
  teamOf?: number,
): Promise<CaseApplication | undefined> {
  const [row] = await db
    .select(caseColumns)
    .from(applications)
    .where(
      and(
        eq(applications.id, id),
        eq(applications.siteCode, siteCode),
        // A producer's case: theirs or their subtree's (one probe of producer_tree_pk), in the same round trip.
        teamOf === undefined
          ? undefined
          : sql`exists (select 1 from ${producerTree} where ${producerTree.ancestorId} = ${teamOf}
              and ${producerTree.descendantId} = ${applications.producerId})`,
      ),
    )
    .limit(1);
  return row;
}

/** The same, locked for a change (stage or requirement) in a transaction. */
export async function lockCaseApplication(
  tx: Db,
  id: number,
  siteCode: SiteCode,
): Promise<CaseApplication | undefined> {
  const [row] = await tx
    .select(caseColumns)
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.siteCode, siteCode)))
    .limit(1)
    .for('update');
  return row;
}

export interface RequirementRow {
  id: number;
  applicationId: number;
  type: RequirementType;
  status: RequirementStatus;
  dueDate: string | null;
  mandatory: boolean;
  provider: RequirementProvider;
  salesStep: number | null;
  reason: string | null;
  statusChangedAt: Date;
  sortOrder: number;
}

const requirementColumns = {
  id: applicationRequirements.id,
  applicationId: applicationRequirements.applicationId,
  type: sql<RequirementType>`${applicationRequirements.typeCode}`,
  status: sql<RequirementStatus>`${applicationRequirements.status}`,
  dueDate: sql<string | null>`${applicationRequirements.dueDate}::text`,
  mandatory: applicationRequirements.mandatory,
  provider: sql<RequirementProvider>`${applicationRequirements.provider}`,
  salesStep: requirementTypes.salesStep,
  reason: applicationRequirements.reason,
  statusChangedAt: applicationRequirements.statusChangedAt,
  sortOrder: requirementTypes.sortOrder,
};

/**
 * An application's requirements, the Hong Kong sales steps first in their order, then the catalogue's order
 * (application_requirements_application_idx; an application has a dozen at most).
 */
/** How many documents are on file for the requirement row of the statement (requirement_documents' key). */
export const documentCount = sql<number>`(select count(*)::int from ${requirementDocuments}
  where ${requirementDocuments.requirementId} = ${applicationRequirements.id})`;

export async function selectRequirements(
  db: Db,
  applicationId: number,
): Promise<(RequirementRow & { documentCount: number })[]> {
  return db
    .select({ ...requirementColumns, documentCount })
    .from(applicationRequirements)
    .innerJoin(
      requirementTypes,
      and(
        eq(requirementTypes.siteCode, applicationRequirements.siteCode),
        eq(requirementTypes.code, applicationRequirements.typeCode),
      ),
    )
    .where(eq(applicationRequirements.applicationId, applicationId))
    .orderBy(asc(requirementTypes.sortOrder), asc(applicationRequirements.id));
}

/** One requirement of the site by id, locked for a change. */
export async function lockRequirement(
  tx: Db,
  id: number,
  siteCode: SiteCode,
): Promise<RequirementRow | undefined> {
  const [row] = await tx
    .select(requirementColumns)
    .from(applicationRequirements)
    .innerJoin(
      requirementTypes,
      and(
        eq(requirementTypes.siteCode, applicationRequirements.siteCode),
        eq(requirementTypes.code, applicationRequirements.typeCode),
      ),
    )
    .where(and(eq(applicationRequirements.id, id), eq(applicationRequirements.siteCode, siteCode)))
    .limit(1)
    .for('update', { of: applicationRequirements });
  return row;
}

/** The mandatory requirements of an application that are neither accepted nor waived (the stage rule). */
export async function selectOpenMandatory(db: Db, applicationId: number) {
  return db
    .select({
      id: applicationRequirements.id,
      type: sql<RequirementType>`${applicationRequirements.typeCode}`,
      status: sql<RequirementStatus>`${applicationRequirements.status}`,
    })
    .from(applicationRequirements)
    .where(
      and(
        eq(applicationRequirements.applicationId, applicationId),
        eq(applicationRequirements.mandatory, true),
        // The same literal list as the partial index application_requirements_open_due_idx.
        inList(applicationRequirements.status, OPEN_REQUIREMENT_STATUSES),
      ),
    )
    .orderBy(asc(applicationRequirements.id));
}

/** The target days of a stage on a site; null when the stage has none. */
export async function selectStageTarget(db: Db, siteCode: SiteCode, stage: number): Promise<number | null> {
  const [row] = await db
    .select({ days: stageSlaTargets.targetDays })
    .from(stageSlaTargets)
    .where(and(eq(stageSlaTargets.siteCode, siteCode), eq(stageSlaTargets.stage, stage)))
    .limit(1);
  return row?.days ?? null;
}

/** The targets of every stage of a site (a handful of rows). */
export async function selectStageTargets(db: Db, siteCode: SiteCode): Promise<Map<number, number>> {
  const rows = await db
    .select({ stage: stageSlaTargets.stage, days: stageSlaTargets.targetDays })
    .from(stageSlaTargets)
    .where(eq(stageSlaTargets.siteCode, siteCode));
  return new Map(rows.map((r) => [r.stage, r.days]));
}

/** Cooling-off days of a product category; null when it has none. */
export async function selectCoolingOffDays(db: Db, category: string): Promise<number | null> {
  const [row] = await db
    .select({ days: coolingOffPeriods.days })
    .from(coolingOffPeriods)
    .where(eq(coolingOffPeriods.category, category))
    .limit(1);
  return row?.days ?? null;
}

/** A dated line of the stage history: a stage entered, or (with a requirement) a requirement's new status. */
export async function insertHistory(
  tx: Db,
  entry: {
    applicationId: number;
    stage: number;
    at: Date;
    note?: string | null;
    requirementId?: number;
    requirementStatus?: RequirementStatus;
  },
) {
  await tx.insert(applicationStageHistory).values({
    applicationId: entry.applicationId,
    stage: entry.stage,
    changedAt: entry.at,
    note: entry.note ?? null,
    requirementId: entry.requirementId ?? null,
    requirementStatus: entry.requirementStatus ?? null,
  });
}
