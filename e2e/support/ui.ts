import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { query } from '../../server/src/db/client';
import type { TestServer } from './server';

/** Page helpers most browser tests share (choosing an option or a contract, test files, overflow). */

/** A valid one-page PDF showing a line of text (Chromium's viewer renders it; correct xref offsets). */
export function validPdf(text = 'prueba'): Buffer {
  const content = `BT /F1 18 Tf 20 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Writes files into a fresh temp folder; returns their paths by name. */
export function tempFiles(files: Record<string, Buffer>): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'proveedores-upload-'));
  const out: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files)) {
    const p = path.join(dir, name);
    writeFileSync(p, bytes);
    out[name] = p;
  }
  return out;
}

export type DemoContract = {
  id: number;
  proyectoId: number;
  proyecto: string;
  tipo: string;
  actividad: string;
};

/** A demo contract of a company, by activity (read from the server's own database). */
export async function demoContract(
  server: TestServer,
  nit: string,
  actividad: string,
): Promise<DemoContract> {
  const [row] = await query<DemoContract>(
    server.app.db,
    sql`SELECT c.id, c.proyecto_id AS "proyectoId", p.descripcion AS proyecto, t.descripcion AS tipo, a.descripcion AS actividad
          FROM contratos c JOIN empresas e ON e.id = c.empresa_id
          JOIN proyectos p ON p.id = c.proyecto_id JOIN actividades a ON a.id = c.actividad_id
          JOIN tipos_contrato t ON t.id = c.tipo_contrato_id
         WHERE e.nit = ${nit} AND a.descripcion = ${actividad}`,
  );
  if (!row) throw new Error(`no demo contract ${nit} / ${actividad}`);
  return row;
}

/**
 * The browser storage the contract modal leaves for a demo contract (contrato, idproyecto, proyecto,
 * tipocontrato, actividad), for a page opened with it already chosen (`sessionPage`'s `storage`).
 */
export async function contractStorage(
  server: TestServer,
  nit: string,
  actividad: string,
): Promise<Record<string, string>> {
  return storageOf(await demoContract(server, nit, actividad));
}

/** The contract modal's storage for a contract. */
function storageOf(c: DemoContract): Record<string, string> {
  return {
    contrato: String(c.id),
    idproyecto: String(c.proyectoId),
    proyecto: c.proyecto,
    tipocontrato: c.tipo,
    actividad: c.actividad,
  };
}

/**
 * Chooses the contract as the contract modal does (the contract's browser storage: contrato, idproyecto,
 * proyecto, tipocontrato, actividad in both storages), then reloads the page so the session is
 * restored with it. The contract modal has its own tests; these tests are about the evidence pages.
 */
export async function chooseContract(page: Page, c: DemoContract): Promise<void> {
  await page.evaluate((items) => {
    for (const s of [localStorage, sessionStorage])
      for (const [key, value] of Object.entries(items)) s.setItem(key, value);
  }, storageOf(c));
  await page.reload();
}

/** Picks an option of a PrimeReact Dropdown (by its data-testid), typing in its filter when it has one. */
export async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.waitFor();
  const filter = panel.locator('.p-dropdown-filter');
  if (await filter.count()) await filter.fill(label);
  await panel.getByRole('option', { name: label, exact: true }).click();
  await panel.waitFor({ state: 'detached' });
}

/** True when the page scrolls sideways (nothing should on a 360 px phone). */
export function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
