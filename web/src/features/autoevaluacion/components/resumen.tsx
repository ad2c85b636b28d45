import { useState } from 'react';
import { Button } from 'primereact/button';
import {
  formatDia,
  plazosPorClasificacion,
  REGLAS_0312,
  VALORACIONES_0312,
  type Clasificacion0312,
  type Plazos0312,
  AUTOEVALUACION_WEB_MSG,
} from '@proveedores/domain';
import { puntos, type Derivado } from './modelo';

const CLASE: Record<Clasificacion0312, string> = {
  Crítico: 'critico',
  'Moderadamente aceptable': 'moderado',
  Aceptable: 'aceptable',
};

/** The rule a figure comes from, named beside it (REGLAS_0312, docs/decisions/133). */
function Base({ regla }: { regla: keyof typeof REGLAS_0312 }) {
  const r = REGLAS_0312[regla];
  return (
    <small className="ae-base" title={r.descripcion} data-regla={regla}>
      {r.baseLegal}
    </small>
  );
}

/**
 * The sticky summary (art. 27 score, art. 28 band with its actions and due dates, the share of the
 * company's own list, the floor of a 7- or 21-item list). The due dates count from `fecha` (today for
 * a draft); a signed version passes the server's, counted from its Colombian signing date. On a phone only the score and the band show
 * at the bottom; 'Ver detalle' opens the rest.
 */
export function Resumen({ d, fecha, plazos }: { d: Derivado; fecha: string; plazos?: Plazos0312 }) {
  const [abierto, setAbierto] = useState(false);
  const c = d.calificacion;
  const v = VALORACIONES_0312[c.clasificacion];
  const p = plazos ?? plazosPorClasificacion(c.clasificacion, fecha);
  return (
    <aside
      className={`ae-resumen${abierto ? ' ae-resumen--abierto' : ''}`}
      aria-label={AUTOEVALUACION_WEB_MSG.aeWebResumen}
      data-testid="ae-resumen"
    >
      <div className="ae-resumen-barra">
        <div className="ae-puntaje">
          <span className="ae-puntaje-label">{AUTOEVALUACION_WEB_MSG.aeWebPuntaje}</span>
          <strong data-testid="ae-puntaje" aria-live="polite">
            {puntos(c.puntaje)}
          </strong>
          <span className="ae-de">/ 100</span>
        </div>
        <span
          className={`ae-tag ae-tag--${CLASE[c.clasificacion]}`}
          data-testid="ae-clasificacion"
          aria-live="polite"
        >
          {c.clasificacion}
        </span>
        <Button
          type="button"
          className="ae-detalle-boton"
          size="small"
          text
          label={
            abierto ? AUTOEVALUACION_WEB_MSG.aeWebOcultarDetalle : AUTOEVALUACION_WEB_MSG.aeWebVerDetalle
          }
          aria-expanded={abierto}
          aria-controls="ae-resumen-detalle"
          onClick={() => setAbierto((a) => !a)}
        />
      </div>
      <div className="ae-resumen-detalle" id="ae-resumen-detalle">
        <p>
          <Base regla="calificacion" />
        </p>
        <p>
          {v.criterio}: <strong>{c.clasificacion}</strong> <Base regla="clasificacion" />
        </p>
        <p className="ae-lista" data-testid="ae-porcentaje-lista">
          {AUTOEVALUACION_WEB_MSG.aeWebPorcentajeLista(puntos(c.porcentajeLista), d.lista)}
        </p>
        {d.lista !== 60 && (
          <p className="ae-piso" data-testid="ae-piso">
            {AUTOEVALUACION_WEB_MSG.aeWebPiso(puntos(c.pisoLista), d.lista)} <Base regla="fuera-de-lista" />
          </p>
        )}
        <h3>{AUTOEVALUACION_WEB_MSG.aeWebAcciones}</h3>
        <p className="ae-accion">{v.accion}</p>
        <ul className="ae-plazos" data-testid="ae-plazos">
          {p.planInmediato && <li>{AUTOEVALUACION_WEB_MSG.aeWebPlazoPlan(formatDia(p.planInmediato))}</li>}
          {p.reporteArl && <li>{AUTOEVALUACION_WEB_MSG.aeWebPlazoArl(formatDia(p.reporteArl))}</li>}
          {p.avancesJulio && (
            <li>
              {AUTOEVALUACION_WEB_MSG.aeWebPlazoJulio(formatDia(p.avancesJulio))} <Base regla="plan.julio" />
            </li>
          )}
          <li>{AUTOEVALUACION_WEB_MSG.aeWebPlazoPlanAnual(formatDia(p.inicioPlanAnual))}</li>
        </ul>
        <p className="ae-pendientes" data-testid="ae-pendientes">
          {AUTOEVALUACION_WEB_MSG.aeWebPendientes(d.errores.length)}
        </p>
        {d.errores.length > 0 && (
          <details className="ae-errores">
            <summary>{AUTOEVALUACION_WEB_MSG.aeWebVerPendientes}</summary>
            <ul>
              {d.errores.map((e, i) => (
                <li key={`${e.regla}-${e.codigo ?? ''}-${i}`}>{e.mensaje}</li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </aside>
  );
}
