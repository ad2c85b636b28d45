import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hoyEnColombia, SOCIODEMOGRAFICO_COLUMNS } from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { insertEntrega } from '../../test/historial';
import { firstCargo, postEmployee, validEmployee } from '../../test/empleados';

const REPORT = '/api/contratista/empleados/reportesociodemografico';

describe('socio-demographic report', async () => {
  const app = await createTestApp();
  let a: Record<string, string>;
  let b: Record<string, string>;
  let cargo: { id: number; descripcion: string };
  const exports = () =>
    query<{ empresa_id: number; datos: { reporte: string; filas: number } }>(
      app.db,
      sql`SELECT empresa_id, datos FROM auditoria WHERE evento = 'reporte.exported' ORDER BY id`,
    );

  beforeAll(async () => {
    a = await authHeaders(app, CONTRACTOR_A);
    b = await authHeaders(app, CONTRACTOR_B);
    cargo = await firstCargo(app, a);
    const people = [
      {
        numerodocumento: '1001',
        nombres: 'ANA',
        apellidos: 'ZAPATA',
        fecha_cert_espacios_confina: '2025-06-01',
        obra: 'Torre 1',
      },
      {
        numerodocumento: '1002',
        nombres: 'LUIS',
        apellidos: 'ÁLVAREZ',
        salario: 2500000,
        estrato: 'SIN ESTRATO',
      },
      {
        numerodocumento: '1003',
        nombres: 'SOFÍA',
        apellidos: 'MEJÍA',
        genero: 'FEMENINO',
        personas_a_cargo: 0,
      },
    ];
    for (const p of people) {
      const res = await postEmployee(app, a, validEmployee(cargo.id, p));
      if (res.statusCode !== 200) throw new Error(res.body);
    }
  });

  it('has 41 columns with Spanish headers, cargo last', () => {
    expect(SOCIODEMOGRAFICO_COLUMNS).toHaveLength(41);
    expect(SOCIODEMOGRAFICO_COLUMNS.at(-1)).toEqual({ key: 'cargo', header: 'Cargo' });
    expect(new Set(SOCIODEMOGRAFICO_COLUMNS.map((c) => c.key)).size).toBe(41);
  });

  it("returns the company's workers with the keys of the contract and cargo from the nested list of positions", async () => {
    const before = (await exports()).length;
    const res = await app.inject({ method: 'GET', url: REPORT, headers: a });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.apellidos)).toEqual(['ÁLVAREZ', 'MEJÍA', 'ZAPATA']);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        [...SOCIODEMOGRAFICO_COLUMNS.map((c) => c.key), 'cargos'].sort(),
      );
      expect(row.cargos).toEqual([{ descripcion: cargo.descripcion }]);
      expect(row.cargo).toBe((row.cargos as Array<{ descripcion: string }>)[0].descripcion);
    }
    const ana = rows.find((r) => r.numero_documento === '1001');
    expect(ana).toMatchObject({
      tipo_documento: 'CC',
      nombres: 'ANA',
      apellidos: 'ZAPATA',
      apellidos2: 'GÓMEZ',
      departamento: 'Antioquia',
      ciudad: 'Medellín',
      salario: 1750905,
      personas_a_cargo: 2,
      fecha_cert_espacios_confina: '2025-06-01',
      // Registered today (Colombia): the portal's entry date when none was declared (decision 099).
      fechaingreso: hoyEnColombia(new Date()),
    });
    expect(rows.find((r) => r.numero_documento === '1002')).toMatchObject({
      salario: 2500000,
      estrato: 'SIN ESTRATO',
    });
    expect(rows.find((r) => r.numero_documento === '1003')).toMatchObject({
      personas_a_cargo: 0,
      genero: 'FEMENINO',
    });

    const audit = await exports();
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({ datos: { reporte: 'sociodemografico', filas: 3 } });
  });

  it('fills the dates the form never asks for from what the portal knows (decision 099)', async () => {
    const [w] = await query<{ id: number; empresa_id: number }>(
      app.db,
      sql`SELECT id, empresa_id FROM empleados WHERE numero_documento = '1002'`,
    );
    const [contrato] = await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM contratos WHERE empresa_id = ${w.empresa_id} ORDER BY id LIMIT 1`,
    );
    await query(
      app.db,
      sql`INSERT INTO empleados_contratos (empleado_id, contrato_id, created_at)
          VALUES (${w.id}, ${contrato.id}, '2026-02-03T15:00:00Z') ON CONFLICT (empleado_id, contrato_id)
          DO UPDATE SET created_at = excluded.created_at`,
    );
    const req = async (codigo: string) =>
      (
        await query<{ id: number }>(
          app.db,
          sql`SELECT id FROM requisitos WHERE modulo = 'sg-personal' AND codigo = ${codigo}`,
        )
      )[0].id;
    const entrega = (codigo: string, estado: 0 | 1 | -1, vigenciaHasta: string | null) =>
      req(codigo).then((requisitoId) =>
        insertEntrega(app, {
          empresaId: w.empresa_id,
          requisitoId,
          contratoId: contrato.id,
          empleadoId: w.id,
          file: `${codigo}.pdf`,
          estado,
          vigenciaHasta: vigenciaHasta ?? undefined,
        }),
      );
    // Social security: EPS renewed (newest approval counts), ARL ends first; a pending one never counts.
    await entrega('P04', 1, '2026-05-31');
    await entrega('P04', 1, '2026-08-31');
    await entrega('P05', 1, '2026-07-15');
    await entrega('P06', 0, '2026-01-01');
    await entrega('P09', 1, '2027-01-20');
    await entrega('P10', -1, '2027-03-01');

    const rows = (await app.inject({ method: 'GET', url: REPORT, headers: a })).json() as Array<
      Record<string, unknown>
    >;
    expect(rows.find((r) => r.numero_documento === '1002')).toMatchObject({
      fecha_inicio: '2026-02-03',
      fv_seg_social: '2026-07-15',
      fv_examenes_medicos: '2027-01-20',
      fv_cursos_altura: null,
      fecha_ven_cert_espacios_confina: null,
    });
    // A worker without links or approvals keeps those columns empty.
    expect(rows.find((r) => r.numero_documento === '1003')).toMatchObject({
      fecha_inicio: null,
      fv_seg_social: null,
    });
  });

  it("does not show one company's workers to the other", async () => {
    const res = await app.inject({ method: 'GET', url: REPORT, headers: b });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('exports a real .xlsx named Descarga.xlsx with the 41 headers and one row per worker, and audits it', async () => {
    const before = (await exports()).length;
    const res = await app.inject({ method: 'GET', url: `${REPORT}/excel`, headers: a });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Descarga\.xlsx"/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(1 + 3);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(SOCIODEMOGRAFICO_COLUMNS.map((c) => c.header));
    const docs = [2, 3, 4].map((r) => ws.getRow(r).getCell(1).value);
    expect(docs.sort()).toEqual(['1001', '1002', '1003']);
    const birth = ws
      .getRow(2)
      .getCell(SOCIODEMOGRAFICO_COLUMNS.findIndex((c) => c.key === 'fecha_nacimiento') + 1).value;
    expect(birth).toBeInstanceOf(Date);
    expect((birth as Date).toISOString().slice(0, 10)).toBe('1990-04-15');
    expect(ws.getRow(2).getCell(41).value).toBe(cargo.descripcion);

    const audit = await exports();
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({ datos: { reporte: 'sociodemografico.xlsx', filas: 3 } });
  });

  it('exports an empty workbook (header only) for a company without workers', async () => {
    const res = await app.inject({ method: 'GET', url: `${REPORT}/excel`, headers: b });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(1);
    expect((await exports()).at(-1)).toMatchObject({ datos: { reporte: 'sociodemografico.xlsx', filas: 0 } });
  });

  it('is refused to staff and anonymous callers', async () => {
    const staff = await authHeaders(app, REVIEWER);
    expect((await app.inject({ method: 'GET', url: REPORT, headers: staff })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${REPORT}/excel`, headers: staff })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'GET', url: `${REPORT}/excel` })).statusCode).toBe(401);
  });
});
