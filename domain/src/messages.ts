/**
 * Every user-facing Spanish string of the specification, in one place (spelling kept exactly,
 * including the original typos). Templates are functions so that both sides format them alike.
 */
export const MSG = {
  // Section 1 / 2: login screen
  appTitle: 'proveedores',
  welcome:
    'Bienvenido al portal de proveedores. Aquí los contratistas gestionan en línea sus requisitos del SG-SST y hacen seguimiento a su cumplimiento.',
  dataProtection:
    'En cumplimiento de la Ley 1581 de 2012 y sus decretos reglamentarios, al ingresar usted autoriza el tratamiento de los datos personales que registre en este portal, con la finalidad exclusiva de gestionar los requisitos del Sistema de Gestión de Seguridad y Salud en el Trabajo (SG-SST) de los contratos que ejecuta. Puede consultar, actualizar, rectificar o suprimir sus datos escribiendo al buzón de gestión SST.',
  problemsSigningIn: (email: string) =>
    `Escribe al buzón de gestión SST (${email}) describiendo el incidente; pronto nos pondremos en contacto contigo.`,
  loginNitRequired: 'Por favor ingrese el nit.',
  loginPasswordRequired: 'Por favor ingrese la contraseña.',
  captchaNotValidated: 'El captcha no ha sido validado',
  loginFailed: 'Usuario o contraseña incorrectos.',
  tooManyAttempts: 'Demasiados intentos. Espere un momento antes de volver a intentar.',
  identificationNotFound: 'Número de identificación no encontrada.',
  recoverSent: (maskedEmail: string) =>
    `Se envió una contraseña temporal al correo ${maskedEmail}. Vence en 24 horas y sirve una sola vez.`,

  // Session
  sessionExpired: 'Oops... tu sesión actual ha expirado.',

  // Web: login screen labels (section 2)
  identificationLabel: 'Identificación (NIT)',
  staffUserLabel: 'Usuario',
  passwordLabel: 'Contraseña',
  continueLabel: 'Continuar',
  forgotPassword: 'Olvidé mi contraseña',
  registerTitle: 'Registrate',
  recoverTitle: 'Recuperar Contraseña',
  registerButton: 'Registrar',
  userGuide: 'Descargar guía de usuario (PDF)',
  problemsLink: 'Tienes problemas para iniciar',
  staffSwitch: 'Ingreso funcionarios',
  enterButton: 'Ingresar',
  welcomeTitle: 'Bienvenido',
  dataProtectionTitle: 'Protección de datos personales',
  captchaHelp: 'Marque la casilla para confirmar que no es un robot y luego presione Ingresar.',
  sendToMaskedEmail: (email: string) => `Enviar la contraseña temporal al correo ${email}`,
  chooseEmailFirst: 'Seleccione el correo al que se enviará la contraseña.',
  backToLogin: 'Volver al inicio de sesión',
  failedAttempts: (n: number) => `Intentos fallidos: ${n}`,
  signingIn: 'Ingresando...',
  loading: 'Cargando...',
  accept: 'Aceptar',

  // Web: dashboard shell and placeholders
  welcomeUser: (name: string) => `Bienvenido, ${name}`,
  projectLink: 'Proyecto',
  logoutLink: 'Cerrar Sesión',
  contractModalPending: 'La selección y el registro de contratos del proyecto estarán disponibles próximamente.',
  underConstruction: 'Esta sección está en construcción.',
  goHome: 'Ir al Inicio',
  proveedorStub: 'proveedor works!',
  pageHome: 'Inicio',
  pageSgSst: 'SG-SST',
  pageIngresoPersonal: 'Ingreso de Personal',
  pageGestionRiesgo: 'Gestión del riesgo',
  pageRetenido: 'Gestión devolución de retenidos',
  pageHistorial: 'Historial',
  pageSociodemografico: 'Sociodemografico',
  pageListDinamico: 'Listado',
  pageDetalleArchivo: 'Detalle de archivo',

  // Web: settings page (section 2 Settings)
  settingsTitle: 'Configuraciones',
  changePasswordSection: 'Cambiar contraseña',
  newPasswordLabel: 'Nueva contraseña',
  repeatPasswordLabel: 'Repetir contraseña',
  changePasswordButton: 'Cambiar Contraseña',
  passwordRulesHint: 'Entre 8 y 128 caracteres, con letras y números.',
  mustChangePasswordNotice: 'Ingresó con una contraseña temporal: cámbiela para continuar.',
  notificationsSection: 'Correo de notificaciones',
  notificationsEmailLabel: 'Correo electrónico para notificaciones',
  saveButton: 'Guardar',

  // Settings
  passwordsDoNotMatch: 'Las contraseñas no coinciden.',
  passwordChanged: 'Contraseña Cambiada Exitosamente.',
  passwordChangeError: (error: string) => `Hubo un error porfavor vuelva a intentar (${error})`,
  invalidEmail: 'Ingrese un correo valido.',
  notificationsEmailSaved: 'Correo de notificaciones actualizado.',
  passwordTooWeak:
    'La contraseña debe tener entre 8 y 128 caracteres e incluir letras y números.',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',

  // Contracts (section 5, order matters)
  contractDescriptionRequired: 'La descripción del contrato es obligatoria.',
  contractProjectRequired: 'El proyecto del contrato es obligatorio.',
  contractActivityRequired: 'La actividad del contrato es obligatoria.',
  contractTypeRequired: 'El tipo de contrato es obligatorio.',
  contractSent: 'La información fue enviada correctamente.',
  contractNotSent: 'La información no pudo ser enviada, intente nuevamente.',
  selectProjectFirst: 'Porfavor seleccione Proyecto antes de continuar...',
  selectOrEnterProject: 'Seleccione o ingrese un proyecto antes de continuar.',
  contractProjectUnknown: 'El proyecto seleccionado no existe o no está activo.',
  contractActivityUnknown: 'La actividad seleccionada no existe o no está activa.',
  contractTypeUnknown: 'El tipo de contrato seleccionado no existe o no está activo.',
  contractRegionalUnknown: 'La regional seleccionada no existe o no está activa.',

  // Home summary (section 2, Home) and its drill-down
  homePendingLabel: 'P. por cargar',
  homeExpiredLabel: 'Vencidos',
  homeRejectedLabel: 'rechazados',
  reportModuleInvalid: 'Módulo de reporte no válido: use sg-sst, sg-personal, g-riesgo o g-retenido.',
  reportFilterInvalid: 'Filtro de reporte no válido: use -9 (pendientes por cargar), -5 (vencidos y por vencer) o -1 (rechazados).',
  reportNitRequired: 'Indique el nit de la empresa a consultar.',

  // Evidence uploads
  invalidExtension: (list: string, file: string) => `Extenciones validas ( ${list} ) para el archivo : ${file}`,
  fileTooLarge: (file: string) => `El archivo : ${file} pesa mas de 5mb`,
  fileUploaded: (file: string) => `Archivo subido con exito: ${file}`,
  fileUploadError: (file: string) => `Archivo subido con error :${file}`,
  commentSaved: 'Carga subida con exito.',
  genericError: 'Lo siento hubo un error !!',
  seeDetail: 'Ver detalle',
  close: 'Cerrar',
  uploadHelp:
    'El archivo no debe pesar más de 5mb. Al elegir los archivos se cargan de inmediato como evidencia. Si el paso no aplica, debe dejar un comentario.',
  viewReplaceHelp: 'Un nuevo archivo o comentario reemplaza el del mes actual.',
  fileContentMismatch: (file: string) =>
    `El contenido del archivo : ${file} no corresponde a su extensión`,
  invalidFileData: (file: string) => `El archivo : ${file} no es válido`,
  commentRequired: 'Debe escribir un comentario.',
  evidenceFileRequired: 'Seleccione el archivo que desea cargar.',
  evidenceRequirementNotFound: 'El documento requerido no existe o no aplica para este contrato.',
  evidenceContractNotFound: 'El contrato no existe o no pertenece a su empresa.',
  evidenceEmployeeNotFound:
    'El empleado no está registrado en su empresa. Regístrelo con el botón de empleado antes de cargar sus documentos.',
  evidencePeriodInvalid: 'El periodo indicado no corresponde a un mes de ejecución del contrato.',
  evidenceAnnexNeedsSubmission:
    'Primero cargue el archivo principal o deje un comentario: los anexos se agregan a la carga actual.',
  evidenceAttachmentNotFound: 'El archivo solicitado no existe.',

  // Personnel
  employeeIdRequired: 'Ingrese Tipo de Identificación e Identificación antes de continuar.',
  fieldRequired: (field: string) => `El campo ${field} es obligatorio.`,
  municipalityNotInDepartment: 'El municipio no pertenece al departamento seleccionado.',
  employeeSaved: 'La información del empleado fue guardada correctamente.',
  employeeLinked: 'El empleado quedó vinculado al contrato.',
  employeeNotFound: 'El empleado no está registrado. Diligencie el formulario para registrarlo.',
  employeeDataNotice:
    'Al guardar, usted declara que el trabajador autorizó el tratamiento de sus datos personales (Ley 1581 de 2012) con la finalidad exclusiva de gestionar los requisitos del SG-SST de los contratos en que participa.',
  invalidField: (field: string) => `El campo ${field} no tiene un valor válido.`,
  invalidDate: (field: string) => `El campo ${field} debe ser una fecha válida (AAAA-MM-DD).`,
  invalidPhone: (field: string) => `El campo ${field} debe ser un número de teléfono válido.`,
  fieldTooLong: (field: string, max: number) => `El campo ${field} admite máximo ${max} caracteres.`,
  invalidDocumentNumber: 'El número de identificación no es válido.',
  documentAliasConflict: 'El tipo o número de identificación se envió dos veces con valores distintos.',
  birthDateOutOfRange: 'La Fecha Nacimiento no es válida: el trabajador debe tener entre 14 y 100 años.',
  entryDateOutOfRange: 'La Fecha de ingreso a obra no es válida.',
  dependentsNegative: 'El campo Personas a cargo no puede ser menor que 0.',
  salaryNotPositive: 'El campo Salario debe ser un valor mayor que 0.',
  departmentNotFound: 'El departamento seleccionado no existe.',
  cargoNotFound: 'El cargo seleccionado no existe.',
  employeeContractUnknown: 'El contrato seleccionado no existe.',

  // Loading failures
  couldNotLoad: 'No se pudo cargar la informacion.',
  seeMoreDetails: 'Ver mas detalles',
  checkNetwork: 'Valide su conexión a la red o la conexión VPN',

  // Generic server-side
  notFound: 'El recurso solicitado no existe.',
  forbidden: 'No tiene permiso para realizar esta acción.',
  unauthorized: 'Su sesión no es válida. Inicie sesión nuevamente.',
  badRequest: 'La solicitud no es válida.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'Tipo de contenido no soportado.',
  internalError: 'Ocurrió un error inesperado. Intente nuevamente.',

  // Status labels (section 4)
  estadoPendiente: 'Pendiente por cargar',
  estadoRechazado: 'Rechazado',
  estadoCargado: 'Cargado pendiente por aprobar',
  estadoAprobado: 'Aprobado',
  estadoVencido: 'Vencido',
} as const;
