import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import type { Criteria } from './criteria-url';

/** A filter form's values: text, ISO dates (null = empty), choices as strings, checkboxes. */
export type FormValues = Record<string, string | string[] | boolean | null>;

/**
 * The form values showing some criteria, shaped like `template` (the form's empty values): arrays become string
 * arrays (multi-selects hold strings), absent texts '', absent dates null.
 */
export function formValuesOf<V extends FormValues>(criteria: Criteria, template: V): V {
  const values: FormValues = {};
  for (const [key, empty] of Object.entries(template)) {
    const value = criteria[key];
    if (Array.isArray(empty)) values[key] = Array.isArray(value) ? value.map(String) : [];
    else if (typeof empty === 'boolean') values[key] = typeof value === 'boolean' ? value : empty;
    else if (value === undefined || value === null) values[key] = empty;
    else values[key] = String(value);
  }
  return values as V;
}

/** Codes the contract's schemas use as messages (criteria.ts); anything else reads as a generic "invalid". */
const KNOWN_CODES = new Set(['invalidDate', 'dateRangeReversed']);

/**
 * A filter form on Mantine's form: validated on submit by the list's contract schema (mantine-form-zod-resolver),
 * refilled whenever the criteria change from outside (back button, reset, another producer), and showing the
 * server's 400 field errors on the fields they name.
 */
export function useCriteriaForm<V extends FormValues>(options: {
  schema: z.ZodType;
  criteria: Criteria;
  template: V;
  /** The list query's error: a 400 with `errors` puts its messages on the fields. */
  serverError: unknown;
}) {
  const { schema, criteria, template, serverError } = options;
  const { t } = useTranslation('lists');
  const values = useMemo(() => formValuesOf(criteria, template), [criteria, template]);
  const resolver = useMemo(() => zod4Resolver(schema), [schema]);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: values,
    validate: (current) => {
      const errors = resolver(current as Record<string, unknown>);
      return Object.fromEntries(
        Object.entries(errors)
          .filter(([key]) => (key.split('.')[0] as string) in template)
          .map(([key, message]) => [
            key.split('.')[0],
            KNOWN_CODES.has(String(message)) ? t(`errors.${message}`) : t('errors.invalid'),
          ]),
      );
    },
  });

  const valuesKey = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the shown criteria really change
  useEffect(() => {
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [valuesKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new server error is the only trigger
  useEffect(() => {
    if (!isApiError(serverError) || serverError.status !== 400) return;
    const onFields = Object.entries(serverError.fieldErrors).filter(([key]) => key in template);
    if (onFields.length > 0)
      form.setErrors(Object.fromEntries(onFields.map(([key, messages]) => [key, messages.join(' ')])));
  }, [serverError]);

  return form;
}
