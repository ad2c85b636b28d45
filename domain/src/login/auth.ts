import { z } from 'zod';
import { REINFORCED_CAPTCHA } from './captcha';
import { MSG } from '../messages';

/** Passwords up to 128 characters, never truncated. Encrypted ones are longer. */
export const MAX_PASSWORD_LENGTH = 128;
const transportedPassword = z.string().max(512);

export const loginBody = z.strictObject({
  username: z.string().trim().min(1, MSG.loginNitRequired).max(64),
  password: transportedPassword.min(1, MSG.loginPasswordRequired),
  /** ALTCHA payload (base64 JSON) solved in the data-protection modal. */
  captcha: z.string().max(8192).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginQuery = z.object({ permiso: z.string().max(8).optional() });

export const loginResponse = z.object({ token: z.string() });

/** Claims of the token as the contract names them (docs/contract.md, Entities and fields), exactly. */
export const tokenClaims = z.object({
  unique_name: z.string(),
  email: z.string(),
  exp: z.number(),
  guidses: z.string(),
  given_name: z.string(),
  typeuser: z.string().default('default'),
  lastsession: z.string(),
  changepassword: z.enum(['true', 'false']),
});
export type TokenClaims = z.infer<typeof tokenClaims>;

/** Oldpassword is required (docs/decisions/076): a live session alone does not prove who is typing. */
export const changePasswordBody = z.strictObject({
  Username: z.string().trim().min(1).max(64),
  Oldpassword: z.string({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(512),
  Newpassword: transportedPassword.min(1, MSG.passwordsDoNotMatch),
  Suid: z.string().max(64).optional().default(''),
});

export const userDataBody = z.strictObject({
  correo_notificaciones: z
    .string()
    .trim()
    .min(1, MSG.invalidEmail)
    .max(254, MSG.invalidEmail)
    .refine((v) => v.includes('@'), MSG.invalidEmail),
});

export const captchaQuery = z.object({ nivel: z.enum([REINFORCED_CAPTCHA]).optional() });

export const identificationParam = z.object({ identification: z.string().trim().min(1).max(64) });
export const forgetRegisterQuery = z.object({ o: z.enum(['m']).default('m') });

/** Strength rule for new passwords (not in the specification; ASVS minimum length 8, max 128). */
export function isAcceptablePassword(p: string): boolean {
  return p.length >= 8 && p.length <= MAX_PASSWORD_LENGTH && /[A-Za-z]/.test(p) && /\d/.test(p);
}

/** The public settings the login screen needs before anyone signs in. */
export const loginConfig = z.object({
  sstMailbox: z.string(),
  cipherKey: z.string(),
  captchaChallengeUrl: z.string(),
});
export type LoginConfig = z.infer<typeof loginConfig>;
