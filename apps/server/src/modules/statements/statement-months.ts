import { type MonthOption, monthLabel, statementMonthWindow } from '@portal/contract';
import { FormValidationError, HttpError } from '../../plugins/errors.js';
import type { StatementsContext } from './context.js';
import { selectAccountMonths } from './queries.js';

/** `YYYY-MM` ↔ the `date` of statement_snapshots.month (first day). */
export const monthStartOf = (month: string) => `${month}-01`;
const monthOf = (date: string) => date.slice(0, 7);

/** The first days of the oldest and the newest month of the six-month window. */
export function monthWindowBounds(ctx: StatementsContext): { from: string; to: string } {
  const window = statementMonthWindow(ctx.now());
  return {
    from: monthStartOf(window[window.length - 1] as string),
    to: monthStartOf(window[0] as string),
  };
}

/**
 * A month that is over by the server's clock, so its snapshot is final: the only months whose documents are kept.
 * Every month of the window is; this keeps the cache right if the window ever includes the running month.
 */
export function isClosedMonth(ctx: StatementsContext, month: string): boolean {
  const now = ctx.now();
  const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return month < current;
}

/**
 * The months of the six-month window that have a statement, per account, newest first. One range query for any
 * number of accounts.
 */
export async function availableMonths(
  ctx: StatementsContext,
  accountIds: number[],
): Promise<Map<number, string[]>> {
  const { from, to } = monthWindowBounds(ctx);
  const rows = await selectAccountMonths(ctx.db, accountIds, from, to);
  const byAccount = new Map<number, string[]>(accountIds.map((id) => [id, []]));
  for (const row of rows) byAccount.get(row.accountId)?.push(monthOf(row.month));
  return byAccount;
}

export const monthOptions = (months: string[]): MonthOption[] =>
  months.map((value) => ({ label: monthLabel(value), value }));

/**
 * The month a request asks for, checked against the six-month window (older or future months are refused with a
 * field error on `month`), or the newest one available when none is asked. No statement → 404.
 */
export function resolveMonth(
  ctx: StatementsContext,
  requested: string | undefined,
  available: string[],
): string {
  if (requested !== undefined) {
    if (!statementMonthWindow(ctx.now()).includes(requested)) {
      throw new FormValidationError({ month: ['statements.monthOutOfRange'] });
    }
    if (!available.includes(requested)) throw new HttpError(404, 'statements.noStatement');
    return requested;
  }
  const latest = available[0];
  if (!latest) throw new HttpError(404, 'statements.noStatement');
  return latest;
}
