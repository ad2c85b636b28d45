import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../../test/app';
import { ADMIN } from '../../test/revision';

/** The PILA legal data an administrator edits (docs/decisions/132), on PGlite or DATABASE_URL. */
describe('editable PILA data: activity risk class and SMMLV per year', async () => {
  const app = await createTestApp();
  const [A, R, ADM] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, REVIEWER),
    await authHeaders(app, ADMIN),
  ];
  const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = ADM) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const audits = async (evento: string) =>
    query<{ datos: Record<string, unknown>; usuario_id: number | null }>(
      app.db,
      sql`SELECT datos, usuario_id FROM auditoria WHERE evento = ${evento} ORDER BY id`,
    );

  it("lists each activity's seeded class and edits it, audited like other master data", async () => {
    const list = (await api('GET', '/api/admin/maestras/actividades', undefined, R)).json() as Array<{
      id: number;
      descripcion: string;
      claseRiesgo: number;
    }>;
    const [seeded] = await query<{ id: number; clase_riesgo: number }>(
      app.db,
      sql`SELECT id, clase_riesgo FROM actividades WHERE clase_riesgo < 5 ORDER BY id LIMIT 1`,
    );
    expect(seeded, 'the seed sets classes below V').toBeDefined();
    expect(list.find((a) => a.id === seeded.id)?.claseRiesgo).toBe(seeded.clase_riesgo);
    const nueva = seeded.clase_riesgo === 2 ? 4 : 2;
    const before = (await audits('maestra.saved')).length;
    const res = await api('PUT', `/api/admin/maestras/actividades/${seeded.id}`, { claseRiesgo: nueva });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item.claseRiesgo).toBe(nueva);
    const [row] = await query<{ clase_riesgo: number }>(
      app.db,
      sql`SELECT clase_riesgo FROM actividades WHERE id = ${seeded.id}`,
    );
    expect(Number(row.clase_riesgo)).toBe(nueva);
    const after = await audits('maestra.saved');
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.datos).toEqual({ tabla: 'actividades', id: seeded.id, creado: false });
  });

  it('a new activity gets class V unless one is given; classes outside I-V are refused', async () => {
    const sinClase = await api('POST', '/api/admin/maestras/actividades', {
      descripcion: 'Pintura de fachadas',
    });
    expect(sinClase.json().item.claseRiesgo).toBe(5);
    const conClase = await api('POST', '/api/admin/maestras/actividades', {
      descripcion: 'Aseo de oficinas de obra',
      claseRiesgo: 1,
    });
    expect(conClase.json().item.claseRiesgo).toBe(1);
    for (const claseRiesgo of [0, 6, 2.5, '3', null]) {
      const res = await api('PUT', `/api/admin/maestras/actividades/${conClase.json().item.id}`, {
        claseRiesgo,
      });
      expect(res.statusCode, String(claseRiesgo)).toBe(400);
      expect(res.json().message, String(claseRiesgo)).toBe(MSG.claseRiesgoInvalida);
    }
    // Other tables have no class (strict bodies).
    const cargo = await api('POST', '/api/admin/maestras/cargos', {
      descripcion: 'Almacenista',
      claseRiesgo: 1,
    });
    expect(cargo.statusCode).toBe(400);
  });

  it('lists the SMMLV per year, newest first, each with its norm', async () => {
    const res = await api('GET', '/api/admin/salarios-minimos', undefined, R);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Array<{ ano: number; valor: number; norma: string }>;
    expect(rows.map((r) => r.ano)).toEqual([...rows.map((r) => r.ano)].sort((a, b) => b - a));
    expect(rows).toContainEqual({ ano: 2025, valor: 1423500, norma: 'Decreto 1572 de 2024' });
    expect(rows.find((r) => r.ano === 2026)?.norma).toBeTruthy();
  });

  it('an administrator registers a year once and corrects it with the separate edit, each audited', async () => {
    const add = await api('POST', '/api/admin/salarios-minimos', {
      ano: 2027,
      valor: 1900000,
      norma: ' Decreto 9999 de 2026 ',
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({
      message: MSG.salarioGuardado(2027),
      item: { ano: 2027, valor: 1900000, norma: 'Decreto 9999 de 2026' },
    });
    const fila = () =>
      query<{ valor: number; norma: string }>(
        app.db,
        sql`SELECT valor, norma FROM salarios_minimos WHERE ano = 2027`,
      );

    // 'Registrar año' with a year already registered: refused, the figure the reconciliation reads stays.
    const again = await api('POST', '/api/admin/salarios-minimos', {
      ano: 2027,
      valor: 100,
      norma: 'Decreto 1 de 2026',
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(MSG.salarioAnoExiste(2027));
    expect(await fila()).toEqual([{ valor: 1900000, norma: 'Decreto 9999 de 2026' }]);

    const fix = await api('PUT', '/api/admin/salarios-minimos/2027', {
      valor: 1910000,
      norma: 'Decreto 9998 de 2026',
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(await fila()).toEqual([{ valor: 1910000, norma: 'Decreto 9998 de 2026' }]);

    // The edit only corrects a registered year; it creates none.
    const missing = await api('PUT', '/api/admin/salarios-minimos/2031', {
      valor: 1910000,
      norma: 'Decreto 9998 de 2030',
    });
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.json().message).toBe(MSG.salarioAnoNoExiste(2031));
    const [n] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM salarios_minimos WHERE ano = 2031`,
    );
    expect(n.n).toBe(0);

    const logged = await audits('salario_minimo.saved');
    expect(logged.map((a) => a.datos)).toEqual([
      { ano: 2027, valor: 1900000, creado: true },
      {
        ano: 2027,
        valor: 1910000,
        creado: false,
        anterior: { valor: 1900000, norma: 'Decreto 9999 de 2026' },
      },
    ]);
    expect(logged.every((a) => a.usuario_id !== null)).toBe(true);
  });

  it('refuses bad years, values and norms, and any caller but an administrator', async () => {
    const cases: Array<[string, object, string]> = [
      ['1999', { valor: 1000, norma: 'Decreto 1 de 1998' }, MSG.salarioAnoInvalido],
      ['2101', { valor: 1000, norma: 'Decreto 1 de 2100' }, MSG.salarioAnoInvalido],
      ['dosmil', { valor: 1000, norma: 'Decreto 1 de 2100' }, MSG.salarioAnoInvalido],
      ['2028', { valor: 0, norma: 'Decreto 1 de 2027' }, MSG.salarioValorInvalido],
      ['2028', { valor: 1500000.5, norma: 'Decreto 1 de 2027' }, MSG.salarioValorInvalido],
      ['2028', { valor: 1500000, norma: 'D1' }, MSG.salarioNormaInvalida],
      ['2028', { valor: 1500000, norma: 'x'.repeat(201) }, MSG.salarioNormaInvalida],
    ];
    for (const [ano, body, message] of cases) {
      const res = await api('PUT', `/api/admin/salarios-minimos/${ano}`, body);
      expect(res.statusCode, `${ano} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().message, `${ano} ${JSON.stringify(body)}`).toBe(message);
      const nuevo = await api('POST', '/api/admin/salarios-minimos', { ano: Number(ano) || ano, ...body });
      expect(nuevo.statusCode, `POST ${ano} ${JSON.stringify(body)}`).toBe(400);
      expect(nuevo.json().message, `POST ${ano} ${JSON.stringify(body)}`).toBe(message);
    }
    const good = { valor: 1500000, norma: 'Decreto 1 de 2027' };
    expect((await api('PUT', '/api/admin/salarios-minimos/2028', good, R)).statusCode).toBe(403);
    expect((await api('PUT', '/api/admin/salarios-minimos/2028', good, A)).statusCode).toBe(403);
    for (const who of [R, A])
      expect((await api('POST', '/api/admin/salarios-minimos', { ano: 2028, ...good }, who)).statusCode).toBe(
        403,
      );
    expect((await api('GET', '/api/admin/salarios-minimos', undefined, A)).statusCode).toBe(403);
    const [n] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM salarios_minimos WHERE ano = 2028`,
    );
    expect(n.n).toBe(0);
  });
});
