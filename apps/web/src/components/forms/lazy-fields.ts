import type { MultiSelectProps, SelectProps } from '@mantine/core';
import { lazyWidget } from '../lazy-widget/lazyWidget';
import { MultiSelectStandIn, SelectStandIn } from './field-stand-ins';

/*
 * Mantine's Select and MultiSelect with their code (Combobox, Popover, floating-ui) loaded after the first screen
 * (lazyWidget): the search forms of every list draw them, and they weighed more than any other part of those screens.
 * Both come from one chunk, so the first of them to load brings the other.
 */

const selects = () => import('./mantine-selects');

export const SelectField = lazyWidget<SelectProps>(
  () => selects().then((module) => module.Select),
  SelectStandIn,
);

export const MultiSelectField = lazyWidget<MultiSelectProps>(
  () => selects().then((module) => module.MultiSelect),
  MultiSelectStandIn,
);
