/**
 * The PILA contracts (docs/decisions/127 parser, 128 reconciliation): what the parser of the flat
 * file (archivo tipo 2 of Anexo Técnico 2, Resolución 2388 de 2016; layout in docs/pila-layout.md)
 * produces and what the reconciliation with the contract's workers answers. Field numbers in the
 * comments are the layout's: H = registro tipo 1 (encabezado), D = registro tipo 2 (detalle).
 *
 * The answer's field names (`veredicto`, `esperados`, `encontrados`, `faltantes`, `sobrantes`,
 * `hallazgos` with `severidad`, `mensaje`, `tipodocumento`, `numerodocumento`, `linea`) are the
 * API's contract.
 */

export type Severidad = 'error' | 'advertencia';

/** One finding, in Spanish, naming the line, the field and the worker where there is one. */
export type PilaHallazgo = {
  severidad: Severidad;
  mensaje: string;
  tipodocumento?: string;
  numerodocumento?: string;
  /** 1-based line of the file. */
  linea?: number;
  /** Layout field number (for parse findings), e.g. 5 for D5. */
  campo?: number;
  /** Which rule produced it: an id of PILA_REGLAS (conciliacion), each with its legal basis. */
  regla: string;
};

/** Registro tipo 1 (359 characters). Blank optional fields are null. */
export type PilaEncabezado = {
  /** H4 */ razonSocial: string;
  /** H5 ('NI' for a company) */ tipoDocumento: string;
  /** H6, digits as written (no check digit) */ numeroDocumento: string;
  /** H7 */ dv: number | null;
  /** H8 (E, Y, A, I, S, M, N, ...) */ tipoPlanilla: string;
  /** H9 */ planillaAsociada: string | null;
  /** H10 */ fechaPagoAsociada: string | null;
  /** H14 */ codigoArl: string;
  /** H15 'YYYY-MM': the month paid for everything but health (the contract month reviewed) */
  periodo: string;
  /** H16 'YYYY-MM' */ periodoSalud: string;
  /** H17: blank in the file as uploaded, filled in the paid variant */ numeroPlanilla: string | null;
  /** H18 'YYYY-MM-DD': blank as uploaded */ fechaPago: string | null;
  /** H19 */ totalCotizantes: number;
  /** H20 */ valorNomina: number;
  /** H21 */ tipoAportante: string;
  /** H22 */ codigoOperador: string | null;
};

/** Registro tipo 2 (693 characters): the fields the reconciliation reads. */
export type PilaLinea = {
  /** 1-based line of the file. */
  linea: number;
  /** D3 */ tipoDocumento: string;
  /** D4 */ numeroDocumento: string;
  /** D5 */ tipoCotizante: string;
  /** D11-D14 */ primerApellido: string;
  segundoApellido: string;
  primerNombre: string;
  segundoNombre: string;
  /** D15 ING: '', 'X', 'R', 'C' */ ing: string;
  /** D16 RET: '', 'X', 'R', 'C', 'P', 'T' */ ret: string;
  /** D22 correcciones: '', 'A' (line as paid), 'C' (corrected) */ correccion: string;
  /** D24 SLN */ sln: string;
  /** D25 IGE */ ige: string;
  /** D26 LMA */ lma: string;
  /** D27 VAC-LR */ vac: string;
  /** D30 IRL days */ irl: number;
  /** D31 */ codigoAfp: string | null;
  /** D33 */ codigoEps: string | null;
  /** D35 */ codigoCcf: string | null;
  /** D36-D39 */ diasPension: number;
  diasSalud: number;
  diasArl: number;
  diasCcf: number;
  /** D40 */ salarioBasico: number;
  /** D42-D45 */ ibcPension: number;
  ibcSalud: number;
  ibcArl: number;
  ibcCcf: number;
  /** D61, a fraction: 0.0696 = 6.96 % */ tarifaArl: number;
  /** D63 */ cotizacionArl: number;
  /** D77 */ codigoArl: string | null;
  /** D78: 1-5, null when blank */ claseRiesgo: number | null;
  /** D80 'YYYY-MM-DD' */ fechaIngreso: string | null;
  /** D81 'YYYY-MM-DD' */ fechaRetiro: string | null;
  /** D98, 7 digits: class + CIIU + consecutive */ actividadArl: string | null;
};

