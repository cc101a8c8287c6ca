import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';

/**
 * What the server said, for the load failure screen: its `{ error }` (worded in the request's language), the
 * localized "not found" for a 404 without one, nothing for a network failure (the browser's words are no help).
 */
function serverMessage(error: unknown, notFound: string): string {
  if (!isApiError(error)) return '';
  if (error.status === 0) return '';
  const body = error.body as { error?: unknown; errors?: Record<string, unknown> } | undefined;
  if (typeof body?.error === 'string' && body.error) return body.error;
  if (error.status === 404) return notFound;
  return error.message;
}

/**
 * The revenue load failure (spec 2 §8): "Oops~~Something wrong! Please contact with IT", then "Error message: " and
 * the server's error when one is given. It stands for the header and all three tabs: they come from one load.
 * `notFound` is for an id the URL cannot even name (the same words as the server's 404).
 */
export function RevenueLoadError({ error, notFound = false }: { error: unknown; notFound?: boolean }) {
  const { t } = useTranslation('revenue');
  const message = notFound ? t('notFound') : serverMessage(error, t('notFound'));
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="xs">
        <Title order={1} size="h3">
          {t('loadFailed')}
        </Title>
        {message && (
          <Text>
            {t('errorMessage')}
            {message}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
