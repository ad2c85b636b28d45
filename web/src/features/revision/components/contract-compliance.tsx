import {
  contratoEtiqueta,
  MSG,
  type CumplimientoDetalleEmpresa,
  type ModuloCodigo,
} from '@proveedores/domain';
import { NoHabilitado } from '@/components/no-habilitado';
import { COUNT_COLUMNS, ComplianceMeter } from './compliance-meter';

type Contrato = CumplimientoDetalleEmpresa['contratos'][number];
export type DrillDown = { contrato: string; modulo?: ModuloCodigo; codEstado?: string };

/** A count that opens the items behind it (plain text when zero). */
function Count({ n, label, onClick }: { n: number; label: string; onClick: () => void }) {
  if (n === 0) return <span className="count-zero">0</span>;
  return (
    <button
      type="button"
      className="count-link"
      onClick={onClick}
      aria-label={MSG.complianceShowItems(label)}
    >
      {n}
    </button>
  );
}

/** One contract (or the company-level SG-SST items): its percentage and per-module counts. */
export function ContractCompliance({
  contrato,
  onDrill,
}: {
  contrato: Contrato;
  onDrill: (d: DrillDown) => void;
}) {
  const key = contrato.contratoId === null ? 'empresa' : String(contrato.contratoId);
  const title = contrato.contratoId === null ? MSG.complianceCompanyLevel : contratoEtiqueta(contrato);
  return (
    <article className="contract-card" data-testid={`contract-${key}`}>
      <header className="contract-card-header">
        <div>
          <h3>{title}</h3>
          {contrato.contratoId !== null && <p className="hint">{contrato.descripcion}</p>}
          <NoHabilitado habilitacion={contrato.habilitacion} testId={`no-habilitado-${key}`} />
        </div>
        <ComplianceMeter conteo={contrato.totales} label={title} />
      </header>
      <div className="table-scroll">
        <table className="compliance-modules">
          <thead>
            <tr>
              <th scope="col">{MSG.colModulo}</th>
              <th scope="col">{MSG.colPorcentaje}</th>
              <th scope="col">{MSG.colAplicables}</th>
              {COUNT_COLUMNS.map((c) => (
                <th scope="col" key={c.key}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {contrato.modulos.map((m) => (
              <tr key={m.modulo} data-testid={`module-${key}-${m.modulo}`}>
                <th scope="row">{m.nombre}</th>
                <td data-label={MSG.colPorcentaje} className="cell-pct">
                  <ComplianceMeter conteo={m} label={`${title} ${m.nombre}`} />
                </td>
                <td data-label={MSG.colAplicables}>
                  <Count
                    n={m.aplicables}
                    label={`${title} - ${m.nombre} - ${MSG.colAplicables}`}
                    onClick={() => onDrill({ contrato: key, modulo: m.modulo })}
                  />
                </td>
                {COUNT_COLUMNS.map((c) => (
                  <td key={c.key} data-label={c.header}>
                    <Count
                      n={m[c.key]}
                      label={`${title} - ${m.nombre} - ${c.header}`}
                      onClick={() => onDrill({ contrato: key, modulo: m.modulo, codEstado: c.codEstado })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
