import { describe, expect, it } from 'vitest';
import { MENU_CONTRATISTA, MENU_FUNCIONARIO } from '@proveedores/domain';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../../test/app';

describe('GET /api/contratista/opciones_menu', async () => {
  const app = await createTestApp();
  const get = (headers?: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/contratista/opciones_menu', headers });

  it('needs a token', async () => {
    expect((await get()).statusCode).toBe(401);
  });

  it('gives contractors the evidence modules, personnel, history, report and settings', async () => {
    const res = await get(await authHeaders(app, CONTRACTOR_A));
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<Record<string, string>>;
    expect(body).toEqual(expect.arrayContaining([...MENU_CONTRATISTA]));
    expect(body.map((o) => o.ruta)).toEqual([
      'sg-sst',
      'autoevaluacion',
      'ingreso-personal',
      'aptitud-personal',
      'gestion-riesgo',
      'retenido',
      'list-dinamico/histdocs?path=sg-sst',
      'reportesociodemografico',
      'cambiar-clave',
    ]);
    for (const o of body) {
      expect(Object.keys(o).sort()).toEqual(['descripcion', 'icono', 'id', 'ruta', 'titulo']);
      expect(o.icono).toMatch(/^pi pi-[a-z-]+$/);
    }
  });

  it('gives staff the review pages and settings, not the contractor pages', async () => {
    const res = await get(await authHeaders(app, REVIEWER));
    expect(res.statusCode).toBe(200);
    const rutas = (res.json() as Array<{ ruta: string }>).map((o) => o.ruta);
    expect(res.json()).toEqual(expect.arrayContaining([...MENU_FUNCIONARIO]));
    expect(rutas).toEqual([
      'revision',
      'cumplimiento',
      'personal-obra',
      'revision/autoevaluaciones',
      'list-dinamico/empresas',
      'list-dinamico/requisitos',
      'admin/maestras',
      'cambiar-clave',
    ]);
    expect(rutas).not.toContain('sg-sst');
    expect(rutas).not.toContain('aptitud-personal');
    expect(rutas).not.toContain('autoevaluacion');
  });
});
