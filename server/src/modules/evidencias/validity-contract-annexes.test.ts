import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  sumarDias,
  hoyEnColombia,
  MSG,
  type EvidenceRow,
  type ReporteEmpresa,
  type RiskRow,
} from '@proveedores/domain';
import { query } from '../../db/client';
import { entregas } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B } from '../../test/app';
import { adjunto, demoContracts, pdfBytes, requisitoId } from '../../test/evidencias';

/**
 * The evidence lists judge validity as the home summary does (docs/decisions/094), SG-SST uploads
 * need a project (094), and the annexes of a multi-file submission stay with it (095).
 */
// The app's clock (the demo contracts start three months before the real date, so it starts there).
const clock = manualClock(new Date());
let app: FastifyInstance;
let A: Record<string, string>;
let B: Record<string, string>;
let contracts: Awaited<ReturnType<typeof demoContracts>>;

beforeAll(async () => {
  app = await createTestApp({ clock, expiryWarningDays: 30 });
  [A, B] = await Promise.all([authHeaders(app, CONTRACTOR_A), authHeaders(app, CONTRACTOR_B)]);
  contracts = await demoContracts(app);
});

const call = (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  app.inject({ method, url: `/api/contratista/${url}`, headers, payload });

async function upload(modulo: string, id: number, headers: Record<string, string>, body: object) {
  const res = await call('PUT', `adjuntos/${modulo}/${id}`, headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().idEntrega as number;
}

const approve = (idEntrega: number, vigencia: string) =>
  app.db.update(entregas).set({ estado: 1, vigenciaHasta: vigencia }).where(eq(entregas.id, idEntrega));

describe('validity on the evidence lists agrees with the home summary', () => {
  it("'por_vencer' exactly where the home counts an item under 'Vencidos', on the app's Colombian day", async () => {
    const hoy = hoyEnColombia(clock.now());
    const codes = ['E02', 'E03', 'E04', 'E06'];
    const ids = await Promise.all(codes.map((c) => requisitoId(app, 'sg-sst', c)));
    const sent = await Promise.all(
      ids.map((id) => upload('sg-sst', id, A, { adjunto: adjunto(pdfBytes(), `v-${id}.pdf`) })),
    );
    // Ends today (still valid), on the last day of the window, one day past it, yesterday.
    const vigencias = [hoy, sumarDias(hoy, 30), sumarDias(hoy, 31), sumarDias(hoy, -1)];
    await Promise.all(sent.map((e, i) => approve(e, vigencias[i])));

    const rows = (await call('GET', 'adjuntos/sg-sst', A)).json() as EvidenceRow[];
    const by = (c: string) => rows.find((r) => r.codigo === c)!;
    expect(by('E02')).toMatchObject({
      codEstado: 1,
      estado: 'Aprobado',
      vigencia: hoy,
      alerta: 'por_vencer',
    });
    expect(by('E03')).toMatchObject({ codEstado: 1, alerta: 'por_vencer', vigencia: sumarDias(hoy, 30) });
    expect(by('E04')).toMatchObject({ codEstado: 1, alerta: 'vigente' });
    expect(by('E06')).toMatchObject({ codEstado: 9, estado: 'Vencido', alerta: 'vencido' });
    expect(by('E01')).toMatchObject({ codEstado: -2, alerta: null });

    // The home: 'Vencidos' = vencidos + por vencer of the same rule and day.
    const [summary] = (await call('GET', 'reporte', A)).json() as ReporteEmpresa[];
    const sgSst = summary.modulos.find((m) => m.modulo === 'sg-sst')!;
    const porVencer = rows.filter((r) => r.alerta === 'por_vencer').length;
    const vencidos = rows.filter((r) => r.alerta === 'vencido').length;
    expect({ poxvencer: sgSst.poxvencer, vencidos: sgSst.vencidos }).toEqual({
      poxvencer: porVencer,
      vencidos,
    });
    expect(porVencer).toBe(2);
    expect(vencidos).toBe(1);

    // A day later the one ending today has expired on both.
    clock.advanceDays(1);
    try {
      const later = (await call('GET', 'adjuntos/sg-sst', A)).json() as EvidenceRow[];
      expect(later.find((r) => r.codigo === 'E02')).toMatchObject({ codEstado: 9, alerta: 'vencido' });
      const [s2] = (await call('GET', 'reporte', A)).json() as ReporteEmpresa[];
      expect(s2.modulos.find((m) => m.modulo === 'sg-sst')!.vencidos).toBe(2);
    } finally {
      clock.advanceDays(-1);
    }
  });

  it('risk periods carry the same alert', async () => {
    const r = await requisitoId(app, 'g-riesgo', 'M01');
    const c = contracts.aAlturas.id;
    const [ano, mes] = hoyEnColombia(clock.now()).split('-').map(Number);
    const e = await upload('g-riesgo', r, A, {
      contratoid: c,
      ano,
      mes,
      adjunto: adjunto(pdfBytes(), 'riesgo.pdf'),
    });
    await approve(e, sumarDias(hoyEnColombia(clock.now()), 5));
    const rows = (await call('GET', `adjuntos/g-riesgo?contratoid=${c}`, A)).json() as RiskRow[];
    const row = rows.find((x) => x.id === r)!;
    expect(row.Periodo[0]).toMatchObject({ ano, mes, codEstado: 1, alerta: 'por_vencer' });
    expect(row.alerta).toBe('por_vencer');
  });
});

describe("SG-SST uploads need a project (the contract's validation rules)", () => {
  it('refuses a company without an active contract, and a project of another company', async () => {
    const e01 = await requisitoId(app, 'sg-sst', 'E01');
    // Another company's contract is not found, as everywhere.
    const foreign = await call('PUT', `adjuntos/sg-sst/${e01}`, A, {
      contratoid: contracts.bConfinados.id,
      detalle: 'comentario',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MSG.evidenceContractNotFound);
    // The company's own contract is accepted; the item stays the company's (no contract on the row).
    const own = await upload('sg-sst', e01, A, { contratoid: contracts.aPlain.id, detalle: 'con proyecto' });
    const [row] = await query<{ contrato_id: number | null }>(
      app.db,
      sql`SELECT contrato_id FROM entregas WHERE id = ${own}`,
    );
    expect(row.contrato_id).toBeNull();

    // Company B without any contract in force: nothing is stored.
    const bId = contracts.bConfinados.empresa_id;
    await app.db.execute(sql`UPDATE contratos SET activo = false WHERE empresa_id = ${bId}`);
    try {
      const before = await query<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM entregas WHERE empresa_id = ${bId}`,
      );
      for (const body of [{ detalle: 'sin proyecto' }, { adjunto: adjunto(pdfBytes(), 'rut.pdf') }]) {
        const res = await call('PUT', `adjuntos/sg-sst/${e01}`, B, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(MSG.selectOrEnterProject);
      }
      const after = await query<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM entregas WHERE empresa_id = ${bId}`,
      );
      expect(after[0].n).toBe(before[0].n);
    } finally {
      await app.db.execute(sql`UPDATE contratos SET activo = true WHERE empresa_id = ${bId}`);
    }
  });

  it('the contract modules refuse a body without contratoid', async () => {
    const r = await requisitoId(app, 'g-retenido', (await firstCodigo('g-retenido'))!);
    const res = await call('PUT', `adjuntos/g-retenido/${r}`, A, { detalle: 'sin contrato' });
    expect(res.statusCode).toBe(400);
    const list = await call('GET', 'adjuntos/g-retenido', A);
    expect(list.statusCode).toBe(400);
    expect(list.json().message).toBe(MSG.selectOrEnterProject);
  });
});

async function firstCodigo(modulo: string): Promise<string | undefined> {
  const [r] = await query<{ codigo: string }>(
    app.db,
    sql`SELECT codigo FROM requisitos WHERE modulo = ${modulo} AND activo AND aplica_si IS NULL ORDER BY orden LIMIT 1`,
  );
  return r?.codigo;
}

describe('annexes of a multi-file submission (docs/decisions/095)', () => {
  it('go to the submission they name, and are refused once a newer one replaced it', async () => {
    const e08 = await requisitoId(app, 'sg-sst', 'E08');
    const main = await upload('sg-sst', e08, A, { adjunto: adjunto(pdfBytes(), 'principal.pdf') });
    const ok = await call('PUT', `adjuntos/sg-sst/${e08}/anexo`, A, {
      idEntrega: main,
      adjunto: adjunto(pdfBytes(), 'anexo-1.pdf'),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().idEntrega).toBe(main);

    const newer = await upload('sg-sst', e08, A, { detalle: 'otra carga' });
    const late = await call('PUT', `adjuntos/sg-sst/${e08}/anexo`, A, {
      idEntrega: main,
      adjunto: adjunto(pdfBytes(), 'anexo-2.pdf'),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MSG.evidenceAnnexSubmissionChanged);
    const counts = await query<{ entrega_id: number; n: number }>(
      app.db,
      sql`SELECT entrega_id::int AS entrega_id, count(*)::int AS n FROM anexos WHERE entrega_id IN (${main}, ${newer}) GROUP BY entrega_id`,
    );
    expect(counts).toEqual([{ entrega_id: main, n: 1 }]);
    // Without idEntrega the annex goes to the current submission, as before.
    const plain = await call('PUT', `adjuntos/sg-sst/${e08}/anexo`, A, {
      adjunto: adjunto(pdfBytes(), 'anexo-3.pdf'),
    });
    expect(plain.json().idEntrega).toBe(newer);
  });
});