/** A person of the planilla: the lines of one (D3, D4), lines marked 'A' (as paid) left out. */
export type PilaCotizante = {
  tipoDocumento: string;
  numeroDocumento: string;
  /** 'PRIMER NOMBRE SEGUNDO NOMBRE PRIMER APELLIDO SEGUNDO APELLIDO', single spaces. */
  nombre: string;
  lineas: PilaLinea[];
};

/** The parser's answer: `encabezado` null when line 1 is not a valid header. */
export type PilaArchivo = {
  encabezado: PilaEncabezado | null;
  cotizantes: PilaCotizante[];
  /** Line and field errors (the file cannot be reconciled when any is an error) and warnings. */
  hallazgos: PilaHallazgo[];
  /** Lines read (header included). */
  lineas: number;
};

/** A worker of the contract as the portal knows them, for one period. */
export type PilaTrabajador = {
  empleadoId: number;
  tipodocumento: string;
  numerodocumento: string;
  nombre: string;
  /** Entry to the site / social security (fecini_seg_social), 'YYYY-MM-DD' or null. */
  fechaIngreso: string | null;
  /** Exit ('retiro'), 'YYYY-MM-DD' or null. */
  fechaRetiro: string | null;
  /** Days with a gate entry in the period; null when the project has no gate records that month. */
  diasEnObra: number | null;
  /** Administradoras registered for the worker (names as typed, or codes), null when not registered. */
  eps: string | null;
  arl: string | null;
};

/** What the reconciliation needs besides the file (gathered by the server for one contract and period). */
export type PilaContexto = {
  /** Contractor's NIT without check digit, and its check digit. */
  nit: string;
  dv: number;
  razonSocial: string;
  ano: number;
  mes: number;
  /** Minimum ARL class the contract's activity requires (1-5). */
  claseRiesgo: number;
  /**
   * Workers expected in the period: linked to the contract, entry on or before the period's end and
   * no exit before its start, or seen at the gate in the period. Computed by the server.
   */
  esperados: PilaTrabajador[];
  /** Other workers of the contractor registered on the contract (to tell 'registered elsewhere'). */
  registrados: PilaTrabajador[];
  /** SMMLV of the period's year and its decree (salarios_minimos); null or absent when not registered. */
  smmlv?: { valor: number; norma: string } | null;
};

export type PilaVeredicto = 'Conciliada' | 'Con advertencias' | 'Con errores';

export type PilaPersona = { tipodocumento: string; numerodocumento: string; nombre: string };

/** The reconciliation's answer (API contract). */
export type PilaConciliacion = {
  veredicto: PilaVeredicto;
  ano: number;
  mes: number;
  /** Workers expected in the period. */
  esperados: number;
  /** Expected workers found in the planilla. */
  encontrados: number;
  faltantes: PilaPersona[];
  /** Cotizantes of the planilla not registered on the contract. */
  sobrantes: PilaPersona[];
  hallazgos: PilaHallazgo[];
  /** Planilla identity when the file is the paid variant. */
  numeroPlanilla: string | null;
  fechaPago: string | null;
  /** The payment deadline for the contractor's NIT, and where it comes from. */
  fechaLimite: string | null;
  /** Found workers' documents (type:number): the month's P08 for each of them. */
  pagados: string[];
  /**
   * True when the planilla is not the contractor's (aportante NIT or check digit), is of another
   * period, or has no valid header: the caller must not store it (docs/decisions/128).
   */
  rechazada?: boolean;
  /** The legal source of fechaLimite (Decreto 1990 de 2016). */
  fuenteFechaLimite?: string;
};
