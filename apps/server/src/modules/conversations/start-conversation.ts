import type { ConversationCreated, StartConversationRequest } from '@portal/contract';
import { isInTeam } from '../../db/team-scope.js';
import type { ReceivedFile } from '../../files/index.js';
import { FormValidationError, HttpError } from '../../plugins/errors.js';
import type { Asker, ConversationsContext } from './context.js';
import { countAgainstLimits } from './limits.js';
import { tellOthersOfMessage } from './notify-message.js';
import { clientOnSite, insertConversation, selectClientPlan, selectServicingProducers } from './queries.js';

interface Plan {
  id: number;
  planNo: string;
  producerId: number;
}

/**
 * POST /conversations. A client writes to the producer who services the plan named (or their own servicing
 * consultant); a producer writes to a client whose plan they or a member of their team service — the client's
 * servicing consultant then takes part too. A client who is not the producer's answers 404, like a missing id.
 */
export async function startConversation(
  ctx: ConversationsContext,
  asker: Asker,
  input: StartConversationRequest,
  files: ReceivedFile[] = [],
): Promise<ConversationCreated> {
  const at = ctx.now();
  const { conversationId, senderParticipantId } =
    asker.kind === 'client'
      ? await startAsClient(ctx, asker, input, at, files)
      : await startAsProducer(ctx, asker, input, at, files);
  await tellOthersOfMessage(ctx, conversationId, senderParticipantId);
  return { id: conversationId };
}

async function startAsClient(
  ctx: ConversationsContext,
  asker: Extract<Asker, { kind: 'client' }>,
  input: StartConversationRequest,
  at: Date,
  files: ReceivedFile[],
) {
  // A client writes as themselves; naming another client is asking about someone else's: 404 like a missing id.
  if (input.clientId !== undefined && input.clientId !== asker.clientId)
    throw new HttpError(404, 'errors.notFound');
  let plan: Plan | undefined;
  let producerIds: number[];
  if (input.planNo !== undefined) {
    plan = await selectClientPlan(ctx.db, asker.clientId, asker.siteCode, input.planNo);
    if (!plan) throw new FormValidationError({ planNo: ['conversations.planNotYours'] });
    producerIds = [plan.producerId];
  } else {
    producerIds = (await selectServicingProducers(ctx.db, asker.clientId, asker.siteCode)).slice(0, 1);
  }
  if (producerIds.length === 0) throw new FormValidationError({ base: ['conversations.noAdvisor'] });
  await countAgainstLimits(ctx, asker, true);
  return insertConversation(ctx.db, {
    siteCode: asker.siteCode,
    clientId: asker.clientId,
    subject: input.subject,
    policyId: plan?.id ?? null,
    planNo: plan?.planNo ?? null,
    userId: asker.userId,
    producerIds,
    sender: { kind: 'client', clientId: asker.clientId },
    body: input.body,
    at,
    files,
  });
}

async function startAsProducer(
  ctx: ConversationsContext,
  asker: Extract<Asker, { kind: 'producer' }>,
  input: StartConversationRequest,
  at: Date,
  files: ReceivedFile[],
) {
  if (asker.viewingAs !== undefined) throw new HttpError(403, 'conversations.readOnlyViewingAs');
  if (input.clientId === undefined) throw new FormValidationError({ clientId: ['validation.required'] });
  const clientId = input.clientId;
  const caller = { userId: asker.userId, producerId: asker.producerId, siteCode: asker.siteCode };
  const inTeam = async (producerId: number) =>
    producerId === asker.producerId || (await isInTeam(ctx.db, caller, producerId));
  if (!(await clientOnSite(ctx.db, clientId, asker.siteCode))) throw new HttpError(404, 'errors.notFound');
  let plan: Plan | undefined;
  let servicing: number | undefined;
  if (input.planNo !== undefined) {
    plan = await selectClientPlan(ctx.db, clientId, asker.siteCode, input.planNo);
    // A plan serviced outside the team says no more than a plan that does not exist.
    if (!plan || !(await inTeam(plan.producerId)))
      throw new FormValidationError({ planNo: ['conversations.planNotYours'] });
    servicing = plan.producerId;
  } else {
    for (const producerId of await selectServicingProducers(ctx.db, clientId, asker.siteCode)) {
      if (await inTeam(producerId)) {
        servicing = producerId;
        break;
      }
    }
  }
  if (servicing === undefined) throw new HttpError(404, 'errors.notFound');
  await countAgainstLimits(ctx, asker, true);
  return insertConversation(ctx.db, {
    siteCode: asker.siteCode,
    clientId,
    subject: input.subject,
    policyId: plan?.id ?? null,
    planNo: plan?.planNo ?? null,
    userId: asker.userId,
    producerIds: servicing === asker.producerId ? [asker.producerId] : [asker.producerId, servicing],
    sender: { kind: 'producer', producerId: asker.producerId },
    body: input.body,
    at,
    files,
  });
}
