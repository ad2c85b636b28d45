import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AVISO_DATOS_VERSION,
  EMPLOYEE_FIELDS,
  MSG,
  REQUIRED_EMPLOYEE_FIELDS,
  missingEmployeeFields,
  problemaDocumento,
} from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { contractIds, firstCargo, postEmployee, validEmployee } from '../../test/empleados';

describe('employees: lookup, create, update, validation', async () => {
  const app = await createTestApp();
  let a: Record<string, string>;
  let b: Record<string, string>;
  let cargo: number;
  const auditRows = (evento: string) =>
    query<{ datos: Record<string, unknown>; empresa_id: number }>(
      app.db,
      sql`SELECT datos, empresa_id FROM auditoria WHERE evento = ${evento} ORDER BY id`,
    );
  const employeeCount = async () =>
    (await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM empleados`))[0].n;

  beforeAll(async () => {
    a = await authHeaders(app, CONTRACTOR_A);
    b = await authHeaders(app, CONTRACTOR_B);
    cargo = (await firstCargo(app, a)).id;
  });

  it('answers 404 with a message for an unknown employee', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/contratista/empleados/CC/99999999',
      headers: a,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.employeeNotFound);
  });

  it('creates an employee, records the data authorization and audits it; the lookup reads every field back', async () => {
    const before = await auditRows('empleado.saved');
    const res = await postEmployee(app, a, validEmployee(cargo, { obra: 'Torre 3' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: MSG.employeeSaved, creado: true });
    expect(body.id).toBeGreaterThan(0);

    const get = await app.inject({
      method: 'GET',
      url: '/api/contratista/empleados/CC/1023456789',
      headers: a,
    });
    expect(get.statusCode).toBe(200);
    const e = get.json();
    expect(e).toMatchObject({
      id: body.id,
      tipodocumento: 'CC',
      tipoIdentificacion: 'CC',
      numerodocumento: '1023456789',
      identificacion: '1023456789',
      nombres: 'JUAN CARLOS',
      apellidos: 'PÉREZ',
      apellidos2: 'GÓMEZ',
      genero: 'MASCULINO',
      fecha_nacimiento: '1990-04-15',
      personas_a_cargo: 2,
      cargo,
      estrato: '2',
      departamento: 'Antioquia',
      codigo_depto: '05',
      ciudad: 'Medellín',
      codigo_municipio: '05001',
      salario: 1750905,
      fecini_seg_social: '2026-01-12',
      concepto_aptitud: 'APTO PARA ALTURAS',
      fecha_cert_espacios_confina: null,
      obra: 'Torre 3',
      contratos: [],
      autorizacion_version: AVISO_DATOS_VERSION,
    });
    expect(Date.parse(e.autorizacion_datos_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.empleado).toEqual(e);

    const after = await auditRows('empleado.saved');
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ datos: { empleadoId: body.id, creado: true } });
  });

  it('finds the employee with dots and spaces in the number', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/contratista/empleados/CC/1.023.456.789',
      headers: a,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().numerodocumento).toBe('1023456789');
  });

  it('updates the same employee: same id, changed fields, untouched fields kept, authorization time unchanged', async () => {
    const first = (
      await app.inject({ method: 'GET', url: '/api/contratista/empleados/CC/1023456789', headers: a })
    ).json();
    const payload = validEmployee(cargo, {
      salario: '2100000',
      barrio: 'Buenos Aires',
      apellidos2: 'GÓMEZ RUIZ',
    });
    delete payload.tipodocumento;
    delete payload.numerodocumento;
    const res = await postEmployee(app, a, {
      ...payload,
      tipoIdentificacion: 'CC',
      identificacion: '1.023.456.789',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, creado: false });
    const e = res.json().empleado;
    expect(e).toMatchObject({
      salario: 2100000,
      barrio: 'Buenos Aires',
      apellidos2: 'GÓMEZ RUIZ',
      obra: 'Torre 3',
    });
    expect(e.autorizacion_datos_at).toBe(first.autorizacion_datos_at);
    expect((await auditRows('empleado.saved')).at(-1)).toMatchObject({
      datos: { empleadoId: first.id, creado: false },
    });
  });

  it('links the employee to a contract of the company given as contratoid', async () => {
    const [contrato] = await contractIds(app, CONTRACTOR_A.username);
    const res = await postEmployee(app, a, validEmployee(cargo, { contratoid: contrato }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().empleado.contratos).toEqual([contrato]);
  });

  it("refuses another company's contract and saves nothing", async () => {
    const [contratoB] = await contractIds(app, CONTRACTOR_B.username);
    const count = await employeeCount();
    const res = await postEmployee(
      app,
      a,
      validEmployee(cargo, { numerodocumento: '55667788', contratoid: contratoB }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.employeeContractUnknown);
    expect(await employeeCount()).toBe(count);
  });

  it('links an existing employee to another contract with the link endpoint (idempotent)', async () => {
    const ids = await contractIds(app, CONTRACTOR_A.username);
    const url = '/api/contratista/empleados/CC/1023456789/contratos';
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'POST', url, headers: a, payload: { contratoid: ids[1] } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: MSG.employeeLinked,
        contratos: [...ids].sort((x, y) => x - y),
      });
    }
    const [contratoB] = await contractIds(app, CONTRACTOR_B.username);
    const foreign = await app.inject({ method: 'POST', url, headers: a, payload: { contratoid: contratoB } });
    expect(foreign.statusCode).toBe(404);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados/CC/4455/contratos',
      headers: a,
      payload: { contratoid: ids[0] },
    });
    expect(unknown.statusCode).toBe(404);
  });

  describe('required fields of the contract', () => {
    it.each(REQUIRED_EMPLOYEE_FIELDS.map((k) => [k, EMPLOYEE_FIELDS[k]]))(
      '%s (%s) blank or absent is refused by name',
      async (key, label) => {
        for (const variant of ['blank', 'absent'] as const) {
          const payload = validEmployee(cargo, { numerodocumento: '70001' });
          if (variant === 'blank') payload[key] = '';
          else delete payload[key];
          const res = await postEmployee(app, a, payload);
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe(MSG.fieldRequired(label));
          expect(res.json().detail).toEqual([MSG.fieldRequired(label)]);
        }
      },
    );

    it('lists every missing field in form order, the first one as message', async () => {
      const res = await postEmployee(app, a, { tipodocumento: 'CC', numerodocumento: '70002' });
      expect(res.statusCode).toBe(400);
      const labels = missingEmployeeFields({});
      expect(labels.slice(0, 3)).toEqual(['Nombres', 'Primer Apellido', 'Segundo Apellido']);
      expect(labels.at(-1)).toBe('Concepto Aptitud');
      expect(res.json().message).toBe(MSG.fieldRequired('Nombres'));
      expect(res.json().detail).toEqual(labels.map((l) => MSG.fieldRequired(l)));
    });

    it('requires document type and number first', async () => {
      const payload = validEmployee(cargo);
      delete payload.numerodocumento;
      const res = await postEmployee(app, a, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.employeeIdRequired);
    });

    it('does not require the optional fields (empleador, dirección, teléfono, exam and certificate data)', async () => {
      const payload = validEmployee(cargo, { numerodocumento: '70003' });
      for (const k of [
        'empleador',
        'direccion',
        'numerotelefono',
        'fecha_examenes_medicos',
        'fecha_cert_alturas',
        'nivel_certificado_curso_alturas',
        'estado_civil',
        'personas_a_cargo',
      ])
        delete payload[k];
      const res = await postEmployee(app, a, payload);
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('closed lists, formats and ranges', () => {
    const refused: Array<[string, unknown, string]> = [
      ['tipodocumento', 'NIT', MSG.invalidField('Tipo de Identificación')],
      ['genero', 'OTRO', MSG.invalidField('Género')],
      ['rh', 'C+', MSG.invalidField('RH')],
      ['estado_civil', 'COMPROMETIDO', MSG.invalidField('Estado Civil')],
      ['nivel_educativo', 'DOCTORADO', MSG.invalidField('Nivel educativo')],
      ['tipo_vivienda', 'HOTEL', MSG.invalidField('Tipo de vivienda')],
      ['estrato', '7', MSG.invalidField('Estrato')],
      ['estrato', 0, MSG.invalidField('Estrato')],
      ['concepto_aptitud', 'NO APTO', MSG.invalidField('Concepto Aptitud')],
      ['nivel_certificado_curso_alturas', 'EXPERTO', MSG.invalidField('Nivel certificado curso alturas')],
      ['fecha_nacimiento', '15/04/1990', MSG.invalidDate('Fecha Nacimiento')],
      ['fecha_nacimiento', '1990-02-30', MSG.invalidDate('Fecha Nacimiento')],
      ['fecha_nacimiento', '2020-01-01', MSG.workerUnderMinimumAge],
      ['fecha_nacimiento', '2030-01-01', MSG.birthDateOutOfRange],
      ['fecha_nacimiento', '1900-01-01', MSG.dateOutOfRange('Fecha Nacimiento', '01/01/1950', '31/12/2100')],
      ['fecha_nacimiento', '2999-01-01', MSG.dateOutOfRange('Fecha Nacimiento', '01/01/1950', '31/12/2100')],
      ['fecini_seg_social', '1960-01-01', MSG.entryDateOutOfRange],
      ['fecini_seg_social', '2099-01-01', MSG.entryDateOutOfRange],
      [
        'fecha_examenes_medicos',
        '0202-05-01',
        MSG.dateOutOfRange('Fecha exámenes médicos', '01/01/1950', '31/12/2100'),
      ],
      ['personas_a_cargo', -1, MSG.dependentsNegative],
      ['personas_a_cargo', '-1', MSG.dependentsNegative],
      ['personas_a_cargo', 1.5, MSG.invalidField('Personas a cargo')],
      ['salario', 0, MSG.salaryNotPositive],
      ['salario', -100, MSG.salaryNotPositive],
      ['salario', 'mucho', MSG.invalidField('Salario')],
      ['tel_contacto_caso_emergencia', 'llamar', MSG.invalidPhone('Teléfono contacto de emergencia')],
      ['numerodocumento', '12AB', problemaDocumento('CC', '12AB') ?? ''],
      // The audit's CC with letters (rules/documento-identidad.ts).
      ['numerodocumento', '12ab34', problemaDocumento('CC', '12AB34') ?? ''],
      ['cargo', 999999, MSG.cargoNotFound],
      ['cargo', 1.5, MSG.invalidField('Cargo para el que fue contratado')],
      ['departamento', 'Atlantida', MSG.departmentNotFound],
      ['ciudad', 'Cali', MSG.municipalityNotInDepartment],
      ['ciudad', '76001', MSG.municipalityNotInDepartment],
    ];
    it.each(refused)('%s = %j is refused: %s', async (key, value, message) => {
      const count = await employeeCount();
      const res = await postEmployee(
        app,
        a,
        validEmployee(cargo, { numerodocumento: '80001', [key]: value }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await employeeCount()).toBe(count);
    });

    it('accepts personas_a_cargo 0, estrato SIN ESTRATO, places by DANE code or by name in any case', async () => {
      const res = await postEmployee(
        app,
        a,
        validEmployee(cargo, {
          numerodocumento: '80002',
          personas_a_cargo: 0,
          estrato: 'SIN ESTRATO',
          departamento: '76',
          ciudad: '76001',
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().empleado).toMatchObject({
        personas_a_cargo: 0,
        estrato: 'SIN ESTRATO',
        departamento: 'Valle del Cauca',
        ciudad: 'Cali',
      });
      const byName = await postEmployee(
        app,
        a,
        validEmployee(cargo, { numerodocumento: '80003', departamento: 'BOGOTA D.C.', ciudad: 'bogota dc' }),
      );
      expect(byName.statusCode, byName.body).toBe(200);
      expect(byName.json().empleado).toMatchObject({ codigo_depto: '11', codigo_municipio: '11001' });
    });

    it('accepts work-visa documents (letters and hyphens) and reads them back by URL-encoded type', async () => {
      const res = await postEmployee(
        app,
        a,
        validEmployee(cargo, { tipodocumento: 'VISA DE TRABAJO', numerodocumento: 'ab-12345' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const get = await app.inject({
        method: 'GET',
        url: `/api/contratista/empleados/${encodeURIComponent('VISA DE TRABAJO')}/AB-12345`,
        headers: a,
      });
      expect(get.statusCode).toBe(200);
      expect(get.json()).toMatchObject({ tipodocumento: 'VISA DE TRABAJO', numerodocumento: 'AB-12345' });
    });

    it('accepts CE, PA and TI workers with their shapes and refuses each shape broken, naming the rule', async () => {
      const cases: Array<[string, string, string]> = [
        ['CE', 'e7654321', 'E7654321'],
        ['PA', 'ax1234567', 'AX1234567'],
        ['TI', '1.002.003.004', '1002003004'],
        ['PPPT', '4567890', '4567890'],
      ];
      for (const [tipodocumento, numerodocumento, guardado] of cases) {
        const res = await postEmployee(app, a, validEmployee(cargo, { tipodocumento, numerodocumento }));
        expect(res.statusCode, res.body).toBe(200);
        const get = await app.inject({
          method: 'GET',
          url: `/api/contratista/empleados/${tipodocumento}/${guardado}`,
          headers: a,
        });
        expect(get.json()).toMatchObject({ tipodocumento, numerodocumento: guardado });
      }
      const count = await employeeCount();
      for (const [tipodocumento, numerodocumento] of [
        ['TI', '100200300'],
        ['CE', '12-3456'],
        ['PA', 'AX/123'],
        ['PPPT', 'AB12345'],
      ]) {
        const res = await postEmployee(app, a, validEmployee(cargo, { tipodocumento, numerodocumento }));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(problemaDocumento(tipodocumento, numerodocumento.toUpperCase()));
      }
      expect(await employeeCount()).toBe(count);
    });

    it('refuses unknown fields and a non-object body', async () => {
      const res = await postEmployee(app, a, validEmployee(cargo, { numerodocumento: '80004', estado: 1 }));
      expect(res.statusCode).toBe(400);
      expect(await postEmployee(app, a, [1, 2]).then((r) => r.statusCode)).toBe(400);
    });

    it('refuses an unknown document type in the lookup', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/contratista/empleados/NIT/123456',
        headers: a,
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('isolation between companies', () => {
    it("company B cannot read company A's employee", async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/contratista/empleados/CC/1023456789',
        headers: b,
      });
      expect(res.statusCode).toBe(404);
    });

    it('the same document exists independently in both companies', async () => {
      const cargoB = (await firstCargo(app, b)).id;
      const res = await postEmployee(
        app,
        b,
        validEmployee(cargoB, { nombres: 'OTRO NOMBRE', departamento: 'Valle del Cauca', ciudad: 'Cali' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().creado).toBe(true);
      const fromA = (
        await app.inject({ method: 'GET', url: '/api/contratista/empleados/CC/1023456789', headers: a })
      ).json();
      const fromB = (
        await app.inject({ method: 'GET', url: '/api/contratista/empleados/CC/1023456789', headers: b })
      ).json();
      expect(fromA.nombres).toBe('JUAN CARLOS');
      expect(fromB.nombres).toBe('OTRO NOMBRE');
      expect(fromB.id).not.toBe(fromA.id);
      expect(fromB.contratos).toEqual([]);
    });

    it('staff and anonymous callers are refused', async () => {
      const staff = await authHeaders(app, REVIEWER);
      expect(
        (await app.inject({ method: 'GET', url: '/api/contratista/empleados/CC/1023456789', headers: staff }))
          .statusCode,
      ).toBe(403);
      expect((await postEmployee(app, staff, validEmployee(cargo))).statusCode).toBe(403);
      expect(
        (await app.inject({ method: 'GET', url: '/api/contratista/empleados/CC/1023456789' })).statusCode,
      ).toBe(401);
    });
  });
});
