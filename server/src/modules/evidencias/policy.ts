import type { FastifyRequest } from 'fastify';
import { isStaff } from '@proveedores/domain';
import { currentUser, requireProveedor } from '../../plugins/auth';
import type { Viewer } from './download-attachment';

/**
 * Evidence authorization. Lists and uploads: provider companies only, always for the company of
 * the token (contract, employee and requirement ownership is checked by slot.ts). Downloads: the
 * company that owns the submission, or staff (reviewers and administrators) for any company.
 */

export { evidenceActor } from '../../uploads/upload-evidence';

export function attachmentViewer(request: FastifyRequest): Viewer {
  const user = currentUser(request);
  if (isStaff(user.tipo)) return { empresaId: null };
  return { empresaId: requireProveedor(request).empresaId };
}
