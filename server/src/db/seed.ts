import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import {
  hoyEnColombia,
  nitCheckDigit,
  reglaVigencia,
  sumarMeses,
  type ReglaVigencia,
} from '@proveedores/domain';
import type { BlobStore } from '../files';
import { hashPassword } from '../lib/password';
import { dispensaPorDefecto } from './seed-data/dispensas';
import { query, type Db } from './client';
import * as t from './schema';
import { seedDemoSite } from './seed-demo-site';
import { REGLAS_VIGENCIA } from './seed-data/validity-rules';

const DATA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed-data');

function csv(name: string): Record<string, string>[] {
  return parse(readFileSync(path.join(DATA, name)), { columns: true, skip_empty_lines: true, trim: true });
}

/** Master data of a realistic Colombian construction company. */
export const REGIONALES = ['Antioquia', 'Bogotá - Cundinamarca', 'Costa Atlántica', 'Valle del Cauca'];
export const PROYECTOS: Array<[string, string, string]> = [
  ['Torres de Sevilla Etapa 2', 'Antioquia', 'Medellín'],
  ['Puente Vehicular La Estrella', 'Antioquia', 'La Estrella'],
  ['Centro Empresarial Calle 100', 'Bogotá - Cundinamarca', 'Bogotá, D.C.'],
  ['Ciudadela Mirador de la Sabana', 'Bogotá - Cundinamarca', 'Mosquera'],
  ['Conjunto Altos de Riomar', 'Costa Atlántica', 'Barranquilla'],
  ['Hospital Regional del Sur', 'Valle del Cauca', 'Cali'],
];
export const TIPOS_CONTRATO = [
  'Obra a precios unitarios',
  'Obra a precio global',
  'Suministro de materiales',
  'Suministro e instalación',
  'Prestación de servicios',
  'Alquiler de equipo con operador',
  'Transporte de materiales',
];
/**
 * [descripcion, alturas, espacios confinados, flota, clase de riesgo]. The class is the one of the
 * closest activity of the Decreto 768 de 2022 table (construction, 43xx, is V; electrical and
 * plumbing installations 4321/4322 III; rubble collection 3811 III; guards 8010 IV, cleaning 8121 II,
 * the higher kept); 'Suministro de materiales sin instalación' has no row there and takes II, the
 * class an administrator is expected to adjust (docs/decisions/127).
 */
export const ACTIVIDADES: Array<[string, boolean, boolean, boolean, number]> = [
  ['Estructura en concreto', true, false, false, 5],
  ['Mampostería y pañetes', false, false, false, 5],
  ['Fachadas y ventanería', true, false, false, 5],
  ['Montaje de estructura metálica', true, false, false, 5],
  ['Impermeabilización de cubiertas', true, false, false, 5],
  ['Instalaciones eléctricas', false, false, false, 3],
  ['Instalaciones hidrosanitarias y de gas', false, false, false, 3],
  ['Redes de alcantarillado, tanques y pozos', false, true, false, 5],
  ['Montaje de ascensores', true, true, false, 5],
  ['Excavaciones y movimiento de tierras', false, false, true, 5],
  ['Transporte de materiales y escombros', false, false, true, 3],
  ['Acabados y carpintería', false, false, false, 5],
  ['Suministro de materiales sin instalación', false, false, false, 2],
  ['Aseo y vigilancia', false, false, false, 4],
];
export const CARGOS = [
  'Ayudante de obra',
  'Oficial de obra',
  'Maestro de obra',
  'Residente de obra',
  'Inspector SST',
  'Vigía de seguridad',
  'Electricista',
  'Plomero',
  'Soldador',
  'Pintor',
  'Carpintero',
  'Operador de maquinaria',
  'Conductor',
  'Almacenista',
  'Topógrafo',
  'Auxiliar administrativo',
];

