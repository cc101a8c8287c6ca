import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import type { HomeFigure, ProducerHome } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatInteger } from '../../../lib/format';
import { useLocalePath } from '../../../lib/locale';
import {
  clientsBirthdayPath,
  newBusinessCoolingOffPath,
  requirementsPath,
  serviceRecordsMissingPremiumPath,
} from './home-api';

/**
 * The home's single figures: requirements waiting, cooling-off ending and birthdays in this Hong Kong week, missing
 * premiums. Each figure links to its list filtered the same way: its total is the figure (for birthdays, the list
 * shows each client's plans).
 */
export function HomeTiles({ home }: { home: ProducerHome }) {
  const { t } = useTranslation('producer');
  const localePath = useLocalePath();
  const week = { from: formatDate(home.weekFrom), to: formatDate(home.weekTo) };
  // A count stopped at the list limit reads "10,000+", as the list's own total does.
  const figure = (key: HomeFigure, value: number) =>
    `${formatInteger(value)}${home.lowerBounds.includes(key) ? '+' : ''}`;
  const tiles = [
    {
      key: 'overdueRequirements',
      value: home.overdueRequirements,
      note: t('home.tiles.overdueRequirementsNote'),
      to: localePath(requirementsPath('open', home.today)),
    },
    {
      key: 'outstandingFromClients',
      value: home.outstandingFromClients,
      note: t('home.tiles.outstandingFromClientsNote'),
      to: localePath(requirementsPath('clientOwes')),
    },
    {
      key: 'receivedRequirements',
      value: home.receivedRequirements,
      note: t('home.tiles.receivedRequirementsNote'),
      to: localePath(requirementsPath('received')),
    },
    {
      key: 'coolingOffEndingThisWeek',
      value: home.coolingOffEndingThisWeek,
      note: t('home.week', week),
      // New Business filtered the same way: its total is this figure.
      to: localePath(newBusinessCoolingOffPath(home.weekFrom, home.weekTo)),
    },
    {
      key: 'birthdaysThisWeek',
      value: home.birthdaysThisWeek,
      note: t('home.week', week),
      // Clients shows each of their plans: its rows are plans, the figure counts their owners.
      to: localePath(clientsBirthdayPath(home.weekFrom)),
    },
    ...(home.missingPremiums === null
      ? []
      : [
          {
            key: 'missingPremiums' as const,
            value: home.missingPremiums,
            note: t('home.tiles.missingPremiumsNote'),
            to: localePath(serviceRecordsMissingPremiumPath()),
          },
        ]),
  ] as const;
  return (
    <SimpleGrid
      cols={{ base: 2, md: 3, lg: 6 }}
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
            <Anchor
              component={Link}
              to={tile.to}
              inherit
              aria-label={t(`home.tiles.open.${tile.key}`, {
                count: tile.value,
                figure: figure(tile.key, tile.value),
              })}
            >
              {figure(tile.key, tile.value)}
            </Anchor>
          </Text>
          <Text size="xs" c="dimmed">
            {tile.note}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
