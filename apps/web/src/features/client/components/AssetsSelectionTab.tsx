import { Button, Group, Stack, Text } from '@mantine/core';
import type { PlanDetail } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { openDownload } from '../../../lib/api-client';
import { AllocationSection } from './AllocationSection';
import { SectionCard } from './SectionCard';

/** Assets Selection tab: the plan's fund selection document and its current premium allocation. */
export function AssetsSelectionTab({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation('client');
  const path = plan.assetsSelectionFilePath;
  return (
    <Stack gap="lg">
      <SectionCard title={t('assetsSelection.title')} order={3}>
        <Group justify="space-between" align="center" gap="md">
          <Text size="sm" maw={640}>
            {t('assetsSelection.intro')}
          </Text>
          {path ? (
            <Button variant="light" onClick={() => openDownload(path)}>
              {t('assetsSelection.download')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('assetsSelection.noFile')}
            </Text>
          )}
        </Group>
      </SectionCard>
      {plan.allocation.length > 0 && (
        <SectionCard title={t('allocation.title')} order={3}>
          <AllocationSection
            entries={plan.allocation}
            title={t('allocation.chartTitle')}
            nameHeader={t('allocation.fund')}
          />
        </SectionCard>
      )}
    </Stack>
  );
}
