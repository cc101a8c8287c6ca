import { useQuery } from '@tanstack/react-query';
import { ConversationsPanel } from '../../../components/conversations/ConversationsPanel';
import { useLocale, useLocalePath } from '../../../lib/locale';
import { plansQuery } from '../api/client-area-api';

/** /b2c/conversations: the client's conversations with their advisors; a new one may be about one of their plans. */
export default function ConversationsScreen() {
  const { language } = useLocale();
  const localePath = useLocalePath();
  const plans = useQuery(plansQuery(language));
  return (
    <ConversationsPanel
      canStart
      threadPath={(id) => localePath(`/b2c/conversations/${id}`)}
      planOptions={plans.data?.map((plan) => ({
        value: plan.planNo,
        label: `${plan.planNo} · ${plan.productName}`,
      }))}
    />
  );
}
