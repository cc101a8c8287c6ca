import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InternalScreenHeader } from '../components/InternalScreenHeader';
import { DisputesPanel } from '../reconciliation/DisputesPanel';
import { ImportPanel } from '../reconciliation/ImportPanel';

/**
 * Commission reconciliation (/internal/commission-reconciliation, with the "Commission reconciliation" menu row): the
 * producers' disputes of ledger lines as tasks, and the import of insurers' statements through a preview.
 */
export default function CommissionReconciliationScreen() {
  const { t } = useTranslation('reconciliation');
  return (
    <Stack gap="lg">
      <InternalScreenHeader title={t('title')} intro={t('intro')} />
      <Tabs defaultValue="disputes" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="disputes">{t('tabs.disputes')}</Tabs.Tab>
          <Tabs.Tab value="import">{t('tabs.import')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="disputes" pt="md">
          <DisputesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="import" pt="md">
          <ImportPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
