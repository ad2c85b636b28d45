import { formatDia } from '../dates';

/**
 * Spanish adjective endings that agree with an item's short name: 'Certificado ... vencido',
 * 'Planilla ... vencida', 'Indicadores ... vencidos'. Judged from the name's first word (the noun in
 * the catalogue's names); masculine singular when unsure.
 */
function concordancia(item: string): '' | 'a' | 's' | 'as' {
  const w = (item.trim().split(/\s+/)[0] ?? '').toLowerCase();
  const plural = w.length > 3 && /[^iu]s$/.test(w);
  const base = plural ? w.replace(/(?<=[^aeiouáéíóú])es$|s$/, '') : w;
  const femenino = /(ión|dad|triz)$/.test(base) || /[^m]a$/.test(base);
  return plural ? (femenino ? 'as' : 's') : femenino ? 'a' : '';
}

/** 'vencido' agreeing with the item ('vencida', 'vencidos'...). */
function adj(raiz: string, item: string): string {
  const c = concordancia(item);
  return `${raiz}${c === '' ? 'o' : c === 'a' ? 'a' : c === 's' ? 'os' : 'as'}`;
}

/**
 * The Spanish strings of site access (aptitud), apart from messages.ts so that the parts of this work
 * can be written side by side (decision 121); MSG spreads them, so every screen uses MSG.
 */
