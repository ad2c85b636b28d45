/**
 * The Spanish strings of one upload covering many workers (docs/decisions/139).
 */
export const CARGA_MULTIPLE_MSG = {
  cargaMultipleLabel: 'Un solo archivo puede cubrir varios trabajadores',
  cargaMultipleHint:
    'Para documentos que son listas (asistencia a la inducción, entrega de EPP, PILA): el contratista lo carga una vez y marca los trabajadores del contrato que cubre. Cada trabajador se revisa por separado.',
  cargaMultiplePickerLabel: 'Trabajadores que cubre este documento',
  cargaMultiplePickerHint:
    'Marque los trabajadores activos del contrato que aparecen en este documento. Se guarda un solo archivo y cada trabajador queda con su propia entrega para revisión.',
  cargaMultiplePickerPlaceholder: 'Seleccione los trabajadores',
  cargaMultipleSeleccionarTodos: 'Seleccionar todos',
  cargaMultipleFiltro: 'Buscar por nombre o documento',
  cargaMultipleSeleccionados: (n: number) =>
    n === 1 ? '1 trabajador seleccionado' : `${n} trabajadores seleccionados`,
  cargaMultipleSinTrabajadores: 'Seleccione al menos un trabajador que cubra este documento.',
  cargaMultipleNoPermitida: 'Este documento no admite una carga para varios trabajadores.',
  cargaMultipleDemasiados: (max: number) => `Una carga puede cubrir como máximo ${max} trabajadores.`,
  cargaMultipleTrabajadorInvalido: (doc: string) =>
    `El trabajador ${doc} no es un trabajador activo de este contrato.`,
  cargaMultipleRepetido: (doc: string) => `El trabajador ${doc} aparece más de una vez en la lista.`,
  cargaMultipleCargado: (nombre: string, n: number) =>
    n === 1
      ? `El archivo ${nombre} se cargó correctamente.`
      : `El archivo ${nombre} se cargó correctamente para ${n} trabajadores.`,
  cargaMultipleCompartido: (n: number) => `Archivo compartido con ${n} trabajadores`,
  mismoArchivoOtroTrabajador: (doc: string) =>
    `Atención: este mismo archivo ya está cargado para otro trabajador (${doc}) en este requisito. Verifique que corresponda a esta persona.`,
};
