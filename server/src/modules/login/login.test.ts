import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createSigner } from 'fast-jwt';
import { signToken } from '../../lib/token';
import { upsertStaff } from '../../ops/staff';
import { MSG } from '@proveedores/domain';
import { verificationCount } from '../../lib/password';
import { createTestApp, CONTRACTOR_A, CONTRACTOR_B, login, REVIEWER, solveCaptcha } from '../../test/app';
import { claimsOf, encrypt, signInFrom, signInLikeTheClient, solveFrom } from '../../test/login';
import { SIGN_IN_SLOTS, signInSlots } from './routes';

const URL_CONTRACTOR = '/api/login/authenticate?permiso=1';

describe('sign-in', async () => {
  const app = await createTestApp();

  it('signs the demo contractor in with exactly the claims of the contract', async () => {
    const res = await login(app, CONTRACTOR_A);
    expect(res.statusCode).toBe(200);
    const claims = claimsOf(res.json().token);
    for (const k of [
      'unique_name',
      'email',
      'exp',
      'guidses',
      'given_name',
      'typeuser',
      'lastsession',
      'changepassword',
    ]) {
      expect(claims).toHaveProperty(k);
    }
    expect(claims.unique_name).toBe('900123456');
    expect(claims.typeuser).toBe('default');
    expect(claims.changepassword).toBe('false');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  });

  it('accepts the password encrypted with AES-GCM and the configured key', async () => {
    const res = await login(app, {
      ...CONTRACTOR_A,
      password: encrypt(CONTRACTOR_A.password, app.config.passwordCipherKey),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an encrypted password made with another key, without saying why', async () => {
    const res = await login(app, {
      ...CONTRACTOR_A,
      password: encrypt(CONTRACTOR_A.password, randomBytes(32)),
    });
    expect(res.statusCode).toBe(400);
  });

  it('gives the same answer for unknown id, wrong password and wrong variant', async () => {
    const unknown = await login(app, { username: '123456789', password: 'Cualquier1' }, '10.0.0.1');
    const wrong = await login(app, { ...CONTRACTOR_B, password: 'Incorrecta1' }, '10.0.0.2');
    const staffOnContractorRoute = await login(
      app,
      { username: REVIEWER.username, password: REVIEWER.password },
      '10.0.0.3',
    );
    for (const r of [unknown, wrong, staffOnContractorRoute]) {
      expect(r.statusCode).toBe(401);
      expect(r.json().message).toBe('Usuario o contraseña incorrectos.');
      expect(r.json().code).toBe('unauthorized');
    }
  });

  it('signs staff in through authenticatead only', async () => {
    const res = await login(app, REVIEWER);
    expect(res.statusCode).toBe(200);
    expect(claimsOf(res.json().token).typeuser).toBe('revisor');
    const contractorOnStaff = await login(app, { ...CONTRACTOR_A, path: '/api/login/authenticatead' });
    expect(contractorOnStaff.statusCode).toBe(401);
  });

  it("refuses missing fields with the contract's messages", async () => {
    const captcha = await solveCaptcha(app);
    const noUser = await app.inject({
      method: 'POST',
      url: URL_CONTRACTOR,
      payload: { username: '', password: 'x', captcha },
    });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().message).toBe('Por favor ingrese el nit.');
    const noPass = await app.inject({
      method: 'POST',
      url: URL_CONTRACTOR,
      payload: { username: '900123456', password: '', captcha },
    });
    expect(noPass.json().message).toBe('Por favor ingrese la contraseña.');
  });

  it('refuses missing, malformed, foreign and replayed captchas', async () => {
    const base = { username: CONTRACTOR_A.username, password: CONTRACTOR_A.password };
    const post = (captcha?: string) =>
      app.inject({ method: 'POST', url: URL_CONTRACTOR, payload: { ...base, captcha } });
    expect((await post()).json().message).toBe('El captcha no ha sido validado');
    expect((await post('bm90IGpzb24=')).statusCode).toBe(400);
    // Solved challenge signed by another server's secret.
    const other = await createTestApp();
    expect((await post(await solveCaptcha(other))).statusCode).toBe(400);
    // Tampered solution.
    const good = JSON.parse(Buffer.from(await solveCaptcha(app), 'base64').toString());
    good.solution.counter += 1;
    expect((await post(Buffer.from(JSON.stringify(good)).toString('base64'))).statusCode).toBe(400);
    // Replay.
    const once = await solveCaptcha(app);
    expect((await post(once)).statusCode).toBe(200);
    expect((await post(once)).statusCode).toBe(400);
  });

  it('refuses unknown fields, wrong content type, prototype keys and oversize bodies', async () => {
    const captcha = await solveCaptcha(app);
    const extra = await app.inject({
      method: 'POST',
      url: URL_CONTRACTOR,
      payload: { username: '900123456', password: 'x', captcha, estado: 1 },
    });
    expect(extra.statusCode).toBe(400);
    const text = await app.inject({
      method: 'POST',
      url: URL_CONTRACTOR,
      headers: { 'content-type': 'text/plain' },
      payload: 'username=900123456',
    });
    expect(text.statusCode).toBe(415);
    const proto = await app.inject({
      method: 'POST',
      url: URL_CONTRACTOR,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"900123456","password":"x","__proto__":{"admin":true}}',
    });
    expect(proto.statusCode).toBe(400);
    const big = await app.inject({
      method: 'POST',
      url: URL_CONTRACTOR,
      payload: { username: '900123456', password: 'x'.repeat(200_000) },
    });
    expect(big.statusCode).toBe(413);
    const long = await app.inject({
      method: 'POST',
      url: URL_CONTRACTOR,
      payload: { username: '900123456', password: 'x'.repeat(600), captcha },
    });
    expect(long.statusCode).toBe(400);
  });

  it('backs one address off one account after repeated failures (429, Retry-After), for unknown ids too', async () => {
    const who = { username: '555555555', password: 'Mala12345' };
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await login(app, who, '10.1.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const blocked = await login(app, who, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not delayed by those failures.
    expect((await login(app, who, '10.1.0.2')).statusCode).toBe(401);
  });

  it('costs two argon2 verifications for any failure or success (no state read from the time)', async () => {
    const count = async (who: { username: string; password: string }, ip: string) => {
      const before = verificationCount();
      const res = await login(app, who, ip);
      return { status: res.statusCode, n: verificationCount() - before };
    };
    expect(await count({ username: '123456780', password: 'Cualquier1' }, '10.1.2.1')).toEqual({
      status: 401,
      n: 2,
    });
    expect(await count({ ...CONTRACTOR_A, password: 'Incorrecta1' }, '10.1.2.2')).toEqual({
      status: 401,
      n: 2,
    });
    expect(await count(CONTRACTOR_A, '10.1.2.3')).toEqual({ status: 200, n: 2 });
  });

  it('throttles one address on the login route', async () => {
    const ip = '10.9.9.9';
    let last = 0;
    for (let i = 0; i < 32; i++) {
      last = (
        await app.inject({
          method: 'POST',
          url: URL_CONTRACTOR,
          remoteAddress: ip,
          payload: { username: `x${i}`, password: 'y' },
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it('runs at most SIGN_IN_SLOTS sign-ins at once; the others wait their turn and get their own answer', async () => {
    const slots = signInSlots(app.db);
    const before = verificationCount();
    const attempts = Array.from({ length: 3 * SIGN_IN_SLOTS }, (_, i) => ({
      who: i % 3 ? { username: `77777777${i % 10}`, password: 'Cualquier1' } : CONTRACTOR_A,
      ip: `10.5.0.${i + 1}`,
    }));
    // Captchas first, then every sign-in at once.
    const captchas = await Promise.all(attempts.map(({ ip }) => solveCaptcha(app, ip)));
    const results = await Promise.all(
      attempts.map(({ who, ip }, i) =>
        app.inject({
          method: 'POST',
          url: URL_CONTRACTOR,
          remoteAddress: ip,
          payload: { ...who, captcha: captchas[i] },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(
      attempts.map(({ who }) => (who === CONTRACTOR_A ? 200 : 401)),
    );
    expect(slots.peak).toBe(SIGN_IN_SLOTS);
    expect(slots.active).toBe(0);
    expect(verificationCount() - before).toBe(2 * attempts.length);
  });

  it('answers a refused address before reading its body, the same 429 as the counter, without counting', async () => {
    const ip = '10.9.9.10';
    const post = (payload: string, contentType = 'application/json') =>
      app.inject({
        method: 'POST',
        url: URL_CONTRACTOR,
        remoteAddress: ip,
        headers: { 'content-type': contentType },
        payload,
      });
    const valid = JSON.stringify({ username: 'x', password: 'y', captcha: 'z' });
    // Before the refusal, a broken body is judged as such (400, 415).
    expect((await post('{"username":')).statusCode).toBe(400);
    expect((await post('x', 'text/plain')).statusCode).toBe(415);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await post(valid)).statusCode);
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(400)); // the captcha, after the count
    expect(codes.at(-1)).toBe(429); // the counter in the database said no, and the process remembers
    const key = `ip:login:${ip}`;
    const counted = async () =>
      (await query<{ count: number }>(app.db, sql`SELECT count FROM throttle WHERE key = ${key}`))[0]?.count;
    const stored = await counted();
    for (const [payload, type] of [
      ['{"username":', 'application/json'],
      ['x', 'text/plain'],
      ['{"a":'.repeat(40), 'application/json'],
      [valid, 'application/json'],
    ]) {
      const res = await post(payload, type);
      expect(res.statusCode, payload).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(res.headers['content-security-policy']).toBeTruthy(); // the global hooks still ran
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message', 'requestId']);
      expect(res.json()).toMatchObject({ message: MSG.tooManyAttempts, code: 'too_many_requests' });
    }
    expect(await counted()).toBe(stored);
    // The staff route shares the counter; another address is untouched.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/login/authenticatead',
          remoteAddress: ip,
          payload: valid,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(429);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: URL_CONTRACTOR,
          remoteAddress: '10.9.9.11',
          headers: { 'content-type': 'application/json' },
          payload: '{"username":',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('a stranger cannot lock the owner out (back-off per account and address, TRUST_PROXY)', async () => {
  const app = await createTestApp({ trustProxy: true });
  const proxy = '127.0.0.1';

  it('30 failures from one address: that address is backed off, the owner signs in from another', async () => {
    const attacker = { ip: proxy, forwardedFor: '203.0.113.7' };
    // The rule (lib/throttle.ts): after 5 failures each attempt waits 2^(failures-5) s from the last
    // failure. An attempt that ended sooner than that after the last failure's request STARTED must be
    // refused; one that took longer (argon2 on a loaded machine) may be judged again, and then fails.
    let failures = 0;
    let lastFailureStart = 0;
    const codes: number[] = [];
    const attempt = async (password: string) => {
      const start = Date.now();
      const code = (await signInFrom(app, { ...CONTRACTOR_A, password }, attacker)).statusCode;
      const mustWait = failures >= 5 && Date.now() - lastFailureStart < 1000 * 2 ** (failures - 5);
      if (mustWait) expect(code, `attempt ${codes.length + 1} within the back-off`).toBe(429);
      else expect([401, 429, ...(password === CONTRACTOR_A.password ? [200] : [])]).toContain(code);
      if (code === 401) {
        failures++;
        lastFailureStart = start;
      }
      codes.push(code);
      return code;
    };
    for (let i = 0; i < 30; i++) await attempt(`Adivina${i}x`);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    // The back-off doubles, so whatever the machine's speed most later attempts are refused.
    expect(codes.slice(5).filter((c) => c === 429).length).toBeGreaterThanOrEqual(20);
    // Still refused from that address while backed off, right password included (it is the address
    // that is backed off, not the account): asserted by attempt() when within the back-off.
    await attempt(CONTRACTOR_A.password);
    const owner = await signInLikeTheClient(app, CONTRACTOR_A, { ip: proxy, forwardedFor: '198.51.100.2' });
    expect(owner.statusCode).toBe(200);
  });

  it('failures from many addresses put the account under attack: a reinforced captcha, never a refusal', async () => {
    const who = CONTRACTOR_B;
    for (let i = 0; i < 12; i++)
      expect(
        (
          await signInLikeTheClient(
            app,
            { ...who, password: `Adivina${i}x` },
            { ip: proxy, forwardedFor: `203.0.113.${100 + i}` },
          )
        ).statusCode,
      ).toBe(401);
    const owner = { ip: proxy, forwardedFor: '198.51.100.9' };
    const asked = await signInFrom(app, who, owner);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().message).toBe(
      'Esta cuenta recibió muchos intentos fallidos: se necesita una verificación adicional.',
    );
    expect(asked.json().detail).toEqual({ captcha: 'reforzado' });
    // The level is signed: a normal solution relabelled as reinforced is refused.
    const normal = JSON.parse(Buffer.from(await solveFrom(app, owner), 'base64').toString());
    normal.challenge.parameters.data = { nivel: 'reforzado' };
    const relabelled = await app.inject({
      method: 'POST',
      url: URL_CONTRACTOR,
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': owner.forwardedFor },
      payload: { ...who, captcha: Buffer.from(JSON.stringify(normal)).toString('base64') },
    });
    expect(relabelled.json().message).toBe('El captcha no ha sido validado');
    // A reinforced challenge is harder and works: wrong password 401, right one 200.
    const reinforced = await app.inject({
      method: 'GET',
      url: '/api/login/captcha?nivel=reforzado',
      remoteAddress: proxy,
    });
    expect(reinforced.json().parameters.data).toEqual({ nivel: 'reforzado' });
    expect(
      (await signInFrom(app, { ...who, password: 'Incorrecta9' }, owner, { reinforced: true })).statusCode,
    ).toBe(401);
    expect((await signInFrom(app, who, owner, { reinforced: true })).statusCode).toBe(200);
    // Every sign-in solves a captcha (proof of work), one of them reinforced: CPU a busy machine slows.
  }, 120_000);
});

describe('tokens and sessions', async () => {
  const app = await createTestApp();
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/login/userdata', headers: { authorization: `Bearer ${token}` } });

  it('accepts a fresh token and refuses missing, tampered, alg:none, wrong-key and expired ones', async () => {
    const token = (await login(app, CONTRACTOR_A)).json().token as string;
    expect((await me(token)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/login/userdata' })).statusCode).toBe(401);

    const [h, p, s] = token.split('.');
    const edited = Buffer.from(JSON.stringify({ ...claimsOf(token), unique_name: '800987654' })).toString(
      'base64url',
    );
    expect((await me(`${h}.${edited}.${s}`)).statusCode).toBe(401);

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await me(`${none}.${p}.`)).statusCode).toBe(401);

    const claims = claimsOf(token);
    const wrongKey = await signToken(claims, new Date(Date.now() + 3600_000), randomBytes(32));
    expect((await me(wrongKey)).statusCode).toBe(401);

    const expired = await signToken(claims, new Date(Date.now() - 1000), app.config.jwtSecret);
    expect((await me(expired)).statusCode).toBe(401);

    // The right key is not enough: another issuer, another type or another HMAC size are refused.
    const key = Buffer.from(app.config.jwtSecret);
    const { iss: _i, iat: _t, ...rest } = claims as Record<string, unknown>;
    const otherIssuer = createSigner({ key, algorithm: 'HS256', iss: 'otro' })(rest);
    expect((await me(otherIssuer)).statusCode).toBe(401);
    const otherType = createSigner({
      key,
      algorithm: 'HS256',
      iss: 'proveedores',
      header: { alg: 'HS256', typ: 'at+jwt' },
    })(rest);
    expect((await me(otherType)).statusCode).toBe(401);
    const hs512 = createSigner({ key, algorithm: 'HS512', iss: 'proveedores' })(rest);
    expect((await me(hs512)).statusCode).toBe(401);
    const sameAgain = createSigner({ key, algorithm: 'HS256', iss: 'proveedores' })(rest);
    expect((await me(sameAgain)).statusCode).toBe(200);
  });

  it('logout revokes the session on the server', async () => {
    const token = (await login(app, CONTRACTOR_A)).json().token as string;
    const out = await app.inject({
      method: 'POST',
      url: '/api/login/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a disabled company loses its live sessions', async () => {
    const token = (await login(app, CONTRACTOR_B)).json().token as string;
    expect((await me(token)).statusCode).toBe(200);
    await query(app.db, sql`UPDATE empresas SET activa = false WHERE nit = '800987654'`);
    expect((await me(token)).statusCode).toBe(401);
    await query(app.db, sql`UPDATE empresas SET activa = true WHERE nit = '800987654'`);
  });
});

describe('settings: change password and notifications e-mail', async () => {
  const app = await createTestApp();

  it('changes the password only with the current one, encrypted; revokes the other sessions', async () => {
    const key = app.config.passwordCipherKey;
    const other = (await login(app, CONTRACTOR_B)).json().token as string;
    const token = (await login(app, CONTRACTOR_B)).json().token as string;
    const auth = { authorization: `Bearer ${token}` };
    const change = (payload: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/login/changepassword/', headers: auth, payload });
    const current = encrypt(CONTRACTOR_B.password, key);
    const fresh = encrypt('NuevaClave2026', key);

    // The audit's request: a session and a new password, no current password.
    const noCurrent = await change({ Username: '800987654', Newpassword: fresh });
    expect(noCurrent.statusCode).toBe(400);
    expect(noCurrent.json().message).toBe('Por favor ingrese la contraseña actual.');
    const emptyCurrent = await change({ Username: '800987654', Oldpassword: '', Newpassword: fresh });
    expect(emptyCurrent.json().message).toBe('Por favor ingrese la contraseña actual.');
    const wrongCurrent = await change({
      Username: '800987654',
      Oldpassword: encrypt('NoEsLaClave1', key),
      Newpassword: fresh,
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().message).toBe('La contraseña actual no es correcta.');
    // Plain text is refused on this route, for either field.
    for (const payload of [
      { Username: '800987654', Oldpassword: current, Newpassword: 'NuevaClave2026' },
      { Username: '800987654', Oldpassword: CONTRACTOR_B.password, Newpassword: fresh },
    ]) {
      const plain = await change(payload);
      expect(plain.statusCode).toBe(400);
      expect(plain.json().message).toBe('La contraseña debe enviarse cifrada.');
    }
    const weak = await change({
      Username: '800987654',
      Oldpassword: current,
      Newpassword: encrypt('corta', key),
    });
    expect(weak.statusCode).toBe(400);
    const foreign = await change({ Username: '900123456', Oldpassword: current, Newpassword: fresh });
    expect(foreign.statusCode).toBe(403);
    // Nothing above changed anything: the other session is alive, the old password signs in.
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/login/userdata',
          headers: { authorization: `Bearer ${other}` },
        })
      ).statusCode,
    ).toBe(200);

    const ok = await change({ Username: '800987654', Oldpassword: current, Newpassword: fresh, Suid: '' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Contraseña Cambiada Exitosamente.');
    const otherNow = await app.inject({
      method: 'GET',
      url: '/api/login/userdata',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(otherNow.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/login/userdata', headers: auth })).statusCode).toBe(
      200,
    );
    expect((await login(app, CONTRACTOR_B)).statusCode).toBe(401);
    expect((await login(app, { ...CONTRACTOR_B, password: 'NuevaClave2026' })).statusCode).toBe(200);
  });

  it('a staff one-time password (npm run staff) opens sessions held to the change until it is made', async () => {
    const { password } = await upsertStaff(app.db, {
      username: 'revisora.temporal',
      rol: 'revisor',
      correo: 'revisora@example.co',
    });
    const who = { username: 'revisora.temporal', password, path: '/api/login/authenticatead' };
    for (let i = 0; i < 2; i++) {
      const res = await login(app, who);
      expect(res.statusCode).toBe(200);
      expect(claimsOf(res.json().token).changepassword).toBe('true');
    }
    const token = (await login(app, who)).json().token as string;
    const auth = { authorization: `Bearer ${token}` };
    const refused = await app.inject({ method: 'GET', url: '/api/revision/pendientes', headers: auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Debe cambiar su contraseña en Configuraciones antes de continuar.');
    // The claim is not what the server trusts: the same session with changepassword 'false' is refused too.
    const forged = await signToken(
      { ...claimsOf(token), changepassword: 'false' } as never,
      new Date(Date.now() + 3600_000),
      app.config.jwtSecret,
    );
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/revision/pendientes',
          headers: { authorization: `Bearer ${forged}` },
        })
      ).statusCode,
    ).toBe(403);
    const key = app.config.passwordCipherKey;
    const ok = await app.inject({
      method: 'POST',
      url: '/api/login/changepassword',
      headers: auth,
      payload: {
        Username: 'revisora.temporal',
        Oldpassword: encrypt(password, key),
        Newpassword: encrypt('RevisoraNueva2026', key),
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/revision/pendientes', headers: auth })).statusCode,
    ).not.toBe(403);
    const after = await login(app, { ...who, password: 'RevisoraNueva2026' });
    expect(claimsOf(after.json().token).changepassword).toBe('false');
    expect((await app.inject({ method: 'POST', url: '/api/login/logout', headers: auth })).statusCode).toBe(
      200,
    );
  });

  it('reads and saves the notifications e-mail, refusing invalid ones', async () => {
    const token = (await login(app, CONTRACTOR_A)).json().token as string;
    const auth = { authorization: `Bearer ${token}` };
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/login/userdata',
      headers: auth,
      payload: { correo_notificaciones: 'sinarroba' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Ingrese un correo valido.');
    const empty = await app.inject({
      method: 'PUT',
      url: '/api/login/userdata',
      headers: auth,
      payload: { correo_notificaciones: '' },
    });
    expect(empty.json().message).toBe('Ingrese un correo valido.');
    const ok = await app.inject({
      method: 'PUT',
      url: '/api/login/userdata',
      headers: auth,
      payload: { correo_notificaciones: 'alertas@montajes.example.co' },
    });
    expect(ok.statusCode).toBe(200);
    const read = await app.inject({ method: 'GET', url: '/api/login/userdata', headers: auth });
    expect(read.json()[0].correo_electronico_notificaciones).toBe('alertas@montajes.example.co');
  });
});

describe('health and API description', async () => {
  const app = await createTestApp();
  afterAll(() => undefined);

  it('reports the database reachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().status).toBe('ok');
  });

  it('sends the security headers on every answer, the 404s included', async () => {
    for (const url of ['/api/health', '/api/no-existe']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Plain HTTP without HSTS=true: no HSTS (docs/decisions/080).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('compresses large answers only (br or gzip as the client asks), never small ones', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.rawPayload.length).toBeGreaterThan(64 * 1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const enc of ['br', 'gzip']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: { 'accept-encoding': enc },
      });
      expect(res.headers['content-encoding']).toBe(enc);
      const body = enc === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(body.toString('utf8'))).toEqual(plain.json());
    }
    const small = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('publishes an OpenAPI description of the routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/login/authenticate');
  });
});
