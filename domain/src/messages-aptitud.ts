import { formatDia } from './dates';

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
} as const;
