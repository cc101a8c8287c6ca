import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { type ClientItem, clientList, EXCLUDE_STATUS_OPTIONS, PRODUCT_TYPES } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRowSelection } from '../../../components/data-table/useRowSelection';
import { DownloadButton } from '../../../components/download/DownloadButton';
import { MultiSelectField } from '../../../components/forms/lazy-fields';
import { ExportButton } from '../../../components/search-list/ExportButton';
import { ListResults } from '../../../components/search-list/ListResults';
import { listColumns } from '../../../components/search-list/list-columns';
import { SearchFilters } from '../../../components/search-list/SearchFilters';
import { formValuesOf, useCriteriaForm } from '../../../components/search-list/useCriteriaForm';
import { useSearchList } from '../../../components/search-list/useSearchList';
import { useLocale } from '../../../lib/locale';
import { PRODUCER_LIST_PATHS, STATEMENT_BUNDLE_PATHS } from '../api/producer-lists-api';
import { ListScreenHeader } from '../components/ListScreenHeader';
import { ClientDetailModal, ClientDocumentsModal } from '../details';
import { useListScope } from '../team/useListScope';

/** The filter form's empty values (spec 1 §4 default: included team). */
const TEMPLATE = {
  keywords: '',
  fundKeywords: '',
  excludePolicyStatus: [] as string[],
  clientProductType: [] as string[],
  includedTeam: true,
};
const FIELD_KEYS = Object.keys(TEMPLATE);
const PATHS = PRODUCER_LIST_PATHS.clients;

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
 * and documents, the selected clients' statements as one PDF or a ZIP (spec 1 §7), and the Excel export.
 */
export default function ClientsScreen() {
  const { t } = useTranslation(['producer-lists', 'lists', 'domain', 'common']);
  const { language } = useLocale();
  const list = useSearchList<Record<string, unknown>, ClientItem>({
    name: clientList.name,
    path: PATHS.list,
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
  const columns = useMemo(() => listColumns<ClientItem>(clientList, language), [language]);
  const partyIds = selectedPartyIds(rows ?? [], selectedKeys);
  const bundleQuery = { ...list.exportQuery, party_ids: partyIds.join(',') };
  const rowName = (row: ClientItem) => t('clients.rowName', { client: row.clientName, policy: row.policyNo });

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
        actions={<ExportButton list={list} path={PATHS.export} fileName={clientList.fileName} />}
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
        <Checkbox
          label={t('includedTeam')}
          mt={{ sm: 'xl' }}
          {...form.getInputProps('includedTeam', { type: 'checkbox' })}
        />
      </SearchFilters>
      <Group gap="sm" align="flex-start" aria-label={t('clients.statementsGroup')} role="group">
        <DownloadButton
          path={STATEMENT_BUNDLE_PATHS.pdf}
          query={bundleQuery}
          fallbackName="statements.pdf"
          variant="light"
          disabled={partyIds.length === 0}
        >
          {t('clients.statementsPdf')}
        </DownloadButton>
        <DownloadButton
          path={STATEMENT_BUNDLE_PATHS.zip}
          query={bundleQuery}
          fallbackName="statements.zip"
          variant="light"
          disabled={partyIds.length === 0}
        >
          {t('clients.statementsZip')}
        </DownloadButton>
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
              <Button
                size="compact-xs"
                variant="default"
                disabled={row.accountNo === null}
                aria-label={t('clients.documentsLabel', { row: rowName(row) })}
                onClick={() => setDocumentsAccount(row.accountNo)}
              >
                {t('clients.documents')}
              </Button>
            </Group>
          ),
        }}
      />
      <ClientDetailModal id={detailCapId} onClose={() => setDetailCapId(null)} />
      <ClientDocumentsModal accountNo={documentsAccount} onClose={() => setDocumentsAccount(null)} />
    </Stack>
  );
}
