import { contributionAmountLabelKey, type RevenueHeader } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { type Definition, DefinitionGrid } from '../../../components/DefinitionGrid';
import {
  formatAmount,
  formatDate,
  formatExchangeRate,
  formatInteger,
  formatMonth,
  formatPercent,
  orDash,
} from '../../../lib/format';

/** Commission types with their own name; any other code is shown as it is. */
const NAMED_COMMISSION_TYPES = new Set(['R', 'A', 'T', 'C']);

/**
 * The revenue's header facts (docs/internal/README.md, "Screens") as one description list. Facts that only some
 * revenues have are left out rather than shown empty: the lapse/surrender date is a type C fact, join_seq_no only
 * exists in a split case. The contribution amount is named by the commission type (docs/product.md, "Commissions and
 * revenues"): Premium Amount, AUM Amount or Contribution Amount.
 */
export function HeaderFacts({ revenue }: { revenue: RevenueHeader }) {
  const { t } = useTranslation('revenue');
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const type = revenue.commissionType;
  const facts: Definition[] = [
    {
      label: t('commissionTypeLabel'),
      value: NAMED_COMMISSION_TYPES.has(type) ? t(`commissionType.${type as 'R'}`) : type,
    },
    { label: t('field.receivedCurrency'), value: revenue.receivedCurrency },
    { label: t('field.providerExchangeRate'), value: formatExchangeRate(revenue.providerExchangeRate) },
    { label: t('field.serviceCompany'), value: revenue.serviceCompany.name },
    { label: t('field.totalPayinAmount'), value: formatAmount(revenue.totalPayinAmount) },
    { label: t('field.payinEffectiveDate'), value: formatDate(revenue.payinEffectiveDate) },
    { label: t('field.refNo'), value: revenue.refNo },
    { label: t('field.accountNo'), value: orDash(revenue.accountNo) },
    {
      label: t('field.policy'),
      value: revenue.policy
        ? t('policyValue', { planNo: revenue.policy.planNo, currency: revenue.policy.currency })
        : '',
    },
    { label: t('field.premiumDate'), value: formatDate(revenue.premiumDate) },
    { label: t('field.lapseSurrenderOn'), value: formatDate(revenue.lapseSurrenderOn), show: type === 'C' },
    { label: t('field.payinMode'), value: orDash(revenue.payinMode) },
    { label: t('field.totalPayoutAmount'), value: formatAmount(revenue.totalPayoutAmount) },
    { label: t('field.payoutEffectiveDate'), value: formatDate(revenue.payoutEffectiveDate) },
    { label: t('field.joinSeqNo'), value: orDash(revenue.join_seq_no), show: revenue.join_seq_no !== null },
    { label: t('field.cutoffOn'), value: formatMonth(revenue.cutoffOn) },
    { label: t('field.bankInOn'), value: formatDate(revenue.bankInOn) },
    { label: t('field.grossProfit'), value: formatAmount(revenue.grossProfit) },
    { label: t('field.grossProfitPercentage'), value: formatPercent(revenue.grossProfitPercentage) },
    { label: t('field.upfrontWrapFee'), value: formatAmount(revenue.upfrontWrapFee) },
    {
      label: t(`field.${contributionAmountLabelKey(type)}`),
      value: formatAmount(revenue.contributionAmount),
    },
    { label: t('field.isContributionAmountFloat'), value: yesNo(revenue.isContributionAmountFloat) },
    { label: t('field.combinedContributionAmount'), value: formatAmount(revenue.combinedContributionAmount) },
    { label: t('field.originalContributionAmount'), value: formatAmount(revenue.originalContributionAmount) },
    { label: t('field.productRecordType'), value: orDash(revenue.productRecordType) },
    { label: t('field.productId'), value: orDash(revenue.productId) },
    { label: t('field.productName'), value: orDash(revenue.productName) },
    { label: t('field.policyItemType'), value: orDash(revenue.policyItem?.type) },
    { label: t('field.policyItemCommenceOn'), value: formatDate(revenue.policyItem?.commenceOn) },
    { label: t('field.policyItemModalPremium'), value: formatAmount(revenue.policyItem?.modalPremium) },
    { label: t('field.payMode'), value: orDash(revenue.payMode) },
    { label: t('field.term'), value: revenue.term === null ? '' : formatInteger(revenue.term) },
    { label: t('field.clients'), value: revenue.clients.map((client) => client.name).join(', ') },
    { label: t('field.salesCampaign'), value: orDash(revenue.salesCampaign) },
    { label: t('field.isOrphanCase'), value: yesNo(revenue.isOrphanCase) },
  ];
  return (
    <section aria-label={t('facts')}>
      <DefinitionGrid items={facts} cols={4} phoneCols={2} />
    </section>
  );
}
