import { describe, expect, it } from 'vitest';
import { createTestApp, CONTRACTOR_A, login, solveCaptcha } from '../../test/app';

describe('POST /api/login/authenticate?permiso=1', async () => {
  const app = await createTestApp();

  it('signs the demo contractor in with a token carrying the claims of section 3', async () => {
    const res = await login(app, CONTRACTOR_A);
    expect(res.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(Object.keys(claims)).toEqual(
      expect.arrayContaining(['unique_name', 'email', 'exp', 'guidses', 'given_name', 'typeuser', 'lastsession', 'changepassword']),
    );
    expect(claims.unique_name).toBe('900123456');
    expect(claims.typeuser).toBe('default');
  });

  it('refuses a missing captcha', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/authenticate?permiso=1',
      payload: { username: CONTRACTOR_A.username, password: CONTRACTOR_A.password },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El captcha no ha sido validado');
  });

  it('refuses a replayed captcha', async () => {
    const captcha = await solveCaptcha(app);
    const body = { username: CONTRACTOR_A.username, password: CONTRACTOR_A.password, captcha };
    const first = await app.inject({ method: 'POST', url: '/api/login/authenticate?permiso=1', payload: body });
    expect(first.statusCode).toBe(200);
    const second = await app.inject({ method: 'POST', url: '/api/login/authenticate?permiso=1', payload: body });
    expect(second.statusCode).toBe(400);
  });
});
