import { Checkbox, Fieldset, Group, NativeSelect } from '@mantine/core';

import {
  EXCLUDE_STATUS_OPTIONS,
  FOLLOWUP_TYPE_OPTIONS,
  POLICY_STATUS_CODES,
  PRODUCT_TYPES,
  REPORT_DATE_TYPES,
  type ReportFilterField,
  SERVICE_TYPES,
} from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessDateField } from '../../../components/forms/BusinessDateField';
import { MultiSelectField } from '../../../components/forms/lazy-fields';
import type { FilterForm } from '../../../components/search-list/useFilterForm';
import { HTML_LANG, useLocale } from '../../../lib/locale';
import type { ReportFormValues } from './report-search';

type Option = { value: string; label: string };

/** Month names in the UI language (January … December), values 1–12. */
function monthOptions(language: keyof typeof HTML_LANG): Option[] {
  const format = new Intl.DateTimeFormat(HTML_LANG[language], { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: format.format(new Date(Date.UTC(2000, i, 1))),
  }));
}

/** A choice the form may hold that the list does not offer (a year from a shared link) is still shown. */
function withCurrent(options: Option[], current: string): Option[] {
  return current && !options.some((option) => option.value === current)
    ? [...options, { value: current, label: current }]
    : options;
}

/**
 * The filters of the chosen report, in the order its definition lists them (docs/reports.md), then the team
 * choice: the cells of SearchFilters' grid. Selects are native (phones, keyboards and screen readers handle them
 * well); a select has an empty choice unless the report fills the field with a default (a blank would come back as
 * the default anyway).
 */
export function ReportFilters({
  form,
  filters,
  defaults,
  yearOptions,
}: {
  form: FilterForm<ReportFormValues>;
  filters: readonly ReportFilterField[];
  /** The report's defaults: fields that have one offer no empty choice. */
  defaults: Record<string, unknown>;
  yearOptions: readonly number[];
}) {
  const { t } = useTranslation(['reports', 'domain']);
  const { language } = useLocale();
  const months = monthOptions(language);
  const years = yearOptions.map((year) => ({ value: String(year), label: String(year) }));

  const select = (field: ReportFilterField, label: string, options: Option[]) => (
    <NativeSelect
      key={field}
      label={label}
      data={[
        ...(defaults[field] === undefined ? [{ value: '', label: t('filters.any') }] : []),
        ...withCurrent(options, String(form.values[field] ?? '')),
      ]}
      {...form.getInputProps(field)}
    />
  );

  const expiry = (edge: 'From' | 'To') => (
    <Fieldset key={`expiry${edge}`} legend={t(`filters.expiry${edge}`)} variant="unstyled">
      <Group grow gap="xs" align="flex-start">
        {select(`expiry${edge}Year`, t(`filters.expiry${edge}Year`), years)}
        {select(`expiry${edge}Month`, t(`filters.expiry${edge}Month`), months)}
      </Group>
    </Fieldset>
  );

  const fields: Partial<Record<ReportFilterField, () => ReactNode>> = {
    dateType: () =>
      select(
        'dateType',
        t('filters.dateType'),
        REPORT_DATE_TYPES.map((code) => ({ value: code, label: t(`dateType.${code}`) })),
      ),
    dateFrom: () => (
      <BusinessDateField key="dateFrom" label={t('filters.dateFrom')} {...form.getInputProps('dateFrom')} />
    ),
    dateTo: () => (
      <BusinessDateField key="dateTo" label={t('filters.dateTo')} {...form.getInputProps('dateTo')} />
    ),
    excludeStatus: () => (
      <MultiSelectField
        key="excludeStatus"
        label={t('filters.excludeStatus')}
        data={EXCLUDE_STATUS_OPTIONS.map((code) => ({
          value: code,
          label: t(`domain:policyStatus.${code}`),
        }))}
        clearable
        {...form.getInputProps('excludeStatus')}
      />
    ),
    status: () =>
      select(
        'status',
        t('filters.status'),
        POLICY_STATUS_CODES.map((code) => ({ value: code, label: t(`domain:policyStatus.${code}`) || code })),
      ),
    productType: () =>
      select(
        'productType',
        t('filters.productType'),
        PRODUCT_TYPES.map((code) => ({ value: code, label: t(`domain:productCategory.${code}`) })),
      ),
    month: () => select('month', t('filters.month'), months),
    followupType: () =>
      select(
        'followupType',
        t('filters.followupType'),
        FOLLOWUP_TYPE_OPTIONS.map((code) => ({ value: String(code), label: t(`followupType.${code}`) })),
      ),
    type: () =>
      select(
        'type',
        t('filters.serviceType'),
        SERVICE_TYPES.map((code) => ({ value: code, label: t(`serviceType.${code}`) })),
      ),
    expiryFromYear: () => expiry('From'),
    expiryToYear: () => expiry('To'),
  };

  // The expiry pickers come as two groups (year and month together); their month fields render with the year.
  const shown = filters.filter((field) => field !== 'expiryFromMonth' && field !== 'expiryToMonth');
  return (
    <>
      {shown.map((field) => fields[field]?.())}
      <Checkbox
        label={t('filters.includedTeam')}
        mt={{ sm: 'xl' }}
        {...form.getInputProps('includedTeam', { type: 'checkbox' })}
      />
    </>
  );
}
