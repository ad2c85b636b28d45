import { formatDia } from '../dates';

/**
 * The Spanish strings of the PILA legal data an administrator edits (an activity's ARL risk class,
 * the SMMLV per year) and of a worker's withdrawal from a contract (docs/decisions/132).
 */
export const DATOS_PILA_MSG = {
  // Activity risk class (master data)
  colClaseRiesgo: 'Clase de riesgo',
  claseRiesgoInvalida: 'La clase de riesgo debe ser I, II, III, IV o V.',
  claseRiesgoAyuda:
    'Clase en la que deben estar afiliados a la ARL los trabajadores de los contratos de esta actividad (Decreto 768 de 2022).',
  claseRiesgoEtiqueta: (romano: string, nivel: string) => `${romano} - ${nivel}`,

  // SMMLV per year
  maestraTabSalarios: 'Salario mínimo',
  salariosTitulo: 'Salario mínimo mensual legal vigente',
  salariosIntro:
    'El salario mínimo de cada año y la norma que lo fijó. La conciliación PILA lo usa como piso del ingreso base de cotización. Verifique la norma de cada año contra el decreto publicado.',
  salarioColAno: 'Año',
  salarioColValor: 'Valor mensual',
  salarioColNorma: 'Norma',
  salarioNuevo: 'Registrar año',
  salarioEditar: 'Editar salario mínimo',
  salarioAnoInvalido: 'El año debe estar entre 2000 y 2100.',
  salarioValorInvalido: 'El valor debe ser un número entero positivo, en pesos.',
  salarioNormaInvalida: 'La norma debe tener entre 3 y 200 caracteres (por ejemplo, Decreto 1572 de 2024).',
  salarioGuardado: (ano: number) => `El salario mínimo de ${ano} fue guardado.`,
  /** A second registration of a year (docs/decisions/132): a figure is changed with 'Editar', audited. */
  salarioAnoExiste: (ano: number) =>
    `El salario mínimo de ${ano} ya está registrado. Si necesita corregirlo, use el botón Editar de ese año.`,
  salarioAnoNoExiste: (ano: number) =>
    `No hay un salario mínimo registrado para ${ano}. Regístrelo con el botón Registrar año.`,
  salariosVacio: 'No hay salarios mínimos registrados.',

  // Withdrawal of a worker from a contract
  retiroTrabajadores: 'Trabajadores del contrato',
  retiroSinTrabajadores: 'El contrato no tiene trabajadores vinculados.',
  retiroColTrabajador: 'Trabajador',
  retiroColDocumento: 'Documento',
  retiroColIngreso: 'Ingreso a obra',
  retiroColEstado: 'Estado',
  retiroActivo: 'Activo',
  retiroRetirado: (fecha: string) => `Retirado el ${formatDia(fecha)}`,
  retiroAccion: 'Retirar del contrato',
  retiroTitulo: (nombre: string) => `Retirar del contrato a ${nombre}`,
  retiroFecha: 'Fecha de retiro',
  retiroAyuda:
    'La conciliación PILA esperará la novedad de retiro (RET) en la planilla del mes de esta fecha. Vincularlo de nuevo al contrato deshace el retiro.',
  retiroConfirmar: 'Retirar',
  retiroFechaRequerida: 'Indique la fecha de retiro (dd/mm/aaaa).',
  retiroFechaFutura: 'La fecha de retiro no puede ser posterior a hoy.',
  retiroFechaAntesIngreso: (ingreso: string) =>
    `La fecha de retiro no puede ser anterior al ingreso a obra del trabajador (${formatDia(ingreso)}).`,
  retiroNoVinculado: 'El trabajador no está vinculado a este contrato.',
  retiroYaRetirado: (fecha: string) =>
    `El trabajador ya fue retirado de este contrato el ${formatDia(fecha)}.`,
  retiroGuardado: (nombre: string, fecha: string) =>
    `${nombre} fue retirado del contrato el ${formatDia(fecha)}.`,
  retiroErrorCarga: 'No fue posible cargar los trabajadores del contrato.',
};
