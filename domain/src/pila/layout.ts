/**
 * The PILA flat file as data (docs/decisions/127): Archivo tipo 2 "Información planilla integrada"
 * of Anexo Técnico 2 de la Resolución 2388 de 2016 (MinSalud), as transcribed with its sources and
 * confidence marks in docs/pila-layout.md: registro tipo 1 (encabezado, 359 characters, §3 there)
 * and registro tipo 2 (liquidación detallada, 693 characters, §4), the code lists of §5.
 *
 * Types: 'A' alphanumeric (left-aligned, space-padded), 'N' numeric (zero-padded; blank allowed
 * when not obligatorio), 'F' date AAAA-MM-DD or blank, 'P' period AAAA-MM, 'T' rate (decimal
 * fraction with a dot, declared "N" by the anexo). `confianza` repeats the layout's mark: fields
 * marked '?' are only warned about, never refused; `valoresDudosos` are values the layout marks
 * [?] (accepted with a warning).
 */

export type PilaTipoCampo = 'A' | 'N' | 'F' | 'P' | 'T';
export type PilaConfianza = 'C' | '1' | '?';

export type PilaCampo = {
  /** Field number of the anexo (H1..H22, D1..D98). */
  n: number;
  /** Spanish name, as the findings name it ('Línea 7, campo 5 (tipo de cotizante): ...'). */
  nombre: string;
  /** 1-based positions, both included. */
  inicio: number;
  fin: number;
  tipo: PilaTipoCampo;
  /** The allowed values ('' = blank); anything else is an error. */
  valores?: readonly string[];
  /** Values the layout marks [?]: accepted with a warning. */
  valoresDudosos?: readonly string[];
  obligatorio?: boolean;
  confianza: PilaConfianza;
};

export const PILA_FUENTE =
  'Anexo Técnico 2 de la Resolución 2388 de 2016 (MinSalud), transcrito en docs/pila-layout.md';

export const LONGITUD_ENCABEZADO = 359;
export const LONGITUD_DETALLE = 693;

/** docs/pila-layout.md §5.1 (RC only in the older text: [?]). */
export const TIPOS_DOCUMENTO = ['NI', 'CC', 'CE', 'TI', 'PA', 'CD', 'SC', 'PE', 'PT'] as const;
/** Document types whose number is digits only (field 4, [C]). */
export const DOCUMENTO_SOLO_DIGITOS = ['CC', 'TI', 'SC', 'RC'] as const;

const dosDigitos = (desde: number, hasta: number) =>
  Array.from({ length: hasta - desde + 1 }, (_, i) => String(desde + i).padStart(2, '0'));

/** docs/pila-layout.md §5.2: 01–69 of two lists [C], 70–76 [1]; 15 and 41 appear in one list only [?]. */
export const TIPOS_COTIZANTE = [
  ...['01', '02', '03', '04', '12', '16', '18', '19', '20', '21', '22', '23'],
  ...['30', '31', '32', '33', '34', '35', '36', '40', '42', '43', '44', '45', '47'],
  ...dosDigitos(51, 76),
] as const;
/** docs/pila-layout.md §5.3; '00' is what implementers and the recipe write when none applies. */
export const SUBTIPOS_COTIZANTE = ['00', '01', '02', '03', '04', '05', '06', '09', '10', '11', '12'] as const;
/** docs/pila-layout.md §5.4. */
export const TIPOS_PLANILLA = 'EYAISMNHTFJXUKOQBDWZ'.split('');
/** docs/pila-layout.md §5.5: 01–16 [C], 17 [1]. */
export const TIPOS_APORTANTE = dosDigitos(1, 17);

const BX = ['', 'X'] as const;

const h = (
  n: number,
  nombre: string,
  inicio: number,
  fin: number,
  tipo: PilaTipoCampo,
  extra: Partial<PilaCampo> = {},
): PilaCampo => ({ n, nombre, inicio, fin, tipo, confianza: 'C', ...extra });

