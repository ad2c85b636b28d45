import { LOGIN_MSG } from './login/messages';
import { AUTOEVALUACION_MSG } from './autoevaluacion/messages';
import { AUTOEVALUACION_WEB_MSG } from './autoevaluacion/messages-web';
import { APTITUD_MSG } from './aptitud/messages';
import { CREDENCIALES_MSG } from './credenciales/messages';
import { PORTERIA_MSG } from './porteria/messages';
import { PILA_MSG } from './pila/messages';
import { PILA_ARCHIVO_MSG } from './pila/messages-archivo';
import { PILA_CARGA_MSG } from './pila/messages-carga';
import { PILA_STAFF_MSG } from './pila/messages-staff';
import { PILA_WEB_MSG } from './pila/messages-web';
import { DATOS_PILA_MSG } from './catalogo/messages-datos-pila';
import { USUARIOS_EMPRESA_MSG } from './usuarios-empresa/messages';
import { IMPORTACION_MSG } from './empleados/messages-importacion';
import { REUSO_MSG } from './evidencias/messages-reuso';
import { CARGA_MULTIPLE_MSG } from './evidencias/messages-carga-multiple';
import { FOTOS_MSG } from './evidencias/messages-fotos';
import { HABILITACION_MSG } from './autoevaluacion/messages-habilitacion';

export { LOGIN_MSG };

/**
 * Every user-facing Spanish string of the specification, here and in messages-login.ts (spelling kept
 * exactly, including the original typos). Templates are functions so that both sides format them alike.
 */
/** '12,3 MB', '10 GB': binary units with Spanish decimals (storage usage and quota messages). */
function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  const text = u === 0 ? String(v) : v.toLocaleString('es-CO', { maximumFractionDigits: 1 });
  return `${text} ${units[u]}`;
}

/**
 * Strings only the server sends (the browser shows the answer's message): apart from MSG so that the
 * login route's bundle, which holds MSG whole, does not carry them (decision 073).
 */
export const SERVER_MSG = {
  captchaReinforced: 'Esta cuenta recibió muchos intentos fallidos: se necesita una verificación adicional.',
  passwordNotEncrypted: 'La contraseña debe enviarse cifrada.',
  passwordChangeRequired: 'Debe cambiar su contraseña en Configuraciones antes de continuar.',
};

/**
 * Strings of single pages, kept out of MSG and imported by name where used: MSG is in every first
 * load (the site gate's included, decision 134), these only in their pages' chunks. The server's
 * error handler still knows them all (schema messages answered bare).
 */
export {
  AUTOEVALUACION_WEB_MSG,
  CARGA_MULTIPLE_MSG,
  FOTOS_MSG,
  HABILITACION_MSG,
  IMPORTACION_MSG,
  PILA_STAFF_MSG,
  PILA_WEB_MSG,
  REUSO_MSG,
  USUARIOS_EMPRESA_MSG,
};
export const PAGE_MSG_GROUPS = [
  AUTOEVALUACION_WEB_MSG,
  CARGA_MULTIPLE_MSG,
  FOTOS_MSG,
  HABILITACION_MSG,
  IMPORTACION_MSG,
  PILA_STAFF_MSG,
  PILA_WEB_MSG,
  REUSO_MSG,
  USUARIOS_EMPRESA_MSG,
] as const;

// A renewal awaiting review over an approval in force (docs/decisions/164, 170): one wording for
// every view that shows it.
const RENOVACION_PENDIENTE = 'Renovación pendiente por aprobar';
const vigenteConRenovacion = (fecha: string) => `Vigente hasta ${fecha} · ${RENOVACION_PENDIENTE}`;
const renovacionPendiente = (fecha: string) => (fecha ? vigenteConRenovacion(fecha) : RENOVACION_PENDIENTE);

