import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  API_ROUTES,
  type ClientItem,
  clientList,
  EXCLUDE_STATUS_OPTIONS,
  PRODUCT_TYPES,
} from '@portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DisabledReason } from '../../../components/DisabledReason';
import { useRowSelection } from '../../../components/data-table/useRowSelection';
import { DownloadButton } from '../../../components/download/DownloadButton';
import { BusinessDateField } from '../../../components/forms/BusinessDateField';
import { MultiSelectField } from '../../../components/forms/lazy-fields';
import { ExportButton } from '../../../components/search-list/ExportButton';
import { ListResults } from '../../../components/search-list/ListResults';
import { listColumns } from '../../../components/search-list/list-columns';
import { SearchFilters } from '../../../components/search-list/SearchFilters';
import { formValuesOf, useCriteriaForm } from '../../../components/search-list/useCriteriaForm';
import { useSearchList } from '../../../components/search-list/useSearchList';
import { LazyStatementViewer } from '../../../components/statement-viewer/LazyStatementViewer';
import { useLocale, useLocalePath } from '../../../lib/locale';
import { STATEMENT_BUNDLE_PATHS } from '../api/producer-lists-api';
import { ListScreenHeader } from '../components/ListScreenHeader';
import { writeToClientPath } from '../conversations-link';
import { ClientDetailModal, ClientDocumentsModal } from '../details';
import { useListScope } from '../team/useListScope';

/** The filter form's empty values (default, docs/producer/web-lists.md: included team). */
const TEMPLATE = {
  keywords: '',
  fundKeywords: '',
  excludePolicyStatus: [] as string[],
  clientProductType: [] as string[],
  birthdayWeekOf: null as string | null,
  includedTeam: true,
};
const FIELD_KEYS = Object.keys(TEMPLATE);
const { clients: LIST_PATH, clientExport: EXPORT_PATH } = API_ROUTES.producerLists;

/** The distinct statement accounts (party ids) of the chosen rows, in the order the rows are shown. */
export function selectedPartyIds(
  rows: readonly ClientItem[],
  chosen: ReadonlySet<string | number>,
): number[] {
  const ids = rows
    .filter((row) => chosen.has(row.capId) && row.stmtId !== null)
    .map((row) => row.stmtId as number);
  return [...new Set(ids)];
}

/**
 * Clients (/b2b/clients): search, table with row selection (cleared whenever a page loads), per-row client detail
 * and documents, the selected clients' statements as one PDF or a ZIP (docs/producer/web-lists.md), and the Excel
 * export.
 */
