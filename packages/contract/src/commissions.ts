/** Commission statement periods. */
export const COMMISSION_PERIODS = ['M', 'Q', 'H', 'A'] as const;
export type CommissionPeriod = (typeof COMMISSION_PERIODS)[number];

/** Revenue commission types and the label of their contribution amount (spec 2 §9). */
export function contributionAmountLabelKey(
  commissionType: string,
): 'premiumAmount' | 'aumAmount' | 'contributionAmount' {
  if (commissionType === 'R') return 'premiumAmount';
  if (commissionType === 'A' || commissionType === 'T') return 'aumAmount';
  return 'contributionAmount';
}
