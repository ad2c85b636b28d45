import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fechaIso, MSG } from '@proveedores/domain';
import {
  conNitDistinto,
  pagadaATiempo,
  serializarPila,
  sinCotizante,
  type PilaModelo,
} from '@proveedores/domain/pila/generador';
import { query } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { instanteBogota } from '../../compliance/agreement/world';
import { firstCargo, validEmployee } from '../../test/empleados';
import { pdfBytes } from '../../test/evidencias';
import { contratoPila, modeloPilaDe, putPila } from '../../test/pila';

/**
 * PILA upload and reconciliation through the API (docs/decisions/128), on a real database (PGlite, or
 * PostgreSQL with DATABASE_URL): a planilla generated for the contract's workers reconciles; one
 * without a worker names them; another NIT is refused and nothing is stored; a PDF is kept without
 * reconciliation; a worker found gets that month's P08 without another upload; isolation between
 * companies; the staff reads the reconciliation of an M01 submission; periods and the matrix.
 */
const HOY = '2026-11-20';
const app = await createTestApp({ clock: manualClock(instanteBogota(HOY, 10, 0)) });
let A: Record<string, string>;
let B: Record<string, string>;
let R: Record<string, string>;
let contratoId: number;
const DOCS = ['71020301', '71020302'];

beforeAll(async () => {
  await app.ready();
  [A, B, R] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, CONTRACTOR_B),
    await authHeaders(app, REVIEWER),
  ];
  contratoId = await contratoPila(app, A, DOCS);
});

/**
 * A 2026 month's planilla of the two workers, as the operator returns it paid on the deadline (the
 * planilla number and payment date that let it approve P08, docs/decisions/162).
 */
const modelo = (periodo = '2026-10'): PilaModelo => pagadaATiempo(modeloPilaDe(DOCS, periodo));

const put = (contenido: string | Uint8Array, nombre = 'planilla.txt', headers = A, mes = 10) =>
  putPila(app, headers, { contratoId, ano: 2026, mes, contenido, nombre });

const entregasDe = (codigo: string) =>
  query<{
    id: number;
    estado: number;
    empleado_id: number | null;
    archivo_id: number | null;
    vigencia_hasta: string | null;
  }>(
    app.db,
    sql`SELECT e.id::int AS id, e.estado, e.empleado_id, e.archivo_id::int AS archivo_id, e.vigencia_hasta::text AS vigencia_hasta
          FROM entregas e JOIN requisitos r ON r.id = e.requisito_id
         WHERE r.codigo = ${codigo} AND e.contrato_id = ${contratoId} ORDER BY e.id`,
  );

