import { esFechaIso, fechaIso, sumarMeses } from '@proveedores/domain/calendario';

/**
 * The dates a Colombian certificate states, read from its text (the PDF text layer or Tesseract's
 * output), decision 107. Pure: text in, ISO dates out.
 *
 * Dates: '3 de noviembre de 2026', '3 noviembre 2026', 'noviembre 3 de 2026', '3-nov-2026',
 * 'a los tres (3) días del mes de noviembre de 2026', '03/11/2026' and '03-11-2026' (day first, as
 * Colombia writes them), '2026-11-03' and '2026/11/03'.
 * Labels, each taking the first date that follows it within a short distance and before the next
 * label: expedición ('fecha de expedición', 'expedido', 'se expide', 'fecha de emisión',
 * 'fecha de generación'), vencimiento ('vigente hasta', 'válido hasta', 'fecha de vencimiento',
 * 'vence', 'vigencia ... hasta', 'fin de vigencia'), próximo examen ('próximo control', 'próximo
 * examen', 'próxima evaluación', 'fecha del siguiente examen'). Without an expedición label, a date
 * in the 'a los N días del mes de ...' formula (only used to date the signing) is the issue date.
 */

export type FechasDocumento = {
  expedicion: string | null;
  vencimiento: string | null;
  proximoExamen: string | null;
};

const MESES: Record<string, number> = {
  enero: 1,
  ene: 1,
  febrero: 2,
  feb: 2,
  marzo: 3,
  mar: 3,
  abril: 4,
  abr: 4,
  mayo: 5,
  may: 5,
  junio: 6,
  jun: 6,
  julio: 7,
  jul: 7,
  agosto: 8,
  ago: 8,
  septiembre: 9,
  setiembre: 9,
  sept: 9,
  sep: 9,
  set: 9,
  octubre: 10,
  oct: 10,
  noviembre: 11,
  nov: 11,
  diciembre: 12,
  dic: 12,
};
const MES =
  '(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|ene|feb|mar|abr|may|jun|jul|ago|sept|sep|set|oct|nov|dic)';
const ANO = '((?:19|20)\\d{2})';
const DIA = '([0-3]?\\d)';

/** How far (characters of normalized text) after a label its date may start. */
const MAX_GAP = 90;
/** Labels read at most, and at most this many in a row taken for a table header. */
const MAX_LABELS = 2000;
const MAX_HEADER = 4;
/** Text longer than this is read only up to here (a certificate's dates are on its first pages). */
export const MAX_TEXT_CHARS = 200_000;

type Found = { at: number; end: number; iso: string; formula: boolean };

/** Lower case, no accents, one space for any run of white space; same length mapping not needed. */
export function normalizar(text: string): string {
  return text
    .slice(0, MAX_TEXT_CHARS)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u00a0\s]+/g, ' ');
}

const iso = (ano: number, mes: number, dia: number): string | null => {
  if (mes < 1 || mes > 12 || dia < 1) return null;
  const v = fechaIso(ano, mes, dia);
  return esFechaIso(v) ? v : null;
};

const PATTERNS: Array<{ re: RegExp; pick: (m: RegExpExecArray) => string | null; formula?: boolean }> = [
  // 'a los tres (3) días del mes de noviembre de 2026', 'a los 3 dias del mes de noviembre del año 2026'
  {
    re: new RegExp(
      `(?:a los|el dia|hoy)?\\s*(?:[a-z]+\\s*)?\\(?${DIA}\\)?\\s*dias? del mes de ${MES},? (?:de |del )?(?:(?:ano|año) )?${ANO}`,
      'g',
    ),
    pick: (m) => iso(Number(m[3]), MESES[m[2]], Number(m[1])),
    formula: true,
  },
  // '3 de noviembre de 2026', '3 noviembre 2026', '3-nov-2026', '03 nov. 2026'
  {
    re: new RegExp(
      `\\b${DIA}(?:\\s*de\\s*|[\\s./-]+)${MES}\\.?(?:\\s*(?:de|del)\\s*|[\\s,./-]+)${ANO}\\b`,
      'g',
    ),
    pick: (m) => iso(Number(m[3]), MESES[m[2]], Number(m[1])),
  },
  // 'noviembre 3 de 2026', 'noviembre 3, 2026'
  {
    re: new RegExp(`\\b${MES}\\.? ${DIA}(?:,| de| del)? ${ANO}\\b`, 'g'),
    pick: (m) => iso(Number(m[3]), MESES[m[1]], Number(m[2])),
  },
  // '2026-11-03', '2026/11/03', '2026.11.03'
  {
    re: new RegExp(`\\b${ANO}[-/.]([01]?\\d)[-/.]${DIA}\\b`, 'g'),
    pick: (m) => iso(Number(m[1]), Number(m[2]), Number(m[3])),
  },
  // '03/11/2026', '3-11-2026', '03.11.2026': day first
  {
    re: new RegExp(`\\b${DIA}[-/.]([01]?\\d)[-/.]${ANO}\\b`, 'g'),
    pick: (m) => iso(Number(m[3]), Number(m[2]), Number(m[1])),
  },
];

