import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../db/client';
import { createTestApp, CONTRACTOR_A, login } from '../test/app';
import { upsertStaff } from './staff';

describe('npm run staff: a local staff account without a directory', async () => {
  const app = await createTestApp();
  const signIn = (username: string, password: string) =>
    login(app, { username, password, path: '/api/login/authenticatead' });

  it('creates an administrator who signs in with the one-time password and must change it', async () => {
    const r = await upsertStaff(app.db, {
      username: ' Ana.Admin ',
      rol: 'administrador',
      correo: 'ana@constructora.co',
    });
    expect(r.created).toBe(true);
    expect(r.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const res = await signIn('ana.admin', r.password);
    expect(res.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ typeuser: 'administrador', changepassword: 'true' });
    const [audited] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'usuario.local'`,
    );
    expect(audited.n).toBe(1);
  });

  it('running it again gives a new password; the old one stops working', async () => {
    const first = await upsertStaff(app.db, {
      username: 'luis',
      rol: 'revisor',
      correo: 'luis@constructora.co',
    });
    const second = await upsertStaff(app.db, {
      username: 'luis',
      rol: 'revisor',
      correo: 'luis@constructora.co',
    });
    expect(second.created).toBe(false);
    expect((await signIn('luis', first.password)).statusCode).toBe(401);
    expect((await signIn('luis', second.password)).statusCode).toBe(200);
  });

  it('refuses bad input and never turns a contractor into staff', async () => {
    await expect(upsertStaff(app.db, { username: 'x', rol: 'revisor', correo: 'a@b.co' })).rejects.toThrow(
      /usuario/,
    );
    await expect(
      upsertStaff(app.db, { username: 'pedro', rol: 'default', correo: 'a@b.co' }),
    ).rejects.toThrow(/rol/);
    await expect(
      upsertStaff(app.db, { username: 'pedro', rol: 'revisor', correo: 'sin-arroba' }),
    ).rejects.toThrow(/correo/);
    await expect(
      upsertStaff(app.db, { username: CONTRACTOR_A.username, rol: 'administrador', correo: 'a@b.co' }),
    ).rejects.toThrow(/contratista/);
    expect((await login(app, CONTRACTOR_A)).statusCode).toBe(200);
  });
});
