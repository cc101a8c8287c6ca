import { Alert, Button, Group, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentProducer } from '../../../lib/session';
import { useSelectedProducer } from '../team/selected-producer';

/**
 * "Viewing as <name> (<code>)" while a producer chosen from the team tree scopes the lists, with the way back to
 * one's own data. The status region stays in the page so screen readers announce the banner when it appears.
 */
export function ViewingAsBanner() {
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  );
}

function Banner() {
  const { t } = useTranslation('producer-team');
  const { selected, clear } = useSelectedProducer();
  const me = useCurrentProducer();
  const isSelf = selected?.producerId === me?.producerId;
  return (
    <div role="status" aria-live="polite">
      {selected && (
        <Alert color="yellow" variant="light" mb="md" p="sm">
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={500}>
              {isSelf
                ? t('viewingSelfAlone')
                : t(selected.includedTeam ? 'viewingAsWithTeam' : 'viewingAsAlone', {
                    name: selected.producerName,
                    code: selected.producerCode,
                  })}
            </Text>
            <Button size="xs" variant="white" onClick={clear}>
              {t('backToOwn')}
            </Button>
          </Group>
        </Alert>
      )}
    </div>
  );
}
