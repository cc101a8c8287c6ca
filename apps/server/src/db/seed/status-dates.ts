import { addDays, type Random } from './random.js';

/*
 * The day a plan reached its status (policies.status_changed_on), for generated data. One rule for the demo set, the
 * million-policy generator and the backfill of an existing database (backfill-status-changed-on.ts), so report 1
 * reads the same kind of dates wherever it runs.
 */

/** Statuses a plan reaches after it started (a change the provider dates); the others are its first status. */
export const DATED_STATUS_CODES = ['LAP', 'SUR', 'MAT', 'CAN', 'COF', 'TOT', 'TER', 'COD'] as const;

/** Cancelled and cooled-off plans end within the cooling-off weeks after they started. */
const EARLY_END_STATUS_CODES = ['CAN', 'COF'];

/** Other changes fall in the three years before the anchor, at least 90 days after commencement. */
const RECENT_YEARS_DAYS = 3 * 365;
const FIRST_CHANGE_AFTER_DAYS = 90;

/**
 * When a plan of `status` that commenced on `commenceDate` reached that status, never after `anchor` (the demo
 * "today", DEMO_ANCHOR_DATE); null for a status that is a plan's first one or when the plan has no commence date.
 */
export function statusChangedOn(
  status: string,
  commenceDate: string | null | undefined,
  anchor: string,
  rng: Random,
): string | null {
  if (!commenceDate || !(DATED_STATUS_CODES as readonly string[]).includes(status)) return null;
  if (EARLY_END_STATUS_CODES.includes(status)) {
    const ended = addDays(commenceDate, rng.int(3, 21));
    return ended < anchor ? ended : anchor;
  }
  const earliest = maxDate(
    addDays(commenceDate, FIRST_CHANGE_AFTER_DAYS),
    addDays(anchor, -RECENT_YEARS_DAYS),
  );
  return earliest >= anchor ? anchor : rng.dateBetween(earliest, anchor);
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
