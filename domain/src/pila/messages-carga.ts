/**
 * The Spanish strings of the PILA upload and its answers (docs/decisions/128): the route's messages,
 * the submissions' comments. The parser's are in messages-pila-archivo.ts and the findings' in
 * messages-pila.ts; MSG spreads the three.
 */
import { formatDia, formatLapso } from '../dates';

/** 'Abril 2026', as the risk periods are named everywhere. */
const periodo = (ano: number, mes: number) => formatLapso(ano, mes);

export const PILA_CARGA_MSG = {
  pilaSoloPdf: 'Para conciliar automáticamente cargue el archivo plano (.txt) de la planilla',
  pilaRechazada: 'La planilla no corresponde a su empresa.',
  pilaSinConciliacion: 'No hay una planilla PILA conciliada para este período.',
  pilaConciliada: (veredicto: string) => `Planilla PILA cargada y conciliada: ${veredicto}.`,
  pilaComentario: (veredicto: string) => `Planilla PILA (archivo plano) conciliada: ${veredicto}.`,
  pilaP08Comentario: (ano: number, mes: number) =>
    `Aprobado por la conciliación de la planilla PILA de ${periodo(ano, mes)}: el trabajador aparece en ella.`,
  /**
   * Why the upload approved no P08 or not some worker's (docs/decisions/162): the flat file the
   * payroll software writes is not proof of payment; the operator's planilla number and payment date are.
   */
  pilaP08SinPago:
    'No se aprobó automáticamente el pago de seguridad social (P08) de ningún trabajador: el archivo no trae el número de planilla y la fecha de pago del operador de información. Cargue el archivo de la planilla pagada que descarga del operador, o espere a que un revisor revise la planilla.',
  pilaP08PagoFuturo: (fecha: string) =>
    `No se aprobó automáticamente el pago de seguridad social (P08) de ningún trabajador: la fecha de pago del archivo (${formatDia(fecha)}) es posterior a hoy.`,
  pilaP08ErrorArchivo:
    'No se aprobó automáticamente el pago de seguridad social (P08) de ningún trabajador: la planilla tiene errores que no se pueden atribuir a un trabajador. Un revisor revisará la planilla.',
  pilaP08ConErrores: (persona: string) =>
    `No se aprobó automáticamente el pago de seguridad social (P08) de ${persona}: la planilla tiene errores que lo nombran.`,
  pilaP08Rechazado: (persona: string) =>
    `No se aprobó automáticamente el pago de seguridad social (P08) de ${persona}: un revisor lo rechazó, y esa decisión se mantiene hasta que se revise una nueva carga del trabajador.`,
  /** A P08 approved by a planilla that a reviewer then rejected (docs/decisions/179). */
  pilaP08Retirado: (ano: number, mes: number) =>
    `Se retiró la aprobación automática: un revisor rechazó la planilla PILA de ${periodo(ano, mes)} con la que se había aprobado. Cargue la planilla corregida o el soporte de pago del trabajador.`,
} as const;
