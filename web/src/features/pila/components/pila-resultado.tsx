import '@/components/stack-table.css';
import './pila.css';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import {
  formatDia,
  formatLapso,
  type PilaConciliacion,
  type PilaHallazgo,
  type PilaPersona,
  PILA_STAFF_MSG,
} from '@proveedores/domain';

type Persona = PilaPersona;
type Veredicto = PilaConciliacion['veredicto'];

const VEREDICTO_CLASE: Record<Veredicto, string> = {
  Conciliada: 'ok',
  'Con advertencias': 'warn',
  'Con errores': 'error',
};

/** The verdict as a tag: colour plus icon plus its words (never colour alone). */
export function PilaVeredictoTag({ veredicto }: { veredicto: Veredicto }) {
  const clase = VEREDICTO_CLASE[veredicto];
  const icono =
    clase === 'ok' ? 'pi-check-circle' : clase === 'warn' ? 'pi-exclamation-triangle' : 'pi-times-circle';
  return (
    <span className={`pila-tag pila-tag--${clase}`} data-testid="pila-veredicto" data-veredicto={veredicto}>
      <i className={`pi ${icono}`} aria-hidden="true" />
      {veredicto}
    </span>
  );
}

function nombrePersona(p: Persona): string {
  return PILA_STAFF_MSG.pilaStaffTrabajador(p.tipodocumento, p.numerodocumento, p.nombre);
}

function PersonaLista({ personas, testId }: { personas: Persona[]; testId: string }) {
  return (
    <ul className="pila-personas" data-testid={testId}>
      {personas.map((p) => (
        <li key={`${p.tipodocumento}:${p.numerodocumento}`}>{nombrePersona(p)}</li>
      ))}
    </ul>
  );
}

/**
 * One PILA reconciliation (docs/decisions/128) as the staff and the contractor read it: the verdict,
 * expected and found workers, the planilla's identity, the missing workers, the cotizantes not on the
 * contract and the findings table (severity, line, worker, message). Data comes as props: the caller
 * fetches it. `titulo` names the section (a heading of the given level) when given.
 */
export function PilaResultado({
  conciliacion: c,
  titulo,
  nivel = 3,
}: {
  conciliacion: Omit<PilaConciliacion, 'rechazada' | 'fuenteFechaLimite'>;
  titulo?: string;
  nivel?: 2 | 3 | 4;
}) {
  const Titulo = `h${nivel}` as const;
  const Sub = `h${Math.min(nivel + 1, 6)}` as 'h3' | 'h4' | 'h5';
  // The findings carry the worker's document only: the name comes from the lists when known.
  const nombres = new Map(
    [...c.faltantes, ...c.sobrantes].map((p) => [`${p.tipodocumento}:${p.numerodocumento}`, p]),
  );
  const trabajador = (h: PilaHallazgo) => {
    if (!h.tipodocumento || !h.numerodocumento) return '';
    const p = nombres.get(`${h.tipodocumento}:${h.numerodocumento}`);
    return p ? nombrePersona(p) : `${h.tipodocumento} ${h.numerodocumento}`;
  };
  return (
    <div className="pila-resultado" data-testid="pila-resultado">
      {titulo && <Titulo className="pila-titulo">{titulo}</Titulo>}
      <dl className="pila-datos">
        <div>
          <dt>{PILA_STAFF_MSG.pilaStaffColPeriodo}</dt>
          <dd>{formatLapso(c.ano, c.mes)}</dd>
        </div>
        <div>
          <dt>{PILA_STAFF_MSG.pilaStaffVeredicto}</dt>
          <dd>
            <PilaVeredictoTag veredicto={c.veredicto} />
          </dd>
        </div>
        <div>
          <dt>{PILA_STAFF_MSG.pilaStaffEsperados}</dt>
          <dd data-testid="pila-esperados">{c.esperados}</dd>
        </div>
        <div>
          <dt>{PILA_STAFF_MSG.pilaStaffEncontrados}</dt>
          <dd data-testid="pila-encontrados">{c.encontrados}</dd>
        </div>
        {c.numeroPlanilla && (
          <div>
            <dt>{PILA_STAFF_MSG.pilaStaffPlanilla}</dt>
            <dd>{c.numeroPlanilla}</dd>
          </div>
        )}
        {c.fechaPago && (
          <div>
            <dt>{PILA_STAFF_MSG.pilaStaffFechaPago}</dt>
            <dd>{formatDia(c.fechaPago)}</dd>
          </div>
        )}
        {c.fechaLimite && (
          <div>
            <dt>{PILA_STAFF_MSG.pilaStaffFechaLimite}</dt>
            <dd>{formatDia(c.fechaLimite)}</dd>
          </div>
        )}
      </dl>
      <Sub className="pila-subtitulo">{PILA_STAFF_MSG.pilaStaffFaltantes}</Sub>
      {c.faltantes.length > 0 ? (
        <PersonaLista personas={c.faltantes} testId="pila-faltantes" />
      ) : (
        <p className="hint">{PILA_STAFF_MSG.pilaStaffSinFaltantes}</p>
      )}
      {c.sobrantes.length > 0 && (
        <>
          <Sub className="pila-subtitulo">{PILA_STAFF_MSG.pilaStaffSobrantes}</Sub>
          <PersonaLista personas={c.sobrantes} testId="pila-sobrantes" />
        </>
      )}
      <Sub className="pila-subtitulo">{PILA_STAFF_MSG.pilaStaffHallazgos}</Sub>
      <DataTable
        value={c.hallazgos}
        emptyMessage={PILA_STAFF_MSG.pilaStaffSinHallazgos}
        responsiveLayout="stack"
        breakpoint="820px"
        stripedRows
        size="small"
        className="pila-hallazgos stack-table"
        data-testid="pila-hallazgos"
      >
        <Column
          header={PILA_STAFF_MSG.pilaStaffColSeveridad}
          body={(h: PilaHallazgo) => (
            <span className={`pila-severidad pila-severidad--${h.severidad}`}>
              <i
                className={`pi ${h.severidad === 'error' ? 'pi-times-circle' : 'pi-exclamation-triangle'}`}
                aria-hidden="true"
              />
              {h.severidad === 'error' ? PILA_STAFF_MSG.pilaStaffError : PILA_STAFF_MSG.pilaStaffAdvertencia}
            </span>
          )}
        />
        <Column header={PILA_STAFF_MSG.pilaStaffColLinea} body={(h: PilaHallazgo) => h.linea ?? ''} />
        <Column header={PILA_STAFF_MSG.pilaStaffColTrabajador} body={trabajador} />
        <Column header={PILA_STAFF_MSG.pilaStaffColMensaje} field="mensaje" />
      </DataTable>
    </div>
  );
}
