import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client';
import { verificationCount } from '../../lib/password';
import { CONTRACTOR_A, CONTRACTOR_B, createTestApp, login } from '../../test/app';
import { mailText, startSmtpSink } from '../../test/smtp-sink';
import { maskEmail } from './recover-password';
import { claimsOf, encrypt, recoveryCall, solveFrom } from '../../test/login';

const TEMP = /(Tmp-[A-Za-z0-9_-]+9a)/;

/** Every column of every outbox row, as text: where a secret at rest would show. */
async function outboxAsText(app: FastifyInstance): Promise<string> {
  const rows = await query<{ r: string }>(app.db, sql`SELECT c::text AS r FROM correos_salida c`);
  return rows.map((x) => x.r).join('\n');
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('password recovery through a real SMTP sink', async () => {
  const sink = await startSmtpSink();
  afterAll(() => sink.stop());
  const app = await createTestApp({ smtpUrl: sink.url });

  it('masks e-mail addresses', () => {
    expect(maskEmail('sst@montajesdelnorte.example.co')).toBe('s***@m***.co');
    expect(maskEmail('a@b.co')).toBe('a***@b***.co');
  });

  it('answers the masked e-mail, or the not-found message for unknown ids', async () => {
    const ok = await recoveryCall(app, 'GET', '900123456', { ip: '10.20.0.1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()[0].correo).toContain('@');
    expect(ok.json()[0].correo).not.toContain('montajesdelnorte');
    const unknown = await recoveryCall(app, 'GET', '111222333', { ip: '10.20.0.1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Número de identificación no encontrada.');
    // Staff accounts are not recovered here.
    expect((await recoveryCall(app, 'GET', 'revisor', { ip: '10.20.0.1' })).statusCode).toBe(404);
  });

  it('puts the lookup and the request behind a captcha (header x-captcha), refusing replays', async () => {
    const from = { ip: '10.20.0.2' };
    for (const method of ['GET', 'POST'] as const) {
      const none = await recoveryCall(app, method, '900123456', from, null);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('El captcha no ha sido validado');
      // Unknown ids get the same refusal: without a captcha nothing is looked up.
      expect((await recoveryCall(app, method, '111222333', from, null)).json().message).toBe(
        'El captcha no ha sido validado',
      );
    }
    const other = { ip: '10.20.0.7' };
    const once = await solveFrom(app, other);
    expect((await recoveryCall(app, 'GET', '900123456', other, once)).statusCode).toBe(200);
    expect((await recoveryCall(app, 'GET', '900123456', other, once)).statusCode).toBe(400);
    expect(sink.mails.length).toBe(0);
  });

  it('limits recovery calls per address strictly (5 a minute), other addresses unaffected', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await recoveryCall(app, 'GET', '111222333', { ip: '10.20.0.3' })).statusCode);
    expect(codes).toEqual([404, 404, 404, 404, 404, 429]);
    expect((await recoveryCall(app, 'GET', '111222333', { ip: '10.20.0.4' })).statusCode).toBe(404);
  });

  it('a stranger asking for recovery changes nothing for the owner: no forced change, no 403', async () => {
    expect((await recoveryCall(app, 'POST', '800987654', { ip: '10.20.0.5' })).statusCode).toBe(200);
    await expect.poll(() => sink.mails.length, { timeout: 15_000 }).toBe(1);
    const owner = await login(app, CONTRACTOR_B);
    expect(owner.statusCode).toBe(200);
    expect(claimsOf(owner.json().token).changepassword).toBe('false');
    const menu = await app.inject({
      method: 'GET',
      url: '/api/contratista/opciones_menu',
      headers: bearer(owner.json().token),
    });
    expect(menu.statusCode).toBe(200);
  });

  it('mails a temporary password that is never at rest in the outbox, signs in once, and must be changed', async () => {
    const before = sink.mails.length;
    const res = await recoveryCall(app, 'POST', '900123456', { ip: '10.20.0.6' });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => sink.mails.length, { timeout: 15_000 }).toBe(before + 1);
    const mail = sink.mails[before];
    expect(mail.to).toEqual(['sst@montajesdelnorte.example.co']);
    const temp = TEMP.exec(mailText(mail.raw))?.[1];
    expect(temp).toBeTruthy();
    // Sent, and no column of any outbox row holds it.
    await expect
      .poll(
        async () => (await query(app.db, sql`SELECT 1 FROM correos_salida WHERE enviado_at IS NULL`)).length,
      )
      .toBe(0);
    const outbox = await outboxAsText(app);
    expect(outbox).not.toContain(temp!);
    expect(outbox).not.toMatch(TEMP);
    expect(outbox).toContain('clave-temporal:');

    // The regular password still signs in normally (the temporary one is pending).
    const regular = await login(app, CONTRACTOR_A);
    expect(claimsOf(regular.json().token).changepassword).toBe('false');

    const first = await login(app, { username: '900123456', password: temp! });
    expect(first.statusCode).toBe(200);
    expect(claimsOf(first.json().token).changepassword).toBe('true');
    const auth = bearer(first.json().token);
    // Single use.
    expect((await login(app, { username: '900123456', password: temp! })).statusCode).toBe(401);

    // The server, not only the claim, holds this session to the password change.
    for (const url of ['/api/contratista/opciones_menu', '/api/contratista/maestras']) {
      const refused = await app.inject({ method: 'GET', url, headers: auth });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'Debe cambiar su contraseña en Configuraciones antes de continuar.',
      );
    }
    expect((await app.inject({ method: 'GET', url: '/api/login/userdata', headers: auth })).statusCode).toBe(
      200,
    );
    const put = await app.inject({
      method: 'PUT',
      url: '/api/login/userdata',
      headers: auth,
      payload: { correo_notificaciones: 'avisos@montajes.example.co' },
    });
    expect(put.statusCode).toBe(200);

    // The temporary password is the current one for the change; then the session is free.
    const key = app.config.passwordCipherKey;
    const changed = await app.inject({
      method: 'POST',
      url: '/api/login/changepassword/',
      headers: auth,
      payload: {
        Username: '900123456',
        Oldpassword: encrypt(temp!, key),
        Newpassword: encrypt('Recuperada2026', key),
        Suid: '',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/contratista/opciones_menu', headers: auth })).statusCode,
    ).toBe(200);
    // The other session (regular sign-in above) was revoked; the new password signs in.
    expect(
      (await app.inject({ method: 'GET', url: '/api/login/userdata', headers: bearer(regular.json().token) }))
        .statusCode,
    ).toBe(401);
    expect((await login(app, { ...CONTRACTOR_A, password: 'Recuperada2026' })).statusCode).toBe(200);
  });

  it('a wrong password costs the same argon2 work with or without a pending temporary password', async () => {
    const wrong = { username: '800987654', password: 'Incorrecta2026' };
    const cost = async () => {
      const before = verificationCount();
      expect((await login(app, wrong, '10.20.1.1')).statusCode).toBe(401);
      return verificationCount() - before;
    };
    await query(
      app.db,
      sql`UPDATE usuarios SET temp_password_hash = NULL, temp_password_expires_at = NULL WHERE username = '800987654'`,
    );
    const withoutTemp = await cost();
    const before = sink.mails.length;
    expect((await recoveryCall(app, 'POST', '800987654', { ip: '10.20.1.2' })).statusCode).toBe(200);
    await expect.poll(() => sink.mails.length, { timeout: 15_000 }).toBe(before + 1);
    // The sink has the mail before the mailer's transaction that keeps the temporary password commits.
    const pending = async () =>
      (
        await query<{ n: number }>(
          app.db,
          sql`SELECT count(*)::int AS n FROM usuarios WHERE username = '800987654' AND temp_password_expires_at > now()`,
        )
      )[0].n;
    await expect.poll(pending, { timeout: 15_000 }).toBe(1);
    const withTemp = await cost();
    expect(withTemp).toBe(withoutTemp);
    // And an unknown account the same again.
    const b = verificationCount();
    await login(app, { username: '123123123', password: 'Incorrecta2026' }, '10.20.1.3');
    expect(verificationCount() - b).toBe(withoutTemp);
  });

  it('keeps the mail in the outbox when SMTP is down, without the password, and answers the same', async () => {
    const down = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9?ignoreTLS=true' });
    const res = await recoveryCall(down, 'POST', '800987654', { ip: '10.20.2.1' });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (await query<{ intentos: number }>(down.db, sql`SELECT intentos FROM correos_salida`))[0]?.intentos,
        { timeout: 15_000 },
      )
      .toBe(1);
    const [row] = await query<{ enviado_at: string | null }>(
      down.db,
      sql`SELECT enviado_at FROM correos_salida`,
    );
    expect(row.enviado_at).toBeNull();
    expect(await outboxAsText(down)).not.toMatch(TEMP);
    // A failed attempt leaves no temporary password behind (the retry makes a new one).
    const [u] = await query<{ h: string | null }>(
      down.db,
      sql`SELECT temp_password_hash AS h FROM usuarios WHERE username = '800987654'`,
    );
    expect(u.h).toBeNull();
  });
});

describe('password recovery without SMTP_URL (.eml files in DATA_DIR/outbox)', async () => {
  const app = await createTestApp();

  it('writes the password only into the delivered .eml; the outbox rows never hold it; it signs in', async () => {
    expect((await recoveryCall(app, 'POST', '800987654')).statusCode).toBe(200);
    const dir = path.join(app.config.dataDir, 'outbox');
    const emlText = () => {
      try {
        return readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => mailText(readFileSync(path.join(dir, f), 'utf8')));
      } catch {
        return [];
      }
    };
    // Poll for the whole message: a reader may see the file while it is being written.
    await expect.poll(() => emlText().filter((t) => TEMP.test(t)).length, { timeout: 15_000 }).toBe(1);
    expect(emlText()).toHaveLength(1);
    const temp = TEMP.exec(emlText()[0])?.[1];
    expect(temp).toBeTruthy();
    const outbox = await outboxAsText(app);
    expect(outbox).not.toContain(temp!);
    expect(outbox).not.toMatch(TEMP);
    expect((await login(app, { ...CONTRACTOR_B, password: temp! })).statusCode).toBe(200);
  });
});
