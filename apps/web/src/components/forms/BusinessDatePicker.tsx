import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-tw';
import { DateInput } from '@mantine/dates';
import type { Language } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale';
import { type BusinessDateInputProps, parseTypedDate, pickerBounds } from './business-date';

/** dayjs locale of each UI language (docs/product.md, "Languages": kr maps to ko in the date picker; zh is Traditional
 * Chinese).
 */
const DAYJS_LOCALE: Record<Language, string> = { en: 'en', zh: 'zh-tw', ja: 'ja', kr: 'ko' };

/**
 * The real business date picker (loaded after the first screen, see BusinessDateInput.tsx): shows and accepts YYYY/MM/DD, value as ISO YYYY-MM-DD (what the contract's date criteria
 * read), clearable, its calendar limited to the current year ±5 and in the UI language.
 */
export function BusinessDatePicker(props: BusinessDateInputProps) {
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
