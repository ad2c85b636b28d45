import { sql, type SQL } from 'drizzle-orm';
import {
  aptitudDeSlots,
  ESTADO,
  prohibicionPorEdad,
  type AptitudTrabajador,
  type AutorizacionAptitud,
  type SlotAptitud,
} from '@proveedores/domain';
import { query, type Db } from '../db/client';
import { vigenteLateralSql } from './status-sql';
import { intArraySql, owedSlotsSql } from './slots-sql';
import { enVigorSql, reusoLateralSql } from './reuso-sql';

/**
 * Fitness for site access of every worker in scope (docs/decisions/121). This file only GATHERS:
 * the workers actively linked to active contracts of active companies, the engine's slots of their
 * companies for `fecha` (`owedSlotsSql` with `hoy = fecha`, decision 110) with each slot's requirement
 * and the submission that counts, the temporary authorizations and each worker's birth date with the
 * contract's activity (rules/edad.ts); the rule is the pure `aptitudDeSlots`
 * (domain/src/rules/aptitud.ts), applied per worker and contract.
 *
 * Scope: any combination of contracts, a project and a worker (all of them must match); ordered by
 * contractor, contract and worker name.
 */
export type AptitudScope = {
  /** Colombian day 'YYYY-MM-DD' (from the app's clock, decision 117). */
  fecha: string;
  contratoIds?: number[];
  proyectoId?: number;
  empleadoId?: number;
};

type FilaTrabajador = {
  empleado_id: number;
  tipo_documento: string;
  numero_documento: string;
  nombre: string;
  contrato_id: number;
  contrato: string;
  proyecto_id: number;
  proyecto: string;
  empresa_id: number;
  nit: string;
  razon_social: string;
  alturas: boolean;
  espacios_confinados: boolean;
  flota: boolean;
  actividad: string;
  clase_riesgo: number;
  fecha_nacimiento: string | null;
};

type FilaRequisito = {
  id: number;
  modulo: string;
  codigo: string;
  nombre_corto: string;
  opcional: boolean;
  aplica_si: string | null;
  dispensable: boolean;
  base_legal_dispensa: string | null;
};

type FilaSlot = {
  requisito_id: number;
  empresa_id: number;
  contrato_id: number | null;
  empleado_id: number | null;
  estado: number | null;
  vigencia_hasta: string | null;
  /** A renewal awaiting review while the approval in force counts (docs/decisions/164). */
  renovacion_id: number | string | null;
};

type FilaAutorizacion = {
  id: number;
  empleado_id: number;
  contrato_id: number;
  motivo: string;
  desde: string;
  hasta: string;
  revocada: boolean;
  otorgada_por: string;
};

