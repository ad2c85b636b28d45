import type { FastifyRequest } from 'fastify';
import { isStaff, MSG } from '@proveedores/domain';
import { AppError } from '../../errors';
import { currentUser } from '../../plugins/auth';

/**
 * Whose summary a user may read (docs/decisions/021): a contractor only the token's company;
 * staff every company (summary) or the one named by ?nit= (drill-down).
 */
export function summaryScope(request: FastifyRequest): { empresaId: number | null } {
  const user = currentUser(request);
  if (isStaff(user.tipo)) return { empresaId: null };
  if (user.empresaId === null) throw new AppError('forbidden', MSG.forbidden);
  return { empresaId: user.empresaId };
}

export function detailScope(
  request: FastifyRequest,
  nit: string | undefined,
): { empresaId: number } | { nit: string } {
  const user = currentUser(request);
  if (isStaff(user.tipo)) {
    if (!nit) throw new AppError('bad_request', MSG.reportNitRequired);
    return { nit };
  }
  if (user.empresaId === null) throw new AppError('forbidden', MSG.forbidden);
  // A contractor's username is the company NIT; naming another company is refused, never followed.
  if (nit && nit !== user.username) throw new AppError('forbidden', MSG.forbidden);
  return { empresaId: user.empresaId };
}
