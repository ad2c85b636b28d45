import { describe, expect, it } from 'vitest';
import { extensionesInput, requisitoCreateBody } from '../catalogo/catalog';
import { empresaCreateBody, parseNitConDv } from '../empresas/companies';
import { MSG } from '../messages';
import { motivoRechazoTexto, rejectBody, reviewQueueQuery, staffFecha } from './review';

describe('review schemas', () => {
  it('builds the rejection reason from the standard reason and the free text', () => {
    expect(motivoRechazoTexto({ motivo: 'Documento ilegible', observacion: 'página 2' })).toBe(
      'Documento ilegible. página 2',
    );
    expect(motivoRechazoTexto({ motivo: 'Documento ilegible.', observacion: 'página 2' })).toBe(
      'Documento ilegible. página 2',
    );
    expect(motivoRechazoTexto({ observacion: '  Falta firma  ' })).toBe('Falta firma');
    expect(motivoRechazoTexto({})).toBe('');
  });
  it('requires a reason of 3..1000 characters', () => {
    expect(rejectBody.safeParse({}).error?.issues[0].message).toBe(MSG.reviewReasonRequired);
    expect(rejectBody.safeParse({ observacion: 'ab' }).error?.issues[0].message).toBe(MSG.reviewReasonLength);
    expect(rejectBody.safeParse({ observacion: 'abc' }).success).toBe(true);
    expect(rejectBody.safeParse({ motivo: 'x'.repeat(600), observacion: 'y'.repeat(600) }).success).toBe(
      false,
    );
    expect(rejectBody.safeParse({ observacion: 'abc', estado: 1 }).success).toBe(false);
  });
  it('accepts only real calendar dates and ordered ranges', () => {
    expect(staffFecha.safeParse('2026-02-28').success).toBe(true);
    expect(staffFecha.safeParse('2026-02-29').success).toBe(false);
    expect(staffFecha.safeParse('28/02/2026').success).toBe(false);
    expect(reviewQueueQuery.safeParse({ desde: '2026-03-02', hasta: '2026-03-01' }).success).toBe(false);
    expect(reviewQueueQuery.parse({})).toEqual({ page: 1, pageSize: 20 });
  });
});

describe('catalogue schemas', () => {
  it('normalises extension lists and refuses unknown ones', () => {
    expect(extensionesInput.parse(' PDF, .xlsx ,xls,pdf')).toBe('pdf,xlsx,xls');
    expect(extensionesInput.parse(['JPG', 'png'])).toBe('jpg,png');
    expect(extensionesInput.safeParse('pdf,exe').success).toBe(false);
    expect(extensionesInput.safeParse('').success).toBe(false);
  });
  it('upper-cases and checks the code', () => {
    expect(
      requisitoCreateBody.parse({ modulo: 'sg-sst', codigo: 'e40', nombreCorto: 'Algo', extensiones: 'pdf' })
        .codigo,
    ).toBe('E40');
    expect(
      requisitoCreateBody.safeParse({
        modulo: 'sg-sst',
        codigo: 'E 40',
        nombreCorto: 'Algo',
        extensiones: 'pdf',
      }).success,
    ).toBe(false);
  });
});

describe('company schemas', () => {
  it('requires the right DIAN check digit, in either form', () => {
    expect(parseNitConDv('800197268-4')).toEqual({ nit: '800197268', dv: 4 });
    expect(parseNitConDv('800.197.268-4')).toEqual({ nit: '800197268', dv: 4 });
    expect(parseNitConDv('800197268', 4)).toEqual({ nit: '800197268', dv: 4 });
    expect(parseNitConDv('800197268-5')).toBeNull();
    expect(parseNitConDv('800197268')).toBeNull();
    expect(parseNitConDv('800197268-4', 5)).toBeNull();
    const body = { razonSocial: 'Empresa S.A.S.', correo: 'A@B.CO' };
    expect(empresaCreateBody.parse({ ...body, nit: '800197268-4' })).toMatchObject({
      nit: '800197268',
      dv: 4,
      correo: 'a@b.co',
    });
    expect(empresaCreateBody.safeParse({ ...body, nit: '800197268-5' }).error?.issues[0].message).toBe(
      MSG.empresaNitInvalido,
    );
  });
});
