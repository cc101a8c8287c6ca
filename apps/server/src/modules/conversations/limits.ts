import { HttpError } from '../../plugins/errors.js';
import type { RateLimitRule } from '../../plugins/rate-limit/index.js';
import type { Asker, ConversationsContext } from './context.js';

/**
 * Per-sender limits (decision 052): enough for a real exchange, too few to flood an advisor or a client. Counted per
 * account across processes by the deployment's one limiter (PostgreSQL or Redis).
 */
export const CONVERSATION_LIMITS = {
  messages: { name: 'conversation.messages', limit: 20, windowMs: 5 * 60_000 },
  starts: { name: 'conversation.starts', limit: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** Counts one message (and, for a new conversation, one start); 429 with Retry-After once a limit is passed. */
export async function countAgainstLimits(ctx: ConversationsContext, asker: Asker, starting: boolean) {
  const rules = starting
    ? [CONVERSATION_LIMITS.starts, CONVERSATION_LIMITS.messages]
    : [CONVERSATION_LIMITS.messages];
  for (const rule of rules) {
    const state = await ctx.limiter.hit(rule, String(asker.userId));
    if (state.exceeded) {
      throw new HttpError(
        429,
        'conversations.tooManyMessages',
        { 'retry-after': String(state.retryAfterSeconds) },
        { minutes: Math.max(1, Math.ceil(state.retryAfterSeconds / 60)) },
      );
    }
  }
}
