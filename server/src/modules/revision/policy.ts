import type { FastifyRequest } from 'fastify';
import { requireStaff } from '../../plugins/auth';

/**
 * Review console authorization (docs/decisions/060): any staff role (revisor, administrador) reads
 * the queue and the compliance view and decides submissions, for every company. Provider tokens get
 * 403. The reviewer and the address come from the verified session, never from the body.
 */
export type Reviewer = { usuarioId: number; ip: string };

export function reviewer(request: FastifyRequest): Reviewer {
  const user = requireStaff(request);
  return { usuarioId: user.usuarioId, ip: request.ip };
}
