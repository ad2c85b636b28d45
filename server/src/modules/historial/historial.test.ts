import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, type HistoryNode } from '@proveedores/domain';
import { clockOf } from '../../lib/clock';
import { query } from '../../db/client';
import { insertEmpleado } from '../../test/empleados';
import { authHeaders, CONTRACTOR_A, CONTRACTOR_B, createTestApp, REVIEWER } from '../../test/app';
import {
  demoIds,
  fechaInicio,
  insertAnexo,
  insertEntrega,
  monthsSince,
  requisito,
} from '../../test/historial';
import { samplePdf } from '../../lib/file-check-samples';

let app: FastifyInstance;
let ids: Awaited<ReturnType<typeof demoIds>>;
let hA: Record<string, string>;
let hB: Record<string, string>;
let hR: Record<string, string>;
const seeded: Record<string, number> = {};

const URL = '/api/contratista/bliotecadocumentos';
const get = async (path: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `${URL}/${path}`, headers });
async function tree(path: string, headers: Record<string, string>): Promise<HistoryNode[]> {
  const res = await get(path, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HistoryNode[];
}

/** Every node of a tree, depth first. */
function walk(nodes: HistoryNode[]): HistoryNode[] {
  return nodes.flatMap((n) => [n, ...walk(n.contenido)]);
}
const leaves = (nodes: HistoryNode[]) =>
  walk(nodes).filter((n) => n.contenido.length === 0 && n.idregistro > 0);
const KEYS = [
  'comentario',
  'contenido',
  'estadoflujo',
  'idregistro',
  'motivorechazo',
  'nombre',
  'registro',
  'renovacion',
  'urllink',
  'urllinkext',
  'vigencia',
];

beforeAll(async () => {
  app = await createTestApp();
  ids = await demoIds(app);
  [hA, hB, hR] = await Promise.all([
    authHeaders(app, CONTRACTOR_A),
    authHeaders(app, CONTRACTOR_B),
    authHeaders(app, REVIEWER),
  ]);
  const day = (d: string) => new Date(`${d}T15:00:00Z`);

  // sg-sst of A: E01 twice (old approved and expired, new pending), E02 a rejected comment, E03 with annexes.
  const e01 = await requisito(app, 'sg-sst', 'E01');
  const e02 = await requisito(app, 'sg-sst', 'E02');
  const e03 = await requisito(app, 'sg-sst', 'E03');
  seeded.rutOld = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: e01.id,
    file: 'rut-2024.pdf',
    estado: 1,
    vigenciaHasta: '2025-01-31',
    createdAt: day('2025-01-10'),
    cargadoPor: ids.userA,
    revisadoPor: ids.reviewer,
  });
  seeded.rutNew = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: e01.id,
    file: 'rut.pdf',
    createdAt: day('2026-01-05'),
    cargadoPor: ids.userA,
  });
  seeded.comment = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: e02.id,
    comentario: 'No aplica: #/trámite en curso',
    estado: -1,
    motivoRechazo: 'Debe adjuntar el certificado',
    createdAt: day('2026-01-06'),
    cargadoPor: ids.userA,
  });
  seeded.cedula = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: e03.id,
    file: 'cedula.pdf',
    createdAt: day('2026-01-07'),
    cargadoPor: ids.userA,
  });
  seeded.anexo1 = await insertAnexo(app, seeded.cedula, 'cedula-reverso.pdf', ids.userA);
  seeded.anexo2 = await insertAnexo(app, seeded.cedula, 'poder.pdf', ids.userA);
  // sg-sst of B.
  seeded.rutB = await insertEntrega(app, {
    empresaId: ids.b,
    requisitoId: e01.id,
    file: 'rut-b.pdf',
    cargadoPor: ids.userB,
  });

  // g-riesgo: A's work-at-heights contract, M01 in the current month (approved) and the previous one (rejected).
  const m01 = await requisito(app, 'g-riesgo', 'M01');
  const [cur, prev] = monthsSince(await fechaInicio(app, ids.aAlturas.id), clockOf(app.config).now());
  seeded.riesgoCur = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: m01.id,
    contratoId: ids.aAlturas.id,
    ano: cur.ano,
    mes: cur.mes,
    file: 'matriz.xlsx',
    estado: 1,
    vigenciaHasta: '2100-01-01',
  });
  seeded.riesgoPrev = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: m01.id,
    contratoId: ids.aAlturas.id,
    ano: prev.ano,
    mes: prev.mes,
    file: 'matriz-old.xlsx',
    estado: -1,
    motivoRechazo: 'Incompleta',
  });
  seeded.riesgoB = await insertEntrega(app, {
    empresaId: ids.b,
    requisitoId: m01.id,
    contratoId: ids.bConfinados.id,
    ano: cur.ano,
    mes: cur.mes,
    file: 'matriz-b.xlsx',
  });

  // g-retenido: one on A's plain contract.
  const r01 = await requisito(app, 'g-retenido', 'R01');
  seeded.retenido = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: r01.id,
    contratoId: ids.aPlain.id,
    file: 'paz-y-salvo.pdf',
  });

  // sg-personal: two workers on A's heights contract, one with a submission; B has a worker with the same number.
  seeded.emp1 = await insertEmpleado(app, {
    empresaId: ids.a,
    numero: '1001',
    nombres: 'ANA MARIA',
    contratoId: ids.aAlturas.id,
  });
  seeded.emp2 = await insertEmpleado(app, {
    empresaId: ids.a,
    numero: '1002',
    nombres: 'BRUNO',
    contratoId: ids.aAlturas.id,
  });
  seeded.empB = await insertEmpleado(app, {
    empresaId: ids.b,
    numero: '1001',
    nombres: 'CAMILA',
    contratoId: ids.bConfinados.id,
  });
  const p01 = await requisito(app, 'sg-personal', 'P01');
  seeded.personal = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: p01.id,
    contratoId: ids.aAlturas.id,
    empleadoId: seeded.emp1,
    file: 'cedula-ana.pdf',
  });
  seeded.personalB = await insertEntrega(app, {
    empresaId: ids.b,
    requisitoId: p01.id,
    contratoId: ids.bConfinados.id,
    empleadoId: seeded.empB,
    file: 'cedula-camila.pdf',
  });
});

