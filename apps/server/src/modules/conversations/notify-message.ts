import { notifyAccounts } from '../../notifications/index.js';
import type { ConversationsContext } from './context.js';
import { selectRecipients } from './queries.js';

/**
 * Tells every other participant that a message arrived, through the Notifier (`message_received`). The notice names
 * the site, the account and the time, never the message: what a person wrote stays in the portal, and no e-mail can
 * carry HTML someone typed. In the centre it links to the conversation in the person's own area. A notice that cannot be queued is logged; the message stays sent.
 */
export async function tellOthersOfMessage(
  ctx: ConversationsContext,
  conversationId: number,
  senderParticipantId: number,
) {
  try {
    const recipients = await selectRecipients(ctx.db, conversationId, senderParticipantId);
    await notifyAccounts(
      ctx,
      recipients.map((r) => r.userId),
      {
        type: 'message_received',
        link: (audience) => `/${audience === 'client' ? 'b2c' : 'b2b'}/conversations/${conversationId}`,
      },
      ctx.now(),
    );
  } catch (err) {
    ctx.log.error({ err, conversationId }, 'message notice not queued');
  }
}
