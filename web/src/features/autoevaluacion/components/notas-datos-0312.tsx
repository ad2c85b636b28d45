import { ESTANDARES_0312, AUTOEVALUACION_WEB_MSG } from '@proveedores/domain';

/**
 * The Tabla de Valores' data notes, for staff only (decision 163): the rows whose name or list
 * membership could not be confirmed in a second source (`sinVerificar`, decision 133; docs/res-0312.md).
 * The contractor's page no longer shows them.
 */
export function NotasDatos0312() {
  const filas = ESTANDARES_0312.filter((e) => e.sinVerificar);
  return (
    <details className="ae-staff-notas" data-testid="ae-staff-notas">
      <summary>{AUTOEVALUACION_WEB_MSG.aeWebNotasDatosTitulo(filas.length)}</summary>
      <p className="hint">{AUTOEVALUACION_WEB_MSG.aeWebSinVerificar}</p>
      <ul>
        {filas.map((e) => (
          <li key={e.codigo}>
            <strong>{e.codigo}</strong> {e.item}
          </li>
        ))}
      </ul>
    </details>
  );
}
