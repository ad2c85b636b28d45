/**
 * The Spanish strings of the PILA flat-file parser (docs/decisions/127): each names the line and the
 * field ('Línea 7, campo 5 (tipo de cotizante): ...'). MSG spreads them.
 */
const enLinea = (linea: number, campo: number, nombre: string) =>
  `Línea ${linea}, campo ${campo} (${nombre})`;

export const PILA_ARCHIVO_MSG = {
  /** docs/decisions/165: refused before parsing; max is PILA_MAX_LINEAS. */
  pilaDemasiadasLineas: (max: number) =>
    `El archivo tiene más de ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} líneas, y una planilla PILA tiene una línea de encabezado y una por trabajador. No se leyó ni se guardó: revise que sea el archivo plano de la planilla del período.`,
  pilaLecturaLenta:
    'El archivo de la planilla no se pudo leer a tiempo, y no se guardó. Revise que sea el archivo plano de la planilla PILA del período.',
  pilaArchivoVacio:
    'El archivo está vacío: una planilla PILA empieza con el encabezado (registro tipo 1, de 359 caracteres).',
  pilaSinEncabezado: (inicio: string) =>
    `Línea 1: no es el encabezado de una planilla PILA (registro tipo 1, de 359 caracteres, que empieza con «01»); empieza con «${inicio}».`,
  pilaLongitud: (linea: number, tiene: number, tipo: 1 | 2, debe: number) =>
    `Línea ${linea}: tiene ${tiene} caracteres; un registro tipo ${tipo} tiene ${debe}`,
  pilaTipoRegistro: (linea: number, valor: string) =>
    `Línea ${linea}: empieza con «${valor}»; después del encabezado cada línea es un registro tipo 2 (empieza con «02»).`,
  pilaCampoVacio: (linea: number, campo: number, nombre: string) =>
    `${enLinea(linea, campo, nombre)}: es obligatorio y está vacío.`,
  pilaCampoNumerico: (linea: number, campo: number, nombre: string, valor: string) =>
    `${enLinea(linea, campo, nombre)}: solo admite dígitos; tiene «${valor}».`,
  pilaCampoFecha: (linea: number, campo: number, nombre: string, valor: string) =>
    `${enLinea(linea, campo, nombre)}: «${valor}» no es una fecha válida AAAA-MM-DD.`,
  pilaCampoPeriodo: (linea: number, campo: number, nombre: string, valor: string) =>
    `${enLinea(linea, campo, nombre)}: «${valor}» no es un período válido AAAA-MM.`,
  pilaCampoTarifa: (linea: number, campo: number, nombre: string, valor: string) =>
    `${enLinea(linea, campo, nombre)}: «${valor}» no es una tarifa (fracción decimal con punto, como 0.0696000).`,
  /** Lists the allowed values when they are few (a blank one reads 'en blanco'). */
  pilaCampoValor: (
    linea: number,
    campo: number,
    nombre: string,
    valor: string,
    valores: readonly string[],
  ) =>
    valores.length <= 12
      ? `${enLinea(linea, campo, nombre)}: «${valor}» no es un valor del anexo técnico (${valores.map((v) => (v === '' ? 'en blanco' : v)).join(', ')}).`
      : `${enLinea(linea, campo, nombre)}: «${valor}» no es un valor del anexo técnico.`,
  pilaCampoValorDudoso: (linea: number, campo: number, nombre: string, valor: string) =>
    `${enLinea(linea, campo, nombre)}: «${valor}» no está confirmado en el anexo técnico; se acepta, revíselo.`,
  pilaDocumentoDigitos: (linea: number, tipo: string, valor: string) =>
    `${enLinea(linea, 4, 'número de identificación del cotizante')}: para el tipo ${tipo} solo admite dígitos; tiene «${valor}».`,
  pilaDocumentoAlfanumerico: (linea: number, valor: string) =>
    `${enLinea(linea, 4, 'número de identificación del cotizante')}: solo admite letras A-Z y dígitos; tiene «${valor}».`,
  pilaDigitoVerificacion: (dv: string, nit: string, esperado: number) =>
    `${enLinea(1, 7, 'dígito de verificación')}: es ${dv}, y el dígito de verificación del NIT ${nit} es ${esperado}.`,
  pilaTotalCotizantes: (dice: number, hay: number) =>
    `${enLinea(1, 19, 'número total de cotizantes')}: dice ${dice}, y el archivo tiene ${hay} cotizantes distintos (sin contar el tipo 40).`,
  pilaSecuencia: (linea: number, valor: string, esperada: number) =>
    `${enLinea(linea, 2, 'secuencia')}: es ${valor}; se esperaba ${String(esperada).padStart(5, '0')}.`,
  pilaNovedadSinFecha: (
    linea: number,
    campo: number,
    nombre: string,
    novedad: string,
    campoNovedad: number,
  ) => `${enLinea(linea, campo, nombre)}: la novedad ${novedad} (campo ${campoNovedad}) no trae su fecha.`,
};
