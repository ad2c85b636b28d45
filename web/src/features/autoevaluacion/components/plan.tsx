import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  ESTADOS_ACCION_PLAN,
  formatDia,
  MSG,
  type AccionPlan0312,
  type EstadoAccionPlan,
  AUTOEVALUACION_WEB_MSG,
} from '@proveedores/domain';
import { DayInput } from '@/components/day-input';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import type { ItemPagina } from '../api/autoevaluacion';
import { accionVacia } from './modelo';

/**
 * The improvement plan (Resolución 0312 de 2019 art. 28, minimum content): one action per item not
 * met, with activity, responsible, deadline, resources and status. `hoy` marks overdue actions.
 */
export function PlanMejoramiento({
  codigos,
  items,
  plan,
  hoy,
  readOnly,
  onChange,
}: {
  codigos: string[];
  items: ItemPagina[];
  plan: Record<string, AccionPlan0312>;
  hoy: string;
  readOnly: boolean;
  onChange: (accion: AccionPlan0312) => void;
}) {
  return (
    <section className="ae-plan" aria-labelledby="ae-plan-titulo" data-testid="ae-plan">
      <h2 id="ae-plan-titulo">{AUTOEVALUACION_WEB_MSG.aeWebPlan}</h2>
      <p className="hint">{AUTOEVALUACION_WEB_MSG.aeWebPlanAyuda}</p>
      {codigos.length === 0 && <p data-testid="ae-plan-vacio">{AUTOEVALUACION_WEB_MSG.aeWebPlanVacio}</p>}
      {codigos.map((codigo) => {
        const a = plan[codigo] ?? accionVacia(codigo);
        const nombre = items.find((i) => i.codigo === codigo)?.nombre ?? '';
        const id = `ae-plan-${codigo.replaceAll('.', '-')}`;
        const set = (cambio: Partial<AccionPlan0312>) => onChange({ ...a, ...cambio });
        const vencida = a.estado !== 'cumplida' && !!a.plazo && a.plazo < hoy;
        return (
          <fieldset key={codigo} className="ae-accion-plan" data-testid="ae-accion" data-codigo={codigo}>
            <legend>
              <span className="ae-codigo">{codigo}</span> {nombre}
              {vencida && (
                <span className="ae-tag ae-tag--critico ae-vencida">
                  {AUTOEVALUACION_WEB_MSG.aeWebVencida} ({formatDia(a.plazo)})
                </span>
              )}
            </legend>
            <div className="field ae-actividad">
              <label htmlFor={`${id}-actividad`}>{AUTOEVALUACION_WEB_MSG.aeWebActividad}</label>
              <InputTextarea
                id={`${id}-actividad`}
                value={a.actividad ?? ''}
                rows={2}
                autoResize
                readOnly={readOnly}
                onChange={(e) => set({ actividad: e.target.value })}
                data-testid="ae-plan-actividad"
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-responsable`}>{AUTOEVALUACION_WEB_MSG.aeWebResponsable}</label>
              <InputText
                id={`${id}-responsable`}
                value={a.responsable ?? ''}
                readOnly={readOnly}
                onChange={(e) => set({ responsable: e.target.value })}
                data-testid="ae-plan-responsable"
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-plazo`}>{AUTOEVALUACION_WEB_MSG.aeWebPlazo}</label>
              {readOnly ? (
                <InputText id={`${id}-plazo`} value={formatDia(a.plazo)} readOnly />
              ) : (
                <DayInput
                  inputId={`${id}-plazo`}
                  value={a.plazo ?? null}
                  onChange={(v) => set({ plazo: v })}
                  testId="ae-plan-plazo"
                />
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-recursos`}>{AUTOEVALUACION_WEB_MSG.aeWebRecursos}</label>
              <InputText
                id={`${id}-recursos`}
                value={a.recursos ?? ''}
                readOnly={readOnly}
                onChange={(e) => set({ recursos: e.target.value })}
                data-testid="ae-plan-recursos"
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-estado`}>{AUTOEVALUACION_WEB_MSG.aeWebEstado}</label>
              <Dropdown
                inputId={`${id}-estado`}
                pt={HIDE_NATIVE_SELECT}
                value={a.estado}
                disabled={readOnly}
                options={ESTADOS_ACCION_PLAN.map((e) => ({
                  value: e,
                  label: MSG.autoevaluacionEstadosPlan[e],
                }))}
                onChange={(e) => set({ estado: e.value as EstadoAccionPlan })}
                ariaLabel={AUTOEVALUACION_WEB_MSG.aeWebEstado}
                data-testid="ae-plan-estado"
              />
            </div>
          </fieldset>
        );
      })}
    </section>
  );
}
