import { formatRate } from '../../../lib/format';

/*
 * Rates arrive as stored (8 dp decimal strings) and are shown to 4 dp (docs/product.md, "Formats and limits").
 * lib/format's formatRate rounds the decimal string itself (Intl reads strings exactly), so '1.00005' gives '1.0001',
 * not the float's '1.0000'.
 */

/** A rate to 4 dp; a value that is not a number (a rate line the back office typed as text) is shown as it is. */
export function formatRevenueRate(value: string | null | undefined): string {
  const formatted = formatRate(value);
  return formatted === '-' && value?.trim() ? value : formatted;
}
