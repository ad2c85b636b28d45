import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import {
  CAMPOS_FECHA,
  isExtensionAllowed,
  MSG,
  type AdjuntoPayload,
  type FechasResponse,
} from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { findContract } from './contract-check';
import { DocumentDatesFields, fechasPayload, type FechasForm } from './document-dates-fields';
import type { FechasPayload } from './evidence-target';
import { PhotosPdfPanel } from './photos-pdf-panel';
import { acceptFor, readEvidenceFiles, type ReadFile } from './read-files';

export type UploadResult = { file: string; ok: boolean; message: string; detail?: string };

type Props = {
  /** Label of the file button. */
  label: string;
  extensiones: string;
  needsContract: boolean;
  disabled?: boolean;
  /**
   * 'submission' ('Archivo Principal'): the files chosen together are ONE submission, the first the
   * main file and the others its annexes, listed for the user to confirm when there are several.
   * 'annex' ('Carga de Anexos'): every file is an annex of the current submission.
   */
  kind: 'submission' | 'annex';
  /** Saves the main file of a submission; throws on failure (the server's message becomes the detail). */
  saveFile?: (
    adjunto: AdjuntoPayload,
    fechas?: FechasPayload,
  ) => Promise<{ idEntrega: number; advertencias?: string[] }>;
  /** Reads the main file's dates before saving, to pre-fill them (decisions 108, 109). */
  readDates?: (adjunto: AdjuntoPayload) => Promise<FechasResponse>;
  /** Saves one annex, to the named submission when given; throws on failure. */
  saveAnnex: (adjunto: AdjuntoPayload, idEntrega?: number) => Promise<unknown>;
  /** After a batch was saved (some files may have failed): reload the list. */
  onSaved: () => void;
  testId: string;
};

type Outcome = { results: UploadResult[]; toast: Parameters<typeof showToast>[0] };

/** Main file first, then its annexes pinned to the submission it created (docs/decisions/095). */
async function saveSubmission(
  [main, ...annexes]: ReadFile[],
  saveFile: NonNullable<Props['saveFile']>,
  saveAnnex: Props['saveAnnex'],
  fechas?: FechasPayload,
): Promise<Outcome> {
  let idEntrega: number;
  // Stored, but worth a look (the same file already on another worker).
  let advertencia: string | undefined;
  try {
    const saved = await saveFile(main.payload, fechas);
    idEntrega = saved.idEntrega;
    advertencia = saved.advertencias?.join(' ') || undefined;
  } catch (err) {
    const detail = errorMessage(err);
    // Nothing of the submission was stored: every file says so.
    return {
      results: [main, ...annexes].map((f, i) => ({
        file: f.name,
        ok: false,
        message: MSG.fileUploadError(i === 0 ? f.name : MSG.annexFileLabel(f.name)),
        detail,
      })),
      toast: { severity: 'error', summary: MSG.fileUploadError(main.name), detail },
    };
  }
  const results: UploadResult[] = [
    { file: main.name, ok: true, message: MSG.fileUploaded(main.name), detail: advertencia },
  ];
  for (const f of annexes) {
    try {
      await saveAnnex(f.payload, idEntrega);
      results.push({ file: f.name, ok: true, message: MSG.fileUploaded(MSG.annexFileLabel(f.name)) });
    } catch (err) {
      results.push({
        file: f.name,
        ok: false,
        message: MSG.fileUploadError(MSG.annexFileLabel(f.name)),
        detail: errorMessage(err),
      });
    }
  }
  const failed = results.filter((r) => !r.ok).length;
  return {
    results,
    toast:
      failed === 0
        ? advertencia
          ? {
              severity: 'warn',
              summary: MSG.submissionUploaded(main.name, annexes.length),
              detail: advertencia,
              life: 10000,
            }
          : { severity: 'success', summary: MSG.submissionUploaded(main.name, annexes.length) }
        : { severity: 'warn', summary: MSG.submissionPartial(main.name, failed), life: 8000 },
  };
}