/** Every date in the normalized text, by position (overlaps: the earliest, then the longest). */
export function fechasEn(norm: string): Found[] {
  const all: Found[] = [];
  for (const p of PATTERNS) {
    p.re.lastIndex = 0;
    for (let m = p.re.exec(norm); m; m = p.re.exec(norm)) {
      const v = p.pick(m);
      if (v) {
        const lead = m[0].length - m[0].trimStart().length;
        all.push({ at: m.index + lead, end: m.index + m[0].length, iso: v, formula: !!p.formula });
      }
    }
  }
  all.sort((a, b) => a.at - b.at || b.end - a.end);
  // Sorted by start: a date overlapping the last one kept is dropped (linear).
  const out: Found[] = [];
  for (const f of all) if (out.length === 0 || f.at >= out[out.length - 1].end) out.push(f);
  return out;
}

type Campo = keyof FechasDocumento;
type Label = { campo: Campo; at: number; end: number; weak: boolean };

const LABELS: Array<{ campo: Campo; re: RegExp }> = [
  {
    campo: 'proximoExamen',
    re: /\b(?:fecha (?:del? )?)?(?:proxim[oa]|siguiente) (?:control|examen|evaluacion|valoracion|cita)(?: medic[oa])?(?: (?:ocupacional|periodic[oa]))*/g,
  },
  {
    campo: 'vencimiento',
    re: /\b(?:fecha (?:de )?(?:vencimiento|expiracion|terminacion de (?:la )?vigencia)|vigente hasta(?: el)?|valid[oa] hasta(?: el)?|vence(?: el)?|fin de (?:la )?vigencia|vigencia(?: de la poliza)?:? (?:desde )?[^.;]{0,60}? hasta(?: el)?|hasta el dia)\b/g,
  },
  {
    campo: 'expedicion',
    re: /\b(?:fecha (?:de |del )?(?:expedici.n|emisi.n|generaci.n|impresi.n|certificaci.n|examen|evaluaci.n|realizaci.n)|expedid[oa](?: el| en [a-z .]{1,40}? el)?|se expide(?: [^.;]{0,60}?(?= (?:a los|el|\d)))?|emitid[oa] el|fecha(?= ?:))\b/g,
  },
];

const NUMEROS: Record<string, number> = { un: 1, uno: 1, una: 1, dos: 2, tres: 3, seis: 6, doce: 12 };
/** 'en 12 meses', 'en un año', '1 año': a próximo examen stated as a lapse from the exam. */
const LAPSO = /^[\s:.-]*(?:en |dentro de )?(\d{1,2}|un|uno|una|dos|tres|seis|doce) (mes|meses|ano|anos)\b/;

/**
 * The expedición, vencimiento and próximo examen dates stated in a document's text, ISO or null.
 */
export function leerFechas(text: string): FechasDocumento {
  const norm = normalizar(text);
  const dates = fechasEn(norm);
  const labels: Label[] = [];
  for (const l of LABELS) {
    l.re.lastIndex = 0;
    for (let m = l.re.exec(norm); m; m = l.re.exec(norm)) {
      // A bare 'fecha:' is a weak expedición label: it yields to any explicit one.
      labels.push({ campo: l.campo, at: m.index, end: m.index + m[0].length, weak: m[0] === 'fecha' });
    }
  }
  // A label inside a longer one ('fecha' of 'fecha de expedicion') is the longer one: sorted by
  // start, longest first, a label ending within the reach of an earlier one is dropped (linear).
  labels.sort((a, b) => a.at - b.at || b.end - a.end);
  const kept: Label[] = [];
  let reach = -1;
  for (const l of labels) {
    if (l.end <= reach) continue;
    kept.push(l);
    reach = l.end;
    if (kept.length >= MAX_LABELS) break;
  }
  /** Index of the first date starting at or after `pos` (binary search: dates are sorted). */
  const firstDate = (pos: number) => {
    let lo = 0;
    let hi = dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (dates[mid].at < pos) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const out: FechasDocumento = { expedicion: null, vencimiento: null, proximoExamen: null };
  const weak: Partial<FechasDocumento> = {};
  let lapso: { meses: number } | null = null;
  const assign = (l: Label, iso: string) => {
    if (l.weak) weak[l.campo] ??= iso;
    else out[l.campo] ??= iso;
  };
  // Labels in a row with no date between them are a table header ('Fecha de expedición  Fecha de
  // vencimiento' over '01/02/2026  01/02/2027'): the dates that follow fill them in order.
  for (let i = 0; i < kept.length;) {
    let j = i;
    while (
      j + 1 < kept.length &&
      j - i + 1 < MAX_HEADER &&
      kept[j + 1].at - kept[j].end <= 40 &&
      !((dates[firstDate(kept[j].end)]?.at ?? Infinity) < kept[j + 1].at)
    )
      j++;
    const group = kept.slice(i, j + 1);
    const last = group[group.length - 1];
    const stop = Math.min(last.end + MAX_GAP * group.length, kept[j + 1]?.at ?? Infinity);
    const after: Found[] = [];
    for (
      let k = firstDate(last.end);
      k < dates.length && dates[k].at <= stop && after.length < group.length;
      k++
    )
      after.push(dates[k]);
    if (group.length === 1 && after.length === 0 && last.campo === 'proximoExamen') {
      const m = LAPSO.exec(norm.slice(last.end, last.end + 40));
      if (m) {
        const n = NUMEROS[m[1]] ?? Number(m[1]);
        lapso ??= { meses: m[2].startsWith('mes') ? n : n * 12 };
      }
    }
    after.forEach((d, k) => assign(group[k], d.iso));
    i = j + 1;
  }
  out.expedicion ??= weak.expedicion ?? dates.find((d) => d.formula)?.iso ?? null;
  if (!out.proximoExamen && lapso && out.expedicion)
    out.proximoExamen = sumarMeses(out.expedicion, lapso.meses);
  return out;
}
