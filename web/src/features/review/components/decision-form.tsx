import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  CAMPO_BODY,
  fechasFaltantes,
  MOTIVO_MAX,
  MSG,
  NOMBRE_FECHA,
  problemasFechas,
  type ApproveBody,
  type CampoFecha,
  type DecisionResponse,
  type EntregaDetalle,
  type FechasLeidas,
} from '@proveedores/domain';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { todayColombia } from '@/lib/dates';
import { clearDraft, readDraft, writeDraft } from '@/lib/session';
import { approveEntrega, rejectEntrega } from '../api/review';
import { ConfirmDates } from './confirm-dates';

export type DecisionOutcome =
  | { kind: 'decided'; response: DecisionResponse }
  /** 404 / 409: someone else decided, or the company replaced the upload. */
  | { kind: 'stale'; message: string };

/**
 * 'Aprobar' and 'Rechazar' (a standard reason of the requirement and/or free text; at least one is
 * required). Approval (decision 113): with a validity rule the reviewer confirms or corrects the
 * document dates the rule reads and the end is derived from them, never typed; a date the rule needs
 * and nobody gave is named inline before anything is sent. Without a rule, the validity end is
 * pre-filled from the requirement's days and may be changed within the maximum the server enforces.
 */
export function DecisionForm({
  entrega,
  onDone,
}: {
  entrega: EntregaDetalle;
  onDone: (outcome: DecisionOutcome) => void;
}) {
  const [vigencia, setVigencia] = useState(entrega.vigenciaSugerida ?? '');
  const regla = entrega.fechas.regla;
  const [fechas, setFechas] = useState<FechasLeidas>(entrega.fechas.vigentes);
  const [fechasInvalidas, setFechasInvalidas] = useState<CampoFecha[]>([]);
  const [motivo, setMotivo] = useState<string | null>(null);
  // A half-typed reason survives the session ending and comes back after signing in again
  // (docs/decisions/098): kept in session storage under the reviewer's name and this submission.
  const draftScope = `revision:${entrega.id}`;
  const [observacion, setObservacion] = useState(() => readDraft(draftScope) ?? '');
  const [draftRestored] = useState(() => readDraft(draftScope) !== null);
  const [approveError, setApproveError] = useState('');
  const [rejectError, setRejectError] = useState('');

  const handleError = (err: unknown, setError: (m: string) => void) => {
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
      onDone({ kind: 'stale', message: err.message });
      return;
    }
    setError(errorMessage(err));
  };

  const approve = useMutation({
    mutationFn: () => approveEntrega(entrega.id, approveBodyOf()),
    onSuccess: (response) => {
      clearDraft(draftScope);
      onDone({ kind: 'decided', response });
    },
    onError: (err) => handleError(err, setApproveError),
  });
  const reject = useMutation({
    mutationFn: () => rejectEntrega(entrega.id, { motivo: motivo ?? undefined, observacion }),
    onSuccess: (response) => {
      clearDraft(draftScope);
      onDone({ kind: 'decided', response });
    },
    onError: (err) => handleError(err, setRejectError),
  });
  const busy = approve.isPending || reject.isPending;

  /** The confirmed dates the rule reads (null: cleared) or, without a rule, the validity end. */
  const approveBodyOf = (): ApproveBody => {
    if (!regla) return vigencia ? { vigenciaHasta: vigencia } : {};
    const body: ApproveBody = {};
    for (const c of entrega.fechas.pide) body[CAMPO_BODY[c]] = fechas[c];
    return body;
  };

  /** What the server would refuse, said here first (the server checks the same, decision 113). */
  const datesProblem = (): { campos: CampoFecha[]; mensaje: string } | null => {
    if (!regla) return null;
    const [p] = problemasFechas(fechas, todayColombia());
    if (p) return { campos: [p.campo], mensaje: p.mensaje };
    const faltan = fechasFaltantes(regla.definicion, fechas, entrega.fechas.periodo, entrega.empresa.nit);
    if (faltan.length === 0) return null;
    return {
      campos: faltan,
      mensaje: MSG.reviewDatesMissing(
        faltan.map((c) => NOMBRE_FECHA[c]),
        regla.nombre,
      ),
    };
  };

  const onApprove = (e: FormEvent) => {
    e.preventDefault();
    setApproveError('');
    const problem = datesProblem();
    setFechasInvalidas(problem?.campos ?? []);
    if (problem) {
      setApproveError(problem.mensaje);
      return;
    }
    approve.mutate();
  };
  const onReject = (e: FormEvent) => {
    e.preventDefault();
    setRejectError('');
    if (!motivo && !observacion.trim()) {
      setRejectError(MSG.reviewReasonRequired);
      return;
    }
    reject.mutate();
  };

  const motivos = entrega.requisito.motivosRechazo.map((m) => ({ label: m, value: m }));
  return (
    <div className="review-decision" data-testid="review-decision">
      <form className="review-decision-box approve" onSubmit={onApprove} noValidate>
        {regla ? (
          <ConfirmDates
            entrega={entrega}
            valores={fechas}
            invalid={fechasInvalidas}
            onChange={(v) => {
              setFechas(v);
              setFechasInvalidas([]);
              setApproveError('');
            }}
          />
        ) : (
          <div className="field">
            <label htmlFor="review-vigencia">{MSG.reviewValidityLabel}</label>
            <InputText
              id="review-vigencia"
              type="date"
              value={vigencia}
              min={todayColombia()}
              max={entrega.vigenciaMaxima}
              onChange={(e) => setVigencia(e.target.value)}
              aria-describedby="review-vigencia-hint"
              invalid={!!approveError}
              data-testid="review-vigencia"
            />
            <small id="review-vigencia-hint" className="hint">
              {entrega.vigenciaSugerida
                ? MSG.reviewValidityHint(entrega.vigenciaMaxima)
                : MSG.reviewValidityNone}
            </small>
          </div>
        )}
        {approveError && (
          <small className="field-error" role="alert" data-testid="review-approve-error">
            {approveError}
          </small>
        )}
        <Button
          type="submit"
          label={MSG.reviewApprove}
          icon="pi pi-check"
          loading={approve.isPending}
          disabled={busy}
          data-testid="review-approve"
        />
      </form>

      <form className="review-decision-box reject" onSubmit={onReject} noValidate>
        {motivos.length > 0 && (
          <div className="field">
            <label htmlFor="review-motivo">{MSG.reviewReasonLabel}</label>
            <Dropdown
              inputId="review-motivo"
              pt={HIDE_NATIVE_SELECT}
              value={motivo}
              options={motivos}
              onChange={(e) => {
                setMotivo((e.value as string | null) ?? null);
                if (e.value) setRejectError((m) => (m === MSG.reviewReasonRequired ? '' : m));
              }}
              placeholder={MSG.reviewReasonPlaceholder}
              showClear
              className="w-full"
              data-testid="review-motivo"
            />
          </div>
        )}
        <div className="field">
          <label htmlFor="review-observacion">
            {motivos.length > 0 ? MSG.reviewObservationLabel : MSG.reviewReasonLabel}
          </label>
          <InputTextarea
            id="review-observacion"
            value={observacion}
            rows={3}
            maxLength={MOTIVO_MAX}
            autoResize
            onChange={(e) => {
              setObservacion(e.target.value);
              writeDraft(draftScope, e.target.value);
              if (e.target.value.trim()) setRejectError((m) => (m === MSG.reviewReasonRequired ? '' : m));
            }}
            aria-describedby="review-observacion-hint"
            invalid={!!rejectError}
            data-testid="review-observacion"
          />
          <small id="review-observacion-hint" className="hint">
            {MSG.reviewObservationHint}
          </small>
          {draftRestored && (
            <small className="hint" role="status" data-testid="review-draft-restored">
              {MSG.draftRestored}
            </small>
          )}
        </div>
        {rejectError && (
          <small className="field-error" role="alert" data-testid="review-reject-error">
            {rejectError}
          </small>
        )}
        <Button
          type="submit"
          label={MSG.reviewReject}
          icon="pi pi-times"
          severity="danger"
          className="review-reject-button"
          loading={reject.isPending}
          disabled={busy}
          data-testid="review-reject"
        />
      </form>
    </div>
  );
}
