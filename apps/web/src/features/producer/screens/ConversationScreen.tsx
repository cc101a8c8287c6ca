import { useParams } from 'react-router';
import { ConversationThread } from '../../../components/conversations/ConversationThread';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { useLocalePath } from '../../../lib/locale';
import { useSelectedProducer } from '../team/selected-producer';

/** /b2b/conversations/:id: one conversation with a client (read-only while viewing as a team member). */
export default function ConversationScreen() {
  const { id } = useParams();
  const localePath = useLocalePath();
  const { selected } = useSelectedProducer();
  if (!/^[1-9]\d{0,15}$/.test(id ?? '')) return <NotFoundPage />;
  return (
    <ConversationThread
      id={Number(id)}
      viewingAs={selected?.producerId}
      backTo={localePath('/b2b/conversations')}
    />
  );
}
