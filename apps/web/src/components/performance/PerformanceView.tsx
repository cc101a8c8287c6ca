import '@mantine/core/styles/SegmentedControl.css';
import {
  Alert,
  Box,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { PerformancePreset, PerformanceResponse } from '@portal/contract';
import { PERFORMANCE_PRESETS } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate, formatMoney, formatMonth } from '../../lib/format';
import { MultiLineChart } from '../charts/MultiLineChart';
import { ScrollableTable } from '../data-table/ScrollableTable';

/** "0.0734" → "+7.34%"; null → the dash. Returns travel with 4 decimals, so ×100 leaves 2 exact ones. */
export function formatReturn(value: string | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const pct = Number(value) * 100;
  const text = `${Math.abs(pct).toFixed(2)}%`;
  return pct > 0 ? `+${text}` : pct < 0 && text !== '0.00%' ? `−${text}` : text;
}

/** One return as a figure: its name, the value, and how it is measured over which period. */
function ReturnFigure(props: {
  label: string;
  value: string | null;
  method: string;
  period: string;
  testId: string;
}) {
  return (
    <Box className="performance-figure">
      <Text fw={600}>{props.label}</Text>
      <Text fz="xl" fw={700} data-testid={props.testId}>
        {formatReturn(props.value)}
      </Text>
      <Text size="sm" c="dimmed">
        {props.method} · {props.period}
      </Text>
    </Box>
  );
}

/** One line of the calculation's inputs; the first one sets the label column's width. */
function AmountRow({ label, amount, first = false }: { label: string; amount: string; first?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th w={first ? '50%' : undefined}>{label}</Table.Th>
      <Table.Td ta="right">{amount}</Table.Td>
    </Table.Tr>
  );
}

export interface RangeChoice {
  preset?: PerformancePreset;
  from?: string;
  to?: string;
}

/**
 * A performance answer as every screen shows it (client Performance screen, plan detail, producer's client detail):
 * range selector, the two returns with their methods, the benchmark headline, why the two differ, the inputs one
 * click away, the chart and its table. It draws what the server computed; it computes nothing of its own.
 */
