import { z } from 'zod';
import { MSG } from '../messages';
import { nitCheckDigit } from '../rules/nit';

/**
 * Provider companies managed by staff (docs/decisions/063). Paths: /api/admin/empresas[...].
 * A new company gets a user whose username is the NIT and who has no password: the company uses
 * 'Registrate' on the login screen to receive its first (temporary) password by e-mail.
 */

const correo = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, MSG.invalidEmail)
  .pipe(z.email({ error: MSG.invalidEmail }));

/**
 * NIT with its check digit, either '900123456-8' or nit '900123456' plus dv 8. The check digit is
 * required (it is how typing mistakes are caught) and must be the DIAN one.
 */
export const empresaCreateBody = z
  .strictObject({
    nit: z.string().trim().max(20),
    dv: z.number().int().min(0).max(9).optional(),
    razonSocial: z
      .string()
      .trim()
      .min(3, MSG.empresaRazonSocialRequerida)
      .max(200, MSG.empresaRazonSocialRequerida),
    /** Contact and recovery e-mail; also the initial notifications e-mail. */
    correo,
    /** Contact person shown in the welcome line (default: the company name). */
    nombreContacto: z.string().trim().min(3).max(120).optional(),
  })
  .transform((b, ctx) => {
    const parsed = parseNitConDv(b.nit, b.dv);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: MSG.empresaNitInvalido, path: ['nit'] });
      return z.NEVER;
    }
    return { ...b, nit: parsed.nit, dv: parsed.dv };
  });
export type EmpresaCreateBody = z.infer<typeof empresaCreateBody>;

/** { nit, dv } when the NIT is 6..15 digits and the check digit (given in either form) is right. */
export function parseNitConDv(value: string, dv?: number): { nit: string; dv: number } | null {
  const m = /^(\d{6,15})(?:-(\d))?$/.exec(value.trim().replace(/[.\s]/g, ''));
  if (!m) return null;
  const given = m[2] !== undefined ? Number(m[2]) : dv;
  if (given === undefined) return null;
  if (m[2] !== undefined && dv !== undefined && Number(m[2]) !== dv) return null;
  return given === nitCheckDigit(m[1]) ? { nit: m[1], dv: given } : null;
}

/** PUT /api/admin/empresas/{id}: the NIT never changes (it is the sign-in name). */
export const empresaUpdateBody = z.strictObject({
  razonSocial: z
    .string()
    .trim()
    .min(3, MSG.empresaRazonSocialRequerida)
    .max(200, MSG.empresaRazonSocialRequerida)
    .optional(),
  /** Contact and recovery e-mail. */
  correo: correo.optional(),
  correoNotificaciones: correo.nullable().optional(),
  nombreContacto: z.string().trim().min(3).max(120).optional(),
});
export type EmpresaUpdateBody = z.infer<typeof empresaUpdateBody>;

export const empresasQuery = z.object({
  /** Part of the NIT or of the company name. */
  buscar: z.string().trim().max(100).optional(),
  activa: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1))
    .default(1),
  pageSize: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .default(20),
});

export const empresaAdmin = z.object({
  id: z.number(),
  nit: z.string(),
  dv: z.number(),
  /** '900123456-8' */
  nitCompleto: z.string(),
  razonSocial: z.string(),
  correoContacto: z.string(),
  activa: z.boolean(),
  createdAt: z.string(),
  usuario: z
    .object({
      username: z.string(),
      nombre: z.string(),
      correo: z.string(),
      correoNotificaciones: z.string().nullable(),
      /** false until the company used 'Registrate' and set its password. */
      tienePassword: z.boolean(),
      ultimoIngreso: z.string().nullable(),
    })
    .nullable(),
  contratos: z.number(),
  /** Files of its submissions and annexes against the upload quota (docs/decisions/085). */
  almacenamiento: z.object({ bytes: z.number(), archivos: z.number(), cuotaBytes: z.number() }),
});
export type EmpresaAdmin = z.infer<typeof empresaAdmin>;

export const empresasPage = z.object({
  items: z.array(empresaAdmin),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const savedEmpresa = z.object({ message: z.string(), empresa: empresaAdmin });
