import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG, nitCheckDigit } from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, login, REVIEWER, solveCaptcha } from '../../test/app';
import { mailText, startSmtpSink } from '../../test/smtp-sink';
import { ADMIN, requisito, uploadSgSst } from '../../test/revision';

async function waitFor<T>(fn: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('provider companies', async () => {
  const sink = await startSmtpSink();
  afterAll(() => sink.stop());
  const app = await createTestApp({ smtpUrl: sink.url });
  const [R, ADM] = [await authHeaders(app, REVIEWER), await authHeaders(app, ADMIN)];
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = ADM) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const NIT = '901234567';
  const DV = nitCheckDigit(NIT);

  it('refuses a NIT whose check digit is wrong or missing, and duplicates', async () => {
    const base = { razonSocial: 'Andamios Certificados S.A.S.', correo: 'gerencia@andamios.example.co' };
    for (const nit of [`${NIT}-${(DV + 1) % 10}`, NIT, '12ab', `${NIT}-${DV}5`]) {
      const res = await api('POST', '/api/admin/empresas', { ...base, nit });
      expect(res.statusCode, nit).toBe(400);
      expect(res.json().message).toBe(MSG.empresaNitInvalido);
    }
    const wrongDv = await api('POST', '/api/admin/empresas', { ...base, nit: NIT, dv: (DV + 1) % 10 });
    expect(wrongDv.statusCode).toBe(400);
    const dup = await api('POST', '/api/admin/empresas', {
      ...base,
      nit: `900123456-${nitCheckDigit('900123456')}`,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MSG.empresaNitDuplicado);
    expect(
      (await api('POST', '/api/admin/empresas', { ...base, nit: `${NIT}-${DV}`, correo: 'sin-arroba' }))
        .statusCode,
    ).toBe(400);
    const [{ n }] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM empresas WHERE nit = ${NIT}`,
    );
    expect(n).toBe(0);
  });

  let empresaId = 0;
  it('creates the company and its user without a password; the company registers by e-mail and signs in', async () => {
    const res = await api('POST', '/api/admin/empresas', {
      nit: NIT,
      dv: DV,
      razonSocial: 'Andamios Certificados S.A.S.',
      correo: 'Gerencia@Andamios.example.co',
      nombreContacto: 'ANA LUCIA TORRES',
    });
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json().empresa;
    empresaId = e.id;
    expect(res.json().message).toBe(MSG.empresaCreated(NIT));
    expect(e).toMatchObject({
      nit: NIT,
      dv: DV,
      nitCompleto: `${NIT}-${DV}`,
      activa: true,
      correoContacto: 'gerencia@andamios.example.co',
      usuario: {
        username: NIT,
        nombre: 'ANA LUCIA TORRES',
        correo: 'gerencia@andamios.example.co',
        correoNotificaciones: 'gerencia@andamios.example.co',
        tienePassword: false,
      },
      contratos: 0,
    });
    const [audit] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'empresa.saved' AND empresa_id = ${e.id}`,
    );
    expect(audit.n).toBe(1);

    // No password yet: sign-in fails like any other failure.
    expect((await login(app, { username: NIT, password: 'Cualquier1' })).statusCode).toBe(401);
    // 'Registrate' on the login screen.
    const lookup = await app.inject({
      method: 'GET',
      url: `/api/login/forgetpassword/${NIT}`,
      headers: { 'x-captcha': await solveCaptcha(app) },
    });
    expect(lookup.json()[0].correo).toBe('g***@a***.co');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/login/forgetpassword/register/${NIT}?o=m`,
          headers: { 'x-captcha': await solveCaptcha(app) },
        })
      ).statusCode,
    ).toBe(200);
    const mail = await waitFor(() => sink.mails.find((m) => m.to.includes('gerencia@andamios.example.co')));
    const temp = /(Tmp-[A-Za-z0-9_-]+)/.exec(mailText(mail.raw))?.[1];
    expect(temp).toBeTruthy();
    const signIn = await login(app, { username: NIT, password: temp! });
    expect(signIn.statusCode).toBe(200);
  });

  it('lists, searches and edits companies', async () => {
    const page = (await api('GET', '/api/admin/empresas?buscar=andamios', undefined, R)).json();
    expect(page).toMatchObject({ total: 1, page: 1, items: [{ id: empresaId, nit: NIT }] });
    expect(
      (await api('GET', `/api/admin/empresas?buscar=${NIT.slice(0, 5)}`, undefined, R)).json().total,
    ).toBe(1);
    expect((await api('GET', '/api/admin/empresas?pageSize=2', undefined, R)).json()).toMatchObject({
      total: 3,
      pageSize: 2,
    });
    const res = await api('PUT', `/api/admin/empresas/${empresaId}`, {
      razonSocial: 'Andamios Certificados de Colombia S.A.S.',
      correoNotificaciones: 'sst@andamios.example.co',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().empresa).toMatchObject({
      razonSocial: 'Andamios Certificados de Colombia S.A.S.',
      usuario: { correoNotificaciones: 'sst@andamios.example.co', correo: 'gerencia@andamios.example.co' },
    });
    expect((await api('PUT', `/api/admin/empresas/${empresaId}`, { nit: '900000000' })).statusCode).toBe(400);
    expect((await api('GET', '/api/admin/empresas/999999', undefined, R)).statusCode).toBe(404);
  });

  it('disabling a company ends its sessions at once; enabling does not revive them', async () => {
    const A = await authHeaders(app, CONTRACTOR_A);
    const [{ id: a }] = await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM empresas WHERE nit = '900123456'`,
    );
    expect((await app.inject({ method: 'GET', url: '/api/contratista', headers: A })).statusCode).toBe(200);
    const pending = await uploadSgSst(app, A, await requisito(app, 'sg-sst', 'E01'));
    const inQueue = async () =>
      (await app.inject({ method: 'GET', url: `/api/revision/pendientes?empresaId=${a}`, headers: R }))
        .json()
        .items.map((i: { id: number }) => i.id);
    expect(await inQueue()).toEqual([pending]);
    const res = await api('POST', `/api/admin/empresas/${a}/deshabilitar`);
    expect(res.json()).toMatchObject({ message: MSG.empresaDisabled, empresa: { activa: false } });
    const after = await app.inject({ method: 'GET', url: '/api/contratista', headers: A });
    expect(after.statusCode).toBe(401);
    // The right password for a disabled company is told so, with the SST mailbox (decision 096).
    const refused = await login(app, CONTRACTOR_A);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.companyDisabled(app.config.sstMailbox));
    expect((await login(app, { ...CONTRACTOR_A, password: 'Equivocada1' })).json().message).toBe(
      MSG.loginFailed,
    );
    // Its pending items leave the review queue.
    expect(await inQueue()).toEqual([]);

    expect((await api('POST', `/api/admin/empresas/${a}/habilitar`)).json().empresa.activa).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/contratista', headers: A })).statusCode).toBe(401);
    expect((await login(app, CONTRACTOR_A)).statusCode).toBe(200);
    expect(await inQueue()).toEqual([pending]);
  });
});
