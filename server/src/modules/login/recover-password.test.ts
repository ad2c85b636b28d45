import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from '../../test/app';
import { mailText, startSmtpSink } from '../../test/smtp-sink';
import { maskEmail } from './recover-password';

describe('password recovery through a real SMTP sink', async () => {
  const sink = await startSmtpSink();
  afterAll(() => sink.stop());
  const app = await createTestApp({ smtpUrl: sink.url });

  it('masks e-mail addresses', () => {
    expect(maskEmail('sst@montajesdelnorte.example.co')).toBe('s***@m***.co');
    expect(maskEmail('a@b.co')).toBe('a***@b***.co');
  });

  it('answers the masked e-mail, or the not-found message for unknown ids', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/login/forgetpassword/900123456' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()[0].correo).toContain('@');
    expect(ok.json()[0].correo).not.toContain('montajesdelnorte');
    const unknown = await app.inject({ method: 'GET', url: '/api/login/forgetpassword/111222333' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Número de identificación no encontrada.');
    // Staff accounts are not recovered here.
    expect((await app.inject({ method: 'GET', url: '/api/login/forgetpassword/revisor' })).statusCode).toBe(
      404,
    );
  });

  it('mails a single-use temporary password that forces a password change', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login/forgetpassword/register/900123456?o=m' });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => sink.mails.length, { timeout: 5000 }).toBe(1);
    const mail = sink.mails[0];
    expect(mail.to).toEqual(['sst@montajesdelnorte.example.co']);
    const temp = /(Tmp-[A-Za-z0-9_-]+)/.exec(mailText(mail.raw))?.[1];
    expect(temp).toBeTruthy();

    const first = await login(app, { username: '900123456', password: temp! });
    expect(first.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(first.json().token.split('.')[1], 'base64url').toString());
    expect(claims.changepassword).toBe('true');
    // Single use.
    expect((await login(app, { username: '900123456', password: temp! })).statusCode).toBe(401);
    // The regular password keeps working (a stranger asking for recovery cannot lock the company out).
    expect((await login(app, { username: '900123456', password: 'Demo2026!proveedor' })).statusCode).toBe(
      200,
    );
  });

  it('keeps the mail in the outbox when SMTP is down and answers the same', async () => {
    const down = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9?ignoreTLS=true' });
    const res = await down.inject({
      method: 'POST',
      url: '/api/login/forgetpassword/register/800987654?o=m',
    });
    expect(res.statusCode).toBe(200);
    const { sql } = await import('drizzle-orm');
    const { query } = await import('../../db/client');
    await expect
      .poll(
        async () =>
          (await query<{ intentos: number }>(down.db, sql`SELECT intentos FROM correos_salida`))[0]?.intentos,
        {
          timeout: 5000,
        },
      )
      .toBe(1);
    const [row] = await query<{ enviado_at: string | null }>(
      down.db,
      sql`SELECT enviado_at FROM correos_salida`,
    );
    expect(row.enviado_at).toBeNull();
  });
});
