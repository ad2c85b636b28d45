import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ProgressSpinner } from 'primereact/progressspinner';
import { MSG, type AdjuntoPayload } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { getContract } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { acceptFor, readEvidenceFiles } from './read-files';

export type UploadResult = { file: string; ok: boolean; message: string; detail?: string };

type Props = {
  /** Label of the file button. */
  label: string;
  extensiones: string;
  needsContract: boolean;
  disabled?: boolean;
  /** Saves one file; throws on failure (the server's message becomes the detail). */
  save: (adjunto: AdjuntoPayload) => Promise<unknown>;
  /** After a batch was saved (some files may have failed): reload the list. */
  onSaved: () => void;
  testId: string;
};

/**
 * The file part of the upload and annex modals (section 5 'File upload'): several files at once;
 * a refused file (extension, 5 MB) clears the input and nothing is sent; otherwise every file is
 * read first, then saved one after the other, each with its own result line and toast.
 */
export function FileUploadField({
  label,
  extensiones,
  needsContract,
  disabled,
  save,
  onSaved,
  testId,
}: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<'idle' | 'reading' | 'uploading'>('idle');
  const [results, setResults] = useState<UploadResult[]>([]);

  const clearInput = () => {
    if (input.current) input.current.value = '';
  };

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    if (files.length === 0) return;
    if (needsContract && !getContract()) {
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
    setPhase('uploading');
    const batch: UploadResult[] = [];
    for (const f of read.files) {
      try {
        await save(f.payload);
        batch.push({ file: f.name, ok: true, message: MSG.fileUploaded(f.name) });
        showToast({ severity: 'success', summary: MSG.fileUploaded(f.name) });
      } catch (err) {
        batch.push({
          file: f.name,
          ok: false,
          message: MSG.fileUploadError(f.name),
          detail: errorMessage(err),
        });
        showToast({ severity: 'error', summary: MSG.fileUploadError(f.name), detail: errorMessage(err) });
      }
    }
    clearInput();
    setResults((prev) => [...batch, ...prev]);
    setPhase('idle');
    onSaved();
  };

  const busy = phase !== 'idle';
  return (
    <div className="file-upload-field">
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={acceptFor(extensiones)}
        className="file-input"
        disabled={disabled || busy}
        onChange={(e) => void onChange(e)}
        data-testid={testId}
      />
      <label htmlFor={inputId} className={`p-button file-button${disabled || busy ? ' p-disabled' : ''}`}>
        <i className="pi pi-upload" aria-hidden="true" />
        <span>{label}</span>
      </label>
      {busy && (
        <div className="upload-progress" role="status">
          <ProgressSpinner
            style={{ width: '1.25rem', height: '1.25rem' }}
            strokeWidth="6"
            aria-hidden="true"
          />
          <span>{phase === 'reading' ? MSG.readingFiles : MSG.uploadingFiles}</span>
        </div>
      )}
      <div aria-live="polite">
        {results.length > 0 && (
          <ul className="upload-results" aria-label={MSG.uploadResults} data-testid="upload-results">
            {results.map((r, i) => (
              <li key={`${i}-${r.file}`} className={r.ok ? 'ok' : 'failed'}>
                <i className={`pi ${r.ok ? 'pi-check-circle' : 'pi-times-circle'}`} aria-hidden="true" />
                <span>{r.message}</span>
                {r.detail && (
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
