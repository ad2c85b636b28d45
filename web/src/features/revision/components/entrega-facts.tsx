import { MSG, type EntregaDetalle } from '@proveedores/domain';
import { formatDateTime } from '@/lib/dates';
import { FileLink } from '@/components/file-link';

/** Who, what and where of a submission: company, module, contract, period or worker, upload. */
export function EntregaFacts({ entrega: e }: { entrega: EntregaDetalle }) {
  const rows: Array<[string, string]> = [
    [MSG.colEmpresa, `${e.empresa.razonSocial} (NIT ${e.empresa.nit}-${e.empresa.dv})`],
    [MSG.colModulo, e.moduloNombre],
    [MSG.colRequisito, `${e.requisito.codigo} - ${e.requisito.nombreCorto}`],
  ];
  if (e.contrato)
    rows.push([
      MSG.colContrato,
      `${e.contrato.proyecto} - ${e.contrato.tipoContrato} - ${e.contrato.actividad} (${e.contrato.descripcion})`,
    ]);
  if (e.periodo) rows.push([MSG.colLapso, e.periodo.lapso]);
  if (e.empleado)
    rows.push([
      MSG.colEmpleado,
      `${e.empleado.tipoDocumento} ${e.empleado.numeroDocumento} - ${e.empleado.nombre}`,
    ]);
  rows.push([MSG.colFechaCarga, formatDateTime(e.cargadoAt)]);
  if (e.cargadoPor) rows.push([MSG.reviewUploadedBy, `${e.cargadoPor.nombre} (${e.cargadoPor.username})`]);
  return (
    <dl className="review-facts" data-testid="review-facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
      {e.comentario && (
        <div>
          <dt>{MSG.reviewCompanyComment}</dt>
          <dd className="review-comment" data-testid="review-comment">
            {e.comentario}
          </dd>
        </div>
      )}
      <div>
        <dt>{MSG.annexesLabel}</dt>
        <dd>
          {e.anexos.length === 0 ? (
            MSG.noAnnexes
          ) : (
            <ul className="review-annexes">
              {e.anexos.map((a) => (
                <li key={a.id}>
                  <FileLink url={a.url} className="file-link">
                    <i className="pi pi-paperclip" aria-hidden="true" /> {a.nombre}
                  </FileLink>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** The requirement's validation criterion, legal basis and validity rule. */
export function Criteria({ entrega: e }: { entrega: EntregaDetalle }) {
  return (
    <section
      className="review-criteria"
      aria-labelledby="review-criterion-title"
      data-testid="review-criteria"
    >
      <h3 id="review-criterion-title">{MSG.reviewCriterion}</h3>
      <p className="review-criterion-text">{e.requisito.detalle || MSG.reviewNoCriterion}</p>
      {e.requisito.baseLegal && (
        <p>
          <strong>{MSG.reviewLegalBasis}:</strong> {e.requisito.baseLegal}
        </p>
      )}
      <p className="hint">
        {e.fechas.regla
          ? MSG.reviewDatesRule(e.fechas.regla.nombre)
          : MSG.reviewValidityRule(e.requisito.vigenciaDias)}{' '}
        · {MSG.allowedExtensions(e.requisito.extensiones)}
      </p>
    </section>
  );
}

/** The previous approved version of the same slot and the slot's earlier submissions. */
export function PreviousVersions({ entrega: e }: { entrega: EntregaDetalle }) {
  const older = e.historial.filter((h) => h.id !== e.id);
  return (
    <section
      className="review-previous"
      aria-labelledby="review-previous-title"
      data-testid="review-previous"
    >
      <h3 id="review-previous-title">{MSG.reviewPrevious}</h3>
      {e.anterior ? (
        <p>
          {e.anterior.archivo ? (
            <FileLink url={e.anterior.archivo.url} className="file-link" data-testid="review-previous-link">
              <i className="pi pi-file" aria-hidden="true" /> {e.anterior.archivo.nombre}
            </FileLink>
          ) : (
            <span>{e.anterior.comentario}</span>
          )}{' '}
          <span className="hint">
            {formatDateTime(e.anterior.cargadoAt)} · {e.anterior.estado}
            {e.anterior.vigenciaHasta ? ` · ${MSG.historyValidUntil(e.anterior.vigenciaHasta)}` : ''}
          </span>
        </p>
      ) : (
        <p className="hint">{MSG.reviewNoPrevious}</p>
      )}
      {older.length > 0 && (
        <details className="review-history">
          <summary>
            {MSG.reviewSlotHistory} ({older.length})
          </summary>
          <ul>
            {older.map((h) => (
              <li key={h.id}>
                <span className="hint">{formatDateTime(h.cargadoAt)}</span>{' '}
                {h.archivo ? (
                  <FileLink url={h.archivo.url} className="file-link">
                    {h.archivo.nombre}
                  </FileLink>
                ) : (
                  <span>{h.comentario}</span>
                )}{' '}
                <strong>{h.estado}</strong>
                {h.motivoRechazo ? ` - ${MSG.historyRejectedBecause(h.motivoRechazo)}` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
