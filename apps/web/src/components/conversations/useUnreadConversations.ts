import { useQuery } from '@tanstack/react-query';
import { unreadConversationsQuery } from './conversations-api';

/** Messages waiting in one's conversations, for the header's "Messages" entry (0 while unknown). */
export function useUnreadConversations(): number {
  const unread = useQuery(unreadConversationsQuery());
  return unread.data?.unread ?? 0;
}
