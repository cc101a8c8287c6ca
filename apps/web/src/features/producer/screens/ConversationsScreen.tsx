import { ConversationsPanel } from '../../../components/conversations/ConversationsPanel';
import { useLocalePath } from '../../../lib/locale';
import { useSelectedProducer } from '../team/selected-producer';

/**
 * /b2b/conversations: the conversations the producer takes part in, or, while a team member is chosen in "viewing
 * as", that member's (read-only, audited by the server).
 */
export default function ConversationsScreen() {
  const localePath = useLocalePath();
  const { selected } = useSelectedProducer();
  return (
    <ConversationsPanel
      canStart={false}
      viewingAs={selected?.producerId}
      threadPath={(id) => localePath(`/b2b/conversations/${id}`)}
    />
  );
}
