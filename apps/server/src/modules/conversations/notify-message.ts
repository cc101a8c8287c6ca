import { recipientOfUser } from '../../notifications/index.js';
import type { ConversationsContext } from './context.js';
import { selectRecipients } from './queries.js';

/**
 * Tells every other participant that a message arrived, through the Notifier (`message_received`). The notice names
 * the site, the account and the time, never the message or a link: what a person wrote stays in the portal, and no
 * e-mail can carry HTML someone typed. A notice that cannot be queued is logged; the message stays sent.
 */
export async function tellOthersOfMessage(
  ctx: ConversationsContext,
  conversationId: number,
  senderParticipantId: number,
) {
  try {
    const at = ctx.now().toISOString().slice(0, 16).replace('T', ' ');
    for (const { userId } of await selectRecipients(ctx.db, conversationId, senderParticipantId)) {
      // The person's own record (client or producer id) and addresses: the notice also lands in their centre.
      const found = await recipientOfUser(ctx.db, userId);
      if (!found) continue;
      await ctx.notifier.notify({
        type: 'message_received',
        recipient: found.recipient,
        params: { siteName: found.siteName, login: found.login, at },
      });
    }
  } catch (err) {
    ctx.log.error({ err, conversationId }, 'message notice not queued');
  }
}
