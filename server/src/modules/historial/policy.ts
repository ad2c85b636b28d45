import type { FastifyRequest } from 'fastify';
import { isStaff, MSG, type HistoryQuery } from '@proveedores/domain';
import { AppError } from '../../errors';
import { currentUser, requireProveedor } from '../../plugins/auth';

/** Which company's history a user may read (docs/decisions/050). */
export type HistoryCompany = { empresaId: number } | { staff: { empresaId?: number; nit?: string } };

/**
 * A contractor reads the company of the token; an empresa or nit parameter from a contractor is
 * ignored, never followed. Staff (revisor, administrador) must name the company.
 */
export function historyCompany(request: FastifyRequest, q: HistoryQuery): HistoryCompany {
  const user = currentUser(request);
  if (isStaff(user.tipo)) {
    if (q.empresa === undefined && q.nit === undefined)
      throw new AppError('bad_request', MSG.historyCompanyRequired);
    return { staff: { empresaId: q.empresa, nit: q.nit } };
  }
  return { empresaId: requireProveedor(request).empresaId };
}
