import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { query } from '../db/client';
import { DEMO } from '../db/seed';
import { sampleJpg, sampleOle, samplePdf, samplePng } from '../lib/file-check-samples';

/** Minimal valid files, built in code (no fixtures on disk); they pass the structural checks. */
export function pdfBytes(totalSize?: number, text = 'prueba'): Buffer {
  return samplePdf(text, { totalSize });
}

export const pngBytes = samplePng;
export const jpgBytes = sampleJpg;

export async function xlsxBytes(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Personal').addRow(['Nombre', 'Cargo']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An Excel 97-2003 workbook (OLE2 with a Workbook stream). */
export const xlsBytes = () => sampleOle('xls');

export const htmlBytes = () =>
  Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
/** A Windows executable header ('MZ' ... 'PE'). */
export const exeBytes = () =>
  Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58, 0),
    Buffer.from([0x40, 0, 0, 0]),
    Buffer.from('PE\0\0'),
    Buffer.alloc(200, 0),
  ]);

export function adjunto(
  bytes: Buffer,
  nombreArchivo: string,
  extension = nombreArchivo.split('.').pop()!.toLowerCase(),
) {
  return { adjunto: bytes.toString('base64'), nombreArchivo, extension };
}

export const dataUrl = (bytes: Buffer, mime = 'application/pdf') =>
  `data:${mime};base64,${bytes.toString('base64')}`;

export async function requisitoId(app: FastifyInstance, modulo: string, codigo: string): Promise<number> {
  const [r] = await query<{ id: number }>(
    app.db,
    sql`SELECT id FROM requisitos WHERE modulo = ${modulo} AND codigo = ${codigo}`,
  );
  if (!r) throw new Error(`no requisito ${modulo} ${codigo}`);
  return r.id;
}

/** Demo contracts: A.alturas ('Estructura en concreto'), A.plain ('Instalaciones eléctricas'), B.confinados. */
export async function demoContracts(app: FastifyInstance) {
  const rows = await query<{ id: number; nit: string; actividad: string; empresa_id: number }>(
    app.db,
    sql`SELECT c.id, e.nit, a.descripcion AS actividad, c.empresa_id FROM contratos c
          JOIN empresas e ON e.id = c.empresa_id JOIN actividades a ON a.id = c.actividad_id ORDER BY c.id`,
  );
  const find = (nit: string, actividad: string) =>
    rows.find((r) => r.nit === nit && r.actividad === actividad)!;
  const [a, b] = DEMO.companies;
  return {
    aAlturas: find(a.nit, 'Estructura en concreto'),
    aPlain: find(a.nit, 'Instalaciones eléctricas'),
    bConfinados: find(b.nit, 'Redes de alcantarillado, tanques y pozos'),
  };
}

function countFiles(dir: string): number {
  let n = 0;
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of entries) {
    const p = path.join(dir, name);
    n += statSync(p).isDirectory() ? countFiles(p) : 1;
  }
  return n;
}

/** Rows and stored files, to prove that a refused request stored nothing. */
export async function storageCounts(app: FastifyInstance) {
  const [r] = await query<{
    entregas: number;
    archivos: number;
    anexos: number;
    auditoria: number;
    vinculos: number;
  }>(
    app.db,
    sql`SELECT (SELECT count(*)::int FROM entregas) AS entregas, (SELECT count(*)::int FROM archivos) AS archivos,
               (SELECT count(*)::int FROM anexos) AS anexos, (SELECT count(*)::int FROM auditoria WHERE evento IN ('entrega.created', 'anexo.created')) AS auditoria,
               (SELECT count(*)::int FROM empleados_contratos) AS vinculos`,
  );
  return { ...r, files: countFiles(path.join(app.config.dataDir, 'files')) };
}
