import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hoyEnColombia, inicioDiaColombia, MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { auditoria, contratos, empresas, proyectos } from '../../db/schema';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';

const CONTRACT_FIELDS = [
  'id',
  'detalle',
  'regional_id',
  'proyectos_id',
  'actividad_id',
  'tipocontrato_id',
  'proyectos_descrpcion',
  'tipocontrato_descrpcion',
  'actividad_descrpcion',
];

/** 21:00 in Bogotá today: already tomorrow in UTC, so the Colombian day and the UTC day differ. */
const HOY = hoyEnColombia(new Date());
const clock = manualClock(new Date(inicioDiaColombia(HOY).getTime() + 21 * 3_600_000));

describe('contracts: master data, list, creation', async () => {
  const app = await createTestApp({ clock });
  const [a, b, staff] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, CONTRACTOR_B),
    await authHeaders(app, REVIEWER),
  ];
  const empresaId = async (nit: string) =>
    (await app.db.select({ id: empresas.id }).from(empresas).where(eq(empresas.nit, nit)))[0].id;
  const maestras = async () =>
    (await app.inject({ method: 'GET', url: '/api/contratista/maestras', headers: a })).json()[0];
  const post = (headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/contratista/contratos', headers, payload: payload as object });
  const list = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/contratista', headers })).json()[0].contratos as Array<
      Record<string, unknown>
    >;

  it('refuses every route without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/contratista/maestras'],
      ['GET', '/api/contratista'],
      ['POST', '/api/contratista/contratos'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('lists active master data as [{regionales, proyectos, actividad, tipoContrato}] ordered by descripcion', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/contratista/maestras', headers: a });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(1);
    expect(Object.keys(body[0]).sort()).toEqual(['actividad', 'proyectos', 'regionales', 'tipoContrato']);
    const collator = new Intl.Collator('es', { sensitivity: 'base' });
    for (const list of Object.values(body[0]) as Array<Array<{ id: number; descripcion: string }>>) {
      expect(list.length).toBeGreaterThan(0);
      for (const item of list) expect(Object.keys(item).sort()).toEqual(['descripcion', 'id']);
      const names = list.map((i) => i.descripcion);
      expect(names).toEqual([...names].sort(collator.compare));
    }
    expect(body[0].actividad.map((x: { descripcion: string }) => x.descripcion)).toContain(
      'Estructura en concreto',
    );
  });

  it('lets staff read master data and hides inactive items', async () => {
    const [p] = await app.db
      .select()
      .from(proyectos)
      .where(eq(proyectos.descripcion, 'Puente Vehicular La Estrella'));
    await app.db.update(proyectos).set({ activo: false }).where(eq(proyectos.id, p.id));
    try {
      const res = await app.inject({ method: 'GET', url: '/api/contratista/maestras', headers: staff });
      expect(res.statusCode).toBe(200);
      const ids = res.json()[0].proyectos.map((x: { id: number }) => x.id);
      expect(ids).not.toContain(p.id);
      expect(ids.length).toBeGreaterThan(0);
    } finally {
      await app.db.update(proyectos).set({ activo: true }).where(eq(proyectos.id, p.id));
    }
  });

  it("lists only the signed-in company's active contracts with the specification's field names", async () => {
    const listA = await list(a);
    expect(listA).toHaveLength(2);
    for (const c of listA) {
      for (const f of CONTRACT_FIELDS) expect(c, f).toHaveProperty(f);
      expect(typeof c.fecha_inicio).toBe('string');
    }
    const concreto = listA.find((c) => c.actividad_descrpcion === 'Estructura en concreto')!;
    expect(concreto).toMatchObject({
      detalle: 'Estructura en concreto torres 3 y 4',
      proyectos_descrpcion: 'Torres de Sevilla Etapa 2',
      tipocontrato_descrpcion: 'Obra a precios unitarios',
    });
    const listB = await list(b);
    expect(listB).toHaveLength(1);
    expect(listB[0].actividad_descrpcion).toBe('Redes de alcantarillado, tanques y pozos');
    const idsA = new Set(listA.map((c) => c.id));
    expect(listB.some((c) => idsA.has(c.id))).toBe(false);
  });

  it('leaves inactive contracts out and gives staff (no company) an empty list', async () => {
    const [first] = await list(b);
    await app.db
      .update(contratos)
      .set({ activo: false })
      .where(eq(contratos.id, first.id as number));
    try {
      expect(await list(b)).toHaveLength(0);
    } finally {
      await app.db
        .update(contratos)
        .set({ activo: true })
        .where(eq(contratos.id, first.id as number));
    }
    const res = await app.inject({ method: 'GET', url: '/api/contratista', headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ contratos: [] }]);
  });

  it("checks a new contract in the order of the contract's validation rules with its messages", async () => {
    const m = await maestras();
    const full = {
      descripcion: 'Fachada flotante torre 5',
      idRegional: m.regionales[0].id,
      idProyecto: m.proyectos[0].id,
      idActividad: m.actividad[0].id,
      idTipocontrato: m.tipoContrato[0].id,
    };
    const steps: Array<[Record<string, unknown>, string]> = [
      [{}, MSG.contractDescriptionRequired],
      [
        {
          descripcion: '   ',
          idProyecto: full.idProyecto,
          idActividad: full.idActividad,
          idTipocontrato: full.idTipocontrato,
        },
        MSG.contractDescriptionRequired,
      ],
      [{ descripcion: full.descripcion }, MSG.contractProjectRequired],
      [
        { descripcion: full.descripcion, idProyecto: '', idActividad: full.idActividad },
        MSG.contractProjectRequired,
      ],
      [{ descripcion: full.descripcion, idProyecto: full.idProyecto }, MSG.contractActivityRequired],
      [
        {
          descripcion: full.descripcion,
          idProyecto: full.idProyecto,
          idActividad: null,
          idTipocontrato: full.idTipocontrato,
        },
        MSG.contractActivityRequired,
      ],
      [
        { descripcion: full.descripcion, idProyecto: full.idProyecto, idActividad: full.idActividad },
        MSG.contractTypeRequired,
      ],
    ];
    const before = await list(a);
    for (const [payload, message] of steps) {
      const res = await post(a, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await list(a)).toHaveLength(before.length);
  });

  it('refuses unknown or inactive master ids with a clear message', async () => {
    const m = await maestras();
    const ok = {
      descripcion: 'Obra de prueba',
      idProyecto: m.proyectos[0].id,
      idActividad: m.actividad[0].id,
      idTipocontrato: m.tipoContrato[0].id,
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ok, idProyecto: 999_999 }, MSG.contractProjectUnknown],
      [{ ...ok, idActividad: 999_999 }, MSG.contractActivityUnknown],
      [{ ...ok, idTipocontrato: 999_999 }, MSG.contractTypeUnknown],
      [{ ...ok, idRegional: 999_999 }, MSG.contractRegionalUnknown],
      // Several unknown: the first in the order of the form wins.
      [{ ...ok, idProyecto: 999_998, idTipocontrato: 999_999 }, MSG.contractProjectUnknown],
    ];
    for (const [payload, message] of cases) {
      const res = await post(a, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    await app.db.update(proyectos).set({ activo: false }).where(eq(proyectos.id, ok.idProyecto));
    try {
      const res = await post(a, ok);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.contractProjectUnknown);
    } finally {
      await app.db.update(proyectos).set({ activo: true }).where(eq(proyectos.id, ok.idProyecto));
    }
  });

  it('refuses unknown fields, wrong types and a company in the body', async () => {
    const m = await maestras();
    const ok = {
      descripcion: 'x',
      idProyecto: m.proyectos[0].id,
      idActividad: m.actividad[0].id,
      idTipocontrato: m.tipoContrato[0].id,
    };
    for (const payload of [
      { ...ok, empresaId: await empresaId(CONTRACTOR_A.username) },
      { ...ok, idProyecto: 'abc' },
      { ...ok, idActividad: -3 },
      { ...ok, descripcion: 'x'.repeat(2001) },
    ]) {
      expect((await post(b, payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
  });

  it("creates the contract for the token's company only, regional optional, with an audit row", async () => {
    const m = await maestras();
    const aBefore = await list(a);
    const payload = {
      descripcion: '  Redes contra incendio sótanos  ',
      idRegional: null,
      idProyecto: m.proyectos[1].id,
      idActividad: m.actividad[2].id,
      idTipocontrato: m.tipoContrato[3].id,
    };
    const res = await post(b, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'La información fue enviada correctamente.',
      id: expect.any(Number),
    });
    const id = res.json().id as number;

    const created = (await list(b)).find((c) => c.id === id)!;
    expect(created).toMatchObject({
      detalle: 'Redes contra incendio sótanos',
      regional_id: null,
      proyectos_id: payload.idProyecto,
      actividad_id: payload.idActividad,
      tipocontrato_id: payload.idTipocontrato,
      proyectos_descrpcion: m.proyectos[1].descripcion,
      actividad_descrpcion: m.actividad[2].descripcion,
      tipocontrato_descrpcion: m.tipoContrato[3].descripcion,
      // Risk periods start on the Colombian day of the app's clock, not the database's UTC day.
      fecha_inicio: HOY,
    });
    expect(clock.now().toISOString().slice(0, 10)).not.toBe(HOY);
    expect(await list(a)).toEqual(aBefore);

    const bId = await empresaId(CONTRACTOR_B.username);
    const [row] = await app.db.select().from(contratos).where(eq(contratos.id, id));
    expect(row.empresaId).toBe(bId);
    const audits = await app.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.evento, 'contrato.created'), eq(auditoria.empresaId, bId)));
    expect(audits.map((x) => x.datos)).toContainEqual({ contratoId: id });

    // With a regional given as '' (the form's empty choice) and as an id.
    for (const idRegional of ['', m.regionales[0].id]) {
      const r = await post(a, { ...payload, descripcion: `Contrato ${String(idRegional)}`, idRegional });
      expect(r.statusCode).toBe(200);
      const c = (await list(a)).find((x) => x.id === r.json().id)!;
      expect(c.regional_id).toBe(idRegional === '' ? null : idRegional);
    }
  });

  it('does not let staff create contracts (they have no company)', async () => {
    const m = await maestras();
    const [{ n: before }] = await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM contratos`);
    const res = await post(staff, {
      descripcion: 'x',
      idProyecto: m.proyectos[0].id,
      idActividad: m.actividad[0].id,
      idTipocontrato: m.tipoContrato[0].id,
    });
    expect(res.statusCode).toBe(403);
    const [{ n: after }] = await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM contratos`);
    expect(after).toBe(before);
  });

  it('a contract row names its start day: the column has no UTC CURRENT_DATE default (decision 174)', async () => {
    const [c] = await query<{
      proyecto_id: number;
      actividad_id: number;
      tipo_contrato_id: number;
      empresa_id: number;
    }>(
      app.db,
      sql`SELECT proyecto_id, actividad_id, tipo_contrato_id, empresa_id FROM contratos ORDER BY id LIMIT 1`,
    );
    const sinFecha = await query(
      app.db,
      sql`INSERT INTO contratos (empresa_id, descripcion, proyecto_id, actividad_id, tipo_contrato_id)
          VALUES (${c.empresa_id}, 'Sin fecha de inicio', ${c.proyecto_id}, ${c.actividad_id}, ${c.tipo_contrato_id})`,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String((sinFecha as { cause?: unknown })?.cause ?? sinFecha)).toMatch(/fecha_inicio/);
  });
});
