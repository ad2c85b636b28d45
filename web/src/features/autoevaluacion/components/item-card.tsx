import { Link } from 'react-router';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { MSG, RESPUESTAS_0312, type Respuesta0312, AUTOEVALUACION_WEB_MSG } from '@proveedores/domain';
import { PATHS } from '@/lib/paths';
import type { ItemPagina } from '../api/autoevaluacion';
import { puntos } from './modelo';

const domId = (codigo: string) => `ae-${codigo.replaceAll('.', '-')}`;

/**
 * One item of the Tabla de Valores (Resolución 0312 de 2019 art. 27): its weight, the three answers,
 * the justification a 'No aplica' on the company's list needs, and the approved evidence the server
 * suggests. Outside a 7- or 21-item list it is 'No aplica' at full weight and takes no answer.
 */
export function ItemCard({
  item,
  fueraDeLista,
  respuesta,
  justificacion,
  puntosItem,
  readOnly,
  onChange,
}: {
  item: ItemPagina;
  fueraDeLista: boolean;
  respuesta: Respuesta0312 | null;
  justificacion: string;
  puntosItem: number;
  readOnly: boolean;
  onChange: (respuesta: Respuesta0312, justificacion: string) => void;
}) {
  const id = domId(item.codigo);
  const faltaJustificacion = respuesta === 'no_aplica' && justificacion.trim() === '';
  return (
    <fieldset
      className={`ae-item${fueraDeLista ? ' ae-item--fuera' : ''}`}
      data-testid="ae-item"
      data-codigo={item.codigo}
      data-puntos={puntosItem}
    >
      <legend className="ae-item-nombre">
        <span className="ae-codigo">{item.codigo}</span> {item.nombre}
      </legend>
      <div className="ae-item-peso">
        {AUTOEVALUACION_WEB_MSG.aeWebPeso(puntos(item.peso))}
        <span className="ae-item-puntos" aria-hidden="true">
          {' '}
          → {puntos(puntosItem)}
        </span>
      </div>
      {fueraDeLista ? (
        <div className="ae-fuera" data-testid="ae-fuera">
          {AUTOEVALUACION_WEB_MSG.aeWebFueraDeLista}
        </div>
      ) : (
        <div
          className="ae-respuestas"
          role="radiogroup"
          aria-label={AUTOEVALUACION_WEB_MSG.aeWebRespuesta(item.codigo)}
        >
          {RESPUESTAS_0312.map((r) => (
            <div className="ae-respuesta" key={r}>
              <RadioButton
                inputId={`${id}-${r}`}
                name={id}
                value={r}
                checked={respuesta === r}
                disabled={readOnly}
                onChange={() => onChange(r, justificacion)}
                data-testid={`ae-${r}`}
              />
              <label htmlFor={`${id}-${r}`}>{MSG.autoevaluacionRespuestas[r]}</label>
            </div>
          ))}
        </div>
      )}
      {!fueraDeLista && respuesta === 'no_aplica' && (
        <div className="field ae-justificacion">
          <label htmlFor={`${id}-just`}>{AUTOEVALUACION_WEB_MSG.aeWebJustificacion}</label>
          <InputTextarea
            id={`${id}-just`}
            value={justificacion}
            rows={2}
            autoResize
            readOnly={readOnly}
            invalid={faltaJustificacion}
            aria-describedby={`${id}-just-ayuda`}
            onChange={(e) => onChange('no_aplica', e.target.value)}
            data-testid="ae-justificacion"
          />
          <small id={`${id}-just-ayuda`} className="hint">
            {AUTOEVALUACION_WEB_MSG.aeWebJustificacionAyuda}
          </small>
        </div>
      )}
      {item.sugerencias.length > 0 && (
        <div className="ae-sugerencias hint">
          {AUTOEVALUACION_WEB_MSG.aeWebEvidencia}{' '}
          {item.sugerencias.map((s) => (
            <Link
              key={s.entregaId}
              to={PATHS.histDocs('sg-sst')}
              title={s.fuente}
              data-testid="ae-sugerencia"
            >
              {s.requisito} {s.nombre}
            </Link>
          ))}
        </div>
      )}
    </fieldset>
  );
}
