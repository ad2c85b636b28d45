import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../db/client';
import { createTestApp, CONTRACTOR_A, login } from '../test/app';
import { parseProyectos, setStaffProjects, upsertStaff } from './staff';

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

  it("creates a gate user ('porteria') with its projects, and changes them (docs/decisions/123)", async () => {
    const ids = (
      await query<{ id: number }>(app.db, sql`SELECT id FROM proyectos WHERE activo ORDER BY id LIMIT 2`)
    ).map((p) => p.id);
    const r = await upsertStaff(app.db, {
      username: 'guardia1',
      rol: 'porteria',
      correo: 'guardia1@constructora.co',
      proyectos: parseProyectos(ids.join(',')),
    });
    expect(r.created).toBe(true);
    const res = await signIn('guardia1', r.password);
    expect(res.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ typeuser: 'porteria', changepassword: 'true' });
    const assigned = async () =>
      (
        await query<{ p: number }>(
          app.db,
          sql`SELECT proyecto_id AS p FROM porteria_proyectos pp JOIN usuarios u ON u.id = pp.usuario_id
               WHERE u.username = 'guardia1' ORDER BY 1`,
        )
      ).map((x) => x.p);
    expect(await assigned()).toEqual(ids);
    expect((await setStaffProjects(app.db, 'guardia1', [ids[1]])).proyectos.map((p) => p.id)).toEqual([
      ids[1],
    ]);
    expect(await assigned()).toEqual([ids[1]]);
    await setStaffProjects(app.db, 'guardia1', parseProyectos('-'));
    expect(await assigned()).toEqual([]);
    await expect(setStaffProjects(app.db, 'guardia1', [999_999])).rejects.toThrow();
    await expect(setStaffProjects(app.db, 'luis', [ids[0]])).rejects.toThrow();
    expect(() => parseProyectos('3,x')).toThrow(/proyectos/);
    await expect(
      upsertStaff(app.db, { username: 'otro', rol: 'revisor', correo: 'a@b.co', proyectos: [ids[0]] }),
    ).rejects.toThrow(/proyectos/);
    const [audited] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'porteria.proyectos'`,
    );
    expect(audited.n).toBe(3);
  });
});
