import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { PlanDetail } from '@portal/contract';
import { API_ROUTES } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyStatementViewer } from '../../../components/statement-viewer/LazyStatementViewer';
import { openDownload } from '../../../lib/api-client';

/**
 * Statement controls of a plan: a month of the last six, view that month's statement, download it as PDF (new
 * window), and the provider's own statement. Terminated plans offer no monthly statement (docs/product.md, "Policy
 * statuses").
 */
export function StatementActions({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation('client');
  const [month, setMonth] = useState<string | null>(plan.stmtMonthOptions[0]?.value ?? null);
  const [viewerOpen, setViewerOpen] = useState(false);
  const providerPath = plan.providerStatementPath;
  const monthly = !plan.isTerminated && plan.partyId !== null && plan.stmtMonthOptions.length > 0;
  if (!monthly && !providerPath) return null;

  return (
    <Paper
      component="section"
      aria-labelledby="plan-statements-title"
      withBorder
      radius="md"
      p="md"
      bg="gray.0"
      data-no-print
    >
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h5" id="plan-statements-title">
            {t('statement.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('statement.intro')}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap" className="statement-actions">
          {monthly && plan.partyId !== null && (
            <>
              <Select
                label={t('statement.month')}
                description={t('statement.monthHint')}
                data={plan.stmtMonthOptions.map((option) => ({ value: option.value, label: option.label }))}
                value={month}
                onChange={setMonth}
                allowDeselect={false}
                w={150}
              />
              <Button onClick={() => setViewerOpen(true)} disabled={!month}>
                {t('statement.view')}
              </Button>
              <Button
                variant="light"
                disabled={!month}
                onClick={() =>
                  month &&
                  openDownload(API_ROUTES.statements.monthlyDownload.path, { month, party_id: plan.partyId })
                }
              >
                {t('statement.downloadPdf')}
              </Button>
            </>
          )}
          {providerPath && (
            <Button variant="default" onClick={() => openDownload(providerPath)}>
              {t('statement.providerStatement')}
            </Button>
          )}
          <LazyStatementViewer
            opened={viewerOpen}
            onClose={() => setViewerOpen(false)}
            partyId={plan.partyId}
            month={month}
          />
        </Group>
      </Group>
    </Paper>
  );
}
