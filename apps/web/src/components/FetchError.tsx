import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Fail fetching data" plus the server's message (docs/product.md, "Messages everyone sees"), with an optional retry. */
export function FetchError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : error ? String(error) : '';
  return (
    <Alert color="red" title={t('app.failFetchingData')} role="alert" variant="light">
      <Stack gap="sm" align="flex-start">
        {message && <Text size="sm">{message}</Text>}
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
