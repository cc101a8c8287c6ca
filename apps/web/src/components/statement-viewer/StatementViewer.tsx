import { Alert, Box, Button, Group, Modal, Paper, Select, Stack } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import type { StatementAccount } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openDownload } from '../../lib/api-client';
import { useLocale } from '../../lib/locale';
import { DownloadButton } from '../download/DownloadButton';
import { ErrorPopup } from '../ErrorPopup';
import { LoadingState } from '../LoadingState';
import { StatementFrame } from './StatementFrame';
import {
  bundlePartyIds,
  CONSOLIDATED_CURRENCIES,
  DEFAULT_CONSOLIDATED_CURRENCY,
  isConsolidated,
  policyListQuery,
  statementHtmlQuery,
  statementLocation,
} from './statement-api';

export interface StatementViewerProps {
  opened: boolean;
  onClose: () => void;
  /** The statement account to show first; the client may switch to any other of their accounts. */
  partyId: number;
  /** The month to show first (YYYY-MM); the account's latest month when absent or unavailable. */
  month?: string | null;
}

function accountLabel(account: StatementAccount, consolidatedLabel: string): string {
  if (isConsolidated(account)) return `${consolidatedLabel} · ${account.accountNo}`;
  return [account.planNo ?? account.accountNo, account.productName].filter(Boolean).join(' · ');
}

/**
 * Monthly statement viewer (docs/product.md, "Client area"; docs/web.md): pick another account, a month of the last six
 * and, for the consolidated account, a currency (USD by default). Shows "Loading...", then the statement in a sandboxed
 * frame, or an error pop-up. Downloads: this statement as PDF and the plan's provider statement (new window), or
 * every plan statement of the month as one PDF or as a ZIP (fetched in the page, with progress). Clients and
 * producers see the same viewer; the policy list says which provider statement path each reader may use.
 */
