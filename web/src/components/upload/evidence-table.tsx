import { memo } from 'react';
import { MSG, type EvidenceRow } from '@proveedores/domain';
import { ActionCell, EstadoCell, ExtensionesCell, NombreCell, UltimoArchivoCell } from './evidence-cells';
import type { EvidenceModalKind } from './evidence-target';

type Props = {
  rows: EvidenceRow[];
  /** Accessible caption of the table. */
  caption: string;
  /** Withholdings show `nombre`; the others `nombreCorto`. */
  useNombre?: boolean;
  onOpen: (kind: EvidenceModalKind, key: string) => void;
};

/**
 * The required-documents table of SG-SST, withholdings and personnel: #, Nombre,
 * Extensiones, action, Estado, Último Archivo. The key of a row's modals is its requisito id.
 * Memoised: the page's other queries re-render the page, not its buttons and tooltips (decision 146).
 */
export const EvidenceTable = memo(function EvidenceTable({ rows, caption, useNombre, onOpen }: Props) {
  if (rows.length === 0) return <p className="empty-state">{MSG.noRequiredDocuments}</p>;
  return (
    <div className="evidence-table-wrap">
      <table className="evidence-table" data-testid="evidence-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{MSG.colNumero}</th>
            <th scope="col">{MSG.colNombre}</th>
            <th scope="col">{MSG.colExtensiones}</th>
            <th scope="col">
              <span className="sr-only">{MSG.colAccion}</span>
            </th>
            <th scope="col">{MSG.colEstado}</th>
            <th scope="col">{MSG.colUltimoArchivo}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const nombre = useNombre ? row.nombre || row.nombreCorto : row.nombreCorto;
            return (
              <tr key={row.id} className="doc-row" data-testid="evidence-row" data-codigo={row.codigo}>
                <td className="cell-num" data-label={MSG.colNumero}>
                  {i + 1}
                </td>
                <NombreCell nombre={nombre} detalle={row.detalle} opcional={row.opcional} />
                <ExtensionesCell extensiones={row.extensiones} />
                <ActionCell state={row} itemName={nombre} onOpen={(kind) => onOpen(kind, String(row.id))} />
                <EstadoCell state={row} />
                <UltimoArchivoCell state={row} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
