import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import {
  conClaseBaja,
  conPeriodoDistinto,
  pagada,
  pagadaATiempo,
  serializarPila,
  type PilaModelo,
} from '@proveedores/domain/pila/generador';
import { query } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../../test/app';
import { instanteBogota } from '../../compliance/agreement/world';
import { validEmployee } from '../../test/empleados';
import { pdfBytes } from '../../test/evidencias';
import { fechasParaAprobar } from '../../test/revision';
import { contratoPila, modeloPilaDe, putPila } from '../../test/pila';

/**
 * When a PILA flat file approves a worker's P08 without a reviewer (docs/decisions/162), through the
 * API on a real database: never without the operator's planilla number and payment date, never over
 * a reviewer's rejection still standing, never for a worker an error names; the answer says why.
 * And a planilla of another period is refused with nothing stored (docs/decisions/128).
 */
const HOY = '2026-11-20';
const app = await createTestApp({ clock: manualClock(instanteBogota(HOY, 10, 0)) });
let A: Record<string, string>;
let R: Record<string, string>;
let contratoId: number;
let p08Id: number;
const DOCS = ['71030401', '71030402', '71030403'];
const NOMBRE = (doc: string) => {
  const w = validEmployee(0);
  return MSG.pilaPersona(`${w.nombres} ${w.apellidos} ${w.apellidos2}`.trim(), 'CC', doc);
};

beforeAll(async () => {
  await app.ready();
  [A, R] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, REVIEWER)];
  [{ id: p08Id }] = await query<{ id: number }>(
    app.db,
    sql`SELECT id FROM requisitos WHERE modulo = 'sg-personal' AND codigo = 'P08'`,
  );
  // Only this test's workers are expected on the contract.
  contratoId = await contratoPila(app, A, DOCS, { soloEstos: true });
});

const modelo = (periodo: string): PilaModelo => modeloPilaDe(DOCS, periodo);

const put = (m: PilaModelo, mes: number) =>
  putPila(app, A, { contratoId, ano: 2026, mes, contenido: serializarPila(m) });

/** Documents of the workers with a P08 approved by a reconciliation (no reviewer) for `mes`. */
const aprobadosPorPila = async (mes: number) =>
  (
    await query<{ numero_documento: string }>(
      app.db,
      sql`SELECT em.numero_documento FROM entregas e JOIN empleados em ON em.id = e.empleado_id
           WHERE e.requisito_id = ${p08Id} AND e.contrato_id = ${contratoId} AND e.estado = 1
             AND e.revisado_por IS NULL AND e.comentario = ${MSG.pilaP08Comentario(2026, mes)}
           ORDER BY em.numero_documento`,
    )
  ).map((r) => r.numero_documento);

