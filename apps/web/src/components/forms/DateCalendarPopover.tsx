import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-tw';
import { ActionIcon, Popover } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import type { Language } from '@portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale';
import { pickerBounds } from './business-date';
import { CalendarIcon } from './CalendarIcon';

/** dayjs locale of each UI language (kr maps to ko in the date picker; zh is Traditional Chinese). */
const DAYJS_LOCALE: Record<Language, string> = { en: 'en', zh: 'zh-tw', ja: 'ja', kr: 'ko' };

/**
 * The calendar button and popover of a business date field (BusinessDateField), loaded when first asked for and
 * then open: the current year ±5 (docs/web.md), in the UI language, opening on the field's date when it holds one.
 * Mantine makes the popover a dialog named by its button, traps focus in it and gives focus back on closing.
 * Keyboard: arrows move between days, Enter or Space picks, Escape closes.
 */
export default function DateCalendarPopover({
  buttonLabel,
  disabled,
  value,
  onPick,
}: {
  buttonLabel: string;
  disabled?: boolean;
  /** The field's date as ISO YYYY-MM-DD, or null. */
  value: string | null;
  onPick: (iso: string) => void;
}) {
  const { t } = useTranslation('lists');
  const { language } = useLocale();
  const [open, setOpen] = useState(true);
  const calendarId = useId();
  const bounds = pickerBounds();
  const inRange = value !== null && value >= bounds.minDate && value <= bounds.maxDate;
  return (
    <Popover
      opened={open}
      onChange={setOpen}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={disabled}
          aria-label={buttonLabel}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          onClick={() => setOpen((shown) => !shown)}
        >
          <CalendarIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown id={calendarId}>
        <DatePicker
          value={inRange ? value : null}
          defaultDate={inRange ? value : undefined}
          onChange={(picked) => {
            if (!picked) return;
            onPick(String(picked).slice(0, 10));
            setOpen(false);
          }}
          locale={DAYJS_LOCALE[language]}
          {...bounds}
          ariaLabels={{
            previousMonth: t('date.previousMonth'),
            nextMonth: t('date.nextMonth'),
            previousYear: t('date.previousYear'),
            nextYear: t('date.nextYear'),
            previousDecade: t('date.previousDecade'),
            nextDecade: t('date.nextDecade'),
            monthLevelControl: t('date.chooseMonth'),
            yearLevelControl: t('date.chooseYear'),
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
