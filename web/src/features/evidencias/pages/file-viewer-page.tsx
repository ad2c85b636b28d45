import '../file-viewer.css';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { MSG } from '@proveedores/domain';
import { FileLink } from '@/components/file-link';
import { errorMessage } from '@/lib/api-client';
import { fileHref, isSafeUrl, openFile, useFileSrc } from '@/lib/download';
import { showToast } from '@/lib/toast';
import { PATHS } from '@/lib/paths';
import { officeViewerSrc, viewerKind } from '../components/viewer-kind';

/** The embedded viewer appears after 3000 ms (docs/contract.md, Business constants and limits). */
export const VIEWER_DELAY_MS = 3000;

/**
 * detalle-archivo?nombre=&url=&ext= (the file viewer). With ext the file opens in a new tab;
 * otherwise, after 3 s, it shows embedded (see viewerKind). Attachment URLs (api/adminflujos/adjunto)
 * are opened and embedded with a download ticket, never the session token (docs/decisions/166); the
 * page's own URL keeps the specification's shape. 'Volver' goes back one page.
 */
export function FileViewerPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const nombre = params.get('nombre') ?? '';
  const url = params.get('url') ?? '';
  const ext = params.get('ext') ?? '';
  const safe = url && isSafeUrl(url) ? url : '';
  const href = safe ? fileHref(safe) : '';
  const kind = viewerKind(nombre);
  const [ready, setReady] = useState(false);
  const openedFor = useRef('');

  useEffect(() => {
    if (!href) return;
    if (ext) {
      if (openedFor.current !== href) {
        openedFor.current = href;
        openFile(safe).catch((err: unknown) => showToast({ severity: 'error', summary: errorMessage(err) }));
      }
      return;
    }
    setReady(false);
    const timer = setTimeout(() => setReady(true), VIEWER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [href, safe, ext]);
  // The embed's address, with its ticket, asked for once the viewer is due to show.
  const src = useFileSrc(ready && !ext ? safe : '');

  const goBack = () => {
    // Opened straight in a new tab there is no page to go back to: go home instead.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(PATHS.home);
  };

  const title = nombre || MSG.pageDetalleArchivo;
  const openLink = (
    <FileLink url={safe} className="file-link" data-testid="file-open-link">
      <i className="pi pi-external-link" aria-hidden="true" /> {MSG.fileOpen}
    </FileLink>
  );

  let body;
  if (!href) body = <p className="muted">{MSG.fileMissingUrl}</p>;
  else if (ext) {
    body = (
      <p data-testid="file-new-tab">
        {MSG.fileOpenedInNewTab} {openLink}
      </p>
    );
  } else if (!ready || (kind !== 'download' && !src)) {
    body = (
      <div className="loading-block" role="status" data-testid="file-waiting">
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="5" />
        <span>{MSG.loading}</span>
      </div>
    );
  } else if (kind === 'pdf') {
    body = (
      <object
        data={src}
        type="application/pdf"
        className="file-frame"
        aria-label={title}
        data-testid="file-object"
      >
        <p>{openLink}</p>
      </object>
    );
  } else if (kind === 'office') {
    body = (
      <iframe src={officeViewerSrc(src)} title={title} className="file-frame" data-testid="file-frame" />
    );
  } else if (kind === 'download') {
    body = (
      <p data-testid="file-download">
        {MSG.fileNoPreview}{' '}
        <FileLink url={safe} download={nombre} className="p-button p-button-sm">
          <i className="pi pi-download" aria-hidden="true" />
          <span>{MSG.fileDownload}</span>
        </FileLink>
      </p>
    );
  } else {
    body = <iframe src={src} title={title} className="file-frame" data-testid="file-frame" />;
  }

  return (
    <section className="page file-viewer-page" aria-labelledby="file-title">
      <div className="page-header">
        <h1 id="file-title" className="file-title">
          {title}
        </h1>
        <div className="page-actions">
          {href && !ext && openLink}
          <Button
            type="button"
            icon="pi pi-arrow-left"
            label={MSG.back}
            outlined
            size="small"
            onClick={goBack}
          />
        </div>
      </div>
      <div className="card file-card">{body}</div>
    </section>
  );
}
