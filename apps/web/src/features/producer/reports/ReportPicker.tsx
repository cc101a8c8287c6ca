import { NativeSelect } from '@mantine/core';
import { REPORT_DEFINITIONS, type ReportType } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/locale';

/**
 * The report-type picker (docs/producer/reports-screen.md): the types this producer may run on this site
 * (availableReportTypes), each under its definition's title in the UI language, with the chosen report's purpose under
 * it.
 */
export function ReportPicker({
  types,
  value,
  onChange,
  error,
}: {
  types: readonly ReportType[];
  value: string;
  onChange: (type: ReportType) => void;
  error?: string;
}) {
  const { t } = useTranslation('reports');
  const { language } = useLocale();
  const chosen = types.find((type) => String(type) === value);
  const purpose = chosen === undefined ? undefined : REPORT_DEFINITIONS[chosen].purpose;
  return (
    <NativeSelect
      label={t('picker.label')}
      description={purpose ? (purpose[language] ?? purpose.en) : t('picker.hint')}
      data={[
        { value: '', label: t('picker.placeholder'), disabled: true },
        ...types.map((type) => {
          const { title } = REPORT_DEFINITIONS[type];
          return { value: String(type), label: title[language] ?? title.en };
        }),
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
