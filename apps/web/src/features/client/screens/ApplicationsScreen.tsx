import '../client-area.css';
import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  CLIENT_OWED_STATUSES,
  type ClientApplication,
  type ClientRequirement,
  hongKongToday,
  siteCapabilities,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { formatDate } from '../../../lib/format';
import { useSiteInfo } from '../../../lib/session';
import { applicationsQuery } from '../api/applications-api';
import { ApplicationTimeline } from '../components/ApplicationTimeline';
import { RequirementUpload } from '../components/RequirementUpload';
import { ScreenHeader } from '../components/ScreenHeader';
import { SectionCard } from '../components/SectionCard';

/**
 * My applications (/b2c/applications, docs/client-area.md): each of the client's applications as a timeline, what the
 * office still needs from the client with an upload slot per item, and what the client already sent. Only the
 * client's own items are shown; the office's remarks never are.
 */
export default function ApplicationsScreen() {
  const { t } = useTranslation('client');
  const site = useSiteInfo();
  const applications = useQuery(applicationsQuery());
  const [announcement, setAnnouncement] = useState('');
  const today = hongKongToday(new Date());
  const title = t('applications.title');

  return (
    <>
      <ScreenHeader title={title} description={t('applications.description')} />
      {/* Read out when an upload is done: its form leaves the page with the item it was for. */}
      <Text role="status" size="sm" c="green.9" mb={announcement ? 'md' : 0}>
        {announcement}
      </Text>
      {applications.isPending ? (
        <LoadingState label={t('applications.loading')} />
      ) : applications.isError ? (
        <FetchError error={applications.error} onRetry={() => void applications.refetch()} />
      ) : applications.data.length === 0 ? (
        <Text c="dimmed">{t('applications.empty')}</Text>
      ) : (
        <Stack gap="lg">
          {applications.data.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              stages={siteCapabilities(site.siteCode).stages}
              today={today}
              onSent={(item) => setAnnouncement(t('applications.upload.sent', { item }))}
            />
          ))}
        </Stack>
      )}
    </>
  );
}

function ApplicationCard({
  application,
  stages,
  today,
  onSent,
}: {
  application: ClientApplication;
  stages: readonly number[];
  today: string;
  onSent: (item: string) => void;
}) {
  const { t } = useTranslation(['client', 'domain']);
  const name = application.productName ?? t(`domain:productCategory.${application.category}`);
  const sent = application.clientItems.filter((item) => !CLIENT_OWED_STATUSES.includes(item.status));
  return (
    <SectionCard
      title={
        application.planNo
          ? t('applications.cardTitlePlan', { name, planNo: application.planNo })
          : t('applications.cardTitle', { name, date: formatDate(application.receivedOn) })
      }
    >
      <Stack gap="md">
        <ApplicationTimeline application={application} stages={stages} today={today} />
        <section aria-labelledby={`owed-${application.id}`}>
          <Title order={3} size="h5" id={`owed-${application.id}`} mb="xs">
            {application.outstanding.length === 0
              ? t('applications.owed.titleNone')
              : t('applications.owed.title', { count: application.outstanding.length })}
          </Title>
          {application.outstanding.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('applications.owed.none')}
            </Text>
          ) : (
            <Stack gap="md">
              {application.outstanding.map((item) => (
                <OwedItem
                  key={item.requirementId}
                  applicationId={application.id}
                  item={item}
                  today={today}
                  onSent={onSent}
                />
              ))}
            </Stack>
          )}
        </section>
        {sent.length > 0 && (
          <section aria-labelledby={`sent-${application.id}`}>
            <Title order={3} size="h5" id={`sent-${application.id}`} mb="xs">
              {t('applications.sent.title')}
            </Title>
            <List size="sm" spacing={4}>
              {sent.map((item) => (
                <List.Item key={item.requirementId}>
                  {/* Items the office marked received on paper have no document on file here. */}
                  {t(
                    item.documentCount > 0 ? 'applications.sent.item' : 'applications.sent.itemNoDocuments',
                    {
                      item: t(`domain:requirementType.${item.type}`),
                      status: t(`domain:requirementStatus.${item.status}`),
                      count: item.documentCount,
                    },
                  )}
                </List.Item>
              ))}
            </List>
          </section>
        )}
      </Stack>
    </SectionCard>
  );
}

function OwedItem({
  applicationId,
  item,
  today,
  onSent,
}: {
  applicationId: number;
  item: Omit<ClientRequirement, 'documentCount'>;
  today: string;
  onSent: (item: string) => void;
}) {
  const { t } = useTranslation(['client', 'domain']);
  const itemName = t(`domain:requirementType.${item.type}`);
  const overdue = item.dueDate !== null && item.dueDate < today;
  return (
    <Stack gap={6} className="owed-item">
      <Group gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {itemName}
        </Text>
        {item.dueDate && (
          <Text size="sm" c="dimmed" className="tabular">
            {t('applications.owed.due', { date: formatDate(item.dueDate) })}
          </Text>
        )}
        {overdue && (
          <Badge color="red.9" variant="filled" size="sm">
            {t('applications.owed.overdue')}
          </Badge>
        )}
      </Group>
      {item.status === 'rejected' && (
        <Text size="sm" c="red.9">
          {t('applications.owed.rejected', { reason: item.reason ?? '' })}
        </Text>
      )}
      <RequirementUpload
        applicationId={applicationId}
        requirementId={item.requirementId}
        itemName={itemName}
        onSent={() => onSent(itemName)}
      />
    </Stack>
  );
}
