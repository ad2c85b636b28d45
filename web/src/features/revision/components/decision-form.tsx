import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  CAMPO_BODY,
  fechasFaltantes,
  formatDia,
  MOTIVO_MAX,
  MSG,
  NOMBRE_FECHA,
  problemasFechas,
  REVISION_MSG,
  type ApproveBody,
  type CampoFecha,
  type DecisionResponse,
  type EntregaDetalle,
  type FechasLeidas,
  hoyEnColombia,
} from '@proveedores/domain';
import { DayInput } from '@/components/day-input';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { ApiError, errorMessage } from '@/lib/api-client';
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
  // Text typed as the validity end that is no date: named under the field and blocking approval.
  const [vigenciaTexto, setVigenciaTexto] = useState<string | null>(null);
  const regla = entrega.fechas.regla;
  const [fechas, setFechas] = useState<FechasLeidas>(entrega.fechas.vigentes);
  const [fechasInvalidas, setFechasInvalidas] = useState<CampoFecha[]>([]);
  // Text typed in a date field that is no date: named under the field and blocking approval.
  const [textosInvalidos, setTextosInvalidos] = useState<Partial<Record<CampoFecha, string>>>({});
  const [motivo, setMotivo] = useState<string | null>(null);
  // A half-typed reason survives the session ending and comes back after signing in again
  // (docs/decisions/098): kept in session storage under the reviewer's name and this submission.
  const draftScope = `revision:${entrega.id}`;
  const [observacion, setObservacion] = useState(() => readDraft(draftScope) ?? '');
  const [draftRestored] = useState(() => readDraft(draftScope) !== null);
  // One upload for many workers (docs/decisions/139): the same decision for the other workers of
  // this file still pending, when the reviewer ticks it (off by default: each worker is their own).
  const otros = entrega.mismaCargaPendientes;
  const [todaLaCarga, setTodaLaCarga] = useState(false);
  const mismaCarga = todaLaCarga && otros.length > 0 ? otros : undefined;
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
    mutationFn: () =>
      approveEntrega(entrega.id, { ...approveBodyOf(), ...(mismaCarga ? { mismaCarga } : {}) }),
    onSuccess: (response) => {
      clearDraft(draftScope);
      onDone({ kind: 'decided', response });
    },
    onError: (err) => handleError(err, setApproveError),
  });
  const reject = useMutation({
    mutationFn: () => rejectEntrega(entrega.id, { motivo: motivo ?? undefined, observacion }, mismaCarga),
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
    if (!regla) {
      if (vigenciaTexto) return { campos: [], mensaje: REVISION_MSG.revisionFechaNoValida(vigenciaTexto) };
      // Colombia's today, not the browser's (decision 117); the server checks the same and the maximum.
      if (vigencia && vigencia < hoyEnColombia(new Date()))
        return { campos: [], mensaje: MSG.reviewValidityPast };
      return null;
    }
    const [malEscrita] = entrega.fechas.pide.filter((c) => textosInvalidos[c]);
    if (malEscrita)
      return {
        campos: [malEscrita],
        mensaje: REVISION_MSG.revisionFechaNoValida(textosInvalidos[malEscrita]!),
      };
    const [p] = problemasFechas(fechas, hoyEnColombia(new Date()));
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
      {otros.length > 0 && (
        <div className="review-misma-carga" data-testid="review-misma-carga">
          <Checkbox
            inputId="review-misma-carga"
            checked={todaLaCarga}
            onChange={(e) => setTodaLaCarga(!!e.checked)}
            disabled={busy}
            aria-describedby="review-misma-carga-hint"
          />
          <label htmlFor="review-misma-carga">{REVISION_MSG.revisionAplicarCarga(otros.length + 1)}</label>
          <small id="review-misma-carga-hint" className="hint">
            {REVISION_MSG.revisionAplicarCargaHint}
          </small>
        </div>
      )}
      <form className="review-decision-box approve" onSubmit={onApprove} noValidate>
        {regla ? (
          <ConfirmDates
            entrega={entrega}
            valores={fechas}
            invalid={fechasInvalidas}
            textosInvalidos={textosInvalidos}
            onInvalidText={(c, text) =>
              setTextosInvalidos((t) => {
                const { [c]: _, ...rest } = t;
                return text ? { ...rest, [c]: text } : rest;
              })
            }
            onChange={(v) => {
              setFechas(v);
              setFechasInvalidas([]);
              setApproveError('');
            }}
          />
        ) : (
          <div className="field">
            <label htmlFor="review-vigencia">{MSG.reviewValidityLabel}</label>
            <DayInput
              inputId="review-vigencia"
              value={vigencia || null}
              onChange={(iso) => {
                setVigencia(iso ?? '');
                setApproveError('');
              }}
              onInvalidText={setVigenciaTexto}
              describedBy="review-vigencia-hint"
              invalid={!!approveError}
              className="review-date-input"
              testId="review-vigencia"
            />
            <small id="review-vigencia-hint" className="hint">
              {entrega.vigenciaSugerida
                ? MSG.reviewValidityHint(formatDia(entrega.vigenciaMaxima))
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