export function StatementViewer({ opened, onClose, partyId, month: initialMonth }: StatementViewerProps) {
  const mounted = useMounted();
  const { t } = useTranslation('statements');
  const { language } = useLocale();
  const [selectedParty, setSelectedParty] = useState(partyId);
  const [month, setMonth] = useState<string | null>(initialMonth ?? null);
  const [currency, setCurrency] = useState<string>(DEFAULT_CONSOLIDATED_CURRENCY);
  const [errorShown, setErrorShown] = useState<unknown>(null);

  // Opening the viewer for another plan (or month) starts from that plan again.
  useEffect(() => {
    if (opened) {
      setSelectedParty(partyId);
      setMonth(initialMonth ?? null);
    }
  }, [opened, partyId, initialMonth]);

  const list = useQuery(policyListQuery(language, partyId, opened));
  const accounts = list.data?.accounts ?? [];
  const account = accounts.find((a) => a.partyId === selectedParty) ?? accounts[0];
  const months = account?.monthOptions ?? [];
  const effectiveMonth = month && months.some((m) => m.value === month) ? month : (months[0]?.value ?? null);
  const consolidated = !!account && isConsolidated(account);
  const html = useQuery({
    ...statementHtmlQuery(language, account, effectiveMonth, currency),
    enabled: opened && !!account,
  });

  // Each failure opens the pop-up once; closing it leaves the message in the body.
  const failure = list.error ?? html.error;
  useEffect(() => {
    if (failure) setErrorShown(failure);
  }, [failure]);

  const loading = list.isPending || (!!account && html.isPending);
  const where = account ? statementLocation(account, effectiveMonth, currency) : null;
  const partyIds = bundlePartyIds(accounts);
  const preparing = t('common:download.preparingStatements', {
    count: partyIds ? partyIds.split(',').length : 0,
  });
  const bundleQuery = { party_ids: partyIds, month: effectiveMonth ?? undefined };

  return (
    <Modal
      // Opens one render after mounting: the viewer mounts already open the first time (its code loads then), and
      // Mantine notes where to give focus back only when `opened` turns true after mounting.
      opened={mounted && opened}
      onClose={onClose}
      title={t('viewer.title')}
      size="min(1100px, 96vw)"
      centered={false}
      yOffset="3vh"
      closeButtonProps={{ 'aria-label': t('viewer.close') }}
      classNames={{ body: 'statement-viewer-body' }}
    >
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap" data-no-print>
          <Select
            label={t('viewer.account')}
            data={accounts.map((a) => ({
              value: String(a.partyId),
              label: accountLabel(a, t('viewer.consolidated')),
            }))}
            value={account ? String(account.partyId) : null}
            onChange={(value) => value && setSelectedParty(Number(value))}
            allowDeselect={false}
            disabled={accounts.length === 0}
            w={{ base: '100%', sm: 340 }}
            // The first field takes focus on opening, but not while it is disabled (accounts loading): focus then
            // went nowhere and stayed on the page behind the dialog. Mantine falls back to the first control.
            data-autofocus={accounts.length > 0 || undefined}
            comboboxProps={{ zIndex: 350 }}
          />
          <Select
            label={t('viewer.month')}
            description={t('viewer.monthHint')}
            data={months.map((m) => ({ value: m.value, label: m.label }))}
            value={effectiveMonth}
            onChange={(value) => value && setMonth(value)}
            allowDeselect={false}
            disabled={months.length === 0}
            w={140}
            comboboxProps={{ zIndex: 350 }}
          />
          {consolidated && (
            <Select
              label={t('viewer.currency')}
              data={[...CONSOLIDATED_CURRENCIES]}
              value={currency}
              onChange={(value) => value && setCurrency(value)}
              allowDeselect={false}
              w={110}
              comboboxProps={{ zIndex: 350 }}
            />
          )}
          <Group gap="xs" ml={{ sm: 'auto' }} align="flex-start">
            <Button
              onClick={() => where && openDownload(where.pdf, where.pdfQuery)}
              disabled={!where || !effectiveMonth}
            >
              {t('viewer.downloadPdf')}
            </Button>
            {/* The provider's own statement of this plan, as the client's plan page offers it (the server checks the
                reader: the client's own account, or one of the producer's team). */}
            {account?.providerStatementPath && (
              <Button
                variant="default"
                onClick={() => account.providerStatementPath && openDownload(account.providerStatementPath)}
              >
                {t('viewer.providerStatement')}
              </Button>
            )}
            {/* Bundles take seconds to make: fetched in the page, so it can say it is working and how far. */}
            <DownloadButton
              variant="default"
              path="/statement/download_pdf"
              query={bundleQuery}
              fallbackName="statements.pdf"
              preparing={preparing}
              disabled={!partyIds || !effectiveMonth}
            >
              {t('viewer.downloadAllPdf')}
            </DownloadButton>
            <DownloadButton
              variant="default"
              path="/statement/download_zip"
              query={bundleQuery}
              fallbackName="statements.zip"
              preparing={preparing}
              disabled={!partyIds || !effectiveMonth}
            >
              {t('viewer.downloadAllZip')}
            </DownloadButton>
          </Group>
        </Group>

        <Paper withBorder radius="sm" className="statement-paper" aria-busy={loading}>
          {loading ? (
            <LoadingState label={t('viewer.loading')} />
          ) : failure ? (
            <Alert color="red" variant="light" m="md" title={t('viewer.failed')}>
              {failure instanceof Error ? failure.message : String(failure)}
            </Alert>
          ) : !effectiveMonth ? (
            <Box p="md">{t('viewer.noStatement')}</Box>
          ) : (
            <StatementFrame
              html={html.data ?? ''}
              title={t('viewer.frameTitle', {
                account: account ? accountLabel(account, t('viewer.consolidated')) : '',
                month: months.find((m) => m.value === effectiveMonth)?.label ?? '',
              })}
            />
          )}
        </Paper>
      </Stack>
      <ErrorPopup
        opened={!!errorShown}
        onClose={() => setErrorShown(null)}
        title={t('viewer.errorTitle')}
        error={errorShown}
      />
    </Modal>
  );
}