export function PerformanceView({
  data,
  range,
  onRange,
  headingLevel = 2,
  audience = 'client',
}: {
  data: PerformanceResponse;
  range: RangeChoice;
  onRange: (range: RangeChoice) => void;
  headingLevel?: 2 | 3;
  /** Who reads it: the client ("your payments") or their producer ("the client's payments"). */
  audience?: 'client' | 'producer';
}) {
  const { t } = useTranslation('performance');
  // The sentences about whose money it is have a third-person form under `producer.`; the rest read the same.
  const say = (key: string, options?: Record<string, unknown>): string =>
    audience === 'producer' ? t([`producer.${key}`, key], options) : t(key, options);
  const [showInputs, setShowInputs] = useState(false);
  const [showTable, setShowTable] = useState(false);
  const [from, setFrom] = useState(range.from ?? '');
  const [to, setTo] = useState(range.to ?? '');
  const { currency } = data;
  const H = `h${headingLevel}` as const;
  const period = t(data.annualised ? 'annualised' : 'cumulative');

  // Net contributions: the start value plus every month's net flows so far.
  let contributed = 0;
  const contributions = data.series.map((p, i) => {
    contributed += i === 0 ? Number(p.value) : Number(p.netFlows);
    return contributed;
  });
  const labels = data.series.map((p) => formatMonth(p.date));
  const benchmarkValues = data.benchmark?.series.map((p) => Number(p.value)) ?? [];
  const describePoint = (i: number) => {
    const p = data.series[i];
    if (!p) return '';
    const parts = [
      formatDate(p.date),
      `${t('value')} ${formatMoney(p.value, currency)}`,
      `${t('netContributions')} ${formatMoney(String(contributions[i] ?? 0), currency)}`,
    ];
    const b = data.benchmark?.series[i];
    if (b) parts.push(`${t('benchmarkValue')} ${formatMoney(b.value, currency)}`);
    return parts.join(', ');
  };

  return (
    <Stack gap="md" className="performance-view">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('range')}
          value={range.preset ?? (range.from || range.to ? 'custom' : 'inception')}
          onChange={(value) =>
            value === 'custom' ? undefined : onRange({ preset: value as PerformancePreset })
          }
          data={[
            ...PERFORMANCE_PRESETS.map((p) => ({ value: p, label: t(`preset.${p}`) })),
            { value: 'custom', label: t('preset.custom'), disabled: true },
          ]}
        />
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            size="sm"
          />
          <TextInput
            type="date"
            label={t('to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            size="sm"
          />
          <Button
            variant="default"
            size="sm"
            onClick={() => onRange({ from: from || undefined, to: to || undefined })}
            disabled={!from && !to}
          >
            {t('apply')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('period', { from: formatDate(data.from), to: formatDate(data.to), currency })}
      </Text>

      {data.notes.map((note) => (
        <Alert
          key={note}
          color={note === 'noValuations' || note === 'capitalNotPositive' ? 'yellow' : 'blue'}
          variant="light"
        >
          {say(`note.${note}`)}
        </Alert>
      ))}

      {data.series.length > 0 && (
        <>
          <Box component={H} fz="lg" fw={600} m={0}>
            {data.benchmark
              ? t('headlineWithBenchmark', {
                  value: formatReturn(data.twr),
                  benchmark: formatReturn(data.benchmark.return),
                  period,
                })
              : say('headline', { value: formatReturn(data.twr), period })}
          </Box>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ReturnFigure
              label={t('twr')}
              value={data.twr}
              method={say('twrMethod')}
              period={period}
              testId="twr"
            />
            <ReturnFigure
              label={t('mwr')}
              value={data.mwr}
              method={say('mwrMethod')}
              period={period}
              testId="mwr"
            />
          </SimpleGrid>
          {data.difference && (
            <Text size="sm">
              {say(`difference.${data.difference.reason}`, {
                date: formatDate(data.difference.largestFlow?.date),
                amount: formatMoney(data.difference.largestFlow?.amount, currency),
                after: formatReturn(data.difference.returnAfterLargestFlow),
              })}{' '}
              {data.benchmark && t('benchmarkIs', { name: data.benchmark.name })}
            </Text>
          )}
          <Group gap="sm">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setShowInputs((v) => !v)}
              aria-expanded={showInputs}
            >
              {t(showInputs ? 'hideInputs' : 'showInputs')}
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setShowTable((v) => !v)}
              aria-expanded={showTable}
            >
              {t(showTable ? 'hideTable' : 'showTable')}
            </Button>
          </Group>
          {showInputs && (
            <Table withTableBorder variant="vertical" layout="fixed" className="performance-inputs">
              <Table.Tbody>
                <AmountRow
                  label={t('startValue', { date: formatDate(data.series[0]?.date) })}
                  amount={formatMoney(data.startValue, currency)}
                  first
                />
                <AmountRow label={t('netFlows')} amount={formatMoney(data.netFlows, currency)} />
                <AmountRow
                  label={t('endValue', { date: formatDate(data.to) })}
                  amount={formatMoney(data.endValue, currency)}
                />
                <AmountRow label={t('gain')} amount={formatMoney(data.gain, currency)} />
              </Table.Tbody>
            </Table>
          )}
          <MultiLineChart
            title={t('chartTitle', { from: formatDate(data.from), to: formatDate(data.to) })}
            labels={labels}
            valueFormatter={(v) => formatAmount(v)}
            describePoint={describePoint}
            series={[
              { name: t('value'), color: 'brand.7', values: data.series.map((p) => Number(p.value)) },
              { name: t('netContributions'), color: 'gray.7', values: contributions, dashed: true },
              ...(data.benchmark
                ? [{ name: t('benchmarkValue'), color: 'orange.8', values: benchmarkValues }]
                : []),
            ]}
          />
          <Group gap="md" aria-hidden="true">
            <Text size="sm" c="brand.7">
              ━ {t('value')}
            </Text>
            <Text size="sm" c="gray.7">
              ┅ {t('netContributions')}
            </Text>
            {data.benchmark && (
              <Text size="sm" c="orange.8">
                ━ {t('benchmarkValue')}
              </Text>
            )}
          </Group>
          {showTable && (
            <ScrollableTable caption={t('tableCaption', { currency })} minWidth={data.benchmark ? 560 : 440}>
              <Table striped className="performance-table">
                <caption>{t('tableCaption', { currency })}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('monthEnd')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('value')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('monthFlows')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('netContributions')}
                    </Table.Th>
                    {data.benchmark && (
                      <Table.Th scope="col" ta="right">
                        {t('benchmarkValue')}
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.series.map((p, i) => (
                    <Table.Tr key={p.date}>
                      <Table.Th scope="row" fw={400}>
                        {formatDate(p.date)}
                      </Table.Th>
                      <Table.Td ta="right">{formatAmount(p.value)}</Table.Td>
                      <Table.Td ta="right">{formatAmount(p.netFlows)}</Table.Td>
                      <Table.Td ta="right">{formatAmount(String(contributions[i] ?? 0))}</Table.Td>
                      {data.benchmark && (
                        <Table.Td ta="right">{formatAmount(data.benchmark.series[i]?.value)}</Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollableTable>
          )}
        </>
      )}
    </Stack>
  );
}
