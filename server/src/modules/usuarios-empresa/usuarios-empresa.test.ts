import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { USUARIOS_EMPRESA_MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, CONTRACTOR_A, CONTRACTOR_B, createTestApp, login, REVIEWER } from '../../test/app';
import { mailText, startSmtpSink } from '../../test/smtp-sink';
import { claimsOf, encrypt } from '../../test/login';
import { requisito, uploadSgSst } from '../../test/revision';

/**
 * A contractor company's own users (docs/decisions/136), through the API with a real SMTP sink, on
 * PGlite or on PostgreSQL when DATABASE_URL is set.
 */
const TEMP = /(Tmp-[A-Za-z0-9_-]+9a)/;
type Headers = Record<string, string>;

describe('users of a contractor company', async () => {
  const sink = await startSmtpSink();
  afterAll(() => sink.stop());
  const app: FastifyInstance = await createTestApp({ smtpUrl: sink.url });
  const hA = await authHeaders(app, CONTRACTOR_A);
  const hB = await authHeaders(app, CONTRACTOR_B);
  const call = (headers: Headers, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers, payload });
  const invite = (headers: Headers, over: Record<string, string> = {}) =>
    call(headers, 'POST', '/api/contratista/usuarios', {
      tipoDocumento: 'CC',
      numeroDocumento: '1017222333',
      nombre: 'Laura Gómez Cargadora',
      correo: 'laura@montajes.example.co',
      rol: 'cargador',
      ...over,
    });
  const countUsuarios = async () =>
    (await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM usuarios`))[0].n;

  /** Waits for the invitation mail to `to` and returns its one-time password. */
  async function passwordMailedTo(to: string, after: number): Promise<string> {
    await expect
      .poll(() => sink.mails.slice(after).some((m) => m.to.includes(to)), { timeout: 15_000 })
      .toBe(true);
    const mail = sink.mails.slice(after).find((m) => m.to.includes(to))!;
    const temp = TEMP.exec(mailText(mail.raw))?.[1];
    expect(temp).toBeTruthy();
    return temp!;
  }

  /** Signs in with the one-time password, changes it, and returns headers of a full session. */
  async function firstSignIn(username: string, temp: string): Promise<Headers> {
    const first = await login(app, { username, password: temp });
    expect(first.statusCode, first.body).toBe(200);
    const claims = claimsOf(first.json().token);
    expect(claims.changepassword).toBe('true');
    expect(claims.unique_name).toBe(username);
    const forced = { authorization: `Bearer ${first.json().token}` };
    expect((await call(forced, 'GET', '/api/contratista/adjuntos/sg-sst')).statusCode).toBe(403);
    const key = app.config.passwordCipherKey;
    const changed = await call(forced, 'POST', '/api/login/changepassword', {
      Username: username,
      Oldpassword: encrypt(temp, key),
      Newpassword: encrypt('ClavePropia2026', key),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    return authHeaders(app, { username, password: 'ClavePropia2026' });
  }

  let laura = 0;
  let hLaura: Headers = {};

  it('invites a cargador who gets a one-time password, signs in with the document, uploads, and the history names her', async () => {
    const before = sink.mails.length;
    const res = await invite(hA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(USUARIOS_EMPRESA_MSG.usuarioInvitado('laura@montajes.example.co'));
    laura = res.json().usuario.id;
    expect(res.json().usuario).toMatchObject({ rol: 'cargador', activo: true, cuentaEmpresa: false });
    const temp = await passwordMailedTo('laura@montajes.example.co', before);
    expect(mailText(sink.mails[sink.mails.length - 1].raw)).toContain('1017222333');

    hLaura = await firstSignIn('1017222333', temp);
    const data = await call(hLaura, 'GET', '/api/login/userdata');
    expect(data.json()[0].rol_empresa).toBe('cargador');
    const e01 = await requisito(app, 'sg-sst', 'E01');
    const entregaId = await uploadSgSst(app, hLaura, e01, 'rut-laura.pdf');
    const [row] = await query<{ empresa: string; por: string }>(
      app.db,
      sql`SELECT em.nit AS empresa, u.nombre AS por FROM entregas e JOIN empresas em ON em.id = e.empresa_id
            JOIN usuarios u ON u.id = e.cargado_por WHERE e.id = ${entregaId}`,
    );
    expect(row).toEqual({ empresa: CONTRACTOR_A.username, por: 'Laura Gómez Cargadora' });
    // The company account sees the upload in the history, with her name.
    const tree = await call(hA, 'GET', '/api/contratista/bliotecadocumentos/sg-sst');
    expect(tree.statusCode).toBe(200);
    expect(tree.body).toContain('Laura Gómez Cargadora');
    // The review console shows her too.
    const admin = await authHeaders(app, REVIEWER);
    const review = await call(admin, 'GET', `/api/revision/entregas/${entregaId}`);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().cargadoPor).toMatchObject({
      username: '1017222333',
      nombre: 'Laura Gómez Cargadora',
    });
    // The company account lists her with her last sign-in.
    const list = await call(hA, 'GET', '/api/contratista/usuarios');
    expect(list.statusCode).toBe(200);
    const users = list.json() as Array<{ id: number; cuentaEmpresa: boolean; ultimoIngreso: string | null }>;
    expect(users[0].cuentaEmpresa).toBe(true);
    expect(users.find((u) => u.id === laura)?.ultimoIngreso).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/,
    );
  });

  it('refuses a cargador on every management route, changing nothing', async () => {
    const n = await countUsuarios();
    expect((await call(hLaura, 'GET', '/api/contratista/usuarios')).statusCode).toBe(403);
    const refused = await invite(hLaura, { numeroDocumento: '1017999000', correo: 'x@example.co' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(USUARIOS_EMPRESA_MSG.usuarioSoloAdministrador);
    for (const action of ['deshabilitar', 'habilitar', 'reenviar'])
      expect((await call(hLaura, 'POST', `/api/contratista/usuarios/${laura}/${action}`)).statusCode).toBe(
        403,
      );
    expect(await countUsuarios()).toBe(n);

    // Nor may a cargador create a contract (docs/decisions/136): 403, no contract saved.
    const m = (await call(hA, 'GET', '/api/contratista/maestras')).json()[0];
    const contratos = async () =>
      (await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM contratos`))[0].n;
    const before = await contratos();
    const contrato = await call(hLaura, 'POST', '/api/contratista/contratos', {
      descripcion: 'Contrato que un cargador no puede crear',
      idRegional: null,
      idProyecto: m.proyectos[0].id,
      idActividad: m.actividad[0].id,
      idTipocontrato: m.tipoContrato[0].id,
    });
    expect(contrato.statusCode).toBe(403);
    expect(contrato.json().message).toBe(USUARIOS_EMPRESA_MSG.contratoSoloAdministrador);
    expect(await contratos()).toBe(before);
  });

  it('refuses a document number that is already a user anywhere, saving nothing', async () => {
    const n = await countUsuarios();
    const mails = sink.mails.length;
    for (const [numero, tipo] of [
      ['1017222333', 'CC'], // the same company
      [CONTRACTOR_B.username, 'CC'], // another company's NIT account
      ['REVISOR', 'PA'], // a staff account (case does not matter)
    ]) {
      const res = await invite(hA, {
        numeroDocumento: numero,
        tipoDocumento: tipo,
        correo: 'otro@example.co',
      });
      expect(res.statusCode, numero).toBe(400);
      expect(res.json().message).toBe(USUARIOS_EMPRESA_MSG.usuarioDocumentoYaExiste(numero.toUpperCase()));
    }
    // Another company inviting A's user's document: refused too.
    const fromB = await invite(hB, { correo: 'otro@example.co' });
    expect(fromB.statusCode).toBe(400);
    expect(await countUsuarios()).toBe(n);
    const bad = await invite(hA, { numeroDocumento: '12ab', correo: 'no-es-correo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(USUARIOS_EMPRESA_MSG.usuarioDocumentoCcInvalido);
    expect(await countUsuarios()).toBe(n);
    await new Promise((r) => setImmediate(r));
    expect(sink.mails.length).toBe(mails);
  });

  it('keeps companies apart: B neither lists nor acts on A’s users', async () => {
    const list = await call(hB, 'GET', '/api/contratista/usuarios');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('1017222333');
    for (const action of ['deshabilitar', 'habilitar', 'reenviar'])
      expect((await call(hB, 'POST', `/api/contratista/usuarios/${laura}/${action}`)).statusCode).toBe(404);
    const [u] = await query<{ activo: boolean }>(
      app.db,
      sql`SELECT activo FROM usuarios WHERE id = ${laura}`,
    );
    expect(u.activo).toBe(true);
    // Staff are not company users.
    expect(
      (await call(await authHeaders(app, REVIEWER), 'GET', '/api/contratista/usuarios')).statusCode,
    ).toBe(403);
  });

  it('disabling ends the live session at once and stops sign-in; enabling lets her back', async () => {
    expect((await call(hLaura, 'GET', '/api/contratista/adjuntos/sg-sst')).statusCode).toBe(200);
    const off = await call(hA, 'POST', `/api/contratista/usuarios/${laura}/deshabilitar`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().usuario.activo).toBe(false);
    const next = await call(hLaura, 'GET', '/api/contratista/adjuntos/sg-sst');
    expect(next.statusCode).toBe(401);
    expect(next.json().detail).toEqual({ sesion: 'cerrada' });
    expect((await login(app, { username: '1017222333', password: 'ClavePropia2026' })).statusCode).toBe(401);
    const [audit] = await query<{ datos: { activo: boolean; sesionesCerradas: number } }>(
      app.db,
      sql`SELECT datos FROM auditoria WHERE evento = 'usuario_empresa.activo' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.datos.activo).toBe(false);
    expect(audit.datos.sesionesCerradas).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(audit.datos)).not.toContain('1017222333');

    expect((await call(hA, 'POST', `/api/contratista/usuarios/${laura}/habilitar`)).statusCode).toBe(200);
    expect((await login(app, { username: '1017222333', password: 'ClavePropia2026' })).statusCode).toBe(200);
  });

  it('never disables the NIT account, and an administrator never disables itself', async () => {
    const before = sink.mails.length;
    const res = await invite(hA, {
      numeroDocumento: 'AB12345',
      tipoDocumento: 'PA',
      nombre: 'Pedro Admin Invitado',
      correo: 'pedro@montajes.example.co',
      rol: 'administrador',
    });
    expect(res.statusCode, res.body).toBe(200);
    const pedro = res.json().usuario.id as number;
    const hPedro = await firstSignIn('AB12345', await passwordMailedTo('pedro@montajes.example.co', before));
    const list = (await call(hPedro, 'GET', '/api/contratista/usuarios')).json() as Array<{
      id: number;
      cuentaEmpresa: boolean;
    }>;
    const nit = list.find((u) => u.cuentaEmpresa)!.id;
    const self = await call(hPedro, 'POST', `/api/contratista/usuarios/${pedro}/deshabilitar`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(USUARIOS_EMPRESA_MSG.usuarioNoSeDeshabilitaASiMismo);
    for (const h of [hPedro, hA]) {
      const r = await call(h, 'POST', `/api/contratista/usuarios/${nit}/deshabilitar`);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(USUARIOS_EMPRESA_MSG.usuarioCuentaNitNoSeDeshabilita);
    }
    // An invited administrator manages: disables the cargador.
    expect((await call(hPedro, 'POST', `/api/contratista/usuarios/${laura}/deshabilitar`)).statusCode).toBe(
      200,
    );
    const [a] = await query<{ activo: boolean }>(
      app.db,
      sql`SELECT activo FROM usuarios WHERE username = ${CONTRACTOR_A.username}`,
    );
    expect(a.activo).toBe(true);
  });
});
