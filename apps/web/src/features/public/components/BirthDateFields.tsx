import { Fieldset, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../../components/forms/useFormFields';

const pad = (n: number) => String(n).padStart(2, '0');
const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: pad(i + 1) }));
const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: pad(i + 1) }));

function yearOptions(now = new Date()) {
  const latest = now.getFullYear();
  return Array.from({ length: latest - 1900 + 1 }, (_, i) => String(latest - i));
}

/**
 * Date of birth as day, month and year, in that order (DD/MM/YYYY, docs/product.md "Formats and limits"), as three
 * native selects: they work the same with a keyboard, a screen reader and a phone's picker, and cannot hold a malformed
 * value.
 */
export function BirthDateFields({
  day,
  month,
  year,
}: {
  day: FieldProps;
  month: FieldProps;
  year: FieldProps;
}) {
  const { t } = useTranslation('public');
  const placeholder = { value: '', label: '—' };
  return (
    <Fieldset
      variant="unstyled"
      legend={t('birthDate.legend')}
      styles={{ legend: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600, marginBottom: 4 } }}
    >
      <Group gap="sm" align="flex-start" grow wrap="nowrap">
        <NativeSelect
          label={t('birthDate.day')}
          data={[placeholder, ...DAYS]}
          withAsterisk
          autoComplete="bday-day"
          {...day}
        />
        <NativeSelect
          label={t('birthDate.month')}
          data={[placeholder, ...MONTHS]}
          withAsterisk
          autoComplete="bday-month"
          {...month}
        />
        <NativeSelect
          label={t('birthDate.year')}
          data={[placeholder, ...yearOptions()]}
          withAsterisk
          autoComplete="bday-year"
          {...year}
        />
      </Group>
    </Fieldset>
  );
}
