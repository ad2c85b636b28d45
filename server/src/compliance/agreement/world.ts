import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import {
  inicioDiaColombia,
  sumarDias,
  MODULO_CODIGOS,
  hoyEnColombia,
  type ModuloCodigo,
} from '@proveedores/domain';
import { query } from '../../db/client';
import { signToken } from '../../lib/token';

/**
 * The generated world of one agreement case (docs/decisions/118): a fresh company with contracts,
 * workers, links and submissions, written with plain SQL, plus a contractor token without a login
 * (password hashing is slow). Everything here is data; the rule lives in oracle.ts.
 */

export type Requisito = {
  id: number;
  modulo: ModuloCodigo;
  codigo: string;
  nombre: string;
  opcional: boolean;
  aplicaSi: string | null;
  orden: number;
  activo: boolean;
  /** Its validity rule is per project (decision 105): reused only within a project (decision 138). */
  porProyecto: boolean;
  /** A temporary authorization may stand in for it (decision 182). */
  dispensable: boolean;
  baseLegalDispensa: string | null;
};
export type Actividad = {
  id: number;
  descripcion: string;
  alturas: boolean;
  espacios_confinados: boolean;
  flota: boolean;
};
export type Catalogo = {
  requisitos: Requisito[];
  actividades: Actividad[];
  tipoContrato: { id: number; descripcion: string };
};

export async function loadCatalogo(app: FastifyInstance): Promise<Catalogo> {
  const requisitos = await query<Requisito>(
    app.db,
    sql`SELECT id, modulo, codigo, nombre_corto AS nombre, opcional, aplica_si AS "aplicaSi", orden, activo,
               coalesce(regla_vigencia->>'tipo' = 'por_proyecto', false) AS "porProyecto", dispensable,
               base_legal_dispensa AS "baseLegalDispensa"
          FROM requisitos ORDER BY orden, id`,
  );
  const actividades = await query<Actividad>(
    app.db,
    sql`SELECT id, descripcion, alturas, espacios_confinados, flota FROM actividades ORDER BY id`,
  );
  const [tipoContrato] = await query<{ id: number; descripcion: string }>(
    app.db,
    sql`SELECT id, descripcion FROM tipos_contrato ORDER BY id LIMIT 1`,
  );
  return { requisitos, actividades, tipoContrato };
}

// ---------- The generated case (indices, resolved against the catalogue and the case's own rows) ----------

/** A contract's first day, relative to the case's today (Colombia). */
export type InicioSpec =
  | { tipo: 'atras'; meses: number; dia: 'primero' | 'quince' | 'ultimo' | 'mismo' }
  | { tipo: 'bisiesto' }
  | { tipo: 'futuro'; dias: number };

export type EntregaSpec = {
  modulo: number;
  req: number;
  contrato: number;
  empleado: number;
  /** Months before the current one (g-riesgo). */
  mesesAtras: number;
  /** Same slot as an earlier submission of the case (a replacement), when there is one. */
  repite: number | null;
  /**
   * The worker and requirement of an earlier worker submission, on contract `contrato` (a document
   * the worker has on another contract: decision 138), when there is one.
   */
  reusa?: number | null;
  estado: -1 | 0 | 1;
  /** Validity end of an approval, days from today; null = does not expire. */
  vigenciaDias: number | null;
  /**
   * A renewal (decision 164): this submission is written approved (with `vigenciaDias`, in force
   * or expired) and a second one of the same slot follows it with this estado (awaiting review
   * mostly, or rejected).
   */
  renovacion?: -1 | 0 | null;
};

export type CasoSpec = {
  ahora: Date;
  /** `proyecto`: two contracts may share one of two projects (per-project rules, decision 138). */
  contratos: Array<{ actividad: number; activo: boolean; inicio: InicioSpec; proyecto?: number }>;
  empleados: number;
  /** Link of worker i to contract j at [i * 4 + j]. */
  vinculos: Array<'ninguno' | 'activo' | 'inactivo'>;
  entregas: EntregaSpec[];
  /** A drill-down (module * 3 + filter) read even when nothing is expected in it. */
  detalleVacio: number;
};

const ymd = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
export const ultimoDia = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Colombian calendar days worth testing: any, month ends, 29 February 2028 and its neighbours. */
const diaArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      y: fc.integer({ min: 2026, max: 2028 }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 31 }),
    })
    .map(({ y, m, d }) => ymd(y, m, Math.min(d, ultimoDia(y, m)))),
  fc
    .record({ y: fc.integer({ min: 2026, max: 2028 }), m: fc.integer({ min: 1, max: 12 }) })
    .map(({ y, m }) => ymd(y, m, ultimoDia(y, m))),
  fc.constantFrom('2028-02-29', '2028-02-28', '2028-03-01', '2027-02-28', '2026-12-31', '2027-01-01'),
);