/** Registro tipo 1, encabezado (docs/pila-layout.md §3). */
export const CAMPOS_ENCABEZADO: readonly PilaCampo[] = [
  h(1, 'tipo de registro', 1, 2, 'N', { valores: ['01'], obligatorio: true }),
  h(2, 'modalidad de la planilla', 3, 3, 'N', { valores: ['1', '2'], obligatorio: true }),
  h(3, 'secuencia', 4, 7, 'N', { obligatorio: true }),
  h(4, 'nombre o razón social del aportante', 8, 207, 'A', { obligatorio: true }),
  h(5, 'tipo de documento del aportante', 208, 209, 'A', { valores: TIPOS_DOCUMENTO, obligatorio: true }),
  h(6, 'número de identificación del aportante', 210, 225, 'A', { obligatorio: true }),
  h(7, 'dígito de verificación', 226, 226, 'N', { obligatorio: true }),
  h(8, 'tipo de planilla', 227, 227, 'A', { valores: TIPOS_PLANILLA, obligatorio: true }),
  h(9, 'número de planilla asociada', 228, 237, 'N'),
  h(10, 'fecha de pago de la planilla asociada', 238, 247, 'F'),
  // U/S [C]; C (consolidado) and D (dependencia) only in Res. 1747 [?].
  h(11, 'forma de presentación', 248, 248, 'A', {
    valores: ['U', 'S'],
    valoresDudosos: ['C', 'D'],
    obligatorio: true,
  }),
  h(12, 'código de la sucursal', 249, 258, 'A'),
  h(13, 'nombre de la sucursal', 259, 298, 'A'),
  h(14, 'código ARL del aportante', 299, 304, 'A', { obligatorio: true }),
  h(15, 'período de pago de sistemas diferentes a salud', 305, 311, 'P', { obligatorio: true }),
  h(16, 'período de pago del sistema de salud', 312, 318, 'P', { obligatorio: true }),
  h(17, 'número de radicación o de la planilla', 319, 328, 'N'),
  h(18, 'fecha de pago', 329, 338, 'F'),
  h(19, 'número total de cotizantes', 339, 343, 'N', { obligatorio: true }),
  h(20, 'valor total de la nómina', 344, 355, 'N', { obligatorio: true }),
  h(21, 'tipo de aportante', 356, 357, 'N', { valores: TIPOS_APORTANTE, obligatorio: true }),
  // Assigned by the operator; opaque, never checked against a list (§5.6).
  h(22, 'código del operador de información', 358, 359, 'N'),
];

const fecha = (n: number, nombre: string, inicio: number) => h(n, nombre, inicio, inicio + 9, 'F');

