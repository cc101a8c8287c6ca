import { lazyWidget } from '../lazy-widget/lazyWidget';
import type { BusinessDateInputProps } from './business-date';
import { DateStandIn } from './field-stand-ins';

/**
 * A business date input: shows and accepts YYYY/MM/DD, value ISO YYYY-MM-DD, clearable, its calendar limited to the
 * current year ±5 and in the UI language (BusinessDatePicker). The calendar's code (@mantine/dates, dayjs) loads
 * after the first screen; until then a plain input that reads typed dates the same way stands in.
 */
export const BusinessDateInput = lazyWidget<BusinessDateInputProps>(
  () => import('./BusinessDatePicker').then((module) => module.BusinessDatePicker),
  DateStandIn,
);
