import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import type { Criteria } from './criteria-url';
import { type FormErrors, type FormValues, useFilterForm } from './useFilterForm';

export type { FormValues };

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
 * The field errors of `values` by the list's contract schema: an issue's first path segment names the field (the
 * last issue on a field wins); a code the messages know reads as itself, anything else as "invalid".
 */
function schemaErrors(
  schema: z.ZodType,
  values: FormValues,
  fields: object,
  message: (code: string) => string,
): FormErrors {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field in fields) errors[field] = message(issue.message);
  }
  return errors;
}

/**
 * A filter form (useFilterForm): validated on submit by the list's contract schema,
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
  const form = useFilterForm<V>({
    initialValues: values,
    validate: (current) =>
      schemaErrors(schema, current, template, (code) =>
        KNOWN_CODES.has(code) ? t(`errors.${code}`) : t('errors.invalid'),
      ),
  });

  const valuesKey = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the shown criteria really change
  useEffect(() => {
    form.resetTo(values);
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
