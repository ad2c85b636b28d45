import { MSG, type ArchivoRef } from '@proveedores/domain';
import { FileLink } from '@/components/file-link';
import { useFileSrc } from '@/lib/download';

type Kind = 'pdf' | 'image' | 'other';

/** Images browsers show by themselves (TIFF is not one of them). */
const IMAGE = /^image\/(png|jpe?g|gif|webp)$/i;

export function previewKind(a: Pick<ArchivoRef, 'tipoMime' | 'extension'>): Kind {
  if (a.tipoMime === 'application/pdf' || a.extension.toLowerCase() === 'pdf') return 'pdf';
  if (IMAGE.test(a.tipoMime)) return 'image';
  return 'other';
}

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The submitted file next to the criteria: PDFs in an <object>, images as <img>, anything else as a
 * link. A plain element cannot send the bearer header: embeds load the file with a download ticket,
 * links ask for one on click (docs/decisions/166).
 */
export function FilePreview({ archivo, testId }: { archivo: ArchivoRef; testId?: string }) {
  const kind = previewKind(archivo);
  const src = useFileSrc(kind === 'other' ? '' : archivo.url);
  const link = (
    <FileLink url={archivo.url} className="file-link" data-testid="review-file-link">
      <i className="pi pi-external-link" aria-hidden="true" /> {MSG.reviewOpenNewTab}
    </FileLink>
  );
  return (
    <figure className="review-file" data-testid={testId}>
      <figcaption className="review-file-caption">
        <span className="review-file-name" title={archivo.nombre}>
          <i className="pi pi-file" aria-hidden="true" /> {archivo.nombre}
        </span>
        <span className="hint">{sizeText(archivo.tamano)}</span>
        {link}
      </figcaption>
      {kind === 'pdf' && src && (
        <object data={src} type="application/pdf" className="review-file-frame" aria-label={archivo.nombre}>
          <p className="review-file-fallback">
            {MSG.reviewNoPreview} {link}
          </p>
        </object>
      )}
      {kind === 'image' && src && <img src={src} alt={archivo.nombre} className="review-file-image" />}
      {kind === 'other' && (
        <p className="review-file-fallback">
          {MSG.reviewNoPreview}{' '}
          <FileLink
            url={archivo.url}
            download={archivo.nombre}
            className="p-button p-button-sm p-button-outlined"
          >
            <i className="pi pi-download" aria-hidden="true" />
            <span>{MSG.fileDownload}</span>
          </FileLink>
        </p>
      )}
    </figure>
  );
}
