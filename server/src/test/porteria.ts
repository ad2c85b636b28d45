import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { query } from '../db/client';
import { DEMO } from '../db/seed';
import type { Clock } from '../lib/clock';
import { upsertStaff } from '../ops/staff';
import type { LoginAs } from './app';
import { claveDeSemilla, emitirCodigo } from '../modules/credenciales';

/**
 * The gate tests' world on the demo data (docs/decisions/123): demo company A's first contract (c1)
 * and its project P1, another active project P2; makers of A's workers on a contract, of gate users
 * assigned to projects, and of c1's credentials on P1 (issued 2026-03-01, no expiry); a POST, and a
 * gate record of a CC entry at P1 now by `clock` (the test's fields over it).
 */
export async function gateWorld(app: FastifyInstance, clock: Clock) {
  const one = async <T>(q: ReturnType<typeof sql>) => (await query<T>(app.db, q))[0]!;
  const empresaA = (
    await one<{ id: number }>(sql`SELECT id FROM empresas WHERE nit = ${DEMO.companies[0].nit}`)
  ).id;
  const c1 = await one<{ id: number; proyecto_id: number }>(
    sql`SELECT id, proyecto_id FROM contratos WHERE empresa_id = ${empresaA} ORDER BY id LIMIT 1`,
  );
  const P1 = c1.proyecto_id;
  const P2 = (
    await one<{ id: number }>(sql`SELECT id FROM proyectos WHERE id <> ${P1} AND activo ORDER BY id LIMIT 1`)
  ).id;

  /** A worker of company A (CC `numero`) on `contratoId` (default c1); answers its id. */
  const worker = async (
    numero: string,
    { contratoId = c1.id, nombres = 'ANA', apellidos = 'PRUEBA' } = {},
  ) => {
    const { id } = await one<{ id: number }>(
      sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos)
          VALUES (${empresaA}, 'CC', ${numero}, ${nombres}, ${apellidos}) RETURNING id`,
    );
    await query(
      app.db,
      sql`INSERT INTO empleados_contratos (empleado_id, contrato_id) VALUES (${id}, ${contratoId})`,
    );
    return id;
  };

  /** A gate user (rol 'porteria') assigned to `proyectos`, ready to sign in. */
  const gateUser = async (username: string, proyectos: number[]): Promise<LoginAs> => {
    const { password } = await upsertStaff(app.db, {
      username,
      rol: 'porteria',
      correo: `${username}@constructora.co`,
      proyectos,
    });
    // The one-time password's change is not what these tests are about.
    await query(app.db, sql`UPDATE usuarios SET must_change_password = false WHERE username = ${username}`);
    return { username, password, path: '/api/login/authenticatead' };
  };

  const clave = claveDeSemilla(app.config.credentialSigningSeed);
  /** A credential of the worker on c1 (revoked or not) and its signed code for P1. */
  const credencial = async (empleadoId: number, revocada: boolean) => {
    const { id } = await one<{ id: number }>(
      sql`INSERT INTO credenciales (empleado_id, contrato_id, revocada_at)
          VALUES (${empleadoId}, ${c1.id}, ${revocada ? sql`now()` : null}) RETURNING id`,
    );
    const codigo = emitirCodigo(clave, {
      credencialId: id,
      contratoId: c1.id,
      proyectoId: P1,
      emitida: '2026-03-01',
      vence: null,
    });
    return { id, codigo };
  };

  const post = (headers: Record<string, string>, url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers, payload });
  const registro = (over: Record<string, unknown>) => ({
    clienteId: randomUUID(),
    proyectoid: P1,
    tipo: 'entrada',
    at: clock.now().toISOString(),
    tipodocumento: 'CC',
    ...over,
  });

  return { one, empresaA, c1, P1, P2, worker, gateUser, credencial, post, registro };
}
