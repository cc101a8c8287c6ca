import { Center, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Loading..." with a spinner, announced politely to screen readers. */
export function LoadingState({ fullPage = false, label }: { fullPage?: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullPage ? '100vh' : 160} role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">{label ?? t('app.loading')}</Text>
      </Group>
    </Center>
  );
}
