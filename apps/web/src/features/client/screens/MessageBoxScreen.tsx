import '../client-area.css';
import { Badge, Box, Group, Text, VisuallyHidden } from '@mantine/core';
import type { ClientMessage } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { formatDate, orDash } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { useRefreshSession } from '../../../lib/session';
import { clientAreaKeys, markMessageRead, messagesQuery } from '../api/client-area-api';
import { MessageDrawer } from '../components/MessageDrawer';
import { ScreenHeader } from '../components/ScreenHeader';
import { SectionCard } from '../components/SectionCard';

/**
 * Message box (/b2c/message): newest first, unread ones marked. Opening a message shows it in full and marks it
 * read on the server; /me is then read again so the member menu's unread count follows.
 */
export default function MessageBoxScreen() {
  const { t } = useTranslation('client');
  const { t: tc } = useTranslation();
  const { t: td } = useTranslation('domain');
  const { language } = useLocale();
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const messages = useQuery(messagesQuery(language));
  const [opened, setOpened] = useState<ClientMessage | null>(null);

  const markRead = useMutation({
    mutationFn: (id: number) => markMessageRead(id),
    onSuccess: async (answer) => {
      queryClient.setQueryData<ClientMessage[]>(clientAreaKeys.messages(language), (list) =>
        list?.map((message) => (message.id === answer.message.id ? answer.message : message)),
      );
      await refreshSession();
    },
  });

  const open = (message: ClientMessage) => {
    setOpened(message);
    if (!message.read) markRead.mutate(message.id);
  };

  const columns: DataColumn<ClientMessage>[] = [
    {
      key: 'date',
      header: t('messages.date'),
      width: 130,
      cell: (message) => (
        <Group gap={8} wrap="nowrap">
          <Box
            w={8}
            h={8}
            style={{ borderRadius: '50%', flex: 'none' }}
            bg={message.read ? 'transparent' : 'brand.7'}
            aria-hidden="true"
          />
          <Text size="sm" fw={message.read ? 400 : 700} className="tabular">
            {formatDate(message.createDate)}
          </Text>
        </Group>
      ),
    },
    { key: 'planNo', header: t('messages.planNo'), width: 150, cell: (message) => orDash(message.planNo) },
    {
      key: 'category',
      header: t('messages.category'),
      width: 170,
      cell: (message) => (message.category ? td(`productCategory.${message.category}`) : '-'),
    },
    {
      key: 'content',
      header: t('messages.content'),
      wide: true,
      cell: (message) => (
        <>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={message.read ? 500 : 700}>
              {message.title}
            </Text>
            {!message.read && (
              <Badge size="xs" color="brand" variant="filled" radius="sm">
                {t('messages.unread')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {message.content}
          </Text>
          <VisuallyHidden>{t('messages.openHint')}</VisuallyHidden>
        </>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader title={tc('client.messageBox')} description={t('messages.intro')} />
      {messages.isPending ? (
        <LoadingState />
      ) : messages.isError ? (
        <FetchError error={messages.error} onRetry={() => messages.refetch()} />
      ) : (
        <SectionCard title={t('messages.listTitle', { count: messages.data.filter((m) => !m.read).length })}>
          <DataTable
            columns={columns}
            rows={messages.data}
            rowKey={(message) => message.id}
            caption={t('messages.caption')}
            onRowActivate={open}
            rowAttributes={(message) => ({ 'data-unread': message.read ? undefined : 'true' })}
            emptyText={t('messages.none')}
            minWidth={720}
          />
        </SectionCard>
      )}
      <MessageDrawer message={opened} onClose={() => setOpened(null)} />
    </>
  );
}
