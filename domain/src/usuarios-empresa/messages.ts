/**
 * The Spanish strings of a contractor company's own users: invitation, roles, disabling, who did what (docs/decisions/136).
 */
export const USUARIOS_EMPRESA_MSG = {
  usuariosEmpresaTitle: 'Usuarios de la empresa',
  usuariosEmpresaHelp:
    'Invite a las personas que cargan documentos por la empresa. Cada una ingresa con su número de documento y recibe una contraseña temporal por correo.',
  usuariosEmpresaEmpty: 'La empresa aún no ha invitado usuarios.',
  usuarioInvitar: 'Invitar usuario',
  usuarioInvitarTitle: 'Invitar usuario de la empresa',
  usuarioInvitarSubmit: 'Enviar invitación',
  usuarioTipoDocumento: 'Tipo de documento',
  usuarioNumeroDocumento: 'Número de documento',
  usuarioNombre: 'Nombre completo',
  usuarioCorreo: 'Correo electrónico',
  usuarioRol: 'Rol',
  usuarioEstado: 'Estado',
  usuarioUltimoIngreso: 'Último ingreso',
  usuarioAcciones: 'Acciones',
  usuarioNunca: 'Nunca',
  usuarioActivo: 'Activo',
  usuarioInactivo: 'Deshabilitado',
  usuarioCuentaEmpresa: 'Cuenta de la empresa (NIT)',
  rolEmpresaAdministrador: 'Administrador de la empresa',
  rolEmpresaCargador: 'Cargador',
  tipoDocCC: 'Cédula de ciudadanía',
  tipoDocCE: 'Cédula de extranjería',
  tipoDocPA: 'Pasaporte',
  tipoDocPPT: 'Permiso por protección temporal',
  usuarioTipoDocumentoInvalido: 'Seleccione el tipo de documento.',
  usuarioDocumentoCcInvalido: 'La cédula de ciudadanía tiene solo dígitos (entre 5 y 10).',
  usuarioDocumentoInvalido:
    'El número de documento tiene entre 3 y 20 letras o dígitos, sin espacios ni signos.',
  usuarioNombreInvalido: 'Escriba el nombre completo (entre 3 y 120 caracteres).',
  usuarioCorreoInvalido: 'Escriba un correo electrónico válido.',
  usuarioRolInvalido: 'Seleccione el rol.',
  usuarioDocumentoYaExiste: (numero: string) =>
    `El documento ${numero} ya es un usuario del portal (en esta u otra empresa, o del personal). Use otro documento o pida ayuda al buzón de gestión SST.`,
  usuarioInvitado: (correo: string) =>
    `Usuario invitado. Se envió una contraseña temporal al correo ${correo}; vence en 24 horas.`,
  usuarioReenviar: 'Reenviar contraseña',
  usuarioReenviado: (correo: string) => `Se envió una nueva contraseña temporal al correo ${correo}.`,
  usuarioDeshabilitar: 'Deshabilitar',
  usuarioHabilitar: 'Habilitar',
  usuarioDeshabilitarConfirm: (nombre: string) =>
    `¿Deshabilitar a ${nombre}? Sus sesiones abiertas se cierran de inmediato y no podrá ingresar hasta que lo habilite de nuevo.`,
  usuarioHabilitarConfirm: (nombre: string) => `¿Habilitar de nuevo a ${nombre}?`,
  usuarioDeshabilitado: 'Usuario deshabilitado. Sus sesiones se cerraron.',
  usuarioHabilitado: 'Usuario habilitado.',
  usuarioNoEncontrado: 'El usuario no existe en su empresa.',
  usuarioCuentaNitNoSeDeshabilita: 'La cuenta de la empresa (NIT) no se puede deshabilitar.',
  usuarioNoSeDeshabilitaASiMismo: 'No puede deshabilitar su propio usuario.',
  usuarioSoloAdministrador: 'Solo un administrador de la empresa puede gestionar sus usuarios.',
  contratoSoloAdministrador:
    'Solo un administrador de la empresa puede crear contratos. Pídale a un administrador que lo cree, o que le asigne ese rol.',
  usuarioCancelar: 'Cancelar',
};
