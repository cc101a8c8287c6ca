import { Button, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { RevenuePayout } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRevenueRate } from './revenue-format';

type RatePopupData = RevenuePayout['overallPayouts'][number]['payoutRatePopup'];
type RateLine = RatePopupData['rateInfo'][number];

/**
 * A producer's rate pop-up (`payoutRatePopup`, docs/internal/README.md): a button that opens a dialog with the rate
 * info and the override rate info. A dialog, not a hover card: it opens from the keyboard, traps focus, closes with
 * Escape and returns focus to the button.
 */
export function RatePopup({ producerName, popup }: { producerName: string; popup: RatePopupData }) {
  const { t } = useTranslation('revenue');
  const [opened, setOpened] = useState(false);
  const title = t('payout.ratesOf', { name: producerName });
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        aria-label={title}
      >
        {t('payout.rates')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title}>
        <Stack gap="lg">
          <RateLines title={t('payout.rateInfo')} lines={popup.rateInfo} />
          <RateLines title={t('payout.overrideRateInfo')} lines={popup.overrideRateInfo} />
        </Stack>
      </Modal>
    </>
  );
}

function RateLines({ title, lines }: { title: string; lines: readonly RateLine[] }) {
  const { t } = useTranslation('revenue');
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('payout.noRates')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('payout.rateLabel')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('payout.rateValue')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              // Labels may repeat (two "Override" lines): the position keeps the rows apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
              <Table.Tr key={index}>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td ta="right">{formatRevenueRate(line.rate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
