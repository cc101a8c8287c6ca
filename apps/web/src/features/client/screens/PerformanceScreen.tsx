import '../client-area.css';
import { Group, Select } from '@mantine/core';
import { CURRENCIES } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { PerformanceView, type RangeChoice } from '../../../components/performance/PerformanceView';
import { useLocale } from '../../../lib/locale';
import { performanceQuery } from '../api/client-area-api';
import { ScreenHeader } from '../components/ScreenHeader';
import { SectionCard } from '../components/SectionCard';

/** What the returns are for: the whole portfolio, one consolidated statement account, or one plan. */
type Scope = { kind: 'portfolio' } | { kind: 'account'; partyId: string } | { kind: 'plan'; planNo: string };

// The picker's values: '' for the portfolio, `account:<party id>`, `plan:<plan number>`.
const scopeValue = (scope: Scope) =>
  scope.kind === 'portfolio'
    ? ''
    : scope.kind === 'account'
      ? `account:${scope.partyId}`
      : `plan:${scope.planNo}`;
function scopeOf(value: string | null): Scope {
  if (value?.startsWith('account:')) return { kind: 'account', partyId: value.slice('account:'.length) };
  if (value?.startsWith('plan:')) return { kind: 'plan', planNo: value.slice('plan:'.length) };
  return { kind: 'portfolio' };
}

/**
 * Performance (/b2c/performance): the whole portfolio, one consolidated statement account or one plan, over a chosen
 * period, in a chosen currency.
 */
export default function PerformanceScreen() {
  const { t } = useTranslation('performance');
  const { t: tc } = useTranslation();
  const { language } = useLocale();
  const [scope, setScope] = useState<Scope>({ kind: 'portfolio' });
  const [currency, setCurrency] = useState<string | null>(null);
  const [range, setRange] = useState<RangeChoice>({ preset: 'inception' });
  // The picker's choices: the portfolio's answer names every plan it measured and the accounts covering them.
  const portfolio = useQuery(performanceQuery(language, { preset: 'inception' }));
  const query = useQuery({
    ...performanceQuery(language, {
      ...range,
      planNo: scope.kind === 'plan' ? scope.planNo : undefined,
      partyId: scope.kind === 'account' ? scope.partyId : undefined,
      currency: currency ?? undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const accounts = portfolio.data?.accounts ?? [];
  const plans = portfolio.data?.plans ?? [];
  const choices = [
    { value: '', label: t('allPlans') },
    ...(accounts.length > 0
      ? [
          {
            group: t('groupAccounts'),
            items: accounts.map((a) => ({
              value: `account:${a.partyId}`,
              label: t('accountOption', { accountNo: a.accountNo }),
            })),
          },
        ]
      : []),
    ...(plans.length > 0
      ? [{ group: t('groupPlans'), items: plans.map((p) => ({ value: `plan:${p}`, label: p })) }]
      : []),
  ];

  return (
    <>
      <ScreenHeader title={tc('client.performance')} description={t('intro')} />
      <SectionCard title={t('title')}>
        <Group gap="md" mb="md" wrap="wrap">
          <Select
            label={t('scope')}
            value={scopeValue(scope)}
            onChange={(value) => setScope(scopeOf(typeof value === 'string' ? value : null))}
            data={choices}
            allowDeselect={false}
            w={260}
            maw="100%"
          />
          <Select
            label={t('currency')}
            value={currency ?? query.data?.currency ?? null}
            onChange={setCurrency}
            data={[...CURRENCIES]}
            allowDeselect={false}
            w={140}
          />
        </Group>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <FetchError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <PerformanceView data={query.data} range={range} onRange={setRange} headingLevel={3} />
        )}
      </SectionCard>
    </>
  );
}
