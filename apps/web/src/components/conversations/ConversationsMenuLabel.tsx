import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadConversations } from './useUnreadConversations';

/** The "Messages" menu entry's label with its unread badge (named for screen readers). */
export function ConversationsMenuBadge() {
  const { t } = useTranslation();
  const unread = useUnreadConversations();
  if (unread === 0) return null;
  return (
    <Badge
      size="sm"
      circle={unread < 10}
      color="red.9"
      aria-label={t('conversations.unread', { count: unread })}
    >
      {unread}
    </Badge>
  );
}

/** For menus that draw their own badge slot: the label with the badge beside it. */
export function ConversationsMenuLabel() {
  const { t } = useTranslation();
  return (
    <Group gap={6} component="span" wrap="nowrap">
      {t('conversations.menu')}
      <ConversationsMenuBadge />
    </Group>
  );
}