export const DEMO = {
  password: 'Demo2026!proveedor',
  reviewerPassword: 'Demo2026!revisor',
  companies: [
    {
      nit: '900123456',
      razonSocial: 'Montajes y Estructuras del Norte S.A.S.',
      nombre: 'MARIA FERNANDA GOMEZ',
      correo: 'sst@montajesdelnorte.example.co',
    },
    {
      nit: '800987654',
      razonSocial: 'Redes Hidráulicas Andinas Ltda.',
      nombre: 'CARLOS ANDRES RUIZ',
      correo: 'hseq@redesandinas.example.co',
    },
  ],
  reviewer: {
    username: 'revisor',
    nombre: 'LAURA PATRICIA MEJIA',
    correo: 'revisor.sst@constructora.example.co',
  },
  /** Staff administrator: manages the catalogue, master data and companies (docs/decisions/061). */
  admin: { username: 'admin', nombre: 'JORGE ENRIQUE SALAZAR', correo: 'admin.sst@constructora.example.co' },
  adminPassword: 'Demo2026!admin',
};

/** The demo administrator, added on its own so databases seeded before it get it too. */
async function seedDemoAdmin(db: Db) {
  const [{ n }] = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM usuarios WHERE username = ${DEMO.admin.username}`,
  );
  if (n > 0) return;
  await db
    .insert(t.usuarios)
    .values({
      username: DEMO.admin.username,
      tipo: 'administrador',
      nombre: DEMO.admin.nombre,
      correo: DEMO.admin.correo,
      passwordHash: await hashPassword(DEMO.adminPassword),
    })
    .onConflictDoNothing();
}

/**
 * The validity rule of a requirement of the default catalogue (decision 105), validated by the
 * domain schema (defaults filled in). Databases seeded before the rules existed get them from the
 * migration 0003_validity_rules_backfill, once: an administrator may later clear or change them.
 */
export function reglaPorDefecto(modulo: string, codigo: string): ReglaVigencia | null {
  const entry = REGLAS_VIGENCIA[codigo];
  return entry && entry.modulo === modulo ? reglaVigencia.parse(entry.regla) : null;
}

async function seedMasterData(db: Db) {
  const [{ n }] = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM regionales`);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    const regs = await tx
      .insert(t.regionales)
      .values(REGIONALES.map((descripcion) => ({ descripcion })))
      .returning();
    const regId = new Map(regs.map((r) => [r.descripcion, r.id]));
    await tx
      .insert(t.proyectos)
      .values(
        PROYECTOS.map(([descripcion, reg, ciudad]) => ({ descripcion, regionalId: regId.get(reg), ciudad })),
      );
    await tx.insert(t.tiposContrato).values(TIPOS_CONTRATO.map((descripcion) => ({ descripcion })));
    await tx.insert(t.actividades).values(
      ACTIVIDADES.map(([descripcion, alturas, espaciosConfinados, flota, claseRiesgo]) => ({
        descripcion,
        alturas,
        espaciosConfinados,
        flota,
        claseRiesgo,
      })),
    );
    await tx.insert(t.cargos).values(CARGOS.map((descripcion) => ({ descripcion })));

    const divipola = csv('divipola.csv');
    const deptos = new Map<string, { codigo: string; nombre: string; region: string }>();
    for (const r of divipola)
      deptos.set(r.cod_depto, { codigo: r.cod_depto, nombre: r.departamento, region: r.region });
    await tx.insert(t.departamentos).values([...deptos.values()]);
    for (let i = 0; i < divipola.length; i += 500) {
      await tx
        .insert(t.municipios)
        .values(
          divipola
            .slice(i, i + 500)
            .map((r) => ({ codigo: r.cod_municipio, departamentoCodigo: r.cod_depto, nombre: r.municipio })),
        );
    }

    const catalogo = csv('catalogo-requisitos.csv');
    await tx.insert(t.requisitos).values(
      catalogo.map((r, i) => ({
        modulo: r.modulo,
        codigo: r.codigo,
        nombreCorto: r.nombre_corto,
        detalle: r.detalle,
        extensiones: r.extensiones,
        opcional: r.opcional === 'true',
        aplicaSi: r.aplica_si || null,
        vigenciaDias: r.vigencia_dias ? Number(r.vigencia_dias) : null,
        baseLegal: r.base_legal || null,
        reglaVigencia: reglaPorDefecto(r.modulo, r.codigo),
        // List-like worker documents one upload may cover for several workers (docs/decisions/139).
        cargaMultiple: r.carga_multiple === 'true',
        // What no temporary authorization stands in for at the gate (decision 182).
        ...dispensaPorDefecto(r.modulo, r.codigo),
        orden: i + 1,
      })),
    );
  });
}

