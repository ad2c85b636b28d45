import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { SelectButton } from 'primereact/selectbutton';
import { ESTADO, MSG, type EntregaDetalle, CARGA_MULTIPLE_MSG } from '@proveedores/domain';
import { Button } from 'primereact/button';
import { errorMessage } from '@/lib/api-client';
import { entregaQueryOptions } from '../api/review';
import { DecisionForm, type DecisionOutcome } from './decision-form';
import { Criteria, EntregaFacts, PreviousVersions } from './entrega-facts';
import { FilePreview } from './file-preview';
import { PilaConciliacionSeccion, REQUISITO_PILA } from '@/features/pila';

/**
 * The review panel of one submission: the file (or comment) on one side; the facts, the
 * requirement's criterion and legal basis, the previous approved version and the decision on the
 * other. Phones stack the two sides.
 */
export function ReviewDialog({
  id,
  onHide,
  onDone,
}: {
  id: number | null;
  onHide: () => void;
  onDone: (outcome: DecisionOutcome) => void;
}) {
  const query = useQuery({ ...entregaQueryOptions(id ?? 0), enabled: id !== null });
  const e = query.data;
  const title = e ? MSG.reviewPanelTitle(e.requisito.nombreCorto) : MSG.reviewTitle;
  return (
    <Dialog
      visible={id !== null}
      onHide={onHide}
      header={title}
      className="brand-dialog review-dialog"
      style={{ width: 'min(1280px, 96vw)' }}
      contentClassName="review-dialog-content"
      blockScroll
      draggable={false}
      resizable={false}
      dismissableMask={false}
      data-testid="review-dialog"
    >
      {query.isPending && (
        <div className="loading-block" role="status">
          <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="5" />
          <span>{MSG.loading}</span>
        </div>
      )}
      {query.isError && (
        <div className="review-load-error" role="alert">
          <p>
            {MSG.reviewLoadError} {errorMessage(query.error)}
          </p>
          <Button type="button" label={MSG.retry} outlined onClick={() => void query.refetch()} />
        </div>
      )}
      {e && <ReviewBody key={e.id} entrega={e} onDone={onDone} />}
    </Dialog>
  );
}

function ReviewBody({
  entrega: e,
  onDone,
}: {
  entrega: EntregaDetalle;
  onDone: (o: DecisionOutcome) => void;
}) {
  const [showing, setShowing] = useState<'actual' | 'anterior'>('actual');
  const previousFile = e.anterior?.archivo ?? null;
  const archivo = showing === 'anterior' && previousFile ? previousFile : e.archivo;
  const decidable = e.esActual && e.codEstado === ESTADO.CARGADO;
  return (
    <div className="review-layout">
      <section className="review-left" aria-label={MSG.reviewFileSection}>
        {previousFile && (
          <SelectButton
            value={showing}
            onChange={(ev) => ev.value && setShowing(ev.value as 'actual' | 'anterior')}
            options={[
              { label: MSG.reviewShowCurrent, value: 'actual' },
              { label: MSG.reviewShowPrevious, value: 'anterior' },
            ]}
            className="review-switch"
            data-testid="review-switch"
          />
        )}
        {archivo ? (
          <FilePreview key={archivo.url} archivo={archivo} testId="review-file" />
        ) : (
          <div className="review-comment-only" data-testid="review-comment-only">
            <p className="hint">{MSG.noFileCommentOnly}</p>
            <blockquote>{e.comentario}</blockquote>
          </div>
        )}
      </section>
      <section className="review-right">
        {e.compartidoCon > 1 && (
          // One upload for many workers (docs/decisions/139): this decision is for this worker only.
          <p className="notice" role="note" data-testid="review-compartido">
            <i className="pi pi-users" aria-hidden="true" />{' '}
            {CARGA_MULTIPLE_MSG.cargaMultipleCompartido(e.compartidoCon)}
          </p>
        )}
        <EntregaFacts entrega={e} />
        <Criteria entrega={e} />
        <PreviousVersions entrega={e} />
        {e.requisito.codigo === REQUISITO_PILA && <PilaConciliacionSeccion entregaId={e.id} />}
        <h3 className="review-decision-title">{MSG.reviewDecision}</h3>
        {decidable ? (
          <DecisionForm entrega={e} onDone={onDone} />
        ) : (
          <p className="notice" role="status" data-testid="review-not-decidable">
            {e.esActual ? MSG.reviewAlreadyDecided(e.estado) : MSG.reviewNotCurrentNotice}
          </p>
        )}
      </section>
    </div>
  );
}
