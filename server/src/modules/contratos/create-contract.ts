import { sql } from 'drizzle-orm';
import { firstContractError, mensajeContratoRechazado, MSG, type NewContractBody } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { contratos } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { habilitacionDeTipo } from '../autoevaluacion';
import type { AuthUser } from '../../plugins/auth';

type Found = { proyecto: boolean; actividad: boolean; tipo: boolean; regional: boolean };

/**
 * POST /api/contratista/contratos. The contract's validation order first (same messages as the form), then
 * every id must name an active master item. The company is the token's; the audit row commits with it.
 */
export async function createContract(opts: {
  db: Db;
  user: AuthUser & { empresaId: number };
  body: NewContractBody;
  ip: string;
  /** Today in Colombia (YYYY-MM-DD): the contract's first risk-management period. */
  hoy: string;
}): Promise<{ message: string; id: number }> {
  const { db, user, body } = opts;
  const error = firstContractError(body);
  if (error) throw new AppError('bad_request', error);
  const idProyecto = Number(body.idProyecto);
  const idActividad = Number(body.idActividad);
  const idTipocontrato = Number(body.idTipocontrato);
  const idRegional = body.idRegional ? Number(body.idRegional) : null;

  return db.transaction(async (tx) => {
    const [found] = await query<Found>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM proyectos WHERE id = ${idProyecto} AND activo) AS proyecto,
                 EXISTS (SELECT 1 FROM actividades WHERE id = ${idActividad} AND activo) AS actividad,
                 EXISTS (SELECT 1 FROM tipos_contrato WHERE id = ${idTipocontrato} AND activo) AS tipo,
                 (${idRegional}::int IS NULL OR EXISTS (SELECT 1 FROM regionales WHERE id = ${idRegional}::int AND activo)) AS regional`,
    );
    if (!found.proyecto) throw new AppError('bad_request', MSG.contractProjectUnknown);
    if (!found.actividad) throw new AppError('bad_request', MSG.contractActivityUnknown);
    if (!found.tipo) throw new AppError('bad_request', MSG.contractTypeUnknown);
    if (!found.regional) throw new AppError('bad_request', MSG.contractRegionalUnknown);
    // The type's minimum 0312 score (docs/decisions/142): refused before anything is written.
    const h = await habilitacionDeTipo(tx, user.empresaId, idTipocontrato, opts.hoy);
    if (h && !h.habilitado) throw new AppError('bad_request', mensajeContratoRechazado(h.tipo, h));

    const [row] = await tx
      .insert(contratos)
      .values({
        empresaId: user.empresaId,
        descripcion: body.descripcion!.trim(),
        proyectoId: idProyecto,
        actividadId: idActividad,
        tipoContratoId: idTipocontrato,
        regionalId: idRegional,
        fechaInicio: opts.hoy,
      })
      .returning({ id: contratos.id });
    await audit(
      tx,
      { usuarioId: user.usuarioId, empresaId: user.empresaId, ip: opts.ip },
      { evento: 'contrato.created', datos: { contratoId: row.id } },
    );
    return { message: MSG.contractSent, id: row.id };
  });
}
