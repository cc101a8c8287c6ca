import { Alert, Stack, Text } from '@mantine/core';
import {
  API_ROUTES,
  availableReportTypes,
  expiryYearOptions,
  REPORT_DEFINITIONS,
  type ReportType,
  reportToday,
} from '@portal/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchFilters } from '../../../components/search-list/SearchFilters';
import { formValuesOf, useCriteriaForm } from '../../../components/search-list/useCriteriaForm';
import { useSearchList } from '../../../components/search-list/useSearchList';
import { useCurrentProducer, useSiteInfo } from '../../../lib/session';
import { ListScreenHeader } from '../components/ListScreenHeader';
import { ReportExport } from '../reports/ReportExport';
import { ReportFilters } from '../reports/ReportFilters';
import { ReportPicker } from '../reports/ReportPicker';
import { ReportPreview, type ReportRow } from '../reports/ReportPreview';
import {
  formForType,
  missingRequired,
  REPORT_FORM_TEMPLATE,
  reportResponseSchema,
  reportSearchSchema,
  reportStartValues,
  reportTypeOf,
  runFields,
  withFormDefaults,
} from '../reports/report-search';
import { useListScope } from '../team/useListScope';

const FIELD_KEYS = Object.keys(REPORT_FORM_TEMPLATE);
const schema = reportSearchSchema();

/**
 * Reports (/b2b/reports, docs/producer/reports-screen.md): the report-type picker, the chosen report's filters, a
 * preview of its rows and the Excel export. Every report is described by its contract definition (title, purpose,
 * filters, columns, sort), so this screen knows no report by name. docs/producer/reports-screen.md.
 */
export default function ReportsScreen() {
  const { t } = useTranslation(['reports', 'common']);
  const site = useSiteInfo();
  const producer = useCurrentProducer();
  const scope = useListScope();
  const hasBv = producer?.hasBvReportPermission ?? false;
  const hasTraining = producer?.hasTrainingHistoryReportPermission ?? false;
  const types = useMemo(
    () =>
      availableReportTypes(site.siteCode, {
        hasBvReportPermission: hasBv,
        hasTrainingHistoryReportPermission: hasTraining,
      }),
    [site.siteCode, hasBv, hasTraining],
  );
  // The defaults' "today" (next month, this year and month) is taken once, when the screen opens.
  const today = useMemo(() => reportToday(new Date()), []);
  /** A report that can run: one offered to this producer on this site (a URL may name any type). */
  const runnable = useCallback(
    (value: unknown) => {
      const type = reportTypeOf(value);
      return type !== undefined && types.includes(type) ? type : undefined;
    },
    [types],
  );

  const list = useSearchList<Record<string, unknown>, ReportRow>({
    name: 'reports',
    path: API_ROUTES.reports.preview.path,
    criteriaSchema: schema,
    responseSchema: reportResponseSchema,
    fieldKeys: FIELD_KEYS,
    scope,
    enabled: (criteria) => runnable(criteria.reportType) !== undefined,
    keepOnScopeChange: ['reportType'],
    keepPageWhile: (previous, next) => previous.reportType === next.reportType,
  });
  const formCriteria = useMemo(() => withFormDefaults(list.criteria, today), [list.criteria, today]);
  const form = useCriteriaForm({
    schema,
    criteria: formCriteria,
    template: REPORT_FORM_TEMPLATE,
    serverError: list.query.error,
  });

  const formType = runnable(form.values.reportType);
  const formDefinition = formType === undefined ? undefined : REPORT_DEFINITIONS[formType];
  const runType = runnable(list.criteria.reportType);
  const runDefinition = runType === undefined ? undefined : REPORT_DEFINITIONS[runType];
  const showingRun = runDefinition !== undefined && formType === runType;
  const refused = list.criteria.reportType !== undefined && runType === undefined;

  const chooseType = (type: ReportType) => {
    form.setValues(formForType(type, today, scope.includedTeam));
    form.clearErrors();
  };

  return (
    <Stack gap="md">
      <ListScreenHeader title={t('common:producer.reports')} />
      <SearchFilters
        form={form}
        label={t('searchLabel')}
        submitLabel={t('run')}
        lead={
          <ReportPicker
            types={types}
            value={form.values.reportType}
            onChange={chooseType}
            error={typeof form.errors.reportType === 'string' ? form.errors.reportType : undefined}
          />
        }
        onSearch={(values) => {
          if (!formDefinition) {
            form.setFieldError('reportType', t('errors.chooseReport'));
            return;
          }
          const missing = missingRequired(values, formDefinition, today);
          if (missing.length > 0) {
            form.setErrors(Object.fromEntries(missing.map((field) => [field, t('errors.required')])));
            return;
          }
          list.submit(runFields(values, formDefinition));
        }}
        onReset={() =>
          form.setValues(
            formType === undefined
              ? formValuesOf({ includedTeam: scope.includedTeam }, REPORT_FORM_TEMPLATE)
              : formForType(formType, today, scope.includedTeam),
          )
        }
        actions={
          <ReportExport
            // A new run starts a new export: the progress of the last one is not carried over.
            key={JSON.stringify(list.exportQuery)}
            list={list}
            definition={runDefinition}
            disabled={!showingRun}
          />
        }
      >
        {formDefinition && (
          <ReportFilters
            form={form}
            filters={formDefinition.filters}
            defaults={reportStartValues(formDefinition.type, today)}
            yearOptions={expiryYearOptions(today)}
          />
        )}
      </SearchFilters>
      {refused && (
        <Alert color="yellow" variant="light" role="alert">
          {t('notAvailable')}
        </Alert>
      )}
      {showingRun ? (
        <ReportPreview list={list} definition={runDefinition} />
      ) : (
        <Text c="dimmed" size="sm">
          {formDefinition ? t('preview.runHint') : t('preview.chooseHint')}
        </Text>
      )}
    </Stack>
  );
}
