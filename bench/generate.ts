/**
 * Benchmark data generator: many companies, contracts, employees, risk months and submissions,
 * written with a handful of set-based INSERT ... SELECT generate_series statements (no row-by-row
 * work in JavaScript). Used by `npm run bench` and by later benchmarks.
 *
 * As a library: `await generate(db, params)` on a database that has the migrations and the seed
 * (master data and catalogue). From the command line it fills DATABASE_URL (or a PGlite folder):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mydb npx tsx bench/generate.ts --companies 1000 \
 *     --contracts 3 --employees 50000 --months 12 --submissions 1000000
 *   BENCH_SCALE=0.05 DATA_DIR=/tmp/benchdata npx tsx bench/generate.ts
 */
import { sql } from 'drizzle-orm';
import {
  CONCEPTOS_APTITUD,
  ESTADOS_CIVILES,
  ESTRATOS,
  GENEROS,
  NIVELES_EDUCATIVOS,
  RH,
  TIPOS_VIVIENDA,
} from '@proveedores/domain';
import { query, type Db } from '../server/src/db/client';
import { hashPassword } from '../server/src/lib/password';

export type GenParams = {
  /** Companies (each with one contractor user whose username is its NIT). */
  companies: number;
  /** Active contracts per company. */
  contractsPerCompany: number;
  /** Employees in total, spread evenly over the companies; each linked to one contract. */
  employees: number;
  /** Age of the oldest contracts in months (risk-management periods per contract, up to this many). */
  months: number;
  /** Submissions (entregas rows) in total, history included. */
  submissions: number;
  /** Share of slots left without any submission (pending upload). */
  pendingShare?: number;
};

/** The password of every generated contractor user. */
export const BENCH_PASSWORD = 'Bench2026!proveedor';
/** A reviewer (staff, typeuser 'revisor') with the same password, signed in through /authenticatead. */
export const BENCH_STAFF_USER = 'revisor.bench';
/** Generated NITs are 700000001, 700000002, ... */
export const BENCH_NIT_BASE = 700_000_000;

export const FULL_SCALE: GenParams = {
  companies: 1000,
  contractsPerCompany: 3,
  employees: 50_000,
  months: 12,
  submissions: 1_000_000,
};

/** FULL_SCALE times a factor (BENCH_SCALE=0.05 for a quick run); never below one of each. */
export function scaled(factor: number): GenParams {
  const n = (v: number) => Math.max(1, Math.round(v * factor));
  return {
    companies: n(FULL_SCALE.companies),
    contractsPerCompany: FULL_SCALE.contractsPerCompany,
    employees: n(FULL_SCALE.employees),
    months: FULL_SCALE.months,
    submissions: n(FULL_SCALE.submissions),
  };
}

export type GenResult = GenParams & {
  firstEmpresaId: number;
  lastEmpresaId: number;
  slots: number;
  rows: { empresas: number; contratos: number; empleados: number; entregas: number };
  seconds: number;
};

const NOMBRES = [
  'JUAN',
  'CARLOS',
  'ANDRES',
  'LUIS',
  'JORGE',
  'MARIA',
  'LUZ',
  'ANA',
  'DIANA',
  'PAOLA',
  'JOSE',
  'DAVID',
  'SANDRA',
  'CLAUDIA',
  'OSCAR',
  'EDWIN',
  'YULIANA',
  'FABIAN',
  'NELSON',
  'MARTHA',
];
const APELLIDOS = [
  'GOMEZ',
  'RODRIGUEZ',
  'MARTINEZ',
  'GARCIA',
  'LOPEZ',
  'HERNANDEZ',
  'GONZALEZ',
  'PEREZ',
  'SANCHEZ',
  'RAMIREZ',
  'TORRES',
  'DIAZ',
  'MORENO',
  'ROJAS',
  'VARGAS',
  'CASTRO',
  'OSPINA',
  'MEJIA',
  'CARDONA',
  'QUINTERO',
];
const EPS = ['SURA', 'SANITAS', 'NUEVA EPS', 'COMPENSAR', 'SALUD TOTAL', 'FAMISANAR'];
const ARL = ['SURA', 'POSITIVA', 'COLMENA', 'BOLIVAR', 'AXA COLPATRIA'];
const PENSIONES = ['PORVENIR', 'PROTECCION', 'COLFONDOS', 'COLPENSIONES', 'SKANDIA'];
const CAJAS = ['COMFAMA', 'COMFENALCO', 'CAFAM', 'COLSUBSIDIO', 'COMFANDI', 'COMBARRANQUILLA'];

