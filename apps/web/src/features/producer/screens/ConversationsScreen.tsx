import { useSearchParams } from 'react-router';
import {
  type ConversationAddressee,
  ConversationsPanel,
} from '../../../components/conversations/ConversationsPanel';
import { useLocalePath } from '../../../lib/locale';
import { useSelectedProducer } from '../team/selected-producer';

/**
 * /b2b/conversations: the conversations the producer takes part in, or, while a team member is chosen in "viewing
 * as", that member's (read-only, audited by the server). Opened from a client on the Clients screen
 * (`?clientId=…&client=…&planNo=…`), the form to write to that client is open at once.
 */
export default function ConversationsScreen() {
  const localePath = useLocalePath();
  const { selected } = useSelectedProducer();
  const [params] = useSearchParams();
  return (
    <ConversationsPanel
      canStart={false}
      startFor={addresseeOf(params)}
      viewingAs={selected?.producerId}
      threadPath={(id) => localePath(`/b2b/conversations/${id}`)}
    />
  );
}

/** The client named in the address, if it names one properly (an id of digits; the label is only shown). */
function addresseeOf(params: URLSearchParams): ConversationAddressee | undefined {
  const id = params.get('clientId') ?? '';
  if (!/^[1-9]\d{0,15}$/.test(id)) return undefined;
  const planNo = params.get('planNo') ?? '';
  return {
    clientId: Number(id),
    label: (params.get('client') ?? '').slice(0, 120) || id,
    ...(planNo ? { planNo: planNo.slice(0, 40) } : {}),
  };
}
