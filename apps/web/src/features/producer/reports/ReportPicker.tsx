import { NativeSelect } from '@mantine/core';
import { type Language, REPORT_KEYS, type ReportType } from '@portal/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/locale';
import type { ReportDefinitions } from './report-search';

/** A report's title in the UI language: its definition's, or the catalog's while it has none yet. */
export function reportTitle(
  type: ReportType,
  definitions: ReportDefinitions,
  language: Language,
  t: TFunction,
): string {
  const definition = definitions[type];
  return definition
    ? (definition.title[language] ?? definition.title.en)
    : t(`domain:reportType.${REPORT_KEYS[type]}`);
}

/**
 * The report-type picker (spec 1 §2): the types this producer may run on this site (availableReportTypes), each
 * under its title, with the chosen report's purpose under it. A type whose definition is not there yet is listed
 * but cannot be chosen.
 */
export function ReportPicker({
  types,
  definitions,
  value,
  onChange,
  error,
}: {
  types: readonly ReportType[];
  definitions: ReportDefinitions;
  value: string;
  onChange: (type: ReportType) => void;
  error?: string;
}) {
  const { t } = useTranslation(['reports', 'domain']);
  const { language } = useLocale();
  const chosen = types.find((type) => String(type) === value);
  const definition = chosen === undefined ? undefined : definitions[chosen];
  return (
    <NativeSelect
      label={t('picker.label')}
      description={definition ? (definition.purpose[language] ?? definition.purpose.en) : t('picker.hint')}
      data={[
        { value: '', label: t('picker.placeholder'), disabled: true },
        ...types.map((type) => ({
          value: String(type),
          label: definitions[type]
            ? reportTitle(type, definitions, language, t)
            : t('picker.notYet', { title: reportTitle(type, definitions, language, t) }),
          disabled: !definitions[type],
        })),
      ]}
      value={chosen === undefined ? '' : value}
      onChange={(event) => {
        const next = types.find((type) => String(type) === event.currentTarget.value);
        if (next !== undefined) onChange(next);
      }}
      error={error}
      mb="sm"
      maw={{ sm: 480 }}
    />
  );
}
