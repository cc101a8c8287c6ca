import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkTabs } from '../revenue/LinkTabs';
import { PAYIN_LISTS, PayinList, payinListOf } from '../revenue/PayinList';
import { PayinRate } from '../revenue/PayinRate';
import { useRevenueDetail } from '../revenue/revenue-context';
import { RevenueSection } from '../revenue/SectionCard';

/** Pay-in tab (docs/internal/README.md, "Screens"): the instalments in the lists Outstanding, Settled and All
 * (`?list=`), and the rate.
 */
export default function RevenuePayinScreen() {
  const { t } = useTranslation('revenue');
  const { payin } = useRevenueDetail();
  const [params] = useSearchParams();
  const list = payinListOf(params.get('list'));
  return (
    <Stack gap="md">
      <RevenueSection title={t('payin.lists')}>
        <LinkTabs
          label={t('payin.lists')}
          active={list}
          tabs={PAYIN_LISTS.map((name) => ({
            key: name,
            label: t(`payin.list.${name}`),
            to: `?list=${name}`,
          }))}
        />
        <PayinList items={payin.items} list={list} />
      </RevenueSection>
      <RevenueSection title={t('payin.rateTitle')}>
        <PayinRate payin={payin} />
      </RevenueSection>
    </Stack>
  );
}
