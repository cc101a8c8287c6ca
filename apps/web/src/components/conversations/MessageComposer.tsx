import { Button, FileInput, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CONVERSATION_BODY_MAX,
  CONVERSATION_SUBJECT_MAX,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_ATTACHMENT_TYPES,
  MESSAGE_ATTACHMENTS_MAX,
} from '@portal/contract';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error';
import { FormAlert } from '../forms/FormAlert';

export interface ComposedMessage {
  subject: string;
  body: string;
  files: File[];
}

/**
 * The form that writes a message: a subject (for a new conversation), the text, and up to five PDF, JPEG or PNG
 * files. What the browser can tell (type by name, size, count) is checked here for a quick answer; the server
 * checks the bytes. Field errors from the server appear on their fields, anything else above the form.
 */
export function MessageComposer({
  withSubject,
  submitLabel,
  onSend,
  extraFields,
  idPrefix,
}: {
  withSubject: boolean;
  submitLabel: string;
  onSend: (message: ComposedMessage) => Promise<void>;
  /** More fields above the text (the plan a new conversation is about). */
  extraFields?: ReactNode;
  idPrefix: string;
}) {
  const { t } = useTranslation('conversations');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [sending, setSending] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  const fileProblem = (chosen: File[]): string | undefined => {
    if (chosen.length > MESSAGE_ATTACHMENTS_MAX)
      return t('compose.tooManyFiles', { max: MESSAGE_ATTACHMENTS_MAX });
    if (chosen.some((file) => !(MESSAGE_ATTACHMENT_TYPES as readonly string[]).includes(file.type)))
      return t('compose.fileType');
    if (chosen.some((file) => file.size > MESSAGE_ATTACHMENT_MAX_BYTES)) return t('compose.fileSize');
    return undefined;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found: Record<string, string[]> = {};
    if (withSubject && !subject.trim()) found.subject = [t('compose.required')];
    if (!body.trim()) found.body = [t('compose.required')];
    const problem = fileProblem(files);
    if (problem) found.files = [problem];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await onSend({ subject: subject.trim(), body: body.trim(), files });
      setSubject('');
      setBody('');
      setFiles([]);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else setErrors({ base: [isApiError(error) ? error.message : t('compose.failed')] });
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setSending(false);
    }
  }

  const fieldError = (name: string) => errors[name]?.join(' ');
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        <FormAlert messages={errors.base} alertRef={alertRef} />
        {withSubject && (
          <TextInput
            id={`${idPrefix}-subject`}
            label={t('compose.subject')}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            maxLength={CONVERSATION_SUBJECT_MAX}
            error={fieldError('subject')}
            required
          />
        )}
        {extraFields}
        <Textarea
          id={`${idPrefix}-body`}
          label={t('compose.body')}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          maxLength={CONVERSATION_BODY_MAX}
          autosize
          minRows={3}
          maxRows={12}
          error={fieldError('body')}
          description={t('compose.bodyHint', { left: CONVERSATION_BODY_MAX - body.length })}
          required
        />
        <FileInput
          id={`${idPrefix}-files`}
          label={t('compose.files')}
          description={t('compose.filesHint')}
          placeholder={t('compose.filesPlaceholder')}
          multiple
          clearable
          clearButtonProps={{ 'aria-label': t('compose.clearFiles') }}
          accept={MESSAGE_ATTACHMENT_TYPES.join(',')}
          value={files}
          onChange={(chosen) => {
            setFiles(chosen);
            const problem = fileProblem(chosen);
            setErrors((current) => ({ ...current, files: problem ? [problem] : [] }));
          }}
          error={fieldError('files')}
        />
        <Group justify="flex-end">
          {sending && (
            <Text size="sm" c="dimmed" role="status">
              {t('compose.sending')}
            </Text>
          )}
          <Button type="submit" loading={sending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
