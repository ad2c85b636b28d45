import {
  CONCEPTOS_APTITUD,
  ESTADOS_CIVILES,
  ESTRATOS,
  GENEROS,
  NIVELES_CERTIFICADO,
  NIVELES_EDUCATIVOS,
  RH,
  TIPOS_VIVIENDA,
} from '@proveedores/domain';

/**
 * Deterministic generator of realistic employee rows (the shape stored in `empleados`) for the
 * benchmarks: same seed, same data.
 */
export type GeneratedEmployee = {
  tipo_documento: string;
  numero_documento: string;
  nombres: string;
  apellidos: string;
  apellidos2: string;
  cargo_id: number;
  datos: Record<string, string | number | null>;
};

const NOMBRES = [
  'JUAN',
  'CARLOS',
  'ANDRÉS',
  'LUIS',
  'JORGE',
  'MARÍA',
  'ANA',
  'DIANA',
  'SOFÍA',
  'PAULA',
  'JOSÉ',
  'NÉSTOR',
];
const APELLIDOS = [
  'GÓMEZ',
  'RODRÍGUEZ',
  'PÉREZ',
  'MARTÍNEZ',
  'LÓPEZ',
  'GARCÍA',
  'MUÑOZ',
  'ÁLVAREZ',
  'ZAPATA',
  'OSORIO',
  'RÍOS',
];
const EPS = ['Nueva EPS', 'Sura EPS', 'Sanitas', 'Salud Total', 'Compensar'];
const ARL = ['ARL Sura', 'Positiva', 'Colmena', 'Bolívar'];
const FONDOS = ['Porvenir', 'Protección', 'Colfondos', 'Colpensiones'];
const CAJAS = ['Comfama', 'Compensar', 'Cafam', 'Comfenalco'];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function generateEmployees(
  n: number,
  opts: {
    cargoIds: number[];
    places: Array<{ departamento: string; codigo_depto: string; ciudad: string; codigo_municipio: string }>;
    seed?: number;
  },
): GeneratedEmployee[] {
  const r = rng(opts.seed ?? 42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const date = (fromYear: number, toYear: number) =>
    `${fromYear + Math.floor(r() * (toYear - fromYear + 1))}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
  return Array.from({ length: n }, (_, i) => {
    const place = pick(opts.places);
    return {
      tipo_documento: i % 20 === 0 ? 'PPPT' : 'CC',
      numero_documento: String(10_000_000 + i * 7),
      nombres: `${pick(NOMBRES)} ${pick(NOMBRES)}`,
      apellidos: pick(APELLIDOS),
      apellidos2: pick(APELLIDOS),
      cargo_id: pick(opts.cargoIds),
      datos: {
        empleador: 'Montajes y Estructuras del Norte S.A.S.',
        genero: pick(GENEROS),
        fecha_nacimiento: date(1960, 2005),
        rh: pick(RH),
        estado_civil: pick(ESTADOS_CIVILES),
        personas_a_cargo: Math.floor(r() * 5),
        nivel_educativo: pick(NIVELES_EDUCATIVOS),
        oficio_o_especialidad: 'Oficial de construcción',
        tipo_vivienda: pick(TIPOS_VIVIENDA),
        estrato: pick(ESTRATOS),
        direccion: `Calle ${1 + Math.floor(r() * 120)} # ${1 + Math.floor(r() * 90)}-${1 + Math.floor(r() * 60)}`,
        ...place,
        barrio: 'Centro',
        numerotelefono: `60${Math.floor(1e7 + r() * 9e7)}`,
        contacto_caso_emergencia: `${pick(NOMBRES)} ${pick(APELLIDOS)}`,
        tel_contacto_caso_emergencia: `3${Math.floor(1e8 + r() * 9e8)}`,
        parentesco_caso_emergencia: 'Madre',
        salario: 1_423_500 + Math.floor(r() * 4_000_000),
        fecini_seg_social: date(2024, 2026),
        eps: pick(EPS),
        arl: pick(ARL),
        fondos_pensiones: pick(FONDOS),
        caja_compensacion: pick(CAJAS),
        fecha_examenes_medicos: date(2025, 2026),
        concepto_aptitud: pick(CONCEPTOS_APTITUD),
        fecha_cert_alturas: date(2024, 2026),
        nivel_certificado_curso_alturas: pick(NIVELES_CERTIFICADO),
      },
    };
  });
}
