import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTANDARES_0312, firmantesFaltantes, MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { DEMO } from '../../db/seed';
import { blobStoreFor } from '../../files';
import { hashPassword } from '../../lib/password';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B } from '../../test/app';

/**
 * Who signs the Resolución 0312 self-evaluation (docs/decisions/163), through the API on a real
 * database: a 'cargador' of the company is refused (403, Spanish, nothing saved); its administrator
 * signs only once the legal representative and the SG-SST lead are registered, and the signature
 * (stored and printed in the PDF) carries the registered names, never names sent in the body.
 */
const app = await createTestApp();
const tmp = mkdtempSync(path.join(tmpdir(), 'autoevaluacion-firmantes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
type Headers = Record<string, string>;
let A: Headers;
let B: Headers;
let cargador: Headers;

const ANO = 2024;
const url = (extra = '') => `/api/contratista/autoevaluacion/${ANO}${extra}`;
const FIRMANTES_URL = '/api/contratista/empresa/firmantes';
const REGISTRADOS = {
  representante: { nombre: 'Marta Lucía Restrepo', documento: '43123456' },
  responsable: { nombre: 'Jorge Iván Cárdenas', documento: '71234567' },
};
const firmar = (headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url: url('/firmar'), headers, payload });
const estado = async () =>
  query<{ estado: string; entrega_id: number | null; firmas: Record<string, unknown> | null }>(
    app.db,
    sql`SELECT a.estado, a.entrega_id::int AS entrega_id, a.firmas FROM autoevaluaciones a
          JOIN empresas e ON e.id = a.empresa_id
         WHERE e.nit = ${CONTRACTOR_A.username} AND a.ano = ${ANO} ORDER BY a.version`,
  );

beforeAll(async () => {
  await app.ready();
  [A, B] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, CONTRACTOR_B)];
  // A 'cargador' of company A with a password of its own (as after its invitation, decision 136).
  await query(
    app.db,
    sql`INSERT INTO usuarios (username, empresa_id, tipo, nombre, correo, password_hash, rol_empresa, documento_tipo)
        SELECT '1017999888', e.id, 'default', 'Carla Cargadora', 'carla@example.co',
               ${await hashPassword(DEMO.password)}, 'cargador', 'CC'
          FROM empresas e WHERE e.nit = ${CONTRACTOR_A.username}`,
  );
  cargador = await authHeaders(app, { username: '1017999888', password: DEMO.password });
  // A complete evaluation (every item met: 100), saved by the cargador, who may fill the form.
  const items = ESTANDARES_0312.map((e) => ({ codigo: e.codigo, respuesta: 'cumple' }));
  const put = await app.inject({
    method: 'PUT',
    url: url(),
    headers: cargador,
    payload: { trabajadores: 80, claseRiesgo: 3, items },
  });
  expect(put.statusCode, put.body).toBe(200);
  expect(put.json().errores).toEqual([]);
});

describe('who signs the self-evaluation', () => {
  it('refuses a cargador with 403 in Spanish, with or without names, and saves nothing', async () => {
    for (const payload of [{ acepto: true }, { ...REGISTRADOS, acepto: true }]) {
      const res = await firmar(cargador, payload);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(MSG.autoevaluacionFirmaSoloAdministrador);
    }
    expect((await estado()).map((f) => f.estado)).toEqual(['borrador']);
  });

  it('refuses the administrator while the signers are not registered, saying what to register and where', async () => {
    const leidos = await app.inject({ method: 'GET', url: FIRMANTES_URL, headers: A });
    expect(leidos.json()).toEqual({ representante: null, responsable: null, esAdministrador: true });
    const res = await firmar(A, { acepto: true });
    expect(res.statusCode, res.body).toBe(400);
    const esperado = firmantesFaltantes({ representante: null, responsable: null })!;
    expect(res.json().message).toBe(esperado);
    expect(esperado).toContain('el representante legal de la empresa y el responsable del SG-SST');
    expect(esperado).toContain('Configuraciones');
    expect((await estado()).map((f) => f.estado)).toEqual(['borrador']);
  });

  it('only an administrator registers the signers; every user of the company reads them, no other company does', async () => {
    const negado = await app.inject({
      method: 'PUT',
      url: FIRMANTES_URL,
      headers: cargador,
      payload: REGISTRADOS,
    });
    expect(negado.statusCode, negado.body).toBe(403);
    expect(negado.json().message).toBe(MSG.autoevaluacionFirmantesSoloAdministrador);
    expect((await app.inject({ method: 'GET', url: FIRMANTES_URL, headers: A })).json().representante).toBe(
      null,
    );

    const res = await app.inject({ method: 'PUT', url: FIRMANTES_URL, headers: A, payload: REGISTRADOS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...REGISTRADOS,
      esAdministrador: true,
      message: MSG.autoevaluacionFirmantesGuardados,
    });
    const delCargador = await app.inject({ method: 'GET', url: FIRMANTES_URL, headers: cargador });
    expect(delCargador.json()).toEqual({ ...REGISTRADOS, esAdministrador: false });
    const deB = await app.inject({ method: 'GET', url: FIRMANTES_URL, headers: B });
    expect(deB.json()).toEqual({ representante: null, responsable: null, esAdministrador: true });
    // The audit row names no one.
    const [fila] = await query<{ datos: string }>(
      app.db,
      sql`SELECT datos::text AS datos FROM auditoria WHERE evento = 'empresa.firmantes'`,
    );
    expect(fila.datos).not.toContain('Restrepo');
  });

  it('refuses a signature body that names other signers, saving nothing', async () => {
    const res = await firmar(A, {
      representante: { nombre: 'Nombre Inventado', documento: '1000000001' },
      responsable: { nombre: 'Otro Inventado', documento: '1000000002' },
      acepto: true,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(MSG.autoevaluacionFirmantesNoSeEscriben);
    expect((await estado()).map((f) => f.estado)).toEqual(['borrador']);
  });

  it('the administrator signs: the stored signature and the PDF carry the registered names', async () => {
    const res = await firmar(A, { acepto: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().firma).toMatchObject(REGISTRADOS);
    const [fila] = await estado();
    expect(fila).toMatchObject({ estado: 'firmada', firmas: expect.objectContaining(REGISTRADOS) });

    const [archivo] = await query<{ sha256: string }>(
      app.db,
      sql`SELECT a.sha256 FROM entregas e JOIN archivos a ON a.id = e.archivo_id WHERE e.id = ${fila.entrega_id}`,
    );
    const pdf = path.join(tmp, 'e05.pdf');
    writeFileSync(pdf, await blobStoreFor(app.config.dataDir).read(archivo.sha256));
    const texto = execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
    expect(texto).toContain('Marta Lucía Restrepo');
    expect(texto).toContain('43123456');
    expect(texto).toContain('Jorge Iván Cárdenas');
    expect(texto).toContain('71234567');
    expect(texto).not.toContain('Inventado');
  });
});