describe('PILA upload and reconciliation', () => {
  it('reconciles the planilla of the contract workers: M01 pending review, each worker gets the month P08', async () => {
    const res = await put(serializarPila(modelo()));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.conciliada).toBe(true);
    expect(body.hallazgos).toEqual([]);
    expect(body.veredicto).toBe('Conciliada');
    expect([body.esperados, body.encontrados]).toEqual([2, 2]);
    expect(body.pagados.sort()).toEqual(DOCS.map((d) => `CC:${d}`));

    const m01 = await entregasDe('M01');
    expect(m01.at(-1)).toMatchObject({ id: body.idEntrega, estado: 0 });
    const p08 = await entregasDe('P08');
    expect(p08).toHaveLength(2);
    for (const e of p08) {
      expect(e.estado).toBe(1);
      expect(e.archivo_id).toBe(m01.at(-1)!.archivo_id);
      // P08's rule: the payment month (November) until the PILA deadline of the next month.
      expect(e.vigencia_hasta! > fechaIso(2026, 12, 1)).toBe(true);
    }

    const get = await app.inject({
      method: 'GET',
      url: `/api/contratista/pila?contratoid=${contratoId}&ano=2026&mes=10`,
      headers: A,
    });
    expect(get.statusCode, get.body).toBe(200);
    expect(get.json()).toMatchObject({
      veredicto: 'Conciliada',
      idEntrega: body.idEntrega,
      nombreArchivo: 'planilla.txt',
    });
  });

  it('names a worker missing from the planilla; the other still gets P08', async () => {
    const antes = (await entregasDe('P08')).length;
    const res = await put(serializarPila(sinCotizante(modelo('2026-09'), DOCS[1])), 'planilla.txt', A, 9);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.veredicto).toBe('Con errores');
    expect(body.faltantes).toEqual([
      expect.objectContaining({ tipodocumento: 'CC', numerodocumento: DOCS[1] }),
    ]);
    const error = body.hallazgos.find((h: { numerodocumento?: string }) => h.numerodocumento === DOCS[1]);
    expect(error).toMatchObject({ severidad: 'error' });
    expect(error.mensaje).toContain(DOCS[1]);
    expect((await entregasDe('P08')).length).toBe(antes + 1);
  });

  it("refuses another aportante's planilla and stores nothing", async () => {
    const [antes] = await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM entregas`);
    const res = await put(serializarPila(conNitDistinto(modelo(), '800987654')));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain('800987654');
    const [despues] = await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM entregas`);
    expect(despues.n).toBe(antes.n);
  });

  it('keeps a PDF as the M01 evidence and asks for the flat file', async () => {
    const res = await put(pdfBytes(), 'planilla.pdf', A, 8);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ conciliada: false, message: MSG.pilaSoloPdf });
    expect(res.json().veredicto).toBeUndefined();
  });

  it('refuses a binary file named .txt, an empty file and a line of the wrong size with their messages', async () => {
    const binario = await put(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 1, 2, 3]), 'planilla.txt');
    expect(binario.statusCode).toBe(400);
    expect(binario.json().message).toBe(MSG.fileContentMismatch('planilla.txt'));
    const vacio = await put(new Uint8Array([]), 'planilla.txt');
    expect(vacio.statusCode).toBe(400);

    const corta = serializarPila(modelo('2026-07'))
      .replace(/\r?\n/, (m) => m)
      .split(/\r?\n/);
    corta[1] = corta[1].slice(0, 692);
    const res = await put(corta.join('\r\n'), 'planilla.txt', A, 7);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.veredicto).toBe('Con errores');
    expect(
      body.hallazgos.some(
        (h: { linea?: number; severidad: string }) => h.linea === 2 && h.severidad === 'error',
      ),
    ).toBe(true);
  });

  it('keeps each company to its own contracts; staff read the reconciliation of an M01 submission', async () => {
    const ajeno = await put(serializarPila(modelo()), 'planilla.txt', B);
    expect(ajeno.statusCode).toBe(404);
    const leer = await app.inject({
      method: 'GET',
      url: `/api/contratista/pila?contratoid=${contratoId}&ano=2026&mes=10`,
      headers: B,
    });
    expect(leer.statusCode).toBe(404);

    const [m01] = (await entregasDe('M01')).slice(0, 1);
    const staff = await app.inject({
      method: 'GET',
      url: `/api/revision/pila/entregas/${m01.id}`,
      headers: R,
    });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().veredicto).toBe('Conciliada');
    const prohibido = await app.inject({
      method: 'GET',
      url: `/api/revision/pila/entregas/${m01.id}`,
      headers: A,
    });
    expect(prohibido.statusCode).toBe(403);
  });

  it('lists the reconciled periods and the months x workers matrix', async () => {
    const periodos = await app.inject({
      method: 'GET',
      url: `/api/contratista/pila/periodos?contratoid=${contratoId}`,
      headers: A,
    });
    expect(periodos.statusCode, periodos.body).toBe(200);
    expect(periodos.json().map((p: { mes: number; veredicto: string }) => [p.mes, p.veredicto])).toEqual([
      [7, 'Con errores'],
      [9, 'Con errores'],
      [10, 'Conciliada'],
    ]);
    const matriz = await app.inject({
      method: 'GET',
      url: `/api/revision/pila/matriz?contratoid=${contratoId}`,
      headers: R,
    });
    expect(matriz.statusCode, matriz.body).toBe(200);
    const m = matriz.json();
    expect(m.periodos).toEqual([
      { ano: 2026, mes: 7 },
      { ano: 2026, mes: 9 },
      { ano: 2026, mes: 10 },
    ]);
    const fila = (doc: string) =>
      m.trabajadores.find((t: { numerodocumento: string }) => t.numerodocumento === doc);
    expect(fila(DOCS[0]).estados.slice(1)).toEqual(['pagado', 'pagado']);
    expect(fila(DOCS[1]).estados.slice(1)).toEqual(['faltante', 'pagado']);
  });

  it('reads the portal entry and exit dates: an entry in the period without ING, an exit without RET', async () => {
    const cargo = await firstCargo(app, A);
    const nuevo = '71020303';
    const alta = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados',
      headers: A,
      payload: validEmployee(cargo.id, {
        numerodocumento: nuevo,
        contratoid: contratoId,
        fecini_seg_social: '2026-08-10',
      }),
    });
    expect(alta.statusCode, alta.body).toBe(200);
    const retiro = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados/retiro',
      headers: A,
      payload: { contratoid: contratoId, tipodocumento: 'CC', numerodocumento: DOCS[1], fecha: '2026-08-20' },
    });
    expect(retiro.statusCode, retiro.body).toBe(200);

    // August's planilla names the three workers, every one for the whole month, with no novedad.
    const m = modelo('2026-08');
    const base = m.personas[0];
    const agosto = { ...m, personas: [...m.personas, { ...base, numeroDocumento: nuevo }] };
    const res = await put(serializarPila(agosto), 'planilla.txt', A, 8);
    expect(res.statusCode, res.body).toBe(200);
    const reglas = res
      .json()
      .hallazgos.map((h: { regla: string; numerodocumento?: string }) => `${h.regla}:${h.numerodocumento}`);
    expect(reglas).toContain(`novedad.ingresoFalta:${nuevo}`);
    expect(reglas).toContain(`novedad.retiroFalta:${DOCS[1]}`);
    expect(reglas.filter((r: string) => r.endsWith(`:${DOCS[0]}`))).toEqual([]);
  });
});
