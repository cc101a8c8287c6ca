import { siteCapabilities } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { replyError } from './errors.js';
import type { Principal } from './session/principal.js';

type Kind = Principal['kind'];
export type PrincipalOf<K extends Kind> = Extract<Principal, { kind: K }>;

/**
 * Whether this host serves the area at all. Client and producer pages are external pages; staff pages are internal;
 * the client area exists only on sites that offer it (ipc and absg are producer-only). A disabled area answers 404
 * so its existence does not leak.
 */
export function areaEnabled(request: FastifyRequest, kind: Kind): boolean {
  const { code, features } = request.site;
  if (kind === 'staff') return features.internal;
  if (!features.external) return false;
  return siteCapabilities(code).hasArea(kind === 'client' ? 'b2c' : 'b2b');
}

/** preHandler: 404 when the area is off here, 401 when nobody is signed in, 403 when signed in as someone else. */
export function requirePrincipal(kind: Kind) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!areaEnabled(request, kind)) return replyError(request, reply, 404, 'errors.notFound');
    if (!request.principal) return replyError(request, reply, 401, 'errors.unauthorized');
    if (request.principal.kind !== kind) return replyError(request, reply, 403, 'errors.forbidden');
  };
}

export const requireClient = requirePrincipal('client');
export const requireProducer = requirePrincipal('producer');
export const requireStaff = requirePrincipal('staff');

/** The principal a guard has already admitted, typed to its kind. */
export function principalAs<K extends Kind>(request: FastifyRequest, kind: K): PrincipalOf<K> {
  const principal = request.principal;
  if (!principal || principal.kind !== kind) throw new Error(`route reached without a ${kind} guard`);
  return principal as PrincipalOf<K>;
}
