import type { FastifyRequest } from 'fastify';
import { isStaff, MSG } from '@proveedores/domain';
import { AppError } from '../../errors';
import { currentUser } from '../../plugins/auth';

/** Which companies a request reads: one by id (token), one by NIT (staff), or a page (staff). */
export type EmpresaScope = { id: number } | { nit: string } | { page: number; pageSize: number };

/** A contractor reads only the token's company: a `nit` naming another one is refused, never followed. */
function ownCompany(request: FastifyRequest, nit: string | undefined): { id: number } {
  const user = currentUser(request);
  if (user.empresaId === null) throw new AppError('forbidden', MSG.forbidden);
  // A contractor's username is the company NIT.
  if (nit && nit !== user.username) throw new AppError('forbidden', MSG.forbidden);
  return { id: user.empresaId };
}

/**
 * Summary (docs/decisions/021): a contractor gets the token's company; staff the company of `nit`,
 * or a page of the active companies (every company at once is seconds of work at 1,000 companies).
 */
export function summaryScope(
  request: FastifyRequest,
  q: { nit?: string; page: number; pageSize: number },
): EmpresaScope {
  if (!isStaff(currentUser(request).tipo)) return ownCompany(request, q.nit);
  return q.nit ? { nit: q.nit } : { page: q.page, pageSize: q.pageSize };
}

/** Drill-down: a contractor gets the token's company; staff must name the company with `nit`. */
export function detailScope(
  request: FastifyRequest,
  nit: string | undefined,
): { id: number } | { nit: string } {
  if (!isStaff(currentUser(request).tipo)) return ownCompany(request, nit);
  if (!nit) throw new AppError('bad_request', MSG.reportNitRequired);
  return { nit };
}
