import { useRef, type RefObject } from 'react';
import { Tooltip } from 'primereact/tooltip';
import { ESTADO, formatDia, MSG, type EstadoFields, REUSO_MSG } from '@proveedores/domain';
import { FileLink } from '@/components/file-link';
import { EstadoLabel } from '@/components/estado/estado-label';
import type { EvidenceModalKind } from './evidence-target';
import { AnnexButton, StatusButton } from './status-button';

/**
 * Cells shared by the evidence tables (#, Nombre, Extensiones, action, Estado, Último
 * Archivo). Each cell carries data-label so the phone layout can show the column name.
 */
export function NombreCell({
  nombre,
  detalle,
  opcional,
  rowSpan,
}: {
  nombre: string;
  detalle: string;
  opcional: boolean;
  rowSpan?: number;
}) {
  const ref = useRef<HTMLTableCellElement>(null);
  return (
    <td ref={ref} className="cell-nombre" data-label={MSG.colNombre} rowSpan={rowSpan}>
      {detalle && (
        <Tooltip target={ref as RefObject<HTMLElement>} content={detalle} position="top" showDelay={250} />
      )}
      <span className="doc-name">
        {nombre}
        {!opcional && (
          <span className="mandatory" title={MSG.mandatoryLegend}>
            {' '}
            {MSG.mandatoryMark}
          </span>
        )}
      </span>
      {detalle && <span className="row-detalle">{detalle}</span>}
    </td>
  );
}

/** 'pdf,xlsx,xls' -> 'pdf, xlsx, xls' (wraps between items, never inside one). */
export function ExtensionesCell({ extensiones, rowSpan }: { extensiones: string; rowSpan?: number }) {
  return (
    <td className="cell-ext" data-label={MSG.colExtensiones} rowSpan={rowSpan}>
      {extensiones
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)
        .join(', ')}
    </td>
  );
}

export function ActionCell({
  state,
  itemName,
  onOpen,
}: {
  state: EstadoFields;
  itemName: string;
  onOpen: (kind: EvidenceModalKind) => void;
}) {
  return (
    <td className="cell-action" data-label={MSG.colAccion}>
      <div className="action-buttons">
        <StatusButton
          codEstado={state.codEstado}
          motivorechazo={state.motivorechazo}
          itemName={itemName}
          onOpen={onOpen}
        />
        <AnnexButton
          itemName={itemName}
          count={state.anexos.length}
          // A reused document's annexes belong to the contract it was made on (docs/decisions/138).
          disabled={state.idEntrega === null || !!state.reuso}
          onOpen={() => onOpen('annex')}
        />
      </div>
    </td>
  );
}

export function EstadoCell({ state }: { state: EstadoFields }) {
  return (
    <td className="cell-estado" data-label={MSG.colEstado}>
      <div className="estado-wrap">
        <EstadoLabel
          codEstado={state.codEstado}
          estado={state.reuso ? REUSO_MSG.reusoCargadoEn(state.reuso.contrato) : state.estado}
        />
        {state.codEstado === ESTADO.RECHAZADO && state.motivorechazo && (
          <ReasonIcon reason={state.motivorechazo} />
        )}
        <Vigencia state={state} />
        {state.reuso?.propia && (
          // The slot's own newer upload, next to the reused approval that counts meanwhile.
          <span className="reuso-propia" data-testid="reuso-propia">
            {REUSO_MSG.reusoPropia(state.reuso.propia.estado)}
          </span>
        )}
      </div>
    </td>
  );
}

/**
 * The validity of an approval next to its status: 'Vigente hasta dd/mm/aaaa', plus 'Por vencer'
 * inside the expiry warning window, or 'Venció el dd/mm/aaaa'. The server judges the window with
 * the home summary's rule and day (alerta; docs/decisions/094), so both say the same.
 */
function Vigencia({ state }: { state: EstadoFields }) {
  if (state.renovacion && (!state.vigencia || !state.alerta))
    // An approval without end keeps counting while its renewal awaits review (docs/decisions/164).
    return (
      <span className="vigencia vigencia--vigente" data-testid="vigencia">
        {MSG.estadoRenovacionPendiente}
      </span>
    );
  if (!state.vigencia || !state.alerta) return null;
  const fecha = formatDia(state.vigencia);
  if (state.alerta === 'vencido')
    return (
      <span className="vigencia vigencia--vencido" data-testid="vigencia">
        {MSG.evidenceExpiredOn(fecha)}
      </span>
    );
  return (
    <span className={`vigencia vigencia--${state.alerta}`} data-testid="vigencia">
      {/* The approval in force counts while its renewal awaits review (docs/decisions/164). */}
      {state.renovacion ? MSG.evidenceValidUntilRenewal(fecha) : MSG.evidenceValidUntil(fecha)}
      {state.alerta === 'por_vencer' && (
        <span className="por-vencer" data-testid="por-vencer">
          {MSG.evidenceExpiringSoon}
        </span>
      )}
    </span>
  );
}

/** The rejection reason as an info icon with a tooltip (focusable, so keyboards reach it too). */
function ReasonIcon({ reason }: { reason: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const text = MSG.rejectionReason(reason);
  return (
    <>
      <span
        ref={ref}
        className="reason-icon"
        tabIndex={0}
        role="img"
        aria-label={text}
        data-testid="reason-icon"
      >
        <i className="pi pi-info-circle" aria-hidden="true" />
      </span>
      <Tooltip target={ref as RefObject<HTMLElement>} content={text} position="top" event="both" />
    </>
  );
}

export function UltimoArchivoCell({ state }: { state: EstadoFields }) {
  let content;
  if (state.urladjunto && state.nombreadjunto)
    content = (
      <FileLink url={state.urladjunto} className="file-link" data-testid="last-file">
        <i className="pi pi-file" aria-hidden="true" />
        {state.nombreadjunto}
      </FileLink>
    );
  else if (state.comentario)
    content = (
      <span className="last-comment" data-testid="last-comment">
        <i className="pi pi-comment" aria-hidden="true" />
        {state.comentario}
      </span>
    );
  else content = <span className="hint">—</span>;
  return (
    <td className="cell-ultimo" data-label={MSG.colUltimoArchivo}>
      {content}
    </td>
  );
}