/** The contractor uploads a worker's own P08 (a PDF) and a reviewer decides on it. */
async function p08Revisado(doc: string, decision: 'aprobar' | 'rechazar') {
  const up = await app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-personal/${p08Id}`,
    headers: A,
    payload: {
      contratoid: contratoId,
      tipodocumento: 'CC',
      numerodocumento: doc,
      detalle: null,
      ...(decision === 'aprobar' ? await fechasParaAprobar(app, p08Id) : {}),
      adjunto: { adjunto: pdfBytes().toString('base64'), nombreArchivo: 'p08.pdf', extension: 'pdf' },
    },
  });
  expect(up.statusCode, up.body).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: `/api/revision/entregas/${up.json().idEntrega}/${decision}`,
    headers: R,
    payload: decision === 'rechazar' ? { observacion: 'El soporte no es legible.' } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
}

const contar = async () =>
  (
    await query<{ n: number; p: number }>(
      app.db,
      sql`SELECT (SELECT count(*) FROM entregas)::int AS n, (SELECT count(*) FROM pila_planillas)::int AS p`,
    )
  )[0];

describe('PILA: P08 approved by the reconciliation', () => {
  it('approves nobody from a flat file without the planilla number and payment date, and says why', async () => {
    const res = await put(modelo('2026-10'), 10);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ conciliada: true, veredicto: 'Conciliada', p08Aprobados: 0 });
    expect(body.pagados).toHaveLength(3);
    expect(body.avisosP08).toEqual([MSG.pilaP08SinPago]);
    expect(await aprobadosPorPila(10)).toEqual([]);
  });

  it('approves nobody when the payment date is after today', async () => {
    const res = await put(pagada(modelo('2026-10'), { fechaPago: '2026-11-21' }), 10);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().avisosP08).toEqual([MSG.pilaP08PagoFuturo('2026-11-21')]);
    expect(await aprobadosPorPila(10)).toEqual([]);
  });

  it("keeps a reviewer's rejection and leaves out a worker an error names; the others are approved", async () => {
    await p08Revisado(DOCS[0], 'rechazar');
    const res = await put(conClaseBaja(pagadaATiempo(modelo('2026-09')), DOCS[1]), 9);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.veredicto).toBe('Con errores');
    expect(body.p08Aprobados).toBe(1);
    expect(body.avisosP08).toEqual([
      MSG.pilaP08Rechazado(NOMBRE(DOCS[0])),
      MSG.pilaP08ConErrores(NOMBRE(DOCS[1])),
    ]);
    expect(await aprobadosPorPila(9)).toEqual([DOCS[2]]);
  });

  it('approves the rejected worker again once a newer upload of theirs was approved by a reviewer', async () => {
    await p08Revisado(DOCS[0], 'rechazar');
    await p08Revisado(DOCS[0], 'aprobar');
    const res = await put(pagadaATiempo(modelo('2026-08')), 8);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ p08Aprobados: 3, avisosP08: [] });
    expect(await aprobadosPorPila(8)).toEqual(DOCS);
  });
});

describe('PILA: a rejected planilla', () => {
  it('takes back the P08 it approved; a corrected planilla approves them again', async () => {
    const porRevisor = async () =>
      (
        await query<{ n: number }>(
          app.db,
          sql`SELECT count(*)::int AS n FROM entregas
               WHERE requisito_id = ${p08Id} AND revisado_por IS NOT NULL AND estado = 1`,
        )
      )[0].n;
    const aprobadasPorRevisor = await porRevisor();
    const first = await put(pagadaATiempo(modelo('2026-10')), 10);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json(), first.body).toMatchObject({ p08Aprobados: 3 });
    expect(await aprobadosPorPila(10)).toEqual(DOCS);

    const res = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${first.json().idEntrega}/rechazar`,
      headers: R,
      payload: { observacion: 'La planilla no corresponde al pago del operador.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await aprobadosPorPila(10)).toEqual([]);
    // What a reviewer approved stays approved.
    expect(await porRevisor()).toBe(aprobadasPorRevisor);
    const retiradas = await query<{ estado: number; motivo_rechazo: string; revisado_por: number | null }>(
      app.db,
      sql`SELECT estado, motivo_rechazo, revisado_por FROM entregas
           WHERE requisito_id = ${p08Id} AND contrato_id = ${contratoId}
             AND comentario = ${MSG.pilaP08Comentario(2026, 10)}`,
    );
    expect(retiradas).toEqual(
      DOCS.map(() => ({ estado: -1, motivo_rechazo: MSG.pilaP08Retirado(2026, 10), revisado_por: null })),
    );
    // What the contractor sees for a worker: the P08 rejected, naming the planilla.
    const [{ estado }] = await query<{ estado: number }>(
      app.db,
      sql`SELECT e.estado FROM entregas e JOIN empleados em ON em.id = e.empleado_id
           WHERE e.requisito_id = ${p08Id} AND e.contrato_id = ${contratoId} AND em.numero_documento = ${DOCS[2]}
           ORDER BY e.id DESC LIMIT 1`,
    );
    expect(estado).toBe(-1);

    // The withdrawal is no person's rejection: the corrected planilla approves the three again.
    const again = await put(pagadaATiempo(modelo('2026-10')), 10);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ p08Aprobados: 3, avisosP08: [] });
    expect(await aprobadosPorPila(10)).toEqual(DOCS);
  });
});

describe('PILA: a planilla of another period', () => {
  it('is refused naming the period found and the one expected, and nothing is stored', async () => {
    const antes = await contar();
    const res = await put(conPeriodoDistinto(pagadaATiempo(modelo('2026-07')), '2026-06'), 7);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(MSG.pilaPeriodo('Junio 2026', 'Julio 2026'));
    expect(await contar()).toEqual(antes);
    const matriz = await app.inject({
      method: 'GET',
      url: `/api/contratista/pila/matriz?contratoid=${contratoId}`,
      headers: A,
    });
    expect(matriz.json().periodos).not.toContainEqual({ ano: 2026, mes: 7 });
  });
});
