import { ActionIcon } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarIcon } from './CalendarIcon';
import { maskDate } from './input-masks';
import { DateMaskInput, type MaskedInputProps } from './MaskedInput';

// The calendar and its popover (@mantine/dates, dayjs and its locales, floating-ui) load when a person first asks
// for it, not with the screen: the search screens' first paint stays within its budget (docs/performance/spa.md).
const DateCalendarPopover = lazy(() => import('./DateCalendarPopover'));

export type BusinessDateFieldProps = Omit<MaskedInputProps, 'rightSection' | 'signed' | 'label'> & {
  label: string;
};

/**
 * A business date field of a search form (docs/web.md, input masks): typed through the date mask (YYYY/MM/DD, digits only, the
 * slashes put in as one types), or chosen in a calendar limited to the current year ±5, opened by the button at its
 * end. The form keeps the text as shown; a date from the URL (ISO, as the contract sends it) is shown masked. The
 * list's contract schema reads either spelling and sends ISO, so the wire format is the criteria's own; an
 * impossible date ("2026/13/45") stays in the field and the schema's field error says why, linked to the input
 * (aria-describedby) like every Mantine field error.
 */
export function BusinessDateField({ value, onChange, disabled, label, ...rest }: BusinessDateFieldProps) {
  const { t } = useTranslation('lists');
  // Once asked for, the real popover stays mounted (it opens at once the first time).
  const [wanted, setWanted] = useState(false);
  const shown = maskDate(value ?? '');
  const iso = /^\d{4}\/\d{2}\/\d{2}$/.test(shown) ? shown.replaceAll('/', '-') : null;
  const buttonLabel = t('date.openCalendar', { field: label });
  const standIn = (loading: boolean) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      disabled={disabled}
      loading={loading}
      aria-label={buttonLabel}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => setWanted(true)}
    >
      <CalendarIcon />
    </ActionIcon>
  );
  return (
    <DateMaskInput
      {...rest}
      label={label}
      value={shown}
      onChange={onChange}
      disabled={disabled}
      rightSectionPointerEvents="all"
      rightSection={
        wanted ? (
          <Suspense fallback={standIn(true)}>
            <DateCalendarPopover
              buttonLabel={buttonLabel}
              disabled={disabled}
              value={iso}
              onPick={(picked) => onChange?.(picked.replaceAll('-', '/'))}
            />
          </Suspense>
        ) : (
          standIn(false)
        )
      }
    />
  );
}
