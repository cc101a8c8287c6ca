import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { INTERNAL_PERMISSIONS } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useLocalePath } from '../../../lib/locale';

/**
 * What the server said, for the load failure screen: its `{ error }` (worded in the request's language), nothing for
 * a network failure (the browser's words are no help).
 */
function serverMessage(error: unknown): string {
  if (!isApiError(error)) return '';
  if (error.status === 0) return '';
  const body = error.body as { error?: unknown; errors?: Record<string, unknown> } | undefined;
  if (typeof body?.error === 'string' && body.error) return body.error;
  return error.message;
}

/** Whether the load failed because there is no such revenue: the server's 404, or an id no revenue can have. */
export function isMissingRevenue(error: unknown, unnamable: boolean): boolean {
  return unnamable || (isApiError(error) && error.status === 404);
}

/** How the missing revenue is named: its ref no. when the URL gives one (RV…), else the id the URL gives. */
function missingName(segment: string): { refNo: string } | { id: string } {
  const shown = segment.slice(0, 40);
  return /^RV\d+$/i.test(shown) ? { refNo: shown.toUpperCase() } : { id: shown };
}

/**
 * The revenue load failure. A revenue that does not exist (404, or an id the URL cannot name) says so — "No revenue
 * RV000999 exists" — with the way back to the index: nothing is wrong that IT could fix. Any other failure is the
 * staff area's "Oops~~Something wrong! Please contact with IT", then "Error message: " and the server's error when one
 * is given. It stands for the header and all three tabs: they come from one load.
 */
export function RevenueLoadError({
  error,
  segment,
  unnamable = false,
}: {
  error: unknown;
  /** The revenue's part of the URL, as given. */
  segment: string;
  unnamable?: boolean;
}) {
  const { t } = useTranslation('revenue');
  const localePath = useLocalePath();
  if (isMissingRevenue(error, unnamable)) {
    const name = missingName(segment);
    return (
      <Alert color="gray" variant="light" role="alert">
        <Stack gap="xs">
          <Title order={1} size="h3">
            {'refNo' in name ? t('missingRef', name) : t('missingId', name)}
          </Title>
          <Anchor component={Link} to={localePath(INTERNAL_PERMISSIONS.revenues)}>
            {t('backToIndex')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const message = serverMessage(error);
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
