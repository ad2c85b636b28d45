import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LOGIN_MSG, MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { signToken } from '../../lib/token';
import { createTestApp, CONTRACTOR_B, login } from '../../test/app';
import { claimsOf } from '../../test/login';

describe('a disabled company: one answer for wrong passwords, the reason for the right one', async () => {
  const app = await createTestApp();
  afterAll(() => app.close());

  it('says the company is disabled and names the SST mailbox only with the right password', async () => {
    await query(app.db, sql`UPDATE empresas SET activa = false WHERE nit = ${CONTRACTOR_B.username}`);
    try {
      const unknown = await login(app, { username: '123123123', password: CONTRACTOR_B.password });
      const wrong = await login(app, { ...CONTRACTOR_B, password: 'NoEsLaClave2026!' });
      for (const res of [unknown, wrong]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Usuario o contraseña incorrectos.');
      }
      const right = await login(app, CONTRACTOR_B);
      expect(right.statusCode).toBe(403);
      expect(right.json().message).toBe(LOGIN_MSG.companyDisabled(app.config.sstMailbox));
      expect(right.json().message).toContain(app.config.sstMailbox);
      expect(right.json().token).toBeUndefined();
      const open = await query<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM sesiones s JOIN usuarios u ON u.id = s.usuario_id
             WHERE u.username = ${CONTRACTOR_B.username}`,
      );
      expect(open[0].n).toBe(0);
    } finally {
      await query(app.db, sql`UPDATE empresas SET activa = true WHERE nit = ${CONTRACTOR_B.username}`);
    }
    expect((await login(app, CONTRACTOR_B)).statusCode).toBe(200);
  });
});

describe('401 answers tell why the session ended; renewsession extends a live one', async () => {
  const app = await createTestApp();
  afterAll(() => app.close());
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/login/userdata', headers: { authorization: `Bearer ${token}` } });
  const renew = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login/renewsession',
      headers: { authorization: `Bearer ${token}` },
    });

  it("'cerrada' after a logout elsewhere, 'expirada' after the session ran out, nothing for a forged token", async () => {
    const token = (await login(app, CONTRACTOR_B)).json().token as string;
    await app.inject({
      method: 'POST',
      url: '/api/login/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    const closed = await me(token);
    expect(closed.statusCode).toBe(401);
    expect(closed.json()).toMatchObject({ message: MSG.unauthorized, detail: { sesion: 'cerrada' } });

    // The session row ran out while the token was still valid.
    const second = (await login(app, CONTRACTOR_B)).json().token as string;
    const { guidses } = claimsOf(second);
    await query(
      app.db,
      sql`UPDATE sesiones SET expires_at = now() - interval '1 second' WHERE id = ${guidses}`,
    );
    expect((await me(second)).json().detail).toEqual({ sesion: 'expirada' });

    // A genuine token past its own expiry.
    const third = (await login(app, CONTRACTOR_B)).json().token as string;
    const stale = await signToken(claimsOf(third), new Date(Date.now() - 1000), app.config.jwtSecret);
    expect((await me(stale)).json().detail).toEqual({ sesion: 'expirada' });

    // Forged: no reason given.
    const forged = await signToken(
      claimsOf(third),
      new Date(Date.now() + 60_000),
      new Uint8Array(32).fill(7),
    );
    const res = await me(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBeUndefined();
  });

  it('renews a live session: same session id and claims, a later expiry in the token and in the row', async () => {
    const token = (await login(app, CONTRACTOR_B)).json().token as string;
    const before = claimsOf(token);
    await query(
      app.db,
      sql`UPDATE sesiones SET expires_at = now() + interval '30 seconds' WHERE id = ${before.guidses}`,
    );
    const res = await renew(token);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    // Renewed in the second it was signed, it is still a new token (its own jti).
    expect(fresh).not.toBe(token);
    const after = claimsOf(fresh);
    expect(after.guidses).toBe(before.guidses);
    expect(after.unique_name).toBe(before.unique_name);
    expect(after.changepassword).toBe('false');
    const [row] = await query<{ expires_at: string }>(
      app.db,
      sql`SELECT expires_at FROM sesiones WHERE id = ${before.guidses}`,
    );
    const rowExp = Math.floor(new Date(row.expires_at).getTime() / 1000);
    expect(Math.abs(rowExp - after.exp)).toBeLessThanOrEqual(1);
    expect(after.exp - Date.now() / 1000).toBeGreaterThan(app.config.sessionHours * 3600 - 60);
    expect((await me(fresh)).statusCode).toBe(200);

    // Logout ends the renewed session for both tokens; a closed session is never revived.
    await app.inject({
      method: 'POST',
      url: '/api/login/logout',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect((await me(token)).statusCode).toBe(401);
    expect((await renew(fresh)).statusCode).toBe(401);
    expect((await renew(token)).statusCode).toBe(401);
  });

  it('refuses to renew without a token', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/login/renewsession' })).statusCode).toBe(401);
  });
});