/** Mostly a Bogotá evening (19:00-23:59, already the next day in UTC), sometimes any hour. */
const horaArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ h: fc.integer({ min: 19, max: 23 }), min: fc.integer({ min: 0, max: 59 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ h: fc.integer({ min: 0, max: 18 }), min: fc.integer({ min: 0, max: 59 }) }),
  },
);

/** The instant of a Colombian wall-clock time (from the start of that Colombian day, calendario.ts). */
export function instanteBogota(dia: string, h: number, min: number): Date {
  return new Date(inicioDiaColombia(dia).getTime() + (h * 60 + min) * 60_000);
}

const inicioArb: fc.Arbitrary<InicioSpec> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      tipo: fc.constant('atras' as const),
      meses: fc.integer({ min: 0, max: 14 }),
      dia: fc.constantFrom('primero' as const, 'quince' as const, 'ultimo' as const, 'mismo' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ tipo: 'bisiesto' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ tipo: fc.constant('futuro' as const), dias: fc.integer({ min: 1, max: 45 }) }),
  },
);

/** Days from today to a validity end: the edges (ended yesterday, ends today, window bounds) or any. */
const vigenciaArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(-1, 0, 1, 6, 7, 8, 29, 30, 31) },
  { weight: 2, arbitrary: fc.integer({ min: -400, max: 400 }) },
  { weight: 1, arbitrary: fc.constant(null) },
);

const entregaArb: fc.Arbitrary<EntregaSpec> = fc.record({
  modulo: fc.nat(3),
  req: fc.nat(40),
  contrato: fc.nat(3),
  empleado: fc.nat(3),
  mesesAtras: fc.oneof(fc.constantFrom(0, 1), fc.nat(16)),
  repite: fc.option(fc.nat(20), { freq: 3 }),
  reusa: fc.option(fc.nat(20), { freq: 2 }),
  estado: fc.constantFrom(-1 as const, 0 as const, 1 as const, 1 as const),
  vigenciaDias: vigenciaArb,
  renovacion: fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(0 as const, 0 as const, -1 as const) },
  ),
});

export const casoArb: fc.Arbitrary<CasoSpec> = fc.record({
  ahora: fc
    .record({ dia: diaArb, hora: horaArb })
    .map(({ dia, hora }) => instanteBogota(dia, hora.h, hora.min)),
  contratos: fc.array(
    fc.record({
      actividad: fc.nat(40),
      activo: fc.oneof(fc.constant(true), fc.boolean()),
      inicio: inicioArb,
      proyecto: fc.nat(1),
    }),
    { maxLength: 3 },
  ),
  empleados: fc.integer({ min: 0, max: 3 }),
  vinculos: fc.array(
    fc.constantFrom('ninguno' as const, 'activo' as const, 'activo' as const, 'inactivo' as const),
    {
      minLength: 16,
      maxLength: 16,
    },
  ),
  entregas: fc.array(entregaArb, { maxLength: 14 }),
  detalleVacio: fc.nat(11),
});

// ---------- The written world (ids from the database) ----------

export type Contrato = Omit<Actividad, 'descripcion'> & {
  id: number;
  actividadId: number;
  /** The activity's name (descripcion is the contract's). */
  actividad: string;
  proyecto: string;
  proyectoId: number;
  descripcion: string;
  tipoContrato: string;
  activo: boolean;
  fechaInicio: string;
};
export type Empleado = { id: number; numero: string; nombres: string; apellidos: string };
export type Vinculo = { empleadoId: number; contratoId: number; activo: boolean };
export type Entrega = {
  id: number;
  modulo: ModuloCodigo;
  requisitoId: number;
  contratoId: number | null;
  empleadoId: number | null;
  ano: number | null;
  mes: number | null;
  estado: number;
  vigencia: string | null;
  motivo: string | null;
};
export type Mundo = {
  spec: CasoSpec;
  empresaId: number;
  nit: string;
  /** The contractor's live session (sesiones.id). */
  sesion: string;
  ahora: Date;
  hoy: string;
  contratos: Contrato[];
  empleados: Empleado[];
  vinculos: Vinculo[];
  entregas: Entrega[];
};

function fechaInicio(inicio: InicioSpec, hoy: string): string {
  if (inicio.tipo === 'bisiesto') return '2028-02-29';
  if (inicio.tipo === 'futuro') return sumarDias(hoy, inicio.dias);
  const [y0, m0, d0] = hoy.split('-').map(Number);
  const k = y0 * 12 + (m0 - 1) - inicio.meses;
  const y = Math.floor(k / 12);
  const m = (k % 12) + 1;
  const last = ultimoDia(y, m);
  const d = { primero: 1, quince: 15, ultimo: last, mismo: Math.min(d0, last) }[inicio.dia];
  return ymd(y, m, d);
}

