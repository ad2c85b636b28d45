import { Fragment, memo, startTransition, useEffect, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { ESTADO, MSG, type Periodo, type RiskRow } from '@proveedores/domain';
import {
  ActionCell,
  EstadoCell,
  ExtensionesCell,
  NombreCell,
  UltimoArchivoCell,
  type EvidenceModalKind,
} from '@/components/upload';

/**
 * The periods a document shows folded (docs/decisions/095): the current one (first, newest) and
 * every pending one - to upload, awaiting review, rejected, expired; only approved (done) periods
 * wait behind 'Ver todos los lapsos'. Newest first either way.
 */
export function foldedPeriods(all: Periodo[]): Periodo[] {
  return all.filter((p, i) => i === 0 || p.codEstado !== ESTADO.APROBADO);
}

export const periodKey = (row: RiskRow, p: Pick<Periodo, 'ano' | 'mes'>) => `${row.id}:${p.ano}-${p.mes}`;

/** Documents in the table's first commit, and in each later one (a document is 1-5 table rows). */
const DOCS_FIRST_SLICE = 3;
const DOCS_PER_SLICE = 2;

type Props = {
  rows: RiskRow[];
  onOpen: (kind: EvidenceModalKind, key: string) => void;
  /** Extra actions under the period of item M01 (the PILA reconciliation, docs/decisions/128). */
  m01Actions?: (p: Periodo) => ReactNode;
};

/**
 * Risk management table: #, Nombre, Extensiones, Lapsos, action, Estado, Último
 * Archivo. One row per document spanning its periods (newest first); the first period sits on the
 * main row, the others are sub-rows; folded to the current and the to-do periods. On a phone each
 * period is a compact two-line entry (upload.css).
 */
export const RiskTable = memo(function RiskTable({ rows, onOpen, m01Actions }: Props) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // The documents mount a few at a time, each slice a render and commit of its own after the one
  // before: mounting every row with its buttons and tooltips at once made two or three long tasks of
  // 55-100 ms with the CPU slowed 4x (blocking time, docs/decisions/146). A slice only adds rows at
  // the end of the table, below what is painted, so nothing moves.
  const [mounted, setMounted] = useState(DOCS_FIRST_SLICE);
  useEffect(() => {
    if (mounted < rows.length) startTransition(() => setMounted((n) => n + DOCS_PER_SLICE));
  }, [mounted, rows.length]);
  if (rows.length === 0) return <p className="empty-state">{MSG.noRequiredDocuments}</p>;

  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="evidence-table-wrap">
      <table className="evidence-table risk-table" data-testid="evidence-table">
        <caption className="sr-only">{MSG.pageGestionRiesgo}</caption>
        <thead>
          <tr>
            <th scope="col">{MSG.colNumero}</th>
            <th scope="col">{MSG.colNombre}</th>
            <th scope="col">{MSG.colExtensiones}</th>
            <th scope="col">{MSG.colLapsos}</th>
            <th scope="col">
              <span className="sr-only">{MSG.colAccion}</span>
            </th>
            <th scope="col">{MSG.colEstado}</th>
            <th scope="col">{MSG.colUltimoArchivo}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, mounted).map((row, i) => {
            const all = row.Periodo;
            const isOpen = expanded.has(row.id);
            const folded = foldedPeriods(all);
            const hidden = all.length - folded.length;
            const shown = isOpen ? all : folded;
            const span = Math.max(1, shown.length) + (hidden > 0 ? 1 : 0);
            const [first, ...rest] = shown;
            const docCells = (
              <>
                <td className="cell-num" data-label={MSG.colNumero} rowSpan={span}>
                  {i + 1}
                </td>
                <NombreCell
                  nombre={row.nombreCorto}
                  detalle={row.detalle}
                  opcional={row.opcional}
                  rowSpan={span}
                />
                <ExtensionesCell extensiones={row.extensiones} rowSpan={span} />
              </>
            );
            const periodCells = (p: Periodo) => {
              const name = `${row.nombreCorto} - ${p.Lapso}`;
              return (
                <>
                  <td className="cell-lapso" data-label={MSG.periodLabel}>
                    {p.Lapso}
                    {row.codigo === 'M01' && m01Actions?.(p)}
                  </td>
                  <ActionCell state={p} itemName={name} onOpen={(kind) => onOpen(kind, periodKey(row, p))} />
                  <EstadoCell state={p} />
                  <UltimoArchivoCell state={p} />
                </>
              );
            };
            return (
              <Fragment key={row.id}>
                <tr
                  className={`doc-row doc-group-start${span > 1 ? ' has-periods' : ''}`}
                  data-testid="evidence-row"
                  data-codigo={row.codigo}
                  data-periodo={first ? `${first.ano}-${first.mes}` : undefined}
                >
                  {docCells}
                  {first ? (
                    periodCells(first)
                  ) : (
                    <td colSpan={4} className="hint" data-label={MSG.colLapsos}>
                      {MSG.noPeriodsYet}
                    </td>
                  )}
                </tr>
                {rest.map((p, j) => (
                  <tr
                    key={`${p.ano}-${p.mes}`}
                    className={`period-row${j === rest.length - 1 && hidden === 0 ? ' last-period' : ''}`}
                    data-testid="period-row"
                    data-codigo={row.codigo}
                    data-periodo={`${p.ano}-${p.mes}`}
                  >
                    {periodCells(p)}
                  </tr>
                ))}
                {hidden > 0 && (
                  <tr className="period-row more-periods-row last-period">
                    <td colSpan={4} className="more-periods-cell">
                      <Button
                        type="button"
                        size="small"
                        text
                        icon={isOpen ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
                        label={isOpen ? MSG.showFewerPeriods : MSG.showAllPeriods(all.length)}
                        aria-expanded={isOpen}
                        aria-label={`${isOpen ? MSG.showFewerPeriods : MSG.showAllPeriods(all.length)}: ${row.nombreCorto}`}
                        onClick={() => toggle(row.id)}
                        data-testid="all-periods"
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