export const MSG = {
  ...LOGIN_MSG,
  ...AUTOEVALUACION_MSG,
  ...APTITUD_MSG,
  ...CREDENCIALES_MSG,
  ...PILA_MSG,
  ...PILA_ARCHIVO_MSG,
  ...PILA_CARGA_MSG,
  ...DATOS_PILA_MSG,
  ...PORTERIA_MSG,
  // Web: dashboard shell and placeholders
  welcomeUser: (name: string) => `Bienvenido, ${name}`,
  projectLink: 'Proyecto',
  logoutLink: 'Cerrar Sesión',
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

  // Web: settings page
  settingsTitle: 'Configuraciones',
  changePasswordSection: 'Cambiar contraseña',
  currentPasswordLabel: 'Contraseña actual',
  currentPasswordHint: 'Si ingresó con una contraseña temporal, escriba esa.',
  currentPasswordRequired: 'Por favor ingrese la contraseña actual.',
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
  passwordTooWeak: 'La contraseña debe tener entre 8 y 128 caracteres e incluir letras y números.',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',

  // Contracts (the contract's validation rules: order matters)
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

  // Web: contract modal (dashboard shell, contract selection)
  contractModalTitle: 'Proyecto donde se ejecutará el contrato',
  contractNewTitle: 'Nuevo contrato',
  contractSelectLabel: 'Contrato',
  contractSelectPlaceholder: 'proyecto donde se ejecutará el contrato',
  contractSelectButton: 'seleccionar',
  contractNewButton: 'Ingresar uno nuevo',
  contractBackToList: 'Volver a mis contratos',
  contractChooseOne: 'Seleccione un contrato de la lista.',
  contractNoneYet: 'Su empresa aún no tiene contratos registrados. Ingrese el primero.',
  contractProjectField: 'Proyecto *',
  contractTypeField: 'Tipo Contrato *',
  contractActivityField: 'Actividad *',
  contractObjectField: 'Objeto del Contrato *',
  contractRegionalField: 'Regional',
  contractSendButton: 'Enviar',
  contractChoosePlaceholder: 'Seleccione',
  contractCurrent: 'Contrato actual',

  // Home summary and its drill-down
  homePendingLabel: 'P. por cargar',
  // The count is vencidos + por vencer (the -5 drill-down lists both), so the label names both.
  homeExpiredLabel: 'Vencidos o por vencer',
  homeRejectedLabel: 'rechazados',
  reportModuleInvalid: 'Módulo de reporte no válido: use sg-sst, sg-personal, g-riesgo o g-retenido.',
  reportFilterInvalid:
    'Filtro de reporte no válido: use -9 (pendientes por cargar), -5 (vencidos y por vencer) o -1 (rechazados).',
  reportNitRequired: 'Indique el nit de la empresa a consultar.',

  // Web: home page
  homeMenuTitle: 'Módulos',
  homeChangeContract: 'Cambiar proyecto',
  homeChooseContract: 'Seleccionar proyecto',
  homeSummaryTitle: 'Pendientes de la empresa',
  homeSummaryCardsLabel: 'Resumen de pendientes',
  homePendingCard: 'Documentos por cargar',
  homeExpiredCard: 'Vencidos o por vencer',
  homeRejectedCard: 'Documentos rechazados',
  homeAllClear: 'Su empresa está al día: no hay documentos por cargar, vencidos ni rechazados.',
  homeCompanyTotal: 'Total',
  homeOpenDetail: (what: string) => `Ver detalle: ${what}`,
  homeDetailTitle: (modulo: string, etiqueta: string) => `${modulo} - ${etiqueta}`,
  homeDetailEmpty: 'No hay registros para mostrar.',
  homeNoMenu: 'No hay opciones de menú disponibles para su usuario.',
  colProyecto: 'Proyecto',
  colDocumento: 'Documento',
  colVigenciaReporte: 'Vigencia',

  // Evidence uploads
  invalidExtension: (list: string, file: string) =>
    `Extenciones validas ( ${list} ) para el archivo : ${file}`,
  fileTooLarge: (file: string) => `El archivo : ${file} pesa mas de 5mb`,
  fileUploaded: (file: string) => `Archivo subido con exito: ${file}`,
  fileUploadError: (file: string) => `Archivo subido con error :${file}`,
  commentSaved: 'Carga subida con exito.',
  uploadHelp:
    'El archivo no debe pesar más de 5mb. Un archivo elegido se carga de inmediato como evidencia, salvo cuando el requisito pide fechas del documento: entonces se confirman antes de guardar; varios archivos elegidos juntos forman una sola carga (el primero es el archivo principal y los demás sus anexos) que se guarda al confirmar. Si el paso no aplica, debe dejar un comentario.',
  viewReplaceHelp: 'Un nuevo archivo o comentario reemplaza el del mes actual.',
  fileContentMismatch: (file: string) => `El contenido del archivo : ${file} no corresponde a su extensión`,
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
  evidenceStorageFull: 'No hay espacio para guardar el archivo en este momento. Intente más tarde.',
  // Upload content structure, rate and quota (docs/decisions/084, 085)
  fileActiveContent: (file: string) =>
    `El archivo : ${file} contiene contenido activo (JavaScript, macros, acciones que abren programas o archivos incrustados) y no se puede cargar`,
  fileCheckTimeout: (file: string) =>
    `No fue posible verificar el archivo : ${file} a tiempo. Guárdelo de nuevo desde su programa e intente otra vez`,
  uploadRateExceeded:
    'Su empresa cargó demasiados archivos en poco tiempo. Espere un momento antes de volver a intentar.',
  uploadQuotaExceeded: (usedBytes: number, quotaBytes: number) =>
    `Su empresa alcanzó su límite de almacenamiento de archivos (${formatBytes(usedBytes)} de ${formatBytes(quotaBytes)}). Comuníquese con el administrador del portal.`,

  // Web: evidence pages (SG-SST, risk, withholdings) and upload modals
  riskIntro:
    'Este módulo agiliza la gestión administrativa de las evidencias que soportan la gestión del riesgo, así como el seguimiento, el control y la mejora continua del SG-SST.',
  seeHistory: 'Ver Historial',
  colNumero: '#',
  colAccion: 'Acción',
  colLapsos: 'Lapsos',
  colUltimoArchivo: 'Último Archivo',
  mandatoryMark: '(*)',
  mandatoryLegend: '(*) Documento obligatorio',
  noRequiredDocuments: 'No hay documentos requeridos para mostrar.',
  noPeriodsYet: 'El contrato aún no tiene periodos.',
  retry: 'Reintentar',
  uploadAction: 'Cargar',
  viewAction: 'Ver',
  annexAction: 'Anexos',
  actionFor: (action: string, item: string) => `${action}: ${item}`,
  rejectionReason: (reason: string) => `Motivo del rechazo: ${reason}`,
  uploadModalTitle: 'Archivo Principal',
  viewModalTitle: 'Información cargada',
  annexModalTitle: 'Carga de Anexos',
  allowedExtensions: (list: string) => `Extensiones permitidas: ${list}`,
  chooseFiles: 'Seleccionar archivos',
  leaveComment: 'Dejar Comentario',
  saveCommentButton: 'Guardar Comentario',
  backToFileUpload: 'Cargar archivo',
  commentLabel: 'Comentario',
  readingFiles: 'Leyendo archivos...',
  uploadingFiles: 'Subiendo archivos...',
  uploadResults: 'Resultado de la carga',
  currentFile: 'Archivo actual',
  uploadedAt: 'Fecha de carga',
  validUntil: 'Vigente hasta',
  noFileCommentOnly: 'Esta carga es un comentario, sin archivo.',
  annexesLabel: 'Anexos',
  noAnnexes: 'Sin anexos.',
  replaceFile: 'Reemplazar archivo',
  annexHelp: 'Los anexos complementan la carga actual del documento. Cada archivo no debe pesar más de 5mb.',
  annexNeedsSubmission: 'Primero cargue el archivo principal o deje un comentario.',
  periodLabel: 'Periodo',

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
  // A date the form could read, outside the years a worker's dates may fall in (people read dd/mm/aaaa).
  dateOutOfRange: (field: string, desde: string, hasta: string) =>
    `El campo ${field} debe ser una fecha entre ${desde} y ${hasta}.`,
  invalidPhone: (field: string) => `El campo ${field} debe ser un número de teléfono válido.`,
  fieldTooLong: (field: string, max: number) => `El campo ${field} admite máximo ${max} caracteres.`,
  invalidDocumentNumber: 'El número de identificación no es válido.',
  documentAliasConflict: 'El tipo o número de identificación se envió dos veces con valores distintos.',
  birthDateOutOfRange: 'La Fecha Nacimiento no es válida: el trabajador debe tener entre 15 y 100 años.',
  /** Ley 1098 de 2006 art. 35 (domain/src/rules/edad.ts EDAD_MINIMA_TRABAJO). */
  workerUnderMinimumAge:
    'La Fecha Nacimiento indica un menor de 15 años, que no puede trabajar (Ley 1098 de 2006 art. 35).',
  entryDateOutOfRange: 'La Fecha de ingreso a obra no es válida.',
  dependentsNegative: 'El campo Personas a cargo no puede ser menor que 0.',
  salaryNotPositive: 'El campo Salario debe ser un valor mayor que 0.',
  departmentNotFound: 'El departamento seleccionado no existe.',
  cargoNotFound: 'El cargo seleccionado no existe.',
  employeeContractUnknown: 'El contrato seleccionado no existe.',

  // Web: Ingreso de Personal page and employee modal (employee flow)
  selectEmployeeButton: 'Seleccionar / registrar empleado',
  employeeNeededHint: 'Seleccione o registre el empleado para ver sus documentos de ingreso.',
  changeEmployeeButton: 'Cambiar empleado',
  employeeModalTitle: 'Empleado',
  validateButton: 'Validar',
  saveAndSelectButton: 'Guardar y seleccionar',
  employeeFound: 'Empleado encontrado: revise o actualice sus datos.',
  employeeSelected: (name: string) => `Empleado seleccionado: ${name}`,
  moreMissingFields: (n: number) => `Faltan ${n} campos obligatorios más.`,
  selectPlaceholder: 'Seleccione',
  selectDepartmentFirst: 'Seleccione primero el departamento',
  employeeSectionPersonal: 'Datos personales',
  employeeSectionResidence: 'Residencia y contacto',
  employeeSectionWork: 'Cargo y seguridad social',
  employeeSectionHealth: 'Aptitud y certificados',
  requiredFieldsLegend: '* Campo obligatorio',

  // Forms on phones: employee form problems under each field, one short toast (decision 103)
  missingFieldsCount: (n: number) =>
    n === 1 ? 'Falta 1 campo obligatorio.' : `Faltan ${n} campos obligatorios.`,
  checkMarkedFields: 'Revise los campos marcados.',
  recommendedField: '(recomendado)',

  // Staff: review queue and decisions (docs/decisions/060)
  reviewNotFound: 'La carga solicitada no existe.',
  reviewAlreadyDecided: (estado: string) =>
    `Esta carga ya fue revisada (${estado}); la decisión no se puede cambiar.`,
  reviewSuperseded: 'La empresa reemplazó esta carga por una más reciente; revise la carga actual.',
  reviewReasonRequired: 'Indique el motivo del rechazo (un motivo de la lista o una observación).',
  reviewReasonLength: 'El motivo del rechazo debe tener entre 3 y 1000 caracteres.',
  reviewReasonNotStandard: 'El motivo seleccionado no está en la lista de motivos de rechazo del requisito.',
  reviewValidityPast: 'La fecha de vigencia no puede ser anterior a la fecha de hoy.',
  reviewValidityTooFar: (dias: number, fecha: string) =>
    `La fecha de vigencia no puede superar ${dias} días desde hoy (máximo ${fecha}).`,
  reviewDateRangeInvalid: 'La fecha inicial no puede ser posterior a la fecha final.',
  reviewApproved: 'La carga fue aprobada.',
  // Document dates confirmed on approval (decision 113)
  reviewDocumentDateRange: (min: string, max: string) =>
    `La fecha debe estar entre ${min.split('-').reverse().join('/')} y ${max.split('-').reverse().join('/')}.`,
  reviewIssueDateFuture: 'La fecha de expedición no puede ser posterior a hoy.',
  reviewDateBeforeIssue: (campo: string) => `${campo}: no puede ser anterior a la fecha de expedición.`,
  reviewDatesMissing: (campos: string[], regla: string) =>
    `Falta ${campos.map((c) => `«${c}»`).join(' y ')}: la regla de vigencia «${regla}» la necesita para calcular hasta cuándo es válido el documento. Escríbala como aparece en el documento y apruebe.`,
  reviewDatesTitle: 'Fechas del documento',
  reviewDatesRule: (nombre: string) => `Regla de vigencia: ${nombre}`,
  reviewDatesHelp:
    'Compare lo leído del archivo con lo indicado por la empresa y confirme o corrija cada fecha como aparece en el documento: la vigencia se calcula con la regla.',
  reviewDatesNoDates: 'Según su regla, este documento no vence: no pide fechas.',
  reviewDateRead: 'Leída del archivo',
  reviewDateGiven: 'Indicada por la empresa',
  reviewDateConfirmed: 'Confirmada',
  reviewDateNone: 'Sin dato',
  reviewDatesDiffer: 'Lo leído y lo indicado no coinciden: verifíquelo en el documento.',
  reviewValidityByRuleLabel: 'Vigente hasta (según la regla)',
  reviewValidityNoExpiry: 'No vence',
  reviewValidityPendingDates: 'Falta una fecha para calcularla',
  reviewValidityByRule:
    'La vigencia de este requisito se calcula con su regla y las fechas del documento: corrija las fechas en lugar de escribir la vigencia.',
  reviewRejected: 'La carga fue rechazada y se notificó a la empresa.',
  rejectionMailSubject: (documento: string) => `Proveedores: documento rechazado - ${documento}`,
  digestMailSubject: (fecha: string) => `Proveedores: documentos por vencer y rechazados (${fecha})`,

  // Staff: catalogue and master data (docs/decisions/061)
  requisitoNotFound: 'El requisito no existe.',
  requisitoCodigoDuplicado: 'Ya existe un requisito con ese código en el módulo.',
  requisitoCodigoInvalido: 'El código debe tener de 1 a 20 letras mayúsculas, números, guion o guion bajo.',
  requisitoNombreRequerido: 'El nombre del requisito debe tener entre 3 y 200 caracteres.',
  requisitoExtensionesRequeridas: 'Indique al menos una extensión permitida (por ejemplo: pdf).',
  requisitoExtensionInvalida: (ext: string, permitidas: string) =>
    `La extensión "${ext}" no es válida. Extensiones admitidas: ${permitidas}.`,
  requisitoModuloConCargas:
    'No se puede cambiar el módulo de un requisito que ya tiene cargas; retírelo y cree uno nuevo.',
  requisitoMotivoInvalido:
    'Cada motivo de rechazo debe tener entre 3 y 300 caracteres, sin repetirse (máximo 30).',
  requisitoSaved: 'El requisito fue guardado.',
  requisitoRetired: 'El requisito fue retirado; su historial se conserva.',
  requisitoActivated: 'El requisito fue activado nuevamente.',
  maestraNotFound: 'El registro no existe.',
  maestraDuplicada: 'Ya existe un registro con esa descripción.',
  maestraDescripcionRequerida: 'La descripción debe tener entre 2 y 200 caracteres.',
  maestraSaved: 'El registro fue guardado.',
  maestraRetired: 'El registro fue retirado; su historial se conserva.',
  maestraActivated: 'El registro fue activado nuevamente.',

  // Staff: provider companies (docs/decisions/063)
  empresaNitInvalido: 'El NIT no es válido: revise el número y el dígito de verificación.',
  empresaNitDuplicado: 'Ya existe una empresa o un usuario con ese NIT.',
  empresaNotFound: 'La empresa no existe.',
  empresaRazonSocialRequerida: 'La razón social debe tener entre 3 y 200 caracteres.',
  empresaCreated: (nit: string) =>
    `La empresa fue creada. Para obtener su primera contraseña debe usar 'Registrate' en la pantalla de ingreso con el NIT ${nit}.`,
  empresaSaved: 'La empresa fue actualizada.',
  empresaDisabled: 'La empresa fue deshabilitada y sus sesiones se cerraron.',
  empresaEnabled: 'La empresa fue habilitada nuevamente.',
  empresaStorageLabel: 'Almacenamiento de archivos',
  empresaStorageValue: (usedBytes: number, quotaBytes: number, files: number) =>
    `${formatBytes(usedBytes)} de ${formatBytes(quotaBytes)} (${files} ${files === 1 ? 'archivo' : 'archivos'})`,

  // Loading failures
  couldNotLoad: 'No se pudo cargar la informacion.',
  seeMoreDetails: 'Ver mas detalles',

  // Generic server-side
  notFound: 'El recurso solicitado no existe.',
  forbidden: 'No tiene permiso para realizar esta acción.',
  unauthorized: 'Su sesión no es válida. Inicie sesión nuevamente.',
  badRequest: 'La solicitud no es válida.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'Tipo de contenido no soportado.',
  serviceUnavailable: 'El servicio no está disponible en este momento. Intente nuevamente en unos minutos.',
  // Request hygiene (docs/decisions/080)
  nulCharacter: 'La solicitud contiene un carácter nulo (\\u0000), que no está permitido.',
  jsonTooDeep: (max: number) => `El JSON enviado tiene demasiados niveles de anidación (máximo ${max}).`,

  // History tree (docs/decisions/050)
  historyTypeInvalid: 'Tipo de historial no válido: use sg-sst, sg-personal, g-riesgo o g-retenido.',
  historyIdInvalid: 'El identificador indicado no es válido.',
  historyCompanyRequired: 'Indique la empresa a consultar con el parámetro empresa o nit.',
  historyCompanyNotFound: 'La empresa indicada no existe.',
  historyComment: 'Comentario',
  historyAnnex: (file: string) => `Anexo: ${file}`,

  // Data-driven list (docs/decisions/051)
  listTableNotFound: 'La tabla solicitada no existe.',
  listSortInvalid: (column: string, allowed: string) =>
    `No se puede ordenar por la columna '${column}'. Columnas permitidas: ${allowed}.`,
  listFilterInvalid: (column: string, allowed: string) =>
    `No se puede filtrar por la columna '${column}'. Columnas permitidas: ${allowed}.`,
  listOrderInvalid: "El parámetro order debe ser 'asc' o 'desc'.",
  listPageInvalid: 'El parámetro page debe ser un número entero entre 1 y 100000.',
  listSizeInvalid: 'El parámetro size debe ser 10, 20, 25 o 50.',
  listValueTooLong: (param: string) => `El parámetro ${param} admite máximo 200 caracteres.`,
  listParamRepeated: (param: string) => `El parámetro ${param} se envió más de una vez.`,
  listParamInvalid: (param: string) => `El parámetro ${param} no es válido.`,
  listPathInvalid: 'El parámetro path debe ser sg-sst, sg-personal, g-riesgo o g-retenido.',
  listYes: 'Sí',
  listNo: 'No',
  histdocsTitle: (modulo: string) => `Historial de documentos ${modulo}`,
  histdocsParagraph:
    'Cada fila es una carga (archivo o comentario) entregada por la empresa, la más reciente primero. Haga clic en el archivo para verlo.',
  histdocsOpenFile: 'Abrir archivo',
  histdocsTree: 'Ver historial en árbol',
  empresasTitle: 'Empresas proveedoras',
  empresasParagraph:
    'Empresas contratistas registradas en el portal. Una empresa inactiva no puede iniciar sesión.',
  empresasNew: 'Nueva empresa',
  empresasContracts: 'Ver contratos',
  requisitosTitle: 'Catálogo de requisitos',
  requisitosParagraph:
    'Documentos que se exigen a los contratistas en cada módulo. Retirar un requisito no borra su historial.',
  requisitosNew: 'Nuevo requisito',
  actionEdit: 'Editar',
  actionCopy: 'Copiar',
  actionDelete: 'Eliminar',
  aplicaSiempre: 'Siempre',
  aplicaAlturas: 'Trabajo en alturas',
  aplicaEspaciosConfinados: 'Espacios confinados',
  aplicaFlota: 'Flota',
  colRequisito: 'Requisito',
  colContrato: 'Contrato',
  colLapso: 'Lapso',
  colEmpleado: 'Empleado',
  colArchivo: 'Archivo',
  colAnexos: 'Anexos',
  colComentario: 'Comentario',
  colEstado: 'Estado',
  colFechaCarga: 'Fecha de carga',
  colCargadoPor: 'Cargado por',
  colRevisado: 'Revisado',
  colMotivoRechazo: 'Motivo de rechazo',
  colVigencia: 'Vigente hasta',
  colEmpresa: 'Empresa',
  colNit: 'NIT',
  colRazonSocial: 'Razón social',
  colCorreoContacto: 'Correo de contacto',
  colActiva: 'Activa',
  colContratos: 'Contratos',
  colModulo: 'Módulo',
  colCodigo: 'Código',
  colNombre: 'Nombre',
  colExtensiones: 'Extensiones',
  colObligatorio: 'Obligatorio',
  colAplica: 'Aplica',
  colVigenciaDias: 'Vigencia (días)',
  colActivo: 'Activo',
  colEditar: 'Editar',
  colCopiar: 'Copiar',
  colEliminar: 'Eliminar',

  // Web: history tree, data-driven list, file viewer, socio-demographic report
  back: 'Volver',
  historyEmpty: 'No hay documentos en este historial.',
  historyOpenFile: (file: string) => `Abrir ${file} en una pestaña nueva`,
  historyShowComment: 'Ver comentario',
  historyNoComment: 'Sin comentario.',
  historyRejectedBecause: (motivo: string) => `Motivo de rechazo: ${motivo}`,
  historyValidUntil: (fecha: string) => `Vigente hasta ${fecha}`,
  historyExpandAll: 'Expandir todo',
  historyCollapseAll: 'Contraer todo',
  historyExpand: 'Expandir',
  historyCollapse: 'Contraer',
  listSearch: 'Buscar',
  listColumnsSelected: '{0} Seleccionadas',
  listColumnsLabel: 'Columnas visibles',
  listFiltersToggle: 'Filtrar por columna',
  listFilterBy: (column: string) => `Filtrar por ${column}`,
  listPageReport: 'Monstrando {first} a {last} de {totalRecords} registros',
  listRowsPerPage: 'Registros por página',
  listEmpty: 'No hay registros para mostrar.',
  listExportCsv: 'CSV',
  listExportExcel: 'Excel',
  listExportPdf: 'PDF',
  listExportLabel: (format: string) => `Exportar a ${format}`,
  listExporting: 'Preparando la exportación...',
  listExportTruncated: (max: number) => `La exportación incluye solo los primeros ${max} registros.`,
  listLoadError: 'No se pudo cargar el listado.',
  listFrameTitle: 'Contenido',
  fileOpenedInNewTab: 'El archivo se abrió en una pestaña nueva. Si no la ve, use el enlace:',
  fileOpen: 'Abrir archivo',
  fileDownload: 'Descargar archivo',
  fileNoPreview: 'Este tipo de archivo no se puede ver en el navegador; descárguelo para abrirlo.',
  fileMissingUrl: 'No se indicó el archivo a mostrar.',
  socioDownloadExcel: 'Descargar EXCEL',
  socioEmpty: 'No hay trabajadores registrados para su empresa.',
  socioCount: (n: number) => `${n} trabajador${n === 1 ? '' : 'es'} registrado${n === 1 ? '' : 's'}`,

  // Web: staff review console, compliance view and administration (docs/decisions/065)
  reviewTitle: 'Revisión de Documentos',
  reviewIntro:
    'Cargas de los contratistas pendientes de aprobación, la más antigua primero. Seleccione una para revisarla.',
  reviewFiltersTitle: 'Filtros',
  reviewFilterAll: 'Todos',
  reviewFilterEmpresaPlaceholder: 'NIT o razón social',
  reviewFilterDesde: 'Cargado desde',
  reviewFilterHasta: 'Cargado hasta',
  reviewFilterClear: 'Limpiar filtros',
  reviewQueueEmpty: 'No hay cargas pendientes de revisión con estos filtros.',
  reviewQueueCount: (n: number) =>
    `${n} carga${n === 1 ? '' : 's'} pendiente${n === 1 ? '' : 's'} de revisión`,
  reviewOpen: 'Revisar',
  reviewOpenItem: (item: string) => `Revisar: ${item}`,
  reviewPanelTitle: (item: string) => `Revisión: ${item}`,
  reviewFileSection: 'Archivo cargado',
  reviewShowCurrent: 'Carga actual',
  reviewShowPrevious: 'Versión aprobada anterior',
  reviewCriterion: 'Criterio de validación',
  reviewNoCriterion: 'El requisito no tiene criterio de validación registrado.',
  reviewLegalBasis: 'Base legal',
  reviewValidityRule: (dias: number | null) =>
    dias === null ? 'Vigencia del requisito: no vence' : `Vigencia del requisito: ${dias} días`,
  reviewPrevious: 'Versión aprobada anterior',
  reviewNoPrevious: 'No hay una versión aprobada anterior.',
  reviewCompanyComment: 'Comentario de la empresa',
  reviewUploadedBy: 'Cargado por',
  reviewSlotHistory: 'Cargas anteriores del documento',
  reviewOpenNewTab: 'Abrir en una pestaña nueva',
  reviewNoPreview: 'Este tipo de archivo no se puede previsualizar: ábralo o descárguelo.',
  reviewDecision: 'Decisión',
  reviewApprove: 'Aprobar',
  reviewReject: 'Rechazar',
  reviewValidityLabel: 'Vigente hasta',
  reviewValidityHint: (max: string) => `Sugerida según la vigencia del requisito; máximo ${max}.`,
  reviewValidityNone: 'El requisito no vence: deje la fecha vacía o indique una fecha de vencimiento.',
  reviewReasonLabel: 'Motivo del rechazo',
  reviewReasonPlaceholder: 'Seleccione un motivo estándar',
  reviewObservationLabel: 'Observación',
  reviewObservationHint: 'Se envía a la empresa junto con el motivo.',
  reviewNotCurrentNotice: 'La empresa cargó una versión más reciente: esta carga ya no se puede decidir.',
  reviewLoadError: 'No se pudo cargar la carga seleccionada.',
  complianceTitle: 'Cumplimiento por Empresa',
  complianceIntro:
    'Porcentaje de requisitos obligatorios aprobados y vigentes por empresa, contrato y módulo. Haga clic en un conteo para ver los documentos.',
  complianceSearch: 'Buscar por NIT o razón social',
  complianceDownloadExcel: 'Descargar EXCEL',
  complianceEmpty: 'No hay empresas para mostrar.',
  complianceNoApplicable: 'Sin requisitos',
  complianceCompany: (razonSocial: string) => `Cumplimiento de ${razonSocial}`,
  complianceCompanyDocs: 'Documentos de la empresa (SG-SST)',
  /** The Calendar's buttons (PrimeReact locale 'es' after sign-in, web/src/app/prime-locale-signed-in.ts). */
  calendarToday: 'Hoy',
  calendarClear: 'Limpiar',
  calendarChooseDate: 'Elegir fecha',
  calendarChooseMonth: 'Elegir mes',
  calendarChooseYear: 'Elegir año',
  calendarPrevMonth: 'Mes anterior',
  calendarNextMonth: 'Mes siguiente',
  calendarPrevYear: 'Año anterior',
  calendarNextYear: 'Año siguiente',
  calendarPrevDecade: 'Década anterior',
  calendarNextDecade: 'Década siguiente',
  calendarWeekHeader: 'Sem',
  complianceByContract: 'Por contrato y módulo',
  complianceItemsTitle: 'Documentos',
  complianceAllStates: 'Todos los estados',
  complianceAllContracts: 'Todos los contratos',
  complianceCompanyLevel: 'Empresa (SG-SST)',
  complianceIncludeOptional: 'Incluir opcionales',
  complianceShowItems: (what: string) => `Ver documentos: ${what}`,
  complianceBack: 'Volver a empresas',
  complianceGoReview: 'Revisar',
  colPorcentaje: 'Cumplimiento',
  colAplicables: 'Aplicables',
  colAprobados: 'Aprobados',
  colPorRevisar: 'Por revisar',
  colRechazados: 'Rechazados',
  colVencidos: 'Vencidos',
  colSinCargar: 'Sin cargar',
  colTotal: 'Total',
  colDescripcion: 'Descripción',
  colRegional: 'Regional',
  colCiudad: 'Ciudad',
  colAlturas: 'Alturas',
  colEspaciosConfinados: 'Espacios confinados',
  colFlota: 'Flota',
  colUsos: 'Usos',
  colAcciones: 'Acciones',
  adminReadOnly: 'Solo un administrador puede modificar esta información.',
  adminBackToList: 'Volver al listado',
  adminCancel: 'Cancelar',
  adminConfirm: 'Confirmar',
  adminNotFound: 'El registro solicitado no existe.',
  empresaFormEdit: 'Editar empresa',
  empresaNitLabel: 'NIT',
  empresaDvLabel: 'DV',
  empresaNitHint: 'Número sin puntos y, en la casilla DV, su dígito de verificación.',
  empresaDvExpected: 'El dígito de verificación no corresponde al NIT.',
  empresaRazonSocialLabel: 'Razón social',
  empresaCorreoLabel: 'Correo de contacto',
  empresaCorreoHint: 'También es el correo de recuperación de la contraseña.',
  empresaCorreoNotificacionesLabel: 'Correo de notificaciones',
  empresaNombreContactoLabel: 'Nombre de contacto',
  empresaEstadoActiva: 'Activa',
  empresaEstadoInactiva: 'Deshabilitada',
  empresaUsuarioTitle: 'Usuario del portal',
  empresaSinPassword: "Aún no ha usado 'Registrate' para obtener su contraseña.",
  empresaConPassword: 'Tiene contraseña asignada.',
  empresaUltimoIngreso: (fecha: string) => `Último ingreso: ${fecha}`,
  empresaNuncaIngreso: 'Último ingreso: nunca',
  empresaContratosCount: (n: number) => `${n} contrato${n === 1 ? '' : 's'}`,
  empresaVerCumplimiento: 'Ver cumplimiento',
  empresaDisable: 'Deshabilitar',
  empresaEnable: 'Habilitar',
  empresaDisableTitle: 'Deshabilitar empresa',
  empresaDisableConfirm: (razonSocial: string) =>
    `¿Deshabilitar la empresa ${razonSocial}? Sus sesiones se cierran de inmediato y no podrá ingresar hasta que se habilite de nuevo. No se borra ninguna información.`,
  empresaAlreadyDisabled: 'La empresa ya está deshabilitada.',
  requisitoFormEdit: 'Editar requisito',
  requisitoFormCopy: 'Copiar requisito',
  requisitoCopyHint: 'Copia del requisito: indique un código nuevo antes de guardar.',
  requisitoModuloLabel: 'Módulo',
  requisitoCodigoLabel: 'Código',
  requisitoNombreLabel: 'Nombre corto',
  requisitoDetalleLabel: 'Detalle (criterio de validación)',
  requisitoDetalleHint: 'La empresa lo ve como ayuda del documento; el revisor, como criterio de aprobación.',
  requisitoExtensionesLabel: 'Extensiones permitidas',
  requisitoObligatorioLabel: 'Obligatorio',
  requisitoDispensableLabel: 'Una autorización temporal puede suplirlo en portería',
  requisitoDispensableHint:
    'Desmárquelo para lo que la ley exige antes de iniciar el trabajo (afiliación a la ARL, concepto médico, certificado de alturas): ninguna autorización temporal lo reemplaza.',
  requisitoBaseDispensaLabel: 'Norma que lo exige antes de iniciar el trabajo',
  requisitoBaseDispensaFalta: 'Escriba la norma que exige este documento antes de iniciar el trabajo.',
  requisitoAplicaSiLabel: 'Aplica si',
  requisitoVigenciaLabel: 'Vigencia (días)',
  requisitoVigenciaHint: 'Vacío: la aprobación no vence.',
  requisitoBaseLegalLabel: 'Base legal',
  requisitoOrdenLabel: 'Orden',
  requisitoMotivosLabel: 'Motivos de rechazo estándar',
  requisitoMotivosHint: 'Escriba un motivo y presione Enter o Agregar.',
  requisitoMotivoAdd: 'Agregar',
  requisitoMotivoRemove: (motivo: string) => `Quitar motivo: ${motivo}`,
  requisitoModuloLocked: 'El módulo no se puede cambiar: el requisito ya tiene cargas.',
  requisitoEntregas: (n: number) => `${n} carga${n === 1 ? '' : 's'} registrada${n === 1 ? '' : 's'}`,
  requisitoEstadoActivo: 'Activo',
  requisitoEstadoRetirado: 'Retirado',
  requisitoRetire: 'Retirar',
  requisitoActivate: 'Activar',
  requisitoRetireTitle: 'Retirar requisito',
  requisitoRetireConfirm: (nombre: string) =>
    `¿Retirar el requisito ${nombre}? Deja de exigirse a las empresas; sus cargas e historial se conservan.`,
  requisitoAlreadyRetired: 'El requisito ya está retirado.',
  maestrasTitle: 'Datos Maestros',
  maestrasIntro:
    'Listas que usan los contratos y los trabajadores. Retirar un registro no borra su historial.',
  maestraTabProyectos: 'Proyectos',
  maestraTabTiposContrato: 'Tipos de contrato',
  maestraTabActividades: 'Actividades',
  maestraTabRegionales: 'Regionales',
  maestraTabCargos: 'Cargos',
  maestraNew: 'Nuevo registro',
  maestraEdit: 'Editar registro',
  maestraShowRetired: 'Mostrar retirados',
  maestraRetire: 'Retirar',
  maestraActivate: 'Activar',
  maestraRetireConfirm: (descripcion: string) =>
    `¿Retirar "${descripcion}"? Deja de ofrecerse en los formularios; los registros que lo usan se conservan.`,
  maestraFlagsLabel: 'Riesgos de la actividad',
  maestraNoRegional: 'Sin regional',

  // Status labels (docs/contract.md, States and transitions)
  estadoPendiente: 'Pendiente por cargar',
  estadoRechazado: 'Rechazado',
  estadoCargado: 'Cargado pendiente por aprobar',
  estadoAprobado: 'Aprobado',
  estadoVencido: 'Vencido',

  // Evidence: replaced submissions, several files in one submission, validity on the evidence pages,
  // periods of risk management (docs/decisions/093, 094, 095)
  estadoReemplazado: 'Reemplazado',
  estadoReemplazadoHint: 'Una carga más reciente del mismo documento la reemplazó; queda como historial.',
  evidenceValidUntil: (fecha: string) => `Vigente hasta ${fecha}`,
  evidenceExpiredOn: (fecha: string) => `Venció el ${fecha}`,
  evidenceExpiringSoon: 'Por vencer',
  // A renewal uploaded over an approval in force: the approval counts until the renewal is decided
  // (docs/decisions/164); the row shows both.
  estadoRenovacionPendiente: RENOVACION_PENDIENTE,
  evidenceValidUntilRenewal: vigenteConRenovacion,
  /**
   * The same next to a status label in the other views the engine feeds (staff compliance items and
   * Excel, fitness, history folder; docs/decisions/170): `fecha` dd/mm/aaaa of the approval's end, ''
   * when it has none ('Renovación pendiente por aprobar' alone, as the evidence lists show it).
   */
  renovacionPendiente,
  /** A worker's fitness line for such an item ('Cámara de comercio: Vigente hasta ...'). */
  aptitudRenovacionPendiente: (item: string, fecha: string) => `${item}: ${renovacionPendiente(fecha)}`,
  /** When the pending renewal was uploaded ('dd/mm/aaaa HH:MM'), and the staff Excel's column for it. */
  renovacionCargada: (fechaHora: string) => `Renovación cargada el ${fechaHora}`,
  renovacionColCargada: 'Renovación cargada',
  submissionFilesTitle: (n: number) => `Eligió ${n} archivos: se guardarán como una sola carga`,
  submissionMainFile: 'Archivo principal',
  submissionAnnexFiles: 'Anexos de esta carga',
  submissionConfirm: 'Guardar carga',
  submissionCancel: 'Cancelar',
  submissionHelp:
    'El primer archivo es el archivo principal; los demás se guardan como sus anexos. Nada se guarda hasta que pulse Guardar carga.',
  submissionMakeMain: 'Usar como archivo principal',
  submissionUploaded: (file: string, anexos: number) =>
    anexos === 0
      ? `Archivo subido con exito: ${file}`
      : `Archivo subido con exito: ${file} (con ${anexos} ${anexos === 1 ? 'anexo' : 'anexos'})`,
  submissionPartial: (file: string, fallidos: number) =>
    `Archivo subido con exito: ${file}, pero ${fallidos === 1 ? '1 anexo no se pudo cargar' : `${fallidos} anexos no se pudieron cargar`}. Revise el detalle y cárguelos desde 'Carga de Anexos'.`,
  annexesUploaded: (n: number) => (n === 1 ? 'Anexo subido con exito.' : `${n} anexos subidos con exito.`),
  annexFileLabel: (file: string) => `Anexo: ${file}`,
  evidenceAnnexSubmissionChanged:
    'La carga cambió mientras se subían los anexos (alguien guardó una carga más reciente del mismo documento). Abra de nuevo el documento y agregue los anexos a la carga actual.',
  showAllPeriods: (n: number) => `Ver todos los lapsos (${n})`,
  showFewerPeriods: 'Ver solo el actual y los pendientes',

  // Roles, exports, contract drill-downs and the socio-demographic sources (admin helper; decision 099)
  requisitosParagraphReadOnly:
    'Documentos que se exigen a los contratistas en cada módulo, con su criterio de revisión. Solo un administrador puede modificar el catálogo.',
  empresasParagraphReadOnly:
    'Empresas contratistas registradas en el portal. Abra una empresa para ver sus datos o el cumplimiento de sus contratos. Solo un administrador puede modificarlas.',
  requisitoFormView: 'Requisito',
  empresaFormView: 'Empresa',
  empresaViewLink: 'Ver empresa',
  contractorOnlyTitle: 'Página para contratistas',
  contractorOnlyText:
    'Esta página es para las empresas contratistas: allí cargan sus documentos y registran a sus trabajadores. Como funcionario, revise las cargas en Revisión de Documentos o el avance de cada empresa en Cumplimiento por Empresa.',
  contractorOnlyGoReview: 'Ir a Revisión de Documentos',
  contractorOnlyGoCompliance: 'Ir a Cumplimiento por Empresa',
  socioSourcesTitle: 'De dónde salen las fechas que el formulario no pide',
  socioSourceFechaIngreso: 'Fecha de ingreso: día en que la empresa registró al trabajador en el portal.',
  socioSourceFechaInicio:
    'Fecha de inicio: día en que el trabajador fue vinculado por primera vez a un contrato.',
  socioSourceVencimientos:
    'Vencimientos: vigencia del último documento aprobado del trabajador. Seguridad social: EPS, ARL, pensiones, caja de compensación y planilla PILA (la que venza primero); exámenes médicos: concepto médico ocupacional; curso alturas: certificado y reentrenamiento (el que venza primero); espacios confinados: su certificado. Vacío mientras no haya un documento aprobado con vigencia.',

  // Document dates at upload (dates helper; decisions 108, 109)
  documentDateInvalid: 'La fecha no es válida (dd/mm/aaaa).',
  documentDatesTitle: 'Fechas del documento',
  documentDatesReading: 'Leyendo las fechas del documento...',
  documentDatesHelp:
    'Leídas del archivo: revíselas y corríjalas si no coinciden con el documento antes de guardar.',
  documentDatesNoneRead: 'No se pudieron leer fechas del archivo: escríbalas como aparecen en el documento.',
  documentDateExpedicion: 'Fecha de expedición',
  documentDateVencimiento: 'Fecha de vencimiento',
  documentDateProximoExamen: 'Próximo examen',

  // Validity rules of the catalogue (rules helper; decision 105)
  reglaVigenciaLabel: 'Regla de vigencia',
  reglaVigenciaTipoLabel: 'Tipo de regla',
  reglaVigenciaHint:
    'Cómo vence el documento según la norma. Sin regla: fecha de aprobación más la vigencia en días.',
  reglaVigenciaNinguna: 'Sin regla (aprobación + vigencia en días)',
  reglaVigenciaTipo: {
    sin_vencimiento: 'Sin vencimiento',
    dias_desde_expedicion: 'Días desde la expedición',
    fecha_del_documento: 'Fecha de vencimiento del documento',
    mes_certificado: 'Mes certificado (hasta el plazo PILA del mes siguiente)',
    por_proyecto: 'Por proyecto y actualización sin cambio',
    segun_concepto: 'Según el concepto médico (próximo examen)',
  },
  reglaVigenciaSiLoIndica: 'Si el documento indica una fecha de vencimiento, vence ese día',
  reglaVigenciaSiLoIndicaHint:
    'Para los certificados que traen su propia vigencia (un certificado de competencia laboral): sin fecha, no vence.',
  reglaVigenciaDias: 'Días desde la expedición',
  reglaVigenciaMesesSinCambio: 'Meses sin cambio',
  reglaVigenciaMesesSinCambioHint: 'Actualización tras este número de meses sin cambio, desde la expedición.',
  reglaVigenciaMesesMaximos: 'Meses máximos',
  reglaVigenciaMesesMaximosHint: 'Tope desde el examen, aunque el concepto indique una fecha posterior.',
  reglaVigenciaBaseLegal: 'Base legal de la regla',
  reglaVigenciaNumeroInvalido: (min: number, max: number) =>
    `Indique un número entero entre ${min} y ${max}.`,
  reglaVigenciaBaseLegalRequerida: 'Indique la base legal de la regla (norma y artículo).',
} as const;
