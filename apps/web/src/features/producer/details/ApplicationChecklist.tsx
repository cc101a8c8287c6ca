import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import {
  API_ROUTES,
  apiPath,
  CLEARED_REQUIREMENT_STATUSES,
  CLIENT_OWED_STATUSES,
  daysBetween,
  daysInStage,
  hongKongToday,
  isOverTarget,
  type Requirement,
  type RequirementList,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RequirementName, RequirementStatusText } from '../../../components/cases/RequirementText';
import { LoadingState } from '../../../components/LoadingState';
import { api } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { RemindClientButton } from './RemindClientButton';

/** GET /b2b/applications/{id}/requirements: the application's checklist (the same id as its detail). */
function checklistQuery(language: string, applicationId: number) {
  return queryOptions({
    queryKey: ['b2b', 'requirements', language, applicationId] as const,
    queryFn: ({ signal }) =>
      api.get<RequirementList>(apiPath(API_ROUTES.cases.requirements, { id: applicationId }), { signal }),
  });
}

const PROVIDERS = ['client', 'producer', 'insurer'] as const;

/**
 * Under a pending application's detail: what each party still owes, the Hong Kong sales steps first in their order
 * (the server's order), each item with its status, due date (overdue said in words) and whether the case cannot be
 * issued without it; the cooling-off end once the policy is delivered. docs/producer/cases.md, "The checklist".
 */
export function ApplicationChecklist({ applicationId }: { applicationId: number }) {
  const { t, i18n } = useTranslation(['producer', 'domain']);
  const query = useQuery(checklistQuery(i18n.language, applicationId));
  if (query.isPending) return <LoadingState label={t('checklist.loading')} />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" title={t('checklist.title')}>
        {t('checklist.failed')}
      </Alert>
    );
  const { data: items, coolingOffEndsOn, stageEnteredOn, stageTargetDays } = query.data;
  const today = hongKongToday(new Date());
  const days = daysInStage(stageEnteredOn, new Date());
  const open = (item: Requirement) => !CLEARED_REQUIREMENT_STATUSES.includes(item.status);
  const clientOwed = items.filter(
    (item) => item.provider === 'client' && CLIENT_OWED_STATUSES.includes(item.status),
  ).length;
  return (
    <Stack gap="xs" mt="lg" component="section" aria-labelledby={`checklist-${applicationId}`}>
      <Title order={3} size="h4" id={`checklist-${applicationId}`}>
        {t('checklist.title')}
      </Title>
      {/* Time in the current stage against its target, in words (decision 054). */}
      <Text size="sm">
        {t('checklist.inStage', { count: days, since: formatDate(stageEnteredOn) })}
        {stageTargetDays !== null &&
          ` ${t(isOverTarget(days, stageTargetDays) ? 'checklist.overTarget' : 'checklist.withinTarget', { target: stageTargetDays })}`}
      </Text>
      {coolingOffEndsOn && (
        <Text size="sm">
          {t('checklist.coolingOff', { date: formatDate(coolingOffEndsOn) })}
          {coolingOffEndsOn >= today &&
            ` ${t('checklist.coolingOffLeft', { count: daysBetween(today, coolingOffEndsOn) })}`}
        </Text>
      )}
      {items.length === 0 ? (
        <Text c="dimmed">{t('checklist.empty')}</Text>
      ) : (
        PROVIDERS.map((provider) => {
          const owed = items.filter((item) => item.provider === provider);
          if (owed.length === 0) return null;
          return (
            <Table key={provider} striped withTableBorder fz="sm">
              <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
                {t('checklist.from', {
                  who: t(`checklist.provider.${provider}`),
                  open: owed.filter(open).length,
                  total: owed.length,
                })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('checklist.item')}</Table.Th>
                  <Table.Th scope="col">{t('checklist.status')}</Table.Th>
                  <Table.Th scope="col">{t('checklist.due')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {owed.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <RequirementName item={item} />
                    </Table.Td>
                    <Table.Td>
                      <RequirementStatusText item={item} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(item.dueDate)}
                      {open(item) && item.dueDate !== null && item.dueDate < today && (
                        <Text size="xs" c="red.8" fw={600}>
                          {t('checklist.overdue')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          );
        })
      )}
      {clientOwed > 0 && <RemindClientButton applicationId={applicationId} owed={clientOwed} />}
    </Stack>
  );
}
