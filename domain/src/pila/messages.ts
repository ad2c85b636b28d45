import { formatDia } from '../dates';

/**
 * The Spanish strings of the PILA reconciliation (docs/decisions/127 parser, 128 reconciliation; the
 * parser's are in messages-pila-archivo.ts), apart from messages.ts so that the parts can be written
 * side by side; MSG spreads them, so every screen uses MSG. Findings name the line, the field and the
 * worker ('Línea 4, campo 80 (fecha de ingreso): Ana Pérez (CC 123) ...'); dates read dd/mm/aaaa.
 */

/** '$1.423.500' (whole pesos, as PILA writes money). */
const pesos = (v: number) => `$${String(Math.round(v)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
/** A rate fraction as a percentage: 0.0696 -> '6,960 %'. */
const porcentaje = (t: number) => `${(t * 100).toFixed(3).replace('.', ',')} %`;
const enCampo = (linea: number, campo: number, nombre: string) =>
  `Línea ${linea}, campo ${campo} (${nombre})`;
const ROMANOS = ['', 'I', 'II', 'III', 'IV', 'V'];
const clase = (n: number) => `${ROMANOS[n] ?? n}`;

export const PILA_MSG = {
  /** 'Ana María Pérez (CC 1012345678)'. */
  pilaPersona: (nombre: string, tipo: string, numero: string) => `${nombre} (${tipo} ${numero})`,
  pilaNitAportante: (nitArchivo: string, nit: string) =>
    `${enCampo(1, 6, 'NIT del aportante')}: la planilla es del NIT ${nitArchivo} y el contratista tiene el NIT ${nit}. La planilla no es del contratista y no se concilia.`,
  pilaDvAportante: (dvArchivo: number | null, nit: string, dv: number) =>
    `${enCampo(1, 7, 'dígito de verificación')}: la planilla dice ${dvArchivo ?? 'nada'} y el NIT del contratista es ${nit}-${dv}. La planilla no se concilia.`,
  pilaConciliacionSinEncabezado:
    'La planilla no tiene un encabezado válido: no se puede saber de qué aportante ni de qué período es, y no se concilia.',
  /** periodo: 'Abril 2025' (formatLapso). */
  pilaPeriodo: (periodoArchivo: string, periodo: string) =>
    `${enCampo(1, 15, 'período de pago')}: la planilla es del período ${periodoArchivo} y usted la está cargando para ${periodo}. No se guardó: cargue la planilla de ${periodo}.`,
  pilaFaltante: (persona: string) =>
    `${persona} no está en la planilla, y el portal lo espera en el período (vinculado al contrato y activo en el mes, o con ingresos en portería).`,
  pilaSobrante: (linea: number, persona: string) =>
    `Línea ${linea}: ${persona} cotiza en la planilla y no está registrado en este contrato. Puede trabajar en otra obra del contratista; si trabaja en esta, regístrelo.`,
  pilaIngresoFecha: (linea: number, persona: string, fechaPila: string, fechaPortal: string) =>
    `${enCampo(linea, 80, 'fecha de ingreso')}: la novedad de ingreso de ${persona} es del ${formatDia(fechaPila)} y el portal registra su ingreso el ${formatDia(fechaPortal)}.`,
  pilaIngresoFalta: (linea: number, persona: string, fechaPortal: string) =>
    `${enCampo(linea, 15, 'ING')}: ${persona} ingresó el ${formatDia(fechaPortal)} según el portal y la planilla no reporta la novedad de ingreso.`,
  pilaRetiroFalta: (linea: number, persona: string, fechaPortal: string) =>
    `${enCampo(linea, 16, 'RET')}: ${persona} se retiró el ${formatDia(fechaPortal)} según el portal y la planilla no reporta la novedad de retiro.`,
  pilaRetiroFecha: (linea: number, persona: string, fechaPila: string, fechaPortal: string) =>
    `${enCampo(linea, 81, 'fecha de retiro')}: la novedad de retiro de ${persona} es del ${formatDia(fechaPila)} y el portal registra su retiro el ${formatDia(fechaPortal)}.`,
  pilaRetiroActivo: (linea: number, persona: string, fechaPila: string | null) =>
    `${enCampo(linea, 16, 'RET')}: la planilla retira a ${persona}${fechaPila ? ` el ${formatDia(fechaPila)}` : ''}, pero en el portal su vinculación al contrato sigue activa. Después del retiro no tiene cobertura: registre el retiro o corrija la planilla.`,
  pilaDiasArl: (linea: number, persona: string, dias: number, diasObra: number) =>
    `${enCampo(linea, 38, 'días cotizados a riesgos laborales')}: ${persona} tiene ${dias} ${dias === 1 ? 'día cotizado' : 'días cotizados'} a la ARL y ${diasObra} ${diasObra === 1 ? 'día' : 'días'} con ingreso a la obra en el mes.`,
  pilaClase: (linea: number, persona: string, claseArchivo: number, requerida: number) =>
    `${enCampo(linea, 78, 'clase de riesgo')}: ${persona} cotiza en clase ${clase(claseArchivo)} y la actividad del contrato exige clase ${clase(requerida)} o superior.`,
  pilaTarifa: (
    linea: number,
    persona: string,
    tarifa: number,
    claseArchivo: number,
    minima: number,
    maxima: number,
  ) =>
    `${enCampo(linea, 61, 'tarifa de riesgos laborales')}: ${persona} cotiza con tarifa ${porcentaje(tarifa)}, fuera del rango de la clase ${clase(claseArchivo)} (${porcentaje(minima)} a ${porcentaje(maxima)}).`,
  pilaIbc: (
    linea: number,
    campo: number,
    subsistema: string,
    persona: string,
    ibc: number,
    minimo: number,
    dias: number,
    ano: number,
  ) =>
    `${enCampo(linea, campo, `IBC ${subsistema}`)}: el IBC de ${persona} es ${pesos(ibc)} y el mínimo para ${dias} ${dias === 1 ? 'día' : 'días'} con el salario mínimo de ${ano} es ${pesos(minimo)}.`,
  pilaIbcMaximo: (
    linea: number,
    campo: number,
    subsistema: string,
    persona: string,
    ibc: number,
    maximo: number,
    ano: number,
  ) =>
    `${enCampo(linea, campo, `IBC ${subsistema}`)}: el IBC de ${persona} es ${pesos(ibc)} y el máximo, 25 salarios mínimos de ${ano}, es ${pesos(maximo)}.`,
  /** periodos: 'Mayo 2025' (formatLapso). */
  pilaPeriodoSalud: (leido: string, esperado: string, periodo: string) =>
    `${enCampo(1, 16, 'período de pago del sistema de salud')}: la planilla dice ${leido} y, para el período ${periodo}, debe decir ${esperado} (el mes siguiente). El plazo de pago se calculó con ${esperado}.`,
  pilaDiasSinNovedad: (linea: number, persona: string, dias: number) =>
    `${enCampo(linea, 37, 'días cotizados a salud')}: ${persona} cotiza ${dias} ${dias === 1 ? 'día' : 'días'} sin ninguna novedad que los explique (ingreso, retiro, licencia, incapacidad o vacaciones); sin novedad, el mes se cotiza con 30 días.`,
  pilaSinSmmlv: (ano: number) =>
    `No hay salario mínimo registrado para ${ano}: no se verificó el IBC. Un administrador debe registrarlo con su decreto.`,
  pilaEps: (
    linea: number,
    persona: string,
    codigoPila: string,
    registrada: string,
    codigoRegistrado: string,
  ) =>
    `${enCampo(linea, 33, 'código EPS')}: ${persona} cotiza a la EPS ${codigoPila} y el portal tiene registrada ${registrada} (${codigoRegistrado}).`,
  pilaArl: (
    linea: number,
    persona: string,
    codigoPila: string,
    registrada: string,
    codigoRegistrado: string,
  ) =>
    `${enCampo(linea, 77, 'código ARL')}: ${persona} cotiza a la ARL ${codigoPila} y el portal tiene registrada ${registrada} (${codigoRegistrado}).`,
  pilaPagoTardio: (fechaPago: string, fechaLimite: string, diaHabil: number) =>
    `${enCampo(1, 18, 'fecha de pago')}: la planilla se pagó el ${formatDia(fechaPago)}, después del plazo del ${formatDia(fechaLimite)} (día hábil ${diaHabil}.º del mes según los dos últimos dígitos del NIT, Decreto 1990 de 2016).`,
  pilaIbcPension: 'de pensión',
  pilaIbcSalud: 'de salud',
  pilaIbcArl: 'de riesgos laborales',
} as const;
