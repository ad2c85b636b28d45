import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AptitudTrabajador, Verificacion } from '@proveedores/domain';
import { blobStoreFor } from '../files';
import { authHeaders, createTestApp, CONTRACTOR_A, login } from '../test/app';
import { query } from './client';
import { DEMO_SITE, DEMO_TRABAJADORES } from './seed-demo-site';

/** The site-access demo (docs/decisions/130) as a newcomer meets it after `npm start`. */
describe('site-access demo data', () => {
  it('is not seeded under NODE_ENV=test unless asked for', async () => {
    const app = await createTestApp();
    const [{ n }] = await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM empleados`);
    expect(n).toBe(0);
    const [{ g }] = await query<{ g: number }>(
      app.db,
      sql`SELECT count(*)::int AS g FROM usuarios WHERE username = ${DEMO_SITE.porteria.username}`,
    );
    expect(g).toBe(0);
  });

  it('tells the fitness story, keeps every file on disk, and lets the gate check a worker by document', async () => {
    const app = await createTestApp({ seedDemoSite: true });
    const headers = await authHeaders(app, CONTRACTOR_A);
    const [contrato] = await query<{ id: number; proyecto_id: number }>(
      app.db,
      sql`SELECT id, proyecto_id FROM contratos WHERE descripcion = ${DEMO_SITE.contrato}`,
    );
    const res = await app.inject({
      method: 'GET',
      url: `/api/contratista/trabajadores/aptitud?contratoid=${contrato.id}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const filas = res.json() as AptitudTrabajador[];
    const de = (caso: string) => {
      const w = DEMO_TRABAJADORES.find((t) => t.caso === caso)!;
      return filas.find((f) => f.numerodocumento === w.numerodocumento)!;
    };
    expect(filas).toHaveLength(DEMO_TRABAJADORES.length);

    expect(de('apto')).toMatchObject({ apto: true, motivos: [], autorizacion: null });
    expect(de('apto').vence).not.toBeNull();
    const vencido = de('reentrenamiento_vencido');
    expect(vencido.apto).toBe(false);
    expect(vencido.items.map((i) => [i.codigo, i.codEstado])).toEqual([['P11', 9]]);
    expect(vencido.motivos[0]).toMatch(/vencido el \d\d\/\d\d\/\d{4}/);
    const porRevisar = de('concepto_por_revisar');
    expect(porRevisar.apto).toBe(false);
    expect(porRevisar.items.map((i) => [i.codigo, i.codEstado])).toEqual([['P09', 0]]);
    expect(porRevisar.motivos[0]).toContain('pendiente por aprobar');
    const faltan = de('faltan_items');
    expect(faltan.apto).toBe(false);
    expect(faltan.items.map((i) => i.codigo)).toEqual(['P11', 'P13', 'P14']);
    expect(faltan.motivos.every((m) => m.includes('no cargad'))).toBe(true);
    const autorizado = de('autorizado');
    expect(autorizado.apto).toBe(true);
    expect(autorizado.autorizacion).not.toBeNull();
    expect(autorizado.items.map((i) => [i.codigo, i.codEstado])).toEqual([['P08', -1]]);

    // Every stored submission points at a blob that exists (as an upload leaves it).
    const shas = await query<{ sha256: string; tamano: number }>(
      app.db,
      sql`SELECT DISTINCT a.sha256, a.tamano FROM archivos a JOIN entregas e ON e.archivo_id = a.id`,
    );
    expect(shas.length).toBeGreaterThan(10);
    const store = blobStoreFor(app.config.dataDir);
    for (const s of shas) expect(await store.stat(s.sha256)).toEqual({ size: s.tamano });

    // The gate account signs in with its published password, no forced change, and checks by document.
    const entrada = await login(app, {
      username: DEMO_SITE.porteria.username,
      password: DEMO_SITE.porteria.password,
      path: '/api/login/authenticatead',
    });
    expect(entrada.statusCode).toBe(200);
    const token = entrada.json().token as string;
    expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).changepassword).toBe('false');
    const gate = { authorization: `Bearer ${token}` };
    const verificar = async (caso: string) => {
      const w = DEMO_TRABAJADORES.find((t) => t.caso === caso)!;
      const r = await app.inject({
        method: 'POST',
        url: '/api/porteria/verificar',
        headers: gate,
        payload: {
          proyectoid: contrato.proyecto_id,
          tipodocumento: 'CC',
          numerodocumento: w.numerodocumento,
        },
      });
      expect(r.statusCode).toBe(200);
      return r.json() as Verificacion;
    };
    expect((await verificar('apto')).apto).toBe(true);
    expect((await verificar('reentrenamiento_vencido')).apto).toBe(false);
  });
});
