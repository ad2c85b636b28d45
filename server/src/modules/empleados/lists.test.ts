import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../../test/app';

describe('reference lists: cargos and DANE municipios', async () => {
  const app = await createTestApp();
  let a: Record<string, string>;
  beforeAll(async () => {
    a = await authHeaders(app, CONTRACTOR_A);
  });
  const collator = new Intl.Collator('es', { sensitivity: 'base' });
  const isSorted = (names: string[]) =>
    names.every((n, i) => i === 0 || collator.compare(names[i - 1], n) <= 0);

  it('GET /api/contratista/cargos lists {id, descripcion} ordered by descripcion, cacheable by the browser', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/contratista/cargos', headers: a });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const cargos = res.json() as Array<{ id: number; descripcion: string }>;
    expect(cargos.length).toBeGreaterThan(5);
    expect(Object.keys(cargos[0]).sort()).toEqual(['descripcion', 'id']);
    expect(isSorted(cargos.map((c) => c.descripcion))).toBe(true);
    expect(cargos.map((c) => c.descripcion)).toContain('Vigía de seguridad');
  });

  it('GET /api/contratista/municipios has the 33 departments and 1,123 DANE municipalities, ordered by name', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/contratista/municipios', headers: a });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const deptos = res.json() as Array<{
      nombre_depto: string;
      codigo_depto: string;
      municipios: Array<{ nombre_municipio: string; codigo_municipio: string }>;
    }>;
    expect(deptos).toHaveLength(33);
    expect(deptos.reduce((n, d) => n + d.municipios.length, 0)).toBe(1123);
    expect(isSorted(deptos.map((d) => d.nombre_depto))).toBe(true);
    for (const d of deptos) {
      expect(isSorted(d.municipios.map((m) => m.nombre_municipio))).toBe(true);
      for (const m of d.municipios) expect(m.codigo_municipio.startsWith(d.codigo_depto)).toBe(true);
    }
    const antioquia = deptos.find((d) => d.codigo_depto === '05');
    expect(antioquia?.nombre_depto).toBe('Antioquia');
    expect(antioquia?.municipios).toContainEqual({ nombre_municipio: 'Medellín', codigo_municipio: '05001' });
    expect(antioquia?.municipios).toHaveLength(125);
  });

  it('is available to staff too, and not to anonymous callers', async () => {
    const staff = await authHeaders(app, REVIEWER);
    expect(
      (await app.inject({ method: 'GET', url: '/api/contratista/cargos', headers: staff })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/contratista/municipios' })).statusCode).toBe(401);
  });

  it('documents the two parameters of the employee lookup in the OpenAPI description', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/contratista/empleados/{tipodocumento}/{numerodocumento}'].get;
    const params = Object.fromEntries(
      op.parameters.map((p: { name: string; description?: string }) => [p.name, p.description]),
    );
    expect(params.tipodocumento).toMatch(/CC, PPPT/);
    expect(params.numerodocumento).toMatch(/identificación/);
    expect(op.description).toMatch(/tipodocumento/);
  });
});
