import { threadId } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, parsePila, PILA_MAX_LINEAS } from '@proveedores/domain';
import { aLatin1, generarPila } from '@proveedores/domain/pila/generador';
import { query } from '../../db/client';
import { readPilaOffThread } from '../../lib/file-check';
import { esTextoPlano } from '../../uploads/attachment';
import { authHeaders, createTestApp, CONTRACTOR_A } from '../../test/app';

/**
 * A PILA flat file is read off the event loop and refused by its line count before parsing
 * (docs/decisions/165): the mechanism, not its timings (bench/fault-pila-lines.ts measures those).
 */
const app = await createTestApp();

describe('PILA file read in the worker pool', () => {
  it('parses a planilla in a worker thread, as the parser does here', async () => {
    const bytes = aLatin1(generarPila({ periodo: '2026-10', n: 40, seed: 3 }));
    const r = await readPilaOffThread(bytes, PILA_MAX_LINEAS);
    if (!r.ok) throw new Error(`refused: ${r.reason}`);
    expect(r.threadId).not.toBe(threadId);
    expect(r.threadId).toBeGreaterThan(0);
    expect(r.archivo).toEqual(parsePila(bytes));
  });

  it('refuses a million short lines by their count, in the worker, without parsing them', async () => {
    const r = await readPilaOffThread(new TextEncoder().encode('x\n'.repeat(1_000_000)), PILA_MAX_LINEAS);
    expect(r).toEqual({
      ok: false,
      reason: 'lineas',
      maxLineas: PILA_MAX_LINEAS,
      threadId: expect.any(Number),
    });
    expect((r as { threadId: number }).threadId).not.toBe(threadId);
  });

  it('takes tab, CR, LF and Latin-1 letters as plain text, and no other control byte (indexed loop)', () => {
    expect(esTextoPlano(new Uint8Array([0x41, 0x09, 0x0d, 0x0a, 0xd1, 0xe9]))).toBe(true);
    for (const b of [0x00, 0x01, 0x0b, 0x0c, 0x1b, 0x1f])
      expect(esTextoPlano(new Uint8Array([0x41, 0x42, b, 0x43])), `byte ${b}`).toBe(false);
  });

  it('answers the upload with a Spanish message naming the limit, and stores nothing', async () => {
    const A = await authHeaders(app, CONTRACTOR_A);
    const [{ id }] = await query<{ id: number }>(
      app.db,
      sql`SELECT c.id FROM contratos c JOIN empresas e ON e.id = c.empresa_id
           WHERE e.nit = '900123456' ORDER BY c.id LIMIT 1`,
    );
    await query(app.db, sql`UPDATE contratos SET fecha_inicio = '2026-01-01' WHERE id = ${id}`);
    const [antes] = await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM entregas`);
    // A real header followed by short lines: one line past the limit.
    const planilla = generarPila({ periodo: '2026-10', n: 1, aportante: { nit: '900123456' } });
    const texto = planilla.split(/\r?\n/)[0] + '\r\n' + 'x\r\n'.repeat(PILA_MAX_LINEAS);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contratista/pila?contratoid=${id}&ano=2026&mes=10`,
      headers: A,
      payload: {
        adjunto: {
          adjunto: Buffer.from(aLatin1(texto)).toString('base64'),
          nombreArchivo: 'planilla.txt',
          extension: 'txt',
        },
      },
    });
    // Not the body in the failure message: unrefused, it is 20,001 findings.
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().message).toBe(MSG.pilaDemasiadasLineas(PILA_MAX_LINEAS));
    expect(res.json().message).toContain('20.000');
    const [despues] = await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM entregas`);
    expect(despues.n).toBe(antes.n);
  });
});
