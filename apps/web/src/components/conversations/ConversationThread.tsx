import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ConversationDetail, ConversationMessage } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInteger } from '../../lib/format';
import { FetchError } from '../FetchError';
import { LoadingState } from '../LoadingState';
import { usePageTitle } from '../usePageTitle';
import {
  attachmentUrl,
  CONVERSATIONS_KEY,
  conversationQuery,
  markConversationRead,
  retractMessage,
  sendMessage,
  UNREAD_POLL_MS,
} from './conversations-api';
import { MessageComposer } from './MessageComposer';
import { formatSentAt } from './sent-at';

/**
 * One conversation (docs/conversations.md): its messages oldest first, each with who wrote it and when, its
 * attachments and, for one's own, whether the other side has read it; one's own message can be retracted for five
 * minutes. What people wrote is shown as text, never as HTML. Opening marks the conversation read; new messages
 * arrive by asking again every 30 seconds.
 */
export function ConversationThread({
  id,
  backTo,
  viewingAs,
}: {
  id: number;
  backTo: string;
  viewingAs?: number;
}) {
  const { t } = useTranslation('conversations');
  const queryClient = useQueryClient();
  const thread = useQuery({ ...conversationQuery(id, viewingAs), refetchInterval: UNREAD_POLL_MS });
  usePageTitle(thread.data?.subject ?? t('title'));
  const refresh = () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  const latest = thread.data?.messages.at(-1)?.id;
  const canWrite = thread.data?.canWrite ?? false;

  // Read up to the latest message once it is on screen (not while viewing as someone: their receipts are theirs).
  const markedUpTo = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!canWrite || latest === undefined || markedUpTo.current === latest) return;
    markedUpTo.current = latest;
    markConversationRead(id).then(
      (answer) => queryClient.setQueryData([...CONVERSATIONS_KEY, 'unread'], answer),
      () => undefined,
    );
  }, [id, latest, canWrite, queryClient]);

  const retract = useMutation({
    mutationFn: (messageId: number) => retractMessage(id, messageId),
    onSettled: refresh,
  });

  if (thread.isPending) return <LoadingState />;
  if (thread.isError) return <FetchError error={thread.error} onRetry={() => thread.refetch()} />;
  const data: ConversationDetail = thread.data;
  const others = data.participants.filter((p) => p.kind === 'producer').map((p) => p.name);
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={backTo} size="sm">
        {t('back')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {data.subject}
        </Title>
        <Text size="sm" c="dimmed">
          {t('with', { names: others.join(', ') })}
          {data.planNo ? ` · ${t('planNo', { planNo: data.planNo })}` : ''}
        </Text>
      </Stack>
      {!data.canWrite && (
        <Alert color="blue" variant="light" role="status">
          {t('readOnly')}
        </Alert>
      )}
      {retract.isError && (
        <Alert color="red" variant="light" role="alert">
          {retract.error.message}
        </Alert>
      )}
      <Stack
        gap="sm"
        component="ol"
        aria-label={t('messages')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {data.messages.map((message) => (
          <MessageCard
            key={message.id}
            message={message}
            conversationId={id}
            viewingAs={viewingAs}
            onRetract={data.canWrite ? () => retract.mutate(message.id) : undefined}
            retracting={retract.isPending && retract.variables === message.id}
          />
        ))}
      </Stack>
      {data.canWrite && (
        <Card withBorder padding="md" component="section" aria-labelledby="reply-title">
          <Title order={2} size="h4" id="reply-title" mb="sm">
            {t('reply')}
          </Title>
          <MessageComposer
            idPrefix="reply"
            withSubject={false}
            submitLabel={t('compose.send')}
            onSend={async ({ body, files }) => {
              await sendMessage(id, body, files);
              await refresh();
            }}
          />
        </Card>
      )}
    </Stack>
  );
}

function MessageCard({
  message,
  conversationId,
  viewingAs,
  onRetract,
  retracting,
}: {
  message: ConversationMessage;
  conversationId: number;
  viewingAs?: number;
  onRetract?: () => void;
  retracting: boolean;
}) {
  const { t } = useTranslation('conversations');
  const retracted = message.retractedAt !== null;
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      ml={message.mine ? { base: 16, sm: 64 } : 0}
      mr={message.mine ? 0 : { base: 16, sm: 64 }}
      bg={message.mine ? 'var(--mantine-color-brand-0, var(--mantine-color-blue-0))' : undefined}
      data-message-id={message.id}
    >
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          {message.mine ? t('you') : message.from.name}
        </Text>
        <Text size="xs" c="dimmed" className="tabular">
          {formatSentAt(message.sentAt)}
        </Text>
      </Group>
      {retracted ? (
        <Text size="sm" c="dimmed" fs="italic">
          {t('retracted', { at: formatSentAt(message.retractedAt ?? message.sentAt) })}
        </Text>
      ) : (
        // Plain text as typed: React escapes it, and line breaks are kept by the style.
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
      )}
      {message.attachments.length > 0 && (
        <Stack
          gap={2}
          mt="xs"
          component="ul"
          aria-label={t('attachments')}
          style={{ paddingLeft: 16, margin: 0 }}
        >
          {message.attachments.map((file) => (
            <li key={file.id}>
              <Anchor
                href={attachmentUrl(conversationId, file.id, viewingAs)}
                size="sm"
                download={file.fileName}
              >
                {file.fileName}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                ({t('kb', { size: formatInteger(Math.max(1, Math.round(file.byteSize / 1024))) })})
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {message.mine && !retracted && (
        <Group justify="flex-end" gap="xs" mt={4}>
          <Text size="xs" c="dimmed">
            {message.readByOthers ? t('read') : t('notRead')}
          </Text>
          {onRetract && message.retractableUntil && (
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              size="compact-xs"
              onClick={onRetract}
              loading={retracting}
            >
              {t('retract')}
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}
