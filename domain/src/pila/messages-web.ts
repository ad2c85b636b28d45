/**
 * The Spanish strings of the contractor's PILA screens (docs/decisions/128): the 'Conciliar planilla
 * PILA' dialog on item M01 of 'Gestión del Riesgo', the reconciled periods under R03 in 'Retenidos'
 * and the months x workers matrix. The result and the matrix themselves use PILA_STAFF_MSG.
 */
export const PILA_WEB_MSG = {
  pilaWebConciliar: 'Conciliar planilla PILA',
  pilaWebVer: 'Ver conciliación',
  pilaWebDialogo: (lapso: string) => `Conciliar planilla PILA: ${lapso}`,
  pilaWebDialogoVer: (lapso: string) => `Conciliación PILA: ${lapso}`,
  pilaWebAyuda:
    'Cargue el archivo plano (.txt) de la planilla PILA del período para conciliarlo con los trabajadores del contrato. Un PDF queda como soporte sin conciliar.',
  pilaWebArchivo: 'Archivo de la planilla (.txt o .pdf)',
  pilaWebElegir: 'Elegir archivo',
  pilaWebSinElegir: 'Ningún archivo seleccionado',
  pilaWebSubir: 'Cargar y conciliar',
  pilaWebSubiendo: 'Conciliando la planilla...',
  pilaWebSinArchivo: 'Seleccione el archivo de la planilla.',
  pilaWebAnterior: 'Conciliación vigente del período',
  pilaWebNueva: 'Resultado de la conciliación',
  pilaWebAccionesM01: (lapso: string) => `Planilla PILA de ${lapso}`,
  pilaWebR03Titulo: (nombre: string) => `${nombre}: planillas PILA conciliadas`,
  pilaWebVerPeriodo: (lapso: string) => `Ver conciliación de ${lapso}`,
  pilaWebMatriz: 'Matriz PILA',
  pilaWebMatrizTitulo: (contrato: string) => `Matriz PILA del contrato ${contrato}`,
} as const;