async function seedDemo(db: Db, site: BlobStore | null) {
  const [{ n }] = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM usuarios WHERE username = ${DEMO.reviewer.username}`,
  );
  if (n > 0) return;
  const [providerHash, reviewerHash] = await Promise.all([
    hashPassword(DEMO.password),
    hashPassword(DEMO.reviewerPassword),
  ]);
  const ids = async (table: string) =>
    new Map(
      (
        await query<{ id: number; descripcion: string }>(
          db,
          sql`SELECT id, descripcion FROM ${sql.identifier(table)}`,
        )
      ).map((r) => [r.descripcion, r.id]),
    );
  const [proy, act, tipo, reg] = await Promise.all([
    ids('proyectos'),
    ids('actividades'),
    ids('tipos_contrato'),
    ids('regionales'),
  ]);
  const contracts: Array<Array<[string, string, string, string, string]>> = [
    [
      [
        'Estructura en concreto torres 3 y 4',
        'Torres de Sevilla Etapa 2',
        'Estructura en concreto',
        'Obra a precios unitarios',
        'Antioquia',
      ],
      [
        'Instalaciones eléctricas zonas comunes',
        'Centro Empresarial Calle 100',
        'Instalaciones eléctricas',
        'Suministro e instalación',
        'Bogotá - Cundinamarca',
      ],
    ],
    [
      [
        'Redes de alcantarillado y tanque de almacenamiento',
        'Hospital Regional del Sur',
        'Redes de alcantarillado, tanques y pozos',
        'Obra a precio global',
        'Valle del Cauca',
      ],
    ],
  ];
  await db.transaction(async (tx) => {
    for (const [i, c] of DEMO.companies.entries()) {
      const [empresa] = await tx
        .insert(t.empresas)
        .values({
          nit: c.nit,
          dv: nitCheckDigit(c.nit),
          razonSocial: c.razonSocial,
          correoContacto: c.correo,
        })
        .returning();
      await tx.insert(t.usuarios).values({
        username: c.nit,
        empresaId: empresa.id,
        tipo: 'default',
        nombre: c.nombre,
        correo: c.correo,
        correoNotificaciones: c.correo,
        passwordHash: providerHash,
      });
      // Contracts started on the 1st, three Colombian months ago, so risk-management periods exist.
      const inicio = sumarMeses(`${hoyEnColombia(new Date()).slice(0, 7)}-01`, -3);
      await tx.insert(t.contratos).values(
        contracts[i].map(([descripcion, p, a, tc, r]) => ({
          empresaId: empresa.id,
          descripcion,
          proyectoId: proy.get(p)!,
          actividadId: act.get(a)!,
          tipoContratoId: tipo.get(tc)!,
          regionalId: reg.get(r) ?? null,
          fechaInicio: inicio,
        })),
      );
    }
    await tx.insert(t.usuarios).values({
      username: DEMO.reviewer.username,
      tipo: 'revisor',
      nombre: DEMO.reviewer.nombre,
      correo: DEMO.reviewer.correo,
      passwordHash: reviewerHash,
    });
  });
  // Workers and a gate account that show site access (docs/decisions/130), files in `site`.
  if (site) await seedDemoSite(db, site);
}

/**
 * Idempotent: master data, DIVIPOLA and the catalogue on first start; demo accounts unless production;
 * with `demoSite` (the blob store its files go to), the site-access demo too.
 */
export async function seed(db: Db, opts: { demo: boolean; demoSite?: BlobStore | null }) {
  await seedMasterData(db);
  if (opts.demo) await seedDemo(db, opts.demoSite ?? null);
  if (opts.demo) await seedDemoAdmin(db);
}
