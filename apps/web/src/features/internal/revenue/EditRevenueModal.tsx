import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { RevenueDetail, RevenueEditField } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateMaskInput } from '../../../components/forms/MaskedInput';
import { isApiError } from '../../../lib/api-client';
import { revenueKeys, useEditRevenue } from '../api/revenues-api';
import {
  type EditRevenueValues,
  editableFields,
  editBodyOf,
  editProblems,
  editValuesOf,
} from './edit-revenue-form';

/**
 * The Edit button and its dialog (decision 024; docs/internal/staff-area-plan.md (g1)): the annotations and bookkeeping
 * facts of a revenue. The contract's schema checks the values before anything is sent; the server's 400 field errors
 * land on their fields, its 409 (no longer editable, or changed by someone else since this copy was loaded) is shown
 * above the form. A success closes the dialog, says so, and the header and tabs show the document the server answered.
 */
export function EditRevenueButton({ detail }: { detail: RevenueDetail }) {
  const { t } = useTranslation('revenue');
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The dialog is unmounted when it closes (each opening starts from the revenue as it is now), so Mantine's own
  // return of focus never runs: without this, Escape or Cancel left keyboard users on the page body.
  const close = () => {
    setOpened(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      <Button ref={button} variant="default" onClick={() => setOpened(true)} aria-haspopup="dialog">
        {t('edit.open')}
      </Button>
      {opened && <EditRevenueModal detail={detail} onClose={close} />}
    </>
  );
}

function EditRevenueModal({ detail, onClose }: { detail: RevenueDetail; onClose: () => void }) {
  const { t } = useTranslation('revenue');
  const { revenue } = detail;
  const fields = useMemo(() => editableFields(revenue.commissionType), [revenue.commissionType]);
  const [initial] = useState(() => editValuesOf(revenue, detail.summary));
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const edit = useEditRevenue(revenue.revenueId);
  const queryClient = useQueryClient();

  const form = useForm<EditRevenueValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => {
      const problems = editProblems(editBodyOf(revenue.version, fields, initial, values));
      return Object.fromEntries(
        Object.entries(problems).map(([field, problem]) => [
          field,
          problem.key === 'tooLong' ? t('edit.tooLong', { max: problem.max }) : t(`edit.${problem.key}`),
        ]),
      );
    },
  });

  function close() {
    // After a 409 the copy on screen is out of date (version, or the editable flag): read it again.
    if (stale) void queryClient.invalidateQueries({ queryKey: revenueKeys.revenue(revenue.revenueId) });
    onClose();
  }

  // Keyboard and screen-reader users land on what needs fixing.
  function focusFirstError(errors: Record<string, unknown>) {
    const first = fields.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  }

  function save(values: EditRevenueValues) {
    setFormError(null);
    const body = editBodyOf(revenue.version, fields, initial, values);
    if (Object.keys(body).length === 1) {
      onClose();
      return;
    }
    edit.mutate(body, {
      onSuccess: () => {
        notifications.show({ message: t('edit.saved', { refNo: revenue.refNo }), color: 'teal' });
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) setStale(true);
        const fieldErrors = isApiError(error) ? error.fieldErrors : {};
        const onFields = Object.entries(fieldErrors).filter(([key]) =>
          fields.includes(key as RevenueEditField),
        );
        if (onFields.length > 0) {
          const errors = Object.fromEntries(onFields.map(([key, messages]) => [key, messages.join(' ')]));
          form.setErrors(errors);
          focusFirstError(errors);
        }
        const elsewhere = Object.entries(fieldErrors)
          .filter(([key]) => !fields.includes(key as RevenueEditField))
          .flatMap(([, messages]) => messages);
        if (elsewhere.length > 0) setFormError(elsewhere.join(' '));
        else if (onFields.length === 0) {
          setFormError(isApiError(error) && error.status !== 0 ? error.message : t('edit.notSaved'));
        }
      },
    });
  }

  return (
    <Modal opened onClose={close} title={t('edit.title', { refNo: revenue.refNo })} size="lg">
      <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('edit.intro')}
          </Text>
          {formError && (
            <Alert color="red" variant="light" role="alert" title={t('edit.notSaved')}>
              {formError}
            </Alert>
          )}
          <Textarea
            label={t('field.description')}
            rows={3}
            resize="vertical"
            {...form.getInputProps('description')}
          />
          <Textarea
            label={t('field.internalRemark')}
            rows={3}
            resize="vertical"
            {...form.getInputProps('internalRemark')}
          />
          <TextInput label={t('field.salesCampaign')} {...form.getInputProps('salesCampaign')} />
          <DateMaskInput label={t('field.bankInOn')} {...form.getInputProps('bankInOn')} />
          {fields.includes('lapseSurrenderOn') && (
            <DateMaskInput label={t('field.lapseSurrenderOn')} {...form.getInputProps('lapseSurrenderOn')} />
          )}
          <Checkbox
            label={t('field.isOrphanCase')}
            {...form.getInputProps('isOrphanCase', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={close}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" loading={edit.isPending}>
              {t('edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