const arr = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

async function count(db: Db, table: string, where = sql``): Promise<number> {
  const [r] = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} ${where}`,
  );
  return r.n;
}

/** Fills the database. Refuses to run twice on the same database (the NIT range is fixed). */
export async function generate(
  db: Db,
  params: GenParams,
  log: (m: string) => void = () => {},
): Promise<GenResult> {
  const t0 = Date.now();
  const p = { pendingShare: 0.15, ...params };
  const step = (m: string) => log(`  [${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);
  const [{ n: existing }] = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM empresas WHERE nit = ${String(BENCH_NIT_BASE + 1)}`,
  );
  if (existing) throw new Error('This database already holds generated benchmark data.');
  if ((await count(db, 'requisitos')) === 0) throw new Error('Seed the catalogue first (seed(db)).');
  const hash = await hashPassword(BENCH_PASSWORD);
  await query(db, sql`SELECT setseed(0.2026)`);

  // Companies and their contractor users. The NIT check digit is computed like domain/rules/nit.ts.
  const [{ first }] = await query<{ first: number }>(
    db,
    sql`SELECT coalesce(max(id), 0) + 1 AS first FROM empresas`,
  );
  await query(
    db,
    sql`INSERT INTO empresas (nit, dv, razon_social, correo_contacto)
        SELECT n.nit,
               (SELECT CASE WHEN s % 11 < 2 THEN s % 11 ELSE 11 - s % 11 END
                  FROM (SELECT sum(substr(n.nit, length(n.nit) - i + 1, 1)::int
                                   * (ARRAY[3,7,13,17,19,23,29,37,41,43,47,53,59,67,71])[i]) AS s
                          FROM generate_series(1, length(n.nit)) AS i) x),
               'Contratista ' || lpad(g::text, 5, '0') || ' S.A.S.', 'sst' || g || '@contratista.example.co'
          FROM generate_series(1, ${p.companies}::int) AS g,
               LATERAL (SELECT (${BENCH_NIT_BASE}::bigint + g)::text AS nit) AS n
         ORDER BY g`,
  );
  const last = first + p.companies - 1;
  await query(
    db,
    sql`INSERT INTO usuarios (username, empresa_id, tipo, nombre, correo, correo_notificaciones, password_hash)
        SELECT nit, id, 'default', 'RESPONSABLE SST ' || id, correo_contacto, correo_contacto, ${hash}
          FROM empresas WHERE id BETWEEN ${first} AND ${last}`,
  );
  await query(
    db,
    sql`INSERT INTO usuarios (username, tipo, nombre, correo, password_hash)
        VALUES (${BENCH_STAFF_USER}, 'revisor', 'REVISOR BENCH', 'revisor.bench@constructora.example.co', ${hash})`,
  );
  step(`${p.companies} companies and users`);

  // Contracts: project, activity and type spread over the master data; starts spread over the
  // last `months` months so each contract has between ~2/3 and all of them as risk periods.
  await query(
    db,
    sql`WITH pr AS (SELECT array_agg(id ORDER BY id) AS a FROM proyectos WHERE activo),
             ac AS (SELECT array_agg(id ORDER BY id) AS a FROM actividades WHERE activo),
             tc AS (SELECT array_agg(id ORDER BY id) AS a FROM tipos_contrato WHERE activo)
        INSERT INTO contratos (empresa_id, descripcion, proyecto_id, actividad_id, tipo_contrato_id, regional_id, fecha_inicio)
        SELECT e.id, 'Contrato ' || k || ' de ' || e.razon_social,
               pr.a[1 + (e.id * 7 + k) % cardinality(pr.a)],
               ac.a[1 + (e.id * 3 + k * 5) % cardinality(ac.a)],
               tc.a[1 + (e.id + k) % cardinality(tc.a)],
               (SELECT regional_id FROM proyectos WHERE id = pr.a[1 + (e.id * 7 + k) % cardinality(pr.a)]),
               (date_trunc('month', current_date)
                 - make_interval(months => ${p.months}::int - 1 - ((e.id + k) % greatest(${p.months}::int / 3, 1))))::date
          FROM empresas e CROSS JOIN generate_series(1, ${p.contractsPerCompany}::int) AS k, pr, ac, tc
         WHERE e.id BETWEEN ${first} AND ${last}
         ORDER BY e.id, k`,
  );
  step(`${p.companies * p.contractsPerCompany} contracts`);

  // Employees with the socio-demographic fields of the contract, each linked to one of its company's
  // contracts.
  await query(
    db,
    sql`WITH c AS (SELECT array_agg(id ORDER BY id) AS a FROM cargos WHERE activo),
             d AS (SELECT array_agg(codigo ORDER BY codigo) AS a FROM departamentos)
        INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos, apellidos2, cargo_id, datos,
                               autorizacion_datos_at, autorizacion_version)
        SELECT ${first}::int + (g - 1) % ${p.companies}::int, 'CC', (1000000000::bigint + g)::text,
               (${arr(NOMBRES)})[1 + g % 20], (${arr(APELLIDOS)})[1 + (g / 20) % 20], (${arr(APELLIDOS)})[1 + (g / 400) % 20],
               c.a[1 + g % cardinality(c.a)],
               jsonb_build_object(
                 'genero', (${arr(GENEROS)})[1 + g % 2],
                 'fecha_nacimiento', (date '1970-01-01' + (g * 37 % 12000))::text,
                 'rh', (${arr(RH)})[1 + g % 8],
                 'estado_civil', (${arr(ESTADOS_CIVILES)})[1 + g % 6],
                 'personas_a_cargo', g % 5,
                 'nivel_educativo', (${arr(NIVELES_EDUCATIVOS)})[1 + g % ${NIVELES_EDUCATIVOS.length}],
                 'oficio_o_especialidad', 'OFICIOS VARIOS',
                 'tipo_vivienda', (${arr(TIPOS_VIVIENDA)})[1 + g % 4],
                 'estrato', (${arr(ESTRATOS)})[1 + g % 7],
                 'direccion', 'CALLE ' || (g % 120 + 1) || ' # ' || (g % 80 + 1) || '-' || (g % 60 + 1),
                 'departamento', d.a[1 + g % cardinality(d.a)],
                 'barrio', 'BARRIO ' || (g % 300 + 1),
                 'numerotelefono', (3000000000::bigint + g)::text,
                 'contacto_caso_emergencia', (${arr(NOMBRES)})[1 + (g + 7) % 20] || ' ' || (${arr(APELLIDOS)})[1 + (g + 3) % 20],
                 'tel_contacto_caso_emergencia', (3100000000::bigint + g)::text,
                 'parentesco_caso_emergencia', 'FAMILIAR',
                 'salario', 1423500 + (g % 40) * 50000,
                 'fecini_seg_social', (current_date - (g % 700))::text,
                 'eps', (${arr(EPS)})[1 + g % ${EPS.length}],
                 'arl', (${arr(ARL)})[1 + g % ${ARL.length}],
                 'fondos_pensiones', (${arr(PENSIONES)})[1 + g % ${PENSIONES.length}],
                 'caja_compensacion', (${arr(CAJAS)})[1 + g % ${CAJAS.length}],
                 'fecha_examenes_medicos', (current_date - (g % 300))::text,
                 'concepto_aptitud', (${arr(CONCEPTOS_APTITUD)})[1 + g % ${CONCEPTOS_APTITUD.length}]
               ),
               now(), 'BENCH'
          FROM generate_series(1, ${p.employees}::int) AS g, c, d
         ORDER BY g`,
  );
  await query(
    db,
    sql`WITH ck AS (
          SELECT id, empresa_id, row_number() OVER (PARTITION BY empresa_id ORDER BY id) AS k,
                 count(*) OVER (PARTITION BY empresa_id) AS n
            FROM contratos WHERE empresa_id BETWEEN ${first} AND ${last})
        INSERT INTO empleados_contratos (empleado_id, contrato_id)
        SELECT em.id, ck.id
          FROM empleados em JOIN ck ON ck.empresa_id = em.empresa_id AND ck.k = 1 + em.id % ck.n
         WHERE em.empresa_id BETWEEN ${first} AND ${last}`,
  );
  step(`${p.employees} employees linked to contracts`);

  // Every evidence slot of the generated companies (same shapes as the home summary's slots).
  await query(db, sql`DROP TABLE IF EXISTS bench_slots`);
  await query(
    db,
    sql`CREATE TEMP TABLE bench_slots AS
        SELECT row_number() OVER () AS n, s.*, random() AS u1, random() AS u2, random() AS u3, random() AS u4,
               random() AS u5 FROM (
          SELECT e.id AS empresa_id, r.id AS requisito_id, r.vigencia_dias, NULL::int AS contrato_id,
                 NULL::int AS empleado_id, NULL::smallint AS ano, NULL::smallint AS mes
            FROM empresas e JOIN requisitos r ON r.modulo = 'sg-sst' AND r.activo
           WHERE e.id BETWEEN ${first} AND ${last}
          UNION ALL
          SELECT c.empresa_id, r.id, r.vigencia_dias, c.id, NULL, NULL, NULL
            FROM contratos c JOIN requisitos r ON r.modulo = 'g-retenido' AND r.activo
           WHERE c.empresa_id BETWEEN ${first} AND ${last}
          UNION ALL
          SELECT c.empresa_id, r.id, r.vigencia_dias, c.id, NULL,
                 extract(year FROM m)::smallint, extract(month FROM m)::smallint
            FROM contratos c JOIN requisitos r ON r.modulo = 'g-riesgo' AND r.activo
            CROSS JOIN LATERAL generate_series(date_trunc('month', c.fecha_inicio::timestamp),
                                               date_trunc('month', current_date::timestamp), interval '1 month') AS m
           WHERE c.empresa_id BETWEEN ${first} AND ${last}
          UNION ALL
          SELECT c.empresa_id, r.id, r.vigencia_dias, c.id, ec.empleado_id, NULL, NULL
            FROM empleados_contratos ec JOIN contratos c ON c.id = ec.contrato_id
            JOIN requisitos r ON r.modulo = 'sg-personal' AND r.activo
           WHERE c.empresa_id BETWEEN ${first} AND ${last}
        ) AS s`,
  );
  const slots = await count(db, 'bench_slots');
  step(`${slots} evidence slots`);

  // Submissions: a share of slots stays empty (pending); the others get 1..k rows so that the total
  // is about `submissions`. The newest row of a slot is: 45% approved and valid, 8% approved and
  // expiring within 30 days, 7% approved and expired, 15% rejected, 25% waiting for review; older
  // rows are history (rejected or superseded approvals). Rows are inserted slot by slot, oldest
  // first, so max(id) is the newest, as the application writes them.
  const perFilled = p.submissions / Math.max(1, slots * (1 - p.pendingShare));
  const base = Math.max(1, Math.floor(perFilled));
  const extra = Math.max(0, perFilled - base);
  const BATCH = 200_000;
  for (let from = 1; from <= slots; from += BATCH) {
    await query(
      db,
      sql`INSERT INTO entregas (empresa_id, contrato_id, requisito_id, empleado_id, ano, mes, nombre_archivo, comentario,
                                estado, motivo_rechazo, vigencia_hasta, revisado_at, created_at)
          SELECT s.empresa_id, s.contrato_id, s.requisito_id, s.empleado_id, s.ano, s.mes,
                 CASE WHEN s.u2 < 0.9 THEN 'soporte_' || s.requisito_id || '_' || i || '.pdf' END,
                 CASE WHEN s.u2 >= 0.9 THEN 'No aplica para este periodo.' END,
                 CASE WHEN i < kk.k THEN CASE WHEN i % 2 = 1 THEN -1 ELSE 1 END
                      WHEN s.u3 < 0.45 + 0.08 + 0.07 THEN 1 WHEN s.u3 < 0.75 THEN -1 ELSE 0 END,
                 CASE WHEN (i < kk.k AND i % 2 = 1) OR (i = kk.k AND s.u3 >= 0.60 AND s.u3 < 0.75)
                      THEN 'Documento ilegible o incompleto' END,
                 CASE WHEN i < kk.k AND i % 2 = 0 THEN current_date - 400 + i
                      WHEN i = kk.k AND s.u3 < 0.45 THEN current_date + 31 + (s.u4 * 330)::int
                      WHEN i = kk.k AND s.u3 < 0.53 THEN current_date + (s.u4 * 30)::int
                      WHEN i = kk.k AND s.u3 < 0.60 THEN current_date - 1 - (s.u4 * 200)::int END,
                 CASE WHEN i < kk.k OR s.u3 < 0.75 THEN now() - make_interval(days => (kk.k - i) * 20) END,
                 now() - make_interval(days => (kk.k - i) * 30 + 1)
            FROM bench_slots s
           CROSS JOIN LATERAL (SELECT CASE WHEN s.u1 < ${p.pendingShare}::float8 THEN 0
                                           ELSE ${base}::int + CASE WHEN s.u5 < ${extra}::float8 THEN 1 ELSE 0 END
                                      END AS k) AS kk
           CROSS JOIN LATERAL generate_series(1, kk.k) AS i
           WHERE s.n BETWEEN ${from} AND ${from + BATCH - 1}
           ORDER BY s.n, i`,
    );
    step(`submissions for slots ${from}..${Math.min(slots, from + BATCH - 1)}`);
  }
  await query(db, sql`DROP TABLE bench_slots`);
  // Leave the database as a running system would be: statistics, visibility map and dirty pages
  // written, so autovacuum or a checkpoint do not run during the first measurements.
  await query(db, sql`VACUUM (ANALYZE)`);
  await query(db, sql`CHECKPOINT`).catch(() => {}); // needs superuser (or pg_checkpoint) on PostgreSQL
  step('VACUUM ANALYZE, CHECKPOINT');

  const range = sql`WHERE empresa_id BETWEEN ${first} AND ${last}`;
  return {
    ...p,
    firstEmpresaId: first,
    lastEmpresaId: last,
    slots,
    rows: {
      empresas: p.companies,
      contratos: await count(db, 'contratos', range),
      empleados: await count(db, 'empleados', range),
      entregas: await count(db, 'entregas', range),
    },
    seconds: (Date.now() - t0) / 1000,
  };
}

/** Parameters from BENCH_SCALE and --flags (--companies, --contracts, --employees, --months, --submissions). */
export function paramsFrom(argv: string[], env: NodeJS.ProcessEnv): GenParams {
  const scale = Number(env.BENCH_SCALE ?? 1);
  if (!(scale > 0)) throw new Error('BENCH_SCALE must be a positive number');
  const p = scaled(scale);
  const flag = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return undefined;
    const v = Number(argv[i + 1]);
    if (!Number.isInteger(v) || v < 1) throw new Error(`--${name} needs a positive integer`);
    return v;
  };
  return {
    companies: flag('companies') ?? p.companies,
    contractsPerCompany: flag('contracts') ?? p.contractsPerCompany,
    employees: flag('employees') ?? p.employees,
    months: flag('months') ?? p.months,
    submissions: flag('submissions') ?? p.submissions,
  };
}

// Command line: migrations + seed of the real app, then the data.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { openDatabase } = await import('../server/src/db/client');
  const { seed } = await import('../server/src/db/seed');
  const params = paramsFrom(process.argv.slice(2), process.env);
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? './data-bench',
  });
  try {
    await seed(database.db, { demo: false });
    console.log(`Generating ${JSON.stringify(params)} on ${database.kind}`);
    const result = await generate(database.db, params, console.log);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await database.close();
  }
}
