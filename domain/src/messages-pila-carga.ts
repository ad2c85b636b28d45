/**
 * The Spanish strings of the PILA upload and its answers (docs/decisions/128): the route's messages,
 * the submissions' comments. The parser's are in messages-pila-archivo.ts and the findings' in
 * messages-pila.ts; MSG spreads the three.
 */
import { formatLapso } from './dates';

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
} as const;