/** Registro tipo 2, liquidación detallada (docs/pila-layout.md §4). */
export const CAMPOS_DETALLE: readonly PilaCampo[] = [
  h(1, 'tipo de registro', 1, 2, 'N', { valores: ['02'], obligatorio: true }),
  h(2, 'secuencia', 3, 7, 'N', { obligatorio: true }),
  h(3, 'tipo de documento del cotizante', 8, 9, 'A', {
    valores: TIPOS_DOCUMENTO.filter((t) => t !== 'NI'),
    valoresDudosos: ['RC'],
    obligatorio: true,
  }),
  h(4, 'número de identificación del cotizante', 10, 25, 'A', { obligatorio: true }),
  h(5, 'tipo de cotizante', 26, 27, 'N', {
    valores: TIPOS_COTIZANTE,
    valoresDudosos: ['15', '41'],
    obligatorio: true,
  }),
  h(6, 'subtipo de cotizante', 28, 29, 'N', { valores: SUBTIPOS_COTIZANTE, obligatorio: true }),
  h(7, 'extranjero no obligado a cotizar a pensiones', 30, 30, 'A', { valores: BX }),
  h(8, 'colombiano en el exterior', 31, 31, 'A', { valores: BX }),
  h(9, 'código de departamento de la ubicación laboral', 32, 33, 'A'),
  h(10, 'código de municipio de la ubicación laboral', 34, 36, 'A'),
  h(11, 'primer apellido', 37, 56, 'A', { obligatorio: true }),
  h(12, 'segundo apellido', 57, 86, 'A'),
  h(13, 'primer nombre', 87, 106, 'A', { obligatorio: true }),
  h(14, 'segundo nombre', 107, 136, 'A'),
  h(15, 'ING (ingreso)', 137, 137, 'A', { valores: ['', 'X', 'R', 'C'] }),
  h(16, 'RET (retiro)', 138, 138, 'A', { valores: ['', 'X', 'R', 'C', 'P', 'T'] }),
  h(17, 'TDE (traslado desde otra EPS)', 139, 139, 'A', { valores: BX }),
  h(18, 'TAE (traslado a otra EPS)', 140, 140, 'A', { valores: BX }),
  h(19, 'TDP (traslado desde otra AFP)', 141, 141, 'A', { valores: BX }),
  h(20, 'TAP (traslado a otra AFP)', 142, 142, 'A', { valores: BX }),
  h(21, 'VSP (variación permanente de salario)', 143, 143, 'A', { valores: BX }),
  h(22, 'correcciones', 144, 144, 'A', { valores: ['', 'A', 'C'] }),
  h(23, 'VST (variación transitoria de salario)', 145, 145, 'A', { valores: BX }),
  h(24, 'SLN (suspensión o licencia no remunerada)', 146, 146, 'A', { valores: ['', 'X', 'C'] }),
  h(25, 'IGE (incapacidad por enfermedad general)', 147, 147, 'A', { valores: ['', 'X', 'L'] }),
  h(26, 'LMA (licencia de maternidad o paternidad)', 148, 148, 'A', { valores: ['', 'X', 'P'] }),
  h(27, 'VAC-LR (vacaciones o licencia remunerada)', 149, 149, 'A', { valores: ['', 'X', 'L'] }),
  h(28, 'AVP (aporte voluntario a pensiones)', 150, 150, 'A', { valores: BX }),
  h(29, 'VCT (variación de centro de trabajo)', 151, 151, 'A', { valores: BX }),
  h(30, 'días de incapacidad IRL', 152, 153, 'N', { obligatorio: true }),
  h(31, 'código AFP', 154, 159, 'A'),
  h(32, 'código AFP a la que se traslada', 160, 165, 'A'),
  h(33, 'código EPS', 166, 171, 'A'),
  h(34, 'código EPS a la que se traslada', 172, 177, 'A'),
  h(35, 'código CCF', 178, 183, 'A'),
  h(36, 'días cotizados a pensión', 184, 185, 'N', { obligatorio: true }),
  h(37, 'días cotizados a salud', 186, 187, 'N', { obligatorio: true }),
  h(38, 'días cotizados a riesgos laborales', 188, 189, 'N', { obligatorio: true }),
  h(39, 'días cotizados a CCF', 190, 191, 'N', { obligatorio: true }),
  h(40, 'salario básico', 192, 200, 'N', { obligatorio: true }),
  h(41, 'tipo de salario', 201, 201, 'A', { valores: ['', 'X', 'F', 'V'] }),
  h(42, 'IBC pensión', 202, 210, 'N'),
  h(43, 'IBC salud', 211, 219, 'N'),
  h(44, 'IBC riesgos laborales', 220, 228, 'N'),
  h(45, 'IBC CCF', 229, 237, 'N'),
  h(46, 'tarifa de aportes a pensiones', 238, 244, 'T'),
  h(47, 'cotización obligatoria a pensiones', 245, 253, 'N'),
  h(48, 'aporte voluntario del afiliado', 254, 262, 'N'),
  h(49, 'aporte voluntario del aportante', 263, 271, 'N'),
  h(50, 'total cotización a pensiones', 272, 280, 'N'),
  h(51, 'FSP subcuenta de solidaridad', 281, 289, 'N'),
  h(52, 'FSP subcuenta de subsistencia', 290, 298, 'N'),
  h(53, 'valor no retenido por aportes voluntarios', 299, 307, 'N'),
  h(54, 'tarifa de aportes a salud', 308, 314, 'T'),
  h(55, 'cotización obligatoria a salud', 315, 323, 'N'),
  h(56, 'valor UPC adicional', 324, 332, 'N'),
  h(57, 'número de autorización de la incapacidad', 333, 347, 'A'),
  h(58, 'valor de la incapacidad', 348, 356, 'N'),
  h(59, 'número de autorización de la licencia de maternidad o paternidad', 357, 371, 'A'),
  h(60, 'valor de la licencia de maternidad', 372, 380, 'N'),
  h(61, 'tarifa de aportes a riesgos laborales', 381, 389, 'T'),
  // Position [C]; the meaning of the codes [?].
  h(62, 'centro de trabajo', 390, 398, 'N', { confianza: '?' }),
  h(63, 'cotización obligatoria a riesgos laborales', 399, 407, 'N'),
  h(64, 'tarifa de aportes a CCF', 408, 414, 'T'),
  h(65, 'valor del aporte a CCF', 415, 423, 'N'),
  h(66, 'tarifa SENA', 424, 430, 'T'),
  h(67, 'valor SENA', 431, 439, 'N'),
  h(68, 'tarifa ICBF', 440, 446, 'T'),
  h(69, 'valor ICBF', 447, 455, 'N'),
  h(70, 'tarifa ESAP', 456, 462, 'T'),
  h(71, 'valor ESAP', 463, 471, 'N'),
  h(72, 'tarifa MEN', 472, 478, 'T'),
  h(73, 'valor MEN', 479, 487, 'N'),
  h(74, 'tipo de documento del cotizante principal', 488, 489, 'A', { valores: ['', ...TIPOS_DOCUMENTO] }),
  h(75, 'número de identificación del cotizante principal', 490, 505, 'A'),
  h(76, 'cotizante exonerado de salud, SENA e ICBF', 506, 506, 'A', { valores: ['', 'S', 'N'] }),
  h(77, 'código ARL', 507, 512, 'A'),
  h(78, 'clase de riesgo', 513, 513, 'A', { valores: ['', '1', '2', '3', '4', '5'] }),
  // Blank and 1 [C]; 2 senadores, 3 CTI, 4 aviadores only in the older text [?].
  h(79, 'indicador de tarifa especial de pensiones', 514, 514, 'A', {
    valores: ['', '1'],
    valoresDudosos: ['2', '3', '4'],
  }),
  // Position [C]; whether the date is required with the novedad [?] (older text: obligatorio; v29: opcional).
  h(80, 'fecha de ingreso', 515, 524, 'F', { confianza: '?' }),
  h(81, 'fecha de retiro', 525, 534, 'F', { confianza: '?' }),
  fecha(82, 'fecha de inicio VSP', 535),
  fecha(83, 'fecha de inicio SLN', 545),
  fecha(84, 'fecha de fin SLN', 555),
  fecha(85, 'fecha de inicio IGE', 565),
  fecha(86, 'fecha de fin IGE', 575),
  fecha(87, 'fecha de inicio LMA', 585),
  fecha(88, 'fecha de fin LMA', 595),
  fecha(89, 'fecha de inicio VAC-LR', 605),
  fecha(90, 'fecha de fin VAC-LR', 615),
  fecha(91, 'fecha de inicio VCT', 625),
  fecha(92, 'fecha de fin VCT', 635),
  fecha(93, 'fecha de inicio IRL', 645),
  fecha(94, 'fecha de fin IRL', 655),
  h(95, 'IBC otros parafiscales distintos a CCF', 665, 673, 'N'),
  // Position [C]; obligatorio (older text) or opcional (v29) [?].
  h(96, 'número de horas laboradas', 674, 676, 'N', { confianza: '?' }),
  fecha(97, 'fecha de radicación en el exterior', 677),
  // Decreto 768 de 2022: clase (1) + CIIU Rev. 4 A.C. (4) + consecutivo (2); rules [1].
  h(98, 'actividad económica para riesgos laborales', 687, 693, 'N', { confianza: '1' }),
];

/** A field of a record by number (H or D). */
export const campoEncabezado = (n: number): PilaCampo => CAMPOS_ENCABEZADO[n - 1];
export const campoDetalle = (n: number): PilaCampo => CAMPOS_DETALLE[n - 1];
