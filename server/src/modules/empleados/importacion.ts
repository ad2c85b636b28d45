import { sql } from 'drizzle-orm';
import {
  AVISO_DATOS_VERSION,
  claveCargo,
  EMPLOYEE_FIELDS,
  MSG,
  validarFila,
  type AdjuntoPayload,
  type EmployeeInput,
  type ErrorImportacion,
  type FilaImportacion,
  type ImportarResponse,
  type PrevisualizacionResponse,
  type ResumenImportacion,
  IMPORTACION_MSG,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import { inspectAttachment } from '../../uploads/attachment';
import { readImportWorkbook } from '../../lib/file-check';
import { linkContract } from './link-employee-contract';
import { listCargos } from './list-cargos';
import { listMunicipios, resolvePlace, type Place } from './list-municipios';

/**
 * Roster import (docs/decisions/137). One plan serves both calls: the file is inspected like every
 * upload (docs/decisions/084), read, every row validated by the employee rule set of the domain,
 * then compared with the company's stored workers: crear / actualizar / sin cambios / rechazar.
 * Preview answers the plan; import writes its crear and actualizar rows in ONE transaction.
 */

/** Fields kept in their own columns (as save-employee.ts stores them); the rest live in `datos`. */
const COLUMN_FIELDS = new Set(['nombres', 'apellidos', 'apellidos2', 'cargo']);

/** Rows validated between two turns of the event loop (see planificar). */
const FILAS_POR_TURNO = 25;

type Accion = FilaImportacion['accion'];
type Paso = {
  fila: number;
  accion: Accion;
  input?: EmployeeInput;
  datos?: Record<string, string | number | null>;
  cargoId?: number;
  nombre: string;
  tipodocumento: string | null;
  numerodocumento: string | null;
};
type Plan = { archivoValido: boolean; pasos: Paso[]; errores: ErrorImportacion[] };

type Existente = {
  id: number;
  nombres: string;
  apellidos: string;
  apellidos2: string;
  cargo_id: number | null;
  datos: Record<string, unknown> | null;
  vinculado: boolean | null;
};

const texto = (v: unknown) => (v === null || v === undefined ? null : String(v));

async function contratoDeLaEmpresa(db: Db, empresaId: number, contratoId: number): Promise<void> {
  const [c] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM contratos WHERE id = ${contratoId} AND empresa_id = ${empresaId}`,
  );
  if (!c) throw new AppError('not_found', MSG.employeeContractUnknown);
}

async function planificar(
  db: Db,
  empresaId: number,
  contratoId: number,
  adjunto: AdjuntoPayload,
  hoy: string,
): Promise<Plan> {
  await contratoDeLaEmpresa(db, empresaId, contratoId);
  const nombre = adjunto.nombreArchivo.toLowerCase();
  if (!nombre.endsWith('.xlsx') || (adjunto.extension && adjunto.extension.toLowerCase() !== 'xlsx'))
    throw new AppError('bad_request', IMPORTACION_MSG.importNotXlsx);
  const file = await inspectAttachment(adjunto, 'xlsx');
  // Read in the file-check worker (measured first, then streamed): never on the event loop.
  const lectura = await readImportWorkbook(file.bytes);
  if (!lectura.ok)
    return {
      archivoValido: false,
      pasos: [],
      errores:
        'errores' in lectura
          ? lectura.errores
          : [{ fila: null, columna: null, mensaje: IMPORTACION_MSG.importUnreadable }],
    };

  const [cargos, deptos] = await Promise.all([listCargos(db), listMunicipios(db)]);
  void deptos; // warms the memo that resolvePlace reads
  const cargoIds = new Map(cargos.map((c) => [claveCargo(c.descripcion), c.id]));
  const lugares = new Map<string, Place | 'departamento' | 'municipio'>();
  // resolvePlace is async over a memoized list; resolve each distinct pair once before the sync rules.
  for (const f of lectura.filas) {
    const d = f.celdas.departamento;
    let m = f.celdas.ciudad;
    if (typeof m === 'string' && m.includes(' - ')) m = m.slice(m.indexOf(' - ') + 3);
    if (d === null || d === undefined || m === null || m === undefined) continue;
    const k = `${d}\u0000${m}`;
    if (!lugares.has(k)) lugares.set(k, await resolvePlace(db, String(d), String(m)));
  }
  const lugarDe = (d: string, m: string) => lugares.get(`${d}\u0000${m}`);
  const ctx = {
    hoy,
    cargos: cargoIds,
    lugar: (d: string, m: string) => {
      const r = lugarDe(d, m);
      return r === 'departamento'
        ? MSG.departmentNotFound
        : r === 'municipio'
          ? MSG.municipalityNotInDepartment
          : null;
    },
  };

  const existentes = new Map<string, Existente>();
  for (const e of await query<Existente & { tipo_documento: string; numero_documento: string }>(
    db,
    sql`SELECT e.id, e.tipo_documento, e.numero_documento, e.nombres, e.apellidos, e.apellidos2, e.cargo_id, e.datos,
               (ec.activo AND ec.fecha_retiro IS NULL) AS vinculado
          FROM empleados e
          LEFT JOIN empleados_contratos ec ON ec.empleado_id = e.id AND ec.contrato_id = ${contratoId}
         WHERE e.empresa_id = ${empresaId}`,
  ))
    existentes.set(`${e.tipo_documento}\u0000${e.numero_documento}`, e);

  const errores: ErrorImportacion[] = [...lectura.errores];
  const conErrorDeCelda = new Set(lectura.errores.map((e) => e.fila));
  // A cell already refused (formula, date as text) is not reported again as empty by the form's rules.
  const celdaRechazada = new Set(lectura.errores.map((e) => `${e.fila}\u0000${e.columna}`));
  const vistos = new Map<string, number>();
  const pasos: Paso[] = [];
  for (const [i, { fila, celdas }] of lectura.filas.entries()) {
    // The employee rule set costs about a third of a millisecond a row: 2,000 rows in one go would
    // hold the event loop for most of a second, so other requests are let in between slices.
    if (i > 0 && i % FILAS_POR_TURNO === 0) await new Promise((r) => setImmediate(r));
    const v = validarFila(fila, celdas, ctx);
    const base = {
      fila,
      nombre: [celdas.nombres, celdas.apellidos, celdas.apellidos2]
        .filter((x) => x !== null && x !== undefined)
        .join(' '),
      tipodocumento: texto(celdas.tipodocumento),
      numerodocumento: texto(celdas.numerodocumento),
    };
    if (!v.ok) {
      errores.push(...v.errores.filter((e) => !celdaRechazada.has(`${e.fila}\u0000${e.columna}`)));
      pasos.push({ ...base, accion: 'rechazar' });
      continue;
    }
    const input = v.empleado;
    const key = `${input.tipodocumento}\u0000${input.numerodocumento}`;
    const anterior = vistos.get(key);
    if (anterior !== undefined) {
      errores.push({
        fila,
        columna: EMPLOYEE_FIELDS.numerodocumento,
        mensaje: IMPORTACION_MSG.importDuplicate(anterior),
      });
      pasos.push({ ...base, accion: 'rechazar' });
      continue;
    }
    vistos.set(key, fila);
    if (conErrorDeCelda.has(fila)) {
      pasos.push({ ...base, accion: 'rechazar' });
      continue;
    }
    const c = input.campos;
    const datos: Record<string, string | number | null> = {};
    for (const [k, val] of Object.entries(c)) if (!COLUMN_FIELDS.has(k)) datos[k] = val ?? null;
    const lugar = lugarDe(String(celdas.departamento), String(c.ciudad));
    if (lugar && typeof lugar === 'object') Object.assign(datos, lugar);
    const cargoId = Number(c.cargo);
    const previo = existentes.get(key);
    const igual =
      previo !== undefined &&
      previo.vinculado === true &&
      previo.nombres === String(c.nombres) &&
      previo.apellidos === String(c.apellidos) &&
      previo.apellidos2 === String(c.apellidos2) &&
      previo.cargo_id === cargoId &&
      Object.entries(datos).every(([k, val]) => (previo.datos?.[k] ?? null) === val);
    pasos.push({
      ...base,
      tipodocumento: input.tipodocumento,
      numerodocumento: input.numerodocumento,
      accion: previo === undefined ? 'crear' : igual ? 'sin cambios' : 'actualizar',
      input,
      datos,
      cargoId,
    });
  }
  errores.sort((a, b) => (a.fila ?? 0) - (b.fila ?? 0));
  return { archivoValido: true, pasos, errores };
}

function resumir(pasos: Paso[]): ResumenImportacion {
  const n = (a: Accion) => pasos.filter((p) => p.accion === a).length;
  return {
    creados: n('crear'),
    actualizados: n('actualizar'),
    sinCambios: n('sin cambios'),
    rechazados: n('rechazar'),
  };
}

const vista = (p: Paso): FilaImportacion => ({
  fila: p.fila,
  tipodocumento: p.tipodocumento,
  numerodocumento: p.numerodocumento,
  nombre: p.nombre,
  accion: p.accion,
});

/** POST .../importacion/previsualizar: the plan, nothing written. */
export async function previsualizarImportacion(opts: {
  db: Db;
  user: AuthUser & { empresaId: number };
  contratoId: number;
  adjunto: AdjuntoPayload;
  /** The Colombian day of the app's clock: ages and dates are judged on it (decision 174). */
  hoy: string;
}): Promise<PrevisualizacionResponse> {
  const plan = await planificar(opts.db, opts.user.empresaId, opts.contratoId, opts.adjunto, opts.hoy);
  return {
    archivoValido: plan.archivoValido,
    filas: plan.pasos.map(vista),
    errores: plan.errores,
    resumen: resumir(plan.pasos),
  };
}

/**
 * POST .../importacion/importar: the plan again (the server never trusts an earlier preview), then
 * its crear and actualizar rows in one transaction (upsert by document type and number as
 * save-employee.ts does, link to the contract), one audit event with the counts. A refused file or
 * a plan with nothing to write changes nothing and audits nothing.
 */
export async function importarTrabajadores(opts: {
  db: Db;
  user: AuthUser & { empresaId: number };
  contratoId: number;
  adjunto: AdjuntoPayload;
  ip: string;
  /** The Colombian day of the app's clock: ages and dates are judged on it (decision 174). */
  hoy: string;
}): Promise<ImportarResponse> {
  const { db, user, contratoId } = opts;
  const plan = await planificar(db, user.empresaId, contratoId, opts.adjunto, opts.hoy);
  if (!plan.archivoValido)
    throw new AppError('bad_request', plan.errores[0]?.mensaje ?? IMPORTACION_MSG.importUnreadable, {
      detail: plan.errores.map((e) => e.mensaje),
    });
  const resumen = resumir(plan.pasos);
  const escribir = plan.pasos.filter((p) => p.accion === 'crear' || p.accion === 'actualizar');
  if (escribir.length > 0) {
    await db.transaction(async (tx) => {
      for (const p of escribir) {
        const input = p.input as EmployeeInput;
        const c = input.campos;
        const [saved] = await query<{ id: number }>(
          tx,
          sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos, apellidos2, cargo_id, datos,
                                     autorizacion_datos_at, autorizacion_version)
              VALUES (${user.empresaId}, ${input.tipodocumento}, ${input.numerodocumento}, ${String(c.nombres)}, ${String(c.apellidos)},
                      ${String(c.apellidos2)}, ${p.cargoId}, ${JSON.stringify(p.datos)}::jsonb, now(), ${AVISO_DATOS_VERSION})
              ON CONFLICT (empresa_id, tipo_documento, numero_documento) DO UPDATE SET
                     nombres = EXCLUDED.nombres, apellidos = EXCLUDED.apellidos, apellidos2 = EXCLUDED.apellidos2,
                     cargo_id = EXCLUDED.cargo_id, datos = empleados.datos || EXCLUDED.datos, updated_at = now(),
                     autorizacion_datos_at = COALESCE(empleados.autorizacion_datos_at, EXCLUDED.autorizacion_datos_at),
                     autorizacion_version = COALESCE(empleados.autorizacion_version, EXCLUDED.autorizacion_version)
              RETURNING id`,
        );
        await linkContract(tx, user.empresaId, saved.id, contratoId);
      }
      await audit(
        tx,
        { usuarioId: user.usuarioId, empresaId: user.empresaId, ip: opts.ip },
        {
          evento: 'empleados.importados',
          datos: {
            contratoId,
            creados: resumen.creados,
            actualizados: resumen.actualizados,
            sinCambios: resumen.sinCambios,
            rechazados: resumen.rechazados,
          },
        },
      );
    });
  }
  return {
    message: IMPORTACION_MSG.importDone(
      resumen.creados,
      resumen.actualizados,
      resumen.sinCambios,
      resumen.rechazados,
    ),
    resumen,
    errores: plan.errores,
  };
}