/** Annexes of the current submission, one after the other; one toast for the batch. */
async function saveAnnexes(files: ReadFile[], saveAnnex: Props['saveAnnex']): Promise<Outcome> {
  const results: UploadResult[] = [];
  for (const f of files) {
    try {
      await saveAnnex(f.payload);
      results.push({ file: f.name, ok: true, message: MSG.fileUploaded(f.name) });
    } catch (err) {
      results.push({
        file: f.name,
        ok: false,
        message: MSG.fileUploadError(f.name),
        detail: errorMessage(err),
      });
    }
  }
  const failed = results.filter((r) => !r.ok);
  const toast: Outcome['toast'] =
    failed.length > 0
      ? { severity: 'error', summary: failed[0].message, detail: failed[0].detail }
      : files.length === 1
        ? { severity: 'success', summary: MSG.fileUploaded(files[0].name) }
        : { severity: 'success', summary: MSG.annexesUploaded(files.length) };
  return { results, toast };
}

/**
 * The file part of the upload and annex modals (docs/contract.md, Validation rules, file upload): several
 * files at once; no project chosen (where the call needs one) or a refused file (extension, 5 MB) clears the
 * input and nothing is sent; otherwise every file is read first. In the main upload several files are one
 * submission, shown for confirmation before anything is saved (main file + annexes); every file gets its own
 * result line and the submission one toast (docs/decisions/095).
 */
