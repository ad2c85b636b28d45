import { stripAccents } from '../rules/upload';

/**
 * The administradoras' PILA codes (detail fields 31 AFP, 33 EPS, 35 CCF, 77 ARL; header field 14),
 * copied from the portal's reference data, docs/pila-arl-clases.md §4, with its confidence
 * marks (docs/decisions/128): 'C' two or more independent sources agree, '1' one source, '?' not
 * confirmed or conflicting. The authoritative table is the operators' list kept by MinSalud/UGPP,
 * which was not at hand: CCF codes in particular must not be relied on (all but three are '1' or '?').
 *
 * `nombres` are the names a contractor types, as normalized words (normalizarNombre): a typed name
 * matches an administradora when it holds every word of one of its names.
 */

export type TipoAdministradora = 'ARL' | 'AFP' | 'EPS' | 'CCF';

export type Administradora = {
  tipo: TipoAdministradora;
  codigo: string;
  nombre: string;
  nit: string | null;
  confianza: 'C' | '1' | '?';
  nombres: readonly string[];
};

const a = (
  tipo: TipoAdministradora,
  codigo: string,
  nombre: string,
  nit: string | null,
  confianza: Administradora['confianza'],
  nombres: string[],
): Administradora => ({ tipo, codigo, nombre, nit, confianza, nombres });

export const ADMINISTRADORAS: readonly Administradora[] = [
  // §4.1 ARL: five independent sources agree on every row.
  a('ARL', '14-4', 'Seguros de Vida Colpatria (AXA Colpatria)', '860002183-9', 'C', ['colpatria', 'axa']),
  a('ARL', '14-7', 'Compañía de Seguros Bolívar', '860002503-2', 'C', ['bolivar']),
  a('ARL', '14-8', 'Compañía de Seguros de Vida Aurora', '860022137-5', 'C', ['aurora']),
  a('ARL', '14-17', 'Seguros de Vida Alfa', '860503617-3', 'C', ['alfa']),
  a('ARL', '14-18', 'Liberty Seguros de Vida', '860008645-7', 'C', ['liberty']),
  a('ARL', '14-23', 'Positiva Compañía de Seguros', '860011153-6', 'C', ['positiva']),
  a('ARL', '14-25', 'Colmena Seguros', '800226175-3', 'C', ['colmena']),
  a('ARL', '14-28', 'ARL Sura', '800256161-9', 'C', ['sura', 'suratep', 'suramericana']),
  a('ARL', '14-29', 'La Equidad Seguros de Vida', '830008686-1', 'C', ['equidad']),
  a('ARL', '14-30', 'Mapfre Colombia Vida Seguros', '830054904-6', 'C', ['mapfre']),
  // §4.2 AFP: the first six rows confirmed, the rest from one source.
  a('AFP', '25-14', 'Colpensiones', '900336004-7', 'C', ['colpensiones']),
  a('AFP', '230201', 'Protección', '800229739-0', 'C', ['proteccion']),
  a('AFP', '230301', 'Porvenir', '800224808-8', 'C', ['porvenir']),
  a('AFP', '231001', 'Colfondos', '800227940-6', 'C', ['colfondos']),
  a('AFP', '230901', 'Skandia, fondo obligatorio', '800253055-2', 'C', ['skandia', 'old mutual']),
  a('AFP', '230904', 'Skandia, fondo alternativo', '830125132-2', '1', [
    'skandia alternativo',
    'old mutual alternativo',
  ]),
  a('AFP', '25-2', 'Caxdac', '860007379-8', '1', ['caxdac']),
  a('AFP', '25-3', 'Fonprecon', '899999734-7', '1', ['fonprecon']),
  a('AFP', '25-7', 'Pensiones de Antioquia', '800216278-0', '1', ['antioquia']),
  a('AFP', 'FSP001', 'Fondo de Solidaridad Pensional', null, '1', ['solidaridad pensional']),
  // §4.3 EPS (contributory regime): confirmed unless marked.
  a('EPS', 'EPS001', 'Aliansalud (antes Colmédica)', '830113831-0', 'C', ['aliansalud', 'colmedica']),
  a('EPS', 'EPS002', 'Salud Total', '800130907-4', 'C', ['salud total']),
  a('EPS', 'EPS005', 'Sanitas', '800251440-6', 'C', ['sanitas']),
  a('EPS', 'EPS008', 'Compensar', '860066942-7', 'C', ['compensar']),
  a('EPS', 'EPS010', 'EPS Sura', '800088702-2', 'C', ['sura', 'suramericana']),
  a('EPS', 'EPS012', 'Comfenalco Valle', '890303093-5', 'C', ['comfenalco valle']),
  a('EPS', 'EPS016', 'Coomeva (liquidada; código histórico)', '805000427-1', 'C', ['coomeva']),
  a('EPS', 'EPS017', 'Famisanar', '830003564-7', 'C', ['famisanar']),
  a('EPS', 'EPS018', 'S.O.S. Servicio Occidental de Salud', '805001157-2', 'C', [
    'sos',
    'servicio occidental',
  ]),
  a('EPS', 'EPS037', 'Nueva EPS', '900156264-2', 'C', ['nueva']),
  a('EPS', 'EPS042', 'Coosalud (contributivo)', null, 'C', ['coosalud']),
  a('EPS', 'EPS040', 'Savia Salud', null, '1', ['savia']),
  a('EPS', 'EPS046', 'Salud Mía', null, '1', ['salud mia']),
  a('EPS', 'EPS041', 'Nueva EPS movilidad', null, '1', ['nueva movilidad']),
  // §4.4 CCF: low confidence; the reference data says to load them from the official table.
  a('CCF', 'CCF21', 'Cafam', '860013570-3', 'C', ['cafam']),
  a('CCF', 'CCF22', 'Colsubsidio', '860007336-1', 'C', ['colsubsidio']),
  a('CCF', 'CCF26', 'Comfacundi', '860045904-7', 'C', ['comfacundi']),
  a('CCF', 'CCF24', 'Compensar', '860066942-7', '?', ['compensar']),
  a('CCF', 'CCF04', 'Comfama (también se cita CCF03)', '890900841-9', '?', ['comfama']),
  a('CCF', 'CCF03', 'Comfenalco Antioquia (también se cita CCF02)', '890900842-6', '?', [
    'comfenalco antioquia',
  ]),
  a('CCF', 'CCF57', 'Comfandi', '890303208-5', '1', ['comfandi']),
  a('CCF', 'CCF56', 'Comfenalco Valle', '890303093-5', '1', ['comfenalco valle']),
  a('CCF', 'CCF39', 'Cajasan', '890200106-1', '1', ['cajasan']),
];

