import { createPublicKey, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, rosterContenido, type RegistrosRespuesta } from '@proveedores/domain';
import { DEMO } from '../../db/seed';
import { aptitudDe } from '../../compliance/aptitud-sql';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { clavesPublicasDe } from '../credenciales';
import { ADMIN } from '../../test/revision';
import { gateWorld } from '../../test/porteria';

/** The gate API (docs/decisions/123) on a real database, at a fixed Colombian morning. */
describe('site gate: role, assignment, records, roster, verification', async () => {
  const clock = manualClock('2026-03-10T15:00:00Z'); // 10:00 in Colombia
  const app = await createTestApp({ clock });
  // ---------- fixtures: company A's contract, its project, two workers; a second project ----------
  const { one, c1, P1, P2, worker, gateUser, credencial, post, registro } = await gateWorld(app, clock);
  const W1 = await worker('1000000001', { nombres: 'ANA' });
  const W2 = await worker('1000000002', { nombres: 'BETO' });

  const G1 = await gateUser('guardia1', [P1]);
  const G2 = await gateUser('guardia2', [P2]);
  const [hG1, hG2, hR, hA, hB, hAdm] = [
    await authHeaders(app, G1),
    await authHeaders(app, G2),
    await authHeaders(app, REVIEWER),
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, CONTRACTOR_B),
    await authHeaders(app, ADMIN),
  ];
  const userId = async (u: string) =>
    (await one<{ id: number }>(sql`SELECT id FROM usuarios WHERE username = ${u}`)).id;

  const get = (headers: Record<string, string>, url: string) => app.inject({ method: 'GET', url, headers });
  const record = (over: Record<string, unknown> = {}) => registro({ numerodocumento: '1000000001', ...over });
  const send = async (headers: Record<string, string>, payload: object) => {
    const res = await post(headers, '/api/porteria/registros', payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RegistrosRespuesta;
  };
  const rows = async (clienteId: string) =>
    (
      await one<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM registros_porteria WHERE cliente_id = ${clienteId}`,
      )
    ).n;

  it('refuses the gate role everywhere but the gate and its own account', async () => {
    for (const url of [
      '/api/contratista',
      '/api/contratista/opciones_menu',
      '/api/contratista/maestras',
      '/api/revision/pendientes',
      '/api/admin/empresas',
      '/api/revision/horas-hombre?ano=2026&mes=3',
    ])
      expect((await get(hG1, url)).statusCode, url).toBe(403);
    expect((await get(hG1, '/api/login/userdata')).statusCode).toBe(200);
    const projects = await get(hG1, '/api/porteria/proyectos');
    expect(projects.json().map((p: { id: number }) => p.id)).toEqual([P1]);
    // Staff stand in at every active project; contractors never reach the gate.
    const all = (await get(hR, '/api/porteria/proyectos')).json() as Array<{ id: number }>;
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([P1, P2]));
    expect((await get(hA, '/api/porteria/proyectos')).statusCode).toBe(403);
  });

  it('lets an administrator assign projects to a gate user, audited; nobody else', async () => {
    const id = await userId('guardia2');
    const url = `/api/admin/porteria/${id}/proyectos`;
    expect((await get(hAdm, url)).json().proyectos.map((p: { id: number }) => p.id)).toEqual([P2]);
    const put = (headers: Record<string, string>, proyectos: number[], u = url) =>
      app.inject({ method: 'PUT', url: u, headers, payload: { proyectos } });
    expect((await put(hR, [P1])).statusCode).toBe(403);
    expect((await put(hG2, [P1])).statusCode).toBe(403);
    expect((await put(hAdm, [P1, 999_999])).statusCode).toBe(400);
    const reviewerUrl = `/api/admin/porteria/${await userId(DEMO.reviewer.username)}/proyectos`;
    expect((await put(hAdm, [P1], reviewerUrl)).statusCode).toBe(404);
    const res = await put(hAdm, [P2, P1, P2]);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .proyectos.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([P1, P2].sort());
    const audited = await one<{ datos: { usuarioId: number; proyectos: number[] } }>(
      sql`SELECT datos FROM auditoria WHERE evento = 'porteria.proyectos' ORDER BY id DESC LIMIT 1`,
    );
    expect(audited.datos).toEqual({ usuarioId: id, proyectos: [P1, P2].sort((a, b) => a - b) });
    // Back to P2 only for the tests below.
    expect((await put(hAdm, [P2])).statusCode).toBe(200);
    expect((await get(await authHeaders(app, G2), '/api/porteria/proyectos')).json()).toHaveLength(1);
  });

  it('stores a record once: a resend and a retried batch answer existente with the stored id', async () => {
    const r1 = record();
    const first = await send(hG1, r1);
    // W1 has no documents: not apto, so the entry is an alert (decision 160).
    expect(first.registros[0]).toMatchObject({
      clienteId: r1.clienteId,
      estado: 'creado',
      marcas: ['ingreso_no_apto'],
    });
    const again = await send(hG1, r1);
    expect(again.registros[0]).toMatchObject({ estado: 'existente', id: first.registros[0].id });
    const r2 = record({ numerodocumento: '1000000002' });
    const batch = { registros: [r1, r2], enviadoAt: clock.now().toISOString() };
    const b1 = await send(hG1, batch);
    const b2 = await send(hG1, batch);
    expect(b1.registros.map((r) => r.estado)).toEqual(['existente', 'creado']);
    expect(b2.registros.map((r) => r.estado)).toEqual(['existente', 'existente']);
    expect(b2.registros.map((r) => r.id)).toEqual(b1.registros.map((r) => r.id));
    expect(await rows(r1.clienteId)).toBe(1);
    expect(await rows(r2.clienteId)).toBe(1);
    const stored = await one<{ guardia_id: number; empleado_id: number; contrato_id: number }>(
      sql`SELECT guardia_id, empleado_id, contrato_id FROM registros_porteria WHERE cliente_id = ${r1.clienteId}`,
    );
    expect(stored).toEqual({ guardia_id: await userId('guardia1'), empleado_id: W1, contrato_id: c1.id });
  });

  it('keeps clienteId unique per project: the same id at another project is another record', async () => {
    clock.set('2026-03-10T15:30:00Z');
    const r1 = record({ numerodocumento: '1000000002' });
    const mine = await send(hG1, r1);
    expect(mine.registros[0].estado).toBe('creado');
    // Another project's gate sending the same id learns nothing of P1's record and stores its own.
    const theirs = await send(hG2, { ...r1, proyectoid: P2, numerodocumento: '42' });
    expect(theirs.registros[0]).toMatchObject({ estado: 'creado' });
    expect(theirs.registros[0].id).not.toBe(mine.registros[0].id);
    expect(await rows(r1.clienteId)).toBe(2);
    expect((await send(hG2, { ...r1, proyectoid: P2, numerodocumento: '42' })).registros[0]).toMatchObject({
      estado: 'existente',
      id: theirs.registros[0].id,
    });
  });

  it('stores two concurrent identical sends once', async () => {
    clock.set('2026-03-10T16:00:00Z');
    const r = record({ numerodocumento: '1000000002' });
    const [a, b] = await Promise.all([send(hG1, r), send(hG1, r)]);
    expect([a.registros[0].estado, b.registros[0].estado].sort()).toEqual(['creado', 'existente']);
    expect(a.registros[0].id).toBe(b.registros[0].id);
    expect(await rows(r.clienteId)).toBe(1);
  });

  it('keeps one record when two devices send the same worker at once (different clienteIds)', async () => {
    clock.set('2026-03-10T16:30:00Z');
    const all = await Promise.all([hG1, hR, hG1, hR, hG1, hR].map((h) => send(h, record())));
    const estados = all.map((r) => r.registros[0].estado).sort();
    expect(estados).toEqual(['creado', 'repetido', 'repetido', 'repetido', 'repetido', 'repetido']);
    expect(new Set(all.map((r) => r.registros[0].id)).size).toBe(1);
  });

  it('takes the same worker scanned again within 60 s as the same record (repetido)', async () => {
    clock.set('2026-03-10T17:00:00Z');
    const first = await send(hG1, record());
    expect(first.registros[0].estado).toBe('creado');
    clock.set('2026-03-10T17:00:30Z');
    const r = record();
    const rep = await send(hG1, r);
    expect(rep.registros[0]).toMatchObject({ estado: 'repetido', id: first.registros[0].id });
    expect(await rows(r.clienteId)).toBe(0);
    clock.set('2026-03-10T17:01:30Z');
    expect((await send(hG1, record())).registros[0].estado).toBe('creado');
    // An exit right after the entry is not a repeat: another type.
    expect((await send(hG1, record({ tipo: 'salida' }))).registros[0]).toMatchObject({
      estado: 'creado',
      marcas: [],
    });
  });

  it("marks an exit with no entry that Colombian day 'salida_sin_entrada'", async () => {
    const W3 = await worker('1000000003', { nombres: 'CARLOS' });
    expect(W3).toBeGreaterThan(0);
    // An entry yesterday evening (Colombia) does not count for today's exit.
    clock.set('2026-03-10T02:00:00Z'); // 2026-03-09 21:00 in Colombia
    await send(hG1, record({ numerodocumento: '1000000003' }));
    clock.set('2026-03-10T14:00:00Z'); // 2026-03-10 09:00
    const res = await send(hG1, record({ numerodocumento: '1000000003', tipo: 'salida' }));
    expect(res.registros[0]).toMatchObject({ estado: 'creado', marcas: ['salida_sin_entrada'] });
    const unknown = await send(hG1, record({ numerodocumento: '5555' }));
    expect(unknown.registros[0].marcas).toEqual(['trabajador_desconocido', 'ingreso_no_apto']);
  });

  it('tells a device whose clock is more than 5 minutes off, and marks its records', async () => {
    clock.set('2026-03-10T18:00:00Z');
    const skewed = new Date(clock.now().getTime() + 10 * 60_000).toISOString();
    const res = await send(hG1, { registros: [record({ tipo: 'salida', at: skewed })], enviadoAt: skewed });
    expect(res.relojDesfaseMs).toBe(600_000);
    expect(res.mensaje).toBe(MSG.porteriaRelojDesfasado(10));
    expect(res.registros[0].marcas).toContain('reloj_desfasado');
    const near = new Date(clock.now().getTime() + 4 * 60_000).toISOString();
    const ok = await send(hG1, {
      registros: [record({ numerodocumento: '1000000002', at: near })],
      enviadoAt: near,
    });
    expect(ok.relojDesfaseMs).toBeNull();
    expect(ok.mensaje).toBeNull();
    expect(ok.registros[0].marcas).not.toContain('reloj_desfasado');
  });

  it("refuses a guard at another project's gate, storing nothing", async () => {
    const r = record({ proyectoid: P2 });
    const batch = { registros: [record(), r] };
    const res = await post(hG1, '/api/porteria/registros', batch);
    expect(res.statusCode).toBe(403);
    expect(await rows(batch.registros[0].clienteId)).toBe(0);
    expect((await get(hG1, `/api/porteria/roster?proyectoid=${P2}`)).statusCode).toBe(403);
    expect(
      (
        await post(hG1, '/api/porteria/verificar', {
          proyectoid: P2,
          tipodocumento: 'CC',
          numerodocumento: '1',
        })
      ).statusCode,
    ).toBe(403);
    // The guard is the token's user, never the body: a guardiaId in the body is refused (strict).
    const smuggled = await post(hG2, '/api/porteria/registros', {
      ...record({ proyectoid: P2 }),
      guardiaId: 1,
    });
    expect(smuggled.statusCode).toBe(400);
  });

  // ---------- credentials of W1 (one valid, one revoked) ----------
  const valida = await credencial(W1, false);
  const revocada = await credencial(W1, true);

  it('signs the roster: the public key verifies it, one changed byte fails', async () => {
    clock.set('2026-03-10T15:00:00Z');
    const res = await get(hG1, `/api/porteria/roster?proyectoid=${P1}`);
    expect(res.statusCode, res.body).toBe(200);
    const { contenido, firma, kid } = res.json() as { contenido: string; firma: string; kid: string };
    const [publica] = clavesPublicasDe(app.config);
    expect(kid).toBe(publica.kid);
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publica.x }, format: 'jwk' });
    const sig = Buffer.from(firma, 'base64url');
    expect(verify(null, Buffer.from(contenido, 'utf8'), key, sig)).toBe(true);
    const bytes = Buffer.from(contenido, 'utf8');
    bytes[bytes.length - 2] ^= 1;
    expect(verify(null, bytes, key, sig)).toBe(false);

    const roster = rosterContenido.parse(JSON.parse(contenido));
    expect(roster).toMatchObject({
      proyectoId: P1,
      fecha: '2026-03-10',
      generadoAt: '2026-03-10T15:00:00.000Z',
    });
    const w1 = roster.trabajadores.find((t) => t.empleadoId === W1)!;
    expect(w1.credenciales).toEqual([valida.id]);
    expect(roster.revocadas).toContain(revocada.id);
    // Fitness is the engine's answer, not the gate's.
    const engine = await aptitudDe(app.db, { fecha: '2026-03-10', proyectoId: P1 });
    expect(roster.trabajadores.map((t) => [t.empleadoId, t.apto, t.motivos])).toEqual(
      engine.map((a) => [a.empleadoId, a.apto, a.motivos]),
    );
  });

  it('verifies a code (credential + fitness) and a document', async () => {
    const engine = (
      await aptitudDe(app.db, { fecha: '2026-03-10', empleadoId: W1, contratoIds: [c1.id] })
    )[0];
    const ok = (await post(hG1, '/api/porteria/verificar', { proyectoid: P1, codigo: valida.codigo })).json();
    expect(ok).toMatchObject({ apto: engine.apto, motivos: engine.motivos, credencialId: valida.id });
    expect(ok.trabajador.empleadoId).toBe(W1);
    const rev = (
      await post(hG1, '/api/porteria/verificar', { proyectoid: P1, codigo: revocada.codigo })
    ).json();
    expect(rev).toMatchObject({ apto: false, motivos: [MSG.credencialRevocada], credencialId: revocada.id });
    const flipped =
      valida.codigo.slice(0, -3) + (valida.codigo.at(-3) === 'A' ? 'B' : 'A') + valida.codigo.slice(-2);
    const bad = (await post(hG1, '/api/porteria/verificar', { proyectoid: P1, codigo: flipped })).json();
    expect(bad).toMatchObject({ apto: false, motivos: [MSG.credencialCodigoNoValido], trabajador: null });
    const doc = (
      await post(hG1, '/api/porteria/verificar', {
        proyectoid: P1,
        tipodocumento: 'CC',
        numerodocumento: '1000000002',
      })
    ).json();
    expect(doc.trabajador.empleadoId).toBe(W2);
    const nadie = (
      await post(hG1, '/api/porteria/verificar', {
        proyectoid: P1,
        tipodocumento: 'CC',
        numerodocumento: '42',
      })
    ).json();
    expect(nadie).toMatchObject({ apto: false, motivos: [MSG.porteriaTrabajadorNoEncontrado] });
    // A record by code keeps the credential and the worker.
    const byCode = await send(
      hG1,
      record({
        codigo: valida.codigo,
        tipodocumento: undefined,
        numerodocumento: undefined,
        tipo: 'salida',
        at: '2026-03-10T23:00:00Z',
      }),
    );
    const stored = await one<{ credencial_id: number; empleado_id: number }>(
      sql`SELECT credencial_id, empleado_id FROM registros_porteria WHERE id = ${byCode.registros[0].id}`,
    );
    expect(stored).toEqual({ credencial_id: valida.id, empleado_id: W1 });
  });

  it('B cannot read man-hours of A', async () => {
    const res = await get(hB, `/api/contratista/horas-hombre?contratoid=${c1.id}&ano=2026&mes=3`);
    expect(res.statusCode).toBe(404);
  });
});
