import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { RevenuePayin } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { DefinitionGrid } from '../../../components/DefinitionGrid';
import { ScrollableTable } from '../../../components/data-table/ScrollableTable';
import { formatAmount, formatDate } from '../../../lib/format';
import { formatRevenueRate } from './revenue-format';
import { SettledBadge } from './SettledBadge';

export const PAYIN_LISTS = ['outstanding', 'settled', 'all'] as const;
export type PayinListName = (typeof PAYIN_LISTS)[number];

/** `?list=` of the Pay-in tab; anything else is the default, Outstanding (the first tab). */
export function payinListOf(value: string | null): PayinListName {
  return (PAYIN_LISTS as readonly string[]).includes(value ?? '') ? (value as PayinListName) : 'outstanding';
}

type PayinItem = RevenuePayin['items'][number];

/** The list's instalments: the tabs split them by the fully-settled flag. */
export function itemsOf(items: readonly PayinItem[], list: PayinListName): PayinItem[] {
  if (list === 'all') return [...items];
  return items.filter((item) => item.fullySettled === (list === 'settled'));
}

/** The instalments of one pay-in list, each with its figures, its settled state and its settlements. */
export function PayinList({ items, list }: { items: readonly PayinItem[]; list: PayinListName }) {
  const { t } = useTranslation('revenue');
  const shown = itemsOf(items, list);
  if (shown.length === 0) return <Text c="dimmed">{t(`payin.empty.${list}`)}</Text>;
  return (
    <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {shown.map((item) => (
        <Card key={item.installmentNo} component="li" withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Title order={3} size="h5">
                {t('payin.installment', { no: item.installmentNo })}
              </Title>
              <SettledBadge fullySettled={item.fullySettled} />
            </Group>
            <DefinitionGrid
              cols={4}
              items={[
                { label: t('payin.projectedReceiveOn'), value: formatDate(item.projectedReceiveOn) },
                { label: t('payin.groupPayinRate'), value: formatRevenueRate(item.groupPayinRate) },
                { label: t('payin.totalPayAmount'), value: formatAmount(item.totalPayAmount) },
                { label: t('payin.totalSettledAmount'), value: formatAmount(item.totalSettledAmount) },
                {
                  label: t('payin.totalOutstandingAmount'),
                  value: formatAmount(item.totalOutstandingAmount),
                },
              ]}
            />
            <Settlements item={item} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function Settlements({ item }: { item: PayinItem }) {
  const { t } = useTranslation('revenue');
  const caption = t('payin.settlements', { no: item.installmentNo });
  if (item.settlementList.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('payin.noSettlements')}
      </Text>
    );
  }
  return (
    <ScrollableTable caption={caption} minWidth={480}>
      <Table>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('payin.settlementRefNo')}</Table.Th>
            <Table.Th scope="col">{t('payin.settlementCutoffOn')}</Table.Th>
            <Table.Th scope="col">{t('payin.actualReceiveOn')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('payin.settledAmount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {item.settlementList.map((settlement) => (
            <Table.Tr key={`${settlement.refNo}-${settlement.actualReceiveOn}`}>
              <Table.Td>{settlement.refNo}</Table.Td>
              <Table.Td>{formatDate(settlement.cutoffOn)}</Table.Td>
              <Table.Td>{formatDate(settlement.actualReceiveOn)}</Table.Td>
              <Table.Td ta="right">{formatAmount(settlement.settledAmount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}