/** Words that name the kind of entity, not which one ('EPS Sura', 'Seguros Bolívar S.A.'). */
const GENERICAS = new Set(
  (
    'eps eoc arl arp afp ccf sa sas s a compania cia de del la las los el y en seguros seguro vida ' +
    'riesgos laborales profesionales entidad promotora administradora fondo fondos pensiones pension ' +
    'cesantias caja cajas compensacion familiar colombia'
  ).split(' '),
);

/** Lower case, no accents, dots joined ('S.O.S.' -> 'sos'), other punctuation as spaces, generic words out. */
export function normalizarNombre(texto: string): string[] {
  return stripAccents(texto)
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w !== '' && !GENERICAS.has(w));
}

/** A code as the file writes it (trimmed, upper case). */
export function normalizarCodigo(codigo: string): string {
  return codigo.trim().toUpperCase();
}

/**
 * The administradora of a kind from what a contractor typed: a code of the table ('EPS037', '14-23'),
 * or a name ('Sura', 'SURA EPS', 'Nueva EPS', 'Positiva Compañía de Seguros S.A.'). Among the names
 * whose every word is in the text the longest wins ('Nueva EPS movilidad' is EPS041, not EPS037);
 * two administradoras tied, or none: null.
 */
export function buscarAdministradora(
  tipo: TipoAdministradora,
  texto: string | null | undefined,
): Administradora | null {
  if (texto == null || texto.trim() === '') return null;
  const delTipo = ADMINISTRADORAS.filter((x) => x.tipo === tipo);
  const codigo = normalizarCodigo(texto);
  const porCodigo = delTipo.find((x) => x.codigo === codigo);
  if (porCodigo) return porCodigo;
  const palabras = new Set(normalizarNombre(texto));
  if (palabras.size === 0) return null;
  let mejor: Administradora[] = [];
  let largo = 0;
  for (const adm of delTipo) {
    for (const nombre of adm.nombres) {
      const partes = nombre.split(' ');
      if (!partes.every((p) => palabras.has(p))) continue;
      if (partes.length > largo) {
        mejor = [adm];
        largo = partes.length;
      } else if (partes.length === largo && !mejor.includes(adm)) {
        mejor.push(adm);
      }
    }
  }
  return mejor.length === 1 ? mejor[0] : null;
}

/** The code of buscarAdministradora, or null. */
export function codigoAdministradora(
  tipo: TipoAdministradora,
  texto: string | null | undefined,
): string | null {
  return buscarAdministradora(tipo, texto)?.codigo ?? null;
}
