import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  classifyCell,
  diaToIso,
  MODULOS,
  MSG,
  parseLinkCell,
  type TableDescription,
} from '@proveedores/domain';
import { query } from '../../db/client';
import { insertEmpleado } from '../../test/empleados';
import { authHeaders, CONTRACTOR_A, CONTRACTOR_B, createTestApp, REVIEWER } from '../../test/app';
import { ADMIN } from '../../test/revision';
import { demoIds, insertAnexo, insertEntrega, requisito } from '../../test/historial';
import { containsPattern } from './get-list';

let app: FastifyInstance;
let ids: Awaited<ReturnType<typeof demoIds>>;
let hA: Record<string, string>;
let hB: Record<string, string>;
let hR: Record<string, string>;
let hAdm: Record<string, string>;
const seeded: Record<string, number> = {};
/** A's sg-sst submissions, all of them. */
let totalA = 0;

const URL = '/api/contratista/Listadinamico';
const get = (path: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `${URL}/${path}`, headers });
async function list(path: string, headers: Record<string, string>): Promise<TableDescription> {
  const res = await get(path, headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as TableDescription[];
  expect(Array.isArray(body)).toBe(true);
  expect(body).toHaveLength(1);
  return body[0];
}
async function refused(path: string, headers: Record<string, string>, status = 400): Promise<string> {
  const res = await get(path, headers);
  expect(res.statusCode, res.body).toBe(status);
  return res.json().message as string;
}
const entregasCount = async () =>
  (await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM entregas`))[0].n;

beforeAll(async () => {
  app = await createTestApp();
  ids = await demoIds(app);
  [hA, hB, hR, hAdm] = await Promise.all([
    authHeaders(app, CONTRACTOR_A),
    authHeaders(app, CONTRACTOR_B),
    authHeaders(app, REVIEWER),
    authHeaders(app, ADMIN),
  ]);
  const e01 = await requisito(app, 'sg-sst', 'E01');
  const e02 = await requisito(app, 'sg-sst', 'E02');
  // 23 plain submissions on distinct days, then the special ones.
  for (let i = 0; i < 23; i++) {
    await insertEntrega(app, {
      empresaId: ids.a,
      requisitoId: e01.id,
      file: `rut-${String(i).padStart(2, '0')}.pdf`,
      createdAt: new Date(Date.UTC(2025, 0, 1 + i, 15)),
      cargadoPor: ids.userA,
    });
  }
  seeded.percent = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: e02.id,
    comentario: 'Avance 100% listo',
    cargadoPor: ids.userA,
  });
  seeded.underscore = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: e02.id,
    comentario: 'ver archivo_final',
    cargadoPor: ids.userA,
  });
  seeded.hostile = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: e02.id,
    comentario: 'mire#/admin|x|y|z',
    estado: -1,
    motivoRechazo: 'Ilegible',
    cargadoPor: ids.userA,
    revisadoPor: ids.reviewer,
  });
  seeded.withAnnex = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: e02.id,
    file: 'camara #2.pdf',
    estado: 1,
    vigenciaHasta: '2000-01-01',
  });
  await insertAnexo(app, seeded.withAnnex, 'anexo.pdf');
  totalA = 27;
  seeded.b = await insertEntrega(app, {
    empresaId: ids.b,
    requisitoId: e01.id,
    file: 'rut-b.pdf',
    comentario: 'Avance 100% listo',
  });

  const m01 = await requisito(app, 'g-riesgo', 'M01');
  seeded.riesgo = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: m01.id,
    contratoId: ids.aAlturas.id,
    ano: 2026,
    mes: 3,
    file: 'matriz.xlsx',
  });
  const p01 = await requisito(app, 'sg-personal', 'P01');
  const ana = await insertEmpleado(app, {
    empresaId: ids.a,
    numero: '1001',
    nombres: 'ANA',
    contratoId: ids.aAlturas.id,
  });
  const beto = await insertEmpleado(app, {
    empresaId: ids.a,
    numero: '1002',
    nombres: 'BETO',
    contratoId: ids.aAlturas.id,
  });
  seeded.ana = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: p01.id,
    contratoId: ids.aAlturas.id,
    empleadoId: ana,
    file: 'ana.pdf',
  });
  seeded.beto = await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: p01.id,
    contratoId: ids.aAlturas.id,
    empleadoId: beto,
    file: 'beto.pdf',
  });
});

describe('histdocs description', () => {
  it('is a one-element list whose element describes the table and holds the first page', async () => {
    const res = await get('histdocs?path=sg-sst', hA);
    expect(res.statusCode).toBe(200);
    const [d] = res.json() as TableDescription[];
    expect(Object.keys(d).sort()).toEqual(
      [
        'boton',
        'buscador',
        'columnas',
        'columnasBurcador',
        'columnasVisibles',
        'contextoMenu',
        'datos',
        'descripcion',
        'exportar',
        'idtabla',
        'order',
        'page',
        'pageSizes',
        'parrafo',
        'size',
        'sort',
        'subtitulo',
        'titulo',
        'total',
      ].sort(),
    );
    expect(d).toMatchObject({
      idtabla: 'histdocs',
      titulo: MSG.histdocsTitle('SG-SST'),
      exportar: true,
      columnasVisibles: true,
      buscador: true,
      columnasBurcador: true,
      page: 1,
      size: 10,
      sort: 'fechacarga',
      order: 'desc',
      total: totalA,
      pageSizes: [10, 20, 25, 50],
    });
    expect(d.columnas.map((c) => c.id)).toEqual([
      'evento',
      'requisito',
      'estado',
      'archivo',
      'anexos',
      'comentario',
      'fechacarga',
      'cargadopor',
      'revisado',
      'motivorechazo',
      'vigencia',
    ]);
    for (const c of d.columnas)
      expect(Object.keys(c).sort()).toEqual(
        ['descripcion', 'filtrable', 'id', 'ordenable', ...(c.tipo ? ['tipo'] : [])].sort(),
      );
    // Dates are marked for the exports (docs/decisions/099); no action column in this table.
    expect(Object.fromEntries(d.columnas.filter((c) => c.tipo).map((c) => [c.id, c.tipo]))).toEqual({
      fechacarga: 'fechahora',
      revisado: 'fechahora',
      vigencia: 'fecha',
    });
    for (const b of d.boton) expect(Object.keys(b).sort()).toEqual(['class', 'descripcion', 'icon', 'url']);
    for (const m of d.contextoMenu) expect(Object.keys(m).sort()).toEqual(['icon', 'label', 'url']);
    expect(d.contextoMenu.some((m) => m.url.includes('{evento}'))).toBe(true);
    expect(d.datos).toHaveLength(10);
    for (const row of d.datos) {
      expect(Object.keys(row)).toEqual(d.columnas.map((c) => c.id));
      for (const v of Object.values(row)) expect(typeof v).toBe('string');
    }
  });

  it('links the file cell to the file viewer with the download path, and keeps user text plain', async () => {
    const d = await list('histdocs?path=sg-sst&size=50', hA);
    const annexRow = d.datos.find((r) => r.evento === String(seeded.withAnnex))!;
    expect(classifyCell(annexRow.archivo)).toBe('link');
    const link = parseLinkCell(annexRow.archivo);
    expect(link.action).toContain('fa');
    expect(link.text).toBe('camara \uff032.pdf');
    const target = new URLSearchParams(link.target.split('?')[1]);
    expect(link.target.startsWith('#/detalle-archivo?')).toBe(true);
    expect(target.get('nombre')).toBe('camara #2.pdf');
    expect(target.get('url')).toBe(`/api/adminflujos/adjunto/${seeded.withAnnex}`);
    expect(annexRow).toMatchObject({ anexos: '1', estado: MSG.estadoVencido, vigencia: '01/01/2000' });

    // A comment may contain '#/' and '|': it must never become a link or a colour swatch.
    const hostile = d.datos.find((r) => r.evento === String(seeded.hostile))!;
    expect(classifyCell(hostile.comentario)).toBe('text');
    expect(hostile).toMatchObject({ archivo: '', estado: MSG.estadoRechazado, motivorechazo: 'Ilegible' });
    expect(hostile.revisado).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} - LAURA PATRICIA MEJIA$/);
    for (const row of d.datos)
      for (const [k, v] of Object.entries(row))
        if (k !== 'archivo') expect(classifyCell(v), `${k}=${v}`).toBe('text');
  });

  it("labels a pending submission replaced by a newer one of its slot 'Reemplazado' (decision 093)", async () => {
    const d = await list('histdocs?path=sg-sst&size=50&f_archivo=rut-', hA);
    expect(d.total).toBe(23);
    // Newest first: the newest is still awaiting review, every older one was replaced.
    expect(d.datos[0].estado).toBe(MSG.estadoCargado);
    for (const r of d.datos.slice(1)) expect(r.estado).toBe(MSG.estadoReemplazado);
  });

  it('adds contract, period and worker columns where the module has them', async () => {
    const riesgo = await list('histdocs?path=g-riesgo', hA);
    expect(riesgo.columnas.map((c) => c.id)).toEqual(expect.arrayContaining(['contrato', 'lapso']));
    // The contract is named by project, contract type and activity; the period as people read it.
    const [contrato] = await query<{ nombre: string }>(
      app.db,
      sql`SELECT p.descripcion || ' - ' || tc.descripcion || ' - ' || a.descripcion AS nombre
            FROM contratos c JOIN proyectos p ON p.id = c.proyecto_id
            JOIN tipos_contrato tc ON tc.id = c.tipo_contrato_id JOIN actividades a ON a.id = c.actividad_id
           WHERE c.id = ${ids.aAlturas.id}`,
    );
    expect(riesgo.datos).toEqual([
      expect.objectContaining({
        evento: String(seeded.riesgo),
        lapso: 'Marzo 2026',
        contrato: contrato.nombre,
      }),
    ]);
    const personal = await list('histdocs?path=sg-personal&ident=1001', hA);
    expect(personal.datos.map((r) => r.evento)).toEqual([String(seeded.ana)]);
    expect(personal.datos[0].empleado).toBe('CC 1001 - ANA PEREZ GOMEZ');
    expect((await list('histdocs?path=sg-personal', hA)).total).toBe(2);
    expect((await list(`histdocs?path=sg-personal&contrato=${ids.aPlain.id}`, hA)).total).toBe(0);
  });

  it('needs a valid path', async () => {
    expect(await refused('histdocs', hA)).toBe(MSG.listPathInvalid);
    expect(await refused('histdocs?path=sg-sst%27--', hA)).toBe(MSG.listPathInvalid);
  });
});

describe('paging, sorting and filtering', () => {
  it('pages on the server with 1-based page and the allowed sizes', async () => {
    const p3 = await list('histdocs?path=sg-sst&page=3&size=10', hA);
    expect(p3.datos).toHaveLength(totalA - 20);
    expect(p3).toMatchObject({ page: 3, size: 10, total: totalA });
    const all = await list('histdocs?path=sg-sst&size=50', hA);
    const pages = [];
    for (let page = 1; page <= 3; page++)
      pages.push(...(await list(`histdocs?path=sg-sst&page=${page}`, hA)).datos.map((r) => r.evento));
    expect(pages).toEqual(all.datos.map((r) => r.evento));
    expect(new Set(pages).size).toBe(totalA);
    const far = await list('histdocs?path=sg-sst&page=100000', hA);
    expect(far).toMatchObject({ datos: [], total: totalA, page: 100000 });
    for (const bad of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'page=100001',
      'page=99999999999999999999',
    ]) {
      expect(await refused(`histdocs?path=sg-sst&${bad}`, hA)).toBe(MSG.listPageInvalid);
    }
    for (const bad of ['size=7', 'size=1000', 'size=10.0', 'size=-10'])
      expect(await refused(`histdocs?path=sg-sst&${bad}`, hA)).toBe(MSG.listSizeInvalid);
  });

  it('sorts by allow-listed columns only', async () => {
    const asc = await list('histdocs?path=sg-sst&sort=evento&order=asc&size=50', hA);
    const nums = asc.datos.map((r) => Number(r.evento));
    expect(nums).toEqual([...nums].sort((x, y) => x - y));
    const desc = await list('histdocs?path=sg-sst&sort=evento&order=desc&size=50', hA);
    expect(desc.datos.map((r) => Number(r.evento))).toEqual([...nums].reverse());
    const byDate = await list('histdocs?path=sg-sst&sort=fechacarga&order=asc&size=50', hA);
    // Sorted by the instant, not by the 'dd/mm/aaaa HH:MM' text people read.
    const dates = byDate.datos.map((r) => diaToIso(r.fechacarga));
    expect(dates).toEqual([...dates].sort());
    expect(byDate).toMatchObject({ sort: 'fechacarga', order: 'asc' });

    expect(await refused('histdocs?path=sg-sst&sort=nope', hA)).toMatch(
      /^No se puede ordenar por la columna 'nope'/,
    );
    expect(await refused('histdocs?path=sg-sst&sort=e.id;DROP%20TABLE%20entregas', hA)).toMatch(
      /^No se puede ordenar/,
    );
    expect(await refused('histdocs?path=sg-sst&sort=1', hA)).toMatch(/^No se puede ordenar/);
    expect(await refused('histdocs?path=sg-sst&order=sideways', hA)).toBe(MSG.listOrderInvalid);
    expect(await refused('empresas?sort=editar', hR)).toMatch(/^No se puede ordenar por la columna 'editar'/);
    expect(await entregasCount()).toBeGreaterThan(totalA);
  });

  it('filters per column and searches with values matched literally', async () => {
    const pct = await list('histdocs?path=sg-sst&f_comentario=%25', hA);
    expect(pct.datos.map((r) => r.evento)).toEqual([String(seeded.percent)]);
    const und = await list('histdocs?path=sg-sst&f_comentario=_', hA);
    expect(und.datos.map((r) => r.evento)).toEqual([String(seeded.underscore)]);
    const rut = await list('histdocs?path=sg-sst&f_archivo=RUT-0&size=50', hA);
    expect(rut.total).toBe(10);
    const q = await list('histdocs?path=sg-sst&q=100%25', hA);
    expect(q.datos.map((r) => r.evento)).toEqual([String(seeded.percent)]);
    const estado = await list('histdocs?path=sg-sst&f_estado=rechaz', hA);
    expect(estado.datos.map((r) => r.evento)).toEqual([String(seeded.hostile)]);

    const before = await entregasCount();
    for (const hostile of [
      "' OR '1'='1",
      "x'); DELETE FROM entregas; --",
      '\\',
      '%\\%',
      "1' UNION SELECT nit FROM empresas --",
    ]) {
      const v = encodeURIComponent(hostile);
      expect((await list(`histdocs?path=sg-sst&q=${v}`, hA)).total).toBe(0);
      expect((await list(`histdocs?path=sg-sst&f_comentario=${v}`, hA)).total).toBe(0);
    }
    expect(await entregasCount()).toBe(before);

    expect(await refused('histdocs?path=sg-sst&f_nope=1', hA)).toMatch(
      /^No se puede filtrar por la columna 'nope'/,
    );
    expect(await refused('histdocs?path=sg-sst&f_evento=1', hA)).toMatch(/^No se puede filtrar/);
    // Names of Object.prototype are column ids like any other: unknown, so refused (they were
    // once swallowed by a plain object's prototype setter and ignored).
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect(await refused(`histdocs?path=sg-sst&f_${name}=x`, hA)).toMatch(
        new RegExp(`^No se puede filtrar por la columna '${name}'`),
      );
    expect(await refused('histdocs?path=sg-sst&f_%5F%5Fproto%5F%5F=x', hA)).toMatch(/^No se puede filtrar/);
    expect(await refused('histdocs?path=sg-sst&f_comentario%5B%5D=x', hA)).toMatch(/^No se puede filtrar/);
    expect(await refused(`histdocs?path=sg-sst&q=${'a'.repeat(201)}`, hA)).toBe(MSG.listValueTooLong('q'));
    expect(await refused(`histdocs?path=sg-sst&f_comentario=${'a'.repeat(201)}`, hA)).toBe(
      MSG.listValueTooLong('f_comentario'),
    );
    expect(await refused('histdocs?path=sg-sst&q=a&q=b', hA)).toBe(MSG.listParamRepeated('q'));
    expect(await refused('histdocs?path=sg-sst&path=g-riesgo', hA)).toBe(MSG.listParamRepeated('path'));
    expect((await list(`histdocs?path=sg-sst&q=${'a'.repeat(200)}`, hA)).total).toBe(0);
  });

  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('isolation and roles', () => {
  it("never shows a company another company's rows, whatever the parameters", async () => {
    const b = await list(`histdocs?path=sg-sst&empresa=${ids.a}&size=50`, hB);
    expect(b.datos.map((r) => r.evento)).toEqual([String(seeded.b)]);
    expect(b.columnas.map((c) => c.id)).not.toContain('empresa');
    const bq = await list(`histdocs?path=sg-sst&q=100%25&empresa=${ids.a}`, hB);
    expect(bq.datos.map((r) => r.evento)).toEqual([String(seeded.b)]);
    expect(await refused(`histdocs?path=g-riesgo&contrato=${ids.aAlturas.id}`, hB, 404)).toBe(
      MSG.evidenceContractNotFound,
    );
    expect(await refused(`histdocs?path=sg-personal&contrato=${ids.aAlturas.id}&ident=1001`, hB, 404)).toBe(
      MSG.evidenceContractNotFound,
    );
    expect((await list('histdocs?path=sg-personal&ident=1001', hB)).total).toBe(0);
  });

  it('shows staff every company with an Empresa column, or the one named', async () => {
    const all = await list('histdocs?path=sg-sst&size=50', hR);
    expect(all.total).toBe(totalA + 1);
    expect(all.columnas.map((c) => c.id)).toContain('empresa');
    const onlyB = await list(`histdocs?path=sg-sst&empresa=${ids.b}`, hR);
    expect(onlyB.datos.map((r) => r.evento)).toEqual([String(seeded.b)]);
    expect(await refused('histdocs?path=sg-sst&empresa=abc', hR)).toBe(MSG.listParamInvalid('empresa'));
  });

  it('keeps staff tables from contractors', async () => {
    for (const t of ['empresas', 'requisitos']) {
      expect(await refused(t, hA, 403)).toBe(MSG.forbidden);
      expect(await refused(t, hB, 403)).toBe(MSG.forbidden);
    }
  });

  it('gives a reviewer no write actions: Ver instead of Nuevo / Editar / Copiar / Eliminar', async () => {
    for (const t of ['empresas', 'requisitos']) {
      const d = await list(t, hR);
      expect(d.boton).toEqual([]);
      expect(d.contextoMenu.map((m) => m.label)).not.toContain(MSG.actionEdit);
      expect(d.contextoMenu.map((m) => m.label)).not.toContain(MSG.actionDelete);
      expect(d.contextoMenu[0]).toMatchObject({ label: MSG.viewAction });
      const ids = d.columnas.map((c) => c.id);
      expect(ids).not.toEqual(expect.arrayContaining(['editar']));
      expect(ids).not.toContain('copiar');
      expect(ids).not.toContain('eliminar');
      expect(d.columnas.find((c) => c.id === 'ver')).toMatchObject({ tipo: 'accion' });
      expect(parseLinkCell(d.datos[0].ver)).toMatchObject({ text: MSG.viewAction });
      expect(parseLinkCell(d.datos[0].ver).target).toMatch(/^#\/admin\/(empresas|requisitos)\/\d+$/);
    }
  });

  it('serves the companies table to staff', async () => {
    const d = await list('empresas', hAdm);
    expect(d.total).toBe(2);
    expect(d.columnas.map((c) => c.id)).toEqual([
      'evento',
      'nit',
      'razonsocial',
      'correo',
      'activa',
      'contratos',
      'editar',
      'eliminar',
    ]);
    const a = d.datos.find((r) => r.evento === String(ids.a))!;
    expect(a.nit).toMatch(/^900123456-\d$/);
    expect(a).toMatchObject({ activa: MSG.listYes, contratos: '2' });
    expect(parseLinkCell(a.editar)).toMatchObject({ action: 'editar', target: `#/admin/empresas/${ids.a}` });
    expect(parseLinkCell(a.eliminar)).toMatchObject({ action: 'eliminar' });
    expect(classifyCell(a.editar)).toBe('link');
    expect(d.columnas.filter((c) => c.tipo === 'accion').map((c) => c.id)).toEqual(['editar', 'eliminar']);
    expect(d.boton.map((b) => b.descripcion)).toEqual([MSG.empresasNew]);
    const search = await list('empresas?q=andinas', hR);
    expect(search.datos.map((r) => r.evento)).toEqual([String(ids.b)]);
  });

  it('serves the requirements catalogue to staff', async () => {
    const [{ n, riesgo }] = await query<{ n: number; riesgo: number }>(
      app.db,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE modulo = 'g-riesgo')::int AS riesgo FROM requisitos`,
    );
    const d = await list('requisitos?size=50', hAdm);
    expect(d.total).toBe(n);
    expect(d.boton.map((b) => b.descripcion)).toEqual([MSG.requisitosNew]);
    expect(d.columnas.filter((c) => c.tipo === 'accion').map((c) => c.id)).toEqual([
      'editar',
      'copiar',
      'eliminar',
    ]);
    expect(d.columnas.map((c) => c.id)).toEqual([
      'evento',
      'modulo',
      'codigo',
      'nombre',
      'extensiones',
      'obligatorio',
      'aplica',
      'vigenciadias',
      'activo',
      'editar',
      'copiar',
      'eliminar',
    ]);
    // The module reads as its Spanish name (never the code), and filters by that name.
    const riesgoNombre = MODULOS.find((m) => m.codigo === 'g-riesgo')!.nombre;
    const riesgoRows = await list(
      `requisitos?f_modulo=${encodeURIComponent(riesgoNombre)}&sort=codigo&order=desc&size=50`,
      hR,
    );
    expect(riesgoRows.total).toBe(riesgo);
    for (const r of riesgoRows.datos) expect(r.modulo).toBe(riesgoNombre);
    for (const r of d.datos) expect(MODULOS.map((m) => m.nombre)).toContain(r.modulo);
    const codes = riesgoRows.datos.map((r) => r.codigo);
    expect(codes).toEqual([...codes].sort().reverse());
    const alturas = await list(`requisitos?f_aplica=${encodeURIComponent(MSG.aplicaAlturas)}&size=50`, hR);
    expect(alturas.total).toBeGreaterThan(0);
    for (const r of alturas.datos) expect(r.aplica).toBe(MSG.aplicaAlturas);
    expect(parseLinkCell(d.datos[0].copiar).action).toBe('copiar');
  });

  it('answers 404 for unknown tables and 401 without a session', async () => {
    expect(await refused('nada', hA, 404)).toBe(MSG.listTableNotFound);
    expect(await refused('__proto__', hA, 404)).toBe(MSG.listTableNotFound);
    expect((await app.inject({ method: 'GET', url: `${URL}/histdocs?path=sg-sst` })).statusCode).toBe(401);
  });
});
