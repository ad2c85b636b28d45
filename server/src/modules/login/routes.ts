/**
 * The 'login' module answers /api/login/*: historic paths the contract keeps (docs/contract.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAPTCHA_HEADER,
  captchaQuery,
  changePasswordBody,
  forgetRegisterQuery,
  identificationParam,
  loginBody,
  loginConfig,
  loginQuery,
  loginResponse,
  userDataBody,
} from '@proveedores/domain';
import { decryptPassword } from '../../lib/cipher';
import { newChallenge, verifyCaptcha } from '../../lib/captcha';
import { bulkhead, hit, refuseKnownThrottled } from '../../lib/throttle';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { authenticate, type LoginVariant } from './authenticate';
import { changePassword } from './change-password';
import {
  issueTemporaryPassword,
  lookupRecovery,
  sendRecovery,
  TEMPORARY_PASSWORD_SECRET,
} from './recover-password';
import { renewSession } from './renew-session';
import { getUserData, logout, updateUserData } from './user-data';

const message = z.object({ message: z.string() });

/**
 * Per-IP limits of the public routes (per minute). Recovery answers whether a NIT exists (the
 * specification's message), so besides its captcha it gets a strict limit per minute and per hour
 * (docs/decisions/078).
 */
const LIMITS = { login: 30, recovery: 5, recoveryPerHour: 20, captcha: 60 };

/**
 * Sign-ins under way at once, per process (docs/decisions/145): the rest wait their turn, so a burst
 * of sign-ins leaves 6 of the pool's 10 database connections to everyone else.
 */
export const SIGN_IN_SLOTS = 4;
export const signInSlots = (db: Db) => bulkhead(db, 'sign-in', SIGN_IN_SLOTS);

/** Allowed to a session that must change its password (plugins/auth.ts). */
const DURING_PASSWORD_CHANGE = { duringPasswordChange: true };

export default async function loginRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  app.mailer.registerSecret(TEMPORARY_PASSWORD_SECRET, issueTemporaryPassword);

  app.get('/api/login/config', { schema: { response: { 200: loginConfig } } }, async () => ({
    sstMailbox: config.sstMailbox,
    cipherKey: config.passwordCipherKey.toString('base64'),
    captchaChallengeUrl: '/api/login/captcha',
  }));

  app.get('/api/login/captcha', { schema: { querystring: captchaQuery } }, async (request) => {
    await hit(db, `ip:captcha:${request.ip}`, LIMITS.captcha, 60);
    return newChallenge(config.captchaSecret, config.captchaMaxNumber, {
      reinforced: request.query.nivel !== undefined,
    });
  });

  const signInKey = (request: FastifyRequest) => `ip:login:${request.ip}`;
  const signIn = (variant: (q: { permiso?: string }) => LoginVariant) => ({
    schema: { body: loginBody, querystring: loginQuery, response: { 200: loginResponse } },
    // A flood from a refused address is answered before its body is read (docs/decisions/145).
    onRequest: refuseKnownThrottled(db, (request) => [signInKey(request)]),
    handler: async (
      request: FastifyRequest<{ Body: z.infer<typeof loginBody>; Querystring: { permiso?: string } }>,
    ) =>
      signInSlots(db).run(async () => {
        await hit(db, signInKey(request), LIMITS.login, 60);
        const captcha = await verifyCaptcha(db, config.captchaSecret, request.body.captcha);
        return authenticate({
          db,
          config,
          username: request.body.username,
          password: decryptPassword(request.body.password, config.passwordCipherKey),
          variant: variant(request.query),
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          reinforcedCaptcha: captcha.reinforced,
        });
      }),
  });
  app.post(
    '/api/login/authenticate',
    signIn((q) => (q.permiso === '1' ? 'contratista' : 'usuario')),
  );
  app.post(
    '/api/login/authenticatead',
    signIn(() => 'funcionario'),
  );

  /** Both recovery routes: the per-address limits, then a fresh captcha in the x-captcha header. */
  const guardRecovery = async (request: FastifyRequest) => {
    await hit(db, `ip:recovery:${request.ip}`, LIMITS.recovery, 60);
    await hit(db, `ip:recovery-h:${request.ip}`, LIMITS.recoveryPerHour, 3600);
    const payload = request.headers[CAPTCHA_HEADER];
    await verifyCaptcha(db, config.captchaSecret, typeof payload === 'string' ? payload : undefined);
  };

  app.get(
    '/api/login/forgetpassword/:identification',
    { schema: { params: identificationParam } },
    async (request) => {
      await guardRecovery(request);
      return lookupRecovery({ db, identification: request.params.identification });
    },
  );

  app.post(
    '/api/login/forgetpassword/register/:identification',
    { schema: { params: identificationParam, querystring: forgetRegisterQuery, response: { 200: message } } },
    async (request) => {
      await guardRecovery(request);
      return sendRecovery({
        db,
        config,
        mailer: app.mailer,
        identification: request.params.identification,
        ip: request.ip,
      });
    },
  );

  // Signed-in routes
  app.register(async (authed) => {
    const a = authed.withTypeProvider<ZodTypeProvider>();
    a.addHook('onRequest', app.authenticate);

    a.post(
      '/api/login/changepassword',
      {
        schema: { body: changePasswordBody, response: { 200: message } },
        config: DURING_PASSWORD_CHANGE,
      },
      async (request) =>
        changePassword({
          db,
          user: currentUser(request),
          username: request.body.Username,
          oldPassword: request.body.Oldpassword,
          newPassword: request.body.Newpassword,
          cipherKey: config.passwordCipherKey,
          ip: request.ip,
        }),
    );

    a.get('/api/login/userdata', { config: DURING_PASSWORD_CHANGE }, async (request) =>
      getUserData({ db, user: currentUser(request) }),
    );

    a.put(
      '/api/login/userdata',
      { schema: { body: userDataBody, response: { 200: message } }, config: DURING_PASSWORD_CHANGE },
      async (request) =>
        updateUserData({
          db,
          user: currentUser(request),
          correo: request.body.correo_notificaciones,
          ip: request.ip,
        }),
    );

    // 'Seguir conectado' of the warning before expiry (docs/decisions/098).
    a.post(
      '/api/login/renewsession',
      { schema: { response: { 200: loginResponse } }, config: DURING_PASSWORD_CHANGE },
      async (request) => renewSession({ db, config, user: currentUser(request) }),
    );

    a.post(
      '/api/login/logout',
      { schema: { response: { 200: message } }, config: DURING_PASSWORD_CHANGE },
      async (request) => logout({ db, user: currentUser(request), ip: request.ip }),
    );
  });
}
