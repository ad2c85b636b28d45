import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { ADMIN, fechasParaAprobar, hoyDe, requisito, uploadSgSst } from '../../test/revision';
import { aprobarNoDispensables } from '../../test/aptitud';
import { subirPlanilla } from '../../test/pila';

/** 'YYYY-MM' of the month before a Colombian day. */
const mesAnterior = (hoy: string) => {
  const [ano, mes] = hoy.split('-').map(Number);
  return mes === 1 ? `${ano - 1}-12` : `${ano}-${String(mes - 1).padStart(2, '0')}`;
};

type Method = 'GET' | 'POST' | 'PUT';
type Params = Record<string, string>;
type Endpoint = {
  method: Method;
  path: string;
  /** Query string, with {placeholders} like the path. */
  query?: string;
  payload?: object | ((p: Params) => object);
  admin?: boolean;
};

const MASTER_TABLES = ['proyectos', 'tipos-contrato', 'actividades', 'regionales', 'cargos'];

/**
 * Every staff endpoint (the review console, catalogue and companies), with a VALID payload so that
 * only authorization can refuse it. The list is checked against the routes the app registers, so a
 * new staff route without a row here fails this test.
 */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/revision/pendientes' },
  { method: 'GET', path: '/api/revision/pendientes/conteo' },
  { method: 'GET', path: '/api/revision/entregas/{id}' },
  // With the issue date its validity rule reads (decision 113).
  { method: 'POST', path: '/api/revision/entregas/{id}/aprobar', payload: { fechaExpedicion: '2026-01-02' } },
  {
    method: 'POST',
    path: '/api/revision/entregas/{id}/rechazar',
    payload: { observacion: 'Documento ilegible' },
  },
  { method: 'GET', path: '/api/revision/cumplimiento' },
  { method: 'GET', path: '/api/revision/cumplimiento/excel' },
  { method: 'GET', path: '/api/revision/cumplimiento/{empresaId}' },
  { method: 'GET', path: '/api/revision/cumplimiento/{empresaId}/items' },
  { method: 'GET', path: '/api/admin/requisitos' },
  { method: 'GET', path: '/api/admin/requisitos/{id}' },
  {
    method: 'POST',
    path: '/api/admin/requisitos',
    admin: true,
    payload: { modulo: 'sg-sst', codigo: 'X99', nombreCorto: 'Requisito de prueba', extensiones: 'pdf' },
  },
  {
    method: 'PUT',
    path: '/api/admin/requisitos/{id}',
    admin: true,
    payload: { nombreCorto: 'Nombre cambiado' },
  },
  { method: 'POST', path: '/api/admin/requisitos/{id}/retirar', admin: true },
  { method: 'POST', path: '/api/admin/requisitos/{id}/activar', admin: true },
  ...MASTER_TABLES.flatMap((t): Endpoint[] => [
    { method: 'GET', path: `/api/admin/maestras/${t}` },
    { method: 'POST', path: `/api/admin/maestras/${t}`, admin: true, payload: { descripcion: `Nuevo ${t}` } },
    {
      method: 'PUT',
      path: `/api/admin/maestras/${t}/{id}`,
      admin: true,
      payload: { descripcion: `Cambiado ${t}` },
    },
    { method: 'POST', path: `/api/admin/maestras/${t}/{id}/retirar`, admin: true },
    { method: 'POST', path: `/api/admin/maestras/${t}/{id}/activar`, admin: true },
  ]),
  // SMMLV per year (decision 132).
  { method: 'GET', path: '/api/admin/salarios-minimos' },
  // Registered first, so that the edit below finds the year.
  {
    method: 'POST',
    path: '/api/admin/salarios-minimos',
    admin: true,
    payload: { ano: 2099, valor: 3_000_000, norma: 'Decreto de prueba' },
  },
  {
    method: 'PUT',
    path: '/api/admin/salarios-minimos/{ano}',
    admin: true,
    payload: { valor: 3_000_000, norma: 'Decreto de prueba' },
  },
  { method: 'GET', path: '/api/admin/empresas' },
  { method: 'GET', path: '/api/admin/empresas/{id}' },
  {
    method: 'POST',
    path: '/api/admin/empresas',
    admin: true,
    payload: {
      nit: '800197268-4',
      razonSocial: 'Empresa de Prueba S.A.S.',
      correo: 'contacto@prueba.example.co',
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/empresas/{id}',
    admin: true,
    payload: { razonSocial: 'Otra razón social' },
  },
  { method: 'POST', path: '/api/admin/empresas/{id}/deshabilitar', admin: true },
  { method: 'POST', path: '/api/admin/empresas/{id}/habilitar', admin: true },
  // Site access (decisions 121-123): reviewers read, grant and revoke; administrators assign gates.
  { method: 'GET', path: '/api/revision/aptitud', query: 'proyectoid={proyectoId}' },
  {
    method: 'POST',
    path: '/api/revision/aptitud/autorizaciones',
    payload: (p) => ({
      empleadoId: Number(p.empleadoId),
      contratoId: Number(p.contratoId),
      motivo: 'Ingreso supervisado mientras se aprueba el examen',
      hasta: p.hoy,
    }),
  },
  { method: 'POST', path: '/api/revision/aptitud/autorizaciones/{id}/revocar' },
  { method: 'GET', path: '/api/revision/credenciales/pdf', query: 'contratoid={contratoId}' },
  { method: 'GET', path: '/api/revision/credenciales', query: 'contratoid={contratoId}' },
  {
    method: 'POST',
    path: '/api/revision/credenciales/{id}/revocar',
    payload: { motivo: 'Carné extraviado por el trabajador' },
  },
  { method: 'GET', path: '/api/revision/horas-hombre', query: 'proyectoid={proyectoId}&ano=2026&mes=11' },
  {
    method: 'GET',
    path: '/api/revision/porteria/registros',
    query: 'proyectoid={proyectoId}&fecha={hoy}',
  },
  { method: 'GET', path: '/api/revision/pila', query: 'contratoid={contratoId}&ano={pilaAno}&mes={pilaMes}' },
  { method: 'GET', path: '/api/revision/pila/entregas/{id}' },
  { method: 'GET', path: '/api/revision/pila/periodos', query: 'contratoid={contratoId}' },
  { method: 'GET', path: '/api/revision/pila/matriz', query: 'contratoid={contratoId}' },
  { method: 'GET', path: '/api/revision/autoevaluaciones', query: 'ano=2026' },
  { method: 'GET', path: '/api/revision/autoevaluaciones/{empresaId}' },
  { method: 'GET', path: '/api/admin/porteria/{usuarioId}/proyectos', admin: true },
  {
    method: 'PUT',
    path: '/api/admin/porteria/{usuarioId}/proyectos',
    admin: true,
    payload: (p) => ({ proyectos: [Number(p.proyectoId)] }),
  },
];