describe('GET bliotecadocumentos/sg-sst', () => {
  it('has one folder per applicable requirement, empty ones as -2, submissions newest first', async () => {
    const nodes = await tree('sg-sst', hA);
    // A has a work-at-heights contract and no confined-space or fleet one.
    const [{ n }] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM requisitos WHERE modulo = 'sg-sst' AND activo AND (aplica_si IS NULL OR aplica_si = 'alturas')`,
    );
    expect(nodes).toHaveLength(n);
    for (const node of walk(nodes)) expect(Object.keys(node).sort()).toEqual(KEYS);

    const rut = nodes.find((x) => x.nombre === 'RUT')!;
    expect(rut.estadoflujo).toBe(0);
    expect(rut.idregistro).toBe(0);
    expect(rut.registro).toBe('2026-01-05 10:00');
    expect(rut.contenido.map((x) => x.idregistro)).toEqual([seeded.rutNew, seeded.rutOld]);
    const [newest, old] = rut.contenido;
    expect(newest).toMatchObject({
      nombre: 'rut.pdf',
      urllink: `/api/adminflujos/adjunto/${seeded.rutNew}`,
      urllinkext: '',
      estadoflujo: 0,
      contenido: [],
    });
    expect(newest.registro).toBe(`2026-01-05 10:00 - ${'MARIA FERNANDA GOMEZ'}`);
    expect(old).toMatchObject({ nombre: 'rut-2024.pdf', estadoflujo: 9, vigencia: '2025-01-31' });

    const camara = nodes.find((x) => x.nombre === 'Certificado de existencia y representación legal')!;
    expect(camara.estadoflujo).toBe(-1);
    expect(camara.contenido).toHaveLength(1);
    expect(camara.contenido[0]).toMatchObject({
      nombre: MSG.historyComment,
      comentario: 'No aplica: #/trámite en curso',
      urllink: '',
      estadoflujo: -1,
      motivorechazo: 'Debe adjuntar el certificado',
      idregistro: seeded.comment,
    });

    // A submission with annexes is a folder: the main file first, then the annexes in upload order.
    const cedula = nodes.find((x) => x.nombre === 'Cédula del representante legal')!;
    const sub = cedula.contenido[0];
    expect(sub).toMatchObject({
      nombre: 'cedula.pdf',
      urllink: '',
      idregistro: seeded.cedula,
      estadoflujo: 0,
    });
    expect(sub.contenido.map((x) => [x.nombre, x.urllink, x.idregistro])).toEqual([
      ['cedula.pdf', `/api/adminflujos/adjunto/${seeded.cedula}`, seeded.cedula],
      [
        MSG.historyAnnex('cedula-reverso.pdf'),
        `/api/adminflujos/adjunto/anexo/${seeded.anexo1}`,
        seeded.cedula,
      ],
      [MSG.historyAnnex('poder.pdf'), `/api/adminflujos/adjunto/anexo/${seeded.anexo2}`, seeded.cedula],
    ]);

    // Applicable but never handed in: an empty folder marked pending; confined-space items absent.
    const empty = nodes.filter((x) => x.contenido.length === 0);
    expect(empty.length).toBe(n - 3);
    for (const e of empty) expect(e.estadoflujo).toBe(-2);
    const [conf] = await query<{ nombre: string }>(
      app.db,
      sql`SELECT nombre_corto AS nombre FROM requisitos WHERE modulo = 'sg-sst' AND aplica_si = 'espacios_confinados'`,
    );
    expect(nodes.map((x) => x.nombre)).not.toContain(conf.nombre);
  });

  it("never shows another company's submissions, whatever the parameters", async () => {
    const nodes = await tree(`sg-sst?empresa=${ids.a}&nit=900123456&contrato=${ids.aAlturas.id}`, hB);
    const got = leaves(nodes).map((x) => x.idregistro);
    expect(got).toEqual([seeded.rutB]);
    // B has a confined-space contract: that item applies to B.
    const [conf] = await query<{ nombre: string }>(
      app.db,
      sql`SELECT nombre_corto AS nombre FROM requisitos WHERE modulo = 'sg-sst' AND aplica_si = 'espacios_confinados'`,
    );
    expect(nodes.map((x) => x.nombre)).toContain(conf.nombre);
  });

  it('lets staff read a named company and asks them to name one', async () => {
    const byId = await tree(`sg-sst?empresa=${ids.a}`, hR);
    expect(
      leaves(byId)
        .map((x) => x.idregistro)
        .sort(),
    ).toEqual(
      [seeded.rutNew, seeded.rutOld, seeded.comment, seeded.cedula, seeded.cedula, seeded.cedula].sort(),
    );
    const byNit = await tree('sg-sst?nit=800987654', hR);
    expect(leaves(byNit).map((x) => x.idregistro)).toEqual([seeded.rutB]);
    const none = await get('sg-sst', hR);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.historyCompanyRequired);
    expect((await get('sg-sst?empresa=999999', hR)).statusCode).toBe(404);
  });

  it('refuses unknown types, bad ids and missing tokens', async () => {
    const bad = await get('otro', hA);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.historyTypeInvalid);
    expect((await get('g-retenido?contrato=1%20OR%201=1', hA)).statusCode).toBe(400);
    expect((await get('g-retenido?contrato=1&contrato=2', hA)).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `${URL}/sg-sst` })).statusCode).toBe(401);
  });
});

describe('GET bliotecadocumentos/g-riesgo', () => {
  it('groups by contract, requirement and period (YYYY-MM, newest first) without contrato', async () => {
    const nodes = await tree('g-riesgo', hA);
    expect(nodes.map((x) => x.nombre)).toEqual([ids.aAlturas.nombre, ids.aPlain.nombre]);
    const periods = monthsSince(await fechaInicio(app, ids.aAlturas.id), clockOf(app.config).now());
    const [{ n }] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM requisitos WHERE modulo = 'g-riesgo' AND activo`,
    );
    const heights = nodes[0];
    expect(heights.contenido).toHaveLength(n);
    for (const req of heights.contenido)
      expect(req.contenido.map((p) => p.nombre)).toEqual(periods.map((p) => p.label));

    const m01 = heights.contenido.find((x) => walk([x]).some((y) => y.idregistro === seeded.riesgoCur))!;
    const [cur, prev] = m01.contenido;
    expect(cur.estadoflujo).toBe(1);
    expect(cur.contenido.map((x) => x.idregistro)).toEqual([seeded.riesgoCur]);
    expect(prev.estadoflujo).toBe(-1);
    expect(prev.contenido[0]).toMatchObject({ nombre: 'matriz-old.xlsx', motivorechazo: 'Incompleta' });
    // A requirement folder shows its most urgent period: rejected beats pending and approved.
    expect(m01.estadoflujo).toBe(-1);
    expect(heights.estadoflujo).toBe(-1);
    expect(walk(nodes).map((x) => x.idregistro)).not.toContain(seeded.riesgoB);
  });

  it('narrows to one contract when contrato is given (no contract level)', async () => {
    const nodes = await tree(`g-riesgo?contrato=${ids.aPlain.id}`, hA);
    const [{ n }] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM requisitos WHERE modulo = 'g-riesgo' AND activo`,
    );
    expect(nodes).toHaveLength(n);
    expect(leaves(nodes)).toHaveLength(0);
    for (const req of nodes) expect(req.estadoflujo).toBe(-2);
  });

  it("answers 404 for another company's contract and shows B only its own", async () => {
    const res = await get(`g-riesgo?contrato=${ids.aAlturas.id}`, hB);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.evidenceContractNotFound);
    const nodes = await tree('g-riesgo', hB);
    expect(nodes.map((x) => x.nombre)).toEqual([ids.bConfinados.nombre]);
    expect(leaves(nodes).map((x) => x.idregistro)).toEqual([seeded.riesgoB]);
  });
});

describe('GET bliotecadocumentos/g-retenido', () => {
  it('lists requirement folders of the contract, or contract folders without contrato', async () => {
    const one = await tree(`g-retenido?contrato=${ids.aPlain.id}`, hA);
    expect(leaves(one).map((x) => x.idregistro)).toEqual([seeded.retenido]);
    expect(one.every((x) => x.contenido.every((y) => y.contenido.length === 0))).toBe(true);
    const all = await tree('g-retenido', hA);
    expect(all.map((x) => x.nombre)).toEqual([ids.aAlturas.nombre, ids.aPlain.nombre]);
    expect(leaves([all[0]])).toHaveLength(0);
    expect(leaves(all[1].contenido).map((x) => x.idregistro)).toEqual([seeded.retenido]);
    expect((await get(`g-retenido?contrato=${ids.aPlain.id}`, hB)).statusCode).toBe(404);
  });
});

describe('GET bliotecadocumentos/sg-personal', () => {
  it('has a folder per worker of the contract, with the requirements that apply', async () => {
    const nodes = await tree(`sg-personal?contrato=${ids.aAlturas.id}`, hA);
    expect(nodes.map((x) => x.nombre)).toEqual([
      'CC 1001 - ANA MARIA PEREZ GOMEZ',
      'CC 1002 - BRUNO PEREZ GOMEZ',
    ]);
    const [{ n }] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM requisitos WHERE modulo = 'sg-personal' AND activo AND (aplica_si IS NULL OR aplica_si = 'alturas')`,
    );
    expect(nodes[0].contenido).toHaveLength(n);
    expect(nodes[1].contenido).toHaveLength(n);
    expect(leaves([nodes[0]]).map((x) => x.idregistro)).toEqual([seeded.personal]);
    expect(leaves([nodes[1]])).toHaveLength(0);
    expect(nodes[1].estadoflujo).toBe(-2);
  });

  it('drops the worker level when numdocumento names one worker', async () => {
    const nodes = await tree(`sg-personal?contrato=${ids.aAlturas.id}&numdocumento=1001`, hA);
    expect(nodes.every((x) => !x.nombre.startsWith('CC '))).toBe(true);
    expect(leaves(nodes).map((x) => x.idregistro)).toEqual([seeded.personal]);
    // Without contrato: the contracts where that worker has a folder.
    const all = await tree('sg-personal?numdocumento=1001', hA);
    expect(all.map((x) => x.nombre)).toEqual([ids.aAlturas.nombre]);
    expect(await tree(`sg-personal?contrato=${ids.aAlturas.id}&numdocumento=9999`, hA)).toEqual([]);
  });

  it("never shows another company's worker with the same number", async () => {
    const nodes = await tree('sg-personal?numdocumento=1001', hB);
    expect(leaves(nodes).map((x) => x.idregistro)).toEqual([seeded.personalB]);
    expect((await get(`sg-personal?contrato=${ids.aAlturas.id}&numdocumento=1001`, hB)).statusCode).toBe(404);
  });
});

