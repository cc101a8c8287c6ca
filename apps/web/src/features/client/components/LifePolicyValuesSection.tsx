import { LIFE_POLICY_VALUE_FIELDS, type LifePolicyValues } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { DefinitionGrid } from '../../../components/DefinitionGrid';
import { formatDate, formatMoney } from '../../../lib/format';

/** Life policy values at the latest month-end; values the provider does not report are left out. */
export function LifePolicyValuesGrid({ values }: { values: LifePolicyValues }) {
  const { t } = useTranslation('client');
  return (
    <DefinitionGrid
      cols={4}
      items={[
        { label: t('policyValues.valueDate'), value: formatDate(values.valueDate) },
        ...LIFE_POLICY_VALUE_FIELDS.map((field) => ({
          label: t(`policyValues.${field}`),
          value: formatMoney(values[field], values.currency),
          show: values[field] !== null,
        })),
      ]}
    />
  );
}
