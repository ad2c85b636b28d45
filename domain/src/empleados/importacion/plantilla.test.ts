import { describe, expect, it } from 'vitest';
import { EMPLOYEE_FIELDS } from '../employees';
import { MSG } from '../../messages';
import { IMPORTACION_MSG } from '../messages-importacion';
import {
  COLUMNAS_PLANTILLA,
  letraColumna,
  validarEncabezados,
  validarFila,
  type ValorCelda,
} from './plantilla';

const ctx = {
  cargos: new Map([['oficial', 7]]),
  lugar: (d: string, m: string) =>
    d === 'Antioquia' && m === 'Medellín' ? null : MSG.municipalityNotInDepartment,
  hoy: '2026-11-24',
};
const fila = (o: Record<string, ValorCelda> = {}): Record<string, ValorCelda> => ({
  tipodocumento: 'CC',
  numerodocumento: 1023456789,
  nombres: 'JUAN',
  apellidos: 'PÉREZ',
  apellidos2: 'GÓMEZ',
  genero: 'MASCULINO',
  fecha_nacimiento: '1990-04-15',
  rh: 'O+',
  nivel_educativo: 'TECNICO',
  oficio_o_especialidad: 'Oficial',
  cargo: 'Oficial',
  tipo_vivienda: 'PROPIA',
  estrato: 2,
  departamento: 'Antioquia',
  ciudad: 'Antioquia - Medellín',
  barrio: 'Centro',
  contacto_caso_emergencia: 'Ana',
  tel_contacto_caso_emergencia: 3001234567,
  parentesco_caso_emergencia: 'Madre',
  salario: 1750905,
  fecini_seg_social: '2026-01-12',
  eps: 'Nueva EPS',
  arl: 'Sura',
  fondos_pensiones: 'Porvenir',
  caja_compensacion: 'Comfama',
  concepto_aptitud: 'APTO PARA EL CARGO',
  ...o,
});

describe('roster-import template (docs/decisions/137)', () => {
  it('names columns like Excel and uses the form labels as headers, in form order', () => {
    expect([1, 26, 27, 35].map(letraColumna)).toEqual(['A', 'Z', 'AA', 'AI']);
    expect(COLUMNAS_PLANTILLA.map((c) => c.encabezado).slice(0, 3)).toEqual([
      EMPLOYEE_FIELDS.tipodocumento,
      EMPLOYEE_FIELDS.numerodocumento,
      EMPLOYEE_FIELDS.nombres,
    ]);
  });

  it('maps a valid row to the employee input through the same rule set (cargo by name, municipality split)', () => {
    const r = validarFila(2, fila(), ctx);
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.empleado).toMatchObject({
        numerodocumento: '1023456789',
        campos: { cargo: 7, ciudad: 'Medellín' },
      });
  });

  it('gives every message of a broken row its row and column', () => {
    const r = validarFila(9, fila({ nombres: null, rh: 'Z', cargo: 'Nadie', numerodocumento: 'X1' }), ctx);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errores).toEqual(
        expect.arrayContaining([
          { fila: 9, columna: EMPLOYEE_FIELDS.cargo, mensaje: MSG.cargoNotFound },
          { fila: 9, columna: EMPLOYEE_FIELDS.nombres, mensaje: MSG.fieldRequired(EMPLOYEE_FIELDS.nombres) },
          { fila: 9, columna: EMPLOYEE_FIELDS.rh, mensaje: MSG.invalidField(EMPLOYEE_FIELDS.rh) },
        ]),
      );
    const otroDepto = validarFila(3, fila({ ciudad: 'Cundinamarca - Medellín' }), ctx);
    expect(otroDepto.ok).toBe(false);
    if (!otroDepto.ok)
      expect(otroDepto.errores).toEqual([
        { fila: 3, columna: EMPLOYEE_FIELDS.ciudad, mensaje: MSG.municipalityNotInDepartment },
      ]);
  });

  it('names missing, extra and renamed header columns', () => {
    const ok = COLUMNAS_PLANTILLA.map((c) => c.encabezado);
    expect(validarEncabezados(ok)).toEqual([]);
    expect(validarEncabezados([...ok, 'Notas'])[0].mensaje).toBe(
      IMPORTACION_MSG.columnaSobrante('AJ', 'Notas'),
    );
    expect(validarEncabezados(ok.slice(0, -1))[0].mensaje).toBe(
      IMPORTACION_MSG.columnaFaltante('AI', EMPLOYEE_FIELDS.nivel_certificado_curso_alturas),
    );
    const renamed = [...ok];
    renamed[2] = 'Nombre';
    expect(validarEncabezados(renamed)[0].mensaje).toBe(
      IMPORTACION_MSG.columnaCambiada('C', EMPLOYEE_FIELDS.nombres, 'Nombre'),
    );
  });
});