describe('links line up with the evidence module', () => {
  it('opens the uploaded file and its annex through urllink with the session token', async () => {
    const pdf = (text: string) => samplePdf(text);
    const e04 = await requisito(app, 'sg-sst', 'E04');
    const main = pdf('principal');
    const annex = pdf('anexo');
    const put = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${e04.id}`,
      headers: hA,
      payload: {
        adjunto: { adjunto: main.toString('base64'), nombreArchivo: 'afiliación ARL.pdf', extension: 'pdf' },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const putAnnex = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${e04.id}/anexo`,
      headers: hA,
      payload: {
        adjunto: { adjunto: annex.toString('base64'), nombreArchivo: 'planilla.pdf', extension: 'pdf' },
      },
    });
    expect(putAnnex.statusCode, putAnnex.body).toBe(200);

    const folder = (await tree('sg-sst', hA)).find((x) => x.nombre === e04.nombre)!;
    expect(folder.estadoflujo).toBe(0);
    const sub = folder.contenido[0];
    expect(sub.idregistro).toBe(put.json().idEntrega);
    const [mainLeaf, annexLeaf] = sub.contenido;
    expect(mainLeaf.nombre).toBe('afiliacion ARL.pdf');
    expect(mainLeaf.registro).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} - MARIA FERNANDA GOMEZ$/);
    // The client opens internal attachment links with a download ticket (docs/decisions/166).
    for (const [leaf, bytes] of [
      [mainLeaf, main],
      [annexLeaf, annex],
    ] as const) {
      expect(leaf.urllink).toContain('api/adminflujos/adjunto');
      const { ticket } = (
        await app.inject({ method: 'POST', url: `${leaf.urllink}/ticket`, headers: hA })
      ).json();
      const file = await app.inject({
        method: 'GET',
        url: `${leaf.urllink}?ticket=${encodeURIComponent(ticket)}`,
      });
      expect(file.statusCode, file.body).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      const other = await app.inject({ method: 'GET', url: leaf.urllink, headers: hB });
      expect(other.statusCode).toBe(404);
    }
  });
});