export default function ClientsScreen() {
  const { t } = useTranslation(['producer-lists', 'lists', 'domain', 'common']);
  const { language } = useLocale();
  const localePath = useLocalePath();
  const list = useSearchList<Record<string, unknown>, ClientItem>({
    name: clientList.name,
    path: LIST_PATH.path,
    criteriaSchema: clientList.criteria,
    responseSchema: clientList.response,
    fieldKeys: FIELD_KEYS,
    scope: useListScope(),
  });
  const form = useCriteriaForm({
    schema: clientList.criteria,
    criteria: list.criteria,
    template: TEMPLATE,
    serverError: list.query.error,
  });
  const rows = list.query.data?.items;
  const { selectedKeys, setSelectedKeys } = useRowSelection(rows);
  const [detailCapId, setDetailCapId] = useState<number | null>(null);
  const [documentsAccount, setDocumentsAccount] = useState<string | null>(null);
  // The statement account shown in the viewer; the viewer stays mounted once opened (focus goes back on closing).
  const [viewerParty, setViewerParty] = useState<number | null>(null);
  const [viewerOpen, setViewerOpen] = useState(false);
  const openStatements = (partyId: number) => {
    setViewerParty(partyId);
    setViewerOpen(true);
  };
  const detailRow = rows?.find((row) => row.capId === detailCapId);
  const columns = useMemo(() => listColumns<ClientItem>(clientList, language), [language]);
  const partyIds = selectedPartyIds(rows ?? [], selectedKeys);
  const bundleQuery = { ...list.exportQuery, party_ids: partyIds.join(',') };
  const rowName = (row: ClientItem) => t('clients.rowName', { client: row.clientName, policy: row.policyNo });
  // One rule for the three buttons of the chosen clients (Excel, statements PDF, statements ZIP): nothing chosen,
  // nothing to do, and the reason says so.
  const nothingChosen = selectedKeys.size === 0 ? t('clients.chooseFirst') : null;

  return (
    <Stack gap="md">
      <ListScreenHeader title={t('common:producer.clients')} />
      <SearchFilters
        form={form}
        label={t('clients.searchLabel')}
        onSearch={list.submit}
        onReset={() => {
          form.setValues(formValuesOf(clientList.criteria.parse({}), TEMPLATE));
          list.reset();
        }}
        actions={
          <DisabledReason reason={nothingChosen}>
            {(describedBy) => (
              <ExportButton
                list={list}
                path={EXPORT_PATH.path}
                fileName={clientList.fileName}
                disabled={!!nothingChosen}
                describedBy={describedBy}
              />
            )}
          </DisabledReason>
        }
      >
        <TextInput label={t('clients.keywords')} {...form.getInputProps('keywords')} />
        <TextInput
          label={t('clients.fundKeywords')}
          description={t('clients.fundKeywordsHint')}
          {...form.getInputProps('fundKeywords')}
        />
        <MultiSelectField
          label={t('clients.excludePolicyStatus')}
          data={EXCLUDE_STATUS_OPTIONS.map((code) => ({
            value: code,
            label: t(`domain:policyStatus.${code}`),
          }))}
          clearable
          {...form.getInputProps('excludePolicyStatus')}
        />
        <MultiSelectField
          label={t('clients.productTypes')}
          data={PRODUCT_TYPES.map((code) => ({ value: code, label: t(`domain:productCategory.${code}`) }))}
          clearable
          {...form.getInputProps('clientProductType')}
        />
        <BusinessDateField
          label={t('clients.birthdayWeekOf')}
          description={t('clients.birthdayWeekOfHint')}
          {...form.getInputProps('birthdayWeekOf')}
        />
        <Checkbox
          label={t('includedTeam')}
          mt={{ sm: 'xl' }}
          {...form.getInputProps('includedTeam', { type: 'checkbox' })}
        />
      </SearchFilters>
      <Group gap="sm" align="flex-start" aria-label={t('clients.statementsGroup')} role="group">
        {(['pdf', 'zip'] as const).map((kind) => (
          <DisabledReason key={kind} reason={nothingChosen}>
            {(describedBy) => (
              <DownloadButton
                path={STATEMENT_BUNDLE_PATHS[kind]}
                query={bundleQuery}
                fallbackName={`statements.${kind}`}
                preparing={t('common:download.preparingStatements', { count: partyIds.length })}
                variant="light"
                disabled={!!nothingChosen}
                aria-describedby={describedBy}
              >
                {t(kind === 'pdf' ? 'clients.statementsPdf' : 'clients.statementsZip')}
              </DownloadButton>
            )}
          </DisabledReason>
        ))}
        <Text size="sm" c="dimmed" mt={6} aria-live="polite">
          {t('clients.selectedCount', { count: selectedKeys.size })}
        </Text>
      </Group>
      <ListResults
        list={list}
        columns={columns}
        rowKey={(row) => row.capId}
        caption={t('clients.caption')}
        selection={{
          selectedKeys,
          onChange: setSelectedKeys,
          rowLabel: (row) => t('clients.selectRow', { row: rowName(row) }),
          allLabel: t('clients.selectAll'),
          isSelectable: (row) => row.stmtId !== null,
          unselectableReason: () => t('clients.noStatementOnFile'),
        }}
        rowActions={{
          header: t('clients.actions'),
          render: (row) => (
            <Group gap={6} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="light"
                aria-label={t('clients.detailLabel', { row: rowName(row) })}
                onClick={() => setDetailCapId(row.capId)}
              >
                {t('clients.detail')}
              </Button>
              <DisabledReason reason={row.stmtId === null ? t('clients.noStatementOnFile') : null}>
                {(describedBy) => (
                  <Button
                    size="compact-xs"
                    variant="light"
                    disabled={row.stmtId === null}
                    aria-label={t('clients.statementsLabel', { row: rowName(row) })}
                    aria-describedby={describedBy}
                    onClick={() => row.stmtId !== null && openStatements(row.stmtId)}
                  >
                    {t('clients.statements')}
                  </Button>
                )}
              </DisabledReason>
              <DisabledReason reason={row.accountNo === null ? t('clients.noDocuments') : null}>
                {(describedBy) => (
                  <Button
                    size="compact-xs"
                    variant="default"
                    disabled={row.accountNo === null}
                    aria-label={t('clients.documentsLabel', { row: rowName(row) })}
                    aria-describedby={describedBy}
                    onClick={() => setDocumentsAccount(row.accountNo)}
                  >
                    {t('clients.documents')}
                  </Button>
                )}
              </DisabledReason>
            </Group>
          ),
        }}
      />
      <ClientDetailModal
        id={detailCapId}
        onClose={() => setDetailCapId(null)}
        plan={detailRow ? { clientId: detailRow.clientId, planNo: detailRow.policyNo } : null}
        actions={
          detailRow ? (
            <Group gap="xs">
              {detailRow.stmtId != null && (
                <Button
                  variant="light"
                  size="sm"
                  onClick={() => detailRow.stmtId !== null && openStatements(detailRow.stmtId)}
                >
                  {t('clients.statements')}
                </Button>
              )}
              <Button
                component={Link}
                variant="light"
                size="sm"
                aria-label={t('clients.messageLabel', { row: rowName(detailRow) })}
                to={localePath(
                  writeToClientPath({
                    clientId: detailRow.clientId,
                    label: `${detailRow.clientName} (${detailRow.clientNo})`,
                    planNo: detailRow.policyNo,
                  }),
                )}
              >
                {t('clients.message')}
              </Button>
            </Group>
          ) : null
        }
      />
      <LazyStatementViewer opened={viewerOpen} onClose={() => setViewerOpen(false)} partyId={viewerParty} />
      <ClientDocumentsModal accountNo={documentsAccount} onClose={() => setDocumentsAccount(null)} />
    </Stack>
  );
}
