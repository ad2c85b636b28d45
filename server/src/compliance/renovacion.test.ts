import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  sumarDias,
  hoyEnColombia,
  aptitudTrabajador,
  cumplimientoItem,
  evidenceList,
  formatDia,
  historyTree,
  MSG,
  rosterContenido,
  type HistoryNode,
} from '@proveedores/domain';
import { z } from 'zod';
import { query } from '../db/client';
import { DEMO } from '../db/seed';
import { manualClock } from '../lib/clock';
import { upsertStaff } from '../ops/staff';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../test/app';
import { pdf } from '../test/revision';

/**
 * A renewal does not undo an approval in force (docs/decisions/164), through the real API: the
 * contractor uploads the renewal of an approved company document (E02, cámara de comercio) and of an
 * approved worker document; while the reviewer has not decided, the evidence lists, the staff
 * compliance items, the contractor's fitness list and the gate roster still count the approval
 * (the worker stays apto) and the lists name the renewal; so do the staff items, the fitness
 * list's lines and the history tree's slot folder, which takes the state of the approval that counts
 * while each submission keeps its own (docs/decisions/170); a rejected renewal leaves the approval
 * counting; an approved one counts from then on.
 */
describe('a renewal over an approval in force', async () => {
  const HOY = '2026-03-10';
  const clock = manualClock('2026-03-10T15:00:00Z'); // 10:00 in Colombia
  const app = await createTestApp({ clock });
  const one = async <T>(q: ReturnType<typeof sql>) => (await query<T>(app.db, q))[0];

  const empresaId = (
    await one<{ id: number }>(sql`SELECT id FROM empresas WHERE nit = ${DEMO.companies[0].nit}`)
  ).id;
  const contrato = await one<{ id: number; proyecto_id: number }>(
    sql`SELECT id, proyecto_id FROM contratos WHERE empresa_id = ${empresaId} AND activo ORDER BY id LIMIT 1`,
  );
  const { id: empleadoId } = await one<{ id: number }>(
    sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos)
        VALUES (${empresaId}, 'CC', '1000000160', 'ANA', 'RENOVACION') RETURNING id`,
  );
  await query(
    app.db,
    sql`INSERT INTO empleados_contratos (empleado_id, contrato_id) VALUES (${empleadoId}, ${contrato.id})`,
  );
  // Every SG-SST and worker item approved without end, so fitness hangs on the two items renewed.
  await query(
    app.db,
    sql`INSERT INTO entregas (empresa_id, contrato_id, requisito_id, empleado_id, comentario, estado)
        SELECT ${empresaId}, CASE WHEN modulo = 'sg-personal' THEN ${contrato.id}::int END, id,
               CASE WHEN modulo = 'sg-personal' THEN ${empleadoId}::int END, 'base', 1
          FROM requisitos WHERE modulo IN ('sg-sst', 'sg-personal')`,
  );
  const req = async (codigo: string) =>
    (await one<{ id: number }>(sql`SELECT id FROM requisitos WHERE codigo = ${codigo}`)).id;
  const camara = await req('E02');
  const nombreCorto = async (id: number) =>
    (await one<{ nombre_corto: string }>(sql`SELECT nombre_corto FROM requisitos WHERE id = ${id}`))
      .nombre_corto;
  // A worker item whose validity counts from the issue date, applicable to every activity (the
  // induction, per project since decision 180).
  const personal = await one<{ id: number; codigo: string }>(
    sql`SELECT id, codigo FROM requisitos
         WHERE modulo = 'sg-personal' AND activo AND aplica_si IS NULL
           AND regla_vigencia->>'tipo' IN ('dias_desde_expedicion', 'por_proyecto') ORDER BY orden, id LIMIT 1`,
  );

  const { password } = await upsertStaff(app.db, {
    username: 'guardia160',
    rol: 'porteria',
    correo: 'guardia160@constructora.co',
    proyectos: [contrato.proyecto_id],
  });
  await query(app.db, sql`UPDATE usuarios SET must_change_password = false WHERE username = 'guardia160'`);
  const [A, R, G] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, REVIEWER),
    await authHeaders(app, { username: 'guardia160', password, path: '/api/login/authenticatead' }),
  ];

  const trabajador = `tipodocumento=CC&numerodocumento=1000000160&contratoid=${contrato.id}`;
  const subir = async (requisitoId: number, worker: boolean, nombre: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/${worker ? 'sg-personal' : 'sg-sst'}/${requisitoId}`,
      headers: A,
      payload: {
        ...(worker ? { contratoid: contrato.id, tipodocumento: 'CC', numerodocumento: '1000000160' } : {}),
        fechaExpedicion: hoyEnColombia(clock.now()),
        adjunto: { adjunto: pdf(nombre).toString('base64'), nombreArchivo: nombre, extension: 'pdf' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().idEntrega as number;
  };
  const decidir = async (id: number, como: 'aprobar' | 'rechazar') => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${id}/${como}`,
      headers: R,
      payload: como === 'rechazar' ? { observacion: 'El certificado está ilegible.' } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const fila = async (requisitoId: number, worker: boolean) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/contratista/adjuntos/${worker ? `sg-personal?${trabajador}` : 'sg-sst'}`,
      headers: A,
    });
    expect(res.statusCode, res.body).toBe(200);
    return evidenceList.parse(res.json()).find((r) => r.id === requisitoId)!;
  };
  const item = async (requisitoId: number, worker: boolean) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/revision/cumplimiento/${empresaId}/items?opcionales=true`,
      headers: R,
    });
    expect(res.statusCode, res.body).toBe(200);
    return z
      .array(cumplimientoItem)
      .parse(res.json())
      .find((i) => i.requisito.id === requisitoId && (!worker || i.empleado?.id === empleadoId));
  };
  const apto = async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/contratista/trabajadores/aptitud?contratoid=${contrato.id}`,
      headers: A,
    });
    expect(res.statusCode, res.body).toBe(200);
    const w = z
      .array(aptitudTrabajador)
      .parse(res.json())
      .find((t) => t.empleadoId === empleadoId)!;
    const roster = await app.inject({
      method: 'GET',
      url: `/api/porteria/roster?proyectoid=${contrato.proyecto_id}`,
      headers: G,
    });
    expect(roster.statusCode, roster.body).toBe(200);
    const r = rosterContenido
      .parse(JSON.parse((roster.json() as { contenido: string }).contenido))
      .trabajadores.find((t) => t.empleadoId === empleadoId)!;
    return { lista: [w.apto, w.motivos], porteria: [r.apto, r.motivos], renovaciones: w.renovaciones };
  };
  const APTO = { lista: [true, []], porteria: [true, []], renovaciones: [] };
  /** The history tree's slot folder that holds submission `id`, and the states of `id` and newer. */
  const carpeta = async (id: number, worker: boolean) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/contratista/bliotecadocumentos/${
        worker ? `sg-personal?contrato=${contrato.id}&numdocumento=1000000160` : 'sg-sst'
      }`,
      headers: A,
    });
    expect(res.statusCode, res.body).toBe(200);
    const buscar = (nodes: HistoryNode[]): HistoryNode | undefined => {
      for (const n of nodes) {
        if (n.idregistro === 0 && n.contenido.some((c) => c.idregistro === id)) return n;
        const hijo = buscar(n.contenido);
        if (hijo) return hijo;
      }
      return undefined;
    };
    const f = buscar(historyTree.parse(res.json()))!;
    return {
      estadoflujo: f.estadoflujo,
      vigencia: f.vigencia,
      renovacion: f.renovacion,
      // This walk's submissions from `id` on (the seeded approval 'base' sits below them).
      entregas: f.contenido.filter((c) => c.idregistro >= id).map((c) => [c.idregistro, c.estadoflujo]),
    };
  };

  it('keeps the approval counting until the renewal is decided, for a company and a worker document', async () => {
    for (const [requisitoId, worker] of [
      [camara, false],
      [personal.id, true],
    ] as const) {
      clock.set('2026-03-10T15:00:00Z');
      const primera = await subir(requisitoId, worker, 'primera.pdf');
      await decidir(primera, 'aprobar');
      const aprobada = await fila(requisitoId, worker);
      expect(aprobada).toMatchObject({ codEstado: 1, idEntrega: primera, renovacion: null });
      const vigencia = aprobada.vigencia!;
      expect(vigencia > HOY).toBe(true);
      expect(await apto()).toEqual(APTO);
      const linea = MSG.aptitudRenovacionPendiente(await nombreCorto(requisitoId), formatDia(vigencia));
      expect(linea).toContain(`Vigente hasta ${formatDia(vigencia)} · Renovación pendiente por aprobar`);

      // Two days later the contractor uploads the renewal: the approval in force still counts.
      clock.set('2026-03-12T15:00:00Z');
      const renovacion = await subir(requisitoId, worker, 'renovacion.pdf');
      expect(await fila(requisitoId, worker)).toMatchObject({
        codEstado: 1,
        estado: MSG.estadoAprobado,
        idEntrega: primera,
        vigencia,
        renovacion: { idEntrega: renovacion },
      });
      const conRenovacion = await item(requisitoId, worker);
      expect(conRenovacion).toMatchObject({
        codEstado: 1,
        estado: MSG.estadoAprobado,
        entregaId: primera,
        vigenciaHasta: vigencia,
        renovacion: { entregaId: renovacion },
      });
      // The renewal's own upload instant, next to the approval's.
      const cargada = async (id: number) =>
        new Date(
          (await one<{ at: Date | string }>(sql`SELECT created_at AS at FROM entregas WHERE id = ${id}`)).at,
        ).toISOString();
      expect(conRenovacion!.renovacion!.cargadoAt).toBe(await cargada(renovacion));
      expect(conRenovacion!.cargadoAt).toBe(await cargada(primera));
      expect(await apto()).toEqual({ ...APTO, renovaciones: [linea] });
      // The slot folder reads as the approval with its renewal; each submission keeps its state.
      expect(await carpeta(primera, worker)).toEqual({
        estadoflujo: 1,
        vigencia,
        renovacion,
        entregas: [
          [renovacion, 0],
          [primera, 1],
        ],
      });

      // Rejected: the approval still counts while in force, and no renewal is pending.
      await decidir(renovacion, 'rechazar');
      expect(await fila(requisitoId, worker)).toMatchObject({
        codEstado: 1,
        idEntrega: primera,
        renovacion: null,
      });
      expect(await item(requisitoId, worker)).toMatchObject({
        codEstado: 1,
        entregaId: primera,
        renovacion: null,
      });
      expect(await apto()).toEqual(APTO);
      expect(await carpeta(primera, worker)).toEqual({
        estadoflujo: 1,
        vigencia: '',
        renovacion: 0,
        entregas: [
          [renovacion, -1],
          [primera, 1],
        ],
      });

      // A second renewal, approved: it counts, with its own validity.
      clock.set('2026-03-14T15:00:00Z');
      const segunda = await subir(requisitoId, worker, 'segunda.pdf');
      expect(await fila(requisitoId, worker)).toMatchObject({
        idEntrega: primera,
        renovacion: { idEntrega: segunda },
      });
      expect(await item(requisitoId, worker)).toMatchObject({ renovacion: { entregaId: segunda } });
      expect((await carpeta(primera, worker)).renovacion).toBe(segunda);
      await decidir(segunda, 'aprobar');
      const nueva = await fila(requisitoId, worker);
      expect(nueva).toMatchObject({ codEstado: 1, idEntrega: segunda, renovacion: null });
      expect(nueva.vigencia! > vigencia).toBe(true);
      expect(await item(requisitoId, worker)).toMatchObject({
        codEstado: 1,
        entregaId: segunda,
        renovacion: null,
      });
      expect(await apto()).toEqual(APTO);
      expect(await carpeta(segunda, worker)).toMatchObject({ estadoflujo: 1, renovacion: 0 });

      // Once the approval has expired, a pending renewal is what the slot shows: awaiting review.
      const tercera = await subir(requisitoId, worker, 'tercera.pdf');
      clock.set(`${sumarDias(nueva.vigencia!, 1)}T15:00:00Z`);
      expect(await fila(requisitoId, worker)).toMatchObject({
        codEstado: 0,
        idEntrega: tercera,
        renovacion: null,
      });
      expect(await item(requisitoId, worker)).toMatchObject({
        codEstado: 0,
        entregaId: tercera,
        renovacion: null,
      });
      expect((await apto()).lista[0]).toBe(false);
      expect(await carpeta(tercera, worker)).toMatchObject({ estadoflujo: 0, vigencia: '', renovacion: 0 });
      await decidir(tercera, 'aprobar');
    }
  }, 120_000);
});
