/**
 * The Spanish strings of the yearly self-evaluation against the minimum standards of the SG-SST
 * (Resolución 0312 de 2019; docs/res-0312.md, docs/decisions/133), apart from messages.ts so that the
 * parts can be written side by side; MSG spreads them, so every screen uses MSG. Errors name the
 * item by its code of the Tabla de Valores ('Ítem 2.4.1: ...'). The texts of art. 28's table and the
 * legal warning of the form are quoted from the resolution (docs/res-0312.md §3, §4).
 */

const item = (codigo: string) => `Ítem ${codigo}`;
const CAMPOS_PLAN = {
  actividad: 'la actividad',
  responsable: 'el responsable',
  plazo: 'el plazo',
  recursos: 'los recursos',
} as const;
/** 'la actividad, el plazo y los recursos'. */
const enumerar = (partes: readonly string[]) =>
  partes.length <= 1 ? partes.join('') : `${partes.slice(0, -1).join(', ')} y ${partes[partes.length - 1]}`;

export const AUTOEVALUACION_MSG = {
  // Scoring (art. 27)
  autoevaluacionCodigoDesconocido: (codigo: string) =>
    `${item(codigo)}: no existe en la Tabla de Valores de la Resolución 0312 de 2019.`,
  autoevaluacionCodigoRepetido: (codigo: string) => `${item(codigo)}: está respondido más de una vez.`,
  autoevaluacionSinRespuesta: (codigo: string) =>
    `${item(codigo)}: falta la respuesta (cumple, no cumple o no aplica).`,
  autoevaluacionNoAplicaSinJustificacion: (codigo: string) =>
    `${item(codigo)}: está en los estándares que le aplican a la empresa; para marcarlo como "No aplica" escriba la justificación.`,

  // Improvement plan (art. 28)
  autoevaluacionPlanFaltante: (codigo: string) =>
    `${item(codigo)}: no se cumple y no tiene una acción en el plan de mejoramiento.`,
  autoevaluacionPlanIncompleto: (codigo: string, faltan: readonly (keyof typeof CAMPOS_PLAN)[]) =>
    `${item(codigo)}: a la acción del plan de mejoramiento le falta ${enumerar(faltan.map((f) => CAMPOS_PLAN[f]))}.`,
  autoevaluacionPlazoInvalido: 'El plazo debe ser una fecha válida (aaaa-mm-dd).',

  // Input
  autoevaluacionTrabajadores: 'Indique el número de trabajadores de la empresa (un número entero desde 1).',
  autoevaluacionClaseRiesgo: 'Indique la clase de riesgo de la empresa (I a V).',
  autoevaluacionRespuestaInvalida: 'La respuesta debe ser cumple, no cumple o no aplica.',
  autoevaluacionEstadoInvalido: 'El estado de la acción debe ser pendiente, en curso o cumplida.',
  autoevaluacionFirmaNombre: 'Escriba el nombre completo.',
  autoevaluacionFirmaDocumento: 'Escriba el número de documento.',
  autoevaluacionFirmaAcepto: 'Debe aceptar la declaración para firmar la autoevaluación.',

  // Labels
  autoevaluacionRespuestas: { cumple: 'Cumple totalmente', no_cumple: 'No cumple', no_aplica: 'No aplica' },
  autoevaluacionEstadosPlan: { pendiente: 'Pendiente', en_curso: 'En curso', cumplida: 'Cumplida' },

  /** The form is a public document (docs/res-0312.md §3): shown next to the signature. */
  autoevaluacionAdvertenciaLegal:
    'Este formulario es un documento público. Quien lo firma declara que la información registrada es veraz y corresponde a la realidad de la empresa; las declaraciones falsas se sancionan conforme a la Ley 599 de 2000 (Código Penal), artículos 287, 288, 291 y 294. Lo firman el empleador o contratante y la persona responsable de la ejecución del SG-SST.',

  // Art. 28 table: the action each result calls for (text of the resolution)
  autoevaluacionAccionCritico:
    'Realizar y tener a disposición del Ministerio del Trabajo un Plan de Mejoramiento de inmediato. Enviar a la respectiva Administradora de Riesgos Laborales a la que se encuentre afiliada el empleador o contratante, un reporte de avances en el término máximo de tres (3) meses después de realizada la autoevaluación de Estándares Mínimos. Seguimiento anual y plan de visita a la empresa con valoración crítica, por parte del Ministerio del Trabajo.',
  autoevaluacionAccionModerado:
    'Realizar y tener a disposición del Ministerio del Trabajo un Plan de Mejoramiento. Enviar a la Administradora de Riesgos Laborales un reporte de avances en el término máximo de seis (6) meses después de realizada la autoevaluación de Estándares Mínimos. Plan de visita por parte del Ministerio del Trabajo.',
  autoevaluacionAccionAceptable:
    'Mantener la calificación y evidencias a disposición del Ministerio del Trabajo, e incluir en el Plan Anual de Trabajo las mejoras que se establezcan de acuerdo con la evaluación.',
  autoevaluacionCriterioCritico: 'Si el puntaje obtenido es menor al 60%',
  autoevaluacionCriterioModerado: 'Si el puntaje obtenido está entre el 60 y 85%',
  autoevaluacionCriterioAceptable: 'Si el puntaje obtenido es mayor al 85%',

  // Server: saving, signing, the E05 PDF (docs/decisions/135)
  autoevaluacionNoGuardada: (ano: number) =>
    `No hay una autoevaluación de ${ano} guardada. Guárdela antes de firmarla.`,
  autoevaluacionYaFirmada: (ano: number) =>
    `La autoevaluación de ${ano} ya está firmada. Para corregirla, guarde los cambios: se crea una nueva versión que se firma otra vez.`,
  autoevaluacionIncompleta: (pendientes: number, primero: string) =>
    `La autoevaluación no está completa y no se puede firmar (${pendientes} ${pendientes === 1 ? 'pendiente' : 'pendientes'}). ${primero}`,
  autoevaluacionCambio:
    'La autoevaluación cambió mientras se firmaba. Revise la versión guardada y vuelva a firmar.',
  autoevaluacionGuardadaALaVez:
    'La autoevaluación se guardó desde otra sesión al mismo tiempo. Recargue la página y vuelva a guardar sus cambios.',
  autoevaluacionFirmada: (ano: number) =>
    `Autoevaluación de ${ano} firmada. Quedó guardada como la entrega E05 del SG-SST.`,
  autoevaluacionComentarioE05: (ano: number, puntaje: string, clasificacion: string) =>
    `Autoevaluación de estándares mínimos ${ano} firmada en el portal: ${puntaje} % (${clasificacion}).`,
  autoevaluacionArchivoE05: (ano: number) => `autoevaluacion-estandares-minimos-${ano}.pdf`,

  // Who signs (docs/decisions/163): the company's administrator, with the signers it registered
  autoevaluacionFirmaSoloAdministrador:
    'Solo un administrador de la empresa puede firmar la autoevaluación de estándares mínimos. Pídale a un administrador de su empresa que la firme.',
  autoevaluacionFirmantesSinRegistrar: (faltan: string) =>
    `Para firmar, registre ${faltan} en Configuraciones, sección "Firmantes de la autoevaluación". La autoevaluación se firma con los nombres registrados allí.`,
  autoevaluacionFaltaRepresentante: 'el representante legal de la empresa',
  autoevaluacionFaltaResponsable: 'el responsable del SG-SST',
  autoevaluacionFirmantesNoSeEscriben:
    'Los nombres de quienes firman no se escriben al firmar: se toman del representante legal y del responsable del SG-SST registrados en Configuraciones, sección "Firmantes de la autoevaluación".',
  autoevaluacionFirmantesGuardados:
    'Firmantes guardados. Las próximas autoevaluaciones se firman con estos nombres.',
  autoevaluacionFirmantesSoloAdministrador:
    'Solo un administrador de la empresa puede registrar los firmantes de la autoevaluación.',
  autoevaluacionPdf: {
    titulo: 'Autoevaluación de Estándares Mínimos del SG-SST',
    norma: 'Resolución 0312 de 2019, artículo 27 (Tabla de Valores y Calificación)',
    empresa: 'Empresa',
    nit: 'NIT',
    ano: 'Año',
    version: 'Versión',
    trabajadores: 'Trabajadores',
    claseRiesgo: 'Clase de riesgo',
    lista: (n: number) => `Estándares que aplican: ${n}`,
    cabecera: ['Ítem', 'Estándar', 'Peso', 'Respuesta', 'Puntos'],
    fueraDeLista: 'No aplica (fuera de la lista)',
    sinRespuesta: 'Sin respuesta',
    puntaje: 'Calificación total',
    porcentajeLista: 'Porcentaje de la lista de la empresa',
    clasificacion: 'Valoración',
    acciones: 'Acciones (art. 28)',
    plazos: 'Plazos',
    reporteArl: 'Reporte de avances a la ARL hasta',
    avancesJulio: 'Avance del plan en julio, hasta',
    plan: 'Plan de mejoramiento',
    planCabecera: ['Ítem', 'Actividad', 'Responsable', 'Plazo', 'Recursos', 'Estado'],
    sinPlan: 'Sin acciones.',
    firmas: 'Firmas',
    representante: 'Empleador o contratante (representante legal)',
    responsable: 'Responsable del SG-SST',
    documento: 'Documento',
    firmadaEl: 'Firmada en el portal el',
    firmadaPor: 'Usuario que firmó',
    advertencia: 'Advertencia legal aceptada',
    pagina: (n: number, total: number) => `Página ${n} de ${total}`,
  },
};
