import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  hoyEnColombia,
  formatLapso,
  MSG,
  nitCheckDigit,
  sumarDias,
  type ReporteEmpresa,
} from '@proveedores/domain';
import * as t from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { getSummary } from './get-summary';
import { manualClock } from '../../lib/clock';

/**
 * The counts are checked against an independent computation from the catalogue (baseline), then
 * against submissions inserted row by row in every state the summary distinguishes.
 */
const NIT_C = '901555444';
const PASSWORD_C = 'Prueba2026!reporte';

function addMonths(ano: number, mes: number, delta: number) {
  const k = ano * 12 + (mes - 1) + delta;
  return { ano: Math.floor(k / 12), mes: (k % 12) + 1 };
}

type Req = typeof t.requisitos.$inferSelect;
type Flags = { alturas: boolean; espacios_confinados: boolean; flota: boolean };
const applies = (r: Req, f: Flags) => r.aplicaSi === null || f[r.aplicaSi as keyof Flags];

describe('home summary and drill-down', async () => {
  // 22:00 on 30 November in Bogotá is already 1 December in UTC: the report must still say November.
  const clock = manualClock('2026-12-01T03:00:00Z');
  const app = await createTestApp({ clock });
  const db = app.db;
  const hoy = hoyEnColombia(clock.now());
  const [ano, mes] = hoy.split('-').map(Number);
  const start = addMonths(ano, mes, -2);
  const ymd = (p: { ano: number; mes: number }) => `${p.ano}-${String(p.mes).padStart(2, '0')}-01`;

  // ----- A company of our own, fully controlled -----
  const id = async (
    table: typeof t.proyectos | typeof t.actividades | typeof t.tiposContrato,
    descripcion: string,
  ) => (await db.select({ id: table.id }).from(table).where(eq(table.descripcion, descripcion)))[0].id;
  const [empresa] = await db
    .insert(t.empresas)
    .values({
      nit: NIT_C,
      dv: nitCheckDigit(NIT_C),
      razonSocial: 'Andamios y Cubiertas del Caribe S.A.S.',
      correoContacto: 'sst@andamios.example.co',
    })
    .returning();
  await db.insert(t.usuarios).values({
    username: NIT_C,
    empresaId: empresa.id,
    nombre: 'ANA LUCIA TORRES',
    correo: 'sst@andamios.example.co',
    passwordHash: await hashPassword(PASSWORD_C),
  });
  const tipo = await id(t.tiposContrato, 'Obra a precio global');
  const [c1, c2, c3] = await db
    .insert(t.contratos)
    .values([
      // Work at heights, started two months ago: three risk periods.
      {
        empresaId: empresa.id,
        descripcion: 'Estructura torre 7',
        proyectoId: await id(t.proyectos, 'Torres de Sevilla Etapa 2'),
        actividadId: await id(t.actividades, 'Estructura en concreto'),
        tipoContratoId: tipo,
        fechaInicio: ymd(start),
      },
      // No special activity, started this month: one risk period.
      {
        empresaId: empresa.id,
        descripcion: 'Redes eléctricas',
        proyectoId: await id(t.proyectos, 'Centro Empresarial Calle 100'),
        actividadId: await id(t.actividades, 'Instalaciones eléctricas'),
        tipoContratoId: tipo,
        fechaInicio: ymd({ ano, mes }),
      },
      // Inactive, with a fleet activity: neither its slots nor its flag count.
      {
        empresaId: empresa.id,
        descripcion: 'Movimiento de tierras',
        proyectoId: await id(t.proyectos, 'Hospital Regional del Sur'),
        actividadId: await id(t.actividades, 'Excavaciones y movimiento de tierras'),
        tipoContratoId: tipo,
        fechaInicio: ymd(start),
        activo: false,
      },
    ])
    .returning();
  const [e1, e2, e3] = await db
    .insert(t.empleados)
    .values([
      {
        empresaId: empresa.id,
        tipoDocumento: 'CC',
        numeroDocumento: '1020304050',
        nombres: 'JUAN CARLOS',
        apellidos: 'PEREZ',
        apellidos2: 'GOMEZ',
      },
      {
        empresaId: empresa.id,
        tipoDocumento: 'CC',
        numeroDocumento: '1020304051',
        nombres: 'LUISA',
        apellidos: 'MARTINEZ',
        apellidos2: 'ROJAS',
      },
      {
        empresaId: empresa.id,
        tipoDocumento: 'PPPT',
        numeroDocumento: '998877',
        nombres: 'PEDRO',
        apellidos: 'LOPEZ',
        apellidos2: '',
      },
    ])
    .returning();
  await db.insert(t.empleadosContratos).values([
    { empleadoId: e1.id, contratoId: c1.id },
    { empleadoId: e2.id, contratoId: c1.id },
    { empleadoId: e3.id, contratoId: c2.id, activo: false },
  ]);

  // Conditional mandatory items (the seeded catalogue's conditional items are all optional) and a retired one.
  await db.insert(t.requisitos).values([
    {
      modulo: 'sg-sst',
      codigo: 'TX1',
      nombreCorto: 'Programa de protección contra caídas (prueba)',
      extensiones: 'pdf',
      aplicaSi: 'alturas',
    },
    {
      modulo: 'sg-sst',
      codigo: 'TX2',
      nombreCorto: 'Plan estratégico de seguridad vial (prueba)',
      extensiones: 'pdf',
      aplicaSi: 'flota',
    },
    {
      modulo: 'g-riesgo',
      codigo: 'TX3',
      nombreCorto: 'Permisos de trabajo en alturas del mes (prueba)',
      extensiones: 'pdf',
      aplicaSi: 'alturas',
    },
    {
      modulo: 'sg-personal',
      codigo: 'TX4',
      nombreCorto: 'Certificado de espacios confinados (prueba)',
      extensiones: 'pdf',
      aplicaSi: 'espacios_confinados',
    },
    {
      modulo: 'g-retenido',
      codigo: 'TX5',
      nombreCorto: 'Paz y salvo de equipos de alturas (prueba)',
      extensiones: 'pdf',
      aplicaSi: 'alturas',
    },
    {
      modulo: 'sg-sst',
      codigo: 'TX6',
      nombreCorto: 'Requisito retirado (prueba)',
      extensiones: 'pdf',
      activo: false,
    },
  ]);

  // ----- Independent expectation from the catalogue -----
  const reqs = await db
    .select()
    .from(t.requisitos)
    .where(eq(t.requisitos.activo, true))
    .orderBy(t.requisitos.orden);
  const c1Flags: Flags = { alturas: true, espacios_confinados: false, flota: false };
  const c2Flags: Flags = { alturas: false, espacios_confinados: false, flota: false };
  const mandatory = (modulo: string, f: Flags) =>
    reqs.filter((r) => r.modulo === modulo && !r.opcional && applies(r, f));
  const baseline = {
    'sg-sst': mandatory('sg-sst', c1Flags).length, // company flags = any active contract's
    'g-retenido': mandatory('g-retenido', c1Flags).length + mandatory('g-retenido', c2Flags).length,
    'g-riesgo': 3 * mandatory('g-riesgo', c1Flags).length + 1 * mandatory('g-riesgo', c2Flags).length,
    'sg-personal': 2 * mandatory('sg-personal', c1Flags).length,
  };

  const c = await authHeaders(app, { username: NIT_C, password: PASSWORD_C });
  const a = await authHeaders(app, CONTRACTOR_A);
  const b = await authHeaders(app, CONTRACTOR_B);
  const staff = await authHeaders(app, REVIEWER);
  const summary = async (headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: '/api/contratista/reporte', headers });
    expect(res.statusCode).toBe(200);
    return res.json() as ReporteEmpresa[];
  };
  const detail = async (
    headers: Record<string, string>,
    modulo: string,
    filtro: number | string,
    qs = '',
  ) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/contratista/reporte/${modulo}/${filtro}${qs}`,
      headers,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const counts = (r: ReporteEmpresa, modulo: string) => {
    const { nombre: _n, modulo: _m, ...rest } = r.modulos.find((m) => m.modulo === modulo)!;
    return rest;
  };

  it('refuses the routes without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/contratista/reporte' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/contratista/reporte/sg-sst/-9' })).statusCode).toBe(
      401,
    );
  });

  it('counts every mandatory applicable slot as missing before any submission', async () => {
    const [own] = await summary(c);
    expect(own.nit).toBe(NIT_C);
    expect(own.razonsocial).toBe('Andamios y Cubiertas del Caribe S.A.S.');
    expect(own.modulos.map((m) => [m.modulo, m.nombre])).toEqual([
      ['sg-sst', 'SG-SST'],
      ['sg-personal', 'Ingreso de Personal'],
      ['g-riesgo', 'Gestión del Riesgo'],
      ['g-retenido', 'Devolución de Retenidos'],
    ]);
    for (const [modulo, n] of Object.entries(baseline)) {
      expect(n, modulo).toBeGreaterThan(0);
      expect(counts(own, modulo), modulo).toEqual({ faltantes: n, poxvencer: 0, vencidos: 0, rechazados: 0 });
    }
    expect(own.total).toBe(Object.values(baseline).reduce((x, y) => x + y, 0));
    // Work at heights applies (c1), fleet does not (only the inactive c3 has it).
    const pendientes = (await detail(c, 'sg-sst', -9)).body.map((r: { documento: string }) => r.documento);
    expect(pendientes).toContain('Programa de protección contra caídas (prueba)');
    expect(pendientes).not.toContain('Plan estratégico de seguridad vial (prueba)');
    expect(pendientes).not.toContain('Requisito retirado (prueba)');
    const riesgo = (await detail(c, 'g-riesgo', -9)).body as Array<{ documento: string; proyecto: string }>;
    const alturasMes = riesgo.filter(
      (r) => r.documento === 'Permisos de trabajo en alturas del mes (prueba)',
    );
    expect(alturasMes.map((r) => r.proyecto)).toEqual(Array(3).fill('Torres de Sevilla Etapa 2'));
  });

  it('counts pending, rejected, expiring and expired slots from the newest submission of each', async () => {
    const S = mandatory('sg-sst', c1Flags).filter((r) => r.aplicaSi === null);
    const O = reqs.filter((r) => r.modulo === 'sg-sst' && r.opcional && r.aplicaSi === null);
    const R = mandatory('g-riesgo', c2Flags);
    const T = mandatory('g-retenido', c2Flags);
    const P = mandatory('sg-personal', c2Flags);
    expect(S.length).toBeGreaterThanOrEqual(9);
    expect(O.length).toBeGreaterThanOrEqual(1);
    const base = { empresaId: empresa.id };
    type E = typeof t.entregas.$inferInsert;
    const rows: Array<Omit<E, 'empresaId'>> = [
      { requisitoId: S[0].id, estado: -1, motivoRechazo: 'Documento ilegible' },
      { requisitoId: S[1].id, estado: -1, motivoRechazo: 'Vencido' },
      { requisitoId: S[1].id, estado: 1, vigenciaHasta: sumarDias(hoy, 10) }, // newest: expiring
      { requisitoId: S[2].id, estado: 1, vigenciaHasta: sumarDias(hoy, -1) }, // expired
      { requisitoId: S[3].id, estado: 1, vigenciaHasta: sumarDias(hoy, 200) }, // valid
      { requisitoId: S[4].id, estado: 0, comentario: 'No aplica: sin vehículos propios' }, // waiting for review
      // An approval no longer in force, then a rejection: the rejection counts. (Over an approval
      // still in force, the approval would count: decision 164.)
      { requisitoId: S[5].id, estado: 1, vigenciaHasta: sumarDias(hoy, -20) },
      { requisitoId: S[5].id, estado: -1, motivoRechazo: 'Firma faltante' }, // newest: rejected
      { requisitoId: S[6].id, estado: 1, vigenciaHasta: sumarDias(hoy, 30) }, // last day of the window
      { requisitoId: S[7].id, estado: 1, vigenciaHasta: sumarDias(hoy, 31) }, // just outside
      { requisitoId: S[8].id, estado: 1, vigenciaHasta: hoy }, // ends today: not yet expired
      { requisitoId: O[0].id, estado: -1, motivoRechazo: 'No corresponde' }, // optional, rejected
      // Risk periods
      { requisitoId: R[0].id, contratoId: c1.id, ano, mes, estado: -1, motivoRechazo: 'Sin firmas' },
      {
        requisitoId: R[0].id,
        contratoId: c1.id,
        ano: start.ano,
        mes: start.mes,
        estado: 1,
        vigenciaHasta: sumarDias(hoy, -5),
      },
      {
        requisitoId: R[1].id,
        contratoId: c1.id,
        ...addMonths(start.ano, start.mes, -1),
        estado: -1,
        motivoRechazo: 'x',
      }, // before the contract
      { requisitoId: R[0].id, contratoId: c2.id, ano, mes, estado: 0, comentario: 'Adjunto' },
      // Withholdings
      { requisitoId: T[0].id, contratoId: c2.id, estado: 1, vigenciaHasta: sumarDias(hoy, 5) },
      { requisitoId: T[0].id, contratoId: c3.id, estado: -1, motivoRechazo: 'x' }, // inactive contract
      { requisitoId: T[1].id, estado: -1, motivoRechazo: 'x' }, // no contract: not a slot of this module
      // Personnel
      {
        requisitoId: P[0].id,
        contratoId: c1.id,
        empleadoId: e1.id,
        estado: -1,
        motivoRechazo: 'Examen médico vencido',
      },
      {
        requisitoId: P[0].id,
        contratoId: c1.id,
        empleadoId: e2.id,
        estado: 1,
        vigenciaHasta: sumarDias(hoy, -2),
      },
      { requisitoId: P[0].id, contratoId: c2.id, empleadoId: e3.id, estado: -1, motivoRechazo: 'x' }, // inactive link
    ];
    for (const r of rows) await db.insert(t.entregas).values({ ...base, ...r });
    // Another company's rejection must not show up here.
    const [empresaA] = await db.select().from(t.empresas).where(eq(t.empresas.nit, CONTRACTOR_A.username));
    await db
      .insert(t.entregas)
      .values({ empresaId: empresaA.id, requisitoId: S[0].id, estado: -1, motivoRechazo: 'Rechazo de A' });

    const [own] = await summary(c);
    const expected = {
      'sg-sst': { faltantes: baseline['sg-sst'] - 9, poxvencer: 3, vencidos: 1, rechazados: 3 },
      'g-riesgo': { faltantes: baseline['g-riesgo'] - 3, poxvencer: 0, vencidos: 1, rechazados: 1 },
      'g-retenido': { faltantes: baseline['g-retenido'] - 1, poxvencer: 1, vencidos: 0, rechazados: 0 },
      'sg-personal': { faltantes: baseline['sg-personal'] - 2, poxvencer: 0, vencidos: 1, rechazados: 1 },
    };
    for (const [modulo, want] of Object.entries(expected)) expect(counts(own, modulo), modulo).toEqual(want);
    const total = Object.values(expected).reduce(
      (s, m) => s + m.faltantes + m.poxvencer + m.vencidos + m.rechazados,
      0,
    );
    expect(own.total).toBe(total);

    // The window is configurable (EXPIRY_WARNING_DAYS): with 5 days only 'today' and 'today + 5' remain.
    const [narrow] = await getSummary({ db, scope: { id: empresa.id }, warningDays: 5, hoy });
    expect(counts(narrow, 'sg-sst').poxvencer).toBe(1);
    expect(counts(narrow, 'g-retenido').poxvencer).toBe(1);
  });

  it('drills down to exactly the rows behind each count, with only the keys that apply', async () => {
    const [own] = await summary(c);
    for (const m of own.modulos) {
      for (const [filtro, n] of [
        [-9, m.faltantes],
        [-5, m.poxvencer + m.vencidos],
        [-1, m.rechazados],
      ] as const) {
        const { status, body } = await detail(c, m.modulo, filtro);
        expect(status).toBe(200);
        expect(body, `${m.modulo} ${filtro}`).toHaveLength(n);
        for (const row of body as Array<Record<string, string>>) {
          const keys = Object.keys(row);
          expect(keys.includes('proyecto'), 'proyecto').toBe(m.modulo !== 'sg-sst');
          // The contract is named by project, contract type and activity (docs/decisions/099).
          expect(keys.includes('tipocontrato') && keys.includes('actividad'), 'contrato').toBe(
            m.modulo !== 'sg-sst',
          );
          expect(keys.includes('lapso'), 'lapso').toBe(m.modulo === 'g-riesgo');
          expect(keys.includes('empleado') && keys.includes('nombre'), 'empleado').toBe(
            m.modulo === 'sg-personal',
          );
          expect(keys.includes('vigencia'), 'vigencia').toBe(filtro === -5);
          expect(keys.includes('motivorechazo'), 'motivo').toBe(filtro === -1);
          expect(row.documento).toBeTruthy();
        }
      }
    }

    const riesgo = (await detail(c, 'g-riesgo', -1)).body;
    expect(riesgo).toEqual([
      {
        proyecto: 'Torres de Sevilla Etapa 2',
        tipocontrato: 'Obra a precio global',
        actividad: 'Estructura en concreto',
        lapso: formatLapso(ano, mes),
        documento: expect.any(String),
        motivorechazo: 'Sin firmas',
      },
    ]);
    const personal = (await detail(c, 'sg-personal', -1)).body;
    expect(personal).toEqual([
      {
        proyecto: 'Torres de Sevilla Etapa 2',
        tipocontrato: 'Obra a precio global',
        actividad: 'Estructura en concreto',
        documento: expect.any(String),
        empleado: 'CC 1020304050',
        nombre: 'JUAN CARLOS PEREZ GOMEZ',
        motivorechazo: 'Examen médico vencido',
      },
    ]);
    const vencidos = (await detail(c, 'sg-sst', -5)).body as Array<{ vigencia: string }>;
    expect(vencidos.map((r) => r.vigencia).sort()).toEqual(
      [sumarDias(hoy, -1), hoy, sumarDias(hoy, 10), sumarDias(hoy, 30)].sort(),
    );
    const rechazos = (await detail(c, 'sg-sst', '-1')).body as Array<{ motivorechazo: string }>;
    expect(rechazos.map((r) => r.motivorechazo).sort()).toEqual([
      'Documento ilegible',
      'Firma faltante',
      'No corresponde',
    ]);
    const retenido = (await detail(c, 'g-retenido', -5)).body;
    expect(retenido).toEqual([
      {
        proyecto: 'Centro Empresarial Calle 100',
        tipocontrato: 'Obra a precio global',
        actividad: 'Instalaciones eléctricas',
        documento: expect.any(String),
        vigencia: sumarDias(hoy, 5),
      },
    ]);
  });

  it('keeps companies apart: B never sees A or C, and cannot ask for them', async () => {
    const mine = await summary(b);
    expect(mine.map((e) => e.nit)).toEqual([CONTRACTOR_B.username]);
    expect(counts(mine[0], 'sg-sst').rechazados).toBe(0);
    expect((await detail(b, 'sg-sst', -1)).body).toEqual([]);
    const [ofA] = await summary(a);
    expect(ofA.nit).toBe(CONTRACTOR_A.username);
    expect(counts(ofA, 'sg-sst').rechazados).toBe(1);
    expect(
      (await detail(a, 'sg-sst', -1)).body.map((r: { motivorechazo: string }) => r.motivorechazo),
    ).toEqual(['Rechazo de A']);

    for (const nit of [CONTRACTOR_A.username, NIT_C]) {
      const res = await detail(b, 'sg-sst', -1, `?nit=${nit}`);
      expect(res.status).toBe(403);
    }
    expect((await detail(b, 'sg-sst', -1, `?nit=${CONTRACTOR_B.username}`)).status).toBe(200);
  });

  it('gives staff pages of companies, one company by nit, and a drill-down for the nit they name', async () => {
    const all = await summary(staff);
    const nits = all.map((e) => e.nit);
    expect(nits).toEqual(expect.arrayContaining([CONTRACTOR_A.username, CONTRACTOR_B.username, NIT_C]));
    const names = all.map((e) => e.razonsocial);
    expect(names).toEqual([...names].sort());
    const [own] = await summary(c);
    expect(all.find((e) => e.nit === NIT_C)).toEqual(own);

    const get = (headers: Record<string, string>, qs: string) =>
      app.inject({ method: 'GET', url: `/api/contratista/reporte${qs}`, headers });
    const second = await get(staff, '?page=2&pageSize=1');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual([all[1]]);
    expect((await get(staff, `?nit=${NIT_C}`)).json()).toEqual([own]);
    expect((await get(staff, '?nit=123')).statusCode).toBe(404);
    expect((await get(staff, '?pageSize=101')).statusCode).toBe(400);
    // A contractor may name only their own company.
    expect((await get(c, `?nit=${NIT_C}`)).json()).toEqual([own]);
    expect((await get(b, `?nit=${NIT_C}`)).statusCode).toBe(403);

    const missing = await detail(staff, 'sg-sst', -1);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MSG.reportNitRequired);
    expect((await detail(staff, 'sg-sst', -1, `?nit=${NIT_C}`)).body).toEqual(
      (await detail(c, 'sg-sst', -1)).body,
    );
    expect((await detail(staff, 'sg-sst', -1, '?nit=123')).status).toBe(404);
  });

  it('refuses unknown modules and filters with a Spanish message', async () => {
    for (const [modulo, filtro, message] of [
      ['sg-sstx', -9, MSG.reportModuleInvalid],
      ['SG-SST', -1, MSG.reportModuleInvalid],
      ['sg-sst', -2, MSG.reportFilterInvalid],
      ['g-riesgo', 'abc', MSG.reportFilterInvalid],
      ['g-riesgo', 9, MSG.reportFilterInvalid],
    ] as const) {
      const res = await detail(c, modulo, filtro);
      expect(res.status, `${modulo}/${filtro}`).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('documents the drill-down parameters in the OpenAPI description', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const op = res.json().paths['/api/contratista/reporte/{modulo}/{filtro}'].get;
    expect(op.description).toContain('-9 pending upload');
    const params = Object.fromEntries(
      op.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema]),
    );
    expect(params.modulo.enum).toEqual(['sg-sst', 'sg-personal', 'g-riesgo', 'g-retenido']);
    expect(params.filtro.enum).toEqual(['-9', '-5', '-1']);
  });

  it('ignores submissions of slots that no longer exist (inactive contract or link)', async () => {
    await db
      .update(t.contratos)
      .set({ activo: false })
      .where(inArray(t.contratos.id, [c2.id]));
    try {
      const [own] = await summary(c);
      expect(counts(own, 'g-retenido').poxvencer).toBe(0);
    } finally {
      await db.update(t.contratos).set({ activo: true }).where(eq(t.contratos.id, c2.id));
    }
  });
});
