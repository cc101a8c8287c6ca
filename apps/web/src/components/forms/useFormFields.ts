import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-error';

/** Messages per field; `base` holds the form-wide ones shown in the alert above the form. */
export type FormErrors<F extends string> = Partial<Record<F | 'base', string[]>>;

/** Props every Mantine text, password and select input of these forms takes. */
export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  /** Mantine renders it under the field and links it through aria-describedby, with aria-invalid. */
  error: string | undefined;
  /** Set explicitly: Mantine's PasswordInput marks its inner input only with data-invalid. */
  'aria-invalid': boolean | undefined;
  ref: (element: HTMLInputElement | HTMLSelectElement | null) => void;
}

export interface FormFields<F extends string> {
  values: Record<F, string>;
  errors: FormErrors<F>;
  field: (name: F) => FieldProps;
  setValue: (name: F, value: string) => void;
  /** Marks blank required fields with `message`; true when every one is filled. Nothing is sent otherwise. */
  requireFilled: (names: readonly F[], message: string) => boolean;
  /**
   * Shows a failed submission: the server's field errors on the fields (unknown keys and `base` in the alert),
   * any other failure as the alert's message. Focus moves to the first invalid field, else to the alert.
   */
  showError: (error: unknown, fallbackMessage: string) => void;
  /** Shows errors found in the browser (a format check), with the same focus rules. */
  fail: (errors: FormErrors<F>) => void;
  focusField: (name: F) => void;
  clearErrors: () => void;
  reset: () => void;
  /** Ref for the alert above the form (FormAlert), so focus can move to it. */
  alertRef: React.RefObject<HTMLDivElement | null>;
}

/**
 * Form state for the account forms (login, registration, passwords): plain strings, per-field messages from the
 * client check or from the server's `{ errors }` answer, and focus management so keyboard and screen-reader users
 * land on what needs fixing.
 */
export function useFormFields<F extends string>(
  fields: readonly F[],
  initial: Partial<Record<F, string>> = {},
): FormFields<F> {
  // Initial values are read once, like useState's; reset() returns to them.
  const [initialValues] = useState(
    () => Object.fromEntries(fields.map((f) => [f, initial[f] ?? ''])) as Record<F, string>,
  );
  const [values, setValues] = useState<Record<F, string>>(initialValues);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const elements = useRef(new Map<F, HTMLInputElement | HTMLSelectElement>());
  const alertRef = useRef<HTMLDivElement | null>(null);

  // After the errors are on screen: the first invalid field (in form order), else the alert.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per failed submission only
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = fields.find((f) => errors[f]?.length);
    if (first) elements.current.get(first)?.focus();
    else if (errors.base?.length) alertRef.current?.focus();
  }, [focusRequest]);

  const setValue = useCallback((name: F, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    // The message described the old value; it goes as soon as the person changes it.
    setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  const focusField = useCallback((name: F) => elements.current.get(name)?.focus(), []);

  const field = (name: F): FieldProps => ({
    name,
    value: values[name],
    onChange: (event) => setValue(name, event.currentTarget.value),
    error: errors[name]?.length ? errors[name]?.join(' ') : undefined,
    'aria-invalid': errors[name]?.length ? true : undefined,
    ref: (element) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
  });

  const requireFilled = (names: readonly F[], message: string) => {
    const missing = names.filter((name) => values[name].trim() === '');
    if (missing.length === 0) return true;
    setErrors(Object.fromEntries(missing.map((name) => [name, [message]])) as FormErrors<F>);
    setFocusRequest((n) => n + 1);
    return false;
  };

  const showError = (error: unknown, fallbackMessage: string) => {
    const next: FormErrors<F> = {};
    const base: string[] = [];
    if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
      for (const [key, messages] of Object.entries(error.fieldErrors)) {
        if ((fields as readonly string[]).includes(key)) next[key as F] = messages;
        else base.push(...messages);
      }
    } else if (isApiError(error) && error.status !== 0) {
      base.push(error.message);
    } else {
      base.push(fallbackMessage);
    }
    if (base.length > 0) next.base = base;
    setErrors(next);
    setFocusRequest((n) => n + 1);
  };

  return {
    values,
    errors,
    field,
    setValue,
    requireFilled,
    showError,
    fail: (next) => {
      setErrors(next);
      setFocusRequest((n) => n + 1);
    },
    focusField,
    clearErrors: () => setErrors({}),
    reset: () => {
      setValues(initialValues);
      setErrors({});
    },
    alertRef,
  };
}
