import { and, eq, ne, sql } from 'drizzle-orm';
import {
  MSG,
  type RequisitoAdmin,
  type RequisitoCreateBody,
  type RequisitoUpdateBody,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { requisitos } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import type { Staff } from './policy';
import { getRequisito } from './requisito-sql';
import { isUniqueViolation } from '../../lib/unique';

async function assertCodigoFree(db: Db, modulo: string, codigo: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: requisitos.id })
    .from(requisitos)
    .where(
      and(
        eq(requisitos.modulo, modulo),
        eq(requisitos.codigo, codigo),
        exceptId === undefined ? undefined : ne(requisitos.id, exceptId),
      ),
    )
    .limit(1);
  if (dup) throw new AppError('conflict', MSG.requisitoCodigoDuplicado);
}

const duplicate = (err: unknown) =>
  isUniqueViolation(err) ? new AppError('conflict', MSG.requisitoCodigoDuplicado) : err;

/** POST /api/admin/requisitos: a new active requirement, placed last in its module unless orden is given. */
export async function createRequisito(opts: {
  db: Db;
  staff: Staff;
  body: RequisitoCreateBody;
}): Promise<{ message: string; requisito: RequisitoAdmin }> {
  const { db, staff, body: b } = opts;
  await assertCodigoFree(db, b.modulo, b.codigo);
  const id = await db
    .transaction(async (tx) => {
      const [{ next }] = await query<{ next: number }>(
        tx,
        sql`SELECT coalesce(max(orden), 0) + 1 AS next FROM requisitos WHERE modulo = ${b.modulo}`,
      );
      const [row] = await tx
        .insert(requisitos)
        .values({
          modulo: b.modulo,
          codigo: b.codigo,
          nombreCorto: b.nombreCorto,
          detalle: b.detalle ?? '',
          extensiones: b.extensiones,
          opcional: b.opcional ?? false,
          aplicaSi: b.aplicaSi ?? null,
          vigenciaDias: b.vigenciaDias ?? null,
          baseLegal: b.baseLegal || null,
          reglaVigencia: b.reglaVigencia ?? null,
          orden: b.orden ?? Number(next),
          motivosRechazo: b.motivosRechazo ?? [],
          cargaMultiple: b.cargaMultiple ?? false,
          dispensable: b.dispensable ?? true,
          baseLegalDispensa: b.baseLegalDispensa || null,
        })
        .returning({ id: requisitos.id });
      await audit(
        tx,
        { usuarioId: staff.usuarioId, ip: staff.ip },
        { evento: 'requisito.saved', datos: { requisitoId: row.id, creado: true } },
      );
      return row.id;
    })
    .catch((err) => {
      throw duplicate(err);
    });
  return { message: MSG.requisitoSaved, requisito: await getRequisito(db, id) };
}

/**
 * PUT /api/admin/requisitos/{id}: changes only the fields sent. Submissions keep pointing at the
 * same row, so a requirement that already has submissions cannot move to another module.
 */
export async function updateRequisito(opts: {
  db: Db;
  staff: Staff;
  id: number;
  body: RequisitoUpdateBody;
}): Promise<{ message: string; requisito: RequisitoAdmin }> {
  const { db, staff, id, body: b } = opts;
  const current = await getRequisito(db, id);
  if (b.modulo !== undefined && b.modulo !== current.modulo && current.entregas > 0) {
    throw new AppError('conflict', MSG.requisitoModuloConCargas);
  }
  const modulo = b.modulo ?? current.modulo;
  const codigo = b.codigo ?? current.codigo;
  if (modulo !== current.modulo || codigo !== current.codigo) await assertCodigoFree(db, modulo, codigo, id);
  const set = {
    ...(b.modulo !== undefined ? { modulo: b.modulo } : {}),
    ...(b.codigo !== undefined ? { codigo: b.codigo } : {}),
    ...(b.nombreCorto !== undefined ? { nombreCorto: b.nombreCorto } : {}),
    ...(b.detalle !== undefined ? { detalle: b.detalle } : {}),
    ...(b.extensiones !== undefined ? { extensiones: b.extensiones } : {}),
    ...(b.opcional !== undefined ? { opcional: b.opcional } : {}),
    ...(b.aplicaSi !== undefined ? { aplicaSi: b.aplicaSi } : {}),
    ...(b.vigenciaDias !== undefined ? { vigenciaDias: b.vigenciaDias } : {}),
    ...(b.baseLegal !== undefined ? { baseLegal: b.baseLegal || null } : {}),
    ...(b.reglaVigencia !== undefined ? { reglaVigencia: b.reglaVigencia } : {}),
    ...(b.orden !== undefined ? { orden: b.orden } : {}),
    ...(b.motivosRechazo !== undefined ? { motivosRechazo: b.motivosRechazo } : {}),
    ...(b.cargaMultiple !== undefined ? { cargaMultiple: b.cargaMultiple } : {}),
    ...(b.dispensable !== undefined ? { dispensable: b.dispensable } : {}),
    ...(b.baseLegalDispensa !== undefined ? { baseLegalDispensa: b.baseLegalDispensa || null } : {}),
  };
  if (Object.keys(set).length > 0) {
    await db
      .transaction(async (tx) => {
        await tx.update(requisitos).set(set).where(eq(requisitos.id, id));
        await audit(
          tx,
          { usuarioId: staff.usuarioId, ip: staff.ip },
          { evento: 'requisito.saved', datos: { requisitoId: id, creado: false, campos: Object.keys(set) } },
        );
      })
      .catch((err) => {
        throw duplicate(err);
      });
  }
  return { message: MSG.requisitoSaved, requisito: await getRequisito(db, id) };
}

/**
 * POST /api/admin/requisitos/{id}/retirar and /activar. Retiring never deletes: the requirement
 * leaves the companies' lists and the counts, and its submissions stay in the history.
 */
export async function setRequisitoActivo(opts: {
  db: Db;
  staff: Staff;
  id: number;
  activo: boolean;
}): Promise<{ message: string; requisito: RequisitoAdmin }> {
  const { db, staff, id, activo } = opts;
  await getRequisito(db, id);
  await db.transaction(async (tx) => {
    await tx.update(requisitos).set({ activo }).where(eq(requisitos.id, id));
    await audit(
      tx,
      { usuarioId: staff.usuarioId, ip: staff.ip },
      { evento: 'requisito.activo', datos: { requisitoId: id, activo } },
    );
  });
  return {
    message: activo ? MSG.requisitoActivated : MSG.requisitoRetired,
    requisito: await getRequisito(db, id),
  };
}
