import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import type { ProducerHome } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatInteger } from '../../../lib/format';
import { useLocalePath } from '../../../lib/locale';
import { newBusinessCoolingOffPath } from './home-api';

/** The home's single figures: requirements waiting, cooling-off ending and birthdays in this Hong Kong week. */
export function HomeTiles({ home }: { home: ProducerHome }) {
  const { t } = useTranslation('producer');
  const localePath = useLocalePath();
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
    {
      key: 'coolingOffEndingThisWeek',
      value: home.coolingOffEndingThisWeek,
      note: t('home.week', week),
      // New Business filtered the same way: its total is this figure.
      to: localePath(newBusinessCoolingOffPath(home.weekFrom, home.weekTo)),
    },
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
            {'to' in tile ? (
              <Anchor
                component={Link}
                to={tile.to}
                inherit
                aria-label={t('home.tiles.openCoolingOff', { count: tile.value })}
              >
                {formatInteger(tile.value)}
              </Anchor>
            ) : (
              formatInteger(tile.value)
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {tile.note}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
