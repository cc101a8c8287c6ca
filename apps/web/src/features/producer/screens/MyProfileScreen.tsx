import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DefinitionGrid } from '../../../components/DefinitionGrid';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { usePageTitle } from '../../../components/usePageTitle';
import { useCurrentProducer } from '../../../lib/session';
import { useSelectedProducer } from '../team/selected-producer';
import { producerProfileQuery } from '../team/team-api';

function Lines({ lines }: { lines: readonly string[] }) {
  const { t } = useTranslation('producer-team');
  if (lines.length === 0) return <Text c="dimmed">{t('profile.none')}</Text>;
  return (
    <Stack gap={2} component="span">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
        <span key={index}>{line}</span>
      ))}
    </Stack>
  );
}

/**
 * My Profile (/b2b/my_profile, GET /b2b/profile/{producerId}): read-only. Shows the producer being viewed: the one
 * chosen from the team tree, else the signed-in producer.
 */
export default function MyProfileScreen() {
  const { t } = useTranslation('producer-team');
  const { t: tc } = useTranslation();
  usePageTitle(tc('producer.myProfile'));
  const me = useCurrentProducer();
  const { selected } = useSelectedProducer();
  const producerId = selected?.producerId ?? me?.producerId ?? 0;
  const profile = useQuery({ ...producerProfileQuery(producerId), enabled: producerId > 0 });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {tc('producer.myProfile')}
      </Title>
      {profile.isPending ? (
        <LoadingState />
      ) : profile.isError ? (
        <FetchError error={profile.error} onRetry={() => profile.refetch()} />
      ) : (
        <Card
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-labelledby="producer-profile-title"
        >
          <Stack gap="md">
            <div>
              <Title order={2} size="h3" id="producer-profile-title">
                {profile.data.name}
              </Title>
              <Text size="sm" c="dimmed">
                {profile.data.title}
              </Text>
            </div>
            <DefinitionGrid
              cols={2}
              items={[
                { label: t('profile.name'), value: profile.data.name },
                { label: t('profile.code'), value: profile.data.code },
                { label: t('profile.opEmail'), value: <Lines lines={profile.data.opEmail} /> },
                { label: t('profile.acEmail'), value: <Lines lines={profile.data.acEmail} /> },
                {
                  label: t('profile.contractAddress'),
                  value: <Lines lines={profile.data.contractAddress} />,
                },
                { label: t('profile.corrAddress'), value: <Lines lines={profile.data.corrAddress} /> },
              ]}
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
