import { empresas } from './tables/empresas';
import { histdocs } from './tables/histdocs';
import { requisitos } from './tables/requisitos';
import type { TableDef } from './table';

/**
 * THE registry of data-driven tables (docs/decisions/051): GET /api/contratista/Listadinamico/{id}
 * serves exactly these. To add a table, declare a TableDef in tables/ and list it here.
 */
const TABLES: readonly TableDef[] = [histdocs, empresas, requisitos];

const BY_ID = new Map(TABLES.map((t) => [t.id, t]));

export function findTable(id: string): TableDef | undefined {
  return BY_ID.get(id);
}
