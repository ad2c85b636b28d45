import { describe, expect, it } from 'vitest';
import { normalizeDocumentNumber, TIPOS_DOCUMENTO, TIPOS_DOCUMENTO_OPCIONES } from '../empleados/employees';
import { MSG } from '../messages';
import { DOCUMENTO_MSG } from '../evidencias/messages-documento';
import { FORMAS_DOCUMENTO, problemaDocumento } from './documento-identidad';

/** The identity-document rule: each kind's number shape, with its issuer and basis as data. */
describe('identity-document numbers', () => {
  const cc = DOCUMENTO_MSG.soloDigitos('la cédula de ciudadanía (CC)', 3, 10);

  it('CC: digits only, 3 to 10 (the audit: 12ab34, 10010A2005)', () => {
    for (const ok of ['123', '1023456789', normalizeDocumentNumber('1.023.456.789')])
      expect(problemaDocumento('CC', ok), ok).toBeNull();
    for (const bad of ['12AB34', '10010A2005', '12', '12345678901', '1023-456'])
      expect(problemaDocumento('CC', bad), bad).toBe(cc);
    expect(cc.startsWith(MSG.invalidDocumentNumber)).toBe(true);
    expect(cc).toContain('de 3 a 10');
  });

  it('TI: digits, 10 or 11', () => {
    expect(problemaDocumento('TI', '1002003004')).toBeNull();
    expect(problemaDocumento('TI', '10020030045')).toBeNull();
    expect(problemaDocumento('TI', '100200300')).toBe(
      DOCUMENTO_MSG.soloDigitos('la tarjeta de identidad (TI)', 10, 11),
    );
    expect(problemaDocumento('TI', '10020030A4')).not.toBeNull();
  });

  it('CE: letters and digits up to 12; PA: letters and digits up to 20', () => {
    expect(problemaDocumento('CE', '123456')).toBeNull();
    expect(problemaDocumento('CE', 'E1234567')).toBeNull();
    expect(problemaDocumento('CE', '1234567890123')).toBe(
      DOCUMENTO_MSG.alfanumerico('la cédula de extranjería (CE)', 3, 12),
    );
    expect(problemaDocumento('CE', '12-3456')).not.toBeNull();
    expect(problemaDocumento('PA', 'AX1234567')).toBeNull();
    expect(problemaDocumento('PA', 'AX-123')).toBe(DOCUMENTO_MSG.alfanumerico('el pasaporte (PA)', 3, 20));
  });

  it('PPPT (the specification code of the PPT): digits; work visa: letters, digits, hyphens', () => {
    expect(problemaDocumento('PPPT', '4567890')).toBeNull();
    expect(problemaDocumento('PPPT', 'AB12345')).toBe(
      DOCUMENTO_MSG.soloDigitos('el permiso por protección temporal (PPT)', 3, 10),
    );
    expect(problemaDocumento('VISA DE TRABAJO', 'AB-12345')).toBeNull();
    expect(problemaDocumento('VISA DE TRABAJO', 'AB_12345')).not.toBeNull();
  });

  it('every document type offered has a shape, a label and its basis; the specification three come first', () => {
    expect(TIPOS_DOCUMENTO.slice(0, 3)).toEqual(['CC', 'PPPT', 'VISA DE TRABAJO']);
    expect(TIPOS_DOCUMENTO).toEqual(expect.arrayContaining(['CE', 'PA', 'TI']));
    for (const t of TIPOS_DOCUMENTO) expect(FORMAS_DOCUMENTO[t].base.length, t).toBeGreaterThan(40);
    expect(TIPOS_DOCUMENTO_OPCIONES.map((o) => o.label)).toEqual(
      expect.arrayContaining(['CC', 'PPPT - PERMISO POR PROTECCION TEMPORAL', 'VISA DE TRABAJO']),
    );
  });
});
