import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { contractPeriods, periodoEnColombia } from '@proveedores/domain';
import { query } from '../db/client';
import { DEMO } from '../db/seed';
import { anexos, archivos, entregas } from '../db/schema';

/**
 * Rows written directly for the history and list tests (the evidence module owns the real uploads;
 * one test goes through its PUT and download routes to check the links line up).
 */
export async function demoIds(app: FastifyInstance) {
  const companies = await query<{ id: number; nit: string }>(
    app.db,
    sql`SELECT id, nit FROM empresas ORDER BY id`,
  );
  const users = await query<{ id: number; username: string }>(app.db, sql`SELECT id, username FROM usuarios`);
  const contracts = await query<{ id: number; empresa_id: number; actividad: string; nombre: string }>(
    app.db,
    sql`SELECT c.id, c.empresa_id, a.descripcion AS actividad, p.descripcion || ' - ' || c.descripcion AS nombre
          FROM contratos c JOIN actividades a ON a.id = c.actividad_id JOIN proyectos p ON p.id = c.proyecto_id ORDER BY c.id`,
  );
  const a = companies.find((c) => c.nit === DEMO.companies[0].nit)!;
  const b = companies.find((c) => c.nit === DEMO.companies[1].nit)!;
  const byAct = (empresaId: number, act: string) =>
    contracts.find((c) => c.empresa_id === empresaId && c.actividad === act)!;
  return {
    a: a.id,
    b: b.id,
    userA: users.find((u) => u.username === a.nit)!.id,
    userB: users.find((u) => u.username === b.nit)!.id,
    reviewer: users.find((u) => u.username === DEMO.reviewer.username)!.id,
    aAlturas: byAct(a.id, 'Estructura en concreto'),
    aPlain: byAct(a.id, 'Instalaciones eléctricas'),
    bConfinados: byAct(b.id, 'Redes de alcantarillado, tanques y pozos'),
  };
}

export async function requisito(app: FastifyInstance, modulo: string, codigo: string) {
  const [r] = await query<{ id: number; nombre: string }>(
    app.db,
    sql`SELECT id, nombre_corto AS nombre FROM requisitos WHERE modulo = ${modulo} AND codigo = ${codigo}`,
  );
  if (!r) throw new Error(`no requisito ${modulo} ${codigo}`);
  return r;
}

export type EntregaSeed = {
  empresaId: number;
  requisitoId: number;
  contratoId?: number;
  empleadoId?: number;
  ano?: number;
  mes?: number;
  /** File name; absent for a comment-only submission. */
  file?: string;
  comentario?: string;
  estado?: 0 | 1 | -1;
  motivoRechazo?: string;
  vigenciaHasta?: string;
  createdAt?: Date;
  cargadoPor?: number;
  revisadoPor?: number;
};

export async function insertEntrega(app: FastifyInstance, s: EntregaSeed): Promise<number> {
  let archivoId: number | null = null;
  if (s.file) {
    const sha = createHash('sha256').update(randomBytes(16)).digest('hex');
    const [f] = await app.db
      .insert(archivos)
      .values({ sha256: sha, tamano: 10, tipoMime: 'application/pdf', extension: 'pdf' })
      .returning({ id: archivos.id });
    archivoId = f.id;
  }
  const [row] = await app.db
    .insert(entregas)
    .values({
      empresaId: s.empresaId,
      requisitoId: s.requisitoId,
      contratoId: s.contratoId ?? null,
      empleadoId: s.empleadoId ?? null,
      ano: s.ano ?? null,
      mes: s.mes ?? null,
      archivoId,
      nombreArchivo: s.file ?? null,
      comentario: s.comentario ?? null,
      estado: s.estado ?? 0,
      motivoRechazo: s.motivoRechazo ?? null,
      vigenciaHasta: s.vigenciaHasta ?? null,
      revisadoPor: s.revisadoPor ?? null,
      revisadoAt: s.revisadoPor ? new Date() : null,
      cargadoPor: s.cargadoPor ?? null,
      ...(s.createdAt ? { createdAt: s.createdAt } : {}),
    })
    .returning({ id: entregas.id });
  return row.id;
}

export async function insertAnexo(
  app: FastifyInstance,
  entregaId: number,
  nombre: string,
  cargadoPor?: number,
): Promise<number> {
  const sha = createHash('sha256').update(randomBytes(16)).digest('hex');
  const [f] = await app.db
    .insert(archivos)
    .values({ sha256: sha, tamano: 10, tipoMime: 'application/pdf', extension: 'pdf' })
    .returning({ id: archivos.id });
  const [row] = await app.db
    .insert(anexos)
    .values({ entregaId, archivoId: f.id, nombreArchivo: nombre, cargadoPor: cargadoPor ?? null })
    .returning({ id: anexos.id });
  return row.id;
}

/** Months from the contract's start month to the current month (Colombia), newest first, as 'YYYY-MM'. */
export function monthsSince(
  fechaInicio: string,
  now: Date,
): Array<{ ano: number; mes: number; label: string }> {
  return contractPeriods(fechaInicio, periodoEnColombia(now)).map(({ ano, mes }) => ({
    ano,
    mes,
    label: `${ano}-${String(mes).padStart(2, '0')}`,
  }));
}

export async function fechaInicio(app: FastifyInstance, contratoId: number): Promise<string> {
  const [r] = await query<{ f: string }>(
    app.db,
    sql`SELECT fecha_inicio::text AS f FROM contratos WHERE id = ${contratoId}`,
  );
  return r.f;
}
