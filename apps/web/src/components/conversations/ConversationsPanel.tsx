import { Anchor, Badge, Button, Card, Group, Pagination, Select, Stack, Text, Title } from '@mantine/core';
import { CONVERSATION_PAGE_SIZE, type ConversationListItem } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FetchError } from '../FetchError';
import { LoadingState } from '../LoadingState';
import { usePageTitle } from '../usePageTitle';
import { CONVERSATIONS_KEY, conversationListQuery, startConversation } from './conversations-api';
import { MessageComposer } from './MessageComposer';
import { formatSentAt } from './sent-at';

export interface PlanOption {
  value: string;
  label: string;
}

/** The client a producer writes to, from the Clients screen: who, shown as the form's addressee, and the plan. */
export interface ConversationAddressee {
  clientId: number;
  label: string;
  planNo?: string;
}

/**
 * The conversations of one area (docs/conversations.md): newest first, each with the other side's name, the plan it
 * is about and its unread count; "New message" opens the form to start one. A client starts one with their advisor;
 * a producer starts one with a client chosen on the Clients screen (`startFor`), the form open at once.
 * `viewingAs`: a producer looking at a team member's conversations, read-only.
 */
export function ConversationsPanel({
  threadPath,
  viewingAs,
  planOptions,
  canStart,
  startFor,
}: {
  threadPath: (id: number) => string;
  viewingAs?: number;
  planOptions?: PlanOption[];
  canStart: boolean;
  startFor?: ConversationAddressee;
}) {
  const { t } = useTranslation('conversations');
  usePageTitle(t('title'));
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(Boolean(startFor));
  const [planNo, setPlanNo] = useState<string | null>(null);
  const list = useQuery(conversationListQuery(page, viewingAs));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A producer writes as themself, also while viewing a team member's list (the server checks the client is theirs).
  const mayStart = startFor !== undefined || (canStart && viewingAs === undefined);
  const about = startFor ? (startFor.planNo ?? null) : planNo;

  const start = async ({ subject, body, files }: { subject: string; body: string; files: File[] }) => {
    const created = await startConversation(
      {
        subject,
        body,
        ...(about ? { planNo: about } : {}),
        ...(startFor ? { clientId: startFor.clientId } : {}),
      },
      files,
    );
    await queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    navigate(threadPath(created.id));
  };

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('intro')}
          </Text>
        </Stack>
        {mayStart && !composing && <Button onClick={() => setComposing(true)}>{t('newMessage')}</Button>}
      </Group>
      {composing && (
        <Card withBorder padding="md" component="section" aria-labelledby="new-conversation-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="new-conversation-title">
              {t('newMessage')}
            </Title>
            <Button variant="subtle" size="compact-sm" onClick={() => setComposing(false)}>
              {t('cancel')}
            </Button>
          </Group>
          {startFor && (
            // Who it goes to comes first, as in any mail form.
            <Text size="sm" mb="sm" data-testid="new-conversation-to">
              {t('compose.to', { name: startFor.label })}
              {startFor.planNo ? ` · ${t('planNo', { planNo: startFor.planNo })}` : ''}
            </Text>
          )}
          <MessageComposer
            idPrefix="new-conversation"
            withSubject
            submitLabel={t('compose.send')}
            onSend={start}
            extraFields={
              !startFor && planOptions && planOptions.length > 0 ? (
                <Select
                  id="new-conversation-plan"
                  label={t('compose.plan')}
                  placeholder={t('compose.planNone')}
                  data={planOptions}
                  value={planNo}
                  onChange={setPlanNo}
                  clearable
                  comboboxProps={{ withinPortal: true }}
                />
              ) : undefined
            }
          />
        </Card>
      )}
      <section aria-labelledby="conversation-list-title">
        <Title order={2} size="h4" id="conversation-list-title" mb="sm">
          {t('listTitle')}
        </Title>
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <FetchError error={list.error} onRetry={() => list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <Text c="dimmed">{t('none')}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.data.map((item) => (
              <ConversationRow key={item.id} item={item} to={threadPath(item.id)} />
            ))}
          </Stack>
        )}
        {list.data && list.data.totalSize > CONVERSATION_PAGE_SIZE && (
          <Pagination
            mt="md"
            total={Math.ceil(list.data.totalSize / CONVERSATION_PAGE_SIZE)}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`page.${control}`) })}
          />
        )}
      </section>
    </Stack>
  );
}

function ConversationRow({ item, to }: { item: ConversationListItem; to: string }) {
  const { t } = useTranslation('conversations');
  return (
    <Card component="li" withBorder padding="sm" data-unread={item.unread > 0 ? 'true' : undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={to}
            fw={item.unread > 0 ? 700 : 500}
            style={{ overflowWrap: 'anywhere' }}
          >
            {item.subject}
          </Anchor>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.withName}
            {item.planNo ? ` · ${t('planNo', { planNo: item.planNo })}` : ''}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flex: 'none' }}>
          <Text size="xs" c="dimmed" className="tabular">
            {formatSentAt(item.lastMessageAt)}
          </Text>
          {item.unread > 0 && (
            <Badge color="red.9" size="sm" aria-label={t('unread', { count: item.unread })}>
              {item.unread}
            </Badge>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
