import { eq } from 'drizzle-orm';
import { MSG, type FirmantesEmpresa, type FirmantesEmpresaBody } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { empresas } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import type { Actor } from '../../uploads/upload-evidence';
import { rolEmpresaDe } from './policy';

/**
 * The company's registered signers of the Resolución 0312 self-evaluation (docs/decisions/163): its
 * legal representative and its SG-SST lead, kept on `empresas`. Read by any user of the company (the
 * signing dialog shows them), written by its administrators only, and the only names a signature
 * takes.
 */
export type Firmantes = Pick<FirmantesEmpresa, 'representante' | 'responsable'>;

export async function firmantesDe(db: Db, empresaId: number): Promise<Firmantes> {
  const [e] = await db
    .select({
      representanteNombre: empresas.representanteNombre,
      representanteDocumento: empresas.representanteDocumento,
      responsableNombre: empresas.responsableSgSstNombre,
      responsableDocumento: empresas.responsableSgSstDocumento,
    })
    .from(empresas)
    .where(eq(empresas.id, empresaId));
  const persona = (nombre: string | null | undefined, documento: string | null | undefined) =>
    nombre && documento ? { nombre, documento } : null;
  return {
    representante: persona(e?.representanteNombre, e?.representanteDocumento),
    responsable: persona(e?.responsableNombre, e?.responsableDocumento),
  };
}

export async function leerFirmantes(db: Db, actor: Actor): Promise<FirmantesEmpresa> {
  const [firmantes, rol] = await Promise.all([
    firmantesDe(db, actor.empresaId),
    rolEmpresaDe(db, actor.usuarioId),
  ]);
  return { ...firmantes, esAdministrador: rol === 'administrador' };
}

/** PUT: the role is read from the database (decision 136), never from the token or the request. */
export async function guardarFirmantes(opts: {
  db: Db;
  actor: Actor;
  body: FirmantesEmpresaBody;
}): Promise<FirmantesEmpresa & { message: string }> {
  const { db, actor, body } = opts;
  if ((await rolEmpresaDe(db, actor.usuarioId)) !== 'administrador')
    throw new AppError('forbidden', MSG.autoevaluacionFirmantesSoloAdministrador);
  await db.transaction(async (tx) => {
    await tx
      .update(empresas)
      .set({
        representanteNombre: body.representante.nombre,
        representanteDocumento: body.representante.documento,
        responsableSgSstNombre: body.responsable.nombre,
        responsableSgSstDocumento: body.responsable.documento,
      })
      .where(eq(empresas.id, actor.empresaId));
    await audit(tx, actor, { evento: 'empresa.firmantes', datos: { empresaId: actor.empresaId } });
  });
  return {
    ...(await leerFirmantes(db, actor)),
    message: MSG.autoevaluacionFirmantesGuardados,
  };
}
