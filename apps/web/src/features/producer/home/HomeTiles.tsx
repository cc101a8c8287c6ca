import { Card, SimpleGrid, Text } from '@mantine/core';
import type { ProducerHome } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatInteger } from '../../../lib/format';

/** The home's single figures: requirements waiting, cooling-off ending and birthdays in this Hong Kong week. */
export function HomeTiles({ home }: { home: ProducerHome }) {
  const { t } = useTranslation('producer');
  const week = { from: formatDate(home.weekFrom), to: formatDate(home.weekTo) };
  const tiles = [
    {
      key: 'overdueRequirements',
      value: home.overdueRequirements,
      note: t('home.tiles.overdueRequirementsNote'),
    },
    {
      key: 'outstandingFromClients',
      value: home.outstandingFromClients,
      note: t('home.tiles.outstandingFromClientsNote'),
    },
    {
      key: 'receivedRequirements',
      value: home.receivedRequirements,
      note: t('home.tiles.receivedRequirementsNote'),
    },
    { key: 'coolingOffEndingThisWeek', value: home.coolingOffEndingThisWeek, note: t('home.week', week) },
    { key: 'birthdaysThisWeek', value: home.birthdaysThisWeek, note: t('home.week', week) },
  ] as const;
  return (
    <SimpleGrid
      cols={{ base: 2, md: 3, lg: 5 }}
      spacing="md"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {tiles.map((tile) => (
        <Card key={tile.key} component="li" withBorder padding="md">
          <Text size="sm" fw={600}>
            {t(`home.tiles.${tile.key}`)}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {formatInteger(tile.value)}
          </Text>
          <Text size="xs" c="dimmed">
            {tile.note}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
