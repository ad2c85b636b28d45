import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { periodoEnColombia } from '@proveedores/domain';
import { describe, expect, it } from 'vitest';
import { query } from '../db/client';
import { DEMO } from '../db/seed';
import {
  authHeaders,
  createTestApp,
  CONTRACTOR_A,
  CONTRACTOR_B,
  REVIEWER,
  solveCaptcha,
  type LoginAs,
} from '../test/app';
import {
  companyNit,
  employeePayload,
  entryKey,
  MATRIX,
  type BuildContext,
  type Caller,
  type CompanyIds,
  type MatrixEntry,
  type MatrixRequest,
  type Role,
  type SharedIds,
} from './matrix.test-data';
import { samplePdf } from '../lib/file-check-samples';
import { upsertStaff } from '../ops/staff';

const ADMIN: LoginAs = {
  username: DEMO.admin.username,
  password: DEMO.adminPassword,
  path: '/api/login/authenticatead',
};
type Headers = Record<string, string>;

/** Every route of the app as 'METHOD /path', read from printRoutes (HEAD twins of GET left out). */
export function registeredRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)(?:[├└]── )?(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m || !m[2].trim()) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    for (const method of (m[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD') out.push(`${method} ${stack.join('')}`);
  }
  return out;
}

const thisMonthInColombia = () => periodoEnColombia(new Date());

const find = (key: string): MatrixEntry => {
  const e = MATRIX.find((x) => entryKey(x) === key);
  if (!e) throw new Error(`no matrix entry ${key}`);
  return e;
};

describe('authorization matrix', async () => {
  const app = await createTestApp();
  const [hA, hB, hR, hAdm] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, CONTRACTOR_B),
    await authHeaders(app, REVIEWER),
    await authHeaders(app, ADMIN),
  ];
  let seq = 0;
  const unique = () => ++seq;
  const captcha = () => solveCaptcha(app);

  const send = (headers: Headers, method: MatrixEntry['method'], req: MatrixRequest) =>
    app.inject({
      method,
      url: req.url,
      headers: { ...headers, ...req.headers },
      ...(req.payload === undefined ? {} : { payload: req.payload as object }),
    });
  const must = async (headers: Headers, method: MatrixEntry['method'], req: MatrixRequest) => {
    const res = await send(headers, method, req);
    if (res.statusCode !== 200) throw new Error(`setup ${method} ${req.url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const one = async <T>(q: ReturnType<typeof sql>) => (await query<T>(app.db, q))[0];

  // ---------- shared ids ----------
  const requisito = async (modulo: string, codigo: string) =>
    (
      await one<{ id: number }>(
        sql`SELECT id FROM requisitos WHERE modulo = ${modulo} AND codigo = ${codigo}`,
      )
    ).id;
  const maestras = (await must(hA, 'GET', { url: '/api/contratista/maestras' }))[0];
  const shared: SharedIds = {
    requisitos: {
      sgSst: await requisito('sg-sst', 'E01'),
      gRiesgo: await requisito('g-riesgo', 'M01'),
      gRetenido: await requisito('g-retenido', 'R01'),
      sgPersonal: await requisito('sg-personal', 'P01'),
      sgPersonalMultiple: await requisito('sg-personal', 'P13'),
    },
    periodo: thisMonthInColombia(),
    cargoId: (await must(hA, 'GET', { url: '/api/contratista/cargos' }))[0].id,
    nuevoContrato: {
      idRegional: maestras.regionales[0].id,
      idProyecto: maestras.proyectos[0].id,
      idActividad: maestras.actividad[0].id,
      idTipocontrato: maestras.tipoContrato[0].id,
    },
    requisitoAdmin: 0,
    maestraAdmin: { proyectos: 0, 'tipos-contrato': 0, actividades: 0, regionales: 0, cargos: 0 },
    empresaAdmin: 0,
    entregaAprobar: 0,
    entregaRechazar: 0,
    porteria: { usuarioId: 0, proyectoId: 0 },
  };

  // ---------- each company's own data, made through the API ----------
  const pdfAdjunto = (name: string) => ({
    adjunto: samplePdf(name).toString('base64'),
    nombreArchivo: name,
    extension: 'pdf',
  });
  const upload = async (h: Headers, requisitoId: number, name: string) =>
    (
      await must(h, 'PUT', {
        url: `/api/contratista/adjuntos/sg-sst/${requisitoId}`,
        payload: { adjunto: pdfAdjunto(name) },
      })
    ).idEntrega as number;

  async function companyIds(
    h: Headers,
    nit: string,
    actividad: string,
    sgSstCodigo: string,
    numero: string,
  ): Promise<CompanyIds> {
    const c = await one<{ id: number; empresa_id: number }>(
      sql`SELECT c.id, c.empresa_id FROM contratos c JOIN empresas e ON e.id = c.empresa_id
            JOIN actividades a ON a.id = c.actividad_id WHERE e.nit = ${nit} AND a.descripcion = ${actividad}`,
    );
    const own: CompanyIds = {
      empresaId: c.empresa_id,
      nit,
      contratoId: c.id,
      sgSstPropio: await requisito('sg-sst', sgSstCodigo),
      empleado: { tipo: 'CC', numero },
      entregaId: 0,
      anexoId: 0,
      usuarioInvitado: 0,
    };
    const ctx: BuildContext = { own, shared, caller: 'contractor', username: nit, captcha, unique };
    await must(h, 'POST', await find('POST /api/contratista/empleados').build(ctx));
    own.entregaId = await upload(h, shared.requisitos.sgSst, `rut-${nit}.pdf`);
    own.anexoId = (
      await must(h, 'PUT', {
        url: `/api/contratista/adjuntos/sg-sst/${shared.requisitos.sgSst}/anexo`,
        payload: { adjunto: pdfAdjunto(`anexo-${nit}.pdf`) },
      })
    ).idAnexo;
    own.usuarioInvitado = (
      await must(h, 'POST', await find('POST /api/contratista/usuarios').build(ctx))
    ).usuario.id;
    // A first submission in every slot the matrix writes to (annexes need one).
    for (const modulo of ['sg-sst', 'g-riesgo', 'g-retenido', 'sg-personal'])
      await must(h, 'PUT', await find(`PUT /api/contratista/adjuntos/${modulo}/:id`).build(ctx));
    return own;
  }
  const [a, b] = DEMO.companies;
  const A = await companyIds(hA, a.nit, 'Estructura en concreto', 'E18', '1023456789');
  const B = await companyIds(hB, b.nit, 'Redes de alcantarillado, tanques y pozos', 'E20', '79876543');

  // ---------- what staff and the admin act on ----------
  shared.entregaAprobar = await upload(hA, await requisito('sg-sst', 'E02'), 'camara.pdf');
  shared.entregaRechazar = await upload(hA, await requisito('sg-sst', 'E03'), 'cedula.pdf');
  shared.requisitoAdmin = (
    await must(hAdm, 'POST', {
      url: '/api/admin/requisitos',
      payload: {
        modulo: 'g-retenido',
        codigo: 'MATRIZ-0',
        nombreCorto: 'Requisito de la matriz',
        extensiones: 'pdf',
        opcional: true,
      },
    })
  ).requisito.id;
  for (const tabla of Object.keys(shared.maestraAdmin) as Array<keyof SharedIds['maestraAdmin']>)
    shared.maestraAdmin[tabla] = (
      await must(hAdm, 'POST', {
        url: `/api/admin/maestras/${tabla}`,
        payload: { descripcion: `Matriz ${tabla} base` },
      })
    ).item.id;
  shared.empresaAdmin = (
    await must(hAdm, 'POST', {
      url: '/api/admin/empresas',
      payload: { nit: companyNit(0), razonSocial: 'Empresa de la matriz', correo: 'matriz0@example.co' },
    })
  ).empresa.id;

  // A gate user (docs/decisions/123) guarding the project of A's contract, made by `npm run staff`'s
  // function; the one-time password's change is skipped so that the session is a working one.
  const GATE_USER: LoginAs = { username: 'matriz.porteria', password: '', path: '/api/login/authenticatead' };
  shared.porteria.proyectoId = (
    await one<{ p: number }>(sql`SELECT proyecto_id AS p FROM contratos WHERE id = ${A.contratoId}`)
  ).p;
  GATE_USER.password = (
    await upsertStaff(app.db, {
      username: GATE_USER.username,
      rol: 'porteria',
      correo: 'porteria@constructora.co',
      proyectos: [shared.porteria.proyectoId],
    })
  ).password;
  await query(
    app.db,
    sql`UPDATE usuarios SET must_change_password = false WHERE username = ${GATE_USER.username}`,
  );
  shared.porteria.usuarioId = (
    await one<{ id: number }>(sql`SELECT id FROM usuarios WHERE username = ${GATE_USER.username}`)
  ).id;
  const hGate = await authHeaders(app, GATE_USER);

  // ---------- database fingerprint: rows of every table, hashed, plus the stored files ----------
  const tables = (
    await query<{ t: string }>(
      app.db,
      sql`SELECT table_name AS t FROM information_schema.tables
           WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  )
    .map((r) => r.t)
    // Change counters (decision 119) move with the tables they count, and move again on a revert.
    .filter((t) => t !== 'cumplimiento_versiones');
  const listFiles = (dir: string): string[] => {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.flatMap((n) => {
      const p = path.join(dir, n);
      const st = statSync(p);
      return st.isDirectory() ? listFiles(p) : [`${p}:${st.size}`];
    });
  };
  async function fingerprint(): Promise<Record<string, string>> {
    const rows = await query<{ t: string; n: number; h: string }>(
      app.db,
      sql.join(
        tables.map(
          (t) =>
            sql`SELECT ${t}::text AS t, count(*)::int AS n, md5(coalesce(string_agg(x::text, chr(10) ORDER BY x::text), '')) AS h
                  FROM ${sql.identifier(t)} x`,
        ),
        sql` UNION ALL `,
      ),
    );
    const fp: Record<string, string> = Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
    fp['<files>'] = listFiles(path.join(app.config.dataDir, 'files')).sort().join('\n');
    return fp;
  }

  type Call = { label: string; caller: Caller; headers: Headers; own: CompanyIds; username: string };
  const CALLS: Record<'anonymous' | 'contractorA' | 'contractorB' | 'staff' | 'admin' | 'porteria', Call> = {
    anonymous: { label: 'no token', caller: 'anonymous', headers: {}, own: A, username: '' },
    contractorA: { label: 'contractor A', caller: 'contractor', headers: hA, own: A, username: a.nit },
    contractorB: { label: 'contractor B', caller: 'contractor', headers: hB, own: B, username: b.nit },
    staff: { label: 'revisor', caller: 'staff', headers: hR, own: A, username: REVIEWER.username },
    admin: { label: 'admin', caller: 'admin', headers: hAdm, own: A, username: ADMIN.username },
    porteria: { label: 'porteria', caller: 'porteria', headers: hGate, own: A, username: GATE_USER.username },
  };
  const LOGINS: Record<Role, LoginAs[]> = {
    contractor: [CONTRACTOR_A, CONTRACTOR_B],
    staff: [REVIEWER],
    admin: [ADMIN],
    porteria: [GATE_USER],
  };

  const build = (e: MatrixEntry, call: Call, own = call.own) =>
    e.build({ own, shared, caller: call.caller, username: call.username, captcha, unique });

  /**
   * Allowed calls that queue mail deliver it in the background (fire and forget): wait until the
   * outbox has nothing due, so that only the refused call can change the fingerprint.
   */
  async function settleOutbox() {
    for (let i = 0; i < 100; i++) {
      await app.mailer.deliverDue(app.db);
      const [{ n }] = await query<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM correos_salida WHERE enviado_at IS NULL AND proximo_intento <= now()`,
      );
      if (n === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('outbox did not settle');
  }

  /** A refused call: the expected status, and not one row or file changed. */
  async function expectRefused(
    e: MatrixEntry,
    call: Call,
    req: MatrixRequest,
    statuses: number[],
    what: string,
  ) {
    await settleOutbox();
    const before = await fingerprint();
    const res = await send(call.headers, e.method, req);
    expect(statuses, `${entryKey(e)} ${what}: ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(
      res.statusCode,
    );
    const after = await fingerprint();
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    expect(changed, `${entryKey(e)} ${what}: these tables changed`).toEqual([]);
    return res;
  }

  function expectAllowed(e: MatrixEntry, status: number, body: string, what: string) {
    const ok = e.ok ? e.ok.includes(status) : status >= 200 && status < 300;
    expect(ok, `${entryKey(e)} ${what}: ${status} ${body.slice(0, 300)}`).toBe(true);
  }

  it('has a fingerprint that sees one changed field and one stray file', async () => {
    const before = await fingerprint();
    await query(
      app.db,
      sql`UPDATE contratos SET descripcion = descripcion || '.' WHERE id = ${A.contratoId}`,
    );
    expect(await fingerprint()).not.toEqual(before);
    await query(
      app.db,
      sql`UPDATE contratos SET descripcion = left(descripcion, -1) WHERE id = ${A.contratoId}`,
    );
    expect(await fingerprint()).toEqual(before);
    const stray = path.join(app.config.dataDir, 'files', 'matriz.tmp');
    writeFileSync(stray, 'x');
    expect(await fingerprint()).not.toEqual(before);
    rmSync(stray);
    expect(await fingerprint()).toEqual(before);
  });

  it('classifies every registered /api route, and names only real routes', () => {
    const routes = registeredRoutes(app).filter((r) => r.split(' ')[1].startsWith('/api'));
    expect(routes).toContain('POST /api/login/authenticatead');
    expect(routes).toContain('GET /api/contratista/adjuntos/sg-personal');
    expect(routes.length).toBeGreaterThan(60);
    const listed = new Set(MATRIX.map((e) => `${e.method} ${e.path}`));
    expect(
      routes.filter((r) => !listed.has(r)),
      'routes missing from server/src/authz/matrix.ts',
    ).toEqual([]);
    for (const e of MATRIX) expect(app.hasRoute({ method: e.method, url: e.path }), entryKey(e)).toBe(true);
    expect(new Set(MATRIX.map(entryKey)).size, 'duplicate matrix entries').toBe(MATRIX.length);
  });

  for (const e of MATRIX) {
    it(entryKey(e), async () => {
      if (e.allow === 'public') {
        const res = await send({}, e.method, await build(e, CALLS.anonymous));
        expectAllowed(e, res.statusCode, res.body, 'without a token');
        return;
      }
      const allow = e.allow;
      // Refused calls first, each checked against the database.
      await expectRefused(e, CALLS.anonymous, await build(e, CALLS.anonymous), [401], 'without a token');
      const roleCalls: Array<[Role, Call]> = [
        ['contractor', CALLS.contractorA],
        ['contractor', CALLS.contractorB],
        ['staff', CALLS.staff],
        ['admin', CALLS.admin],
        ['porteria', CALLS.porteria],
      ];
      for (const [role, call] of roleCalls)
        if (!allow.includes(role))
          await expectRefused(e, call, await build(e, call), [403], `as ${call.label}`);
      if (e.scoped && allow.includes('contractor')) {
        const res = await expectRefused(
          e,
          CALLS.contractorB,
          await build(e, CALLS.contractorB, A),
          [403, 404],
          "as B with A's ids",
        );
        expect(res.body, "a refusal must not echo A's data").not.toContain('rut-');
      }
      // Then every allowed role gets through (proves the refusals above are about who, not what).
      for (const [role, call] of roleCalls) {
        if (!allow.includes(role)) continue;
        let headers = call.headers;
        if (e.endsSession) {
          const who = LOGINS[role][call === CALLS.contractorB ? 1 : 0];
          headers = await authHeaders(app, who);
        }
        const res = await send(headers, e.method, await build(e, call));
        expectAllowed(e, res.statusCode, res.body, `as ${call.label}`);
      }
    });
  }

  it('refuses company fields smuggled into bodies (strict schemas) and changes nothing', async () => {
    for (const e of MATRIX) {
      if (e.allow === 'public' || e.method === 'GET') continue;
      const call = e.allow.includes('contractor')
        ? CALLS.contractorA
        : e.allow.includes('staff')
          ? CALLS.staff
          : CALLS.admin;
      const req = await build(e, call);
      if (!req.payload || typeof req.payload !== 'object') continue;
      const payload = { ...(req.payload as object), empresaId: B.empresaId, estado: 1, revisor: 1 };
      await expectRefused(e, call, { ...req, payload }, [400], 'with empresaId/estado/revisor in the body');
    }
  });

  it("lets B register a worker with A's worker's document as B's own record, leaving A's untouched", async () => {
    const row = () =>
      query<Record<string, unknown>>(
        app.db,
        sql`SELECT e.* FROM empleados e WHERE e.empresa_id = ${A.empresaId} AND e.numero_documento = ${A.empleado.numero}`,
      );
    const before = await row();
    expect(before).toHaveLength(1);
    const payload = {
      ...employeePayload({ own: { ...A, contratoId: B.contratoId }, shared }),
      nombres: 'OTRO NOMBRE',
    };
    const res = await send(hB, 'POST', { url: '/api/contratista/empleados', payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row()).toEqual(before);
    const [mine] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM empleados WHERE empresa_id = ${B.empresaId} AND numero_documento = ${A.empleado.numero}`,
    );
    expect(mine.n).toBe(1);
  });

  it("attachment links: a session token in the query string opens nothing; A's ticket opens only A's file (docs/decisions/166)", async () => {
    const tokenA = hA.authorization.slice('Bearer '.length);
    for (const url of [
      `/api/adminflujos/adjunto/${A.entregaId}`,
      `/api/adminflujos/adjunto/anexo/${A.anexoId}`,
    ]) {
      const e = find(
        `GET ${url.includes('anexo') ? '/api/adminflujos/adjunto/anexo/:id' : '/api/adminflujos/adjunto/:id'}`,
      );
      await expectRefused(
        e,
        CALLS.anonymous,
        { url: `${url}?token=${tokenA}` },
        [401],
        "A's own token in ?token=",
      );
      await expectRefused(
        e,
        CALLS.anonymous,
        { url: `${url}?ticket=not-a-ticket` },
        [401],
        'a forged ?ticket=',
      );
      const issued = await send(hA, 'POST', { url: `${url}/ticket` });
      expect(issued.statusCode).toBe(200);
      const own = await send({}, 'GET', { url: `${url}?ticket=${issued.json().ticket}` });
      expect(own.statusCode).toBe(200);
    }
  });
});
