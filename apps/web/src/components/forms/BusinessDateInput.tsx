import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-tw';
import { DateInput, type DateInputProps } from '@mantine/dates';
import type { Language } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale';

/** dayjs locale of each UI language (spec 1 §9: kr maps to ko in the date picker; zh is Traditional Chinese). */
const DAYJS_LOCALE: Record<Language, string> = { en: 'en', zh: 'zh-tw', ja: 'ja', kr: 'ko' };

const TYPED_DATE = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/;

/** Reads what the user typed: YYYY/MM/DD (or YYYY-MM-DD), a real calendar date, else nothing. */
export function parseTypedDate(text: string): string | null {
  const match = TYPED_DATE.exec(text.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${match[1]}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** First and last day the picker offers: 5 years before and after the current year (spec 1 §5). */
export function pickerBounds(now = new Date()): { minDate: string; maxDate: string } {
  const year = now.getFullYear();
  return { minDate: `${year - 5}-01-01`, maxDate: `${year + 5}-12-31` };
}

/**
 * A business date input: shows and accepts YYYY/MM/DD, value as ISO YYYY-MM-DD (what the contract's date criteria
 * read), clearable, its calendar limited to the current year ±5 and in the UI language.
 */
export function BusinessDateInput(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  const { t } = useTranslation('lists');
  const { language } = useLocale();
  return (
    <DateInput
      valueFormat="YYYY/MM/DD"
      dateParser={parseTypedDate}
      placeholder="YYYY/MM/DD"
      clearable
      locale={DAYJS_LOCALE[language]}
      {...pickerBounds()}
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
      clearButtonProps={{ 'aria-label': t('date.clear') }}
      {...props}
    />
  );
}
