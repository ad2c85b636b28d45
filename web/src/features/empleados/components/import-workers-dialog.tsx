import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import {
  PLANTILLA_ARCHIVO,
  type AdjuntoPayload,
  type FilaImportacion,
  type ImportarResponse,
  type PrevisualizacionResponse,
  IMPORTACION_MSG,
} from '@proveedores/domain';
import '@/components/stack-table.css';
import { acceptFor, readEvidenceFiles } from '@/components/upload/read-files';
import { errorMessage } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { useSubmit } from '@/lib/use-submit';
import { toTitleCase } from '@/lib/text';
import { importacionApi } from '../api/importacion';
import './import-workers.css';

type ErrorRow = PrevisualizacionResponse['errores'][number];

/**
 * 'Importar trabajadores' (docs/decisions/137): download the template, upload it filled, see every
 * row and every error (fila, columna, mensaje), then import the valid rows to the current contract
 * and read the summary. Nothing is written before 'Importar N trabajadores válidos'.
 */
export function ImportWorkersDialog(props: {
  visible: boolean;
  contratoid: number;
  contrato: string;
  onHide: () => void;
  onImported: () => void;
}) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const { busy, run } = useSubmit();
  const [problem, setProblem] = useState<string | null>(null);
  const [adjunto, setAdjunto] = useState<AdjuntoPayload | null>(null);
  const [preview, setPreview] = useState<PrevisualizacionResponse | null>(null);
  const [summary, setSummary] = useState<ImportarResponse | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);

  // The dialog names a failure above its buttons, not in the error alert.
  const showProblem = (err: unknown) => setProblem(errorMessage(err));

  const reset = () => {
    setProblem(null);
    setAdjunto(null);
    setPreview(null);
    setSummary(null);
    setOnlyErrors(false);
    if (fileInput.current) fileInput.current.value = '';
  };
  const hide = () => {
    reset();
    props.onHide();
  };

  const download = async () => {
    setProblem(null);
    try {
      const file = await importacionApi.plantilla();
      saveBlob(file.blob, file.filename ?? PLANTILLA_ARCHIVO);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    if (files.length === 0) return;
    setProblem(null);
    setPreview(null);
    setSummary(null);
    const read = await readEvidenceFiles(files.slice(0, 1), 'xlsx');
    if (!read.ok) {
      setProblem(read.refusals.join(' '));
      return;
    }
    const payload = read.files[0].payload;
    await run(
      async () => {
        setPreview(await importacionApi.previsualizar(props.contratoid, payload));
        setAdjunto(payload);
      },
      { onError: showProblem },
    );
  };

  const confirm = async () => {
    if (!adjunto) return;
    setProblem(null);
    await run(
      async () => {
        setSummary(await importacionApi.importar(props.contratoid, adjunto));
        setPreview(null);
        props.onImported();
      },
      { onError: showProblem },
    );
  };

  const validas = preview ? preview.filas.filter((f) => f.accion !== 'rechazar').length : 0;
  const rows = preview
    ? onlyErrors
      ? preview.filas.filter((f) => f.accion === 'rechazar')
      : preview.filas
    : [];

  const footer = summary ? (
    <div className="form-actions">
      <Button
        type="button"
        label={IMPORTACION_MSG.importAnother}
        outlined
        onClick={reset}
        data-testid="import-another"
      />
      <Button type="button" label={IMPORTACION_MSG.importClose} onClick={hide} data-testid="import-close" />
    </div>
  ) : (
    <div className="form-actions">
      <Button type="button" label={IMPORTACION_MSG.importClose} outlined onClick={hide} />
      {preview?.archivoValido && (
        <Button
          type="button"
          label={IMPORTACION_MSG.importConfirm(validas)}
          icon="pi pi-check"
          disabled={busy || validas === 0}
          onClick={() => void confirm()}
          data-testid="import-confirm"
        />
      )}
    </div>
  );

  return (
    <Dialog
      header={IMPORTACION_MSG.importTitle}
      visible={props.visible}
      onHide={hide}
      className="brand-dialog import-dialog"
      style={{ width: 'min(980px, 96vw)' }}
      footer={footer}
      data-testid="import-dialog"
    >
      <p className="hint">{IMPORTACION_MSG.importIntro}</p>
      <p className="import-contract" data-testid="import-contract">
        {IMPORTACION_MSG.importContract(props.contrato)}
      </p>
      {!summary && (
        <div className="import-actions">
          <Button
            type="button"
            label={IMPORTACION_MSG.importDownloadTemplate}
            icon="pi pi-download"
            outlined
            onClick={() => void download()}
            data-testid="import-template"
          />
          <input
            id={inputId}
            ref={fileInput}
            type="file"
            accept={acceptFor('xlsx')}
            className="import-file-input"
            onChange={(e) => void choose(e)}
            disabled={busy}
            data-testid="import-file"
          />
          <label htmlFor={inputId} className="p-button p-component import-file-label">
            <i className="pi pi-upload" aria-hidden="true" />
            <span>{IMPORTACION_MSG.importChooseFile}</span>
          </label>
        </div>
      )}
      {busy && (
        <div className="import-busy" role="status">
          <ProgressSpinner style={{ width: '1.5rem', height: '1.5rem' }} strokeWidth="6" aria-hidden="true" />
          <span>{IMPORTACION_MSG.importReading}</span>
        </div>
      )}
      {problem && (
        <p className="field-error" role="alert" data-testid="import-problem">
          {problem}
        </p>
      )}
      {summary && (
        <p className="import-summary" role="status" data-testid="import-summary">
          {summary.message}
        </p>
      )}
      {preview && (
        <div className="import-preview">
          {!preview.archivoValido && <p className="field-error">{IMPORTACION_MSG.importFileRefused}</p>}
          {preview.archivoValido && (
            <p className="import-counts" role="status" data-testid="import-counts">
              {IMPORTACION_MSG.importPreviewSummary(
                validas,
                preview.resumen.rechazados,
                preview.filas.length,
              )}
            </p>
          )}
          {preview.errores.length > 0 && (
            <DataTable
              value={preview.errores}
              responsiveLayout="stack"
              breakpoint="820px"
              className="stack-table import-errors"
              paginator={preview.errores.length > 10}
              rows={10}
              header={<h3 className="import-table-title">{IMPORTACION_MSG.importErrorsCaption}</h3>}
              data-testid="import-errors"
            >
              <Column
                header={IMPORTACION_MSG.importColFila}
                body={(e: ErrorRow) => IMPORTACION_MSG.importRowLabel(e.fila)}
              />
              <Column header={IMPORTACION_MSG.importColColumna} body={(e: ErrorRow) => e.columna ?? '—'} />
              <Column header={IMPORTACION_MSG.importColMensaje} field="mensaje" />
            </DataTable>
          )}
          {preview.archivoValido && (
            <>
              <div className="import-filter">
                <Checkbox
                  inputId={`${inputId}-errores`}
                  checked={onlyErrors}
                  onChange={(e) => setOnlyErrors(!!e.checked)}
                  data-testid="import-only-errors"
                />
                <label htmlFor={`${inputId}-errores`}>{IMPORTACION_MSG.importOnlyErrors}</label>
              </div>
              <DataTable
                value={rows}
                dataKey="fila"
                responsiveLayout="stack"
                breakpoint="820px"
                className="stack-table"
                paginator={rows.length > 10}
                rows={10}
                header={<h3 className="import-table-title">{IMPORTACION_MSG.importPreviewCaption}</h3>}
                rowClassName={(f: FilaImportacion) => (f.accion === 'rechazar' ? 'import-row-error' : '')}
                data-testid="import-rows"
              >
                <Column header={IMPORTACION_MSG.importColFila} field="fila" />
                <Column
                  header={IMPORTACION_MSG.importColDocumento}
                  body={(f: FilaImportacion) =>
                    [f.tipodocumento, f.numerodocumento].filter(Boolean).join(' ')
                  }
                />
                <Column
                  header={IMPORTACION_MSG.importColNombre}
                  body={(f: FilaImportacion) => toTitleCase(f.nombre)}
                />
                <Column
                  header={IMPORTACION_MSG.importColAccion}
                  body={(f: FilaImportacion) => IMPORTACION_MSG.importAccion(f.accion)}
                />
              </DataTable>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
