import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import {
  DOCUMENT_UPLOAD_KINDS,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  UPLOAD_CONTENT_TYPES,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/FormAlert';
import { isApiError } from '../../../lib/api-error';
import { applicationsKey, sendRequirementDocuments } from '../api/applications-api';

const ACCEPTED_TYPES: readonly string[] = DOCUMENT_UPLOAD_KINDS.map((kind) => UPLOAD_CONTENT_TYPES[kind]);

/**
 * The upload slot of one item the client owes: up to five PDF, JPEG or PNG files of 10 MB each. What the browser can
 * tell (type by name, size, count) is checked here for a quick answer; the server decides by the bytes. Once sent,
 * the tracker is read again and the item moves to what the office is reviewing.
 */
export function RequirementUpload({
  applicationId,
  requirementId,
  itemName,
  onSent,
}: {
  applicationId: number;
  requirementId: number;
  /** The item in words ("Proof of payment"): the form's name for screen readers. */
  itemName: string;
  /** Told once the office has the files (the screen announces it: this form then leaves the page). */
  onSent: () => void;
}) {
  const { t } = useTranslation('client');
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const send = useMutation({
    mutationFn: (chosen: File[]) => sendRequirementDocuments(applicationId, requirementId, chosen),
    onSuccess: async () => {
      setFiles([]);
      onSent();
      await queryClient.invalidateQueries({ queryKey: applicationsKey });
    },
    onError: () => requestAnimationFrame(() => alertRef.current?.focus()),
  });

  const fileProblem = (chosen: File[]): string | null => {
    if (chosen.length === 0) return t('applications.upload.required');
    if (chosen.length > MAX_UPLOAD_FILES) return t('applications.upload.tooMany', { max: MAX_UPLOAD_FILES });
    if (chosen.some((file) => !ACCEPTED_TYPES.includes(file.type))) return t('applications.upload.fileType');
    if (chosen.some((file) => file.size > MAX_UPLOAD_BYTES)) return t('applications.upload.fileSize');
    return null;
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    const found = fileProblem(files);
    setProblem(found);
    if (!found) send.mutate(files);
  }

  const serverError = send.error
    ? isApiError(send.error)
      ? send.error.message
      : t('applications.upload.failed')
    : undefined;
  const inputId = `requirement-${requirementId}-files`;
  return (
    <form onSubmit={submit} noValidate aria-label={t('applications.upload.formName', { item: itemName })}>
      <Stack gap="xs">
        <FormAlert messages={serverError ? [serverError] : undefined} alertRef={alertRef} />
        <FileInput
          id={inputId}
          label={t('applications.upload.label')}
          description={t('applications.upload.hint', { max: MAX_UPLOAD_FILES })}
          placeholder={t('applications.upload.placeholder')}
          multiple
          clearable
          clearButtonProps={{ 'aria-label': t('applications.upload.clear') }}
          accept={ACCEPTED_TYPES.join(',')}
          value={files}
          onChange={(chosen) => {
            setFiles(chosen);
            setProblem(chosen.length > 0 ? fileProblem(chosen) : null);
          }}
          error={problem}
        />
        <Group justify="flex-end" gap="sm">
          {send.isPending && (
            <Text size="sm" c="dimmed" role="status">
              {t('applications.upload.sending')}
            </Text>
          )}
          <Button type="submit" loading={send.isPending}>
            {t('applications.upload.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
