import { describe, expect, it } from 'vitest';
import {
  EMPLOYEE_FIELDS,
  MSG,
  anosCumplidos,
  NIVELES_CERTIFICADO,
  NIVELES_EDUCATIVOS,
  REQUIRED_EMPLOYEE_FIELDS,
  SOCIODEMOGRAFICO_COLUMNS,
  missingEmployeeFields,
  normalizeDocumentNumber,
  problemaDocumento,
  validateEmployee,
} from '../index';

const TODAY = '2026-06-15';
const valid = {
  tipodocumento: 'CC',
  numerodocumento: '1.023.456.789',
  nombres: '  juan   carlos ',
  apellidos: 'PÉREZ',
  apellidos2: 'GÓMEZ',
  genero: 'MASCULINO',
  fecha_nacimiento: '1990-04-15',
  rh: 'O+',
  nivel_educativo: 'PREGRADO',
  oficio_o_especialidad: 'Oficial',
  cargo: '3',
  tipo_vivienda: 'PROPIA',
  estrato: 3,
  departamento: 'Antioquia',
  ciudad: 'Medellín',
  barrio: 'Centro',
  contacto_caso_emergencia: 'Ana',
  tel_contacto_caso_emergencia: '300 123 4567',
  parentesco_caso_emergencia: 'Madre',
  salario: '1750905.5',
  fecini_seg_social: '2026-01-12',
  eps: 'Nueva EPS',
  arl: 'Sura',
  fondos_pensiones: 'Porvenir',
  caja_compensacion: 'Comfama',
  concepto_aptitud: 'APTO PARA EL CARGO',
  direccion: '',
};

describe("employee rules (the contract's validation rules)", () => {
  it('lists the 24 required labels of the contract in form order', () => {
    expect(missingEmployeeFields({})).toEqual(REQUIRED_EMPLOYEE_FIELDS.map((k) => EMPLOYEE_FIELDS[k]));
    expect(missingEmployeeFields({})).toHaveLength(24);
    expect(missingEmployeeFields({ ...valid, barrio: '   ' })).toEqual(['Barrio']);
  });

  it('normalizes a valid payload: key, trimmed text, numbers, blank as null', () => {
    const r = validateEmployee(valid, TODAY);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({ tipodocumento: 'CC', numerodocumento: '1023456789', contratoid: null });
    expect(r.data.campos).toMatchObject({
      nombres: 'juan carlos',
      cargo: 3,
      estrato: '3',
      salario: 1750905.5,
      direccion: null,
    });
    expect('obra' in r.data.campos).toBe(false);
  });

  it('reads the two list values first written misspelt as their right spelling, and lists only the right one', () => {
    const r = validateEmployee(
      {
        ...valid,
        nivel_educativo: 'PREGADO',
        nivel_certificado_curso_alturas: 'VIGIA DE SEGURIDAD DE TRABAJO EN ESPACIOS CONFINDOS',
      },
      TODAY,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.campos).toMatchObject({
      nivel_educativo: 'PREGRADO',
      nivel_certificado_curso_alturas: 'VIGIA DE SEGURIDAD DE TRABAJO EN ESPACIOS CONFINADOS',
    });
    expect(NIVELES_EDUCATIVOS).not.toContain('PREGADO');
    expect(NIVELES_CERTIFICADO.some((v) => v.includes('CONFINDOS'))).toBe(false);
    expect(validateEmployee({ ...valid, nivel_educativo: 'PREGRADOS' }, TODAY).ok).toBe(false);
  });

  it('puts the identification first, then missing fields, then invalid values', () => {
    const r = validateEmployee({ nombres: 'A', genero: 'X' }, TODAY);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toBe(MSG.employeeIdRequired);
    expect(r.errors[1]).toBe(MSG.fieldRequired('Primer Apellido'));
    expect(r.errors.at(-1)).toBe(MSG.invalidField('Género'));
  });

  it('checks ages on the given day (15 to 100 years; under 15 with its own message, Ley 1098 de 2006 art. 35)', () => {
    expect(
      validateEmployee({ ...valid, fecha_nacimiento: '2011-06-15', fecini_seg_social: '2026-06-15' }, TODAY)
        .ok,
    ).toBe(true);
    expect(
      validateEmployee({ ...valid, fecha_nacimiento: '2011-06-16', fecini_seg_social: '2026-06-16' }, TODAY),
    ).toEqual({
      ok: false,
      errors: [MSG.workerUnderMinimumAge],
    });
    expect(
      validateEmployee({ ...valid, fecha_nacimiento: '2026-06-16', fecini_seg_social: '2026-06-16' }, TODAY),
    ).toEqual({ ok: false, errors: [MSG.birthDateOutOfRange, MSG.entryDateOutOfRange] });
    expect(anosCumplidos('1926-06-16', TODAY)).toBe(99);
    expect(validateEmployee({ ...valid, fecha_nacimiento: '1925-06-14' }, TODAY).ok).toBe(false);
  });

  it('refuses an entry date before the worker turned 15 or more than a year ahead', () => {
    expect(validateEmployee({ ...valid, fecini_seg_social: '2003-01-01' }, TODAY)).toEqual({
      ok: false,
      errors: [MSG.entryDateOutOfRange],
    });
    expect(validateEmployee({ ...valid, fecini_seg_social: '2027-06-16' }, TODAY)).toEqual({
      ok: false,
      errors: [MSG.entryDateOutOfRange],
    });
    expect(validateEmployee({ ...valid, fecini_seg_social: '2027-06-15' }, TODAY).ok).toBe(true);
  });

  it('refuses two different spellings of the key', () => {
    const r = validateEmployee({ ...valid, identificacion: '999' }, TODAY);
    expect(r).toEqual({ ok: false, errors: [MSG.documentAliasConflict] });
    expect(validateEmployee({ ...valid, identificacion: '1023456789' }, TODAY).ok).toBe(true);
  });

  it("refuses a number without its kind's shape with the rule message; offers CE, PA and TI", () => {
    expect(validateEmployee({ ...valid, numerodocumento: '12ab34' }, TODAY)).toEqual({
      ok: false,
      errors: [problemaDocumento('CC', '12AB34')],
    });
    expect(validateEmployee({ ...valid, numerodocumento: '10010A2005' }, TODAY).ok).toBe(false);
    for (const [tipodocumento, numerodocumento] of [
      ['CE', 'e123456'],
      ['PA', 'AX1234567'],
      ['TI', '1002003004'],
      ['PPPT', '4567890'],
    ])
      expect(validateEmployee({ ...valid, tipodocumento, numerodocumento }, TODAY)).toMatchObject({
        ok: true,
        data: { tipodocumento, numerodocumento: numerodocumento.toUpperCase() },
      });
  });

  it('normalizes document numbers', () => {
    expect(normalizeDocumentNumber(' 1.023 456 ')).toBe('1023456');
    expect(normalizeDocumentNumber('ab-12')).toBe('AB-12');
  });

  it('has 41 socio-demographic columns, cargo last', () => {
    expect(SOCIODEMOGRAFICO_COLUMNS).toHaveLength(41);
    expect(SOCIODEMOGRAFICO_COLUMNS.at(-1)?.key).toBe('cargo');
  });
});
