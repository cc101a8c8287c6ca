import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { RevenueHeader } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useLocalePath } from '../../../lib/locale';
import { useDeleteRevenue } from '../api/revenues-api';

/** Where the index reads the notice of a successful delete from (`location.state`). */
export interface RevenueDeletedState {
  deletedRefNo: string;
}

/**
 * The Delete button (docs/internal/README.md, decision 024): it asks "Are you sure?" in a dialog; a successful delete
 * returns to the revenue index, which says which revenue went. A refusal (409: no longer deletable) is shown in the
 * dialog.
 */
export function DeleteRevenueButton({ revenue }: { revenue: RevenueHeader }) {
  const { t } = useTranslation('revenue');
  const [opened, setOpened] = useState(false);
  const remove = useDeleteRevenue(revenue.revenueId);
  const navigate = useNavigate();
  const localePath = useLocalePath();

  function close() {
    if (remove.isPending) return;
    remove.reset();
    setOpened(false);
  }

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: () => {
        const state: RevenueDeletedState = { deletedRefNo: revenue.refNo };
        navigate(localePath('/internal/revenues'), { state });
      },
    });
  }

  const failure = remove.error;
  return (
    <>
      <Button color="red" variant="outline" onClick={() => setOpened(true)} aria-haspopup="dialog">
        {t('delete.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('delete.title', { refNo: revenue.refNo })}>
        <Stack gap="md">
          <Text fw={600}>{t('delete.confirm')}</Text>
          <Text size="sm">{t('delete.explain')}</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert" title={t('delete.failed')}>
              {isApiError(failure) && failure.status !== 0 ? failure.message : null}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              {t('delete.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              {t('delete.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