let secuencia = 0;
/** A NIT no other case of this run uses (9 digits, as the history's nit parameter expects). */
export const nuevoNit = () => String(710_000_000 + ++secuencia * 7 + Math.floor(Math.random() * 7));

type Json = Record<string, string | number | boolean | null>;
/** A JSON array as rows of the given column definitions (one statement per table, not per row). */
const filas = (rows: Json[], columnas: string) =>
  sql`json_to_recordset(${JSON.stringify(rows)}::json) AS d(${sql.raw(columnas)})`;

/**
 * Writes the case in five statements: company with its contractor account and live session,
 * projects and contracts, workers, links, submissions.
 */
export async function escribirCaso(app: FastifyInstance, cat: Catalogo, spec: CasoSpec): Promise<Mundo> {
  const db = app.db;
  const nit = nuevoNit();
  const hoy = hoyEnColombia(spec.ahora);
  const sesion = randomUUID();
  // Session and token expire by the real clock (the database's now()), not by the case's clock.
  const [emp] = await query<{ id: number }>(
    db,
    sql`WITH e AS (INSERT INTO empresas (nit, dv, razon_social, correo_contacto)
                   VALUES (${nit}, 0, ${`Acuerdo ${nit} S.A.S.`}, ${`c${nit}@example.test`}) RETURNING id),
             u AS (INSERT INTO usuarios (username, empresa_id, tipo, nombre, correo)
                   SELECT ${nit}, e.id, 'default', 'Contratista de prueba', ${`u${nit}@example.test`} FROM e RETURNING id),
             s AS (INSERT INTO sesiones (id, usuario_id, expires_at) SELECT ${sesion}, u.id, now() + interval '1 day' FROM u)
        SELECT id FROM e`,
  );
  const empresaId = emp.id;

  const contratos: Contrato[] = spec.contratos.map((c, i) => {
    const act = cat.actividades[c.actividad % cat.actividades.length];
    return {
      ...act,
      id: 0,
      actividadId: act.id,
      actividad: act.descripcion,
      proyecto: `Proyecto ${nit}-${c.proyecto === undefined ? i : `p${c.proyecto}`}`,
      proyectoId: 0,
      descripcion: `Contrato ${i}`,
      tipoContrato: cat.tipoContrato.descripcion,
      activo: c.activo,
      fechaInicio: fechaInicio(c.inicio, hoy),
    };
  });
  if (contratos.length) {
    const ids = await query<{ id: number; descripcion: string; proyecto_id: number }>(
      db,
      sql`WITH d AS (SELECT * FROM ${filas(
        contratos.map((c) => ({
          proyecto: c.proyecto,
          descripcion: c.descripcion,
          actividad_id: c.actividadId,
          fecha_inicio: c.fechaInicio,
          activo: c.activo,
        })),
        'proyecto text, descripcion text, actividad_id int, fecha_inicio date, activo boolean',
      )}),
          p AS (INSERT INTO proyectos (descripcion) SELECT DISTINCT proyecto FROM d RETURNING id, descripcion)
          INSERT INTO contratos (empresa_id, descripcion, proyecto_id, actividad_id, tipo_contrato_id, fecha_inicio, activo)
          SELECT ${empresaId}, d.descripcion, p.id, d.actividad_id, ${cat.tipoContrato.id}, d.fecha_inicio, d.activo
            FROM d JOIN p ON p.descripcion = d.proyecto
          RETURNING id, descripcion, proyecto_id`,
    );
    for (const c of contratos) {
      const x = ids.find((x) => x.descripcion === c.descripcion)!;
      c.id = x.id;
      c.proyectoId = x.proyecto_id;
    }
  }

  const empleados: Empleado[] = Array.from({ length: spec.empleados }, (_, i) => ({
    id: 0,
    numero: `${nit}${i}`,
    nombres: `NOMBRE${i}`,
    apellidos: `APELLIDO${i}`,
  }));
  if (empleados.length) {
    const ids = await query<{ id: number; numero_documento: string }>(
      db,
      sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos)
          SELECT ${empresaId}, 'CC', numero, nombres, apellidos
            FROM ${filas(empleados, 'numero text, nombres text, apellidos text')}
          RETURNING id, numero_documento`,
    );
    for (const e of empleados) e.id = ids.find((x) => x.numero_documento === e.numero)!.id;
  }

  const vinculos: Vinculo[] = [];
  empleados.forEach((e, i) =>
    contratos.forEach((c, j) => {
      const v = spec.vinculos[i * 4 + j];
      if (v !== 'ninguno') vinculos.push({ empleadoId: e.id, contratoId: c.id, activo: v === 'activo' });
    }),
  );
  if (vinculos.length) {
    await query(
      db,
      sql`INSERT INTO empleados_contratos (empleado_id, contrato_id, activo)
          SELECT "empleadoId", "contratoId", activo FROM ${filas(vinculos, '"empleadoId" int, "contratoId" int, activo boolean')}`,
    );
  }

  const entregas: Array<Omit<Entrega, 'id'>> = [];
  const [hy, hm] = hoy.split('-').map(Number);
  for (const s of spec.entregas) {
    const previa = s.repite === null || entregas.length === 0 ? null : entregas[s.repite % entregas.length];
    let key: Pick<Entrega, 'modulo' | 'requisitoId' | 'contratoId' | 'empleadoId' | 'ano' | 'mes'>;
    const delTrabajador = entregas.filter((e) => e.modulo === 'sg-personal');
    if (previa) {
      key = previa;
    } else if (s.reusa != null && delTrabajador.length && contratos.length) {
      // The same worker document on another (or the same) contract of the company.
      key = {
        ...delTrabajador[s.reusa! % delTrabajador.length],
        contratoId: contratos[s.contrato % contratos.length].id,
      };
    } else {
      const modulo = MODULO_CODIGOS[s.modulo % MODULO_CODIGOS.length];
      const reqs = cat.requisitos.filter((r) => r.modulo === modulo);
      const contrato = contratos.length ? contratos[s.contrato % contratos.length] : null;
      const empleado = empleados.length ? empleados[s.empleado % empleados.length] : null;
      if (modulo !== 'sg-sst' && !contrato) continue;
      if (modulo === 'sg-personal' && !empleado) continue;
      const k = hy * 12 + (hm - 1) - s.mesesAtras;
      key = {
        modulo,
        requisitoId: reqs[s.req % reqs.length].id,
        contratoId: modulo === 'sg-sst' ? null : contrato!.id,
        empleadoId: modulo === 'sg-personal' ? empleado!.id : null,
        ano: modulo === 'g-riesgo' ? Math.floor(k / 12) : null,
        mes: modulo === 'g-riesgo' ? (k % 12) + 1 : null,
      };
    }
    const estado = s.renovacion == null ? s.estado : 1;
    entregas.push({
      ...key,
      estado,
      vigencia: estado === 1 && s.vigenciaDias !== null ? sumarDias(hoy, s.vigenciaDias) : null,
      motivo: estado === -1 ? `Motivo ${entregas.length}` : null,
    });
    if (s.renovacion != null)
      entregas.push({
        ...key,
        estado: s.renovacion,
        vigencia: null,
        motivo: s.renovacion === -1 ? `Motivo ${entregas.length}` : null,
      });
  }
  const escritas: Entrega[] = [];
  if (entregas.length) {
    // Ids are taken in the generated order (a later submission replaces an earlier one of its slot);
    // whatever the database assigned, the oracle reads "newest" from the ids it returned.
    const ids = await query<{ id: number | string; comentario: string }>(
      db,
      sql`INSERT INTO entregas (empresa_id, contrato_id, requisito_id, empleado_id, ano, mes, comentario,
                                estado, motivo_rechazo, vigencia_hasta)
          SELECT ${empresaId}, "contratoId", "requisitoId", "empleadoId", ano, mes, 'Comentario ' || i,
                 estado, motivo, vigencia
            FROM ${filas(
              entregas.map((e, i) => ({ ...e, i })),
              'i int, "contratoId" int, "requisitoId" int, "empleadoId" int, ano int, mes int, estado int, motivo text, vigencia date',
            )}
           ORDER BY i
          RETURNING id, comentario`,
    );
    for (const r of ids) escritas.push({ ...entregas[Number(r.comentario.slice(11))], id: Number(r.id) });
    escritas.sort((a, b) => a.id - b.id);
  }
  return {
    spec,
    empresaId,
    nit,
    sesion,
    ahora: spec.ahora,
    hoy,
    contratos,
    empleados,
    vinculos,
    entregas: escritas,
  };
}

/** Bearer headers of the case's company: a token for the session written with it, no login. */
export async function tokenContratista(app: FastifyInstance, mundo: Pick<Mundo, 'nit' | 'sesion'>) {
  const token = await signToken(
    {
      unique_name: mundo.nit,
      email: `u${mundo.nit}@example.test`,
      guidses: mundo.sesion,
      given_name: 'Contratista de prueba',
      typeuser: 'default',
      lastsession: new Date().toISOString(),
      changepassword: 'false',
    },
    new Date(Date.now() + 3_600_000),
    app.config.jwtSecret,
  );
  return { authorization: `Bearer ${token}` };
}

/** After its checks a case's company is disabled: staff-wide views then stay one company wide. */
export async function retirarEmpresa(app: FastifyInstance, empresaId: number) {
  await query(app.db, sql`UPDATE empresas SET activa = false WHERE id = ${empresaId}`);
}