export function FileUploadField({
  label,
  extensiones,
  needsContract,
  disabled,
  kind,
  saveFile,
  readDates,
  saveAnnex,
  onSaved,
  testId,
}: Props) {
  const inputId = useId();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<'idle' | 'reading' | 'dates' | 'uploading'>('idle');
  const [fechas, setFechas] = useState<FechasForm | null>(null);
  const [results, setResults] = useState<UploadResult[]>([]);
  const [pending, setPending] = useState<ReadFile[] | null>(null);

  const clearInput = () => {
    if (input.current) input.current.value = '';
  };

  const save = async (files: ReadFile[], form: FechasForm | null = null) => {
    setPhase('uploading');
    const outcome =
      kind === 'submission' && saveFile
        ? await saveSubmission(files, saveFile, saveAnnex, fechasPayload(form))
        : await saveAnnexes(files, saveAnnex);
    showToast(outcome.toast);
    clearInput();
    setResults((prev) => [...outcome.results, ...prev]);
    setPhase('idle');
    onSaved();
  };

  const onChange = (e: ChangeEvent<HTMLInputElement>) => takeFiles(Array.from(e.target.files ?? []));

  /** Chosen files, or the PDF built from photos (decision 140): the same checks, reading and saving. */
  const takeFiles = async (files: File[]) => {
    if (files.length === 0) return;
    if (needsContract && !findContract()) {
      clearInput();
      void alerts.warning(MSG.selectOrEnterProject);
      return;
    }
    setPhase('reading');
    let read;
    try {
      read = await readEvidenceFiles(files, extensiones);
    } catch (err) {
      setPhase('idle');
      clearInput();
      void alerts.errorWithDetail(errorMessage(err));
      return;
    }
    if (!read.ok) {
      setPhase('idle');
      clearInput();
      void alerts.warning(read.refusals.join('\n'));
      return;
    }
    const form = kind === 'submission' ? await datesOf(read.files[0]) : null;
    if (form || (kind === 'submission' && read.files.length > 1)) {
      // Several files are one submission: the user sees which is the main file before saving; the
      // dates read from the main file are shown to confirm or correct (decision 109).
      setPhase('idle');
      setFechas(form);
      setPending(read.files);
      return;
    }
    await save(read.files);
  };

  /**
   * The dates to ask for, pre-filled from the server's reading of the main file (decision 109):
   * those the requisito's rule needs (all it read when it has no rule), asked when at least one of
   * them was read. A failed read saves as before: the PUT reads the file again.
   */
  const datesOf = async (main: ReadFile): Promise<FechasForm | null> => {
    if (!readDates) return null;
    setPhase('dates');
    try {
      const r = await readDates(main.payload);
      const campos = r.pide ?? CAMPOS_FECHA.filter((c) => r.fechas[c] !== null);
      const leidas = campos.some((c) => r.fechas[c] !== null);
      return leidas ? { campos, valores: r.fechas, leidas } : null;
    } catch {
      return null;
    }
  };

  const confirm = async () => {
    if (!pending) return;
    if (needsContract && !findContract()) {
      void alerts.warning(MSG.selectOrEnterProject);
      return;
    }
    const files = pending;
    const form = fechas;
    setPending(null);
    setFechas(null);
    await save(files, form);
  };

  const cancel = () => {
    setPending(null);
    setFechas(null);
    clearInput();
  };

  const makeMain = (i: number) => setPending((p) => (p ? [p[i], ...p.slice(0, i), ...p.slice(i + 1)] : p));

  const busy = phase !== 'idle';
  const locked = disabled || busy || pending !== null;
  return (
    <div className="file-upload-field">
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={acceptFor(extensiones)}
        className="file-input"
        disabled={locked}
        onChange={(e) => void onChange(e)}
        data-testid={testId}
      />
      <label htmlFor={inputId} className={`p-button file-button${locked ? ' p-disabled' : ''}`}>
        <i className="pi pi-upload" aria-hidden="true" />
        <span>{label}</span>
      </label>
      {isExtensionAllowed('fotos.pdf', extensiones) && (
        <PhotosPdfPanel disabled={locked} onPdf={(pdf) => takeFiles([pdf])} />
      )}
      {pending && (
        <section className="submission-confirm" aria-labelledby={titleId} data-testid="submission-confirm">
          {pending.length > 1 ? (
            <>
              <h3 id={titleId} className="modal-subtitle">
                {MSG.submissionFilesTitle(pending.length)}
              </h3>
              <p className="hint">{MSG.submissionHelp}</p>
              <p className="submission-main" data-testid="submission-main">
                <i className="pi pi-file" aria-hidden="true" />
                <span className="submission-file">
                  <strong>{MSG.submissionMainFile}:</strong> {pending[0].name}
                </span>
              </p>
              <p className="submission-annex-title">{MSG.submissionAnnexFiles}:</p>
              <ul className="submission-annexes" data-testid="submission-annexes">
                {pending.slice(1).map((f, i) => (
                  <li key={`${i}-${f.name}`}>
                    <i className="pi pi-paperclip" aria-hidden="true" />
                    <span className="submission-file" id={`${titleId}-f${i}`}>
                      {f.name}
                    </span>
                    <button
                      type="button"
                      className="link-button"
                      aria-describedby={`${titleId}-f${i}`}
                      onClick={() => makeMain(i + 1)}
                    >
                      {MSG.submissionMakeMain}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="submission-main" data-testid="submission-main" id={titleId}>
              <i className="pi pi-file" aria-hidden="true" />
              <span className="submission-file">{pending[0].name}</span>
            </p>
          )}
          {fechas && (
            <DocumentDatesFields
              form={fechas}
              idPrefix={titleId}
              onChange={(valores) => setFechas((f) => (f ? { ...f, valores } : f))}
            />
          )}
          <div className="modal-actions">
            <Button type="button" label={MSG.submissionCancel} outlined onClick={cancel} />
            <Button
              type="button"
              label={MSG.submissionConfirm}
              icon="pi pi-save"
              onClick={() => void confirm()}
              data-testid="submission-save"
            />
          </div>
        </section>
      )}
      {busy && (
        <div className="upload-progress" role="status">
          <ProgressSpinner
            style={{ width: '1.25rem', height: '1.25rem' }}
            strokeWidth="6"
            aria-hidden="true"
          />
          <span>
            {phase === 'reading'
              ? MSG.readingFiles
              : phase === 'dates'
                ? MSG.documentDatesReading
                : MSG.uploadingFiles}
          </span>
        </div>
      )}
      <div aria-live="polite">
        {results.length > 0 && (
          <ul className="upload-results" aria-label={MSG.uploadResults} data-testid="upload-results">
            {results.map((r, i) => (
              <li key={`${i}-${r.file}`} className={r.ok ? 'ok' : 'failed'}>
                <i className={`pi ${r.ok ? 'pi-check-circle' : 'pi-times-circle'}`} aria-hidden="true" />
                <span>{r.message}</span>
                {r.ok && r.detail && (
                  <span className="upload-warning" role="note">
                    <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {r.detail}
                  </span>
                )}
                {!r.ok && r.detail && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => void alerts.info(r.detail ?? '')}
                  >
                    {MSG.seeDetail}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
