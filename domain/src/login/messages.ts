/**
 * The strings of the sign-in screen and of what the entry bundle needs before sign-in (session end,
 * alerts, network errors). Apart from MSG so that the login route carries only these (decision 073);
 * MSG spreads them, so every other screen and the server keep using MSG.
 */
export const LOGIN_MSG = {
  // Login screen (docs/contract.md, What the product does; Screens and routes)
  appTitle: 'proveedores',
  welcome:
    'Bienvenido al portal de proveedores. Aquí los contratistas gestionan en línea sus requisitos del SG-SST y hacen seguimiento a su cumplimiento.',
  dataProtection:
    'En cumplimiento de la Ley 1581 de 2012 y sus decretos reglamentarios, al ingresar usted autoriza el tratamiento de los datos personales que registre en este portal, con la finalidad exclusiva de gestionar los requisitos del Sistema de Gestión de Seguridad y Salud en el Trabajo (SG-SST) de los contratos que ejecuta. Puede consultar, actualizar, rectificar o suprimir sus datos escribiendo al buzón de gestión SST.',
  problemsSigningIn: (email: string) =>
    `Escriba al buzón de gestión SST (${email}) describiendo el incidente; pronto nos pondremos en contacto con usted.`,
  loginNitRequired: 'Por favor ingrese el nit.',
  loginPasswordRequired: 'Por favor ingrese la contraseña.',
  captchaNotValidated: 'El captcha no ha sido validado',
  loginFailed: 'Usuario o contraseña incorrectos.',
  tooManyAttempts: 'Demasiados intentos. Espere un momento antes de volver a intentar.',
  identificationNotFound: 'Número de identificación no encontrada.',
  captchaReinforcedHelp: 'Verificación adicional en curso, espere unos segundos…',
  recoverCaptchaHelp: 'Marque la casilla y luego presione Continuar.',
  recoverSent: (maskedEmail: string) =>
    `Se envió una contraseña temporal al correo ${maskedEmail}. Vence en 24 horas y sirve una sola vez.`,

  // Session
  sessionExpired: 'Oops... tu sesión actual ha expirado.',
  // Why a signed-in page went back to login (a 401 while navigating): the server tells expired from closed.
  sessionClosedElsewhere:
    'Su sesión se cerró: se cerró sesión o se cambió la contraseña desde otra ventana o equipo, o la empresa fue deshabilitada. Ingrese de nuevo.',
  // Warning one minute before the session ends, with the option to stay signed in.
  sessionEndingTitle: 'Su sesión está por terminar',
  sessionEndingText: (segundos: number) =>
    `Su sesión se cerrará en ${segundos} segundos. ¿Desea seguir conectado? Lo que esté escribiendo se guarda como borrador en este navegador.`,
  sessionInvalid: 'Su sesión no es válida. Inicie sesión nuevamente.',
  sessionStay: 'Seguir conectado',
  sessionLeave: 'Cerrar sesión',
  sessionRenewFailed: 'No fue posible extender la sesión. Guarde su trabajo e inicie sesión nuevamente.',
  draftRestored: 'Se recuperó el borrador del comentario que estaba escribiendo.',

  // Sign-in to a disabled company with the right password (the wrong one gets loginFailed, like any other).
  companyDisabled: (email: string) =>
    `La empresa está deshabilitada en el portal y no puede ingresar. Para habilitarla, escriba al buzón de gestión SST (${email}).`,

  // Web: login screen labels
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
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',

  // Alerts and network errors (entry bundle)
  genericError: 'Lo siento hubo un error !!',
  seeDetail: 'Ver detalle',
  close: 'Cerrar',
  checkNetwork: 'Valide su conexión a la red o la conexión VPN',
  internalError: 'Ocurrió un error inesperado. Intente nuevamente.',
} as const;
