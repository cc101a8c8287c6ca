import { List, Stack, Text, Title } from '@mantine/core';
import { hongKongToday, siteCapabilities } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { formatDate } from '../../../lib/format';
import { useSiteInfo } from '../../../lib/session';
import { ListScreenHeader } from '../components/ListScreenHeader';
import { HomeTiles } from '../home/HomeTiles';
import { producerHomeQuery } from '../home/home-api';
import { OverdueHeatMap } from '../home/OverdueHeatMap';
import { PipelineTable } from '../home/PipelineTable';
import { useListScope } from '../team/useListScope';

/**
 * /b2b/home (docs/producer/cases.md, "The home screen"): what is stuck in the scope the lists use (the producer chosen
 * in the team tree, with their team): the pipeline by stage with its aging, overdue cases by sub-partner, the
 * requirements waiting, and this week's cooling-off ends and birthdays.
 */
export default function HomeScreen() {
  const { t, i18n } = useTranslation(['producer', 'common', 'domain']);
  const site = useSiteInfo();
  const home = useQuery(producerHomeQuery(i18n.language, useListScope()));
  const title = t('home.title');

  return (
    <Stack gap="lg">
      <ListScreenHeader title={title} />
      {home.isPending ? (
        <LoadingState label={t('home.loading')} />
      ) : home.isError ? (
        <FetchError error={home.error} onRetry={() => home.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('home.asOf', { date: formatDate(home.data.today) })}
          </Text>
          <HomeTiles home={home.data} />
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t('home.pipeline.title')}
            </Title>
            <PipelineTable pipeline={home.data.pipeline} />
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t('home.heatMap.title')}
            </Title>
            <OverdueHeatMap
              rows={home.data.overdueBySubPartner}
              others={home.data.overdueOthers}
              stages={siteCapabilities(site.siteCode).stages.filter((stage) =>
                home.data.pipeline.some((row) => row.stage === stage),
              )}
            />
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t('home.received.title')}
            </Title>
            {home.data.recentlyReceived.length === 0 ? (
              <Text c="dimmed">{t('home.received.empty')}</Text>
            ) : (
              <List spacing={4}>
                {home.data.recentlyReceived.map((item) => (
                  <List.Item key={item.requirementId}>
                    {t('home.received.item', {
                      type: t(`domain:requirementType.${item.type}`),
                      client: item.clientName,
                      date: formatDate(hongKongToday(new Date(item.receivedAt))),
                    })}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
