import { Alert, Button, Group, Text } from '@mantine/core';
import { API_ROUTES, apiPath, type ReminderResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/**
 * Reminds the application's client of the items they still owe (POST /b2b/applications/{id}/reminders): the client
 * is told on their own channels, with a link to their tracker. The server allows one a Hong Kong day and says why
 * when it refuses; the answer is read out.
 */
export function RemindClientButton({ applicationId, owed }: { applicationId: number; owed: number }) {
  const { t } = useTranslation('producer');
  const remind = useMutation({
    mutationFn: () => api.post<ReminderResponse>(apiPath(API_ROUTES.cases.remind, { id: applicationId })),
  });
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        loading={remind.isPending}
        disabled={remind.isSuccess}
        onClick={() => remind.mutate()}
      >
        {t('checklist.remind', { count: owed })}
      </Button>
      <Text size="sm" role="status">
        {remind.isSuccess ? t('checklist.reminded', { count: remind.data.items }) : ''}
      </Text>
      {remind.isError && (
        <Alert color="red" variant="light" role="alert" py={4}>
          {isApiError(remind.error) ? remind.error.message : t('checklist.remindFailed')}
        </Alert>
      )}
    </Group>
  );
}
