import { useParams } from 'react-router';
import { ConversationThread } from '../../../components/conversations/ConversationThread';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { useLocalePath } from '../../../lib/locale';

/** /b2c/conversations/:id: one conversation with the client's advisor. */
export default function ConversationScreen() {
  const { id } = useParams();
  const localePath = useLocalePath();
  const conversationId = Number(id);
  if (!/^[1-9]\d{0,15}$/.test(id ?? '')) return <NotFoundPage />;
  return <ConversationThread id={conversationId} backTo={localePath('/b2c/conversations')} />;
}
