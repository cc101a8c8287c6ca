import { REVENUE_EDIT_FIELDS, type RevenueEdit, type RevenueEditField } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { revenues } from '../../db/schema/index.js';
import { FormValidationError, HttpError, type MessageRef } from '../../plugins/errors.js';
import { auditRevenueChange } from './revenue-audit.js';

/*
 * `PATCH /internal/revenues/{id}` (decision 024): the back office changes annotations and bookkeeping facts of a
 * revenue — never an amount, rate or anything a commission statement is computed from. The revenue's `editable` flag
 * and the caller's version are checked again by the UPDATE itself, so nothing slips in between check and write.
 */

type EditableValues = Pick<typeof revenues.$inferSelect, RevenueEditField>;
type Changes = Partial<EditableValues>;

/** The commission type whose revenues carry a lapse or surrender date (docs/product.md, "Commissions and revenues"). */
const LAPSE_COMMISSION_TYPE = 'C';

/** The version is the detail's `updatedAt` (ISO, milliseconds); anything that is no instant is a field error. */
function versionInstant(version: string): string {
  const instant = new Date(version);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(version) || Number.isNaN(instant.getTime())) {
    throw new FormValidationError({ version: ['validation.invalid'] });
  }
  return instant.toISOString();
}

/** Checks that need the revenue: a lapse or surrender date only on type C, and not before the premium date. */
function checkAgainstRevenue(current: typeof revenues.$inferSelect, edit: RevenueEdit): void {
  const lapse = edit.lapseSurrenderOn;
  if (lapse == null) return;
  const errors: MessageRef[] = [];
  if (current.commissionType !== LAPSE_COMMISSION_TYPE) errors.push('internalRevenues.lapseOnlyTypeC');
  else if (current.premiumDate && lapse < current.premiumDate) {
    errors.push({
      key: 'internalRevenues.lapseBeforePremium',
      vars: { date: current.premiumDate.replaceAll('-', '/') },
    });
  }
  if (errors.length > 0) throw new FormValidationError({ lapseSurrenderOn: errors });
}

/** The sent fields whose value differs from the stored one (a field left out is unchanged). */
function changedFields(current: EditableValues, edit: RevenueEdit): Changes {
  const changes: Record<string, unknown> = {};
  for (const field of REVENUE_EDIT_FIELDS) {
    const value = edit[field];
    if (value !== undefined && value !== current[field]) changes[field] = value;
  }
  return changes as Changes;
}

function pick(values: EditableValues, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, values[field as RevenueEditField]]));
}

type EditOutcome =
  | { kind: 'updated' }
  | { kind: 'notFound' }
  | { kind: 'denied'; reason: 'notEditable' | 'staleVersion' };

/**
 * Applies one edit: 404 for an unknown revenue, 400 field errors, 409 when the revenue is not editable or was changed
 * since the caller's version. A success bumps the version and is audited with the changed fields before and after;
 * a refusal is audited as denied and changes nothing.
 */
export async function editRevenue(
  db: Db,
  request: FastifyRequest,
  revenueId: number,
  edit: RevenueEdit,
  now: Date,
): Promise<void> {
  const version = versionInstant(edit.version);
  const outcome = await db.transaction(async (tx): Promise<EditOutcome> => {
    const [current] = await tx
      .select({
        revenue: revenues,
        stale: sql<boolean>`date_trunc('milliseconds', ${revenues.updatedAt}) <> ${version}::timestamptz`,
      })
      .from(revenues)
      .where(eq(revenues.id, revenueId))
      .for('update');
    if (!current) return { kind: 'notFound' };
    checkAgainstRevenue(current.revenue, edit);
    if (!current.revenue.editable) return { kind: 'denied', reason: 'notEditable' };
    if (current.stale) return { kind: 'denied', reason: 'staleVersion' };

    const changes = changedFields(current.revenue, edit);
    const [updated] = await tx
      .update(revenues)
      .set({
        ...changes,
        // A new version even when two edits share a clock reading: strictly later than the one replaced.
        updatedAt: sql`greatest(${now.toISOString()}::timestamptz,
          date_trunc('milliseconds', ${revenues.updatedAt}) + interval '1 millisecond')`,
      })
      .where(
        and(
          eq(revenues.id, revenueId),
          eq(revenues.editable, true),
          sql`date_trunc('milliseconds', ${revenues.updatedAt}) = ${version}::timestamptz`,
        ),
      )
      .returning();
    if (!updated) return { kind: 'denied', reason: 'staleVersion' };
    const fields = Object.keys(changes);
    await auditRevenueChange(tx, request, {
      action: 'staff.revenue_update',
      outcome: 'success',
      revenueId,
      at: now,
      details: {
        refNo: updated.refNo,
        before: pick(current.revenue, fields),
        after: pick(updated, fields),
        version: updated.updatedAt.toISOString(),
      },
    });
    return { kind: 'updated' };
  });

  if (outcome.kind === 'notFound') throw new HttpError(404, 'internalRevenues.notFound');
  if (outcome.kind === 'denied') {
    await auditRevenueChange(db, request, {
      action: 'staff.revenue_update',
      outcome: 'denied',
      revenueId,
      at: now,
      details: { reason: outcome.reason },
    });
    throw new HttpError(
      409,
      outcome.reason === 'notEditable' ? 'internalRevenues.notEditable' : 'internalRevenues.staleVersion',
    );
  }
}