const STAFF_PREFIXES = ['/api/revision/', '/api/admin/'];

describe('staff endpoints', async () => {
  const app = await createTestApp();
  const [A, B, R, ADM] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, CONTRACTOR_B),
    await authHeaders(app, REVIEWER),
    await authHeaders(app, ADMIN),
  ];
  // The RUT goes up with the issue date its validity rule reads, so `aprobar` with {} is a valid
  // payload too (decision 113): only authorization can refuse it.
  const rut = await requisito(app, 'sg-sst', 'E01');
  const entrega = await uploadSgSst(app, A, rut, undefined, undefined, await fechasParaAprobar(app, rut));
  const [{ id: empresaId }] = await query<{ id: number }>(
    app.db,
    sql`SELECT id FROM empresas WHERE nit = '900123456'`,
  );
  // A worker on the company's first contract (fitness, authorizations, carnets) and a gate user.
  const [contrato] = await query<{ id: number; proyecto_id: number }>(
    app.db,
    sql`SELECT id, proyecto_id FROM contratos WHERE empresa_id = ${empresaId} AND activo ORDER BY id LIMIT 1`,
  );
  const [empleado] = await query<{ id: number }>(
    app.db,
    sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos)
        VALUES (${empresaId}, 'CC', '1098765432', 'Prueba', 'Acceso') RETURNING id`,
  );
  await query(
    app.db,
    sql`INSERT INTO empleados_contratos (empleado_id, contrato_id) VALUES (${empleado.id}, ${contrato.id})`,
  );
  // What no authorization stands in for approved (decision 182): granting one is then allowed.
  await aprobarNoDispensables(app.db, { contratoId: contrato.id, empleadoId: empleado.id });
  const [guardia] = await query<{ id: number }>(
    app.db,
    sql`INSERT INTO usuarios (username, tipo, nombre, correo)
        VALUES ('guardia.acceso', 'porteria', 'Guardia de prueba', 'guardia@example.co') RETURNING id`,
  );
  // A reconciled planilla of last month (PILA, decision 128) for the pila routes.
  const pilaPeriodo = mesAnterior(hoyDe(app));
  const planilla = await subirPlanilla(app, A, {
    contratoId: contrato.id,
    nit: '900123456',
    periodo: pilaPeriodo,
    documentos: ['1098765432'],
  });
  expect(planilla.statusCode, planilla.body).toBe(200);
  const params: Params = {
    id: '1',
    pilaEntrega: String(planilla.json().idEntrega),
    pilaAno: pilaPeriodo.slice(0, 4),
    pilaMes: String(Number(pilaPeriodo.slice(5, 7))),
    empresaId: String(empresaId),
    proyectoId: String(contrato.proyecto_id),
    contratoId: String(contrato.id),
    empleadoId: String(empleado.id),
    usuarioId: String(guardia.id),
    hoy: hoyDe(app),
    ano: '2099',
  };
  const fill = (text: string, e: Endpoint) =>
    text.replace(/\{(\w+)\}/g, (_m, k: string) =>
      k === 'id' && e.path.startsWith('/api/revision/entregas')
        ? String(entrega)
        : k === 'id' && e.path.startsWith('/api/revision/pila/entregas')
          ? params.pilaEntrega
          : params[k],
    );
  const urlOf = (e: Endpoint) => fill(e.path, e) + (e.query ? `?${fill(e.query, e)}` : '');
  const call = (e: Endpoint, headers?: Record<string, string>) =>
    app.inject({
      method: e.method,
      url: urlOf(e),
      headers,
      ...(e.payload ? { payload: typeof e.payload === 'function' ? e.payload(params) : e.payload } : {}),
    });

  /** A fingerprint of everything a staff write could change. */
  const snapshot = async () =>
    query(
      app.db,
      sql`SELECT (SELECT json_agg(e ORDER BY id) FROM (SELECT id, estado, vigencia_hasta, motivo_rechazo FROM entregas) e) AS entregas,
                 (SELECT json_agg(r ORDER BY id) FROM requisitos r) AS requisitos,
                 (SELECT json_agg(x ORDER BY id) FROM empresas x) AS empresas,
                 (SELECT json_agg(p ORDER BY id) FROM proyectos p) AS proyectos,
                 (SELECT json_agg(c ORDER BY id) FROM cargos c) AS cargos,
                 (SELECT json_agg(s ORDER BY ano) FROM salarios_minimos s) AS salarios,
                 (SELECT count(*) FROM usuarios) AS usuarios,
                 (SELECT count(*) FROM correos_salida) AS correos`,
    );

  it('the table covers every staff route the app registers', () => {
    const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const registered = Object.entries(spec.paths)
      .filter(([p]) => STAFF_PREFIXES.some((x) => p.startsWith(x)))
      .flatMap(([p, methods]) =>
        Object.keys(methods)
          .filter((m) => m !== 'head')
          .map((m) => `${m.toUpperCase()} ${p}`),
      );
    const listed = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(registered.length).toBeGreaterThan(30);
    expect(registered.filter((r) => !listed.includes(r))).toEqual([]);
    expect(listed.filter((l) => !registered.includes(l))).toEqual([]);
  });

  it('provider tokens get 403 on every staff endpoint and change nothing', async () => {
    const before = await snapshot();
    for (const headers of [A, B]) {
      for (const e of ENDPOINTS) {
        const res = await call(e, headers);
        expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
        expect(res.json().message).toBe(MSG.forbidden);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('no token gets 401 everywhere', async () => {
    for (const e of ENDPOINTS) expect((await call(e)).statusCode, `${e.method} ${e.path}`).toBe(401);
  });

  it('a revisor reads and reviews but gets 403 on catalogue and company writes', async () => {
    const before = await snapshot();
    for (const e of ENDPOINTS.filter((x) => x.admin)) {
      const res = await call(e, R);
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    for (const e of ENDPOINTS.filter((x) => !x.admin && x.method === 'GET')) {
      const res = await call(e, R);
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(200);
    }
  });

  it('an administrador is allowed on every endpoint', async () => {
    for (const e of ENDPOINTS) {
      const res = await call(e, ADM);
      expect([200, 409], `${e.method} ${e.path}: ${res.body}`).toContain(res.statusCode);
    }
  });
});
