import { Badge, Drawer, Group, Stack, Text } from '@mantine/core';
import type { ClientMessage } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, orDash } from '../../../lib/format';

/** One message in full, in a side drawer; focus moves into it and returns to the row on close. */
export function MessageDrawer({ message, onClose }: { message: ClientMessage | null; onClose: () => void }) {
  const { t } = useTranslation('client');
  const { t: td } = useTranslation('domain');
  const { t: tc } = useTranslation();
  return (
    <Drawer
      opened={!!message}
      onClose={onClose}
      position="right"
      size="lg"
      title={message?.title}
      closeButtonProps={{ 'aria-label': tc('app.close') }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {message && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light" radius="sm">
              {formatDate(message.createDate)}
            </Badge>
            {message.category && (
              <Badge variant="outline" radius="sm">
                {td(`productCategory.${message.category}`)}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {t('messages.planNo')}: {orDash(message.planNo)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {message.content}
          </Text>
        </Stack>
      )}
    </Drawer>
  );
}
