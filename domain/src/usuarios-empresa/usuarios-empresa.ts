import { z } from 'zod';
import { USUARIOS_EMPRESA_MSG } from './messages';

/**
 * Users of a contractor company (docs/decisions/136). The NIT account and invited users carry a role
 * in the company; an invited user signs in with its document number on the contractor sign-in.
 */
export const ROLES_EMPRESA = ['administrador', 'cargador'] as const;
export type RolEmpresa = (typeof ROLES_EMPRESA)[number];

/** Kinds of identity document a company's user may have (Colombian usage: CC, CE, passport, PPT). */
export const TIPOS_DOCUMENTO_USUARIO = ['CC', 'CE', 'PA', 'PPT'] as const;
export type TipoDocumentoUsuario = (typeof TIPOS_DOCUMENTO_USUARIO)[number];

export const TIPOS_DOCUMENTO_USUARIO_OPCIONES: ReadonlyArray<{ value: TipoDocumentoUsuario; label: string }> =
  [
    { value: 'CC', label: USUARIOS_EMPRESA_MSG.tipoDocCC },
    { value: 'CE', label: USUARIOS_EMPRESA_MSG.tipoDocCE },
    { value: 'PA', label: USUARIOS_EMPRESA_MSG.tipoDocPA },
    { value: 'PPT', label: USUARIOS_EMPRESA_MSG.tipoDocPPT },
  ];

export const ROLES_EMPRESA_OPCIONES: ReadonlyArray<{ value: RolEmpresa; label: string }> = [
  { value: 'administrador', label: USUARIOS_EMPRESA_MSG.rolEmpresaAdministrador },
  { value: 'cargador', label: USUARIOS_EMPRESA_MSG.rolEmpresaCargador },
];

/** CC: digits only; the other kinds: letters and digits. Returns the message of the first problem. */
export function documentoProblem(tipo: string, numero: string): string | null {
  if (tipo === 'CC')
    return /^\d{5,10}$/.test(numero) ? null : USUARIOS_EMPRESA_MSG.usuarioDocumentoCcInvalido;
  return /^[A-Za-z0-9]{3,20}$/.test(numero) ? null : USUARIOS_EMPRESA_MSG.usuarioDocumentoInvalido;
}

export const invitacionUsuarioBody = z
  .strictObject({
    tipoDocumento: z.enum(TIPOS_DOCUMENTO_USUARIO, {
      error: USUARIOS_EMPRESA_MSG.usuarioTipoDocumentoInvalido,
    }),
    numeroDocumento: z
      .string({ error: USUARIOS_EMPRESA_MSG.usuarioDocumentoInvalido })
      .trim()
      .max(20, USUARIOS_EMPRESA_MSG.usuarioDocumentoInvalido)
      .transform((v) => v.toUpperCase()),
    nombre: z
      .string({ error: USUARIOS_EMPRESA_MSG.usuarioNombreInvalido })
      .trim()
      .min(3, USUARIOS_EMPRESA_MSG.usuarioNombreInvalido)
      .max(120, USUARIOS_EMPRESA_MSG.usuarioNombreInvalido),
    correo: z
      .string({ error: USUARIOS_EMPRESA_MSG.usuarioCorreoInvalido })
      .trim()
      .max(254, USUARIOS_EMPRESA_MSG.usuarioCorreoInvalido)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, USUARIOS_EMPRESA_MSG.usuarioCorreoInvalido),
    rol: z.enum(ROLES_EMPRESA, { error: USUARIOS_EMPRESA_MSG.usuarioRolInvalido }),
  })
  .superRefine((v, ctx) => {
    const problem = documentoProblem(v.tipoDocumento, v.numeroDocumento);
    if (problem) ctx.addIssue({ code: 'custom', path: ['numeroDocumento'], message: problem });
  });
export type InvitacionUsuario = z.input<typeof invitacionUsuarioBody>;

export const usuarioEmpresaParams = z.object({ id: z.coerce.number().int().positive() });

export const usuarioEmpresa = z.object({
  id: z.number(),
  nombre: z.string(),
  tipoDocumento: z.string().nullable(),
  /** The document number of an invited user; the NIT for the company account. */
  documento: z.string(),
  correo: z.string(),
  rol: z.enum(ROLES_EMPRESA),
  activo: z.boolean(),
  /** The company's NIT account: cannot be disabled. */
  cuentaEmpresa: z.boolean(),
  /** ISO instant (the screen formats it, docs/decisions/092). */
  ultimoIngreso: z.string().nullable(),
});
export type UsuarioEmpresa = z.infer<typeof usuarioEmpresa>;
export const usuariosEmpresaList = z.array(usuarioEmpresa);
export const usuarioEmpresaMessage = z.object({ message: z.string(), usuario: usuarioEmpresa });
