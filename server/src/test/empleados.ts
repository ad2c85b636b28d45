import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { query } from '../db/client';
import { empleados, empleadosContratos } from '../db/schema';

/**
 * A complete, valid employee payload (every employee field of the contract); tests override what they check.
 */
export function validEmployee(
  cargo: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    tipodocumento: 'CC',
    numerodocumento: '1023456789',
    nombres: 'JUAN CARLOS',
    apellidos: 'PÉREZ',
    apellidos2: 'GÓMEZ',
    empleador: 'Montajes y Estructuras del Norte S.A.S.',
    genero: 'MASCULINO',
    fecha_nacimiento: '1990-04-15',
    rh: 'O+',
    estado_civil: 'UNION LIBRE',
    personas_a_cargo: 2,
    nivel_educativo: 'SECUNDARIA COMPLETA',
    oficio_o_especialidad: 'Oficial de construcción',
    cargo,
    tipo_vivienda: 'EN ARRIENDO',
    estrato: '2',
    direccion: 'Calle 45 # 23-10',
    departamento: 'Antioquia',
    ciudad: 'Medellín',
    barrio: 'Manrique',
    numerotelefono: '6045551234',
    contacto_caso_emergencia: 'Ana Gómez',
    tel_contacto_caso_emergencia: '3001234567',
    parentesco_caso_emergencia: 'Madre',
    salario: 1750905,
    fecini_seg_social: '2026-01-12',
    eps: 'Nueva EPS',
    arl: 'ARL Sura',
    fondos_pensiones: 'Porvenir',
    caja_compensacion: 'Comfama',
    fecha_examenes_medicos: '2026-01-05',
    concepto_aptitud: 'APTO PARA ALTURAS',
    fecha_cert_alturas: '2025-11-20',
    fecha_cert_espacios_confina: '',
    nivel_certificado_curso_alturas: 'TRABAJADOR AUTORIZADO',
    ...overrides,
  };
}

export async function firstCargo(
  app: FastifyInstance,
  headers: Record<string, string>,
): Promise<{ id: number; descripcion: string }> {
  const res = await app.inject({ method: 'GET', url: '/api/contratista/cargos', headers });
  return res.json()[0];
}

/** The company's contract ids, read from the database (this module does not depend on the contracts module). */
export async function contractIds(app: FastifyInstance, nit: string): Promise<number[]> {
  const rows = await query<{ id: number }>(
    app.db,
    sql`SELECT c.id FROM contratos c JOIN empresas e ON e.id = c.empresa_id WHERE e.nit = ${nit} ORDER BY c.id`,
  );
  return rows.map((r) => r.id);
}

export function postEmployee(app: FastifyInstance, headers: Record<string, string>, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/contratista/empleados',
    headers,
    payload: payload as Record<string, unknown>,
  });
}

/**
 * THE employee row of server tests, written directly (the employees module owns the real form, whose
 * tests post `validEmployee`): a CC named JUAN CARLOS PEREZ GOMEZ unless told, linked to `contratoId`
 * when given (active unless `activo: false`).
 */
export async function insertEmpleado(
  app: FastifyInstance,
  e: {
    empresaId: number;
    numero: string;
    tipo?: string;
    nombres?: string;
    contratoId?: number;
    activo?: boolean;
  },
): Promise<number> {
  const [row] = await app.db
    .insert(empleados)
    .values({
      empresaId: e.empresaId,
      tipoDocumento: e.tipo ?? 'CC',
      numeroDocumento: e.numero,
      nombres: e.nombres ?? 'JUAN CARLOS',
      apellidos: 'PEREZ',
      apellidos2: 'GOMEZ',
    })
    .returning({ id: empleados.id });
  if (e.contratoId !== undefined)
    await app.db
      .insert(empleadosContratos)
      .values({ empleadoId: row.id, contratoId: e.contratoId, activo: e.activo ?? true });
  return row.id;
}
