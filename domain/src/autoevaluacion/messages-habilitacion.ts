/**
 * The Spanish strings of the minimum self-evaluation score per contract type and the staff view of scores and overdue plan actions (docs/decisions/142).
 */

/** '87,50': a score with its two decimals, Colombian style. */
export const puntos0312 = (n: number) =>
  n.toLocaleString('es-CO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const HABILITACION_MSG = {
  habNoHabilitado: 'No habilitado',
  habHabilitado: 'Habilitado',
  habBaseLegal:
    'Resolución 0312 de 2019 arts. 23 y 27; Decreto 1072 de 2015 art. 2.2.4.6.28 (puntaje mínimo del tipo de contrato, decisión 142)',
  habSinAutoevaluacion: (minimo: number) =>
    `La empresa no tiene una autoevaluación de estándares mínimos firmada vigente; este tipo de contrato exige ${puntos0312(minimo)}.`,
  habPuntajeBajo: (puntaje: number, minimo: number, ano: number) =>
    `La autoevaluación ${ano} obtuvo ${puntos0312(puntaje)}, por debajo del mínimo de ${puntos0312(minimo)} de este tipo de contrato.`,
  habContratoRechazado: (tipo: string, minimo: number, puntaje: number | null, ano: number | null) =>
    `No puede crear un contrato de tipo "${tipo}": exige un puntaje mínimo de ${puntos0312(minimo)} en la autoevaluación de estándares mínimos (Resolución 0312 de 2019) y ${
      puntaje === null || ano === null
        ? 'la empresa no tiene una autoevaluación firmada vigente'
        : `la autoevaluación ${ano} de la empresa obtuvo ${puntos0312(puntaje)}`
    }. Diligencie y firme la autoevaluación en "Autoevaluación Estándares Mínimos" (o ejecute el plan de mejoramiento y firme una nueva versión) y vuelva a intentarlo.`,
  habMinimoInvalido: 'El puntaje mínimo 0312 debe ser un número entre 0 y 100 con máximo dos decimales.',
  habMinimoCampo: 'Puntaje mínimo 0312',
  habMinimoAyuda: 'Vacío = sin mínimo. Entre 0 y 100 (autoevaluación de estándares mínimos firmada).',
  habMinimoColumna: 'Mínimo 0312',
  habSinMinimo: 'Sin mínimo',
  habContratosNoHabilitados: (n: number) =>
    n === 1 ? '1 contrato no habilitado' : `${n} contratos no habilitados`,

  // Staff screen of scores (#/revision/autoevaluaciones)
  habStaffTitulo: 'Autoevaluaciones 0312',
  habStaffSubtitulo:
    'Puntaje de la autoevaluación de estándares mínimos de cada contratista, acciones vencidas del plan de mejoramiento e historial por año.',
  habStaffAno: 'Año',
  habStaffEmpresa: 'Empresa',
  habStaffPuntaje: 'Puntaje',
  habStaffValoracion: 'Valoración',
  habStaffLista: 'Estándares',
  habStaffListaValor: (lista: number) => `${lista} estándares`,
  habStaffEstado: 'Estado',
  habStaffFirmada: 'Firmada',
  habStaffBorrador: 'Borrador',
  habStaffFecha: 'Fecha',
  habStaffVersion: 'Versión',
  habStaffVencidas: 'Acciones vencidas',
  habStaffSinAutoevaluacion: 'Sin autoevaluación este año',
  habStaffSinAutoevaluacionVacio: 'Todas las empresas activas tienen autoevaluación este año.',
  habStaffVacio: 'Ninguna empresa tiene autoevaluación este año.',
  habStaffAccionesTitulo: 'Acciones del plan de mejoramiento vencidas',
  habStaffAccionesVacio: 'No hay acciones vencidas.',
  habStaffActividad: 'Actividad',
  habStaffResponsable: 'Responsable',
  habStaffPlazo: 'Plazo',
  habStaffDiasVencida: 'Días vencida',
  habStaffItem: 'Ítem',
  habStaffHistorial: 'Historial',
  habStaffHistorialDe: (empresa: string) => `Puntajes por año: ${empresa}`,
  habStaffHistorialVacio: 'La empresa no tiene autoevaluaciones.',
  habStaffVerHistorial: (empresa: string) => `Ver el historial de ${empresa}`,
  habStaffExcel: 'Exportar a Excel',
  habStaffHoja: 'Autoevaluaciones',
  habStaffHojaAcciones: 'Acciones vencidas',
  habStaffCerrar: 'Cerrar',
  habStaffEmpresaNoEncontrada: 'La empresa no existe.',
  habMenu: 'Autoevaluaciones 0312',
  habMenuDescripcion:
    'Puntaje de la autoevaluación de estándares mínimos por contratista y año, y acciones vencidas del plan de mejoramiento.',
};
