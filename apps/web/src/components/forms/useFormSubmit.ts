import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormFields } from './useFormFields';

export interface FormSubmit {
  /** True while `send` runs: the submit button shows it as `loading`, and a second submit is ignored meanwhile. */
  submitting: boolean;
  /** The form's onSubmit. */
  submit: (event: FormEvent) => Promise<void>;
}

/**
 * The submit of the account forms built on useFormFields: nothing is sent while a submission runs or while a field
 * of `required` is blank (those are marked "required" and focused); a failure of `send` is shown by
 * `form.showError` (field errors on their fields, anything else in the alert, "network error" when the server gave
 * no answer). `keepSubmittingOnSuccess` is for forms that are replaced when `send` succeeds: the button stays busy.
 */
export function useFormSubmit<F extends string>(
  form: FormFields<F>,
  required: readonly F[],
  send: () => Promise<void>,
  { keepSubmittingOnSuccess = false }: { keepSubmittingOnSuccess?: boolean } = {},
): FormSubmit {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !form.requireFilled(required, t('form.required'))) return;
    setSubmitting(true);
    let sent = false;
    try {
      await send();
      sent = true;
    } catch (error) {
      form.showError(error, t('form.networkError'));
    } finally {
      if (!(sent && keepSubmittingOnSuccess)) setSubmitting(false);
    }
  }

  return { submitting, submit };
}