export const APTITUD_MSG = {
  /** A counted item approved whose validity ended: 'Certificado de trabajo en alturas vencido el 12/03/2026'. */
  aptitudVencido: (item: string, vigenciaHasta: string) =>
    `${item} ${adj('vencid', item)} el ${formatDia(vigenciaHasta)}`,
  aptitudPendienteAprobar: (item: string) => `${item} pendiente por aprobar`,
  aptitudNoCargado: (item: string) => `${item} no ${adj('cargad', item)}`,
  aptitudRechazado: (item: string) => `${item} ${adj('rechazad', item)}`,
  /**
   * 'Menor de edad (16 años): la actividad «Estructura en concreto» es trabajo en alturas y de riesgo
   * clase V, prohibido a menores de 18 años (Resolución 4272 de 2021 art. 61 lit. j; ...).'
   */
  aptitudMenorDeEdad: (edad: number, actividad: string, es: string[], bases: string[]) =>
    `Menor de edad (${edad} años): la actividad «${actividad}» es trabajo ${
      es.length > 1 ? `${es.slice(0, -1).join(', ')} y ${es[es.length - 1]}` : es[0]
    }, prohibido a menores de 18 años (${bases.join('; ')}).`,
  aptitudMenorDeQuince: (edad: number, minima: number, base: string) =>
    `Menor de edad (${edad} años): nadie menor de ${minima} años puede trabajar (${base}).`,
  /** A reason no temporary authorization lifts (decision 182), with its norm. */
  aptitudNoDispensado: (motivo: string, base: string | null) =>
    `${motivo}: no se dispensa con una autorización temporal${base ? ` (${base})` : ''}`,
  /** POST autorizaciones refused: what would keep the worker out anyway, one line each. */
  aptitudAutorizacionNoPosible: (motivos: string[]) =>
    `La autorización temporal no haría apto al trabajador: ninguna autorización reemplaza estas condiciones de ingreso.\n${motivos.map((m) => `• ${m}`).join('\n')}`,
  /** One line of that answer: 'Certificado de afiliación a ARL no cargado (Decreto 1072 ...)'. */
  aptitudNoDispensable: (motivo: string, base: string | null) => (base ? `${motivo} (${base})` : motivo),
  aptitudApto: 'Apto',
  aptitudNoApto: 'No apto',
  aptitudAutorizado: 'Apto por autorización temporal',
  aptitudAutorizacionHasta: (hasta: string) => `Autorización temporal hasta el ${formatDia(hasta)}`,
  aptitudAutorizacionRango: (max: number) =>
    `La autorización temporal debe terminar entre hoy y dentro de ${max} días.`,
  aptitudNoVinculado: 'El trabajador no está vinculado a este contrato o el contrato no está activo.',
  aptitudAutorizacionNoExiste: 'La autorización temporal no existe.',
  aptitudAutorizacionRevocada: 'La autorización temporal ya fue revocada.',
  aptitudProyectoNoExiste: 'El proyecto no existe.',
  // ---- Fitness pages (decision 125): contractor 'Aptitud del personal', staff 'Personal en obra' ----
  paginaAptitudTitulo: 'Aptitud del personal',
  paginaAptitudIntro:
    'Trabajadores del contrato que pueden ingresar a la obra en la fecha elegida y, para los que no, qué documento falta. Cargue el documento desde el motivo.',
  paginaFecha: 'Fecha',
  paginaBuscar: 'Buscar',
  paginaBuscarPlaceholder: 'Nombre o documento',
  paginaColTrabajador: 'Trabajador',
  paginaColDocumento: 'Documento',
  paginaColEstado: 'Estado',
  paginaColMotivos: 'Motivos',
  paginaColVence: 'Vence',
  paginaApto: 'Apto',
  paginaNoApto: 'No apto',
  paginaAutorizado: 'Apto por autorización',
  paginaAutorizadoHasta: (hasta: string) => `Autorización hasta ${hasta}`,
  paginaSinMotivos: 'Sin pendientes',
  paginaCargar: 'Cargar',
  paginaCargarItem: (item: string) => `Cargar ${item}`,
  paginaSinTrabajadores: 'El contrato no tiene trabajadores registrados.',
  paginaImprimirCarnes: 'Imprimir carnés',
  paginaTablaAptitud: 'Aptitud de los trabajadores del contrato',
  paginaResumen: (aptos: number, noAptos: number) =>
    `${aptos} ${aptos === 1 ? 'apto' : 'aptos'}, ${noAptos} ${noAptos === 1 ? 'no apto' : 'no aptos'}`,
  obraTitulo: 'Personal en obra',
  obraIntro:
    'Trabajadores de los contratistas de un proyecto: quién es apto en la fecha, quién no y por qué, y quién está dentro de la obra ahora.',
  obraProyecto: 'Proyecto',
  obraElijaProyecto: 'Seleccione un proyecto',
  obraContrato: 'Contrato',
  obraTodosContratos: 'Todos los contratos',
  obraFiltroEstado: 'Mostrar',
  obraFiltroTodos: 'Todos',
  obraFiltroAptos: 'Aptos',
  obraFiltroNoAptos: 'No aptos',
  obraFiltroDentro: 'Dentro de la obra',
  obraColContratista: 'Contratista',
  obraColDentro: 'Dentro',
  obraColUltimoRegistro: 'Último registro',
  obraDentroSi: 'Sí',
  obraDentroNo: 'No',
  obraCuentaAptos: 'Aptos',
  obraCuentaNoAptos: 'No aptos',
  obraCuentaDentro: 'Dentro',
  obraExportarExcel: 'Exportar a Excel',
  obraSinFilas: 'No hay trabajadores que coincidan con los filtros.',
  obraTabla: 'Trabajadores del proyecto',
  obraTabPersonal: 'Personal',
  obraTabHorasHombre: 'Horas hombre',
  obraAutorizar: 'Autorización temporal',
  obraRevocar: 'Revocar autorización',
  obraRevocarConfirmar: (nombre: string) => `¿Revocar la autorización temporal de ${nombre}?`,
  obraRevocada: 'La autorización temporal fue revocada.',
  obraAutorizacionTitulo: 'Autorización temporal de ingreso',
  obraAutorizacionMotivo: 'Motivo',
  obraAutorizacionMotivoAyuda: 'Entre 5 y 500 caracteres: por qué puede ingresar sin el documento.',
  obraAutorizacionHasta: 'Hasta (inclusive)',
  obraAutorizacionHastaAyuda: (max: number) => `Como máximo ${max} días a partir de hoy.`,
  obraAutorizacionGuardar: 'Autorizar',
  obraAutorizacionCancelar: 'Cancelar',
  obraAutorizacionCreada: 'La autorización temporal quedó registrada.',
  obraAutorizacionMotivoCorto: 'Escriba un motivo de al menos 5 caracteres.',
  obraAutorizacionHastaInvalida: (max: number) => `Elija una fecha entre hoy y ${max} días después.`,
  obraHorasMes: 'Mes',
  obraHorasColHoras: 'Horas hombre',
  obraHorasColTrabajadores: 'Trabajadores',
  obraHorasSinDatos: 'No hay registros de portería en el mes.',
  obraHorasM04: (horas: string) => `Horas hombre del mes (portería): ${horas}`,
  obraHorasColDias: 'Días trabajados',
  obraHorasColSinSalida: 'Días sin salida',
  obraHorasTabla: 'Horas hombre por contratista en el mes',
  obraHorasTotal: 'Total',
  obraHorasMesDe: (mes: string) => `Horas hombre de ${mes}, según los registros de portería.`,
} as const;
