/**
 * The Spanish strings of the contractor's page 'Autoevaluación de estándares mínimos' (Resolución 0312
 * de 2019; docs/res-0312.md, docs/decisions/133 and 135). The rules' own texts (answers, bands, legal
 * warning) stay in messages-autoevaluacion.ts.
 */
export const AUTOEVALUACION_WEB_MSG = {
  aeWebTitulo: 'Autoevaluación de estándares mínimos',
  aeWebIntro:
    'Califique cada año el SG-SST de la empresa frente a los estándares mínimos de la Resolución 0312 de 2019 (art. 27), arme el plan de mejoramiento de lo que no cumple (art. 28) y fírmela: el PDF firmado queda como la entrega E05 del SG-SST.',
  aeWebEnlaceSgSst: 'Diligenciar la autoevaluación en el portal',
  aeWebAno: 'Año',
  aeWebEmpresa: 'Datos de la empresa',
  aeWebTrabajadores: 'Número de trabajadores',
  aeWebClaseRiesgo: 'Clase de riesgo más alta',
  aeWebClases: ['I', 'II', 'III', 'IV', 'V'] as readonly string[],
  aeWebPrefijadoAyuda:
    'Valores iniciales tomados de los trabajadores vinculados y de las actividades de sus contratos; corríjalos si no corresponden.',
  aeWebLista: (n: number) => `Estándares que aplican: ${n}`,
  aeWebItems: 'Ítems de la Tabla de Valores',
  aeWebPeso: (peso: string) => `Peso: ${peso}`,
  aeWebRespuesta: (codigo: string) => `Respuesta del ítem ${codigo}`,
  aeWebFueraDeLista: 'No aplica (fuera de la lista de su empresa)',
  aeWebJustificacion: 'Justificación de "No aplica"',
  aeWebJustificacionAyuda: 'Obligatoria en un ítem de la lista de su empresa (arts. 16 y 27).',
  /** Staff only (decision 163): the contractor's page does not show the table's data notes. */
  aeWebSinVerificar: 'Nombre o pertenencia a la lista sin confirmar en una segunda fuente',
  aeWebNotasDatosTitulo: (n: number) =>
    `Notas de los datos de la Tabla de Valores (${n} ítems, solo para el equipo de revisión)`,
  aeWebEvidencia: 'Evidencia aprobada que puede soportarlo:',
  aeWebResumen: 'Resumen de la calificación',
  aeWebPuntaje: 'Calificación',
  aeWebVerDetalle: 'Ver detalle',
  aeWebOcultarDetalle: 'Ocultar detalle',
  aeWebPorcentajeLista: (p: string, n: number) => `Cumplimiento de su lista de ${n}: ${p} % (informativo)`,
  aeWebPiso: (piso: string, n: number) =>
    `Piso de la lista de ${n}: ${piso} puntos. Los ítems fuera de su lista se califican "No aplica" con su peso completo (lectura literal del art. 27), así que la calificación nunca baja de ${piso}.`,
  aeWebAcciones: 'Acciones (art. 28)',
  aeWebPlazoPlan: (d: string) => `Plan de mejoramiento: de inmediato (${d})`,
  aeWebPlazoArl: (d: string) => `Reporte de avances a la ARL: hasta el ${d}`,
  aeWebPlazoJulio: (d: string) => `Avance del plan de mejoramiento: hasta el ${d}`,
  aeWebPlazoPlanAnual: (d: string) => `Plan Anual de Trabajo: desde el ${d} (art. 26)`,
  aeWebPendientes: (n: number) =>
    n === 0 ? 'Completa: puede firmarse.' : `${n} ${n === 1 ? 'pendiente' : 'pendientes'} antes de firmar.`,
  aeWebVerPendientes: 'Pendientes',
  aeWebPlan: 'Plan de mejoramiento (art. 28)',
  aeWebPlanAyuda:
    'Cada ítem que no cumple necesita una acción con actividad, responsable, plazo y recursos (art. 28, contenido mínimo).',
  aeWebPlanVacio: 'Ningún ítem está marcado "No cumple": no hay acciones obligatorias.',
  aeWebActividad: 'Actividad',
  aeWebResponsable: 'Responsable',
  aeWebPlazo: 'Plazo',
  aeWebRecursos: 'Recursos',
  aeWebEstado: 'Estado',
  aeWebVencida: 'Vencida',
  aeWebGuardar: 'Guardar',
  aeWebFirmar: 'Firmar',
  aeWebGuardada: 'Autoevaluación guardada.',
  aeWebGuardarAntes: 'Guarde los cambios antes de firmar.',
  aeWebFirmarTitulo: (ano: number) => `Firmar la autoevaluación de ${ano}`,
  aeWebRepresentante: 'Empleador o contratante (representante legal)',
  aeWebResponsableSgSst: 'Responsable del SG-SST',
  aeWebNombre: 'Nombre completo',
  aeWebDocumento: 'Número de documento',
  aeWebAcepto: 'Declaro que la información es veraz y acepto la advertencia legal.',
  aeWebCancelar: 'Cancelar',
  aeWebFirmada: (fecha: string) => `Firmada el ${fecha}. Solo lectura.`,
  aeWebFirmantes: (representante: string, responsable: string) =>
    `Firmaron: ${representante} (empleador o contratante) y ${responsable} (responsable del SG-SST).`,
  aeWebVerEntrega: 'Ver la entrega E05 en SG-SST',
  aeWebCorregir: 'Corregir (nueva versión)',
  aeWebCorrigiendo:
    'Corrigiendo una autoevaluación firmada: al guardar se crea una nueva versión, que debe firmarse otra vez.',
  aeWebVersion: (v: number) => (v === 0 ? 'Sin guardar' : `Versión ${v}`),
  aeWebBorrador: 'Borrador',
  // Who signs (docs/decisions/163): the company's registered signers, shown in the signing dialog.
  aeWebFirmanRegistrados:
    'Firman el representante legal y el responsable del SG-SST registrados por la empresa en Configuraciones:',
  aeWebIrAConfiguraciones: 'Registrar los firmantes en Configuraciones',
  aeWebFirmantesTitulo: 'Firmantes de la autoevaluación',
  aeWebFirmantesAyuda:
    'La autoevaluación de estándares mínimos (Resolución 0312 de 2019) la firman el representante legal de la empresa y el responsable del SG-SST. Regístrelos aquí: al firmar, el portal usa estos nombres.',
  aeWebFirmantesGuardar: 'Guardar firmantes',
} as const;
