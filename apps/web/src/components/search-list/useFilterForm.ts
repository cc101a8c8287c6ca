import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';

/** A filter form's values: text, ISO dates (null = empty), choices as strings, checkboxes. */
export type FormValues = Record<string, string | string[] | boolean | null>;

export type FormErrors = Record<string, string>;

/** What a checkbox gets. */
export type CheckboxFieldProps = { checked: boolean; error?: string; onChange: (next: unknown) => void };
/**
 * What any other field gets. The value is typed loosely on purpose: one form holds texts, dates, choices and lists,
 * and each Mantine input declares its own value type (as `@mantine/form`'s getInputProps does).
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type InputFieldProps = { value: any; error?: string; onChange: (next: unknown) => void };

export interface FilterForm<V extends FormValues> {
  values: V;
  errors: FormErrors;
  /** Merges `values` into the current ones (a whole set replaces them all). */
  setValues: (values: Partial<V>) => void;
  setFieldValue: <K extends keyof V & string>(key: K, value: V[K]) => void;
  setErrors: (errors: FormErrors) => void;
  setFieldError: (key: keyof V & string, message: string) => void;
  clearErrors: () => void;
  /** Back to the values the form started with (or was last refilled with by `resetTo`). */
  reset: () => void;
  /** Shows `values` as the form's clean state: the values `reset` returns to, with no errors. */
  resetTo: (values: V) => void;
  getInputProps: {
    (key: keyof V & string, options: { type: 'checkbox' }): CheckboxFieldProps;
    (key: keyof V & string): InputFieldProps;
  };
  /** A form's onSubmit: validates, then calls `handler` with the values only when no field has an error. */
  onSubmit: (handler: (values: V) => void) => (event?: FormEvent) => void;
}

/** What an input's onChange gives: an event (its target's value or checked state) or the value itself. */
function valueOfChange(next: unknown, checkbox: boolean): unknown {
  if (next && typeof next === 'object' && 'currentTarget' in next) {
    const target = (next as { currentTarget: HTMLInputElement }).currentTarget;
    return checkbox ? target.checked : target.value;
  }
  return next;
}

/**
 * The state of a search form: values, field errors, reset and a validated submit. It does what the search forms
 * used of `@mantine/form` (values with merging `setValues`, `getInputProps` for text, choice and checkbox fields, an
 * error cleared when its field changes, validation on submit) in a fraction of its code, which every producer and
 * staff list downloads on its first screen.
 */
export function useFilterForm<V extends FormValues>(options: {
  initialValues: V;
  /** Field errors of the current values (an empty object when they are valid). */
  validate?: (values: V) => FormErrors;
}): FilterForm<V> {
  const [values, setValuesState] = useState<V>(options.initialValues);
  const [errors, setErrorsState] = useState<FormErrors>({});
  const clean = useRef(options.initialValues);
  // Submit reads the latest values and validator even from a handler created before the last render.
  const latest = useRef({ values, validate: options.validate });
  latest.current = { values, validate: options.validate };

  const clearFieldError = useCallback((key: string) => {
    setErrorsState((current) => {
      if (!(key in current)) return current;
      const { [key]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const setFieldValue = useCallback(
    <K extends keyof V & string>(key: K, value: V[K]) => {
      setValuesState((current) => ({ ...current, [key]: value }));
      clearFieldError(key);
    },
    [clearFieldError],
  );

  const setValues = useCallback((next: Partial<V>) => {
    setValuesState((current) => ({ ...current, ...next }));
  }, []);

  const clearErrors = useCallback(() => setErrorsState({}), []);

  return useMemo(
    (): FilterForm<V> => ({
      values,
      errors,
      setValues,
      setFieldValue,
      setErrors: (next) => setErrorsState({ ...next }),
      setFieldError: (key, message) => setErrorsState((current) => ({ ...current, [key]: message })),
      clearErrors,
      reset: () => {
        setValuesState(clean.current);
        setErrorsState({});
      },
      resetTo: (next) => {
        clean.current = next;
        setValuesState(next);
        setErrorsState({});
      },
      getInputProps: ((key: keyof V & string, inputOptions?: { type: 'checkbox' }) => {
        const checkbox = inputOptions?.type === 'checkbox';
        const onChange = (next: unknown) =>
          setFieldValue(key, valueOfChange(next, checkbox) as V[typeof key]);
        const error = errors[key];
        return checkbox
          ? { checked: Boolean(values[key]), error, onChange }
          : { value: values[key], error, onChange };
      }) as FilterForm<V>['getInputProps'],
      onSubmit: (handler) => (event) => {
        event?.preventDefault();
        const { values: current, validate } = latest.current;
        const found = validate ? validate(current) : {};
        setErrorsState(found);
        if (Object.keys(found).length === 0) handler(current);
      },
    }),
    [values, errors, setValues, setFieldValue, clearErrors],
  );
}