export async function aptitudDe(db: Db, scope: AptitudScope): Promise<AptitudTrabajador[]> {
  const { fecha } = scope;
  if (scope.contratoIds && scope.contratoIds.length === 0) return [];
  const where: SQL[] = [sql`ec.activo`];
  if (scope.contratoIds) where.push(sql`c.id = ANY(${intArraySql(scope.contratoIds)})`);
  if (scope.proyectoId !== undefined) where.push(sql`c.proyecto_id = ${scope.proyectoId}`);
  if (scope.empleadoId !== undefined) where.push(sql`ec.empleado_id = ${scope.empleadoId}`);

  const trabajadores = await query<FilaTrabajador>(
    db,
    sql`SELECT ec.empleado_id, em.tipo_documento, em.numero_documento,
               trim(concat_ws(' ', em.nombres, em.apellidos, nullif(em.apellidos2, ''))) AS nombre,
               c.id AS contrato_id, c.descripcion AS contrato, c.proyecto_id, p.descripcion AS proyecto,
               e.id AS empresa_id, e.nit, e.razon_social, a.alturas, a.espacios_confinados, a.flota,
               a.descripcion AS actividad, a.clase_riesgo, em.datos->>'fecha_nacimiento' AS fecha_nacimiento
          FROM empleados_contratos ec
          JOIN contratos c ON c.id = ec.contrato_id AND c.activo
          JOIN empresas e ON e.id = c.empresa_id AND e.activa
          JOIN empleados em ON em.id = ec.empleado_id
          JOIN proyectos p ON p.id = c.proyecto_id
          JOIN actividades a ON a.id = c.actividad_id
         WHERE ${sql.join(where, sql` AND `)}
         ORDER BY e.razon_social, e.id, c.descripcion, c.id, nombre, em.id`,
  );
  if (trabajadores.length === 0) return [];

  const contratoIds = [...new Set(trabajadores.map((t) => t.contrato_id))];
  const empresaIds = [...new Set(trabajadores.map((t) => t.empresa_id))];
  // The slots the engine says these workers' companies owe on `fecha` (owedSlotsSql, the one home of
  // that rule, docs/decisions/110): SG-SST per company, SG-personal per active link of the contracts
  // in scope. Each slot's newest submission (max id) is then read through entregas_slot_idx, one
  // lookup per slot, instead of grouping every submission of the companies as slotsSql does for
  // company-wide views; the renewal and reuse rules are the shared laterals.
  const cargado = sql.raw(String(ESTADO.CARGADO));
  const slots = await query<FilaSlot>(
    db,
    sql`WITH ${owedSlotsSql({
      empresa: { ids: empresaIds },
      modulo: ['sg-sst', 'sg-personal'],
      contratoIds,
      empleadoId: scope.empleadoId,
      hoy: fecha,
    })}
        SELECT s.requisito_id, s.empresa_id, NULL::int AS contrato_id, NULL::int AS empleado_id,
               coalesce(vg.estado, en.estado) AS estado,
               (CASE WHEN vg.id IS NULL THEN en.vigencia_hasta ELSE vg.vigencia_hasta END)::text AS vigencia_hasta,
               CASE WHEN vg.id IS NOT NULL AND en.estado = ${cargado} THEN en.id END AS renovacion_id
          FROM raw s
          LEFT JOIN LATERAL (
            SELECT e.id, e.estado, e.vigencia_hasta FROM entregas e
             WHERE e.empresa_id = s.empresa_id AND e.requisito_id = s.requisito_id AND e.contrato_id IS NULL
               AND e.empleado_id IS NULL AND e.ano IS NULL AND e.mes IS NULL
             ORDER BY e.id DESC LIMIT 1) en ON true
          -- An approval in force keeps counting while its renewal awaits review (docs/decisions/164).
          ${vigenteLateralSql({
            as: 'vg',
            ultima: 'en',
            donde: sql`v.empresa_id = s.empresa_id AND v.requisito_id = s.requisito_id AND v.contrato_id IS NULL
              AND v.empleado_id IS NULL AND v.ano IS NULL AND v.mes IS NULL`,
            hoy: fecha,
          })}
         WHERE s.modulo = 'sg-sst'
        UNION ALL
        SELECT s.requisito_id, s.empresa_id, s.contrato_id, s.empleado_id, coalesce(ru.estado, vg.estado, en.estado),
               (CASE WHEN ru.id IS NOT NULL THEN ru.vigencia_hasta WHEN vg.id IS NOT NULL THEN vg.vigencia_hasta
                     ELSE en.vigencia_hasta END)::text,
               CASE WHEN vg.id IS NOT NULL AND en.estado = ${cargado} THEN en.id END
          FROM raw s
          LEFT JOIN LATERAL (
            SELECT e.id, e.estado, e.vigencia_hasta FROM entregas e
             WHERE e.empresa_id = s.empresa_id AND e.requisito_id = s.requisito_id AND e.contrato_id = s.contrato_id
               AND e.empleado_id = s.empleado_id AND e.ano IS NULL AND e.mes IS NULL
             ORDER BY e.id DESC LIMIT 1) en ON true
          ${vigenteLateralSql({
            as: 'vg',
            ultima: 'en',
            donde: sql`v.empresa_id = s.empresa_id AND v.requisito_id = s.requisito_id
              AND v.contrato_id = s.contrato_id AND v.empleado_id = s.empleado_id AND v.ano IS NULL AND v.mes IS NULL`,
            hoy: fecha,
          })}
          -- The worker's approved document of another contract of the company (docs/decisions/138).
          ${reusoLateralSql({
            as: 'ru',
            empresa: sql`s.empresa_id`,
            requisito: sql`s.requisito_id`,
            contrato: sql`s.contrato_id`,
            empleado: sql`s.empleado_id`,
            omitir: sql`(vg.id IS NOT NULL OR ${enVigorSql('en', fecha)})`,
            hoy: fecha,
          })}
         WHERE s.modulo = 'sg-personal'`,
  );
  const autorizaciones = await query<FilaAutorizacion>(
    db,
    sql`SELECT a.id, a.empleado_id, a.contrato_id, a.motivo, a.desde::text AS desde, a.hasta::text AS hasta,
               a.revocada_at IS NOT NULL AS revocada, u.nombre AS otorgada_por
          FROM autorizaciones_temporales a
          JOIN usuarios u ON u.id = a.otorgada_por
         WHERE a.contrato_id = ANY(${intArraySql(contratoIds)}) AND a.hasta >= ${fecha}::date
           AND a.revocada_at IS NULL
           ${scope.empleadoId !== undefined ? sql`AND a.empleado_id = ${scope.empleadoId}` : sql``}`,
  );

  const requisitos = new Map(
    (
      await query<FilaRequisito>(
        db,
        sql`SELECT id, modulo, codigo, nombre_corto, opcional, aplica_si, dispensable, base_legal_dispensa FROM requisitos
             WHERE modulo IN ('sg-sst', 'sg-personal')`,
      )
    ).map((r) => [r.id, r]),
  );
  const aSlot = (f: FilaSlot): SlotAptitud => {
    const r = requisitos.get(f.requisito_id)!;
    return {
      modulo: r.modulo,
      requisitoId: r.id,
      codigo: r.codigo,
      nombreCorto: r.nombre_corto,
      opcional: r.opcional,
      aplicaSi: r.aplica_si,
      empleadoId: f.empleado_id,
      contratoId: f.contrato_id,
      ultima: f.estado === null ? null : { estado: Number(f.estado), vigencia: f.vigencia_hasta },
      renovacion: f.renovacion_id !== null,
      dispensable: r.dispensable,
      baseLegalDispensa: r.base_legal_dispensa,
    };
  };
  const porEmpresa = new Map<number, SlotAptitud[]>();
  for (const f of slots) {
    if (f.contrato_id !== null) continue;
    const list = porEmpresa.get(f.empresa_id) ?? [];
    list.push(aSlot(f));
    porEmpresa.set(f.empresa_id, list);
  }
  const clave = (contrato: number, empleado: number) => `${contrato}:${empleado}`;
  const porTrabajador = new Map<string, SlotAptitud[]>();
  for (const f of slots) {
    if (f.contrato_id === null) continue;
    const k = clave(f.contrato_id!, f.empleado_id!);
    const list = porTrabajador.get(k) ?? [];
    list.push(aSlot(f));
    porTrabajador.set(k, list);
  }
  const autPorTrabajador = new Map<string, AutorizacionAptitud[]>();
  for (const a of autorizaciones) {
    const k = clave(a.contrato_id, a.empleado_id);
    const list = autPorTrabajador.get(k) ?? [];
    list.push({
      id: a.id,
      motivo: a.motivo,
      desde: a.desde,
      hasta: a.hasta,
      revocada: a.revocada,
      otorgadaPor: a.otorgada_por,
    });
    autPorTrabajador.set(k, list);
  }

  return trabajadores.map((t) => {
    const k = clave(t.contrato_id, t.empleado_id);
    const banderas = { alturas: t.alturas, espacios_confinados: t.espacios_confinados, flota: t.flota };
    // A minor on hazardous work: no document or authorization lifts it (docs/decisions/181).
    const menor = prohibicionPorEdad({
      fechaNacimiento: t.fecha_nacimiento,
      fecha,
      banderas,
      claseRiesgo: Number(t.clase_riesgo),
      actividad: t.actividad,
    });
    const r = aptitudDeSlots({
      slots: [...(porTrabajador.get(k) ?? []), ...(porEmpresa.get(t.empresa_id) ?? [])],
      banderas,
      fecha,
      autorizaciones: autPorTrabajador.get(k) ?? [],
      bloqueos: menor ? [menor] : [],
    });
    return {
      empleadoId: t.empleado_id,
      tipodocumento: t.tipo_documento,
      numerodocumento: t.numero_documento,
      nombre: t.nombre,
      contratoid: t.contrato_id,
      contrato: t.contrato,
      proyectoid: t.proyecto_id,
      proyecto: t.proyecto,
      nit: t.nit,
      razonSocial: t.razon_social,
      ...r,
    };
  });
}
