import type { FastifyRequest } from 'fastify';
import { requireGate, requireProveedor, requireStaff } from '../../plugins/auth';

/**
 * Who may do what with credentials (docs/decisions/122):
 * - a contractor prints the carnets of its own contracts only (the company comes from the token;
 *   another company's contract is 404);
 * - staff print any contract's carnets, list and revoke credentials;
 * - the gate's public keys: gate users and staff (requireGate).
 */
export type Actor = { usuarioId: number; ip: string };

export function contractorPrinter(request: FastifyRequest): Actor & { empresaId: number } {
  const user = requireProveedor(request);
  return { usuarioId: user.usuarioId, empresaId: user.empresaId, ip: request.ip };
}

export function staffActor(request: FastifyRequest): Actor {
  const user = requireStaff(request);
  return { usuarioId: user.usuarioId, ip: request.ip };
}

export function gateReader(request: FastifyRequest): void {
  requireGate(request);
}
