import type { ClientProfile } from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import type { ClientAreaContext, ClientRef } from './context.js';
import { selectClientProfile } from './queries.js';

export async function getProfile(ctx: ClientAreaContext, client: ClientRef): Promise<ClientProfile> {
  const profile = await selectClientProfile(ctx.db, client.clientId);
  if (!profile) throw new HttpError(404, 'errors.notFound');
  return profile;
}
