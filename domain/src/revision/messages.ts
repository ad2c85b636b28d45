/**
 * The Spanish strings of the reviewer's side added after the audit and the usability walk: one
 * decision for every worker of one upload (docs/decisions/139), the pending count on the
 * reviewer's home, and the review dialog's date fields.
 */
export const REVISION_MSG = {
  revisionAplicarCarga: (n: number) => `Aplicar a los ${n} trabajadores de esta carga`,
  revisionAplicarCargaHint:
    'La misma decisión (fechas, vigencia o motivo) queda registrada para cada trabajador cubierto por este archivo que aún está pendiente de revisión.',
  revisionCargaAprobada: (n: number) => `La carga fue aprobada para ${n} trabajadores.`,
  revisionCargaRechazada: (n: number) =>
    `La carga fue rechazada para ${n} trabajadores y se notificó a la empresa.`,
  revisionCargaInvalida:
    'Alguna de las cargas indicadas no comparte el archivo de esta carga. Recargue la revisión e intente de nuevo.',
  revisionCargaCambio: (n: number) =>
    n === 1
      ? 'Otra persona ya decidió una de las cargas de este archivo, o la empresa la reemplazó. No se guardó ninguna decisión; revise de nuevo la carga.'
      : `Otra persona ya decidió ${n} de las cargas de este archivo, o la empresa las reemplazó. No se guardó ninguna decisión; revise de nuevo la carga.`,
  revisionPendientesTitulo: 'Cargas por revisar',
  revisionPendientesConteo: (n: number) =>
    n === 0
      ? 'No hay cargas esperando revisión.'
      : n === 1
        ? 'Hay 1 carga esperando revisión.'
        : `Hay ${n.toLocaleString('es-CO')} cargas esperando revisión.`,
  revisionPendientesIr: 'Ir a la bandeja de revisión',
  revisionFechaNoValida: (valor: string) =>
    `«${valor}» no es una fecha válida. Escríbala como dd/mm/aaaa, por ejemplo 28/02/2026.`,
};
